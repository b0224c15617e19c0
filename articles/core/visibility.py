"""What readers may see and what staff may preview: one module for the pages and the API.

Reader visibility rests on ``published_q`` and ``may_preview`` in ``articles.models``; these
querysets apply them to stories, articles, wordings, attributions, speakers and outlets.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import (
    BooleanField,
    Exists,
    ExpressionWrapper,
    OuterRef,
    Q,
    QuerySet,
)

from articles.core.prepared import prepared_rows
from articles.models import (
    Article,
    ArticleImage,
    ArticlePerson,
    Attribution,
    Figure,
    Quote,
    QuoteAppearance,
    ReviewState,
    Story,
    may_preview,
    published_q,
    reader_review_states,
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
    """Wordings that may reach a reader: approved ones (suggested ones too, labelled, where the
    site shows unchecked findings), printed in articles accepted into their story.

    For rows already scoped to a visible story (a page's prefetch); ``visible_appearances``
    adds the story's visibility for lists that are not."""
    return QuoteAppearance.objects.filter(
        review_state__in=reader_review_states(), article__review_state=ReviewState.APPROVED
    )


def visible_appearances(user=None) -> QuerySet[QuoteAppearance]:
    """Wordings the user may see: never rejected ones, and for readers only those printed in
    articles of published stories."""
    qs = reader_appearances().select_related("article__outlet").defer("article__body")
    return qs if may_preview(user) else qs.filter(published_q(prefix="article__story__"))


def reader_attributions() -> QuerySet[Attribution]:
    """Sources of key points and paragraphs that may reach a reader: an editor's citations and
    approved evidence (suggested evidence too, labelled, where the site shows unchecked
    findings), never a passage of an article not yet accepted into the story."""
    return (
        Attribution.objects.filter(review_state__in=reader_review_states())
        .filter(Q(article__isnull=True) | Q(article__review_state=ReviewState.APPROVED))
        .select_related("outlet", "article")
        .defer("article__body")
    )


def reader_people() -> QuerySet[ArticlePerson]:
    """People named in articles, as readers may see them: approved (or, where the site shows
    unchecked findings, suggested) and in articles accepted into their story."""
    return ArticlePerson.objects.filter(
        review_state__in=reader_review_states(), article__review_state=ReviewState.APPROVED
    )


def reader_figures() -> QuerySet[Figure]:
    """Figures as readers may see them (the same review policy)."""
    return Figure.objects.filter(
        review_state__in=reader_review_states(), article__review_state=ReviewState.APPROVED
    )


def public_speakers() -> QuerySet[Speaker]:
    """Speakers quoted or named in a published story (a wording or a mention readers may
    see); the others, rejected ones included, have no public page."""
    quoted = Quote.objects.public().filter(speaker=OuterRef("pk"))
    named = reader_people().filter(published_q(prefix="article__story__"), speaker=OuterRef("pk"))
    return Speaker.objects.filter(Exists(quoted) | Exists(named))


def visible_speakers(user=None) -> QuerySet[Speaker]:
    return Speaker.objects.all() if may_preview(user) else public_speakers()


def public_outlets() -> QuerySet[Outlet]:
    """Outlets with an article in a published story, or cited by one; an outlet that appears
    only in drafts, scheduled or embargoed stories is not public yet."""
    published = Article.objects.public().filter(outlet=OuterRef("pk"))
    cited = reader_attributions().filter(
        Q(published_q(prefix="key_point__story__")) | Q(published_q(prefix="paragraph__story__")),
        outlet=OuterRef("pk"),
    )
    return Outlet.objects.filter(Exists(published) | Exists(cited))


def visible_outlets(user=None) -> QuerySet[Outlet]:
    return Outlet.objects.all() if may_preview(user) else public_outlets()


def reader_articles() -> QuerySet[Article]:
    """A story's articles as readers see them: those accepted into it."""
    return Article.objects.filter(review_state=ReviewState.APPROVED)


def visible_story_articles(user=None) -> QuerySet[Article]:
    return Article.objects.all() if may_preview(user) else reader_articles()


def visible_people(user=None) -> QuerySet[ArticlePerson]:
    return ArticlePerson.objects.all() if may_preview(user) else reader_people()


def visible_figures(user=None) -> QuerySet[Figure]:
    return Figure.objects.all() if may_preview(user) else reader_figures()


def checked(rows: Iterable) -> list:
    """Only the rows an editor approved. For machine exports (JSON-LD, ninjs), which carry
    no "not yet checked" label: partners get checked findings only, whatever the site shows
    its readers under ``NEWSROOM_SHOW_UNCHECKED``."""
    return [row for row in rows if row.review_state == ReviewState.APPROVED]


def redirected_story(slug: str, user=None) -> Story | None:
    """The story an old address leads to (merged, or renamed), if the user may open it.

    Follows a chain of moves (a story merged into one later merged again), a few steps at most."""
    from articles.models import StoryRedirect

    seen: set[str] = set()
    while slug not in seen and len(seen) < 8:
        seen.add(slug)
        move = StoryRedirect.objects.filter(old_slug=slug).select_related("story").first()
        if move is None:
            return None
        story = visible_stories(user).filter(pk=move.story_id).first()
        if story is not None:
            return story
        slug = move.story.slug
    return None


def _first_image_query(story_id: int) -> QuerySet:
    return (
        ArticleImage.objects.filter(state=ArticleImage.State.READY)
        .filter(article__in=reader_articles().filter(story=story_id))
        .order_by("article__published_at", "article_id")
        .values("id")[:1]
    )


def lead_image(story: Story):
    """The story's image: the editor's choice when it is ready, else the image of its first
    article readers see that has one ready; ``None`` without one. Which image is one query
    compiled once (``prepared_rows``); the image is loaded only when there is one (the
    queryset that loads it is built only then: building it cost several times that query)."""

    def ready():
        return ArticleImage.objects.filter(state=ArticleImage.State.READY).select_related(
            "article__outlet"
        )

    if story.image_id:
        chosen = ready().filter(pk=story.image_id).first()
        if chosen is not None:
            return chosen
    first = prepared_rows(("lead image",), _first_image_query, story.pk)
    return ready().get(pk=first[0]["id"]) if first else None
