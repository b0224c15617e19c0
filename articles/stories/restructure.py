"""Restructuring stories: moving articles between stories, merging and splitting stories, and
consolidating an import's split machine drafts. Every change is one transaction, kept in the
history and the audit log, and written through ``articles.core.story_state``.

Quotes follow their appearances: a quote whose appearances all move goes with them; a quote
carried by articles on both sides is split in two, so no story shows words it has no article for.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from articles.core.audit import audit_record
from articles.core.history import CHANGED, history_bulk
from articles.core.story_state import stories_touch, story_row_lock, story_save
from articles.engine.grouping import (
    ArticleFeatures,
    StoryIndex,
    index_keys,
)
from articles.engine.grouping import StoryProfile as EngineProfile
from articles.engine.weights import DocumentFrequencies
from articles.models import (
    Article,
    AuditEntry,
    Quote,
    ReviewState,
    Story,
    StoryRedirect,
)
from articles.stories.candidates import PLACEMENT_WINDOW_DAYS, story_index_for
from articles.stories.joining import quote_groups_join
from articles.stories.placement import (
    article_features,
    document_frequencies_each,
    placement_lock,
    story_reindex,
)
from sources.versioning import versions_bump


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
        audit_record(
            action=AuditEntry.Action.MOVE,
            story=target,
            user=user,
            articles=sorted(ids),
            from_story=source_id,
            to_story=target.pk,
        )
    if moved:
        stories_touch(story_ids=[target.pk])
        for story in Story.objects.filter(pk__in=[target.pk, *filter(None, by_source)]):
            story_reindex(story=story)
    return moved


@transaction.atomic
def story_merge(
    *,
    target: Story,
    others: Iterable[Story],
    user=None,
    features: dict[int, ArticleFeatures] | None = None,
) -> Story:
    """Merge ``others`` into ``target``: their articles, quotes (joined to the same statement
    told on the other side), key points, paragraphs and corrections move over; each merged
    story is archived and points to the target in the audit log. ``features``: articles'
    ``article_features`` already at hand (an import's)."""
    others = [s for s in others if s.pk != target.pk]
    if not others:
        raise ConnectError("Choose at least two stories to merge.")
    target = story_row_lock(target)
    live = [s for s in others if s.status == Story.Status.PUBLISHED]
    if live and target.status != Story.Status.PUBLISHED:
        # Merged away, it would be archived and leave the site, its address with it.
        raise ConnectError(
            f"“{live[0]}” is published and “{target}” is not: keep the published story and "
            "merge the others into it, or publish this one first."
        )
    # The merge opens a new version of the target, saved first as the admin saves a story
    # before its inlines: the content moved in belongs to it, not to the version before
    # (whose restore would otherwise bring the other story's key points back).
    story_save(target, user=user)
    next_point = target.key_points.count()
    next_paragraph = target.paragraphs.count()
    for other in Story.objects.select_for_update().filter(pk__in=[s.pk for s in others]):
        article_ids = list(other.articles.values_list("pk", flat=True))
        # One UPDATE each, with the version step and history row of each row's save().
        now = timezone.now()
        quotes = list(Quote.objects.filter(story=other))
        versions_bump(Quote, quotes, story=target, updated_at=now)
        history_bulk(Quote, quotes, CHANGED)
        articles = list(Article.objects.filter(pk__in=article_ids).defer("body"))
        versions_bump(Article, articles, story=target, updated_at=now)
        history_bulk(Article, articles, CHANGED)
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
        story_save(other, user=user, fields=["status"])
        # Its address, and every address that led to it, now lead to the target.
        StoryRedirect.objects.filter(story=other).update(story=target)
        StoryRedirect.objects.update_or_create(old_slug=other.slug, defaults={"story": target})
        audit_record(
            action=AuditEntry.Action.MERGE,
            story=target,
            user=user,
            merged_story=other.pk,
            headline=other.headline,
            articles=article_ids,
        )
    # The same statement told on both sides becomes one quote, whoever carried it.
    quote_groups_join(story_id=target.pk)
    for other in others:
        story_reindex(story=other, features=features)
    story_reindex(story=target, features=features)
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
    audit_record(
        action=AuditEntry.Action.SPLIT,
        story=story,
        user=user,
        new_story=new.pk,
        articles=sorted(ids),
    )
    stories_touch(story_ids=[story.pk])
    story_reindex(story=story)
    story_reindex(story=new)
    return new


# Consolidating an import's stories ----------------------------------------------------------

CONSOLIDATE_PASSES = 3
# The most articles a draft may hold and still be merged away. Online placement splits an
# event when its first articles are vague or arrive out of order: the pieces it leaves are a
# few articles. A draft that many articles chose over the stories already there is a story of
# its own; when it shares its subject with another (the same player arrested twice, two
# quakes on one island) the two are different events, for storylines to link, not to merge.
CONSOLIDATE_MAX_ARTICLES = 5
# Candidate stories per article, as placement scores (the engine's default).
CONSOLIDATE_CANDIDATES = 30
# The mean score a draft's articles need against a story to be merged into it: below the
# placement threshold (``grouping.DEFAULT_THRESHOLD``, 0.28). Placement decided each of them
# against the stories of the moment, often the first few reports of their event or none (a
# report that came before the rest); at the end of the import the draft is scored against
# the stories as they are, and only the one that fits it best. A draft of another event of
# the same subject scores well below this (its names, figures or time disagree).
CONSOLIDATE_THRESHOLD = 0.20


def machine_drafts(story_ids: Iterable[int]) -> dict[int, int]:
    """Of ``story_ids``, the pure machine drafts (draft, never edited: no key points,
    paragraphs, corrections, topics or story aliases; attributions hang on key points and
    paragraphs) with
    their article counts."""
    rows = (
        Story.objects.filter(pk__in=set(story_ids), status=Story.Status.DRAFT)
        .filter(
            key_points__isnull=True,
            paragraphs__isnull=True,
            corrections__isnull=True,
            topics__isnull=True,
            speaker_aliases__isnull=True,
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
    story_id: int,
    cache: dict[int, tuple[ArticleFeatures, DocumentFrequencies]],
    known: dict[int, ArticleFeatures] | None = None,
    apart: Iterable[int] = (),
) -> tuple[int, float] | None:
    """The best other story for all of ``story_id``'s articles, with their mean score.

    Each article is scored against the candidates exactly as placement would (same key index,
    window and score); a candidate must fit the story's articles on average. ``known``: the
    articles' ``article_features`` already computed (by their placement in this import).
    ``apart``: stories that are no candidates (told apart from this one already)."""
    known = known or {}
    features: list[tuple[ArticleFeatures, DocumentFrequencies]] = []
    ids = list(Article.objects.filter(story_id=story_id).values_list("pk", flat=True))
    unknown = [pk for pk in ids if pk not in cache and pk not in known]
    loaded = {
        a.pk: a for a in Article.objects.filter(pk__in=unknown).prefetch_related("people__speaker")
    }
    missing = [pk for pk in ids if pk not in cache]
    found = [known[pk] if pk in known else article_features(loaded[pk]) for pk in missing]
    # One query for all their frequencies: nothing counts documents while drafts are merged.
    for pk, f, df in zip(
        missing, found, document_frequencies_each([f.df_terms() for f in found]), strict=True
    ):
        cache[pk] = (replace(f, keys=tuple(index_keys(f, df))), df)
    for pk in ids:
        features.append(cache[pk])
    if not features:
        return None
    profiles: dict[int, EngineProfile] = {}
    candidates: set[int] = set()
    for f, df in features:
        # Only the candidates' profiles are read in full (``limit``): only they are scored.
        index = story_index_for(f, df, limit=CONSOLIDATE_CANDIDATES, exclude=story_id)
        found = index.candidates(f, CONSOLIDATE_CANDIDATES)
        profiles.update({sid: index.stories[sid] for sid in found})
        candidates.update(found)
    best: tuple[int, float] | None = None
    # One scoring index per article, so each article's own weights are computed once.
    scratches = []
    for f, df in features:
        scratch = StoryIndex(df=df, window_days=PLACEMENT_WINDOW_DAYS)
        scratch.stories = profiles
        scratches.append((f, scratch))
    for candidate in sorted(candidates - set(apart)):
        total = 0.0
        for f, scratch in scratches:
            total += scratch.score(f, candidate).total
        mean = total / len(features)
        if best is None or mean > best[1]:
            best = (candidate, mean)
    return best


def stories_consolidate(
    *,
    story_ids: Iterable[int],
    user=None,
    features: dict[int, ArticleFeatures] | None = None,
    apart: Iterable[tuple[int, int]] = (),
) -> dict[int, int]:
    """Merge the pure machine drafts among ``story_ids`` into the story about the same event.

    Online placement splits an event when its first articles are vague or arrive out of
    order; at the end of an import each draft is scored against the other stories sharing
    its keys (the placement index and window, never a scan), and merged into the best one when
    its articles score at least ``CONSOLIDATE_THRESHOLD`` on average. Only drafts of at most
    ``CONSOLIDATE_MAX_ARTICLES`` articles are merged away (the pieces a split leaves). Smaller
    drafts are merged first, and a draft only into a story at least as large (the larger draft
    absorbs the smaller), so merges go one way. Repeated until nothing merges (a few passes at
    most).

    Merging goes through ``story_merge`` (history and audit entry); the emptied draft never
    held editorial work, so it is then deleted rather than left archived and empty. Stories
    with editorial work, published ones and stories outside ``story_ids`` are never merged
    away (a draft may join them, as placement would have put its articles there).

    ``features``: ``article_features`` of articles by id, when the import has them (from
    their placement), so they are not computed again. ``apart``: pairs of stories never
    merged into each other (two events ``stories_separate`` told apart).

    Returns old story id -> surviving story id for every merged story.
    """
    mapping: dict[int, int] = {}
    cache: dict[int, tuple[ArticleFeatures, DocumentFrequencies]] = {}
    kept_apart: dict[int, set[int]] = {}
    for a, b in apart:
        kept_apart.setdefault(a, set()).add(b)
        kept_apart.setdefault(b, set()).add(a)
    pending = set(story_ids)
    for _ in range(CONSOLIDATE_PASSES):
        drafts = machine_drafts(pending)
        merged = False
        for story_id in sorted(drafts, key=lambda s: (drafts[s], -s)):
            if story_id in mapping or drafts[story_id] > CONSOLIDATE_MAX_ARTICLES:
                continue
            found = _story_match(story_id, cache, features, kept_apart.get(story_id, ()))
            if found is None or found[1] < CONSOLIDATE_THRESHOLD:
                continue
            target_id = found[0]
            if target_id in drafts and (drafts[target_id], -target_id) < (
                drafts[story_id],
                -story_id,
            ):
                continue  # the smaller draft comes to this one in its own turn
            with transaction.atomic():
                placement_lock()
                source = Story.objects.get(pk=story_id)
                arrived = list(source.articles.values_list("pk", flat=True))
                target = story_merge(
                    target=Story.objects.get(pk=target_id),
                    others=[source],
                    user=user,
                    features=features,
                )
                source.delete()
                if target.status == Story.Status.PUBLISHED:  # as placement would have: waiting
                    Article.objects.filter(pk__in=arrived).update(
                        review_state=ReviewState.SUGGESTED, version=F("version") + 1
                    )
            mapping[story_id] = target.pk
            # What it was apart from, the target is (one merged away already: its survivor is).
            for other in kept_apart.pop(story_id, set()) - mapping.keys():
                kept_apart.setdefault(target.pk, set()).add(other)
                kept_apart[other].add(target.pk)
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
