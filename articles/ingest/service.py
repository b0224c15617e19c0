"""Store parsed articles: validate, resolve the outlet, read with the engine, and write each
article with its quotes, people and figures in one transaction, idempotently.

Idempotence rests on the database: ``Article.url`` and ``Article.content_hash`` are unique. A
cheap look-up skips known articles before the engine runs; when two imports race, the loser's
insert fails inside a savepoint and it reports ``duplicate`` with the winner's id.

Outlets: an item's own ``outlet`` field wins, then the ``default_outlet`` (``--outlet``), then
what a page or feed suggests (og:site_name or the feed title when it names a known outlet, the
domain via OutletAlias or homepage, else that suggested name). Names match Outlet.name or an
OutletAlias ignoring case. An outlet that matches nothing is created (with a slug) and the
report says so: importing from a new outlet should not need a separate step, and a misspelt
outlet is easy to merge in the admin. An item with no outlet at all is an error.

Speed: one transaction per article (stored whole or not at all), its new rows written in bulk
(multi-row statements, ``articles.core.bulk`` where no ids are needed back) with the history
rows, versions and story touches their saves would give (``articles.core.history``); outlets,
speakers, candidate names and outlet aliases looked up once per run (``Ingestor``'s caches,
dropped after a failed item); no query per quote.
``bench/bench_ingest.py`` measures it.

One bad item never stops a run: ``Ingestor.ingest`` turns any exception into that item's
``error``, and describing the error cannot raise in turn (``describe_error``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models import ProtectedError, Q, RestrictedError
from django.utils import timezone

from articles.engine.grouping import ArticleFeatures
from articles.engine.types import Reading
from articles.ingest.images import image_request
from articles.ingest.inputs import expand_sources, read_source
from articles.ingest.parsers import ParsedItem
from articles.ingest.payloads import PayloadError, validate_payload
from articles.ingest.reading import KnownSpeakers, SpeakerResolver, article_read, read_text
from articles.models import Article, QuoteAppearance, Story, StorySpeakerAlias, content_hash
from articles.stories.joining import quotes_connect
from articles.stories.placement import article_place
from articles.stories.restructure import stories_consolidate
from articles.stories.storylines import storylines_suggest
from ops.logs import log_import_summary
from sources.models import Outlet
from sources.services import outlet_find, outlet_find_by_domain, outlet_get_or_create

logger = logging.getLogger(__name__)

CREATED, DUPLICATE, ERROR = "created", "duplicate", "error"
MAX_FEATURES = 20_000  # placement features kept for consolidation (bounds a run's memory)


# Each surface says how to name the outlet in its own words (a flag, a form field).
OUTLET_MISSING = "outlet: missing"


@dataclass
class IngestItem:
    source: str
    status: str
    article: int | None = None
    story: int | None = None
    quotes: int = 0
    error: str | None = None
    notes: list[str] = field(default_factory=list)  # human output only (created an outlet...)

    def as_dict(self) -> dict:
        return {
            "source": self.source,
            "status": self.status,
            "article": self.article,
            "story": self.story,
            "quotes": self.quotes,
            "error": self.error,
        }


@dataclass
class IngestReport:
    items: list[IngestItem] = field(default_factory=list)
    # Split drafts merged at the end of the run: old story id -> surviving story id. The
    # items already point at the survivors; human output lists these (not in ``as_dict``).
    merged: dict[int, int] = field(default_factory=dict)

    @property
    def created(self) -> int:
        return sum(1 for i in self.items if i.status == CREATED)

    @property
    def duplicates(self) -> int:
        return sum(1 for i in self.items if i.status == DUPLICATE)

    @property
    def errors(self) -> int:
        return sum(1 for i in self.items if i.status == ERROR)

    @property
    def ok(self) -> bool:
        return self.errors == 0

    def as_dict(self) -> dict:
        return {
            "items": [i.as_dict() for i in self.items],
            "created": self.created,
            "duplicates": self.duplicates,
            "errors": self.errors,
        }


# --- outlets -------------------------------------------------------------------------------


def _outlet_choice(
    item: ParsedItem,
    clean: dict,
    default_outlet: str | None,
    find: Callable[..., Outlet | None] = outlet_find,
    find_by_domain: Callable[..., Outlet | None] = outlet_find_by_domain,
) -> tuple:
    """(existing Outlet or None, name to create when None). Raises PayloadError when none.
    ``find`` and ``find_by_domain`` may be a run's cached look-ups."""
    for name in (clean.get("outlet"), default_outlet):
        if name and name.strip():
            return find(name=name), name.strip()
    for hint in item.outlet_hints:
        found = find(name=hint)
        if found:
            return found, hint
    if item.domain:
        found = find_by_domain(host=item.domain)
        if found:
            return found, found.name
    if item.outlet_hints:
        return None, item.outlet_hints[0][:200]
    raise PayloadError(f"{OUTLET_MISSING} (nothing names the outlet that published it)")


# --- storing -------------------------------------------------------------------------------


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

    def ingest(self, item: ParsedItem) -> IngestItem:
        """Import one item. Never raises (but for KeyboardInterrupt and SystemExit): any
        failure, even one while describing the failure, is this item's ``error``."""
        source = _source_of(item)
        try:
            if item.error:
                return IngestItem(source=source, status=ERROR, error=str(item.error))
            return self._ingest(item)
        except PayloadError as exc:
            return IngestItem(source=source, status=ERROR, error=describe_error(exc, plain=True))
        except Exception as exc:  # one broken article must not stop the run
            self._forget()  # what the failed transaction created is gone
            try:
                logger.exception("Import of %s failed", source)
            except Exception:  # noqa: S110 (a broken log handler must not stop the run either)
                pass
            return IngestItem(source=source, status=ERROR, error=describe_error(exc))

    def _forget(self) -> None:
        """Drop the run's caches after a failed item: rows they point at may be gone."""
        try:
            self.known = KnownSpeakers()
            self.speakers = SpeakerResolver()
            self._outlets = {}
        except Exception:  # noqa: S110 (never let the guard itself raise)
            pass

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

    def _ingest(self, item: ParsedItem) -> IngestItem:
        clean = validate_payload(item.payload or {})
        outlet, outlet_name = _outlet_choice(
            item, clean, self.default_outlet, self._outlet_find, self._outlet_find_by_domain
        )
        body = clean["body"]
        digest = content_hash(outlet.name if outlet else outlet_name, body)
        existing = _existing(url=clean.get("url"), digest=digest)
        if existing is not None:
            return _duplicate(item.source, existing)
        # The engine runs outside the write transaction: it may be slow, and writers wait.
        outlet_id = outlet.pk if outlet else None
        reading = read_text(text=body, known=self.known.for_text(body, outlet_id=outlet_id))
        notes = [] if outlet else [f"new outlet {outlet_name!r}"]
        if self.dry_run:
            return IngestItem(
                source=item.source, status=CREATED, quotes=len(reading.quotes), notes=notes
            )
        return self._store(item, clean, outlet, outlet_name, reading, notes)

    def _store(self, item, clean, outlet, outlet_name, reading: Reading, notes) -> IngestItem:
        """One transaction: the article, its quotes, people and figures (in bulk), its
        placement and its quotes joined. Speakers and outlets are looked up once per run."""
        with transaction.atomic():
            if outlet is None:
                outlet, created = outlet_get_or_create(name=outlet_name)
                if not created:
                    notes = []
                # The next articles naming it find it (forgotten if this one fails).
                self._outlets[("name", outlet_name.strip().casefold())] = outlet
                if created:
                    self.speakers.clear()  # its name is an outlet's now, not a person's
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
                    article.save()
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
            )
            story = placed.story
            reread = False
            if not placed.created and StorySpeakerAlias.objects.filter(story=story).exists():
                # Its story resolves descriptions of its own ("the ministry"): read again.
                result = article_read(article=article, known=self.known, speakers=self.speakers)
                reread = True  # its people may have changed since placement saw them
            if not placed.created:  # a new story holds no other article's quotes to join
                quotes_connect(article=article)
            image_request(article=article, payload=clean)  # fetched once this commits
        # The speakers it created are in the database now: the next texts must find them.
        self.known.forget(self.speakers.created)
        self.speakers.created.clear()
        if not reread and placed.features is not None and len(self.features) < MAX_FEATURES:
            self.features[article.pk] = placed.features
        return IngestItem(
            source=item.source,
            status=CREATED,
            article=article.pk,
            story=story.pk if story else None,
            quotes=result.quotes,
            notes=notes,
        )


def _source_of(item) -> str:
    try:
        return str(item.source)
    except Exception:
        return "(unknown source)"


def describe_error(exc: BaseException, *, plain: bool = False) -> str:
    """The error as the report shows it, without ever raising.

    A ``ProtectedError`` (or ``RestrictedError``) is described by its message alone: its full
    text lists the rows involved, and showing a row may need the database, which a failed
    transaction has just rolled back (that ``Article.DoesNotExist`` used to end the run)."""
    name = type(exc).__name__
    try:
        if isinstance(exc, ProtectedError | RestrictedError) and exc.args:
            text = str(exc.args[0])
        else:
            text = str(exc)
    except Exception as inner:
        text = f"(the error could not be shown: {type(inner).__name__})"
    return text if plain else f"{name}: {text}"


def _consolidate(ingestor: Ingestor, report: IngestReport) -> None:
    """Merge the drafts this run split one event into, and point the report at survivors.

    One call per run, over the stories the run created (never in a dry run)."""
    if ingestor.dry_run:
        return
    ids = {i.story for i in report.items if i.status == CREATED and i.story is not None}
    created = Story.objects.filter(pk__in=ids, created_at__gte=ingestor.started)
    mapping = stories_consolidate(
        story_ids=list(created.values_list("pk", flat=True)),
        user=ingestor.user,
        features=ingestor.features,
    )
    report.merged = mapping
    for item in report.items:
        if item.story in mapping:
            item.story = mapping[item.story]
    survivors = created.exclude(pk__in=list(mapping)).values_list("pk", flat=True)
    storylines_suggest(story_ids=list(survivors), features=ingestor.features)


def _existing(*, url: str | None, digest: str) -> Article | None:
    match = Q(content_hash=digest)
    if url:
        match |= Q(url=url)
    return Article.objects.filter(match).only("id", "story_id").order_by("id").first()


def _duplicate(source: str, existing: Article) -> IngestItem:
    return IngestItem(
        source=source,
        status=DUPLICATE,
        article=existing.pk,
        story=existing.story_id,
        quotes=QuoteAppearance.objects.filter(article_id=existing.pk).count(),
    )


def ingest_payloads(
    payloads: list[dict],
    *,
    source: str,
    user=None,
    default_outlet: str | None = None,
    dry_run: bool = False,
) -> IngestReport:
    """Import article payloads (``articles.ingest.payloads``), each in its own transaction.

    Used by the API: invalid fields come back as ``error`` items naming each field
    ("url: not a valid http(s) URL ('x')"); the others are still imported.
    """
    ingestor = Ingestor(user=user, default_outlet=default_outlet, dry_run=dry_run)
    report = IngestReport()
    many = len(payloads) > 1
    for n, payload in enumerate(payloads, 1):
        item_source = f"{source}#{n}" if many else source
        if not isinstance(payload, dict):
            item = ParsedItem(source=item_source, error="not an article: expected an object")
        else:
            item = ParsedItem(source=item_source, payload=payload)
        report.items.append(ingestor.ingest(item))
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
        for parsed in read_source(source, stdin=stdin):
            item = ingestor.ingest(parsed)
            report.items.append(item)
            if on_item:
                on_item(item)
    _consolidate(ingestor, report)
    if not dry_run:
        log_import_summary(report)
    return report
