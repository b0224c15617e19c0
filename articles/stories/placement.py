"""Placing articles into stories: each imported article joins the story about its event or
starts a new draft. Candidates come from the key index (``articles.stories.candidates``),
never a scan.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from articles.core.bulk import dicts_insert, objs_insert, rows_update
from articles.core.history import CHANGED, history_bulk, story_insert
from articles.core.prepared import prepared_objects, prepared_update, prepared_values_list
from articles.engine.grouping import ArticleFeatures, StoryIndex, index_keys
from articles.engine.grouping import StoryProfile as EngineProfile
from articles.engine.weights import DocumentFrequencies
from articles.models import (
    Article,
    Quote,
    ReviewState,
    Story,
    StoryIndexKey,
    StoryIndexProfile,
    TermFrequency,
)
from articles.stories.candidates import story_index_for
from articles.stories.features import article_features, articles_features
from articles.stories.key_rows import KeyRows
from ops.grouped import deferrable
from sources.versioning import StaleVersion, versioned_update, versions_next

if TYPE_CHECKING:
    from articles.stories.placement_reads import PlacementReads

# Candidate stories scored per placement (the engine's default).
PLACEMENT_CANDIDATES = 30


def document_frequencies(terms: Iterable[str]) -> DocumentFrequencies:
    """Document frequencies of just the given terms, and the document count."""
    return document_frequencies_each([set(terms)])[0]


def document_frequencies_each(term_sets: list[set[str]]) -> list[DocumentFrequencies]:
    """``document_frequencies`` of each set of terms, read in one query: the same figures as
    one query a set, as long as nothing counts documents in between."""
    wanted = set().union(*term_sets) if term_sets else set()
    terms = [*wanted, TermFrequency.DOCUMENT_COUNT]
    rows = dict(prepared_values_list(("term-frequencies", len(terms)), _frequencies, *terms))
    n_docs = rows.pop(TermFrequency.DOCUMENT_COUNT, 0)
    return [
        DocumentFrequencies.from_dict(
            {"n_docs": n_docs, "df": {t: rows[t] for t in terms if t in rows}}
        )
        for terms in term_sets
    ]


def _frequencies(*terms):
    return TermFrequency.objects.filter(term__in=terms).values_list("term", "df")


def _count_documents(terms: set[str], *, known: Iterable[str] | None = None) -> None:
    """Add one document with ``terms`` to the frequencies (atomic increments).

    ``known``: terms the caller just read from the frequencies (so their rows exist), so they
    need not be looked up again; a row made since by someone else is ignored as a conflict."""
    terms = {t[:200] for t in terms} | {TermFrequency.DOCUMENT_COUNT}
    if known is None:
        existing = set(TermFrequency.objects.filter(term__in=terms).values_list("term", flat=True))
    else:
        existing = terms & set(known)
    objs_insert(
        TermFrequency,
        [TermFrequency(term=t, df=0) for t in terms - existing],
        ignore_conflicts=True,
    )
    prepared_update(("term-frequencies-add", len(terms)), _document_added, *terms, counted=False)


def _document_added(*terms):
    return TermFrequency.objects.filter(term__in=terms), {"df": F("df") + 1}


def _save_profile(
    story_id: int,
    profile: EngineProfile,
    keys: Iterable[str],
    *,
    exists: bool = False,
    new: bool = False,
    keyless: bool = False,
) -> None:
    """``exists``: the caller holds the story's profile row (locked): update it in place.
    ``new``: the story was created in this transaction, so it has no rows yet.
    ``keyless``: the caller has just deleted the story's key rows (a rebuild)."""
    values = {"profile": profile.as_dict(), "first_day": profile.first, "last_day": profile.last}
    if exists:
        rows_update(StoryIndexProfile, [StoryIndexProfile(story_id=story_id, **values)], values)
    elif new:
        StoryIndexProfile.objects.create(story_id=story_id, **values)
    else:
        StoryIndexProfile.objects.update_or_create(story_id=story_id, defaults=values)
    keys = {k[:200] for k in keys}
    existing = (
        set()  # a story created in this transaction, or rebuilt, has no key rows yet
        if new or keyless
        else {
            key
            for (key,) in prepared_values_list(
                ("story-keys-held", len(keys)), _keys_held, story_id, *keys
            )
        }
    )
    first, last = profile.first, profile.last
    new_keys = [
        {"key": k, "story_id": story_id, "first_day": first, "last_day": last}
        for k in keys - existing
    ]
    dicts_insert(StoryIndexKey, new_keys, ignore_conflicts=True)
    if keyless:
        return  # (every key row was just written with the story's days)
    # Only the rows whose days change are written: most placements leave the story's days
    # as they were, and rewriting every key row of a long story cost a write per row.
    if first is None or last is None:  # (undated stories: compiled every time, as they are few)
        stale = _differs("first_day", first) | _differs("last_day", last)
        rows = StoryIndexKey.objects.filter(stale, story_id=story_id)
        rows.update(first_day=first, last_day=last)
    else:
        prepared_update(("story-keys-days",), _days_changed, story_id, first, last, counted=False)


def _keys_held(story_id, *keys):
    return StoryIndexKey.objects.filter(story_id=story_id, key__in=keys).values_list("key")


def _days_changed(story_id, first, last):
    stale = _differs("first_day", first) | _differs("last_day", last)
    rows = StoryIndexKey.objects.filter(stale, story_id=story_id)
    return rows, {"first_day": first, "last_day": last}


def _differs(field: str, value: int | None) -> Q:
    if value is None:
        return Q(**{f"{field}__isnull": False})
    return Q(**{f"{field}__isnull": True}) | ~Q(**{field: value})


def placement_lock() -> None:
    """Serialise placements on PostgreSQL so two imports of one new event make one story.
    SQLite already serialises writers."""
    if connection.vendor == "postgresql":
        # Nothing to wait for: the server takes it before the statement that goes after it.
        with connection.cursor() as cursor, deferrable():
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [PLACEMENT_LOCK_ID])


PLACEMENT_LOCK_ID = 4_711_0001


@dataclass(frozen=True)
class Placement:
    story: Story
    created: bool
    score: float | None
    # ``article_features`` of the article, before the keys of the day's frequencies: what
    # consolidation at the end of the import would compute again.
    features: ArticleFeatures | None = None


@transaction.atomic(savepoint=False)  # an import places inside its article's transaction
def article_place(
    *,
    article: Article,
    user=None,
    names: list[str] | None = None,
    quotes: list[Quote] | None = None,
    key_rows: KeyRows | None = None,
    reads: PlacementReads | None = None,
    fresh: bool = False,
) -> Placement:
    """Put ``article`` into the story about the same event, or start a new draft story.

    An article already in a story stays there (editors decide moves); its index entry is
    refreshed. Candidates come from the key index, never from a scan of stored articles.
    Joining its quotes to other outlets' wordings is the next step, ``quotes_connect``.
    ``names``: the article's people (``ArticlePerson`` speakers in row order), and
    ``quotes``: its quotes (in id order), when the caller just stored them. ``key_rows``:
    the key rows of the caller's batch (``key_rows.KeyRows``), told what this writes.
    ``reads``: what the caller's import has read of the index (``PlacementReads``: its key
    rows, frequencies and profiles), told what this writes, instead of ``key_rows``; it also
    keeps the article's document count until the caller's batch ends (``flush``).
    ``fresh``: the article was created in the caller's open transaction, so no one else can
    have changed it (its version is not checked, and its update is not waited for).
    """
    placement_lock()
    if reads is not None:
        key_rows = reads.key_rows
    features = raw = article_features(article, names=names)
    terms = features.df_terms()
    df = document_frequencies(terms) if reads is None else reads.frequencies(terms)
    # The terms with a row (before the article is added to ``df`` below).
    stored = set(df.df) | ({TermFrequency.DOCUMENT_COUNT} if df.n_docs else set())
    features = replace(features, keys=tuple(index_keys(features, df)))
    if article.story_id is not None:
        story, created, score = article.story, False, None
        if key_rows is not None:
            key_rows.clear()  # its story's rows may lie before the rows read: all read again
    else:
        index = story_index_for(
            features,
            df,
            limit=PLACEMENT_CANDIDATES,
            rows=key_rows,
            profiles=reads.profiles if reads is not None else None,
        )
        best = index.best(features, limit=PLACEMENT_CANDIDATES)
        if best is not None and best[1].total >= index.threshold:
            story = _story(best[0])
            created, score = False, best[1].total
        else:
            story = Story(
                headline=article.headline[:300] or "Untitled story",
                status=Story.Status.DRAFT,
                created_by=user,
                updated_by=user,
            )
            story_insert(story)  # (``Story.objects.create``, in fewer steps)
            created, score = True, best[1].total if best else None
        values = {"story": story, "updated_at": timezone.now()}
        if story.status == Story.Status.PUBLISHED:
            # A story already live (or scheduled) changes for readers only when an editor
            # accepts the article: it waits in the dashboard's review queue.
            values["review_state"] = ReviewState.SUGGESTED
        # What ``article.save(update_fields=...)`` does, in two queries: the version check
        # and step with the change, and the history row.
        _article_update(article, values, checked=not fresh)
        history_bulk(Article, [article], CHANGED)
    # The article's quotes not yet in a story join its story: one UPDATE, and the version
    # step and history row each quote's save() would give.
    if quotes is None:
        quotes = Quote.objects.filter(story__isnull=True, appearances__article=article).distinct()
    quotes = [q for q in quotes if q.story_id is None]
    _quotes_join(quotes, story)
    history_bulk(Quote, quotes, CHANGED)
    # A story created just now has no profile row yet.
    row = (
        None
        if created
        else next(
            iter(prepared_values_list(("story-profile-locked",), _profile_locked, story.pk)),
            None,
        )
    )
    profile = EngineProfile.from_dict(row[0]) if row else EngineProfile()
    scratch = StoryIndex(df=df)
    scratch.stories[story.pk] = profile
    scratch.add(story.pk, features)
    # With ``reads``, written when the caller's batch ends (``PlacementReads.flush``).
    count = reads.count if reads is not None else _count_documents
    count(features.df_terms(), known=stored)
    _save_profile(story.pk, profile, features.keys, exists=row is not None, new=created)
    if reads is not None:
        reads.counted(features.df_terms())
        reads.written(story.pk, features.keys, profile.first, profile.last)
    elif key_rows is not None:
        key_rows.written(story.pk, features.keys, profile.first, profile.last)
    return Placement(story=story, created=created, score=score, features=raw)


def _story(story_id: int) -> Story:
    """``Story.objects.get(pk=story_id)``, from SQL compiled once."""
    found = prepared_objects(("story-by-id",), _story_by_id, story_id)
    if not found:
        raise Story.DoesNotExist(f"No story {story_id}.")
    return found[0]


def _story_by_id(story_id):
    return Story.objects.filter(pk=story_id).order_by()


def _profile_locked(story_id):
    rows = StoryIndexProfile.objects.select_for_update().filter(story_id=story_id)
    return rows.order_by("pk").values_list("profile")[:1]


def _article_update(article: Article, values: dict, *, checked: bool = True) -> None:
    """``versioned_update(article, **values)`` (the story, the update time and maybe the
    review state), from SQL compiled once for each set of fields. ``checked=False``: the row
    cannot have changed since it was read (created in this transaction), so the UPDATE's
    row count is not waited for (``ops.grouped``)."""
    names = tuple(values)
    if any(not isinstance(values[n], Story | datetime | str) for n in names):
        versioned_update(article, **values)
        return
    opened = article.version
    plain = [values[n].pk if isinstance(values[n], Story) else values[n] for n in names]

    def build(pk, version, *changes):
        rows = Article._base_manager.filter(pk=pk, version=version)
        attnames = [f"{n}_id" if n == "story" else n for n in names]
        return rows, {"version": F("version") + 1, **dict(zip(attnames, changes, strict=True))}

    key = ("article-placed", names)
    if not checked:
        prepared_update(key, build, article.pk, opened, *plain, counted=False)
    elif not prepared_update(key, build, article.pk, opened, *plain):
        raise StaleVersion(article, opened)
    versions_next([article])
    for name, value in values.items():
        setattr(article, name, value)


def _quotes_join(quotes: list[Quote], story: Story) -> None:
    """``versions_bump(Quote, quotes, story=story, updated_at=now)``, from SQL compiled once
    for each number of quotes."""
    if not quotes:
        return
    now = timezone.now()

    def build(story_id, moment, *ids):
        changes = {"version": F("version") + 1, "story_id": story_id, "updated_at": moment}
        return Quote._base_manager.filter(pk__in=ids), changes

    ids = [q.pk for q in quotes]
    prepared_update(("quotes-placed", len(quotes)), build, story.pk, now, *ids, counted=False)
    versions_next(quotes)
    for quote in quotes:
        quote.story = story
        quote.updated_at = now


@transaction.atomic
def story_reindex(
    *,
    story: Story,
    features: dict[int, ArticleFeatures] | None = None,
    frequencies: Callable[[list[set[str]]], list[DocumentFrequencies]] | None = None,
) -> None:
    """Rebuild a story's index profile from its articles (after a move, merge or split).

    ``features``: ``article_features`` of articles by id, when the caller has them (an
    import's consolidation): they are not computed again, and those computed here are added.
    ``frequencies``: ``document_frequencies_each`` as the caller has read them (an import's
    ``PlacementReads.frequencies_each``), when nothing has counted documents since."""
    StoryIndexKey.objects.filter(story=story).delete()
    ids = list(story.articles.values_list("pk", flat=True))  # the articles' own order
    if not ids:
        StoryIndexProfile.objects.filter(story=story).delete()
        return
    known = features if features is not None else {}
    # Only articles whose features the caller lacks are read (their bodies are long).
    known.update(
        articles_features(story.articles.filter(pk__in=[pk for pk in ids if pk not in known]))
    )
    found_all = [known[pk] for pk in ids]
    profile = EngineProfile()
    keys: set[str] = set()
    each = frequencies if frequencies is not None else document_frequencies_each
    for found, df in zip(found_all, each([f.df_terms() for f in found_all]), strict=True):
        found = replace(found, keys=tuple(index_keys(found, df)))
        scratch = StoryIndex(df=df)
        scratch.stories[story.pk] = profile
        scratch.add(story.pk, found)
        keys.update(found.keys)
    _save_profile(story.pk, profile, keys, keyless=True)
