"""What happens on a clock: due feeds are polled, stalled and waiting jobs are queued again,
old feed jobs are pruned, SQLite's planner statistics are refreshed now and then. ``tick()``
does one round; ``manage.py run_worker`` calls it every ``NEWSROOM_SCHEDULER_INTERVAL``
seconds beside its worker, and ``manage.py jobs_tick`` once (for cron). Any number of
schedulers may run at once: each step claims its rows with a conditional update, so a feed is
polled and a job queued once per round, whoever wins."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import connection
from django.db.models import Q
from django.utils import timezone

from jobs.models import Feed, Job
from jobs.runner import HERE

logger = logging.getLogger(__name__)


@dataclass
class Tick:
    feeds: int = 0
    recovered: int = 0
    retried: int = 0
    interrupted: int = 0
    pruned: int = 0
    analyzed: bool = False


def feeds_due(now=None, *, limit: int = 500) -> int:
    """Queue a poll of every active feed whose time has come; returns how many."""
    from jobs.tasks import poll_feed

    now = now or timezone.now()
    queued = 0
    due = Feed.objects.filter(active=True, next_poll_at__lte=now).order_by("next_poll_at")
    for pk, next_poll_at, interval in due.values_list("pk", "next_poll_at", "interval")[:limit]:
        won = Feed.objects.filter(pk=pk, next_poll_at=next_poll_at).update(
            next_poll_at=now + interval
        )
        if won:
            try:
                poll_feed.enqueue(pk)
            except Exception:
                logger.exception("Could not enqueue a poll of feed %s", pk)
                Feed.objects.filter(pk=pk).update(next_poll_at=next_poll_at)
                continue
            queued += 1
    return queued


def _requeue(job_id: int, **match) -> bool:
    from jobs.tasks import run_job

    now = timezone.now()
    won = Job.objects.filter(pk=job_id, **match).update(
        state=Job.State.QUEUED, claim="", next_attempt_at=now
    )
    if won:
        try:
            run_job.enqueue(job_id)
        except Exception:
            logger.exception("Could not enqueue job %s", job_id)
    return bool(won)


def jobs_recover(now=None) -> Tick:
    """Queue again the jobs a dead worker left running, those whose retry is due, and those
    whose enqueue was lost; fail the in-process runs (``manage.py ingest``) that stopped."""
    now = now or timezone.now()
    stale = now - timedelta(seconds=settings.NEWSROOM_JOB_STALE_SECONDS)
    tick = Tick()
    running = Job.objects.filter(state=Job.State.RUNNING, heartbeat_at__lt=stale)
    for pk, claim, beat in running.values_list("pk", "claim", "heartbeat_at"):
        if claim.startswith(HERE):
            tick.interrupted += Job.objects.filter(pk=pk, claim=claim).update(
                state=Job.State.FAILED,
                claim="",
                finished_at=now,
                error="Interrupted: the command running it stopped before the end. What it "
                "stored stays; run the same import again to finish it.",
            )
        elif _requeue(pk, state=Job.State.RUNNING, claim=claim, heartbeat_at=beat):
            logger.warning("Job %s stalled (no heartbeat since %s): queued again", pk, beat)
            tick.recovered += 1
    retrying = Job.objects.filter(state=Job.State.RETRYING, next_attempt_at__lte=now)
    for pk in retrying.values_list("pk", flat=True):
        tick.retried += _requeue(pk, state=Job.State.RETRYING)
    lost = Job.objects.filter(state=Job.State.QUEUED).filter(
        Q(next_attempt_at__lt=stale) | Q(next_attempt_at__isnull=True, created_at__lt=stale)
    )
    for pk in lost.values_list("pk", flat=True):
        tick.recovered += _requeue(pk, state=Job.State.QUEUED)
    return tick


def jobs_prune(now=None) -> int:
    """Delete finished feed jobs that imported nothing, after NEWSROOM_JOB_KEEP_DAYS."""
    now = now or timezone.now()
    old = now - timedelta(days=settings.NEWSROOM_JOB_KEEP_DAYS)
    quiet = Job.objects.filter(
        kind=Job.Kind.FEED, state=Job.State.SUCCEEDED, finished_at__lt=old
    ).exclude(items__status="created")
    deleted, _ = quiet.delete()
    return deleted


# When this process last refreshed SQLite's statistics (monotonic seconds), or None.
_analyzed_at: float | None = None


def statistics_refresh(*, force: bool = False) -> bool:
    """On SQLite, refresh the query planner's statistics (a sampled ``ANALYZE``) at most once
    every NEWSROOM_SQLITE_ANALYZE_SECONDS in this process. Without them SQLite picks indexes
    blind: a story's quotes were read through the review-state index, every approved row of
    the database, instead of the story's own index. PostgreSQL's autovacuum does this itself.
    Returns whether it ran."""
    global _analyzed_at
    if connection.vendor != "sqlite":
        return False
    now = time.monotonic()
    every = settings.NEWSROOM_SQLITE_ANALYZE_SECONDS
    if not force and (every <= 0 or (_analyzed_at is not None and now - _analyzed_at < every)):
        return False
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA analysis_limit=1000")  # a sample of each index: milliseconds
        cursor.execute("ANALYZE")
    _analyzed_at = now
    return True


def tick(now=None) -> Tick:
    result = jobs_recover(now)
    result.feeds = feeds_due(now)
    result.pruned = jobs_prune(now)
    result.analyzed = statistics_refresh()
    return result
