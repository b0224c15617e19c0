"""What readers may see and what staff may preview: one module for the pages and the API.

Reader visibility rests on ``published_q`` and ``may_preview`` in ``articles.models``; these
querysets apply them to stories, articles, wordings, attributions, speakers and outlets.
"""

from __future__ import annotations

from django.db.models import (
    BooleanField,
    Exists,
    ExpressionWrapper,
    OuterRef,
    QuerySet,
)

from articles.models import (
    Article,
    ArticlePerson,
    Attribution,
    Quote,
    QuoteAppearance,
    ReviewState,
    Story,
    may_preview,
    published_q,
)
from sources.models import Outlet, Speaker


def visible_stories(user=None) -> QuerySet[Story]:
    """Stories the user may open, each annotated with ``is_live`` (public right now).

    Staff preview everything; everyone else gets ``Story.objects.published()``.
    """
    return Story.objects.visible_to(user).annotate(
        is_live=ExpressionWrapper(published_q(), output_field=BooleanField())
    )


def visible_articles(user=None) -> QuerySet[Article]:
    """Articles the user may open: those of published stories (staff see every article)."""
    return (
        Article.objects.visible_to(user)
        .select_related("outlet", "story")
        .annotate(
            is_live=ExpressionWrapper(published_q(prefix="story__"), output_field=BooleanField())
        )
    )


def reader_appearances() -> QuerySet[QuoteAppearance]:
    """Wordings that may reach a reader: suggested and approved ones, never rejected ones.

    For rows already scoped to a visible story (a page's prefetch); ``visible_appearances``
    adds the story's visibility for lists that are not."""
    return QuoteAppearance.objects.exclude(review_state=ReviewState.REJECTED)


def visible_appearances(user=None) -> QuerySet[QuoteAppearance]:
    """Wordings the user may see: never rejected ones, and for readers only those printed in
    articles of published stories."""
    qs = reader_appearances().select_related("article__outlet").defer("article__body")
    return qs if may_preview(user) else qs.filter(published_q(prefix="article__story__"))


def reader_attributions() -> QuerySet[Attribution]:
    """Sources of key points and paragraphs that may reach a reader (never rejected ones)."""
    return (
        Attribution.objects.exclude(review_state=ReviewState.REJECTED)
        .select_related("outlet", "article")
        .defer("article__body")
    )


def public_speakers() -> QuerySet[Speaker]:
    """Speakers quoted or named in a published story; the others have no public page."""
    quoted = Quote.objects.public().filter(speaker=OuterRef("pk"))
    named = ArticlePerson.objects.filter(
        published_q(prefix="article__story__"), speaker=OuterRef("pk")
    )
    return Speaker.objects.filter(Exists(quoted) | Exists(named))


def visible_speakers(user=None) -> QuerySet[Speaker]:
    return Speaker.objects.all() if may_preview(user) else public_speakers()


def public_outlets() -> QuerySet[Outlet]:
    """Outlets with at least one article in a published story."""
    return Outlet.objects.filter(Exists(Article.objects.public().filter(outlet=OuterRef("pk"))))
