"""Finding and creating outlets and speakers by name, safely under concurrent imports."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.db import connection, transaction
from django.db.models import Q

from sources.models import Outlet, OutletAlias, Speaker, SpeakerAlias, is_description


def lock_name(key: str) -> None:
    """Serialise get-or-create of one name across concurrent imports on PostgreSQL (names
    are not unique in the schema). SQLite serialises writers already."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", [key])


def speaker_find(*, name: str) -> Speaker | None:
    """The speaker called ``name``, by full name or by an alias that holds everywhere (never
    one scoped to an outlet or a story, never a description), ignoring case."""
    name = name.strip()
    found = Speaker.objects.filter(name=name).order_by("id").first()
    if found is None:
        found = Speaker.objects.filter(name__iexact=name).order_by("id").first()
    if found is None and not is_description(name):
        alias = (
            SpeakerAlias.objects.filter(alias__iexact=name, outlet__isnull=True)
            .select_related("speaker")
            .order_by("speaker_id")
            .first()
        )
        found = alias.speaker if alias else None
    return found


def speaker_get_or_create(*, name: str, kind: str | None = None, role: str = "") -> Speaker:
    """The speaker called ``name`` (full name or alias); a new one when there is none."""
    name = name.strip()[:200]
    with transaction.atomic():
        lock_name(f"speaker:{name.casefold()}")
        found = speaker_find(name=name)
        if found is not None:
            return found
        return Speaker.objects.create(
            name=name,
            kind=kind if kind in Speaker.Kind.values else Speaker.Kind.PERSON,
            role=role[:300],
        )


def outlet_find(*, name: str) -> Outlet | None:
    name = name.strip()
    found = Outlet.objects.filter(name__iexact=name).first()
    if found is None:
        alias = OutletAlias.objects.filter(alias__iexact=name).select_related("outlet").first()
        found = alias.outlet if alias else None
    return found


def outlet_find_by_domain(*, host: str) -> Outlet | None:
    host = host.lower().removeprefix("www.")
    alias = (
        OutletAlias.objects.filter(Q(alias__iexact=host) | Q(alias__iexact=f"www.{host}"))
        .select_related("outlet")
        .first()
    )
    if alias:
        return alias.outlet
    # Outlets are few (thousands at most); the homepage host is compared exactly.
    for outlet in Outlet.objects.filter(homepage__icontains=host).only("id", "name", "homepage"):
        if (urlsplit(outlet.homepage).hostname or "").lower().removeprefix("www.") == host:
            return outlet
    return None


def outlet_get_or_create(*, name: str) -> tuple[Outlet, bool]:
    with transaction.atomic():
        lock_name(f"outlet:{name.strip().casefold()}")
        found = outlet_find(name=name)
        if found is not None:
            return found, False
        outlet, created = Outlet.objects.get_or_create(name=name.strip()[:200])
        return outlet, created
