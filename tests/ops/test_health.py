"""/healthz and /readyz: what a load balancer sees, with everything up and with parts down."""

import socket

import pytest
from django.db import OperationalError, connections

pytestmark = pytest.mark.django_db


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _redis_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=0.5):
            return True
    except OSError:
        return False


@pytest.fixture
def database_down(monkeypatch):
    def refuse(*args, **kwargs):
        raise OperationalError("connection to server at 127.0.0.1 refused")

    monkeypatch.setattr(connections["default"], "cursor", refuse)


def _never_cached(response) -> bool:
    return "no-store" in response.headers.get("Cache-Control", "")


def test_healthz_answers_without_the_database(client, database_down):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert _never_cached(response)


def test_readyz_is_ready_when_everything_answers(client, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "checks": {
            "database": {"ok": True},
            "cache": {"ok": True},
            "tasks": {"ok": True, "backend": "database"},
        },
    }
    assert _never_cached(response)


def test_readyz_reports_a_stopped_database_as_not_ready(client, settings, database_down):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    response = client.get("/readyz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["checks"]["database"] == {"ok": False, "error": "OperationalError"}
    # The database worker's queue lives in that database: it is down too.
    assert body["checks"]["tasks"]["ok"] is False
    assert body["checks"]["cache"] == {"ok": True}
    assert "127.0.0.1" not in response.text, "error details stay in the log"
    assert _never_cached(response)


def test_readyz_reports_an_unreachable_redis_queue_as_not_ready(client, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_celery.CeleryBackend"}}
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{_free_port()}/0"
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json()["checks"]["tasks"] == {
        "ok": False,
        "backend": "redis",
        "error": "ConnectionError",
    }
    assert response.json()["checks"]["database"] == {"ok": True}


@pytest.mark.skipif(not _redis_up(), reason="no Redis at 127.0.0.1:6379")
def test_readyz_is_ready_with_a_reachable_redis_queue(client, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_celery.CeleryBackend"}}
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:6379/0"
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.json()["checks"]["tasks"] == {"ok": True, "backend": "redis"}


def test_readyz_reports_an_unreachable_cache_as_not_ready(client, monkeypatch):
    from django.core.cache.backends.redis import RedisCache

    unreachable = RedisCache(f"redis://127.0.0.1:{_free_port()}/0", {})
    monkeypatch.setattr("ops.health.cache", unreachable)
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json()["checks"]["cache"] == {"ok": False, "error": "ConnectionError"}


def test_the_immediate_backend_is_always_ready(client, settings):
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
    response = client.get("/readyz")
    assert response.json()["checks"]["tasks"] == {"ok": True, "backend": "immediate"}


def test_health_checks_need_no_sign_in_and_refuse_writes(client):
    assert client.get("/healthz").status_code == 200
    assert client.post("/readyz").status_code == 405
