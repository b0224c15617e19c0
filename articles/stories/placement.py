"""Placing articles into stories: each imported article joins the story about its event or
starts a new draft. Candidates come from the key index (``articles.stories.candidates``),
never a scan.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from articles.core.bulk import objs_insert
from articles.core.history import CHANGED, history_bulk
from articles.engine.grouping import (
    ArticleFeatures,
    StoryIndex,
    featurize,
    index_keys,
)
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
from sources.versioning import versioned_update, versions_bump

# Candidate stories scored per placement (the engine's default).
PLACEMENT_CANDIDATES = 30


def article_features(
    article: Article, df: DocumentFrequencies | None = None, *, names: list[str] | None = None
) -> ArticleFeatures:
    """``names``: the article's people in row order, when the caller has them at hand."""
    if names is None:
        names = [p.speaker.name for p in article.people.select_related("speaker")]
    # An article without a publish date has no known date: the time it was imported says
    # nothing about when its event happened (an archive imported today would be "today" and
    # fall outside every story's window), so it is matched on its text alone.
    return featurize(
        headline=article.headline,
        body=article.body,
        published_at=article.published_at,
        names=names,
        df=df,
    )


def document_frequencies(terms: Iterable[str]) -> DocumentFrequencies:
    """Document frequencies of just the given terms, and the document count."""
    return document_frequencies_each([set(terms)])[0]


def document_frequencies_each(term_sets: list[set[str]]) -> list[DocumentFrequencies]:
    """``document_frequencies`` of each set of terms, read in one query: the same figures as
    one query a set, as long as nothing counts documents in between."""
    wanted = set().union(*term_sets) if term_sets else set()
    rows = dict(
        TermFrequency.objects.filter(term__in=[*wanted, TermFrequency.DOCUMENT_COUNT]).values_list(
            "term", "df"
        )
    )
    n_docs = rows.pop(TermFrequency.DOCUMENT_COUNT, 0)
    return [
        DocumentFrequencies.from_dict(
            {"n_docs": n_docs, "df": {t: rows[t] for t in terms if t in rows}}
        )
        for terms in term_sets
    ]


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
    TermFrequency.objects.filter(term__in=terms).update(df=F("df") + 1)


def _save_profile(
    story_id: int,
    profile: EngineProfile,
    keys: Iterable[str],
    *,
    exists: bool = False,
    new: bool = False,
) -> None:
    """``exists``: the caller holds the story's profile row (locked): update it in place.
    ``new``: the story was created in this transaction, so it has no rows yet."""
    values = {"profile": profile.as_dict(), "first_day": profile.first, "last_day": profile.last}
    if exists:
        StoryIndexProfile.objects.filter(story_id=story_id).update(**values)
    elif new:
        StoryIndexProfile.objects.create(story_id=story_id, **values)
    else:
        StoryIndexProfile.objects.update_or_create(story_id=story_id, defaults=values)
    keys = {k[:200] for k in keys}
    existing = (
        set()  # a story created in this transaction has no key rows yet
        if new
        else set(
            StoryIndexKey.objects.filter(story_id=story_id, key__in=keys).values_list(
                "key", flat=True
            )
        )
    )
    first, last = profile.first, profile.last
    objs_insert(
        StoryIndexKey,
        [
            StoryIndexKey(key=k, story_id=story_id, first_day=first, last_day=last)
            for k in keys - existing
        ],
        ignore_conflicts=True,
    )
    # Only the rows whose days change are written: most placements leave the story's days
    # as they were, and rewriting every key row of a long story cost a write per row.
    stale = _differs("first_day", first) | _differs("last_day", last)
    StoryIndexKey.objects.filter(stale, story_id=story_id).update(first_day=first, last_day=last)


def _differs(field: str, value: int | None) -> Q:
    if value is None:
        return Q(**{f"{field}__isnull": False})
    return Q(**{f"{field}__isnull": True}) | ~Q(**{field: value})


def placement_lock() -> None:
    """Serialise placements on PostgreSQL so two imports of one new event make one story.
    SQLite already serialises writers."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
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
) -> Placement:
    """Put ``article`` into the story about the same event, or start a new draft story.

    An article already in a story stays there (editors decide moves); its index entry is
    refreshed. Candidates come from the key index, never from a scan of stored articles.
    Joining its quotes to other outlets' wordings is the next step, ``quotes_connect``.
    ``names``: the article's people (``ArticlePerson`` speakers in row order), and
    ``quotes``: its quotes (in id order), when the caller just stored them.
    """
    placement_lock()
    features = raw = article_features(article, names=names)
    df = document_frequencies(features.df_terms())
    # The terms with a row (before the article is added to ``df`` below).
    stored = set(df.df) | ({TermFrequency.DOCUMENT_COUNT} if df.n_docs else set())
    features = replace(features, keys=tuple(index_keys(features, df)))
    if article.story_id is not None:
        story, created, score = article.story, False, None
    else:
        index = story_index_for(features, df, limit=PLACEMENT_CANDIDATES)
        best = index.best(features, limit=PLACEMENT_CANDIDATES)
        if best is not None and best[1].total >= index.threshold:
            story = Story.objects.get(pk=best[0])
            created, score = False, best[1].total
        else:
            story = Story.objects.create(
                headline=article.headline[:300] or "Untitled story",
                status=Story.Status.DRAFT,
                created_by=user,
                updated_by=user,
            )
            created, score = True, best[1].total if best else None
        values = {"story": story, "updated_at": timezone.now()}
        if story.status == Story.Status.PUBLISHED:
            # A story already live (or scheduled) changes for readers only when an editor
            # accepts the article: it waits in the dashboard's review queue.
            values["review_state"] = ReviewState.SUGGESTED
        # What ``article.save(update_fields=...)`` does, in two queries: the version check
        # and step with the change, and the history row.
        versioned_update(article, **values)
        history_bulk(Article, [article], CHANGED)
    # The article's quotes not yet in a story join its story: one UPDATE, and the version
    # step and history row each quote's save() would give.
    if quotes is None:
        quotes = Quote.objects.filter(story__isnull=True, appearances__article=article).distinct()
    quotes = [q for q in quotes if q.story_id is None]
    versions_bump(Quote, quotes, story=story, updated_at=timezone.now())
    history_bulk(Quote, quotes, CHANGED)
    # A story created just now has no profile row yet.
    row = (
        None
        if created
        else StoryIndexProfile.objects.select_for_update().filter(story=story).first()
    )
    profile = EngineProfile.from_dict(row.profile) if row else EngineProfile()
    scratch = StoryIndex(df=df)
    scratch.stories[story.pk] = profile
    scratch.add(story.pk, features)
    _count_documents(features.df_terms(), known=stored)
    _save_profile(story.pk, profile, features.keys, exists=row is not None, new=created)
    return Placement(story=story, created=created, score=score, features=raw)


@transaction.atomic
def story_reindex(*, story: Story, features: dict[int, ArticleFeatures] | None = None) -> None:
    """Rebuild a story's index profile from its articles (after a move, merge or split).

    ``features``: ``article_features`` of articles by id, when the caller has them (an
    import's consolidation): they are not computed again."""
    StoryIndexKey.objects.filter(story=story).delete()
    ids = list(story.articles.values_list("pk", flat=True))  # the articles' own order
    if not ids:
        StoryIndexProfile.objects.filter(story=story).delete()
        return
    known = features or {}
    # Only articles whose features the caller lacks are read (their bodies are long).
    loaded = story.articles.in_bulk([pk for pk in ids if pk not in known])
    found_all = [known[pk] if pk in known else article_features(loaded[pk]) for pk in ids]
    profile = EngineProfile()
    keys: set[str] = set()
    for found, df in zip(
        found_all, document_frequencies_each([f.df_terms() for f in found_all]), strict=True
    ):
        found = replace(found, keys=tuple(index_keys(found, df)))
        scratch = StoryIndex(df=df)
        scratch.stories[story.pk] = profile
        scratch.add(story.pk, found)
        keys.update(found.keys)
    _save_profile(story.pk, profile, keys)
