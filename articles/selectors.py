"""Page data for the public site: how each reader-facing page loads its rows.

Views stay thin and ask these functions. Each one runs a fixed number of queries however many
articles, quotes or stories there are: related rows come through ``select_related``,
``prefetch_related`` and annotations, never through a query per row.

Only published content is public; the rule itself lives in ``articles.models.published_q``.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db.models import (
    BooleanField,
    Count,
    Exists,
    ExpressionWrapper,
    F,
    OuterRef,
    Prefetch,
    QuerySet,
    prefetch_related_objects,
)
from django.urls import reverse
from django.utils.translation import gettext as _

from articles.engine.citations import attribution_line, parse_cited_outlets
from articles.engine.diff import diff_segments
from articles.engine.figures_compare import FigureRow, FigureValue, compare_figures
from articles.engine.types import Figure as EngineFigure
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
    published_q,
)
from sources.models import Outlet, Speaker

# ---------------------------------------------------------------------------------------------
# Visibility


def _is_staff(user) -> bool:
    return bool(user is not None and user.is_active and user.is_staff)


def visible_stories(user=None) -> QuerySet[Story]:
    """Stories the user may open, each annotated with ``is_live`` (public right now).

    Staff preview everything; everyone else gets ``Story.objects.published()``.
    """
    return Story.objects.visible_to(user).annotate(
        is_live=ExpressionWrapper(published_q(), output_field=BooleanField())
    )


def visible_articles(user=None) -> QuerySet[Article]:
    """Articles the user may open: those of published stories (staff see every article)."""
    qs = Article.objects.all() if _is_staff(user) else Article.objects.public()
    return qs.select_related("outlet", "story").annotate(
        is_live=ExpressionWrapper(published_q(prefix="story__"), output_field=BooleanField())
    )


def _visible_appearances() -> QuerySet[QuoteAppearance]:
    # Rejected machine findings never reach a reader; suggested and approved ones do.
    return QuoteAppearance.objects.exclude(review_state=ReviewState.REJECTED)


def _visible_attributions() -> QuerySet[Attribution]:
    return Attribution.objects.exclude(review_state=ReviewState.REJECTED)


def public_speakers() -> QuerySet[Speaker]:
    """Speakers quoted or named in a published story; the others have no public page."""
    quoted = Quote.objects.public().filter(speaker=OuterRef("pk"))
    named = ArticlePerson.objects.filter(
        published_q(prefix="article__story__"), speaker=OuterRef("pk")
    )
    return Speaker.objects.filter(Exists(quoted) | Exists(named))


def visible_speakers(user=None) -> QuerySet[Speaker]:
    return Speaker.objects.all() if _is_staff(user) else public_speakers()


def public_outlets() -> QuerySet[Outlet]:
    """Outlets with at least one article in a published story."""
    return Outlet.objects.filter(Exists(Article.objects.public().filter(outlet=OuterRef("pk"))))


# ---------------------------------------------------------------------------------------------
# Lists of stories


def story_list() -> QuerySet[Story]:
    """Published stories, latest first, each with ``article_count``."""
    return (
        Story.objects.published()
        .annotate(article_count=Count("articles"))
        .order_by("-published_at", "-id")
    )


def stories_for_outlet(outlet: Outlet) -> QuerySet[Story]:
    return story_list().filter(Exists(Article.objects.filter(story=OuterRef("pk"), outlet=outlet)))


def stories_for_speaker(speaker: Speaker) -> QuerySet[Story]:
    quoted = Quote.objects.filter(story=OuterRef("pk"), speaker=speaker)
    named = ArticlePerson.objects.filter(article__story=OuterRef("pk"), speaker=speaker)
    return story_list().filter(Exists(quoted) | Exists(named))


def attach_outlets(stories: Sequence[Story]) -> Sequence[Story]:
    """Give each story an ``outlet_list`` (its outlets by name) in one query for all."""
    by_story: dict[int, list[Outlet]] = defaultdict(list)
    ids = [s.pk for s in stories]
    if ids:
        rows = (
            Outlet.objects.filter(articles__story__in=ids)
            .values_list("articles__story_id", "pk", "name", "slug")
            .distinct()
            .order_by("name", "pk")
        )
        for story_id, pk, name, slug in rows:
            by_story[story_id].append(Outlet(pk=pk, name=name, slug=slug))
    for story in stories:
        story.outlet_list = by_story.get(story.pk, [])
    return stories


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
    def has_details(self) -> bool:
        return bool(self.evidence or self.cited)

    @property
    def machine_found(self) -> bool:
        """Every source shown was found by the engine and awaits an editor."""
        return bool(self.chips) and all(chip.machine_found for chip in self.chips)

    @property
    def according_to(self) -> str:
        """ "according to A and B" from the outlets an editor stands behind."""
        names: list[str] = []
        for attribution in self.attributions:
            if not _machine_found(attribution) and attribution.outlet.name not in names:
                names.append(attribution.outlet.name)
        return attribution_line(names)

    @property
    def needs_according_to(self) -> bool:
        """False when the text already ends by naming its sources ("…, as noted by A and B.")."""
        if not self.according_to:
            return False
        _, named = parse_cited_outlets(self.text)
        known = {a.outlet.name.casefold() for a in self.attributions}
        # "… 3,000 arrests per day." parses as citing "day": only real outlet names count.
        return not any(name.casefold() in known for name in named)


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
# Quotes


@dataclass(frozen=True)
class DiffPiece:
    """A ``diff_segments`` segment with its leading space apart, so that a struck-through or
    underlined word does not carry the space before it."""

    space: str
    text: str
    tag: str  # "del", "ins" or ""


def wording_diff(first: str, other: str) -> list[DiffPiece]:
    pieces = []
    for i, segment in enumerate(diff_segments(first, other)):
        text = segment.text.lstrip()
        space = segment.text[: len(segment.text) - len(text)]
        # Segments are whole words; the first word of either wording has no space before it,
        # so "We have" removed then "We've" added would otherwise run together.
        pieces.append(DiffPiece(space or (" " if i else ""), text, segment.tag))
    return pieces


@dataclass
class Wording:
    """One wording of a quote and the outlets that printed it.

    ``parts`` are the printed fragments of one utterance ("I am not satisfied with the figures,"
    and, carried on, "We have to increase."); ``text`` shows them joined by an ellipsis.
    ``diff`` is the word-level difference from the quote's first wording (empty for that one).
    """

    parts: list[str]
    match: str  # QuoteAppearance.Match value of the wording's earliest appearance
    appearances: list[QuoteAppearance] = field(default_factory=list)
    is_first: bool = False
    diff: list[DiffPiece] = field(default_factory=list)

    @property
    def text(self) -> str:
        return " … ".join(self.parts)

    @property
    def statement(self) -> str:
        """The fragments as one statement, as the engine compares them."""
        return " ".join(part.strip() for part in self.parts)

    @property
    def sources(self) -> list[QuoteAppearance]:
        """The earliest appearance of this wording in each outlet, earliest outlet first."""
        seen: set[int] = set()
        out: list[QuoteAppearance] = []
        for appearance in self.appearances:
            if appearance.article.outlet_id not in seen:
                seen.add(appearance.article.outlet_id)
                out.append(appearance)
        return out

    @property
    def outlets(self) -> list[Outlet]:
        return [appearance.article.outlet for appearance in self.sources]

    @property
    def kind(self) -> str:
        """ "original" for the first wording, else how the engine matched it to the first."""
        if self.is_first:
            return QuoteAppearance.Match.ORIGINAL
        return self.match

    @property
    def match_label(self) -> str:
        if not self.is_first and self.match == QuoteAppearance.Match.ORIGINAL:
            # Grouped by an editor before the engine compared it: no claim about how close.
            return _("Other wording")
        return QuoteAppearance.Match(self.kind).label


@dataclass
class QuoteView:
    quote: Quote
    wordings: list[Wording]

    @property
    def first_wording(self) -> Wording:
        return self.wordings[0]

    @property
    def other_wordings(self) -> list[Wording]:
        return self.wordings[1:]

    @property
    def first_appearance(self) -> QuoteAppearance:
        return self.wordings[0].appearances[0]

    @property
    def first_reported_by(self) -> Outlet:
        return self.first_appearance.article.outlet

    @property
    def also_carried_by(self) -> list[QuoteAppearance]:
        """Other outlets that printed the first wording word for word."""
        return self.wordings[0].sources[1:]

    @property
    def outlets(self) -> list[Outlet]:
        out: list[Outlet] = []
        for wording in self.wordings:
            out.extend(o for o in wording.outlets if o not in out)
        return out


@dataclass
class SpeakerQuotes:
    speaker: Speaker | None
    quotes: list[QuoteView]


_QUOTE_MARKS = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'})


def _wording_key(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_QUOTE_MARKS).casefold()
    return re.sub(r"\s+", " ", text).strip(" .,;:")


def _appearance_order(appearance: QuoteAppearance):
    published = appearance.article.published_at
    return (published is None, published or datetime.min, appearance.article_id, appearance.start)


def quote_view(quote: Quote) -> QuoteView | None:
    """Every visible wording of a quote, earliest outlet first; None when nothing is visible.

    A fragment marked ``continues`` is joined to the fragment before it in the same article
    ("I am not satisfied with the figures, … We have to increase."), so one utterance is one
    wording. Each later wording carries its word-level difference from the first.
    """
    appearances = sorted(quote.appearances.all(), key=_appearance_order)
    if not appearances:
        return None
    utterances: list[tuple[list[str], QuoteAppearance]] = []
    previous: QuoteAppearance | None = None
    for appearance in appearances:
        if appearance.continues and previous and previous.article_id == appearance.article_id:
            utterances[-1][0].append(appearance.text)
        else:
            utterances.append(([appearance.text], appearance))
        previous = appearance
    wordings: dict[str, Wording] = {}
    for parts, appearance in utterances:
        key = _wording_key(" ".join(parts))
        if key not in wordings:
            wordings[key] = Wording(parts, appearance.match)
        wordings[key].appearances.append(appearance)
    ordered = list(wordings.values())
    first = ordered[0]
    first.is_first = True
    for wording in ordered[1:]:
        wording.diff = wording_diff(first.statement, wording.statement)
    return QuoteView(quote, ordered)


def group_quotes_by_speaker(quotes: Iterable[Quote]) -> list[SpeakerQuotes]:
    """Quotes by speaker: most-quoted first, then the most widely carried, then by name;
    unattributed quotes last."""
    groups: dict[int | None, SpeakerQuotes] = {}
    for quote in quotes:
        view = quote_view(quote)
        if view is None:
            continue
        group = groups.setdefault(quote.speaker_id, SpeakerQuotes(quote.speaker, []))
        group.quotes.append(view)
    for group in groups.values():
        group.quotes.sort(key=lambda v: _appearance_order(v.first_appearance))
    return sorted(
        groups.values(),
        key=lambda g: (
            g.speaker is None,
            -len(g.quotes),
            -max(len(v.outlets) for v in g.quotes),
            g.speaker.name if g.speaker else "",
        ),
    )


# ---------------------------------------------------------------------------------------------
# Figures


@dataclass
class FigureRowView:
    """One quantity (``row``, from the engine) with each outlet's values in column order."""

    row: FigureRow
    cells: list[list[FigureValue]]


@dataclass
class FigureTableView:
    """Quantities down, outlets across, disagreements flagged by the engine."""

    outlets: list[Outlet]
    rows: list[FigureRowView]

    @property
    def disagree(self) -> bool:
        return any(view.row.disagreement for view in self.rows)

    def __bool__(self) -> bool:
        return bool(self.rows)


def _engine_figure(figure: Figure) -> EngineFigure:
    return EngineFigure(
        text=figure.text,
        start=figure.start,
        end=figure.end,
        value=figure.value,
        unit=figure.unit,
        per=figure.per,
        period=figure.period,
        qualifier=figure.qualifier,
        kind=figure.kind,
    )


def figure_table(articles: Iterable[Article]) -> FigureTableView:
    """Compare the figures of ``articles`` (their ``figures`` prefetched) across outlets."""
    outlets: dict[str, Outlet] = {}
    items: list[tuple[str, EngineFigure]] = []
    for article in articles:
        outlets.setdefault(article.outlet.name, article.outlet)
        items.extend((article.outlet.name, _engine_figure(f)) for f in article.figures.all())
    table = compare_figures(items)
    rows = []
    for row in table.rows:
        by_outlet = row.by_outlet()
        cells = []
        for name in table.outlets:
            # An outlet's several articles often repeat a figure: show each wording once.
            shown: dict[tuple[str, str], FigureValue] = {}
            for value in by_outlet.get(name, []):
                shown.setdefault((value.display, value.figure.text), value)
            cells.append(list(shown.values()))
        rows.append(FigureRowView(row, cells))
    return FigureTableView([outlets[name] for name in table.outlets], rows)


# ---------------------------------------------------------------------------------------------
# Coverage and its timeline chart


@dataclass
class OutletCoverage:
    outlet: Outlet
    articles: list[Article]

    @property
    def anchor(self) -> str:
        return f"coverage-{self.outlet.slug}"


@dataclass
class TimelineDot:
    article: Article
    x: float
    y: float


@dataclass
class TimelineRow:
    outlet: Outlet
    y: float
    label_y: float
    dots: list[TimelineDot]


@dataclass
class Timeline:
    width: int
    height: int
    plot_left: int
    plot_right: int
    axis_y: float
    rows: list[TimelineRow]
    start: datetime | None
    end: datetime | None
    undated: int = 0  # articles left off the chart for want of a publication time

    @property
    def has_dots(self) -> bool:
        return any(row.dots for row in self.rows)

    @property
    def dot_count(self) -> int:
        return sum(len(row.dots) for row in self.rows)


TIMELINE_WIDTH = 560
TIMELINE_LABEL_WIDTH = 190
TIMELINE_ROW = 32


def coverage_timeline(coverage: Sequence[OutletCoverage]) -> Timeline:
    """Coordinates for the "who published when" chart: a row per outlet, a dot per article."""
    times = [a.published_at for c in coverage for a in c.articles if a.published_at]
    start, end = (min(times), max(times)) if times else (None, None)
    left, right = TIMELINE_LABEL_WIDTH, TIMELINE_WIDTH - 16
    span = (end - start).total_seconds() if times else 0

    def x_of(moment: datetime) -> float:
        if not span:
            return round((left + right) / 2, 1)
        return round(left + (moment - start).total_seconds() / span * (right - left), 1)

    # Outlets with no dated article have no row: an empty track would read as "no article".
    dated = [c for c in coverage if any(a.published_at for a in c.articles)]
    rows = []
    for i, item in enumerate(dated):
        y = 20 + i * TIMELINE_ROW
        dots = [TimelineDot(a, x_of(a.published_at), y) for a in item.articles if a.published_at]
        rows.append(TimelineRow(item.outlet, y, y + 4, dots))
    axis_y = 20 + len(dated) * TIMELINE_ROW - 10
    undated = sum(1 for c in coverage for a in c.articles if not a.published_at)
    return Timeline(
        TIMELINE_WIDTH, int(axis_y + 26), left, right, axis_y, rows, start, end, undated
    )


# ---------------------------------------------------------------------------------------------
# People


@dataclass
class PersonView:
    speaker: Speaker
    roles: list[str]
    quote_count: int
    outlets: list[Outlet]


def people_of(articles: Iterable[Article], speaker_quotes: Iterable[SpeakerQuotes]):
    """Everyone named in the story's articles or quoted in it, with the roles outlets give."""
    people: dict[int, PersonView] = {}
    for article in articles:
        for mention in article.people.all():
            person = people.setdefault(mention.speaker_id, PersonView(mention.speaker, [], 0, []))
            if mention.role and mention.role not in person.roles:
                person.roles.append(mention.role)
            if article.outlet not in person.outlets:
                person.outlets.append(article.outlet)
    for group in speaker_quotes:
        if group.speaker is None:
            continue
        person = people.setdefault(group.speaker.pk, PersonView(group.speaker, [], 0, []))
        person.quote_count = len(group.quotes)
        for view in group.quotes:
            person.outlets.extend(o for o in view.outlets if o not in person.outlets)
    for person in people.values():
        if not person.roles and person.speaker.role:
            person.roles.append(person.speaker.role)
    return sorted(people.values(), key=lambda p: (-p.quote_count, p.speaker.name))


# ---------------------------------------------------------------------------------------------
# The story page


def story_prefetches() -> list[Prefetch]:
    """Everything a story page (and its JSON-LD) shows, one query per relation."""
    article_people = ArticlePerson.objects.select_related("speaker").order_by("id")
    attribution = _visible_attributions().select_related("outlet", "article").defer("article__body")
    return [
        Prefetch(
            "articles",
            queryset=Article.objects.select_related("outlet")
            .defer("body")
            # Undated articles last on every database (SQLite and PostgreSQL differ by default).
            .order_by(F("published_at").asc(nulls_last=True), "id")
            .prefetch_related(
                Prefetch("figures", queryset=Figure.objects.order_by("start")),
                Prefetch("people", queryset=article_people),
            ),
        ),
        Prefetch(
            "quotes",
            queryset=Quote.objects.select_related("speaker").prefetch_related(
                Prefetch(
                    "appearances",
                    queryset=_visible_appearances()
                    .select_related("article__outlet")
                    .defer("article__body"),
                )
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


def prefetch_story(story: Story) -> Story:
    """Load a story's related rows once; a second call runs no query."""
    prefetch_related_objects([story], *story_prefetches())
    return story


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
        return sum(len(g.quotes) for g in self.speaker_quotes)

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
    prefetch_story(story)
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
    speaker_quotes = group_quotes_by_speaker(story.quotes.all())
    return StoryPage(
        story=story,
        corrections=list(story.corrections.all()),
        key_points=key_points,
        paragraphs=paragraphs,
        speaker_quotes=speaker_quotes,
        figures=figure_table(articles),
        coverage=coverage,
        cited_outlets=cited,
        timeline=coverage_timeline(coverage),
        people=people_of(articles, speaker_quotes),
        articles=articles,
    )


# ---------------------------------------------------------------------------------------------
# Other pages


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
                queryset=_visible_appearances()
                .select_related("article__outlet")
                .defer("article__body"),
            )
        )
        .order_by("-story__published_at", "id")[:limit]
    )
    views = [v for v in (quote_view(q) for q in quotes) if v is not None]
    stories = list(stories_for_speaker(speaker)[:limit])
    roles = list(
        ArticlePerson.objects.filter(published_q(prefix="article__story__"), speaker=speaker)
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


@dataclass
class Segment:
    text: str
    appearance: QuoteAppearance | None = None
    in_passage: bool = False  # part of the evidence passage a story page linked to
    passage_start: bool = False  # the first piece of that passage (the link's target)


def parse_passage(value: str | None, body: str) -> tuple[int, int] | None:
    """ "120-245" from a link to an evidence passage, when it is a span of ``body``."""
    match = re.fullmatch(r"(\d{1,9})-(\d{1,9})", value or "")
    if not match:
        return None
    start, end = int(match[1]), int(match[2])
    return (start, end) if 0 <= start < end <= len(body) else None


def highlighted_body(
    article: Article, *, passage: tuple[int, int] | None = None
) -> list[list[Segment]]:
    """The article body as paragraphs of segments, with the visible quotes marked and, when
    given, the evidence ``passage`` (character offsets) flagged.

    Quote spans that fall outside the body or overlap an earlier one are left unmarked.
    """
    body = article.body
    spans: list[QuoteAppearance] = []
    cursor = 0
    for appearance in sorted(
        (
            a
            for a in _visible_appearances().filter(article=article).select_related("quote__speaker")
            if 0 <= a.start < a.end <= len(body)
        ),
        key=lambda a: a.start,
    ):
        if appearance.start >= cursor:
            spans.append(appearance)
            cursor = appearance.end

    cuts = {0, len(body)}
    for appearance in spans:
        cuts.update((appearance.start, appearance.end))
    if passage:
        cuts.update(passage)
    bounds = sorted(cuts)
    starts = {a.start: a for a in spans}
    segments: list[Segment] = []
    current: QuoteAppearance | None = None
    for lo, hi in zip(bounds, bounds[1:], strict=False):
        if current is not None and lo >= current.end:
            current = None
        current = starts.get(lo, current)
        inside = bool(passage) and passage[0] <= lo < passage[1]
        segments.append(Segment(body[lo:hi], current, inside, inside and lo == passage[0]))

    paragraphs: list[list[Segment]] = [[]]
    for segment in segments:
        if segment.appearance is not None:
            paragraphs[-1].append(segment)
            continue
        pending = segment.passage_start
        for i, part in enumerate(re.split(r"\n\s*\n", segment.text)):
            if i:
                paragraphs.append([])
            if part.strip():
                paragraphs[-1].append(Segment(part, None, segment.in_passage, pending))
                pending = False
            elif part:
                paragraphs[-1].append(Segment(part))
    return [p for p in paragraphs if any(s.text.strip() for s in p)]
