"""gunicorn's settings for ``make serve`` (production-style serving): ``gunicorn -c
ops/gunicorn.conf.py``. Every value can be overridden from the environment.

- ``GUNICORN_BIND`` (``127.0.0.1:8000``): where to listen; behind a proxy, the proxy's side.
- ``WEB_CONCURRENCY``: worker processes; by default two per core plus one, the usual figure
  for sync workers whose requests wait on the database part of the time.
- ``GUNICORN_TIMEOUT`` (30 s): a worker silent this long is killed and replaced; no web
  request runs a batch (imports are background jobs), so a page taking longer is a fault.
- ``GUNICORN_MAX_REQUESTS`` (10000): a worker is recycled after this many requests (with
  jitter, so they do not all restart at once), which bounds any slow leak. Not fewer: a new
  worker imports the project again and starts with an empty local cache, and at 1000,
  under 64 readers (``bench/bench_load.py``), workers were recycled every few seconds, which
  cut throughput from about 570 to 170 requests a second and pushed p99 from 0.2 to 2 s.
- ``FORWARDED_ALLOW_IPS`` (``127.0.0.1``): proxies trusted for ``X-Forwarded-*``.

Access log lines go to standard error beside the application's logs, one a request, ending
with the request id the application answers in ``X-Request-ID`` (``ops/middleware.py``), so a
line of the access log and the application's records for it share one id.

This file is read by gunicorn, not imported by the project.
"""

import multiprocessing
import os

wsgi_app = "newsroom.wsgi:application"
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY") or multiprocessing.cpu_count() * 2 + 1)
worker_class = "sync"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = timeout
keepalive = 5
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "10000"))
max_requests_jitter = max_requests // 10
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")

accesslog = "-"
errorlog = "-"
access_log_format = (
    '%(h)s "%(r)s" %(s)s %(B)s %(M)sms "%(f)s" "%(a)s" request_id=%({x-request-id}o)s'
)


def post_worker_init(worker):
    """The project a worker has just loaded (modules, settings, URL patterns, templates) lives
    as long as the worker: frozen out of the garbage collector's generations, collections no
    longer walk it on every request (about a tenth of an uncached story page's time went to
    collections, ``bench/README.md``)."""
    import gc

    gc.freeze()
