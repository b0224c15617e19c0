"""Connecting articles into stories: moving articles between stories, merging and splitting
stories. Every change is one transaction, kept in the history and the audit log.

Quotes follow their appearances: a quote whose appearances all move goes with them; a quote
carried by articles on both sides is split in two, so no story shows words it has no article for.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from articles.engine.evidence import Passage, find_evidence, passages_from_article
from articles.engine.figures_compare import FigureTable, compare_figures
from articles.engine.grouping import (
    ArticleFeatures,
    StoryIndex,
    featurize,
    index_keys,
)
from articles.engine.grouping import StoryProfile as EngineProfile
from articles.engine.quote_match import group_quotes, match_quote
from articles.engine.similarity import split_sentences
from articles.engine.types import Figure as EngineFigure
from articles.engine.weights import DocumentFrequencies
from articles.models import (
    Article,
    Attribution,
    AuditEntry,
    Figure,
    KeyPoint,
    Quote,
    QuoteAppearance,
    ReviewState,
    Story,
    StoryIndexKey,
    StoryIndexProfile,
    SummaryParagraph,
    TermFrequency,
)
from sources.models import Outlet


class ConnectError(ValueError):
    """A move, merge or split that cannot be done, with a message for the editor."""


def _move_quotes(*, source: Story, target: Story, article_ids: set[int]) -> int:
    """Move the quotes of ``article_ids`` from ``source`` to ``target``; returns how many."""
    moved = 0
    ids = Quote.objects.filter(story=source, appearances__article_id__in=article_ids).values("pk")
    quotes = Quote.objects.select_for_update().filter(pk__in=ids).prefetch_related("appearances")
    for quote in quotes:
        appearances = list(quote.appearances.all())
        going = [a for a in appearances if a.article_id in article_ids]
        if len(going) == len(appearances):
            quote.story = target
            quote.save(update_fields=["story", "updated_at"])
        else:
            twin = Quote.objects.create(story=target, speaker=quote.speaker, text=going[0].text)
            for appearance in going:
                appearance.quote = twin
                appearance.save(update_fields=["quote"])
        moved += 1
    return moved


@transaction.atomic
def articles_move(*, articles: Iterable[Article], target: Story, user=None) -> int:
    """Move articles (with their quotes) into ``target``. Returns how many moved."""
    articles = list(Article.objects.select_for_update().filter(pk__in=[a.pk for a in articles]))
    by_source: dict[int | None, set[int]] = {}
    for article in articles:
        if article.story_id == target.pk:
            continue
        by_source.setdefault(article.story_id, set()).add(article.pk)
    moved = 0
    for source_id, ids in by_source.items():
        if source_id is not None:
            source = Story.objects.get(pk=source_id)
            _move_quotes(source=source, target=target, article_ids=ids)
        else:
            for quote in Quote.objects.filter(
                story__isnull=True, appearances__article_id__in=ids
            ).distinct():
                quote.story = target
                quote.save(update_fields=["story", "updated_at"])
        for article in articles:
            if article.pk in ids:
                article.story = target
                article.save(update_fields=["story", "updated_at"])
                moved += 1
        AuditEntry.objects.create(
            action=AuditEntry.Action.MOVE,
            story=target,
            user=user,
            detail={"articles": sorted(ids), "from_story": source_id, "to_story": target.pk},
        )
    if moved:
        Story.objects.filter(pk=target.pk).update(updated_at=timezone.now())
        for story in Story.objects.filter(pk__in=[target.pk, *filter(None, by_source)]):
            story_reindex(story=story)
    return moved


@transaction.atomic
def story_merge(*, target: Story, others: Iterable[Story], user=None) -> Story:
    """Merge ``others`` into ``target``: their articles, quotes, key points, paragraphs and
    corrections move over; each merged story is archived and points to the target in the
    audit log."""
    others = [s for s in others if s.pk != target.pk]
    if not others:
        raise ConnectError("Choose at least two stories to merge.")
    target = Story.objects.select_for_update().get(pk=target.pk)
    next_point = target.key_points.count()
    next_paragraph = target.paragraphs.count()
    for other in Story.objects.select_for_update().filter(pk__in=[s.pk for s in others]):
        article_ids = list(other.articles.values_list("pk", flat=True))
        # Row by row, so that the history records each change.
        for quote in Quote.objects.filter(story=other):
            quote.story = target
            quote.save(update_fields=["story", "updated_at"])
        for article in Article.objects.filter(pk__in=article_ids):
            article.story = target
            article.save(update_fields=["story", "updated_at"])
        for point in other.key_points.all():
            point.story, point.position = target, next_point
            point.save(update_fields=["story", "position"])
            next_point += 1
        for paragraph in other.paragraphs.all():
            paragraph.story, paragraph.position = target, next_paragraph
            paragraph.save(update_fields=["story", "position"])
            next_paragraph += 1
        for correction in other.corrections.all():
            correction.story = target
            correction.save(update_fields=["story"])
        other.status = Story.Status.ARCHIVED
        other.version += 1
        other.save(update_fields=["status", "version", "updated_at"])
        AuditEntry.objects.create(
            action=AuditEntry.Action.MERGE,
            story=target,
            user=user,
            detail={"merged_story": other.pk, "headline": other.headline, "articles": article_ids},
        )
    target.updated_at = timezone.now()
    target.version += 1
    target.save(update_fields=["updated_at", "version"])
    for other in others:
        story_reindex(story=other)
    story_reindex(story=target)
    return target


@transaction.atomic
def story_split(
    *, story: Story, articles: Iterable[Article], headline: str = "", user=None
) -> Story:
    """Move ``articles`` out of ``story`` into a new draft story and return it."""
    articles = list(Article.objects.filter(pk__in=[a.pk for a in articles]))
    ids = {a.pk for a in articles}
    if not ids:
        raise ConnectError("Choose the articles that form the new story.")
    if any(a.story_id != story.pk for a in articles):
        raise ConnectError("Only articles of this story can be split off.")
    if ids == set(story.articles.values_list("pk", flat=True)):
        raise ConnectError("A split must leave at least one article in the original story.")
    first = min(articles, key=lambda a: (a.published_at is None, a.published_at, a.pk))
    new = Story.objects.create(
        headline=headline or first.headline,
        status=Story.Status.DRAFT,
        created_by=user,
        updated_by=user,
    )
    _move_quotes(source=story, target=new, article_ids=ids)
    for article in Article.objects.filter(pk__in=ids):
        article.story = new
        article.save(update_fields=["story", "updated_at"])
    AuditEntry.objects.create(
        action=AuditEntry.Action.SPLIT,
        story=story,
        user=user,
        detail={"new_story": new.pk, "articles": sorted(ids)},
    )
    Story.objects.filter(pk=story.pk).update(updated_at=timezone.now())
    story_reindex(story=story)
    story_reindex(story=new)
    return new


# Placing articles into stories --------------------------------------------------------------

PLACEMENT_WINDOW_DAYS = 7
MAX_CANDIDATE_ROWS = 4000


def _features(article: Article, df: DocumentFrequencies | None = None) -> ArticleFeatures:
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


def _load_df(terms: Iterable[str]) -> DocumentFrequencies:
    """Document frequencies of just the given terms, and the document count."""
    terms = set(terms)
    rows = dict(
        TermFrequency.objects.filter(term__in=[*terms, TermFrequency.DOCUMENT_COUNT]).values_list(
            "term", "df"
        )
    )
    n_docs = rows.pop(TermFrequency.DOCUMENT_COUNT, 0)
    return DocumentFrequencies.from_dict({"n_docs": n_docs, "df": rows})


def _count_documents(terms: set[str]) -> None:
    """Add one document with ``terms`` to the frequencies (atomic increments)."""
    terms = {t[:200] for t in terms} | {TermFrequency.DOCUMENT_COUNT}
    existing = set(TermFrequency.objects.filter(term__in=terms).values_list("term", flat=True))
    TermFrequency.objects.bulk_create(
        [TermFrequency(term=t, df=0) for t in terms - existing], ignore_conflicts=True
    )
    TermFrequency.objects.filter(term__in=terms).update(df=F("df") + 1)


def _index_for(features: ArticleFeatures, df: DocumentFrequencies) -> StoryIndex:
    """A small StoryIndex holding only the stories that share keys with the article."""
    index = StoryIndex(df=df, window_days=PLACEMENT_WINDOW_DAYS)
    keys = list(features.keys)
    rows = StoryIndexKey.objects.filter(key__in=keys).exclude(story__status=Story.Status.ARCHIVED)
    if features.published is not None:
        day = features.published.toordinal()
        rows = rows.filter(Q(last_day__isnull=True) | Q(last_day__gte=day - PLACEMENT_WINDOW_DAYS))
    postings: dict[str, dict[int, None]] = {}
    if features.published is not None:
        # Oldest first, so that the engine's newest-first reading of a posting list holds.
        found = rows.order_by("last_day", "story_id").values_list("key", "story_id")[
            :MAX_CANDIDATE_ROWS
        ]
    else:
        # No date, no window: the most recently active stories, read back oldest first.
        newest = rows.order_by("-last_day", "-story_id").values_list("key", "story_id")
        found = list(newest[:MAX_CANDIDATE_ROWS])[::-1]
    for key, story_id in found:
        postings.setdefault(key, {})[story_id] = None
    index.postings = postings
    story_ids = {sid for posting in postings.values() for sid in posting}
    index.stories = {
        p.story_id: EngineProfile.from_dict(p.profile)
        for p in StoryIndexProfile.objects.filter(story_id__in=story_ids)
    }
    # A key may point at a story whose profile is gone (a race with a rebuild): skip it.
    for posting in postings.values():
        for sid in [s for s in posting if s not in index.stories]:
            del posting[sid]
    return index


def _save_profile(story_id: int, profile: EngineProfile, keys: Iterable[str]) -> None:
    StoryIndexProfile.objects.update_or_create(
        story_id=story_id,
        defaults={
            "profile": profile.as_dict(),
            "first_day": profile.first,
            "last_day": profile.last,
        },
    )
    keys = {k[:200] for k in keys}
    existing = set(
        StoryIndexKey.objects.filter(story_id=story_id, key__in=keys).values_list("key", flat=True)
    )
    StoryIndexKey.objects.bulk_create(
        [StoryIndexKey(key=k, story_id=story_id, last_day=profile.last) for k in keys - existing],
        ignore_conflicts=True,
    )
    StoryIndexKey.objects.filter(story_id=story_id).update(last_day=profile.last)


def _lock_placement() -> None:
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


@transaction.atomic
def article_place(*, article: Article, user=None) -> Placement:
    """Put ``article`` into the story about the same event, or start a new draft story.

    An article already in a story stays there (editors decide moves); its index entry is
    refreshed. Candidates come from the key index, never from a scan of stored articles.
    """
    _lock_placement()
    features = _features(article)
    df = _load_df(features.df_terms())
    features = replace(features, keys=tuple(index_keys(features, df)))
    if article.story_id is not None:
        story, created, score = article.story, False, None
    else:
        index = _index_for(features, df)
        best = index.best(features)
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
        article.story = story
        article.save(update_fields=["story", "updated_at"])
        for quote in Quote.objects.filter(story__isnull=True, appearances__article=article):
            quote.story = story
            quote.save(update_fields=["story", "updated_at"])
    row = StoryIndexProfile.objects.select_for_update().filter(story=story).first()
    profile = EngineProfile.from_dict(row.profile) if row else EngineProfile()
    scratch = StoryIndex(df=df)
    scratch.stories[story.pk] = profile
    scratch.add(story.pk, features)
    _count_documents(features.df_terms())
    _save_profile(story.pk, profile, features.keys)
    return Placement(story=story, created=created, score=score)


@transaction.atomic
def story_reindex(*, story: Story) -> None:
    """Rebuild a story's index profile from its articles (after a move, merge or split)."""
    StoryIndexKey.objects.filter(story=story).delete()
    articles = list(story.articles.all())
    if not articles:
        StoryIndexProfile.objects.filter(story=story).delete()
        return
    profile = EngineProfile()
    keys: set[str] = set()
    for article in articles:
        features = _features(article)
        df = _load_df(features.df_terms())
        features = replace(features, keys=tuple(index_keys(features, df)))
        scratch = StoryIndex(df=df)
        scratch.stories[story.pk] = profile
        scratch.add(story.pk, features)
        keys.update(features.keys)
    _save_profile(story.pk, profile, keys)


# The same quote across outlets ----------------------------------------------------------------


def _statement(appearances: Iterable[QuoteAppearance]) -> str:
    return " ".join(a.text.strip() for a in sorted(appearances, key=lambda a: a.start))


def _wordings(quote: Quote) -> list[str]:
    by_article: dict[int, list[QuoteAppearance]] = {}
    for appearance in quote.appearances.all():
        if appearance.review_state != ReviewState.REJECTED:
            by_article.setdefault(appearance.article_id, []).append(appearance)
    return [_statement(group) for group in by_article.values()]


@transaction.atomic
def quotes_connect(*, article: Article) -> int:
    """Join the article's quotes to the same statements already in its story.

    Only quotes of the same speaker in the same story are compared. Returns how many quotes
    were joined to an existing one."""
    if article.story_id is None:
        return 0
    joined = 0
    own = list(
        Quote.objects.filter(story_id=article.story_id, appearances__article=article)
        .exclude(speaker__isnull=True)
        .distinct()
        .prefetch_related("appearances")
    )
    if not own:
        return 0
    # Every quote of the same speakers in the story, loaded once: the candidates for joining.
    wordings: dict[int, dict[int, list[str]]] = {}
    for other in Quote.objects.filter(
        story_id=article.story_id, speaker_id__in={q.speaker_id for q in own}
    ).prefetch_related("appearances"):
        wordings.setdefault(other.speaker_id, {})[other.pk] = _wordings(other)
    for quote in own:
        appearances = list(quote.appearances.all())
        if any(a.article_id != article.pk for a in appearances):
            continue  # already joined to other outlets' wordings
        statement = _statement(appearances)
        groups = {
            pk: texts
            for pk, texts in wordings.get(quote.speaker_id, {}).items()
            if pk != quote.pk and texts
        }
        match = group_quotes(statement, groups)
        if match is None:
            continue
        target = Quote.objects.get(pk=match.key)
        for appearance in appearances:
            appearance.quote = target
            appearance.match = match.match.kind
            appearance.match_score = round(match.match.score, 3)
            appearance.save(update_fields=["quote", "match", "match_score"])
        joined_pk = quote.pk
        quote.delete()
        speaker_groups = wordings[quote.speaker_id]
        speaker_groups.pop(joined_pk, None)
        speaker_groups[target.pk].append(statement)
        joined += 1
        _mark_original(target)
    return joined


def _mark_original(quote: Quote) -> None:
    """The first outlet to carry the quote holds the original wording."""
    appearances = list(quote.appearances.select_related("article"))
    first = min(
        appearances,
        key=lambda a: (
            a.article.published_at is None,
            a.article.published_at or a.article.created_at,
            a.article_id,
            a.start,
        ),
    )
    original = _statement(a for a in appearances if a.article_id == first.article_id)
    if quote.text != original:
        quote.text = original
        quote.save(update_fields=["text", "updated_at"])
    for appearance in appearances:
        if appearance.article_id == first.article_id:
            if appearance.match != QuoteAppearance.Match.ORIGINAL:
                appearance.match = QuoteAppearance.Match.ORIGINAL
                appearance.match_score = None
                appearance.save(update_fields=["match", "match_score"])
        elif appearance.match == QuoteAppearance.Match.ORIGINAL:
            m = match_quote(appearance.text, first.text)
            appearance.match = m.kind or QuoteAppearance.Match.PARAPHRASE
            appearance.match_score = round(m.score, 3)
            appearance.save(update_fields=["match", "match_score"])


# Figures side by side -------------------------------------------------------------------------


def story_figure_table(*, story: Story) -> FigureTable:
    """The story's figures per outlet, with disagreements flagged."""
    rows = Figure.objects.filter(article__story=story).select_related("article__outlet")
    items = [
        (
            row.article.outlet.name,
            EngineFigure(
                text=row.text,
                start=row.start,
                end=row.end,
                value=row.value,
                unit=row.unit,
                per=row.per,
                period=row.period,
                qualifier=row.qualifier,
                kind=row.kind,
            ),
        )
        for row in rows.order_by("article__published_at", "article_id", "start")
    ]
    return compare_figures(items)


# Evidence for every key point -----------------------------------------------------------------


@dataclass(frozen=True)
class StoryFlag:
    """Something an editor should look at before publishing."""

    kind: str  # "unsupported" or "cited-without-article"
    message: str
    key_point: KeyPoint | None = None
    paragraph: SummaryParagraph | None = None


def _article_passages(story: Story) -> list[Passage]:
    passages: list[Passage] = []
    articles = story.articles.select_related("outlet").exclude(outlet__kind=Outlet.Kind.AGGREGATOR)
    for article in articles:
        passages += passages_from_article(article.pk, article.outlet.name, article.body)
    return passages


# A summary sentence packs several facts, so its words are only partly in any one passage; its
# suggestions go to an editor for review, never straight to readers' chips unreviewed.
SENTENCE_THRESHOLD = 0.24


@transaction.atomic
def story_find_evidence(*, story: Story) -> int:
    """Link each key point and summary paragraph to the passages that support it.

    Engine rows an editor has not touched are replaced; editors' own citations and reviewed
    rows stay. Key points also inherit the outlets cited by the summary paragraphs that
    support them. Returns how many evidence rows were written."""
    outlets = {o.name: o for o in Outlet.objects.filter(articles__story=story).distinct()}
    articles = {a.pk: a for a in story.articles.all()}
    passages = _article_passages(story)
    Attribution.objects.filter(
        Q(key_point__story=story) | Q(paragraph__story=story),
        origin=Attribution.Origin.ENGINE,
        review_state=ReviewState.SUGGESTED,
    ).delete()
    paragraphs = list(story.paragraphs.prefetch_related("attributions__outlet"))
    written = 0

    def link(hits, **target) -> int:
        taken = set(
            Attribution.objects.filter(**target).values_list("outlet_id", "article_id", "start")
        )
        count = 0
        for position, hit in enumerate(hits):
            article = articles[hit.passage.article_key]
            key = (outlets[hit.passage.outlet].pk, article.pk, hit.passage.start)
            if key in taken:
                continue
            Attribution.objects.create(
                outlet=outlets[hit.passage.outlet],
                article=article,
                passage=hit.passage.text,
                start=hit.passage.start,
                end=hit.passage.end,
                score=hit.score,
                origin=Attribution.Origin.ENGINE,
                review_state=ReviewState.SUGGESTED,
                position=100 + position,
                **target,
            )
            taken.add(key)
            count += 1
        return count

    # Summary paragraphs that support a key point lend it the outlets they cite.
    summary = [
        Passage(p.pk, "", p.text, 0, len(p.text)) for p in paragraphs if p.attributions.all()
    ]
    cited = {p.pk: p for p in paragraphs}
    for point in story.key_points.all():
        written += link(find_evidence(point.text, passages, limit=3), key_point=point)
        have = set(point.attributions.values_list("outlet_id", flat=True))
        for hit in find_evidence(point.text, summary, limit=2):
            for attribution in cited[hit.passage.article_key].attributions.all():
                if attribution.article_id is None and attribution.outlet_id not in have:
                    Attribution.objects.create(
                        key_point=point,
                        outlet=attribution.outlet,
                        passage=hit.passage.text,
                        score=hit.score,
                        origin=Attribution.Origin.ENGINE,
                        review_state=ReviewState.SUGGESTED,
                        position=50 + len(have),
                    )
                    have.add(attribution.outlet_id)
                    written += 1
    for paragraph in paragraphs:
        # Each sentence of a paragraph is its own claim; the paragraph collects their support.
        hits = []
        for start, end in split_sentences(paragraph.text):
            hits += find_evidence(
                paragraph.text[start:end],
                passages,
                threshold=SENTENCE_THRESHOLD,
                limit=2,
            )
        hits.sort(key=lambda h: -h.score)
        written += link(hits, paragraph=paragraph)
    return written


def story_flags(*, story: Story) -> list[StoryFlag]:
    """Claims no article of the story supports, and outlets cited without any article."""
    flags: list[StoryFlag] = []
    story_outlets = set(story.articles.values_list("outlet_id", flat=True))
    points = story.key_points.prefetch_related("attributions__outlet")
    paragraphs = story.paragraphs.prefetch_related("attributions__outlet")
    orphans: dict[Outlet, list[str]] = {}
    for label, claims, field in (
        ("Key point", points, "key_point"),
        ("Paragraph", paragraphs, "paragraph"),
    ):
        for position, claim in enumerate(claims, start=1):
            attributions = list(claim.attributions.all())
            supported = any(
                a.article_id and a.review_state != ReviewState.REJECTED for a in attributions
            )
            if not supported and not claim.evidence_override:
                flags.append(
                    StoryFlag(
                        "unsupported",
                        f"{label} {position} has no supporting article: “{str(claim)[:80]}”",
                        **{field: claim},
                    )
                )
            for attribution in attributions:
                if attribution.article_id is None and attribution.outlet_id not in story_outlets:
                    where = f"{label.lower()} {position}"
                    cited_in = orphans.setdefault(attribution.outlet, [])
                    if where not in cited_in:
                        cited_in.append(where)
    for outlet, places in orphans.items():
        flags.append(
            StoryFlag(
                "cited-without-article",
                f"{outlet} is cited ({', '.join(places)}) but none of its articles is in the "
                "story.",
            )
        )
    return flags


# Consolidating an import's stories ----------------------------------------------------------

CONSOLIDATE_PASSES = 3


def _machine_drafts(story_ids: Iterable[int]) -> dict[int, int]:
    """Of ``story_ids``, the pure machine drafts (draft, never edited: no key points,
    paragraphs, corrections or topics; attributions hang on key points and paragraphs) with
    their article counts."""
    rows = (
        Story.objects.filter(pk__in=set(story_ids), status=Story.Status.DRAFT)
        .filter(
            key_points__isnull=True,
            paragraphs__isnull=True,
            corrections__isnull=True,
            topics__isnull=True,
        )
        .values_list("pk", flat=True)
        .distinct()
    )
    ids = list(rows)
    counts = dict.fromkeys(ids, 0)
    for story_id in Article.objects.filter(story_id__in=ids).values_list("story_id", flat=True):
        counts[story_id] += 1
    return {k: v for k, v in counts.items() if v}


def _story_match(
    story_id: int, cache: dict[int, tuple[ArticleFeatures, DocumentFrequencies]]
) -> tuple[int, float] | None:
    """The best other story for all of ``story_id``'s articles, with their mean score.

    Each article is scored against the candidates exactly as placement would (same key index,
    window and score); a candidate must fit the story's articles on average."""
    features: list[tuple[ArticleFeatures, DocumentFrequencies]] = []
    for article in Article.objects.filter(story_id=story_id).prefetch_related("people__speaker"):
        if article.pk not in cache:
            f = _features(article)
            df = _load_df(f.df_terms())
            cache[article.pk] = (replace(f, keys=tuple(index_keys(f, df))), df)
        features.append(cache[article.pk])
    if not features:
        return None
    profiles: dict[int, EngineProfile] = {}
    candidates: set[int] = set()
    for f, df in features:
        index = _index_for(f, df)
        index.stories.pop(story_id, None)
        for posting in index.postings.values():
            posting.pop(story_id, None)
        profiles.update(index.stories)
        candidates.update(index.candidates(f))
    best: tuple[int, float] | None = None
    for candidate in sorted(candidates):
        total = 0.0
        for f, df in features:
            scratch = StoryIndex(df=df, window_days=PLACEMENT_WINDOW_DAYS)
            scratch.stories = profiles
            total += scratch.score(f, candidate).total
        mean = total / len(features)
        if best is None or mean > best[1]:
            best = (candidate, mean)
    return best


def stories_consolidate(*, story_ids: Iterable[int], user=None) -> dict[int, int]:
    """Merge the pure machine drafts among ``story_ids`` into the story about the same event.

    Online placement splits an event when its first articles are vague or arrive out of
    order; at the end of an import each draft is scored against the other stories sharing
    its keys (the placement index and window, never a scan), and merged into the best one when
    its articles score above the placement threshold on average. Smaller drafts are merged
    first, and a draft only into a story at least as large (the larger draft absorbs the
    smaller), so merges go one way. Repeated until nothing merges (a few passes at most).

    Merging goes through ``story_merge`` (history and audit entry); the emptied draft never
    held editorial work, so it is then deleted rather than left archived and empty. Stories
    with editorial work, published ones and stories outside ``story_ids`` are never merged
    away (a draft may join them, as placement would have put its articles there).

    Returns old story id -> surviving story id for every merged story.
    """
    from articles.engine.grouping import DEFAULT_THRESHOLD

    mapping: dict[int, int] = {}
    cache: dict[int, tuple[ArticleFeatures, DocumentFrequencies]] = {}
    pending = set(story_ids)
    for _ in range(CONSOLIDATE_PASSES):
        drafts = _machine_drafts(pending)
        merged = False
        for story_id in sorted(drafts, key=lambda s: (drafts[s], -s)):
            if story_id in mapping:
                continue
            found = _story_match(story_id, cache)
            if found is None or found[1] < DEFAULT_THRESHOLD:
                continue
            target_id = found[0]
            if target_id in drafts and (drafts[target_id], -target_id) < (
                drafts[story_id],
                -story_id,
            ):
                continue  # the smaller draft comes to this one in its own turn
            with transaction.atomic():
                _lock_placement()
                source = Story.objects.get(pk=story_id)
                target = story_merge(
                    target=Story.objects.get(pk=target_id), others=[source], user=user
                )
                source.delete()
            mapping[story_id] = target.pk
            if target_id in drafts:
                drafts[target_id] += drafts[story_id]
            merged = True
        pending -= set(mapping)
        if not merged:
            break
    # Chains (a merged into b, b into c) resolve to the survivor.
    for old, new in mapping.items():
        while new in mapping:
            new = mapping[new]
        mapping[old] = new
    return mapping
