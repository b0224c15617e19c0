"""Coverage by outlet and its timeline chart (an inline SVG with no script)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from articles.models import (
    Article,
)
from sources.models import Outlet


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

    # Coordinates as SVG wants them ("12.5", never a localised "12,5"), for the template.
    @property
    def cx(self) -> str:
        return str(self.x)

    @property
    def cy(self) -> str:
        return str(self.y)


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


# How many articles a story's coverage table and timeline show before "Show all": a reader
# scanning who reported the story sees every outlet and its first article, and the table
# stays a screenful on a phone however long the story runs.
COVERAGE_SHOWN = 12


def shown_coverage(
    coverage: Sequence[OutletCoverage], limit: int = COVERAGE_SHOWN
) -> list[OutletCoverage]:
    """The coverage the story page shows at first: every outlet's earliest article (so every
    outlet heads its rows, where the source chips lead), then the earliest others, ``limit``
    articles in all (more only when there are more outlets); outlets and articles in the same
    order as ``coverage``. All of it when it holds no more than ``limit`` articles."""
    total = sum(len(item.articles) for item in coverage)
    if total <= limit:
        return list(coverage)
    chosen = {id(item.articles[0]) for item in coverage if item.articles}
    room = limit - len(chosen)
    if room > 0:
        others = sorted(
            (a for item in coverage for a in item.articles[1:]),
            key=lambda a: (a.published_at is None, a.published_at or 0, a.pk),
        )
        chosen.update(id(a) for a in others[:room])
    return [
        OutletCoverage(item.outlet, [a for a in item.articles if id(a) in chosen])
        for item in coverage
        if item.articles
    ]
