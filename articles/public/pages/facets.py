"""Who covered a story, by facet: the kinds of outlet, their countries and, where editors
recorded them, ratings from named third parties; and the kinds of outlet that did not.

Only facts editors keep on outlets are used (``Outlet.kind``, ``country``, ``OutletRating``);
a rating always shows its source and date. The chart is inline SVG: no script, nothing
from another origin."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from articles.core.prepared import prepared_objects, prepared_values_list
from sources.models import Outlet, OutletRating

BAR_WIDTH = 220  # px of the longest bar
ROW_HEIGHT = 22
LABEL_WIDTH = 190


@dataclass
class Facet:
    title: str
    rows: list[tuple[str, int]]
    source: str = ""  # the third party behind a rating facet, with its date
    height: int = 0
    bars: list[dict] = field(default_factory=list)

    def layout(self, total: int) -> Facet:
        self.height = ROW_HEIGHT * len(self.rows)
        for i, (label, count) in enumerate(self.rows):
            width = max(2, round(BAR_WIDTH * count / total)) if total else 0
            self.bars.append(
                {
                    "label": label,
                    "count": count,
                    "y": i * ROW_HEIGHT,
                    "width": width,
                    "text_x": LABEL_WIDTH + width + 6,
                }
            )
        return self


@dataclass
class Coverage:
    facets: list[Facet]
    missing_kinds: list[str]
    total: int
    label_width: int = LABEL_WIDTH
    chart_width: int = LABEL_WIDTH + BAR_WIDTH + 40


KINDS_THAT_REPORT = [k for k in Outlet.Kind if k not in (Outlet.Kind.AGGREGATOR, Outlet.Kind.OTHER)]


# Compiled once (``articles.core.prepared``): built by the ORM for every page, the two queries
# cost several times their SQL.
def _ratings(*outlet_ids: int):
    return OutletRating.objects.filter(outlet__in=outlet_ids).order_by("-rated_on")


def _kinds_with_outlets(*kinds: str):
    return Outlet.objects.filter(kind__in=kinds).values_list("kind").order_by().distinct()


def coverage_facets(outlets: Sequence[Outlet]) -> Coverage | None:
    """Facets of the outlets that reported a story (``StoryPage.reporting_outlets``)."""
    outlets = [o for o in outlets if o.kind != Outlet.Kind.AGGREGATOR]
    if not outlets:
        return None
    total = len(outlets)
    kinds = Counter(
        _("not recorded") if o.kind == Outlet.Kind.UNKNOWN else o.get_kind_display()
        for o in outlets
    )
    facets = [Facet(_("Kind of outlet"), kinds.most_common()).layout(total)]
    countries = Counter(o.country or _("not recorded") for o in outlets)
    facets.append(Facet(_("Country"), countries.most_common()).layout(total))
    ratings: dict[tuple[str, str], dict[int, OutletRating]] = {}
    ids = [o.pk for o in outlets]
    for rating in prepared_objects(("coverage facets", "ratings", len(ids)), _ratings, *ids):
        # The latest rating of each outlet, per aspect and source.
        ratings.setdefault((rating.aspect, rating.source), {}).setdefault(rating.outlet_id, rating)
    for (aspect, source), by_outlet in sorted(ratings.items()):
        counts = Counter(r.value for r in by_outlet.values())
        unrated = total - len(by_outlet)
        rows = counts.most_common() + ([(_("not rated"), unrated)] if unrated else [])
        latest = max(r.rated_on for r in by_outlet.values())
        credit = _("%(aspect)s as rated by %(source)s (latest rating %(date)s)") % {
            "aspect": aspect.capitalize(),
            "source": source,
            "date": latest.isoformat(),
        }
        facets.append(Facet(credit, rows, source=source).layout(total))
    present = {o.kind for o in outlets}
    key = ("coverage facets", "kinds")
    known = {kind for (kind,) in prepared_values_list(key, _kinds_with_outlets, *KINDS_THAT_REPORT)}
    missing = [k.label for k in KINDS_THAT_REPORT if k in known and k not in present]
    return Coverage(facets, missing, total)
