"""Line figures up across outlets and flag real disagreements.

Rows are quantities (what is counted, the rate period, and the kind: target, average, total),
columns are outlets. Two figures only disagree when they measure the same quantity: a target
of 3,000 arrests a day and an average of 660 a day are two rows, not a conflict. Rates are
compared per day, so "more than 66,000 in 100 days" agrees with "around 660 a day".

Qualifiers widen a value into a range before comparing: "around 660" is 594-726, "more than
66,000" is 66,000 or above, "up to 40" is 40 or below.

Units are compared as lemmas with a few general synonyms (persons/people, dollars/$). A
generic count ("people", or no unit) joins a specific row ("arrests") only when its value
agrees; it never creates a disagreement there, since "3,000 people" may count anything.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass

from articles.engine.types import Figure

DEFAULT_TOLERANCE = 0.02
APPROX_TOLERANCE = 0.1
# A generic unit two values this far apart are different quantities, not a disagreement
# ("12 people died", "400 people were evacuated").
GENERIC_SPLIT_RATIO = 3.0

_PER_DAYS = {"hour": 1 / 24, "day": 1.0, "week": 7.0, "month": 30.4375, "quarter": 91.3125}
_PER_DAYS["year"] = 365.25
_PER_ALIASES = {
    "daily": "day",
    "a day": "day",
    "each day": "day",
    "every day": "day",
    "per day": "day",
    "days": "day",
    "weekly": "week",
    "a week": "week",
    "weeks": "week",
    "monthly": "month",
    "a month": "month",
    "months": "month",
    "annually": "year",
    "yearly": "year",
    "a year": "year",
    "annual": "year",
    "years": "year",
    "hourly": "hour",
    "an hour": "hour",
    "hours": "hour",
}
_UNIT_SYNONYMS = {
    "person": "people",
    "persons": "people",
    "individual": "people",
    "individuals": "people",
    "dollar": "usd",
    "$": "usd",
    "us$": "usd",
    "%": "percent",
    "per cent": "percent",
    "pc": "percent",
}
# Nouns news uses interchangeably for one referent ("12 ships", "14 vessels").
_NOUN_SYNONYMS = {
    "vessel": "ship",
    "demonstrator": "protester",
    "protestor": "protester",
    "position": "job",
    "spectator": "fan",
    "household": "home",
    "house": "home",
    "resident": "people",
    "inhabitant": "people",
    "employee": "worker",
    "staffer": "worker",
    "fatality": "death",
    "pupil": "student",
    "automobile": "car",
    "vehicle": "car",
}
GENERIC_UNITS = frozenset({"", "people", "usd", "percent", "time"})
_KIND_ALIASES = {
    "goal": "target",
    "objective": "target",
    "aim": "target",
    "mean": "average",
    "avg": "average",
    "sum": "total",
    "cumulative": "total",
}
_ABOVE = ("more than", "over", "at least", "a minimum of", "minimum", "above", "upwards of")
_BELOW = ("less than", "under", "at most", "up to", "fewer than", "below", "a maximum of")
_APPROX = (
    "around",
    "about",
    "approximately",
    "roughly",
    "nearly",
    "almost",
    "some",
    "an estimated",
    "estimated",
    "close to",
    "circa",
    "~",
)
_PERIOD_RE = re.compile(
    r"(\d[\d,]*(?:\.\d+)?)?\s*(hour|day|week|month|quarter|year)s?\b", re.IGNORECASE
)


@dataclass(frozen=True, slots=True)
class FigureValue:
    """One outlet's figure in a row; ``comparable`` is per day for rates."""

    outlet: str
    figure: Figure
    comparable: float
    low: float
    high: float
    display: str


@dataclass(frozen=True, slots=True)
class FigureRow:
    """One quantity across outlets."""

    label: str
    unit: str
    per: str
    kind: str
    values: tuple[FigureValue, ...]
    disagreement: bool
    note: str

    def by_outlet(self) -> dict[str, list[FigureValue]]:
        out: dict[str, list[FigureValue]] = {}
        for value in self.values:
            out.setdefault(value.outlet, []).append(value)
        return out


@dataclass(frozen=True, slots=True)
class FigureTable:
    """Rows are quantities, ``outlets`` the columns in first-seen order."""

    outlets: tuple[str, ...]
    rows: tuple[FigureRow, ...]

    @property
    def disagreements(self) -> tuple[FigureRow, ...]:
        return tuple(row for row in self.rows if row.disagreement)


def lemma(word: str) -> str:
    """Readable singular of a unit word ("arrests" -> "arrest", "people" stays)."""
    w = word.strip().lower()
    if w in _UNIT_SYNONYMS:
        return _UNIT_SYNONYMS[w]
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "shes", "ches", "xes")):
        return w[:-2]
    if w.endswith("s") and not w.endswith(("ss", "us", "is")) and len(w) > 3:
        return w[:-1]
    return w


def normalise_unit(unit: str) -> tuple[str, str]:
    """Split a unit into (what is counted, rate period): "arrests per day" -> ("arrest", "day")."""
    text = unit.strip().lower()
    per = ""
    m = re.search(r"\s*(?:\bper\b|\ba\b|\beach\b|\bevery\b|/)\s*(hour|day|week|month|year)\b", text)
    if m:
        per = m.group(1)
        text = (text[: m.start()] + text[m.end() :]).strip()
    else:
        m = re.search(r"\s*\b(daily|weekly|monthly|annually|yearly|hourly)\b", text)
        if m:
            per = _PER_ALIASES[m.group(1)]
            text = (text[: m.start()] + text[m.end() :]).strip()
    text = re.sub(r"\s*\bin \d[\d,]* \w+$", "", text)  # "arrests in 100 days"
    text = _UNIT_SYNONYMS.get(text, text)
    words = text.split()
    if words:
        head = lemma(words[-1])
        if head.endswith("worker"):
            head = "worker"  # "dockworkers" are workers
        words[-1] = _NOUN_SYNONYMS.get(head, head)
    joined = " ".join(words)
    return _UNIT_SYNONYMS.get(joined, joined), per


def normalise_per(per: str) -> str:
    p = per.strip().lower()
    p = _PER_ALIASES.get(p, p)
    return p if p in _PER_DAYS else ""


def period_days(period: str) -> float | None:
    """Length of a span in days: "100 days" -> 100, "the first three months" -> None."""
    m = _PERIOD_RE.search(period or "")
    if not m:
        return None
    count = float(m.group(1).replace(",", "")) if m.group(1) else 1.0
    return count * _PER_DAYS[m.group(2).lower()]


def _bounds(value: float, qualifier: str, tolerance: float) -> tuple[float, float]:
    q = (qualifier or "").strip().lower()
    if q.startswith(_ABOVE):
        return value * (1 - tolerance), math.inf
    if q.startswith(_BELOW):
        return 0.0 if value >= 0 else -math.inf, value * (1 + tolerance)
    slack = APPROX_TOLERANCE if q.startswith(_APPROX) else tolerance
    return value * (1 - slack), value * (1 + slack)


def format_value(value: float) -> str:
    """3000.0 -> "3,000"; 2.5 -> "2.5"; 1234567.0 -> "1,234,567"."""
    if value == int(value):
        return f"{int(value):,}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


@dataclass(slots=True)
class _Entry:
    value: FigureValue
    unit: str
    per: str  # "day" for every rate, "" for counts
    kind: str
    surface: str  # the unit as written, for labels ("arrests")


def _entry(outlet: str, figure: Figure, tolerance: float) -> _Entry:
    unit, unit_per = normalise_unit(figure.unit)
    per = normalise_per(figure.per) or unit_per
    kind = (figure.kind or "").strip().lower()
    kind = _KIND_ALIASES.get(kind, kind)
    comparable = figure.value
    span = period_days(figure.period) if figure.period else None
    display = _display(figure, per)
    if per:
        comparable = figure.value / _PER_DAYS[per]
        per = "day"
    elif span:
        # A total over a span is an average rate: 66,000 in 100 days is 660 a day.
        comparable = figure.value / span
        per = "day"
        if kind in ("", "total"):
            kind = "average"
        display = f"{display} (≈{format_value(round(comparable, 1))} per day)"
    low, high = _bounds(comparable, figure.qualifier, tolerance)
    range_low = getattr(figure, "low", None)
    if range_low is not None and range_low < figure.value:
        low = min(low, comparable * range_low / figure.value * (1 - tolerance))
    surface = re.sub(
        r"\s+(?:per|a|each|every)\s+\w+$|\s+(?:daily|in \d[\d,]* \w+)$", "", figure.unit
    )
    value = FigureValue(outlet, figure, comparable, low, high, display)
    return _Entry(value, unit, per, kind, surface.strip().lower() or unit)


def _display(figure: Figure, per: str) -> str:
    parts = [figure.qualifier.strip()] if figure.qualifier else []
    parts.append(format_value(figure.value))
    if per:
        parts.append(f"per {per}")
    elif figure.period:
        parts.append(f"in {figure.period}")
    return " ".join(parts)


def _agree(a: FigureValue, b: FigureValue) -> bool:
    return a.low <= b.high and b.low <= a.high


def _row_agrees(values: list[FigureValue], value: FigureValue) -> bool:
    return bool(values) and all(_agree(v, value) for v in values)


def compare_figures(
    items: Iterable[tuple[str, Figure]], *, tolerance: float = DEFAULT_TOLERANCE
) -> FigureTable:
    """Group ``(outlet, Figure)`` pairs into quantity rows and flag disagreements."""
    outlets: list[str] = []
    entries = []
    for outlet, figure in items:
        if outlet not in outlets:
            outlets.append(outlet)
        entries.append(_entry(outlet, figure, tolerance))

    # Specific entries (known kind and a specific unit) fix the rows first, so vague ones
    # can then join the row they agree with.
    def vague(e: _Entry) -> bool:
        return not e.kind or e.unit in GENERIC_UNITS

    rows: dict[tuple[str, str, str], list[_Entry]] = {}
    for entry in sorted(entries, key=vague):
        if not vague(entry):
            rows.setdefault((entry.unit, entry.per, entry.kind), []).append(entry)
            continue
        home = _find_agreeing_row(rows, entry)
        if home is None:
            home = (entry.unit, entry.per, entry.kind)
        rows.setdefault(home, []).append(entry)

    built: list[FigureRow] = []
    for (unit, per, kind), members in rows.items():
        for by_year in _split_by(members, "year"):
            for by_event in _split_by(by_year, "event"):
                for cluster in _split_generic(unit, by_event):
                    built.append(_row(unit, per, kind, cluster))
    return FigureTable(outlets=tuple(outlets), rows=tuple(built))


def _find_agreeing_row(
    rows: dict[tuple[str, str, str], list[_Entry]], entry: _Entry
) -> tuple[str, str, str] | None:
    generic = entry.unit in GENERIC_UNITS
    for key, members in rows.items():
        unit, per, kind = key
        if per != entry.per:
            continue
        if entry.kind and kind and entry.kind != kind:
            continue
        if not generic and unit != entry.unit:
            continue
        if _row_agrees([m.value for m in members], entry.value):
            return key
    return None


def _split_by(members: list[_Entry], attribute: str) -> list[list[_Entry]]:
    """Figures that differ in ``attribute`` are different quantities: tied to different
    years ("in 2025", "in 2024"), or counting different outcomes ("three were rescued",
    "four were injured"). A figure whose text gives none joins the only group there is;
    among several, the one it agrees with, else it stands alone."""
    groups: dict[str, list[_Entry]] = {}
    loose: list[_Entry] = []
    for entry in members:
        value = getattr(entry.value.figure, attribute, "")
        (groups.setdefault(value, []) if value else loose).append(entry)
    if len(groups) < 2:
        return [members]
    found = list(groups.values())
    alone: list[_Entry] = []
    for entry in loose:
        home = next((g for g in found if _row_agrees([m.value for m in g], entry.value)), None)
        (home if home is not None else alone).append(entry)
    return found + ([alone] if alone else [])


def _split_generic(unit: str, members: list[_Entry]) -> list[list[_Entry]]:
    if unit not in GENERIC_UNITS or len(members) < 2:
        return [members]
    ordered = sorted(members, key=lambda e: e.value.comparable)
    clusters = [[ordered[0]]]
    for entry in ordered[1:]:
        prev = clusters[-1][-1].value.comparable
        if prev > 0 and entry.value.comparable / prev > GENERIC_SPLIT_RATIO:
            clusters.append([entry])
        else:
            clusters[-1].append(entry)
    return clusters


def _row(unit: str, per: str, kind: str, members: list[_Entry]) -> FigureRow:
    values = tuple(m.value for m in members)
    disagreement = any(not _agree(a, b) for i, a in enumerate(values) for b in values[i + 1 :])
    note = _note(values) if disagreement else ""
    surfaces = [m.surface for m in members if m.unit == unit and m.surface]
    label = surfaces[0] if surfaces else unit or "count"
    events = {getattr(m.value.figure, "event", "") for m in members} - {""}
    if len(events) == 1 and (event := events.pop()) not in label:
        label += f" {event}"  # "people injured", "homes destroyed"
    if per:
        label += f" per {per}"
    if kind:
        label += f" ({kind})"
    return FigureRow(
        label=label,
        unit=unit,
        per=per,
        kind=kind,
        values=values,
        disagreement=disagreement,
        note=note,
    )


def _note(values: tuple[FigureValue, ...]) -> str:
    """ "The Example Gazette says 1,200; Northfield Courier says 1,500"."""
    said: dict[str, list[str]] = {}
    for v in values:
        shown = said.setdefault(v.outlet, [])
        if v.display not in shown:
            shown.append(v.display)
    return "; ".join(f"{outlet} says {' and '.join(ds)}" for outlet, ds in said.items())
