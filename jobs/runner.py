"""Run a job: its units (payloads, texts, files, sources, a feed's bytes, articles to read
again) item by item through the ingestion service, recording each outcome as it goes.

Items are written in the service's batches (``Ingestor.batch``): one transaction holds a batch
of items (each in its own savepoint), the job's record of each of them (``JobItem``), and the
job's progress and heartbeat, written last. So an item's article and its record commit
together or not at all: a worker killed mid-batch leaves neither, and the job run again does
the batch again. Units that read the network (files, URLs, feeds) are read before their batch
opens.

A job is claimed by one runner at a time (``Job.claim``); the runner touches the job with every
batch, and stops as soon as it finds its claim gone (the job was given to another worker
because this one looked dead): that batch is rolled back. What a unit has recorded is never
done again, and the service never stores an article twice, so a job run again after a crash or
a kill picks up where it stopped: no duplicate, nothing half-written.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import timedelta
from itertools import islice

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from articles.ingest.ingestor import Ingestor, Prepared
from articles.ingest.inputs import read_source
from articles.ingest.parsers import ParsedItem, parse_bytes
from articles.ingest.reading import KnownSpeakers, article_read
from articles.ingest.report import (
    CREATED,
    DUPLICATE,
    ERROR,
    IngestItem,
    IngestReport,
    describe_error,
)
from articles.ingest.service import _consolidate
from articles.models import Article
from jobs.models import Job, JobItem
from ops.logs import log_import_summary

logger = logging.getLogger(__name__)


HERE = "here:"  # the claim of a job run in its own process, which no worker can take over


# What a job does with one of its items (``_Entry.kind``).
INGEST = "ingest"  # import it
SKIP = "skip"  # past the feed's cap for one poll: recorded as skipped
RETRY = "retry"  # could not be fetched: recorded for the next attempt
READ_AGAIN = "reread"  # an article to read again


@dataclass(frozen=True)
class _Entry:
    """One item of a job's unit, in order: ``last`` is the unit's last item to do."""

    unit: int
    position: int
    kind: str
    last: bool
    item: ParsedItem | None = None
    article: int | None = None  # READ_AGAIN's article


class ClaimLost(Exception):
    """Another runner owns the job now; this one stops without writing more."""


def new_claim() -> str:
    return secrets.token_hex(16)


def job_claim(job_id: int) -> tuple[Job, str] | None:
    """Take a queued job for this runner, or None when another runner has it or it is done."""
    token = new_claim()
    now = timezone.now()
    taken = Job.objects.filter(pk=job_id, state=Job.State.QUEUED).update(
        state=Job.State.RUNNING,
        claim=token,
        attempts=F("attempts") + 1,
        heartbeat_at=now,
        next_attempt_at=None,
    )
    if not taken:
        return None
    job = Job.objects.get(pk=job_id)
    if job.started_at is None:
        Job.objects.filter(pk=job_id).update(started_at=now)
        job.started_at = now
    return job, token


def retry_delay(attempts: int) -> timedelta:
    """Backoff between attempts: the base delay doubled per attempt, at most an hour."""
    base = settings.NEWSROOM_JOB_RETRY_DELAY
    return timedelta(seconds=min(base * 2 ** max(attempts - 1, 0), 3600))


class JobRunner:
    def __init__(
        self,
        job: Job,
        token: str,
        *,
        on_item: Callable[[IngestItem], None] | None = None,
        progress: Callable[[list], Iterator] | None = None,
        stdin=None,
    ):
        self.job = job
        self.stdin = stdin
        self.token = token
        self.on_item = on_item
        self.progress = progress
        self.ingestor = Ingestor(user=job.created_by, default_outlet=job.default_outlet or None)
        # Drafts made since the job first started are this job's to consolidate.
        self.ingestor.started = job.created_at
        # The heartbeat is written with each batch: a batch open for longer than a third of
        # the stale limit could make a live job look dead and be taken from it.
        self.ingestor.batch_seconds = min(
            self.ingestor.batch_seconds, settings.NEWSROOM_JOB_STALE_SECONDS / 3
        )
        self.known = KnownSpeakers()
        self.units_done: list[int] = list(job.units_done)
        self.total = job.total
        # The open batch (``Ingestor.batch``), the records and job fields it will write.
        self._batch = None
        self._pending: list[tuple[JobItem, IngestItem]] = []
        self._changes: dict = {}
        self._recorded: dict[int, set[int]] = {}  # unit -> positions recorded
        self._sizes: dict[int, int] = {}  # unit -> its items, once parsed in this run

    # --- bookkeeping --------------------------------------------------------------------

    def _touch(self, **changes) -> None:
        """Heartbeat (with any progress fields); raises ClaimLost when the job is not ours."""
        updated = Job.objects.filter(pk=self.job.pk, claim=self.token).update(
            heartbeat_at=timezone.now(), **changes
        )
        if not updated:
            raise ClaimLost(self.job.pk)

    def _record(self, unit: int, position: int, item: IngestItem, *, retryable=False) -> None:
        """Keep the item's outcome, written with its batch (``_commit``)."""
        status = item.status
        if status == DUPLICATE and self._made_by_this_job(item.article, item.source):
            status = CREATED  # stored by an earlier attempt of this job, then interrupted
        item.status = status
        row = JobItem(
            job=self.job,
            unit=unit,
            position=position,
            source=item.source[:1000],
            status=status,
            article_id=item.article,
            story_id=item.story,
            quotes=item.quotes or 0,
            error=item.error or "",
            retryable=retryable,
        )
        self._pending.append((row, item))
        self._recorded.setdefault(unit, set()).add(position)

    # --- batches ------------------------------------------------------------------------

    def _begin(self) -> None:
        if self._batch is None:
            batch = self.ingestor.batch()
            batch.__enter__()
            self._batch = batch

    def _commit(self) -> None:
        """Write the batch's records, then the job's progress with its heartbeat (last: a
        lost claim rolls the whole batch back), and commit."""
        pending, self._pending = self._pending, []
        if pending:
            JobItem.objects.bulk_create([row for row, _ in pending])
            self._changes["done"] = F("done") + len(pending)
        changes, self._changes = self._changes, {}
        if self._batch is not None or changes:
            self._touch(**changes)
        batch, self._batch = self._batch, None
        if batch is not None:
            batch.__exit__(None, None, None)
        if self.on_item:
            for _, item in pending:
                self.on_item(item)

    def _rollback(self, exc: BaseException) -> None:
        self._pending, self._changes = [], {}
        batch, self._batch = self._batch, None
        if batch is not None:
            batch.__exit__(type(exc), exc, exc.__traceback__)

    def _item_done(self) -> None:
        if self.ingestor.batch_full:
            self._commit()

    def _set_total(self, total: int) -> None:
        if total != self.total:
            self.total = self._changes["total"] = total

    def _made_by_this_job(self, article_id: int | None, source: str) -> bool:
        """A duplicate of an article an earlier, interrupted attempt of this job stored."""
        if article_id is None or self.job.attempts <= 1:
            return False
        if any(row.article_id == article_id for row, _ in self._pending):
            return False  # stored by this very run, a few items ago
        mine = Article.objects.filter(
            pk=article_id, created_at__gte=self.job.created_at, source=source[:1000]
        ).exists()
        return mine and not JobItem.objects.filter(article_id=article_id).exists()

    # --- units --------------------------------------------------------------------------

    def _parse(self, unit: dict) -> list[ParsedItem]:
        if "payload" in unit:
            payload = unit["payload"]
            source = unit.get("source", "api")
            if not isinstance(payload, dict):
                return [ParsedItem(source=source, error="not an article: expected an object")]
            return [ParsedItem(source=source, payload=payload)]
        if "text" in unit:
            return parse_bytes(unit["text"].encode("utf-8"), source=unit.get("source", "text"))
        if "file" in unit:
            return parse_bytes(
                bytes(self.job.data or b""),
                source=unit["file"],
                content_type=unit.get("content_type", ""),
                url=unit.get("url"),
            )
        if "source" in unit:
            return read_source(unit["source"], stdin=self.stdin)
        raise ValueError(f"unknown unit {sorted(unit)}")

    def _unit_done(self, unit: int) -> bool:
        """Done when it ran to its end and nothing in it waits for a retry. A unit cut short
        (the worker died in it) runs again, skipping the items it recorded."""
        if unit not in self.units_done:
            return False
        retry = JobItem.objects.filter(job=self.job, unit=unit, retryable=True)
        dropped, _ = retry.delete()
        if dropped:
            # Their records go, and so does their count: the retries are counted again.
            Job.objects.filter(pk=self.job.pk).update(done=F("done") - dropped)
            return False
        return True

    def _entries(self, todo: Iterable[tuple[int, dict]]) -> Iterator[_Entry]:
        """The items still to do, unit by unit, in order; each unit parsed (a source maybe
        fetched) only when its items are wanted, which is never while a batch is open."""
        for index, unit in todo:
            if "reread" in unit:
                self._set_total(len(self.job.input))
                yield _Entry(index, 0, READ_AGAIN, last=True, article=unit["reread"])
                continue
            parsed = self._parse(unit)
            cap = unit.get("cap")
            recorded = self._recorded.get(index, set())
            self._sizes[index] = len(parsed)
            sizes = {k: len(v) for k, v in self._recorded.items()} | self._sizes
            others = sum(n for k, n in sizes.items() if k != index)
            remaining = len(self.job.input) - index - 1
            self._set_total(others + len(parsed) + remaining)
            todo_here = [p for p in range(len(parsed)) if p not in recorded]
            if not todo_here:
                self._unit_finished(index)
            for position in todo_here:
                item = parsed[position]
                if cap is not None and position >= cap:
                    kind = SKIP
                elif item.error and item.transient:
                    kind = RETRY
                else:
                    kind = INGEST
                yield _Entry(index, position, kind, last=position == todo_here[-1], item=item)

    def _store(self, entry: _Entry, prepared: Prepared | None) -> None:
        """Record ``entry``'s outcome in the open batch (its article stored, when it has one)."""
        self._begin()
        if entry.kind == READ_AGAIN:
            self._reread(entry.unit, entry.article)
        elif entry.kind == SKIP:
            skipped = IngestItem(
                source=entry.item.source,
                status=JobItem.Status.SKIPPED,
                error=f"not read: more than {self.job.input[entry.unit]['cap']} items in "
                "one poll of this feed",
            )
            self._record(entry.unit, entry.position, skipped)
        elif entry.kind == RETRY:
            failed = IngestItem(source=entry.item.source, status=ERROR, error=entry.item.error)
            self._record(entry.unit, entry.position, failed, retryable=True)
        else:
            self._record(entry.unit, entry.position, self.ingestor.store(prepared))
        if entry.last:
            self._unit_finished(entry.unit)
        self._item_done()

    def _unit_finished(self, unit: int) -> None:
        """Every item of ``unit`` is recorded: the job says so with its last items."""
        self.units_done = sorted({*self.units_done, unit})
        self._changes["units_done"] = self.units_done

    def _reread(self, index: int, article_id: int) -> None:
        source = f"article {article_id}"
        article = Article.objects.select_related("outlet").filter(pk=article_id).first()
        if article is None:
            item = IngestItem(source=source, status=ERROR, error="no such article (deleted?)")
        else:
            try:
                result = article_read(article=article, known=self.known)
            except Exception as exc:  # one article must not stop the others
                logger.exception("Reading article %s again failed", article_id)
                item = IngestItem(source=source, status=ERROR, error=describe_error(exc))
            else:
                item = IngestItem(
                    source=source,
                    status=JobItem.Status.READ,
                    article=article.pk,
                    story=article.story_id,
                    quotes=result.added + result.kept,
                )
        self._record(index, 0, item)

    # --- the whole job ------------------------------------------------------------------

    def run(self) -> IngestReport:
        units = list(enumerate(self.job.input))
        todo = [(i, u) for i, u in units if not self._unit_done(i)]
        for unit, position in JobItem.objects.filter(job=self.job).values_list("unit", "position"):
            self._recorded.setdefault(unit, set()).add(position)
        try:
            # A batch's items are read (the engine run on each) before the batch opens, so
            # the batch holds the database's locks only while it writes (see the service).
            entries = self._entries(self.progress(todo) if self.progress else todo)
            while chunk := list(islice(entries, self.ingestor.batch_items)):
                ready = [
                    (e, self.ingestor.prepare(e.item) if e.kind == INGEST else None) for e in chunk
                ]
                for entry, prepared in ready:
                    self._store(entry, prepared)
                self._commit()
            self._commit()
        except BaseException as exc:
            self._rollback(exc)  # nothing of the open batch stays
            raise
        return self._finish()

    def _finish(self) -> IngestReport:
        items = list(JobItem.objects.filter(job=self.job))
        report = IngestReport(items=[IngestItem(**row.as_dict()) for row in items])
        if self.job.kind != Job.Kind.REREAD:
            _consolidate(self.ingestor, report)
            log_import_summary(report, f"job {self.job.pk}: {self.job.label}"[:200])
            for row, item in zip(items, report.items, strict=True):
                if row.story_id != item.story:
                    JobItem.objects.filter(pk=row.pk).update(story_id=item.story)
        retryable = [i for i in items if i.retryable]
        now = timezone.now()
        with transaction.atomic():
            # A run in its own process (manage.py ingest) reports and ends; a worker's retries.
            retry = retryable and not self.token.startswith(HERE)
            if retry and self.job.attempts < settings.NEWSROOM_JOB_MAX_ATTEMPTS:
                at = now + retry_delay(self.job.attempts)
                self._touch(
                    state=Job.State.RETRYING,
                    next_attempt_at=at,
                    claim="",
                    merged={**self.job.merged, **_keys(report.merged)},
                    error=f"{len(retryable)} item(s) could not be fetched "
                    f"({retryable[0].error}); trying again after {at:%H:%M:%S} UTC.",
                )
            else:
                error = ""
                if retryable:
                    error = (
                        f"{len(retryable)} item(s) could not be fetched after "
                        f"{self.job.attempts} attempts ({retryable[0].error})."
                    )
                # A job none of whose items went in failed, whatever ran to its end.
                failed = bool(items) and all(i.status == JobItem.Status.ERROR for i in items)
                if failed and not error:
                    error = f"{len(items)} item(s), none imported ({items[0].error})."
                self._touch(
                    state=Job.State.FAILED if failed else Job.State.SUCCEEDED,
                    finished_at=now,
                    data=None,  # the uploaded bytes are not needed once the job is done
                    claim="",
                    merged={**self.job.merged, **_keys(report.merged)},
                    error=error,
                )
        return report


def _keys(mapping: dict) -> dict:
    return {str(k): v for k, v in mapping.items()}


def job_fail(job_id: int, token: str, error: str) -> None:
    Job.objects.filter(pk=job_id, claim=token).update(
        state=Job.State.FAILED, finished_at=timezone.now(), claim="", error=error[:5000], data=None
    )


def job_execute(job_id: int) -> str:
    """What a worker does with a job id: claim it, run it, keep its outcome. Returns the state."""
    claimed = job_claim(job_id)
    if claimed is None:
        return "not claimed"
    job, token = claimed
    try:
        JobRunner(job, token).run()
    except ClaimLost:
        logger.warning("Job %s was taken over by another worker", job_id)
        return "taken over"
    except Exception as exc:
        logger.error("Job %s failed: %s", job_id, describe_error(exc), exc_info=True)
        job_fail(job_id, token, describe_error(exc))
        return Job.State.FAILED
    return Job.objects.filter(pk=job_id).values_list("state", flat=True).first()


def job_run_here(
    job: Job,
    *,
    on_item: Callable[[IngestItem], None] | None = None,
    progress: Callable[[Iterable], Iterator] | None = None,
    stdin=None,
) -> IngestReport:
    """Run a new job in this process (``manage.py ingest``), with the caller's progress."""
    token = HERE + new_claim()
    now = timezone.now()
    Job.objects.filter(pk=job.pk).update(
        state=Job.State.RUNNING, claim=token, attempts=1, started_at=now, heartbeat_at=now
    )
    job.refresh_from_db()
    try:
        return JobRunner(job, token, on_item=on_item, progress=progress, stdin=stdin).run()
    except BaseException as exc:  # Ctrl-C included: the job says it stopped
        job_fail(job.pk, token, f"stopped: {describe_error(exc)}".rstrip(": "))
        raise
