"""The production settings: secrets from the environment, and Django's deployment checks."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    base.pop("DATABASE_URL", None)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": "newsroom.settings.production", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_refuses_to_start_without_a_secret_key():
    result = _manage("check", env={"DJANGO_ALLOWED_HOSTS": "news.example"})
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in result.stderr


def test_production_passes_the_deployment_checks():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env={
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "news.example",
            "DATABASE_URL": "sqlite:////tmp/newsroom-deploy-check.sqlite3",
        },
    )
    assert result.returncode == 0, result.stderr + result.stdout
    assert "no issues" in result.stdout


def test_pages_carry_a_content_security_policy(client, db):
    response = client.get("/admin/login/")
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy


def _redis_up() -> bool:
    import socket

    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=0.5):
            return True
    except OSError:
        return False


@pytest.mark.skipif(not _redis_up(), reason="no Redis at 127.0.0.1:6379")
def test_production_with_redis_url_has_a_working_shared_cache():
    key = f"newsroom-test-{secrets.token_hex(8)}"
    script = (
        "from django.core.cache import cache, caches\n"
        f"cache.set({key!r}, 'stored', 30)\n"
        f"print(type(caches['default']).__name__, cache.get({key!r}))\n"
        f"cache.delete({key!r})\n"
    )
    result = _manage(
        "shell",
        "-c",
        script,
        env={
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "news.example",
            "DATABASE_URL": "sqlite:////tmp/newsroom-deploy-check.sqlite3",
            "REDIS_URL": "redis://127.0.0.1:6379/3",
        },
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1].split() == ["RedisCache", "stored"]
