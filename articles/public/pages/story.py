"""The story page: key points and paragraphs with their sources, people, and everything
the page shows, loaded with a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import (
    F,
    Prefetch,
    prefetch_related_objects,
)
from django.urls import reverse

from articles.core.visibility import (
    reader_appearances,
    reader_articles,
    reader_attributions,
    reader_figures,
    reader_people,
)
from articles.engine.citations import attribution_line, sourced_text
from articles.models import (
    Article,
    Attribution,
    Correction,
    KeyPoint,
    Quote,
    QuoteAppearance,
    ReviewState,
    Story,
    SummaryParagraph,
)
from articles.public.pages.coverage import OutletCoverage, Timeline, coverage_timeline
from articles.public.pages.figures import FIGURES, FigureTableView, figure_table
from articles.public.pages.people import PEOPLE, PersonView, people_of
from articles.public.pages.quotes import (
    WORDINGS,
    SpeakerQuotes,
    speaker_quotes,
    wordings_of,
)
from sources.models import Outlet

# ---------------------------------------------------------------------------------------------
# Sources of key points and summary paragraphs

# Engine evidence at or above this score reads as a "strong match"; below it (down to the
# engine's own threshold) as a "moderate match". Readers get words, not raw scores.
STRONG_EVIDENCE = 0.6


def _machine_found(attribution: Attribution) -> bool:
    """Found by the engine and not yet checked by an editor."""
    return (
        attribution.origin == Attribution.Origin.ENGINE
        and attribution.review_state == ReviewState.SUGGESTED
    )


@dataclass
class Evidence:
    """One passage of one article of the story that supports a claim."""

    attribution: Attribution

    @property
    def anchor(self) -> str:
        return f"evidence-{self.attribution.pk}"

    @property
    def outlet(self) -> Outlet:
        return self.attribution.outlet

    @property
    def article(self) -> Article:
        return self.attribution.article

    @property
    def passage(self) -> str:
        return self.attribution.passage

    @property
    def machine_found(self) -> bool:
        return _machine_found(self.attribution)

    @property
    def strength(self) -> str:
        """ "strong" or "moderate" for engine scores; "" when an editor chose the passage."""
        score = self.attribution.score
        if score is None:
            return ""
        return "strong" if score >= STRONG_EVIDENCE else "moderate"

    @property
    def href(self) -> str:
        """The story's own copy of the article, with the passage highlighted."""
        url = reverse("articles:article-detail", kwargs={"pk": self.attribution.article_id})
        start, end = self.attribution.start, self.attribution.end
        if start is not None and end is not None and start < end:
            return f"{url}?passage={start}-{end}#passage"
        return url


@dataclass
class CitedOutlet:
    """An outlet a claim cites with no article of it in the story."""

    outlet: Outlet
    machine_found: bool
    # Where the citation comes from, when it is a summary paragraph of this story.
    paragraph_anchor: str = ""
    paragraph_number: int = 0

    @property
    def anchor(self) -> str:
        return f"cited-{self.outlet.slug}"


@dataclass
class SourceChip:
    """One outlet under a claim. ``kind`` says where the chip leads:

    - ``evidence``: a passage of one of its articles, listed under the claim;
    - ``article``: its article in this story (cited by an editor, no passage given);
    - ``coverage``: its articles in the coverage table;
    - ``cited``: the explanation under the claim, since no article of it is in this story.
    """

    outlet: Outlet
    href: str
    kind: str
    machine_found: bool = False

    @property
    def evidence_id(self) -> str | None:
        return self.href.removeprefix("#") if self.kind == "evidence" else None


@dataclass
class SourcedText:
    """A key point or a summary paragraph with the outlets that support it."""

    obj: KeyPoint | SummaryParagraph
    anchor: str
    chips: list[SourceChip]
    evidence: list[Evidence]
    cited: list[CitedOutlet]
    attributions: list[Attribution]

    @property
    def text(self) -> str:
        return self.obj.text

    @property
    def outlets(self) -> list[Outlet]:
        return [chip.outlet for chip in self.chips]

    @property
    def cited_anchor(self) -> str:
        return f"{self.anchor}-cited"

    @property
    def vouched(self) -> str:
        """An editor's note vouching for a key point no article supports ("" when none)."""
        if isinstance(self.obj, KeyPoint) and self.obj.evidence_override:
            return self.obj.override_note or "Vouched for by an editor."
        return ""

    @property
    def has_details(self) -> bool:
        return bool(self.evidence or self.cited or self.vouched)

    @property
    def machine_found(self) -> bool:
        """Every source shown was found by the engine and awaits an editor."""
        return bool(self.chips) and all(chip.machine_found for chip in self.chips)

    @property
    def backing_outlets(self) -> list[str]:
        """The outlets an editor stands behind, in the editor's order."""
        names: list[str] = []
        for attribution in self.attributions:
            if not _machine_found(attribution) and attribution.outlet.name not in names:
                names.append(attribution.outlet.name)
        return names

    @property
    def according_to(self) -> str:
        """ "according to A and B" from the outlets an editor stands behind."""
        return attribution_line(self.backing_outlets)

    @property
    def sourced_text(self) -> str:
        """The text with one attribution line, the same one every export prints."""
        return sourced_text(self.text, self.backing_outlets)


def _sourced(
    obj: KeyPoint | SummaryParagraph,
    anchor: str,
    coverage_anchor: dict[int, str],
    paragraph_anchors: dict[str, tuple[str, int]],
) -> SourcedText:
    """Chips (one per outlet, in the editor's order) and the evidence behind them."""
    attributions = list(obj.attributions.all())
    by_outlet: dict[int, list[Attribution]] = {}
    for attribution in attributions:
        by_outlet.setdefault(attribution.outlet_id, []).append(attribution)

    chips: list[SourceChip] = []
    evidence: list[Evidence] = []
    cited: list[CitedOutlet] = []
    for rows in by_outlet.values():
        outlet = rows[0].outlet
        machine = all(_machine_found(a) for a in rows)
        passages = [Evidence(a) for a in rows if a.article_id and a.passage]
        with_article = [a for a in rows if a.article_id]
        if passages:
            evidence.extend(passages)
            chips.append(SourceChip(outlet, f"#{passages[0].anchor}", "evidence", machine))
        elif with_article:
            href = with_article[0].article.get_absolute_url()
            chips.append(SourceChip(outlet, href, "article", machine))
        elif outlet.pk in coverage_anchor:
            chips.append(SourceChip(outlet, f"#{coverage_anchor[outlet.pk]}", "coverage", machine))
        else:
            where = next(
                (paragraph_anchors[a.passage] for a in rows if a.passage in paragraph_anchors),
                ("", 0),
            )
            cited.append(CitedOutlet(outlet, machine, *where))
            chips.append(SourceChip(outlet, f"#{anchor}-cited", "cited", machine))
    return SourcedText(obj, anchor, chips, evidence, cited, attributions)


# ---------------------------------------------------------------------------------------------
# The story page


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
            .order_by(F("published_at").asc(nulls_last=True), "id")
            .prefetch_related(
                # Lists (``to_attr``) rather than a queryset per article, and each person one
                # object however many articles name them: cheaper for a story of 50 articles.
                Prefetch("figures", queryset=reader_figures().order_by("start"), to_attr=FIGURES),
                Prefetch("people", queryset=reader_people().order_by("id"), to_attr=PEOPLE),
                f"{PEOPLE}__speaker",
            ),
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


def prefetch_story(story: Story, *, quotes: bool = True) -> Story:
    """Load a story's related rows once; a second call runs no query. ``quotes=False``
    leaves out its quotes (the story page works out only those it shows, ``speaker_quotes``)."""
    loaded = getattr(story, "_prefetched_objects_cache", {})
    lookups = [
        p
        for p in story_prefetches()
        if p.prefetch_to not in loaded and (quotes or p.prefetch_to != "quotes")
    ]
    if lookups:
        prefetch_related_objects([story], *lookups)
    if quotes and any(p.prefetch_to == "quotes" for p in lookups):
        share_articles(story)
    return story


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
    timeline: Timeline
    people: list[PersonView]
    articles: list[Article]

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


def story_page(story: Story) -> StoryPage:
    """Everything the story page shows, in a fixed number of queries."""
    prefetch_story(story, quotes=False)
    articles = list(story.articles.all())

    coverage_by_outlet: dict[int, OutletCoverage] = {}
    for article in articles:
        coverage_by_outlet.setdefault(
            article.outlet_id, OutletCoverage(article.outlet, [])
        ).articles.append(article)
    coverage = list(coverage_by_outlet.values())  # first to publish first
    coverage_anchor = {c.outlet.pk: c.anchor for c in coverage}

    # Key points borrow the outlets of the summary paragraph that supports them; the passage of
    # such a row is the paragraph's text, so a reader can be sent to that paragraph.
    paragraph_rows = list(story.paragraphs.all())
    paragraph_anchors = {
        p.text: (f"summary-{number}", number) for number, p in enumerate(paragraph_rows, start=1)
    }
    key_points = [
        _sourced(p, f"key-point-{number}", coverage_anchor, paragraph_anchors)
        for number, p in enumerate(story.key_points.all(), start=1)
    ]
    paragraphs = [
        _sourced(p, f"summary-{number}", coverage_anchor, {})
        for number, p in enumerate(paragraph_rows, start=1)
    ]
    cited: list[Outlet] = []
    for item in (*key_points, *paragraphs):
        cited.extend(c.outlet for c in item.cited if c.outlet not in cited)
    quotes = speaker_quotes(story.pk, {article.pk: article for article in articles})
    return StoryPage(
        story=story,
        corrections=list(story.corrections.all()),
        key_points=key_points,
        paragraphs=paragraphs,
        speaker_quotes=quotes,
        figures=figure_table(articles),
        coverage=coverage,
        cited_outlets=cited,
        timeline=coverage_timeline(coverage),
        people=people_of(articles, quotes),
        articles=articles,
    )
