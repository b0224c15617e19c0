"""Import parsed articles in batches: the entry points for payloads (the API, the admin, jobs)
and sources (paths, URLs, feeds, ``manage.py ingest``), over one import run (``Ingestor``,
``articles.ingest.ingestor``: reading and storing each item), with the drafts a run split
one event into consolidated at its end.

Outlets: ``articles.ingest.outlets``.

Batches (``Ingestor.batch``, ``ingest_each``): one transaction per batch of up to
``NEWSROOM_INGEST_BATCH`` items (or ``NEWSROOM_INGEST_BATCH_SECONDS``), each item in a
savepoint of its own, so an item is still stored whole or not at all, and a failed item rolls
back alone while the others of its batch commit. A batch that fails as a whole (a worker
killed, a lost job claim) leaves none of its articles. ``bench/bench_ingest.py`` measures it.

Reading comes before writing: the items of a batch are read first (``Ingestor.prepare``: the
payload checked, the outlet and the known speakers looked up, the engine run), outside any
transaction, and only then stored (``Ingestor.store``) in the batch's transaction. So the
batch holds the database's write lock (SQLite) or the placement lock (PostgreSQL) only while
it writes, and another worker reads its own items meanwhile. The placement lock is taken when
the batch opens, before any row lock, so two workers' batches cannot deadlock on an article
both import; the batch's time limit bounds how long other writers wait.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice

from django.conf import settings

from articles.ingest.ingestor import Ingestor, Prepared  # noqa: F401 (imported from here too)
from articles.ingest.inputs import expand_sources, read_source
from articles.ingest.parsers import ParsedItem
from articles.ingest.report import CREATED, IngestItem, IngestReport
from articles.models import Story
from articles.stories.consolidation import Matches, stories_consolidate, stories_join
from articles.stories.separation import stories_separate
from articles.stories.storylines import storylines_suggest
from ops.logs import log_import_summary


def fits_in_request(body: str) -> bool:
    """Whether one article is short enough to import inside a web request (the API's single
    article, the admin's one pasted article): no longer than ``NEWSROOM_INLINE_IMPORT_CHARS``.
    A longer one is background work, as a batch is, so that no request holds the database
    for long."""
    return len(body) <= settings.NEWSROOM_INLINE_IMPORT_CHARS


def _fold_merges(mapping: dict, merged: dict, report, survivors: list[int]) -> list[int]:
    """Fold a later round of merges (old story -> survivor) into ``mapping`` and the report's
    items; the survivors left."""
    for old, new in mapping.items():
        mapping[old] = merged.get(new, new)
    mapping.update(merged)
    for item in report.items:
        item.story = merged.get(item.story, item.story)
    return [pk for pk in survivors if pk not in merged]


def _consolidate(ingestor: Ingestor, report: IngestReport) -> None:
    """Merge the drafts this run split one event into, split those that took in two events,
    and point the report at the surviving stories.

    One call per run, over the stories the run created (never in a dry run)."""
    if ingestor.dry_run:
        return
    try:
        _consolidate_run(ingestor, report)
    finally:
        ingestor.reads.clear()  # merges and splits rewrote the index: a later batch reads it


def _consolidate_run(ingestor: Ingestor, report: IngestReport) -> None:
    ids = {i.story for i in report.items if i.status == CREATED and i.story is not None}
    created = Story.objects.filter(pk__in=ids, created_at__gte=ingestor.started)
    # The features of stored articles that consolidation reads are added to this copy, so
    # that each is computed once; the drafts' matches are found again only where a merge or
    # a split changed what they were read from.
    features = dict(ingestor.features)
    # The drafts' matches go on from what the run's placements read of the index (told of
    # every merge and split); a batch after this reads it anew.
    matches = Matches(reads=ingestor.reads if ingestor.reads.shared else None)
    mapping = stories_consolidate(
        story_ids=list(created.values_list("pk", flat=True)),
        user=ingestor.user,
        features=features,
        matches=matches,
    )
    report.merged = mapping
    survivors = list(created.exclude(pk__in=list(mapping)).values_list("pk", flat=True))
    # Drafts that took in two events of one subject are split in two (``stories_separate``).
    moved = stories_separate(story_ids=survivors, user=ingestor.user, features=features)
    apart = set()
    for item in report.items:
        if item.story in mapping:
            item.story = mapping[item.story]
        if item.article in moved:
            apart.add((item.story, moved[item.article]))
            item.story = moved[item.article]
    survivors += sorted(set(moved.values()))
    if moved:
        # Once the events a draft took in are apart, the drafts left beside them (a report
        # that fitted the mixed draft too little to join it) can join their own event's
        # story; the two events stay apart.
        ingestor.reads.clear()  # (the stories split are not all in ``apart``)
        matches.changed({story for pair in apart for story in pair})
        again = stories_consolidate(
            story_ids=survivors,
            user=ingestor.user,
            features=features,
            apart=apart,
            matches=matches,
        )
        survivors = _fold_merges(mapping, again, report, survivors)
        apart = {(again.get(a, a), again.get(b, b)) for a, b in apart}
    # A piece left beside a large draft of its event joins it when the large draft's reports
    # take it at the placement threshold (``stories_join``); events told apart stay apart.
    joined = stories_join(
        story_ids=survivors, user=ingestor.user, features=features, apart=apart, matches=matches
    )
    if joined:
        survivors = _fold_merges(mapping, joined, report, survivors)
    storylines_suggest(story_ids=survivors, features=features, reads=matches.reads)


def ingest_each(ingestor: Ingestor, items: Iterable[ParsedItem]) -> Iterator[IngestItem]:
    """Import ``items`` in batches: a batch's items are read first (``Ingestor.prepare``, no
    transaction open), then stored in the batch's transaction (``Ingestor.batch``). Yields
    each item's outcome as it is stored, inside its batch's transaction (what the caller
    writes then commits with it).

    A batch commits when it is full (``Ingestor.batch_full``: its items or its time) and
    after the last item read for it. Closing the generator early rolls the open batch back,
    as an exception from the caller does."""
    items = iter(items)
    while chunk := list(islice(items, ingestor.batch_items)):
        waiting = deque([ingestor.prepare(item) for item in chunk])
        while waiting:
            with ingestor.batch():
                while waiting:
                    yield ingestor.store(waiting.popleft())
                    if ingestor.batch_full:
                        break


def ingest_payloads(
    payloads: list[dict],
    *,
    source: str,
    user=None,
    default_outlet: str | None = None,
    dry_run: bool = False,
) -> IngestReport:
    """Import article payloads (``articles.ingest.payloads``), in batches (``ingest_each``).

    Used by the API: invalid fields come back as ``error`` items naming each field
    ("url: not a valid http(s) URL ('x')"); the others are still imported.
    """
    ingestor = Ingestor(user=user, default_outlet=default_outlet, dry_run=dry_run)
    report = IngestReport()
    many = len(payloads) > 1

    def items() -> Iterator[ParsedItem]:
        for n, payload in enumerate(payloads, 1):
            item_source = f"{source}#{n}" if many else source
            if not isinstance(payload, dict):
                yield ParsedItem(source=item_source, error="not an article: expected an object")
            else:
                yield ParsedItem(source=item_source, payload=payload)

    report.items.extend(ingest_each(ingestor, items()))
    _consolidate(ingestor, report)
    if not dry_run:
        log_import_summary(report, source)
    return report


def ingest_sources(
    sources: Iterable[str],
    *,
    user=None,
    default_outlet: str | None = None,
    dry_run: bool = False,
    stdin=None,
    on_item: Callable[[IngestItem], None] | None = None,
    progress: Callable[[Iterable[str]], Iterator[str]] | None = None,
) -> IngestReport:
    """Import every article in ``sources`` (paths, directories, URLs, ``-``). Items are
    parsed and stored source by source, so memory stays bounded by one source."""
    ingestor = Ingestor(user=user, default_outlet=default_outlet, dry_run=dry_run)
    report = IngestReport()
    units = expand_sources(sources)
    for source in progress(units) if progress else units:
        # Read (maybe fetched) before its batch opens: no network wait inside a transaction.
        parsed = list(read_source(source, stdin=stdin))
        for item in ingest_each(ingestor, parsed):
            report.items.append(item)
            if on_item:
                on_item(item)
    _consolidate(ingestor, report)
    if not dry_run:
        log_import_summary(report)
    return report
