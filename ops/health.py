"""``/healthz`` and ``/readyz``, for load balancers and orchestrators; no auth, never cached.

``/healthz`` answers 200 while the process serves requests, touching nothing else: a failing
database must not get every web process restarted. ``/readyz`` answers 200 only when the
database, the cache and the task queue (the ``NEWSROOM_TASKS`` backend) all answer, and 503
otherwise, with each check's result:

    {"status": "ok" | "unavailable",
     "checks": {"database": {"ok": true}, "cache": {"ok": true},
                "tasks": {"ok": false, "backend": "redis", "error": "ConnectionError"}}}

Errors name the exception class only (the page is public); the details go to the log.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.db import connections
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

logger = logging.getLogger(__name__)

# What each django.tasks backend needs to take work: its name in NEWSROOM_TASKS terms.
TASK_BACKENDS = {
    "django_tasks_db.DatabaseBackend": "database",
    "django_tasks_celery.CeleryBackend": "redis",
    "django.tasks.backends.immediate.ImmediateBackend": "immediate",
}
REDIS_TIMEOUT = 2.0


def check_database() -> None:
    with connections["default"].cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def check_cache() -> None:
    key, value = "ops:readyz", uuid.uuid4().hex
    cache.set(key, value, 10)
    if cache.get(key) != value:
        raise RuntimeError("the cache did not return what was stored")


def check_redis(url: str) -> None:
    import redis

    client = redis.Redis.from_url(
        url, socket_connect_timeout=REDIS_TIMEOUT, socket_timeout=REDIS_TIMEOUT
    )
    try:
        client.ping()
    finally:
        client.close()


def check_task_queue() -> dict:
    """The queue answers: the task table for the database worker, Redis for Celery."""
    backend = TASK_BACKENDS.get(settings.TASKS["default"]["BACKEND"], "unknown")
    if backend == "database":
        from django_tasks_db.models import DBTaskResult

        DBTaskResult.objects.exists()
    elif backend == "redis":
        check_redis(settings.CELERY_BROKER_URL)
    elif backend == "unknown":
        raise RuntimeError(f"no readiness check for {settings.TASKS['default']['BACKEND']}")
    return {"backend": backend}


def _run(name: str, check: Callable[[], dict | None]) -> dict:
    try:
        return {"ok": True, **(check() or {})}
    except Exception as exc:  # noqa: BLE001  (any failure means "not ready", never a 500)
        logger.warning("readiness check %s failed: %s", name, exc, exc_info=True)
        return {"ok": False, "error": type(exc).__name__}


@never_cache
@require_GET
def healthz(request):
    return JsonResponse({"status": "ok"})


@never_cache
@require_GET
def readyz(request):
    checks = {
        "database": _run("database", check_database),
        "cache": _run("cache", check_cache),
        "tasks": _run("tasks", check_task_queue),
    }
    if "backend" not in checks["tasks"]:
        checks["tasks"]["backend"] = TASK_BACKENDS.get(settings.TASKS["default"]["BACKEND"])
    ready = all(check["ok"] for check in checks.values())
    return JsonResponse(
        {"status": "ok" if ready else "unavailable", "checks": checks},
        status=200 if ready else 503,
    )
