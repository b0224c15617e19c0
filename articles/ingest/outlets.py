"""Which outlet an imported item belongs to (split from ``articles.ingest.service``).

An item's own ``outlet`` field wins, then the ``default_outlet`` (``--outlet``), then
what a page or feed suggests (og:site_name or the feed title when it names a known outlet, the
domain via OutletAlias or homepage, else that suggested name). Names match Outlet.name or an
OutletAlias ignoring case. An outlet that matches nothing is created (with a slug) and the
report says so: importing from a new outlet should not need a separate step, and a misspelt
outlet is easy to merge in the admin. An item with no outlet at all is an error.
"""

from __future__ import annotations

from collections.abc import Callable

from articles.ingest.parsers import ParsedItem
from articles.ingest.payloads import PayloadError
from sources.models import Outlet
from sources.services import outlet_find, outlet_find_by_domain

# Each surface says how to name the outlet in its own words (a flag, a form field).
OUTLET_MISSING = "outlet: missing"


def outlet_choice(
    item: ParsedItem,
    clean: dict,
    default_outlet: str | None,
    find: Callable[..., Outlet | None] = outlet_find,
    find_by_domain: Callable[..., Outlet | None] = outlet_find_by_domain,
) -> tuple:
    """(existing Outlet or None, name to create when None). Raises PayloadError when none.
    ``find`` and ``find_by_domain`` may be a run's cached look-ups."""
    for name in (clean.get("outlet"), default_outlet):
        if name and name.strip():
            return find(name=name), name.strip()
    for hint in item.outlet_hints:
        found = find(name=hint)
        if found:
            return found, hint
    if item.domain:
        found = find_by_domain(host=item.domain)
        if found:
            return found, found.name
    if item.outlet_hints:
        return None, item.outlet_hints[0][:200]
    raise PayloadError(f"{OUTLET_MISSING} (nothing names the outlet that published it)")
