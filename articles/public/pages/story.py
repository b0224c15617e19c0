"""The story page: key points and paragraphs with their sources, people, and everything
the page shows, loaded with a fixed number of queries."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db.models import (
    F,
    Prefetch,
    QuerySet,
    prefetch_related_objects,
)
from django.utils import timezone

from articles.core.prepared import prepared_objects
from articles.core.visibility import (
    reader_appearances,
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
    Quote,
    QuoteAppearance,
    ReviewState,
    Story,
    SummaryParagraph,
)
from articles.public.pages.claims import SourcedText, sourced
from articles.public.pages.coverage import (
    OutletCoverage,
    Timeline,
    coverage_timeline,
    shown_coverage,
)
from articles.public.pages.figures import FigureTableView, figure_table
from articles.public.pages.people import PersonView, people_of
from articles.public.pages.quotes import (
    WORDINGS,
    SpeakerQuotes,
    speaker_quotes,
    wordings_of,
)
from articles.public.pages.story_rows import attach_rows, load_story_rows, story_rows
from sources.models import Outlet, Speaker


def story_prefetches() -> list[Prefetch]:
    """Everything a story page (and its JSON-LD) shows, one query per relation."""
    attribution = reader_attributions()
    return [
        Prefetch(
            "articles",
            queryset=reader_articles()
            .select_related("outlet")
            .defer("body")
            # Undated articles last on every database (SQLite and PostgreSQL differ by default).
            .order_by(F("published_at").asc(nulls_last=True), "id"),
        ),
        Prefetch(
            "quotes",
            queryset=Quote.objects.select_related("speaker").prefetch_related(
                # Their articles are the story's, loaded once above (``share_articles``). A
                # list rather than a queryset per quote: cheaper for hundreds of quotes.
                Prefetch("appearances", queryset=reader_appearances(), to_attr=WORDINGS)
            ),
        ),
        Prefetch(
            "key_points",
            queryset=KeyPoint.objects.prefetch_related(Prefetch("attributions", attribution)),
        ),
        Prefetch(
            "paragraphs",
            queryset=SummaryParagraph.objects.prefetch_related(
                # The engine checks each sentence of a paragraph with a lower bar than a key
                # point; its suggestions there wait for an editor before readers see them.
                Prefetch(
                    "attributions",
                    attribution.exclude(
                        origin=Attribution.Origin.ENGINE, review_state=ReviewState.SUGGESTED
                    ),
                )
            ),
        ),
        Prefetch("corrections", queryset=Correction.objects.order_by("-published_at", "-id")),
    ]


# The relations ``story_prefetches`` loads, in its order.
STORY_RELATIONS = ("articles", "quotes", "key_points", "paragraphs", "corrections")


def prefetch_story(story: Story, *, quotes: bool = True) -> Story:
    """Load a story's related rows once; a second call runs no query. ``quotes=False``
    leaves out its quotes (the story page works out only those it shows, ``speaker_quotes``).
    A saved story's articles, key points, paragraphs and corrections are read by queries
    compiled once (``load_story_rows``)."""
    loaded = getattr(story, "_prefetched_objects_cache", {})
    wanted = {*STORY_RELATIONS} - loaded.keys() - (set() if quotes else {"quotes"})
    if not wanted:
        return story  # without building the querysets again (the page's JSON-LD asks too)
    if story.pk and wanted >= {*STORY_RELATIONS} - {"quotes"}:
        load_story_rows(story)
        wanted &= {"quotes"}
    lookups = [p for p in story_prefetches() if p.prefetch_to in wanted] if wanted else []
    if lookups:
        prefetch_related_objects([story], *lookups)
    if "articles" in wanted:
        attach_figures_and_people(
            story.articles.all(), figures=reader_figures(), people=reader_people()
        )
    if quotes and any(p.prefetch_to == "quotes" for p in lookups):
        share_articles(story)
    return story


def attach_figures_and_people(
    articles: Iterable[Article],
    *,
    figures: QuerySet[Figure],
    people: QuerySet[ArticlePerson],
) -> None:
    """Give each of ``articles`` its ``figures`` (``FIGURES``, in text order) and the
    ``people`` it names (``PEOPLE``, each person one object however many articles name them),
    in three queries. Flat lists filled here rather than nested prefetches: for a story of 50
    articles Django's prefetch machinery cost more than the rows."""
    by_id = {article.pk: article for article in articles}
    if not by_id:
        return
    mentions = list(people.filter(article__in=list(by_id)).order_by("id"))
    attach_rows(
        by_id,
        figures.filter(article__in=list(by_id)).order_by("start", "id"),
        mentions,
        Speaker.objects.in_bulk({mention.speaker_id for mention in mentions}),
    )


def share_articles(story: Story) -> None:
    """Give each quote wording the story's own copy of its article (and so of its outlet)
    rather than a copy of its own: one object per article, however many quotes it carries.

    A wording printed in an article of another story (left behind by a move) is loaded with
    one more query, only then."""
    articles = {article.pk: article for article in story.articles.all()}
    appearances = [a for quote in story.quotes.all() for a in wordings_of(quote)]
    missing = {a.article_id for a in appearances} - articles.keys()
    if missing:
        others = Article.objects.select_related("outlet").defer("body").in_bulk(missing)
        articles.update(others)
    cache = QuoteAppearance.article.field.set_cached_value
    for appearance in appearances:
        cache(appearance, articles[appearance.article_id])


@dataclass
class StoryPage:
    story: Story
    corrections: list[Correction]
    key_points: list[SourcedText]
    paragraphs: list[SourcedText]
    speaker_quotes: list[SpeakerQuotes]
    figures: FigureTableView
    coverage: list[OutletCoverage]
    cited_outlets: list[Outlet]
    timeline: Timeline  # of the coverage shown
    people: list[PersonView]
    articles: list[Article]
    # What the coverage table and timeline show: all of ``coverage``, or on a long story its
    # first articles (``coverage.shown_coverage``) until the reader asks for all.
    shown_coverage: list[OutletCoverage] | None = None
    all_coverage: bool = False  # the reader asked for every article (``?articles=all``)
    # The addresses of the objects the page names (``page_address``), shared by its JSON-LD
    # and its body.
    urls: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.shown_coverage is None:
            self.shown_coverage = self.coverage

    @property
    def shown_count(self) -> int:
        """Articles the coverage table shows."""
        return sum(len(c.articles) for c in self.shown_coverage)

    @property
    def more_coverage(self) -> bool:
        """Whether the table leaves some of the story's articles to "Show all"."""
        return self.shown_count < len(self.articles)

    @property
    def first_count(self) -> int | None:
        """On a long story shown with every article at the reader's asking, how many the
        table shows at first (for "Show the first ..."); else None."""
        if not self.all_coverage:
            return None
        first = sum(len(c.articles) for c in shown_coverage(self.coverage))
        return first if first < len(self.articles) else None

    @property
    def outlets(self) -> list[Outlet]:
        """Outlets with an article in the story."""
        return [c.outlet for c in self.coverage]

    @property
    def reporting_outlets(self) -> list[Outlet]:
        """Outlets that reported the story: those with an article (aggregators aside) and those
        the story cites without one."""
        own = [o for o in self.outlets if o.kind != Outlet.Kind.AGGREGATOR]
        return [*own, *(o for o in self.cited_outlets if o not in own)]

    @property
    def quote_count(self) -> int:
        return sum(g.count for g in self.speaker_quotes)

    @property
    def updated_at(self) -> datetime | None:
        """When the story last changed, if that was well after it was published."""
        story = self.story
        moments = [story.updated_at, *(c.published_at for c in self.corrections)]
        latest = max(moments)
        if story.published_at and latest - story.published_at > timedelta(minutes=5):
            return latest
        return None


def _published_story_query(slug: str, now: datetime) -> QuerySet[Story]:
    return Story.objects.published(now).filter(slug=slug)


def published_story(slug: str) -> Story | None:
    """The published story of ``slug`` as ``visible_stories`` gives it to a reader (with
    ``is_live``, true for every story a reader may open), by a query compiled once: built by
    the ORM on every request, this one query cost more than its SQL several times over."""
    rows = prepared_objects(("published story",), _published_story_query, slug, timezone.now())
    if not rows:
        return None
    story = rows[0]
    story.is_live = True
    return story


def story_page(story: Story, *, all_coverage: bool = False) -> StoryPage:
    """Everything the story page shows, in a fixed number of queries: the story's rows as
    plain values (``story_rows``), not its prefetched model instances. Its coverage table
    and timeline show every article with ``all_coverage``, else the first ones on a long
    story (``shown_coverage``)."""
    rows = story_rows(story)
    articles = rows.articles

    coverage_by_outlet: dict[int, OutletCoverage] = {}
    for article in articles:
        coverage_by_outlet.setdefault(
            article.outlet_id, OutletCoverage(article.outlet, [])
        ).articles.append(article)
    coverage = list(coverage_by_outlet.values())  # first to publish first
    shown = coverage if all_coverage else shown_coverage(coverage)
    coverage_anchor = {c.outlet.pk: c.anchor for c in coverage}

    # Key points borrow the outlets of the summary paragraph that supports them; the passage of
    # such a row is the paragraph's text, so a reader can be sent to that paragraph.
    paragraph_anchors = {
        p.text: (f"summary-{number}", number)
        for number, (p, _) in enumerate(rows.paragraphs, start=1)
    }
    key_points = [
        sourced(p, f"key-point-{number}", coverage_anchor, paragraph_anchors, sources)
        for number, (p, sources) in enumerate(rows.key_points, start=1)
    ]
    paragraphs = [
        sourced(p, f"summary-{number}", coverage_anchor, {}, sources)
        for number, (p, sources) in enumerate(rows.paragraphs, start=1)
    ]
    cited: list[Outlet] = []
    for item in (*key_points, *paragraphs):
        cited.extend(c.outlet for c in item.cited if c.outlet not in cited)
    quotes = speaker_quotes(story.pk, {article.pk: article for article in articles})
    return StoryPage(
        story=story,
        corrections=rows.corrections,
        key_points=key_points,
        paragraphs=paragraphs,
        speaker_quotes=quotes,
        figures=figure_table(articles),
        coverage=coverage,
        cited_outlets=cited,
        timeline=coverage_timeline(shown),
        people=people_of(articles, quotes),
        articles=articles,
        shown_coverage=shown,
        all_coverage=all_coverage,
    )
