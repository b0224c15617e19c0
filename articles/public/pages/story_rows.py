"""A story page's related rows read by queries compiled once.

Built and compiled by the ORM on every request (and passed through Django's prefetch
machinery), the story page's dozen queries cost many times what their SQL took. Here each is
built once per thread and review policy from the same visibility rules
(``articles.core.visibility``) and run with the story's id put in (``prepared_objects``); the
instances are put where a prefetch would have put them (``story.articles.all()`` and so on),
each article, outlet and speaker one object however many rows name it.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import F, Model, Q

from articles.core.prepared import prepared_objects
from articles.core.visibility import (
    reader_articles,
    reader_attributions,
    reader_figures,
    reader_people,
)
from articles.models import (
    Article,
    ArticlePerson,
    Attribution,
    Correction,
    Figure,
    KeyPoint,
    ReviewState,
    Story,
    SummaryParagraph,
    reader_review_states,
)
from articles.public.pages.figures import FIGURES
from articles.public.pages.people import PEOPLE
from sources.models import Outlet, Speaker


def _articles(story_id: int):
    return reader_articles().filter(story=story_id)


def _attributions():
    """``reader_attributions`` without its joined outlet and article: the page has both."""
    return reader_attributions().select_related(None).defer(None)


# Columns no public page shows, left unread: moments the page does not print (each one parsed
# and converted cost more, on SQLite, than the rest of its row), long texts, JSON.
UNSHOWN = ("created_at", "updated_at")

# Each part of the page, for a story's id.
QUERIES = {
    "articles": lambda s: (
        _articles(s)
        .defer("body", "read_at", *UNSHOWN)
        # Undated articles last on every database (SQLite and PostgreSQL differ by default).
        .order_by(F("published_at").asc(nulls_last=True), "id")
    ),
    "outlets": lambda s: Outlet.objects.filter(
        Q(pk__in=_articles(s).values("outlet"))
        | Q(pk__in=_attributions().filter(key_point__story=s).values("outlet"))
        | Q(pk__in=_attributions().filter(paragraph__story=s).values("outlet"))
    ).defer("description", *UNSHOWN),
    "key points": lambda s: KeyPoint.objects.filter(story=s),
    "key point sources": lambda s: _attributions().filter(key_point__story=s),
    "paragraphs": lambda s: SummaryParagraph.objects.filter(story=s),
    # The engine checks each sentence of a paragraph with a lower bar than a key point; its
    # suggestions there wait for an editor before readers see them.
    "paragraph sources": lambda s: (
        _attributions()
        .filter(paragraph__story=s)
        .exclude(origin=Attribution.Origin.ENGINE, review_state=ReviewState.SUGGESTED)
    ),
    "corrections": lambda s: Correction.objects.filter(story=s).order_by("-published_at", "-id"),
    # By the story's articles they join (the same rows as ``article__in=_articles(s)``: the
    # reader rules already ask for an accepted article): SQLite then reads the story's
    # articles, then their rows; given the articles as a subquery, it read every figure and
    # mention readers may see in the database, however few were the story's.
    "figures": lambda s: reader_figures().filter(article__story=s).order_by("start", "id"),
    "people": lambda s: reader_people().filter(article__story=s).order_by("id").defer("mentions"),
    "speakers": lambda s: Speaker.objects.filter(
        pk__in=reader_people().filter(article__story=s).values("speaker")
    ).defer("description", *UNSHOWN),
}


def _rows(part: str, story_id: int) -> list:
    key = ("story page", part, reader_review_states())
    return prepared_objects(key, QUERIES[part], story_id)


def prefetched(instance: Model, relation: str, rows: list) -> None:
    """``rows`` as ``instance.<relation>.all()``, as a prefetch leaves them."""
    queryset = getattr(instance, relation).get_queryset()
    queryset._result_cache = rows
    queryset._prefetch_done = True
    instance.__dict__.setdefault("_prefetched_objects_cache", {})[relation] = queryset


def attach_rows(
    by_id: dict[int, Article],
    figures: Iterable[Figure],
    mentions: Iterable[ArticlePerson],
    speakers: dict[int, Speaker],
) -> None:
    """Give each article its figures (``FIGURES``) and the people it names (``PEOPLE``), each
    person one object (``speakers``, by id)."""
    for article in by_id.values():
        setattr(article, FIGURES, [])
        setattr(article, PEOPLE, [])
    set_article = Figure.article.field.set_cached_value
    for figure in figures:
        article = by_id[figure.article_id]
        set_article(figure, article)
        getattr(article, FIGURES).append(figure)
    set_speaker = ArticlePerson.speaker.field.set_cached_value
    set_named_in = ArticlePerson.article.field.set_cached_value
    for mention in mentions:
        set_speaker(mention, speakers[mention.speaker_id])
        set_named_in(mention, by_id[mention.article_id])
        getattr(by_id[mention.article_id], PEOPLE).append(mention)


def _claims(story: Story, kind: str, claims: list, relation: str, articles, outlets) -> None:
    """Each claim's sources as its ``attributions``, with their outlets and articles."""
    sources: dict[int, list[Attribution]] = {claim.pk: [] for claim in claims}
    rows = _rows(f"{kind} sources", story.pk) if claims else []
    missing = {row.article_id for row in rows if row.article_id} - articles.keys()
    if missing:  # an article of another story, cited as it stands
        articles = {
            **articles,
            **Article.objects.select_related("outlet").defer("body").in_bulk(missing),
        }
    set_outlet = Attribution.outlet.field.set_cached_value
    set_article = Attribution.article.field.set_cached_value
    set_claim = getattr(Attribution, relation).field.set_cached_value
    by_id = {claim.pk: claim for claim in claims}
    for row in rows:
        set_outlet(row, outlets[row.outlet_id])
        set_article(row, articles[row.article_id] if row.article_id else None)
        set_claim(row, by_id[getattr(row, f"{relation}_id")])
        sources[getattr(row, f"{relation}_id")].append(row)
    set_story = type(claims[0]).story.field.set_cached_value if claims else None
    for claim in claims:
        set_story(claim, story)
        prefetched(claim, "attributions", sources[claim.pk])


def load_story_rows(story: Story) -> None:
    """The story's articles (with their outlets, figures and people), key points and
    summary paragraphs (with their sources) and corrections, as a prefetch of
    ``story_prefetches`` leaves them."""
    articles = _rows("articles", story.pk)
    outlets = {outlet.pk: outlet for outlet in _rows("outlets", story.pk)}
    set_outlet = Article.outlet.field.set_cached_value
    set_story = Article.story.field.set_cached_value
    for article in articles:
        set_outlet(article, outlets[article.outlet_id])
        set_story(article, story)
    prefetched(story, "articles", articles)
    by_id = {article.pk: article for article in articles}
    if articles:
        speakers = {speaker.pk: speaker for speaker in _rows("speakers", story.pk)}
        attach_rows(by_id, _rows("figures", story.pk), _rows("people", story.pk), speakers)
    key_points, paragraphs = _rows("key points", story.pk), _rows("paragraphs", story.pk)
    _claims(story, "key point", key_points, "key_point", by_id, outlets)
    _claims(story, "paragraph", paragraphs, "paragraph", by_id, outlets)
    prefetched(story, "key_points", key_points)
    prefetched(story, "paragraphs", paragraphs)
    corrections = _rows("corrections", story.pk)
    set_story = Correction.story.field.set_cached_value
    for correction in corrections:
        set_story(correction, story)
    prefetched(story, "corrections", corrections)
