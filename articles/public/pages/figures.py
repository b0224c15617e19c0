"""Figures for readers: one row per quantity, one column per outlet, disagreements noted."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter

from articles.engine.figures_compare import FigureRow, FigureTable, FigureValue, compare_figures
from articles.models import (
    ENGINE_FIGURE_FIELDS,
    Article,
    Figure,
    engine_figure,
)
from sources.models import Outlet


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


# Where the story page's prefetch puts each article's figures readers may see (``to_attr``).
FIGURES = "reader_figures"


def figures_of(article: Article) -> list[Figure]:
    """An article's figures as prefetched: the story page's list, or its related manager's."""
    rows = getattr(article, FIGURES, None)
    return rows if rows is not None else list(article.figures.all())


# What the engine's comparison reads of a stored figure (``engine_figure``), read in one go.
_COMPARED_FIELDS = ("text", "start", "end", "value", *ENGINE_FIGURE_FIELDS)
_compared_values = attrgetter(*_COMPARED_FIELDS)


@lru_cache(maxsize=256)
def _compared(items: tuple[tuple[str, tuple], ...]) -> FigureTable:
    """The engine's comparison of a story's figures (``(outlet's name, the figure's
    compared fields)`` pairs), kept for the stories read most: it depends on nothing else,
    and its table is frozen, so it is worked out once rather than on every request (a story
    of 50 articles compares 50 figures, about a twentieth of its page). The engine's figures
    are made only then."""
    return compare_figures(
        tuple(
            (name, engine_figure(dict(zip(_COMPARED_FIELDS, values, strict=True))))
            for name, values in items
        )
    )


def _values(figure: Figure | dict) -> tuple:
    """A figure's compared fields, of a ``Figure`` or a plain row of its fields (as
    ``engine_figure`` reads either: a row without its place in the text is at 0)."""
    if not isinstance(figure, dict):
        return _compared_values(figure)
    return (
        *(figure["text"], figure.get("start", 0), figure.get("end", 0), figure["value"]),
        *(figure[name] for name in ENGINE_FIGURE_FIELDS),
    )


def kept_comparison(items: Iterable[tuple[str, Figure | dict]]) -> FigureTable:
    """The engine's comparison of ``(outlet's name, figure)`` pairs, each figure a ``Figure``
    or a plain row of its fields, kept as the story page keeps its own (``_compared``): the
    API's story detail compares the same figures on every request."""
    return _compared(tuple((name, _values(figure)) for name, figure in items))


def figure_table(articles: Iterable[Article]) -> FigureTableView:
    """Compare the figures of ``articles`` (prefetched) across outlets."""
    outlets: dict[str, Outlet] = {}
    items: list[tuple[str, tuple]] = []
    for article in articles:
        name = article.outlet.name
        outlets.setdefault(name, article.outlet)
        items.extend((name, _compared_values(f)) for f in figures_of(article))
    table = _compared(tuple(items))
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
