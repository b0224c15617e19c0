"""Making jobs and putting them on the queue; polling and trying feeds.

Every job is enqueued when the transaction that created it commits, so a worker never looks
for a job that is not there yet, and a rolled-back request leaves no task behind. A failed
enqueue (the queue is down) leaves the job queued; the scheduler enqueues it again
(``jobs.scheduler.jobs_recover``)."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from articles.ingest.decode import detect_format
from articles.ingest.fetch import FetchError, fetch_url
from articles.ingest.parsers import parse_bytes
from jobs.models import Feed, Job, JobItem

logger = logging.getLogger(__name__)


def job_enqueue(job: Job) -> None:
    """Queue ``job`` for a worker once the current transaction commits."""

    def send():
        from jobs.tasks import run_job

        Job.objects.filter(pk=job.pk).update(next_attempt_at=timezone.now())
        try:
            run_job.enqueue(job.pk)
        except Exception:  # the scheduler sends it again; the request must not fail for it
            logger.exception("Could not enqueue job %s; the scheduler will retry", job.pk)

    transaction.on_commit(send)


def _user(user):
    return user if user is not None and getattr(user, "pk", None) else None


def job_payloads(payloads: list, *, user=None, source: str = "api", enqueue=True) -> Job:
    """A job importing article payloads (the API's batches)."""
    units = [{"payload": p, "source": f"{source}#{n}"} for n, p in enumerate(payloads, 1)]
    job = Job.objects.create(
        kind=Job.Kind.PAYLOADS,
        label=f"{len(units)} article(s) sent through the API",
        input=units,
        total=len(units),
        created_by=_user(user),
    )
    if enqueue:
        job_enqueue(job)
    return job


def job_upload(
    *,
    text: str = "",
    file_name: str = "",
    file_data: bytes | None = None,
    content_type: str = "",
    url: str = "",
    outlet: str = "",
    user=None,
) -> Job:
    """A job importing what an editor gave the admin's import page."""
    units, parts = [], []
    if text.strip():
        units.append({"text": text, "source": "pasted text"})
        parts.append("pasted text")
    if file_data is not None:
        units.append({"file": file_name or "uploaded file", "content_type": content_type})
        parts.append(file_name or "a file")
    if url:
        units.append({"source": url})
        parts.append(url)
    job = Job.objects.create(
        kind=Job.Kind.UPLOAD,
        label=", ".join(parts)[:300],
        input=units,
        data=file_data,
        total=len(units),
        default_outlet=outlet.strip(),
        created_by=_user(user),
    )
    job_enqueue(job)
    return job


def job_sources(sources: list[str], *, user=None, outlet: str | None = None) -> Job:
    """A job over paths, URLs and ``-`` for ``manage.py ingest``, which runs it itself."""
    label = sources[0] if len(sources) == 1 else f"{len(sources)} sources"
    return Job.objects.create(
        kind=Job.Kind.SOURCES,
        label=f"manage.py ingest {label}"[:300],
        input=[{"source": s} for s in sources],
        total=len(sources),
        default_outlet=(outlet or "").strip(),
        created_by=_user(user),
    )


def job_reread(article_ids: list[int], *, user=None) -> Job:
    job = Job.objects.create(
        kind=Job.Kind.REREAD,
        label=f"read {len(article_ids)} article(s) again",
        input=[{"reread": pk} for pk in article_ids],
        total=len(article_ids),
        created_by=_user(user),
    )
    job_enqueue(job)
    return job


# --- feeds ---------------------------------------------------------------------------------


def _feed_failed(feed: Feed, error: str) -> None:
    feed.errors_in_a_row += 1
    now = timezone.now()
    Feed.objects.filter(pk=feed.pk).update(
        last_polled_at=now,
        last_status="error",
        last_error=error[:2000],
        errors_in_a_row=feed.errors_in_a_row,
        next_poll_at=now + feed.backoff(),
    )


def feed_poll(feed_id: int) -> str:
    """Fetch a feed (conditionally) and import what is new, as a job run right here.

    Returns a short status: ``not modified``, ``error``, the job's state, or ``inactive``."""
    from jobs.runner import job_execute

    feed = Feed.objects.select_related("outlet").filter(pk=feed_id, active=True).first()
    if feed is None:
        return "inactive"
    try:
        fetched = fetch_url(feed.url, etag=feed.etag, last_modified=feed.last_modified)
    except FetchError as exc:
        _feed_failed(feed, str(exc))
        return "error"
    now = timezone.now()
    if not fetched.not_modified and not _is_feed(fetched):
        _feed_failed(feed, NOT_A_FEED)
        return "error"
    if fetched.not_modified:
        Feed.objects.filter(pk=feed.pk).update(
            last_polled_at=now,
            last_status="not modified",
            last_error="",
            errors_in_a_row=0,
            etag=fetched.etag,
            last_modified=fetched.last_modified,
        )
        return "not modified"
    with transaction.atomic():
        job = Job.objects.create(
            kind=Job.Kind.FEED,
            feed=feed,
            label=str(feed)[:300],
            input=[
                {
                    "file": feed.url,
                    "url": fetched.url,
                    "content_type": fetched.content_type,
                    "cap": settings.NEWSROOM_FEED_MAX_ITEMS,
                }
            ],
            data=fetched.data,
            total=1,
            default_outlet=feed.outlet.name if feed.outlet else "",
        )
        # The bytes are in the job now: the validators can move on.
        Feed.objects.filter(pk=feed.pk).update(
            etag=fetched.etag, last_modified=fetched.last_modified
        )
    state = job_execute(job.pk)
    job.refresh_from_db()
    counts = job.counts()
    summary = f"{counts['created']} new, {counts['duplicate']} already stored"
    if counts["skipped"]:
        summary += f", {counts['skipped']} over the cap"
    failed = job.state == Job.State.FAILED
    error = ""
    if counts["error"]:
        first = job.items.filter(status=JobItem.Status.ERROR).first()
        error = first.error if first else ""
        summary += f", {counts['error']} error(s)"
    elif failed:
        error = job.error
    Feed.objects.filter(pk=feed.pk).update(
        last_polled_at=timezone.now(),
        last_status="failed" if failed else summary[:200],
        last_error=error,
        errors_in_a_row=feed.errors_in_a_row + 1 if failed else 0,
    )
    return state


@dataclass
class FeedTrial:
    """What polling a feed would import now, found without writing anything."""

    ok: bool
    items: int = 0
    headlines: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    error: str = ""


NOT_A_FEED = (
    "not a feed: the address gives a web page or a document, not RSS or Atom (import a page "
    "once from Articles → Import articles; for a feed, give the feed's own address)"
)


def _is_feed(fetched) -> bool:
    return (
        detect_format(fetched.data, name=fetched.url, content_type=fetched.content_type) == "feed"
    )


def feed_try(url: str) -> FeedTrial:
    try:
        fetched = fetch_url(url)
    except FetchError as exc:
        return FeedTrial(ok=False, error=str(exc))
    if not _is_feed(fetched):
        return FeedTrial(ok=False, error=NOT_A_FEED)
    parsed = parse_bytes(
        fetched.data, source=url, content_type=fetched.content_type, url=fetched.url
    )
    good = [p for p in parsed if not p.error]
    errors = [f"{p.source}: {p.error}" for p in parsed if p.error]
    if not good:
        return FeedTrial(ok=False, errors=errors, error=errors[0] if errors else "no items")
    headlines = [str((p.payload or {}).get("headline") or p.source)[:200] for p in good[:5]]
    return FeedTrial(ok=True, items=len(good), headlines=headlines, errors=errors[:5])
