"""Real worker processes on a real queue: a job submitted from one process is run by a worker
in another; a worker killed with SIGKILL mid-job is replaced and the job finishes with every
article stored once; two processes polling the same feed at once import each item once.

Each test migrates a database of its own (a temporary SQLite file, or a fresh PostgreSQL
database when the suite runs on PostgreSQL) and drives ``manage.py`` in subprocesses, as an
operator would. The Redis case needs Redis on REDIS_URL (``.ci/run`` starts it)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.jobs.conftest import harbour_items, rss

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


class Site:
    """A migrated database and the environment to run ``manage.py`` against it."""

    def __init__(self, env: dict, logs: Path):
        self.env = env
        self.logs = logs
        self.logs.mkdir(exist_ok=True)

    def worker_logs(self) -> str:
        return "\n".join(p.read_text()[-2000:] for p in sorted(self.logs.glob("*.log")))

    def manage(self, *args: str, timeout: float = 120) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout

    def job_progress(self, job_id: int) -> tuple[str, int]:
        """The job's state and items done, read straight from its table (no Django start-up,
        so a poll takes milliseconds, not seconds)."""
        url = self.env["DATABASE_URL"]
        query = "SELECT state, done FROM jobs_job WHERE id = %s"
        if url.startswith("sqlite:///"):
            import sqlite3

            with sqlite3.connect(url.removeprefix("sqlite:///"), timeout=30) as conn:
                return conn.execute(query.replace("%s", "?"), (job_id,)).fetchone()
        import psycopg

        with psycopg.connect(url) as conn:
            return conn.execute(query, (job_id,)).fetchone()

    def python(self, code: str, timeout: float = 120) -> str:
        return self.manage("shell", "-c", code, timeout=timeout)

    def query(self, code: str):
        """Evaluate ``code`` in the site's Django and return its JSON-able value."""
        out = self.python(f"import json\nprint(json.dumps({code}))")
        return json.loads(out.strip().splitlines()[-1])

    @contextmanager
    def worker(self, *args: str, **env):
        log = open(self.logs / f"worker-{time.monotonic_ns()}.log", "w")  # noqa: SIM115
        process = subprocess.Popen(
            [sys.executable, "manage.py", "run_worker", *args],
            cwd=ROOT,
            env={**self.env, **env},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own group: SIGKILL reaches any children too
        )
        try:
            yield process
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=30)
            log.close()


def wait_for(check, *, timeout: float, every: float = 0.5, what: str = "condition", site=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(every)
    logs = site.worker_logs() if site else ""
    raise AssertionError(f"timed out after {timeout:g} s waiting for {what}\n{logs}")


@pytest.fixture
def site(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "NEWSROOM_"))}
    env.update(
        DJANGO_SETTINGS_MODULE="newsroom.settings.test",
        NEWSROOM_TASKS="database",
        NEWSROOM_JOB_STALE_SECONDS="3",
        NEWSROOM_SCHEDULER_INTERVAL="1",
        NEWSROOM_FETCH_ALLOW_PRIVATE="1",
        PYTHONUNBUFFERED="1",
    )
    dropped = None
    if connection.vendor == "postgresql":
        import psycopg

        name = f"nr_workers_{uuid.uuid4().hex[:10]}"
        params = settings.DATABASES["default"]
        admin_url = (
            f"postgresql://{params['USER']}@{params['HOST'] or '127.0.0.1'}:"
            f"{params['PORT'] or 5432}/postgres"
        )
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        env["DATABASE_URL"] = admin_url.rsplit("/", 1)[0] + f"/{name}"
        dropped = (admin_url, name)
    else:
        env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'site.sqlite3'}"
    site = Site(env, tmp_path / "logs")
    site.manage("migrate", "--noinput", "-v0", timeout=300)
    yield site
    if dropped:
        import psycopg

        with psycopg.connect(dropped[0], autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{dropped[1]}" WITH (FORCE)')


def submit(site: Site, n: int) -> int:
    payloads = [
        {
            "outlet": "The Example Gazette",
            "headline": headline,
            "url": link,
            "body": text,
        }
        for link, headline, text in harbour_items(n)
    ]
    return site.query(f"__import__('jobs.services', fromlist=['x']).job_payloads({payloads!r}).pk")


def job_state(site: Site, job_id: int) -> dict:
    return site.query(
        "(lambda j: {'state': j.state, 'done': j.done, 'attempts': j.attempts, "
        "'error': j.error})(__import__('jobs.models', fromlist=['x']).Job.objects."
        f"get(pk={job_id}))"
    )


def stored(site: Site) -> dict:
    return site.query(
        "(lambda A: {'articles': A.objects.count(), "
        "'urls': A.objects.values('url').distinct().count()})"
        "(__import__('articles.models', fromlist=['x']).Article)"
    )


def test_a_worker_process_runs_a_job_queued_by_another_process(site):
    job_id = submit(site, 3)
    assert job_state(site, job_id)["state"] == "queued"
    with site.worker():
        wait_for(
            lambda: job_state(site, job_id)["state"] == "succeeded",
            timeout=90,
            what="the worker to finish the job",
            site=site,
        )
    assert stored(site) == {"articles": 3, "urls": 3}


def test_a_worker_killed_mid_job_is_replaced_and_nothing_is_stored_twice(site):
    job_id = submit(site, 150)
    with site.worker("--no-scheduler") as first:
        wait_for(
            lambda: site.job_progress(job_id)[1] >= 3,
            timeout=90,
            every=0.05,
            what="the first worker to get going",
            site=site,
        )
        os.killpg(first.pid, signal.SIGKILL)
        first.wait(timeout=30)
    state = job_state(site, job_id)
    assert state["state"] == "running" and state["done"] < 150  # killed mid-job
    with site.worker():  # its scheduler finds the silent job and queues it again
        final = wait_for(
            lambda: (s := job_state(site, job_id))["state"] == "succeeded" and s,
            timeout=180,
            what="a second worker to finish the job",
            site=site,
        )
    assert final["attempts"] == 2
    assert stored(site) == {"articles": 150, "urls": 150}
    statuses = site.query(
        "sorted(set(__import__('jobs.models', fromlist=['x']).JobItem.objects.values_list("
        "'status', flat=True)))"
    )
    assert statuses == ["created"]


def test_two_processes_polling_the_same_feed_import_each_item_once(site, feed_server):
    feed_server.state.update(body=rss(harbour_items(12)), etag="")
    feed_id = site.query(
        f"__import__('jobs.models', fromlist=['x']).Feed.objects.create(url={feed_server.url!r}).pk"
    )
    code = f"from jobs.services import feed_poll\nprint(feed_poll({feed_id}))"
    polls = [
        subprocess.Popen(
            [sys.executable, "manage.py", "shell", "-c", code],
            cwd=ROOT,
            env=site.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    for poll in polls:
        out, err = poll.communicate(timeout=180)
        assert poll.returncode == 0, err[-3000:]
    assert stored(site) == {"articles": 12, "urls": 12}
    items = site.query(
        "sorted(__import__('jobs.models', fromlist=['x']).JobItem.objects.values_list("
        "'status', flat=True))"
    )
    assert items.count("created") == 12 and len(items) == 24  # the other saw duplicates


def _redis_up(url: str) -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except Exception:
        return False


def test_a_celery_worker_on_redis_runs_the_same_job(site):
    url = os.environ.get("NEWSROOM_TEST_REDIS_URL", "redis://127.0.0.1:6379/14")
    if not _redis_up(url):
        if os.environ.get("NEWSROOM_TEST_REQUIRE_REDIS") == "1":  # .ci/run sets it
            pytest.fail(f"no Redis at {url}, and CI requires the Redis backend's test")
        pytest.skip(f"no Redis at {url}")
    import redis

    redis.Redis.from_url(url).flushdb()
    site.env.update(NEWSROOM_TASKS="redis", REDIS_URL=url)
    job_id = submit(site, 3)
    with site.worker():
        wait_for(
            lambda: job_state(site, job_id)["state"] == "succeeded",
            timeout=120,
            what="the Celery worker to finish the job",
            site=site,
        )
    assert stored(site) == {"articles": 3, "urls": 3}
