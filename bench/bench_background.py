"""Benchmark: readers' page latency while a 1,000-article import runs in the background.

The issue asks that "a 1,000-article import in the background leaves page latency for readers
within 2× of idle". This script serves the demo story with ``runserver`` (threaded, one
process, the test settings: DEBUG off) on a fresh database, times reader pages while idle,
then queues one job of ``--articles`` generated fictional articles (``bench_ingest.Stream``)
and starts one worker (``manage.py run_worker --no-scheduler``, the database backend) and
times the same pages until the job has finished. It prints the median and p95 of each page
idle and busy, their ratio (busy over idle, both from this run, so the machine's load drifts
out), the verdict against 2×, and the worker's articles per second.

    /work/main/.venv/bin/python bench/bench_background.py [--articles 1000]
        [--database-url postgres://postgres@127.0.0.1:5432/newsroom_bench] [--port 8765]

Database: as ``bench_placement_db.py``: only ``--database-url`` is used; its name must contain
"bench" (it is dropped and recreated); without it a temporary SQLite file.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_ingest import Stream  # noqa: E402
from bench.bench_placement_db import prepare_database  # noqa: E402

SETTINGS = "newsroom.settings.test"
RATIO_GOAL = 2.0


def timed_get(url: str) -> float:
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=60) as response:
        response.read()
        assert response.status == 200, (url, response.status)
    return time.perf_counter() - started


def sample(urls: list[str], *, seconds: float | None = None, rounds: int | None = None, until=None):
    """Time each URL in turn, for ``rounds`` rounds, or ``seconds``, or until ``until()``."""
    times = {url: [] for url in urls}
    started = time.monotonic()
    n = 0
    while True:
        for url in urls:
            times[url].append(timed_get(url))
        n += 1
        if rounds is not None and n >= rounds:
            break
        if seconds is not None and time.monotonic() - started >= seconds:
            break
        if until is not None and n % 5 == 0 and until():
            break
        time.sleep(0.05)  # a reader, not a load generator
    return times


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(len(values) * 0.95) - 1)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--articles", type=int, default=1000)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--idle-rounds", type=int, default=60)
    args = parser.parse_args()

    url, cleanup = prepare_database(args.database_url, keep=False)
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "NEWSROOM_"))},
        "DJANGO_SETTINGS_MODULE": SETTINGS,
        "DATABASE_URL": url,
        "NEWSROOM_TASKS": "database",
        "PYTHONUNBUFFERED": "1",
    }
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    call_command("migrate", verbosity=0, interactive=False)
    call_command("load_demo", verbosity=0)
    from articles.models import Story
    from jobs.models import Job
    from jobs.services import job_payloads

    story = Story.objects.published().first()
    base = f"http://127.0.0.1:{args.port}"
    pages = [f"{base}/", f"{base}{story.get_absolute_url()}", f"{base}/api/v1/stories/"]
    stream = Stream()
    payloads = [next(stream).payload() for _ in range(args.articles)]
    connections.close_all()

    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{args.port}", "--noreload"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    worker = None
    try:
        for _ in range(100):
            try:
                timed_get(pages[0])
                break
            except OSError:
                time.sleep(0.2)
        sample(pages, rounds=5)  # warm
        idle = sample(pages, rounds=args.idle_rounds)

        job = job_payloads(payloads)  # autocommit: queued at once
        connections.close_all()
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "run_worker", "--no-scheduler"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        started = time.monotonic()

        def finished() -> bool:
            state = Job.objects.filter(pk=job.pk).values_list("state", flat=True).first()
            connections.close_all()
            return state in Job.FINAL

        busy = sample(pages, until=finished)
        elapsed = time.monotonic() - started
        job.refresh_from_db()
        counts = job.counts()
    finally:
        for process in (worker, server):
            if process is not None:
                process.terminate()
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    process.kill()
        connections.close_all()
        cleanup()

    print(f"database: {url.split(':', 1)[0]}; job {job.state}: {counts}")
    print(
        f"background import: {args.articles} articles in {elapsed:.1f} s "
        f"({args.articles / elapsed:.1f} articles/s, while pages were read)"
    )
    print(
        f"{'page':<34} {'idle p50':>9} {'busy p50':>9} {'ratio':>6} {'idle p95':>9} {'busy p95':>9}"
    )
    worst = 0.0
    for page in pages:
        i50, b50 = statistics.median(idle[page]), statistics.median(busy[page])
        ratio = b50 / i50
        worst = max(worst, ratio)
        label = page.removeprefix(base)[:34]
        print(
            f"{label:<34} {i50 * 1000:8.1f}ms {b50 * 1000:8.1f}ms {ratio:5.2f}× "
            f"{p95(idle[page]) * 1000:8.1f}ms {p95(busy[page]) * 1000:8.1f}ms"
        )
    verdict = "meets" if worst <= RATIO_GOAL else "misses"
    print(f"worst median ratio {worst:.2f}×: {verdict} the goal of ≤ {RATIO_GOAL:g}× idle")
    print(f"samples: idle {len(idle[pages[0]])} per page, busy {len(busy[pages[0]])} per page")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
