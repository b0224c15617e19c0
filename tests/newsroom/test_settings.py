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


def _deploy_env() -> dict[str, str]:
    return {
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "news.example",
        "DATABASE_URL": "sqlite:////tmp/newsroom-deploy-check.sqlite3",
    }


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
        env=_deploy_env(),
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
        env={**_deploy_env(), "REDIS_URL": "redis://127.0.0.1:6379/3"},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1].split() == ["RedisCache", "stored"]


def test_production_keeps_database_connections_and_checks_them_before_reuse():
    script = (
        "from django.conf import settings\n"
        "db = settings.DATABASES['default']\n"
        "print(db['CONN_MAX_AGE'], db['CONN_HEALTH_CHECKS'])\n"
    )
    result = _manage(
        "shell",
        "-c",
        script,
        env=_deploy_env(),
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1].split() == ["60", "True"]


def test_gunicorn_config_takes_workers_from_cores_and_logs_the_request_id(monkeypatch):
    import multiprocessing
    import runpy

    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    config = runpy.run_path(str(ROOT / "ops" / "gunicorn.conf.py"))
    assert config["wsgi_app"] == "newsroom.wsgi:application"
    assert config["workers"] == multiprocessing.cpu_count() * 2 + 1
    assert config["timeout"] == 30
    assert "%({x-request-id}o)s" in config["access_log_format"]
    monkeypatch.setenv("WEB_CONCURRENCY", "3")
    assert runpy.run_path(str(ROOT / "ops" / "gunicorn.conf.py"))["workers"] == 3


@pytest.mark.slow
def test_gunicorn_serves_the_site_with_static_files_and_an_access_log(tmp_path):
    import socket
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    base = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env = {
        **base,
        "DJANGO_SETTINGS_MODULE": "newsroom.settings.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'serve.sqlite3'}",
        "WEB_CONCURRENCY": "1",
        "GUNICORN_BIND": f"127.0.0.1:{port}",
    }
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=120,
    )
    log = tmp_path / "gunicorn.log"
    gunicorn = Path(sys.executable).with_name("gunicorn")
    with log.open("w") as out:
        server = subprocess.Popen(
            [str(gunicorn), "-c", "ops/gunicorn.conf.py"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                health = urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        request_id = health.headers["X-Request-ID"]
        css = urllib.request.urlopen(f"http://127.0.0.1:{port}/static/css/site.css", timeout=5)
        assert css.status == 200
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert f"request_id={request_id}" in log.read_text()
