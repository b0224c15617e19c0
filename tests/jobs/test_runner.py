"""Jobs run item by item, pick up where they stopped, retry network errors with backoff,
and are taken over when their worker goes silent."""

from __future__ import annotations

import json
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from articles.models import Article
from jobs.models import Job, JobItem
from jobs.runner import ClaimLost, JobRunner, job_claim, job_execute
from jobs.scheduler import jobs_recover
from jobs.services import job_payloads, job_reread

pytestmark = pytest.mark.django_db


def payload(n: int) -> dict:
    return {
        "outlet": "The Example Gazette",
        "headline": f"Library hours, update {n}",
        "url": f"https://gazette.example/library/{n}",
        "body": f"“We will open on Sundays from week {n},” librarian Sam Poe said.",
    }


def test_a_job_runs_every_item_and_consolidates():
    job = job_payloads([payload(1), payload(2)], enqueue=False)
    assert job_execute(job.pk) == Job.State.SUCCEEDED
    job.refresh_from_db()
    assert (job.done, job.total, job.percent) == (2, 2, 100)
    assert job.report()["created"] == 2
    assert job.started_at and job.finished_at and job.attempts == 1


def test_a_job_is_claimed_once():
    job = job_payloads([payload(1)], enqueue=False)
    assert job_claim(job.pk) is not None
    assert job_claim(job.pk) is None  # running already: a second worker leaves it
    assert job_execute(job.pk) == "not claimed"


class Killed(BaseException):
    """Stands for SIGKILL: nothing after it runs, no handler sees it."""


def _die_on_second_unit(monkeypatch):
    record = JobRunner._record

    def die_on_second(self, unit, position, item, **kw):
        if unit == 1:
            raise Killed  # article 2 is stored in its savepoint, its outcome not yet kept
        return record(self, unit, position, item, **kw)

    monkeypatch.setattr(JobRunner, "_record", die_on_second)
    return record


def _recover_and_finish(job):
    Job.objects.filter(pk=job.pk).update(heartbeat_at=timezone.now() - timedelta(hours=1))
    tick = jobs_recover()  # the immediate backend runs it again right here
    assert tick.recovered == 1
    job.refresh_from_db()
    assert job.state == Job.State.SUCCEEDED and job.attempts == 2
    assert Article.objects.count() == 3
    statuses = list(job.items.values_list("unit", "status"))
    assert statuses == [(0, "created"), (1, "created"), (2, "created")]
    assert job.done == 3


def test_a_job_killed_mid_batch_leaves_nothing_of_the_batch_and_resumes(monkeypatch):
    job = job_payloads([payload(1), payload(2), payload(3)], enqueue=False)
    record = _die_on_second_unit(monkeypatch)
    with pytest.raises(Killed):
        job_execute(job.pk)
    monkeypatch.setattr(JobRunner, "_record", record)
    # One batch held all three: article 1 and its record, and article 2, went with it.
    assert Article.objects.count() == 0
    job.refresh_from_db()
    assert job.state == Job.State.RUNNING  # left as the dead worker left it
    assert (job.done, list(job.items.all())) == (0, [])
    _recover_and_finish(job)


def test_a_job_killed_after_a_committed_batch_keeps_it_and_resumes_without_duplicates(
    monkeypatch, settings
):
    settings.NEWSROOM_INGEST_BATCH = 1
    job = job_payloads([payload(1), payload(2), payload(3)], enqueue=False)
    record = _die_on_second_unit(monkeypatch)
    with pytest.raises(Killed):
        job_execute(job.pk)
    monkeypatch.setattr(JobRunner, "_record", record)
    # The first batch committed the first article with its record; the second left nothing.
    assert list(Article.objects.values_list("url", flat=True)) == [payload(1)["url"]]
    job.refresh_from_db()
    assert job.state == Job.State.RUNNING
    assert job.done == 1 and list(job.items.values_list("unit", "status")) == [(0, "created")]
    _recover_and_finish(job)


def test_a_runner_that_lost_its_claim_stops_writing():
    job = job_payloads([payload(1), payload(2)], enqueue=False)
    job, token = job_claim(job.pk)
    Job.objects.filter(pk=job.pk).update(claim="someone-else")
    with pytest.raises(ClaimLost):
        JobRunner(job, token).run()
    assert not JobItem.objects.filter(job=job).exists()


def test_network_errors_are_retried_with_backoff_then_kept(settings):
    settings.NEWSROOM_FETCH_ALLOW_PRIVATE = True
    settings.NEWSROOM_JOB_MAX_ATTEMPTS = 2
    job = Job.objects.create(
        kind=Job.Kind.SOURCES,
        input=[{"source": "http://127.0.0.1:9/nothing-listens-here"}],
    )
    job_execute(job.pk)
    job.refresh_from_db()
    assert job.state == Job.State.RETRYING
    assert job.next_attempt_at > timezone.now() + timedelta(seconds=30)
    assert "could not be fetched" in job.error
    assert jobs_recover().retried == 0  # not due yet
    tick = jobs_recover(now=job.next_attempt_at + timedelta(seconds=1))
    assert tick.retried == 1
    job.refresh_from_db()
    # Its only item never came in: the job failed, and its one item is counted once.
    assert job.state == Job.State.FAILED and job.attempts == 2
    assert "after 2 attempts" in job.error
    assert job.items.get().status == "error"
    assert (job.done, job.total) == (1, 1)


def test_a_crashing_job_fails_and_keeps_its_error(monkeypatch):
    job = job_payloads([payload(1)], enqueue=False)

    def explode(self):
        raise RuntimeError("disk full")

    monkeypatch.setattr(JobRunner, "_finish", explode)
    assert job_execute(job.pk) == Job.State.FAILED
    job.refresh_from_db()
    assert job.error == "RuntimeError: disk full" and job.finished_at


def test_an_interrupted_command_run_is_failed_not_taken_over():
    job = Job.objects.create(
        kind=Job.Kind.SOURCES,
        input=[{"source": "/tmp/x"}],
        state=Job.State.RUNNING,
        claim="here:abc",
        heartbeat_at=timezone.now() - timedelta(hours=1),
    )
    assert jobs_recover().interrupted == 1
    job.refresh_from_db()
    assert job.state == Job.State.FAILED and job.error.startswith("Interrupted")


def test_a_lost_enqueue_is_sent_again():
    job = job_payloads([payload(1)], enqueue=False)
    Job.objects.filter(pk=job.pk).update(created_at=timezone.now() - timedelta(hours=1))
    assert jobs_recover().recovered == 1
    job.refresh_from_db()
    assert job.state == Job.State.SUCCEEDED


def test_reading_again_is_a_job(django_capture_on_commit_callbacks):
    job = job_payloads([payload(1), payload(2)], enqueue=False)
    job_execute(job.pk)
    ids = list(Article.objects.values_list("pk", flat=True))
    with django_capture_on_commit_callbacks(execute=True):
        again = job_reread(ids + [999999])
    again.refresh_from_db()
    assert again.state == Job.State.SUCCEEDED
    assert list(again.items.values_list("status", flat=True)) == ["read", "read", "error"]


def test_the_ingest_command_runs_its_job_here_and_keeps_its_report(tmp_path):
    path = tmp_path / "one.json"
    path.write_text(
        '{"outlet": "The Example Gazette", "body": "“Open,” Sam Poe said.", '
        '"url": "https://gazette.example/a"}'
    )
    out = StringIO()
    call_command("ingest", str(path), "--report", "json", stdout=out)
    job = Job.objects.get()
    assert job.kind == Job.Kind.SOURCES and job.state == Job.State.SUCCEEDED
    assert job.items.get().status == "created"
    assert '"created": 1' in out.getvalue()


def test_a_unit_cut_short_runs_again_from_where_it_stopped(monkeypatch):
    batch = json.dumps([payload(n) for n in range(1, 5)]).encode()
    job = Job.objects.create(
        kind=Job.Kind.UPLOAD,
        input=[{"file": "batch.json", "content_type": "application/json"}],
        data=batch,
    )
    record = JobRunner._record

    def die_at_third(self, unit, position, item, **kw):
        if position == 2:
            raise Killed
        return record(self, unit, position, item, **kw)

    monkeypatch.setattr(JobRunner, "_record", die_at_third)
    with pytest.raises(Killed):
        job_execute(job.pk)
    monkeypatch.setattr(JobRunner, "_record", record)
    Job.objects.filter(pk=job.pk).update(heartbeat_at=timezone.now() - timedelta(hours=1))
    jobs_recover()
    job.refresh_from_db()
    assert job.state == Job.State.SUCCEEDED
    assert list(job.items.values_list("position", "status")) == [
        (0, "created"),
        (1, "created"),
        (2, "created"),
        (3, "created"),
    ]
    assert Article.objects.count() == 4 and job.units_done == [0]


def test_a_finished_job_logs_one_import_summary(caplog):
    import logging

    job = job_payloads([payload(1), payload(1)], enqueue=False)
    with caplog.at_level(logging.INFO, logger="newsroom.imports"):
        job_execute(job.pk)
    [record] = [r for r in caplog.records if r.name == "newsroom.imports"]
    assert record.getMessage().startswith(f"import finished: job {job.pk}: ")
    assert "2 items, 1 created, 1 duplicates, 0 errors" in record.getMessage()


def test_a_jobs_batches_commit_well_within_the_stale_limit(settings):
    # The heartbeat commits with each batch: a batch must not outlast a third of the time
    # after which a silent job is taken from its worker.
    settings.NEWSROOM_JOB_STALE_SECONDS = 30
    settings.NEWSROOM_INGEST_BATCH_SECONDS = 3600
    job = job_payloads([payload(1)], enqueue=False)
    job, token = job_claim(job.pk)
    assert JobRunner(job, token).ingestor.batch_seconds == 10


def test_the_worker_starts_again_after_a_database_error(monkeypatch):
    """ "database is locked" (a long write holding SQLite) stopped the worker for good: it now
    waits, longer each time in a row, and starts again."""
    from django.db import OperationalError

    from jobs.management.commands import run_worker

    failures = [OperationalError("database is locked")] * 3
    runs, waits = [], []

    def db_worker(name, **kwargs):
        runs.append(name)
        if failures:
            raise failures.pop()

    monkeypatch.setattr(run_worker, "call_command", db_worker)
    monkeypatch.setattr(run_worker.time, "sleep", waits.append)
    run_worker.run_db_worker(batch=True, verbosity=0)
    assert runs == ["db_worker"] * 4
    assert waits == [1.0, 2.0, 4.0]


def test_a_worker_freezes_what_it_loaded_before_its_first_job(monkeypatch, settings):
    """The worker's start-up (Django, the import service, the engine's tables) lives as long
    as the worker: frozen out of the garbage collector's generations before any job runs, so
    that full collections during imports no longer walk it."""
    import gc
    import sys

    from jobs.management.commands import run_worker

    settings.NEWSROOM_TASKS = "database"
    seen = []
    monkeypatch.setattr(
        run_worker,
        "run_db_worker",
        lambda **kwargs: seen.append((gc.get_freeze_count(), "articles.engine" in sys.modules)),
    )
    try:
        call_command("run_worker", "--batch", "--no-scheduler", "--nice", "0")
    finally:
        gc.unfreeze()
    [(frozen, engine_loaded)] = seen
    assert frozen > 10_000
    assert engine_loaded
