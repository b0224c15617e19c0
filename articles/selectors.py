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
# Attribution


def attribution_line(outlets: Iterable[Outlet | str]) -> str:
    """ "according to A", "according to A and B", "according to A, B, C, and D".

    Outlets keep their order (the editor's order of the Attribution rows); repeats are dropped.
    Returns "" when there is no outlet.
    """
    from django.utils.translation import gettext as _

    names: list[str] = []
    for outlet in outlets:
        name = outlet if isinstance(outlet, str) else outlet.name
        if name and name not in names:
            names.append(name)
    if not names:
        return ""
    if len(names) == 1:
        joined = names[0]
    elif len(names) == 2:
        joined = _("%(first)s and %(second)s") % {"first": names[0], "second": names[1]}
    else:
        joined = _("%(items)s, and %(last)s") % {"items": ", ".join(names[:-1]), "last": names[-1]}
    return _("according to %(outlets)s") % {"outlets": joined}


@dataclass
class SourceChip:
    outlet: Outlet
    href: str
    evidence_id: str | None  # the anchor of the evidence passage on the page, when there is one


@dataclass
class SourcedText:
    """A key point or a summary paragraph with the outlets that support it."""

    obj: KeyPoint | SummaryParagraph
    chips: list[SourceChip]

    @property
    def text(self) -> str:
        return self.obj.text

    @property
    def outlets(self) -> list[Outlet]:
        return [chip.outlet for chip in self.chips]

    @property
    def according_to(self) -> str:
        return attribution_line(self.outlets)

    @property
    def needs_according_to(self) -> bool:
        """False when the text already ends by naming its sources (as imported summaries do)."""
        line = self.according_to
        return bool(line) and line.casefold() not in self.text.casefold()


def _evidence_anchor(attribution: Attribution) -> str:
    return f"evidence-{attribution.pk}"


def _sourced(obj, coverage_anchor: dict[int, str]) -> SourcedText:
    chips: list[SourceChip] = []
    seen: set[int] = set()
    for attribution in obj.attributions.all():
        if attribution.outlet_id in seen:
            continue
        seen.add(attribution.outlet_id)
        if attribution.passage:
            anchor = _evidence_anchor(attribution)
            chips.append(SourceChip(attribution.outlet, f"#{anchor}", anchor))
        elif attribution.article_id:
            href = attribution.article.get_absolute_url()
            chips.append(SourceChip(attribution.outlet, href, None))
        else:
            href = f"#{coverage_anchor.get(attribution.outlet_id, 'coverage')}"
            chips.append(SourceChip(attribution.outlet, href, None))
    return SourcedText(obj, chips)


# ---------------------------------------------------------------------------------------------
# Quotes


@dataclass
class Wording:
    text: str
    match: str  # QuoteAppearance.Match value of the wording's earliest appearance
    appearances: list[QuoteAppearance] = field(default_factory=list)

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
    def match_label(self) -> str:
        return QuoteAppearance.Match(self.match).label


@dataclass
class QuoteView:
    quote: Quote
    wordings: list[Wording]

    @property
    def first_appearance(self) -> QuoteAppearance:
        return self.wordings[0].appearances[0]

    @property
    def first_reported_by(self) -> Outlet:
        return self.first_appearance.article.outlet

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
    wording.
    """
    appearances = sorted(quote.appearances.all(), key=_appearance_order)
    if not appearances:
        return None
    utterances: list[tuple[str, QuoteAppearance]] = []
    previous: QuoteAppearance | None = None
    for appearance in appearances:
        if appearance.continues and previous and previous.article_id == appearance.article_id:
            text, first = utterances[-1]
            utterances[-1] = (f"{text} … {appearance.text}", first)
        else:
            utterances.append((appearance.text, appearance))
        previous = appearance
    wordings: dict[str, Wording] = {}
    for text, appearance in utterances:
        key = _wording_key(text)
        if key not in wordings:
            wordings[key] = Wording(text, appearance.match)
        wordings[key].appearances.append(appearance)
    return QuoteView(quote, list(wordings.values()))


def group_quotes_by_speaker(quotes: Iterable[Quote]) -> list[SpeakerQuotes]:
    """Quotes by speaker: most-quoted first, then by name; unattributed quotes last."""
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
        key=lambda g: (g.speaker is None, -len(g.quotes), g.speaker.name if g.speaker else ""),
    )


# ---------------------------------------------------------------------------------------------
# Figures


@dataclass
class FigureGroup:
    """Figures that count the same thing, one row per figure, with whether outlets disagree."""

    label: str
    figures: list[Figure]
    disagree: bool


def _figure_key(figure: Figure) -> tuple[str, str, str, str]:
    def norm(value: str) -> str:
        return re.sub(r"\s+", " ", value).strip().casefold()

    return (norm(figure.kind), norm(figure.unit), norm(figure.per), norm(figure.period))


def compare_figures(figures: Iterable[Figure]) -> list[FigureGroup]:
    """Line figures up across outlets and flag disagreements.

    A deliberately simple rule, kept in this one function so a smarter comparison
    (``articles/engine/figures_compare.py``) can replace it: figures with the same kind, unit,
    per and period count the same thing; outlets disagree when two of them give such figures
    with no value in common.
    """
    groups: dict[tuple[str, str, str, str], list[Figure]] = {}
    for figure in figures:
        groups.setdefault(_figure_key(figure), []).append(figure)
    result = []
    for key, rows in groups.items():
        values_by_outlet: dict[int, set[float]] = defaultdict(set)
        for figure in rows:
            values_by_outlet[figure.article.outlet_id].add(round(figure.value, 6))
        value_sets = list(values_by_outlet.values())
        disagree = any(not (a & b) for i, a in enumerate(value_sets) for b in value_sets[i + 1 :])
        label = " ".join(part for part in (key[1], key[2] and f"per {key[2]}", key[3]) if part)
        result.append(FigureGroup(label or key[0] or "figures", rows, disagree))
    return result


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

    @property
    def has_dots(self) -> bool:
        return any(row.dots for row in self.rows)


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

    rows = []
    for i, item in enumerate(coverage):
        y = 20 + i * TIMELINE_ROW
        dots = [TimelineDot(a, x_of(a.published_at), y) for a in item.articles if a.published_at]
        rows.append(TimelineRow(item.outlet, y, y + 4, dots))
    axis_y = 20 + len(coverage) * TIMELINE_ROW - 10
    return Timeline(TIMELINE_WIDTH, int(axis_y + 26), left, right, axis_y, rows, start, end)


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
                Prefetch("attributions", attribution)
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
    evidence: list[Attribution]
    speaker_quotes: list[SpeakerQuotes]
    figure_groups: list[FigureGroup]
    coverage: list[OutletCoverage]
    timeline: Timeline
    people: list[PersonView]
    articles: list[Article]

    @property
    def figures_disagree(self) -> bool:
        return any(g.disagree for g in self.figure_groups)

    @property
    def outlets(self) -> list[Outlet]:
        return [c.outlet for c in self.coverage]

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

    key_points = [_sourced(p, coverage_anchor) for p in story.key_points.all()]
    paragraphs = [_sourced(p, coverage_anchor) for p in story.paragraphs.all()]
    evidence = [
        a
        for item in (*story.key_points.all(), *story.paragraphs.all())
        for a in item.attributions.all()
        if a.passage
    ]
    speaker_quotes = group_quotes_by_speaker(story.quotes.all())
    figures = [f for a in articles for f in a.figures.all()]
    return StoryPage(
        story=story,
        corrections=list(story.corrections.all()),
        key_points=key_points,
        paragraphs=paragraphs,
        evidence=evidence,
        speaker_quotes=speaker_quotes,
        figure_groups=compare_figures(figures),
        coverage=coverage,
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


def highlighted_body(article: Article) -> list[list[Segment]]:
    """The article body as paragraphs of segments, with the visible quotes marked.

    Spans that fall outside the body or overlap an earlier one are left unmarked.
    """
    body = article.body
    spans = sorted(
        (
            a
            for a in _visible_appearances().filter(article=article).select_related("quote__speaker")
            if 0 <= a.start < a.end <= len(body)
        ),
        key=lambda a: a.start,
    )
    segments: list[Segment] = []
    cursor = 0
    for appearance in spans:
        if appearance.start < cursor:
            continue
        if appearance.start > cursor:
            segments.append(Segment(body[cursor : appearance.start]))
        segments.append(Segment(body[appearance.start : appearance.end], appearance))
        cursor = appearance.end
    if cursor < len(body):
        segments.append(Segment(body[cursor:]))

    paragraphs: list[list[Segment]] = [[]]
    for segment in segments:
        if segment.appearance is not None:
            paragraphs[-1].append(segment)
            continue
        parts = re.split(r"\n\s*\n", segment.text)
        for i, part in enumerate(parts):
            if i:
                paragraphs.append([])
            if part:
                paragraphs[-1].append(Segment(part))
    return [p for p in paragraphs if any(s.text.strip() for s in p)]
