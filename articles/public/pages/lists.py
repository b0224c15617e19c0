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
    Q,
    QuerySet,
)
from django.db.models.functions import Coalesce

from articles.core.visibility import (
    reader_appearances,
    reader_articles,
    reader_attributions,
    reader_people,
)
from articles.models import (
    Article,
    Correction,
    Quote,
    ReviewState,
    Story,
    published_q,
)
from articles.public.pages.people import Described
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
    """Published stories with an article of the outlet, or whose claims cite it."""
    covered = reader_articles().filter(story=OuterRef("pk"), outlet=outlet)
    cited = reader_attributions().filter(
        Q(key_point__story=OuterRef("pk")) | Q(paragraph__story=OuterRef("pk")), outlet=outlet
    )
    return story_list().filter(Exists(covered) | Exists(cited))


def stories_for_speaker(speaker: Speaker) -> QuerySet[Story]:
    quoted = Quote.objects.public().filter(story=OuterRef("pk"), speaker=speaker)
    named = reader_people().filter(article__story=OuterRef("pk"), speaker=speaker)
    return story_list().filter(Exists(quoted) | Exists(named))


def attach_outlets(stories: Sequence[Story]) -> Sequence[Story]:
    """Give each story the outlets that reported it, counted as the story page counts them:
    ``outlet_list``, the outlets with an article accepted into it (aggregators aside) and
    then those its published claims cite without one, by name; ``summarised_by``, the
    aggregators whose summaries it holds. Two queries for all the stories."""
    own: dict[int, dict[int, Outlet]] = defaultdict(dict)
    cited: dict[int, dict[int, Outlet]] = defaultdict(dict)
    summaries: dict[int, dict[int, Outlet]] = defaultdict(dict)
    ids = [s.pk for s in stories]
    if ids:
        rows = (
            Outlet.objects.filter(
                articles__story__in=ids, articles__review_state=ReviewState.APPROVED
            )
            .values_list("articles__story_id", "pk", "name", "slug", "kind")
            .distinct()
        )
        for story_id, pk, name, slug, kind in rows:
            target = summaries if kind == Outlet.Kind.AGGREGATOR else own
            target[story_id][pk] = Outlet(pk=pk, name=name, slug=slug, kind=kind)
        citations = (
            reader_attributions()
            .filter(Q(key_point__story__in=ids) | Q(paragraph__story__in=ids))
            .values_list(
                Coalesce("key_point__story_id", "paragraph__story_id"),
                "outlet_id",
                "outlet__name",
                "outlet__slug",
                "outlet__kind",
            )
            .distinct()
        )
        for story_id, pk, name, slug, kind in citations:
            if kind != Outlet.Kind.AGGREGATOR and pk not in own[story_id]:
                cited[story_id][pk] = Outlet(pk=pk, name=name, slug=slug, kind=kind)
    for story in stories:
        by_name = sorted(own[story.pk].values(), key=lambda o: (o.name, o.pk))
        also = sorted(cited[story.pk].values(), key=lambda o: (o.name, o.pk))
        story.outlet_list = [*by_name, *also]
        story.summarised_by = sorted(summaries[story.pk].values(), key=lambda o: o.name)
    return stories


def outlet_page(outlet: Outlet, *, limit: int = 50) -> dict:
    stories = list(attach_outlets(list(stories_for_outlet(outlet)[:limit])))
    articles = list(
        Article.objects.public()
        .filter(outlet=outlet)
        .select_related("story")
        .defer("body")
        .order_by("-published_at", "-id")[:limit]
    )
    ids = [s.pk for s in stories]
    with_article = set(
        reader_articles().filter(outlet=outlet, story__in=ids).values_list("story_id", flat=True)
    )
    cited_only = {s.pk for s in stories if s.pk not in with_article}
    return {"stories": stories, "articles": articles, "cited_only": cited_only}


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
    rows = (
        reader_people()
        .filter(published_q(prefix="article__story__"), speaker=speaker)
        .exclude(role="")
        .values_list(
            "role",
            "article__outlet_id",
            "article__outlet__name",
            "article__outlet__slug",
            "article__is_translation",
        )
        .distinct()
        .order_by("role", "article__outlet__name")[:10]
    )
    roles = [
        Described(role, Outlet(pk=pk, name=name, slug=slug), bool(translated))
        for role, pk, name, slug, translated in rows
    ]
    return {"quotes": views, "stories": stories, "roles": roles}


def public_corrections() -> QuerySet[Correction]:
    return (
        Correction.objects.filter(published_q(prefix="story__"))
        .select_related("story")
        .order_by("-published_at", "-id")
    )
