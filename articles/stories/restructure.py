"""Restructuring stories: moving articles between stories, merging and splitting stories (an
import's drafts are consolidated by ``articles.stories.consolidation``). Every change is one
transaction, kept in the history and the audit log, and written through
``articles.core.story_state``.

Quotes follow their appearances: a quote whose appearances all move goes with them; a quote
carried by articles on both sides is split in two, so no story shows words it has no article for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.db import transaction
from django.utils import timezone

from articles.core.audit import audit_record
from articles.core.history import CHANGED, history_bulk
from articles.core.story_state import stories_touch, story_row_lock, story_save
from articles.engine.grouping import ArticleFeatures
from articles.engine.weights import DocumentFrequencies
from articles.models import Article, AuditEntry, Quote, Story, StoryRedirect
from articles.stories.joining import quote_groups_join
from articles.stories.placement import story_reindex
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
    frequencies: Callable[[list[set[str]]], list[DocumentFrequencies]] | None = None,
) -> Story:
    """Merge ``others`` into ``target``: their articles, quotes (joined to the same statement
    told on the other side), key points, paragraphs and corrections move over; each merged
    story is archived and points to the target in the audit log. ``features``: articles'
    ``article_features`` already at hand (an import's); ``frequencies``: the import's reads
    of the document frequencies (``story_reindex``)."""
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
    # The target's key points and paragraphs are counted when the first one moves in (an
    # import's drafts have none).
    next_point = next_paragraph = None
    for other in Story.objects.select_for_update().filter(pk__in=[s.pk for s in others]):
        articles = list(Article.objects.filter(story=other).defer("body"))
        article_ids = [a.pk for a in articles]
        # One UPDATE each, with the version step and history row of each row's save().
        now = timezone.now()
        quotes = list(Quote.objects.filter(story=other))
        versions_bump(Quote, quotes, story=target, updated_at=now)
        history_bulk(Quote, quotes, CHANGED)
        versions_bump(Article, articles, story=target, updated_at=now)
        history_bulk(Article, articles, CHANGED)
        for point in other.key_points.all():
            if next_point is None:
                next_point = target.key_points.count()
            point.story, point.position = target, next_point
            point.save(update_fields=["story", "position"])
            next_point += 1
        for paragraph in other.paragraphs.all():
            if next_paragraph is None:
                next_paragraph = target.paragraphs.count()
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
        story_reindex(story=other, features=features, frequencies=frequencies)
    story_reindex(story=target, features=features, frequencies=frequencies)
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
