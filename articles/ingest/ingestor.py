"""One import run (``Ingestor``): read each item (check its payload, find its outlet, skip
it if it is known, run the engine with the speakers the database knows), then store it with
its quotes, people and figures, placed in its story, in one transaction or savepoint,
idempotently. The entry points that feed it items in batches are in
``articles.ingest.service``.

Idempotence rests on the database: ``Article.url`` and ``Article.content_hash`` are unique. A
cheap look-up skips known articles before the engine runs; when two imports race, the loser's
insert fails inside a savepoint and it reports ``duplicate`` with the winner's id.

Speed: an article's new rows are written in bulk (``articles.core.bulk``) with the history
rows, versions and story touches their saves would give (``articles.core.history``); outlets,
speakers, candidate names and outlet aliases are looked up once per run (caches dropped after
a failed item or batch); no query per quote.

Reading comes before writing (``Ingestor.prepare``, then ``Ingestor.store``), so that a batch
reads its items before its transaction opens. A reading stays exactly what reading at store
time would give: when an earlier item of the run has since created a speaker the text may
name, or an outlet, the item's outlet and known speakers are looked up again, and the text
read again if they changed.

One bad item never stops a run: ``prepare`` and ``store`` turn any exception into that item's
``error``, and describing the error cannot raise in turn (``describe_error``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from articles.core.history import article_insert, history_deferred
from articles.core.prepared import prepared_objects
from articles.engine.grouping import ArticleFeatures
from articles.engine.types import KnownSpeaker, Reading
from articles.ingest.images import image_request
from articles.ingest.outlets import outlet_choice
from articles.ingest.parsers import ParsedItem
from articles.ingest.payloads import PayloadError, validate_payload
from articles.ingest.reading import KnownSpeakers, SpeakerResolver, article_read, read_text
from articles.ingest.report import CREATED, DUPLICATE, ERROR, IngestItem, describe_error, source_of
from articles.ingest.speakers import name_candidates
from articles.models import Article, QuoteAppearance, StorySpeakerAlias, content_hash
from articles.stories.joining import quotes_connect
from articles.stories.placement import article_place, placement_lock
from articles.stories.placement_reads import PlacementReads
from ops.grouped import grouped_writes
from sources.models import Outlet
from sources.services import outlet_find, outlet_find_by_domain, outlet_get_or_create

logger = logging.getLogger(__name__)

MAX_FEATURES = 20_000  # placement features kept for consolidation (bounds a run's memory)


@dataclass
class _Batch:
    """The open batch: when it began, how many items it holds, the articles it created."""

    started: float
    items: int = 0
    articles: list[int] = field(default_factory=list)
    aliased: set[int] | None = None  # the stories with aliases of their own


@dataclass
class Prepared:
    """An item read and ready to store (``Ingestor.prepare``), before any write: its outcome
    when that is already known (an error, a duplicate, a dry run), else its checked payload,
    outlet, the known speakers its text may name and the engine's reading with them."""

    item: ParsedItem
    outcome: IngestItem | None = None
    clean: dict = field(default_factory=dict)
    outlet: Outlet | None = None
    outlet_name: str = ""
    candidates: frozenset[str] = frozenset()  # the text's possible names (``name_candidates``)
    known: tuple[KnownSpeaker, ...] = ()
    reading: Reading | None = None
    generation: int = 0  # the run's changes it has seen (``Ingestor._stale``)


class Ingestor:
    """One import run: shares the known-speaker cache across its articles."""

    def __init__(self, *, user=None, default_outlet: str | None = None, dry_run: bool = False):
        self.user = user if user is not None and getattr(user, "pk", None) else None
        self.default_outlet = default_outlet
        self.dry_run = dry_run
        self.known = KnownSpeakers()
        self.speakers = SpeakerResolver()
        self._outlets: dict[tuple[str, str], Outlet | None] = {}
        # Placement's features of this run's articles, for consolidation at the end.
        self.features: dict[int, ArticleFeatures] = {}
        self.started = timezone.now()
        self.batch_items = max(int(settings.NEWSROOM_INGEST_BATCH), 1)
        self.batch_seconds = float(settings.NEWSROOM_INGEST_BATCH_SECONDS)
        self._batch: _Batch | None = None
        self.reads = PlacementReads()  # what its placements read of the index, kept
        self._mark = 0  # the item being stored: where its document count starts in ``reads``
        # What the run changed that a reading depends on, in order: the names of speakers it
        # created, or None for a change that may touch any text (an outlet created, the
        # caches dropped). An item prepared before a change is checked again when stored.
        self._changes: list[frozenset[str] | None] = []

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Items ingested inside share one transaction, each in a savepoint of its own.

        Whatever the caller writes inside (a job's records of the items) commits or rolls
        back with them. When the batch fails as a whole, the run's caches are dropped (rows
        they point at are gone) and so are the features of the batch's articles. Writes that
        need no answer go with the next statement (``ops.grouped``). A dry run writes nothing
        and opens no transaction; a batch inside a batch is the outer one."""
        if self._batch is not None or self.dry_run:
            yield
            return
        self._batch = _Batch(started=time.monotonic())
        try:
            with transaction.atomic(), grouped_writes(), history_deferred():
                placement_lock()  # first, before any row lock (see the module docstring)
                self.reads.opened()
                yield
                self.reads.flush()  # its document counts; its history rows at the block's end
        except BaseException:
            self.reads.discard()
            for article_id in self._batch.articles:
                self.features.pop(article_id, None)
            self._forget()
            raise
        finally:
            self._batch = None

    def _story_has_aliases(self, story_id: int) -> bool:
        """Whether the story resolves descriptions of its own (``StorySpeakerAlias``): asked
        once per batch (an import writes none; editors add them, and the next batch sees
        theirs), once per article outside a batch."""
        aliases = StorySpeakerAlias.objects
        if self._batch is None:
            return aliases.filter(story=story_id).exists()
        if self._batch.aliased is None:
            self._batch.aliased = set(aliases.values_list("story_id", flat=True).distinct())
        return story_id in self._batch.aliased

    @property
    def batch_full(self) -> bool:
        """The open batch holds enough items, or has been open long enough, to commit."""
        b = self._batch
        if b is None:
            return False
        return b.items >= self.batch_items or time.monotonic() - b.started >= self.batch_seconds

    def ingest(self, item: ParsedItem) -> IngestItem:
        """Import one item: ``prepare`` then ``store``. Never raises (but for
        KeyboardInterrupt and SystemExit)."""
        return self.store(self.prepare(item))

    def prepare(self, item: ParsedItem, previous: Prepared | None = None) -> Prepared:
        """Read ``item`` without writing: check its payload, find its outlet, skip it if it is
        known, look up the speakers its text may name and run the engine. Never raises: a
        failure is the item's ``error`` outcome. ``previous``: the same item prepared earlier
        in the run, whose reading is kept when the outlet and known speakers are the same."""
        source = source_of(item)
        try:
            if item.error:
                error = IngestItem(source=source, status=ERROR, error=str(item.error))
                return Prepared(item, outcome=error)
            return self._prepare(item, previous)
        except PayloadError as exc:
            error = IngestItem(source=source, status=ERROR, error=describe_error(exc, plain=True))
            return Prepared(item, outcome=error)
        except Exception as exc:  # one broken article must not stop the run
            return Prepared(item, outcome=self._failed(source, exc))

    def store(self, prepared: Prepared) -> IngestItem:
        """Write a prepared item (an article with its quotes, people and figures, placed in
        its story). Never raises (but for KeyboardInterrupt and SystemExit): any failure,
        even one while describing the failure, is this item's ``error``. Inside a batch, the
        item's writes are a savepoint, rolled back alone when it fails."""
        if prepared.outcome is not None:
            return prepared.outcome
        self._mark = self.reads.mark()  # (a failed item's document count is undone)
        try:
            if self._batch is None:
                return self._store_fresh(prepared)
            self._batch.items += 1
            with transaction.atomic():
                return self._store_fresh(prepared)
        except PayloadError as exc:
            self._reads_clear()
            source = source_of(prepared.item)
            return IngestItem(source=source, status=ERROR, error=describe_error(exc, plain=True))
        except Exception as exc:  # one broken article must not stop the run
            self._forget()  # what the failed transaction created is gone
            return self._failed(source_of(prepared.item), exc)

    def _failed(self, source: str, exc: Exception) -> IngestItem:
        try:
            logger.exception("Import of %s failed", source)
        except Exception:  # noqa: S110 (a broken log handler must not stop the run either)
            pass
        return IngestItem(source=source, status=ERROR, error=describe_error(exc))

    def _stale(self, prepared: Prepared) -> bool:
        """Whether the run has changed, since ``prepared`` was read, something its reading
        depends on: a speaker its text may name, an outlet, the caches."""
        since = self._changes[prepared.generation :]
        return any(names is None or names & prepared.candidates for names in since)

    def _forget(self) -> None:
        """Drop the run's caches after a failed item: rows they point at may be gone."""
        try:
            self.known = KnownSpeakers()
            self.speakers = SpeakerResolver()
            self._outlets = {}
            self._changes.append(None)
            self._reads_clear()
        except Exception:  # noqa: S110 (never let the guard itself raise)
            pass

    def _reads_clear(self) -> None:  # a failed item's savepoint took back its placement's writes
        self.reads.undo(self._mark)
        self.reads.clear()

    def _outlet_find(self, *, name: str) -> Outlet | None:
        key = ("name", name.strip().casefold())
        if key not in self._outlets:
            self._outlets[key] = outlet_find(name=name)
        return self._outlets[key]

    def _outlet_find_by_domain(self, *, host: str) -> Outlet | None:
        key = ("host", host.lower().removeprefix("www."))
        if key not in self._outlets:
            self._outlets[key] = outlet_find_by_domain(host=host)
        return self._outlets[key]

    def _prepare(self, item: ParsedItem, previous: Prepared | None) -> Prepared:
        generation = len(self._changes)
        clean = validate_payload(item.payload or {}) if previous is None else previous.clean
        outlet, outlet_name = outlet_choice(
            item, clean, self.default_outlet, self._outlet_find, self._outlet_find_by_domain
        )
        body = clean["body"]
        digest = content_hash(outlet.name if outlet else outlet_name, body)
        existing = _existing(url=clean.get("url"), digest=digest)
        if existing is not None:
            return Prepared(item, outcome=_duplicate(item.source, existing))
        outlet_id = outlet.pk if outlet else None
        candidates = frozenset(name_candidates(body)) if previous is None else previous.candidates
        known = self.known.for_text(body, outlet_id=outlet_id, candidates=candidates)
        if (
            previous is not None
            and previous.known == known
            and previous.outlet == outlet
            and previous.outlet_name == outlet_name
        ):
            reading = previous.reading
        else:
            reading = read_text(text=body, known=known)
        if self.dry_run:
            notes = [] if outlet else [f"new outlet {outlet_name!r}"]
            done = IngestItem(
                source=item.source, status=CREATED, quotes=len(reading.quotes), notes=notes
            )
            return Prepared(item, outcome=done)
        return Prepared(
            item,
            clean=clean,
            outlet=outlet,
            outlet_name=outlet_name,
            candidates=candidates,
            known=known,
            reading=reading,
            generation=generation,
        )

    def _store_fresh(self, prepared: Prepared) -> IngestItem:
        """Store ``prepared``, read again first if the run has since changed what its reading
        depends on (``_stale``): exactly what reading it now would store."""
        if self._stale(prepared):
            prepared = self._prepare(prepared.item, prepared)
            if prepared.outcome is not None:
                return prepared.outcome
        notes = [] if prepared.outlet else [f"new outlet {prepared.outlet_name!r}"]
        return self._store(
            prepared.item,
            prepared.clean,
            prepared.outlet,
            prepared.outlet_name,
            prepared.reading,
            notes,
        )

    def _store(self, item, clean, outlet, outlet_name, reading: Reading, notes) -> IngestItem:
        """One transaction: the article, its quotes, people and figures (in bulk), its
        placement and its quotes joined. Speakers and outlets are looked up once per run.
        In a batch, the item's savepoint (``ingest``) is this transaction."""
        with transaction.atomic(savepoint=self._batch is None):
            if outlet is None:
                outlet, created = outlet_get_or_create(name=outlet_name)
                if not created:
                    notes = []
                # The next articles naming it find it (forgotten if this one fails).
                self._outlets[("name", outlet_name.strip().casefold())] = outlet
                if created:
                    self.speakers.clear()  # its name is an outlet's now, not a person's
                    self._changes.append(None)
            article = Article(
                outlet=outlet,
                headline=clean["headline"],
                url=clean.get("url"),
                byline=clean.get("byline", ""),
                published_at=clean.get("published_at"),
                language=clean.get("language", "en"),
                is_translation=clean.get("is_translation", False),
                original_language=clean.get("original_language", ""),
                body=clean["body"],
                source=item.source[:1000],
                created_by=self.user,
            )
            try:
                with transaction.atomic():
                    article_insert(article)
            except IntegrityError:
                existing = _existing(url=article.url, digest=article.content_hash)
                if existing is None:
                    raise
                return _duplicate(item.source, existing)
            result = article_read(
                article=article, reading=reading, speakers=self.speakers, new=True
            )
            placed = article_place(
                article=article,
                user=self.user,
                names=result.names,
                quotes=result.created_quotes,
                reads=self.reads if self._batch is not None else None,
                fresh=True,  # inserted above, in this transaction
            )
            story = placed.story
            reread = False
            if not placed.created and self._story_has_aliases(story.pk):
                # Its story resolves descriptions of its own ("the ministry"): read again.
                result = article_read(article=article, known=self.known, speakers=self.speakers)
                reread = True  # its people may have changed since placement saw them
            if not placed.created:  # a new story holds no other article's quotes to join
                quotes_connect(article=article)
            image_request(article=article, payload=clean)  # fetched once this commits
        # The speakers it created are in the database now: the next texts must find them.
        if self.speakers.created:
            self.known.forget(self.speakers.created)
            self._changes.append(frozenset(n.strip().lower() for n in self.speakers.created))
            self.speakers.created.clear()
        if not reread and placed.features is not None and len(self.features) < MAX_FEATURES:
            self.features[article.pk] = placed.features
        if self._batch is not None:
            self._batch.articles.append(article.pk)
        return IngestItem(
            source=item.source,
            status=CREATED,
            article=article.pk,
            story=story.pk if story else None,
            quotes=result.quotes,
            notes=notes,
        )


def _existing(*, url: str | None, digest: str) -> Article | None:
    """The article stored with this text or address, if any: compiled once (every item of an
    import asks)."""
    found = prepared_objects(
        ("article stored", bool(url)), _stored, digest, *([url] if url else [])
    )
    return found[0] if found else None


def _stored(digest: str, url: str | None = None):
    match = Q(content_hash=digest)
    if url is not None:
        match |= Q(url=url)
    return Article.objects.filter(match).only("id", "story_id").order_by("id")[:1]


def _duplicate(source: str, existing: Article) -> IngestItem:
    return IngestItem(
        source=source,
        status=DUPLICATE,
        article=existing.pk,
        story=existing.story_id,
        quotes=QuoteAppearance.objects.filter(article_id=existing.pk).count(),
    )
