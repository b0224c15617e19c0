"""A story page's related rows read by queries compiled once.

Built and compiled by the ORM on every request (and passed through Django's prefetch
machinery), the story page's dozen queries cost many times what their SQL took. Here each is
built once per thread and review policy from the same visibility rules
(``articles.core.visibility``) and run with the story's id put in (``prepared_objects``); the
instances are put where a prefetch would have put them (``story.articles.all()`` and so on),
each article, outlet and speaker one object however many rows name it.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import F, Model, Q

from articles.core.prepared import prepared_objects, prepared_values_list
from articles.core.visibility import (
    reader_articles,
    reader_attributions,
    reader_figures,
    reader_people,
)
from articles.models import (
    ENGINE_FIGURE_FIELDS,
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


# The story page's own rows, as plain values -------------------------------------------------
#
# The story page reads its articles, outlets, figures, people and speakers as the small row
# objects below rather than model instances: a story of 50 articles made some 260 instances,
# and every ``article.outlet``, ``mention.speaker_id`` the page's helpers read went through a
# descriptor of Django's (about 1,500 such reads a page). Each row carries what the page reads
# of its model, under the model's names, and the model's own ``get_absolute_url``; reading
# anything else raises ``AttributeError`` (no query behind it). Key points, paragraphs, their
# sources and corrections (a handful a story) stay model instances.


class _Row:
    """A row of ``model``: equal to another row or an instance of the model with the same
    primary key, and hashed by it, as model instances compare."""

    __slots__ = ()
    model: type[Model]

    def __eq__(self, other) -> bool:
        if isinstance(other, _Row):
            return self.model is other.model and self.pk == other.pk
        if isinstance(other, Model):
            return other._meta.concrete_model is self.model and self.pk == other.pk
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.pk)


class OutletRow(_Row):
    """An outlet as the story page reads it (``Outlet``)."""

    __slots__ = ("pk", "id", "name", "slug", "homepage", "kind", "country")
    model = Outlet

    def __init__(self, row) -> None:
        self.pk, self.name, self.slug, self.homepage, self.kind, self.country = row
        self.id = self.pk

    get_absolute_url = Outlet.get_absolute_url

    def get_kind_display(self) -> str:
        return Outlet.get_kind_display(self)

    def __repr__(self) -> str:
        return f"<OutletRow {self.pk}: {self.name}>"


class ArticleRow(_Row):
    """An article of the story as the story page reads it (``Article``), with its outlet, its
    figures (``FIGURES``) and the people it names (``PEOPLE``)."""

    __slots__ = (
        *("pk", "id", "outlet_id", "headline", "url", "published_at", "is_translation"),
        *("outlet", FIGURES, PEOPLE),
    )
    model = Article

    get_absolute_url = Article.get_absolute_url

    def __repr__(self) -> str:
        return f"<ArticleRow {self.pk}: {self.headline}>"


class SpeakerRow(_Row):
    """A speaker as the story page reads it (``Speaker``)."""

    __slots__ = ("pk", "id", "name", "slug", "kind", "role", "role_checked")
    model = Speaker

    def __init__(self, row) -> None:
        self.pk, self.name, self.slug, self.kind, self.role, self.role_checked = row
        self.id = self.pk

    get_absolute_url = Speaker.get_absolute_url

    def __repr__(self) -> str:
        return f"<SpeakerRow {self.pk}: {self.name}>"


class MentionRow(_Row):
    """A person an article names (``ArticlePerson``), with its speaker."""

    __slots__ = ("pk", "id", "article_id", "speaker_id", "role", "review_state", "speaker")
    model = ArticlePerson

    def __repr__(self) -> str:
        return f"<MentionRow {self.pk} of speaker {self.speaker_id}>"


# What the figure table compares of a figure (``figures._COMPARED_FIELDS``), by name.
FigureRow = namedtuple("FigureRow", ("text", "start", "end", "value", *ENGINE_FIGURE_FIELDS))

_ARTICLE_COLUMNS = ("id", "outlet_id", "headline", "url", "published_at", "is_translation")
_OUTLET_COLUMNS = ("id", "name", "slug", "homepage", "kind", "country")
_SPEAKER_COLUMNS = ("id", "name", "slug", "kind", "role", "role_checked")
_MENTION_COLUMNS = ("id", "article_id", "speaker_id", "role", "review_state")

# The same parts as ``QUERIES`` (the same rows, in the same order), as plain values.
VALUES = {
    "articles": lambda s: QUERIES["articles"](s).values_list(*_ARTICLE_COLUMNS),
    "outlets": lambda s: QUERIES["outlets"](s).values_list(*_OUTLET_COLUMNS),
    "figures": lambda s: QUERIES["figures"](s).values_list("article_id", *FigureRow._fields),
    "people": lambda s: QUERIES["people"](s).values_list(*_MENTION_COLUMNS),
    "speakers": lambda s: QUERIES["speakers"](s).values_list(*_SPEAKER_COLUMNS),
}


def _values(part: str, story_id: int) -> list[tuple]:
    key = ("story page values", part, reader_review_states())
    return prepared_values_list(key, VALUES[part], story_id)


@dataclass
class StoryRows:
    """A story's rows as the story page reads them (``story_rows``)."""

    articles: list[ArticleRow]
    outlets: dict[int, OutletRow]
    key_points: list[tuple[KeyPoint, list[Attribution]]]
    paragraphs: list[tuple[SummaryParagraph, list[Attribution]]]
    corrections: list[Correction]


def _sources(story: Story, kind: str, claims: list, articles: dict, outlets: dict) -> list:
    """Each claim with its sources (``Attribution``, with their outlets and articles)."""
    if not claims:
        return []
    sources: dict[int, list[Attribution]] = {claim.pk: [] for claim in claims}
    rows = _rows(f"{kind} sources", story.pk)
    missing = {row.article_id for row in rows if row.article_id} - articles.keys()
    if missing:  # an article of another story, cited as it stands
        articles = {
            **articles,
            **Article.objects.select_related("outlet").defer("body").in_bulk(missing),
        }
    set_outlet = Attribution.outlet.field.set_cached_value
    set_article = Attribution.article.field.set_cached_value
    claim_id = f"{kind.replace(' ', '_')}_id"
    for row in rows:
        set_outlet(row, outlets[row.outlet_id])
        set_article(row, articles[row.article_id] if row.article_id else None)
        sources[getattr(row, claim_id)].append(row)
    set_story = type(claims[0]).story.field.set_cached_value
    for claim in claims:
        set_story(claim, story)
    return [(claim, sources[claim.pk]) for claim in claims]


def story_rows(story: Story) -> StoryRows:
    """The story's articles (with their outlets, figures and the people they name), key
    points and summary paragraphs (with their sources) and corrections, for its page: the
    same rows as ``load_story_rows`` (the same queries), articles and what hangs off them as
    plain rows."""
    outlets = {row[0]: OutletRow(row) for row in _values("outlets", story.pk)}
    articles: dict[int, ArticleRow] = {}
    new = ArticleRow.__new__
    for row in _values("articles", story.pk):
        article = new(ArticleRow)
        (
            article.pk,
            article.outlet_id,
            article.headline,
            article.url,
            article.published_at,
            article.is_translation,
        ) = row
        article.id = article.pk
        article.outlet = outlets[article.outlet_id]
        setattr(article, FIGURES, [])
        setattr(article, PEOPLE, [])
        articles[article.pk] = article
    if articles:
        make_figure = FigureRow._make
        for row in _values("figures", story.pk):
            getattr(articles[row[0]], FIGURES).append(make_figure(row[1:]))
        speakers = {row[0]: SpeakerRow(row) for row in _values("speakers", story.pk)}
        new = MentionRow.__new__
        for row in _values("people", story.pk):
            mention = new(MentionRow)
            mention.pk, mention.article_id, mention.speaker_id, mention.role = row[:4]
            mention.review_state = row[4]
            mention.id = mention.pk
            mention.speaker = speakers[mention.speaker_id]
            getattr(articles[mention.article_id], PEOPLE).append(mention)
    key_points, paragraphs = _rows("key points", story.pk), _rows("paragraphs", story.pk)
    corrections = _rows("corrections", story.pk)
    set_story = Correction.story.field.set_cached_value
    for correction in corrections:
        set_story(correction, story)
    return StoryRows(
        list(articles.values()),
        outlets,
        _sources(story, "key point", key_points, articles, outlets),
        _sources(story, "paragraph", paragraphs, articles, outlets),
        corrections,
    )
