"""Plain-row queries compiled once and run again with a new value: for reads where Django
building and compiling a queryset costs more than running it.

A story's detail is eleven small queries; built and compiled by the ORM on every request they
took about two thirds of its time, the SQL itself a tenth. ``prepared_rows`` builds the
``values()`` queryset once per thread, database and ``key`` with a stand-in for the one
value that changes (a story's id), keeps its SQL, parameters and the ORM's converters for
its columns, and from then on runs that SQL with the value put in, converting the columns as
the ORM would (SQLite's dates and booleans). The rules stay where they are: the queryset is
built by the same code (``articles.core.visibility``), only not on every request; ``key``
must name everything else the queryset depends on (the audience, the review policy).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from django.db import connections
from django.db.models import QuerySet

# Stands in for the value given at run time; no real id or constant is this number.
STAND_IN = -918273645546372819

_compiled = threading.local()  # per thread, as Django's connections are


@dataclass(frozen=True)
class _Prepared:
    sql: str
    params: tuple
    slots: tuple[int, ...]  # where the value goes in ``params``
    names: tuple[str, ...]
    converters: tuple  # (position, converter functions, expression) per converted column


def _prepare(queryset: QuerySet) -> _Prepared:
    query = queryset.query
    compiler = query.get_compiler(using=queryset.db)
    sql, params = compiler.as_sql()
    slots = tuple(i for i, param in enumerate(params) if param == STAND_IN)
    if not slots:
        raise ValueError("The prepared queryset does not use its stand-in value.")
    columns = compiler.select[: compiler.col_count]
    converters = compiler.get_converters([column for column, _, _ in columns])
    names = (*query.extra_select, *query.values_select, *query.annotation_select)
    return _Prepared(
        sql,
        tuple(params),
        slots,
        tuple(names),
        tuple((position, *pair) for position, pair in converters.items()),
    )


def prepared_rows(
    key: Hashable, build: Callable[[int], QuerySet], value: int, *, using: str = "default"
) -> list[dict]:
    """The rows of ``build(value)`` (a ``values()`` queryset), as dicts, from its SQL
    compiled once for ``key`` (``build(STAND_IN)``) with ``value`` put in."""
    cache = getattr(_compiled, using, None)
    if cache is None:
        cache = {}
        setattr(_compiled, using, cache)
    prepared = cache.get(key)
    if prepared is None:
        prepared = cache[key] = _prepare(build(STAND_IN))
    params = list(prepared.params)
    for slot in prepared.slots:
        params[slot] = value
    connection = connections[using]
    with connection.cursor() as cursor:
        cursor.execute(prepared.sql, params)
        rows = cursor.fetchall()
    names, converters = prepared.names, prepared.converters
    result = []
    for row in rows:
        if converters:
            row = list(row)
            for position, functions, expression in converters:
                cell = row[position]
                for function in functions:
                    cell = function(cell, expression, connection)
                row[position] = cell
        result.append(dict(zip(names, row, strict=True)))
    return result
