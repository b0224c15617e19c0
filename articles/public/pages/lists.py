"""Lists for the public pages: stories, an outlet's and a person's stories and quotes,
corrections."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from django.db.models import (
    Count,
    Exists,
    OuterRef,
    Prefetch,
    QuerySet,
)

from articles.core.visibility import reader_appearances, reader_articles, reader_people
from articles.models import (
    Article,
    Correction,
    Quote,
    ReviewState,
    Story,
    published_q,
)
from articles.public.pages.quotes import quote_view
from sources.models import Outlet, Speaker


def story_list() -> QuerySet[Story]:
    """Published stories, latest first, each with ``article_count``."""
    return (
        Story.objects.published()
        .annotate(article_count=Count("articles"))
        .order_by("-published_at", "-id")
    )


def stories_for_outlet(outlet: Outlet) -> QuerySet[Story]:
    return story_list().filter(
        Exists(reader_articles().filter(story=OuterRef("pk"), outlet=outlet))
    )


def stories_for_speaker(speaker: Speaker) -> QuerySet[Story]:
    quoted = Quote.objects.public().filter(story=OuterRef("pk"), speaker=speaker)
    named = reader_people().filter(article__story=OuterRef("pk"), speaker=speaker)
    return story_list().filter(Exists(quoted) | Exists(named))


def attach_outlets(stories: Sequence[Story]) -> Sequence[Story]:
    """Give each story an ``outlet_list`` (its outlets by name) in one query for all."""
    by_story: dict[int, list[Outlet]] = defaultdict(list)
    ids = [s.pk for s in stories]
    if ids:
        rows = (
            Outlet.objects.filter(
                articles__story__in=ids, articles__review_state=ReviewState.APPROVED
            )
            .values_list("articles__story_id", "pk", "name", "slug")
            .distinct()
            .order_by("name", "pk")
        )
        for story_id, pk, name, slug in rows:
            by_story[story_id].append(Outlet(pk=pk, name=name, slug=slug))
    for story in stories:
        story.outlet_list = by_story.get(story.pk, [])
    return stories


def outlet_page(outlet: Outlet, *, limit: int = 50) -> dict:
    stories = list(stories_for_outlet(outlet)[:limit])
    articles = list(
        Article.objects.public()
        .filter(outlet=outlet)
        .select_related("story")
        .defer("body")
        .order_by("-published_at", "-id")[:limit]
    )
    return {"stories": stories, "articles": articles}


def speaker_page(speaker: Speaker, *, limit: int = 100) -> dict:
    quotes = (
        Quote.objects.public()
        .filter(speaker=speaker)
        .select_related("story")
        .prefetch_related(
            Prefetch(
                "appearances",
                queryset=reader_appearances()
                .select_related("article__outlet")
                .defer("article__body"),
            )
        )
        .order_by("-story__published_at", "id")[:limit]
    )
    views = [v for v in (quote_view(q) for q in quotes) if v is not None]
    stories = list(stories_for_speaker(speaker)[:limit])
    roles = list(
        reader_people()
        .filter(published_q(prefix="article__story__"), speaker=speaker)
        .exclude(role="")
        .values_list("role", flat=True)
        .distinct()
        .order_by("role")[:10]
    )
    return {"quotes": views, "stories": stories, "roles": roles}


def public_corrections() -> QuerySet[Correction]:
    return (
        Correction.objects.filter(published_q(prefix="story__"))
        .select_related("story")
        .order_by("-published_at", "-id")
    )
