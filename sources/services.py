"""Finding and creating outlets and speakers by name, safely under concurrent imports."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import reduce
from operator import or_
from urllib.parse import urlsplit

from django.db import connection, transaction
from django.db.models import Q, QuerySet
from django.db.models.functions import Lower
from django.utils.text import slugify

from ops.grouped import deferrable
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


def speakers_named(names: list[str], lowered: list[str]) -> QuerySet:
    """The speakers called one of ``names``, or one of ``lowered`` ignoring case (lower-cased
    as the database does), unordered (``Meta.ordering`` compiled and sorted for nothing)."""
    return (
        Speaker.objects.annotate(lname=Lower("name"))
        .filter(Q(name__in=names) | Q(lname__in=lowered))
        .order_by()
    )


def speakers_get_or_create(
    wanted: Iterable[tuple[str, str | None, str]],
    *,
    named: Callable[[list[str], list[str]], Iterable[Speaker]] = speakers_named,
) -> dict[str, Speaker]:
    """``speaker_get_or_create`` for many names at once, in a constant number of queries.

    ``wanted`` holds ``(name, kind, role)``; the first entry of a name gives the kind and role
    of a speaker it creates. Returns the speakers by ``name.strip().casefold()``. A name finds
    its speaker as ``speaker_find`` does (the exact name first, then the name ignoring case,
    then an alias that holds everywhere, unless the name is a description; the oldest speaker
    wins a tie); the others are created with unique slugs, in one INSERT. Concurrent imports
    serialise on the same per-name locks as ``speaker_get_or_create``. ``named``: reads the
    speakers of the names as ``speakers_named`` does (an import's, compiled once)."""
    todo: dict[str, tuple[str, str | None, str]] = {}
    for name, kind, role in wanted:
        if name and name.strip():
            todo.setdefault(name.strip().casefold(), (name.strip()[:200], kind, role or ""))
    if not todo:
        return {}
    found: dict[str, Speaker] = {}
    # No savepoint: a failure here fails the caller's transaction anyway (an import's article).
    with transaction.atomic(savepoint=False):
        names = sorted({n for n, _, _ in todo.values()})
        if connection.vendor == "postgresql":
            # Nothing to wait for: taken before the look-up that goes after it.
            with connection.cursor() as cursor, deferrable():
                cursor.execute(
                    "SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) "
                    "FROM unnest(%s::text[]) WITH ORDINALITY AS t(k, n) ORDER BY n",
                    [sorted({f"speaker:{n.casefold()}" for n in names})],
                )
        lowered = sorted({n.lower() for n in names})
        rows = sorted(named(names, lowered), key=lambda s: s.pk)  # (unordered in SQL)
        exact: dict[str, Speaker] = {}
        folded: dict[str, Speaker] = {}
        for speaker in rows:
            exact.setdefault(speaker.name, speaker)
            folded.setdefault(speaker.name.casefold(), speaker)
        for key, (name, _, _) in todo.items():
            speaker = exact.get(name) or folded.get(name.casefold())
            if speaker is not None:
                found[key] = speaker
        by_alias = [
            k for k, (name, _, _) in todo.items() if k not in found and not is_description(name)
        ]
        if by_alias:
            aliases = sorted(
                SpeakerAlias.objects.annotate(lalias=Lower("alias"))
                .filter(lalias__in=sorted({todo[k][0].lower() for k in by_alias}))
                .filter(outlet__isnull=True)
                .select_related("speaker")
                .order_by(),
                key=lambda a: a.speaker_id,
            )
            alias_of: dict[str, Speaker] = {}
            for alias in aliases:
                alias_of.setdefault(alias.alias.casefold(), alias.speaker)
            for k in by_alias:
                if todo[k][0].casefold() in alias_of:
                    found[k] = alias_of[todo[k][0].casefold()]
        new = [k for k in todo if k not in found]
        if new:
            slugs = _free_slugs([todo[k][0] for k in new])
            created = Speaker.objects.bulk_create(
                [
                    Speaker(
                        name=todo[k][0],
                        slug=slug,
                        kind=todo[k][1] if todo[k][1] in Speaker.Kind.values else "person",
                        role=todo[k][2][:300],
                    )
                    for k, slug in zip(new, slugs, strict=True)
                ]
            )
            for speaker in created:
                speaker._just_created = True  # callers caching look-ups may want to know
            found.update(zip(new, created, strict=True))
    return found


def _free_slugs(names: list[str], *, max_length: int = 80) -> list[str]:
    """The slugs ``unique_slug`` would give ``names`` created one after another (one query)."""
    bases = [slugify(n)[:max_length].strip("-") or "item" for n in names]
    prefixes = {b[:60] for b in bases}
    matching = reduce(or_, (Q(slug__startswith=p) for p in prefixes))
    taken = set(Speaker.objects.filter(matching).order_by().values_list("slug", flat=True))
    out = []
    for base in bases:
        slug, n = base, 2
        while slug in taken:
            suffix = f"-{n}"
            slug = f"{base[: max_length - len(suffix)]}{suffix}"
            n += 1
        taken.add(slug)
        out.append(slug)
    return out


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
