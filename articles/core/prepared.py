"""Plain-row queries compiled once and run again with new values: for reads where Django
building and compiling a queryset costs more than running it.

A story's detail is a dozen small queries; built and compiled by the ORM on every request they
took about two thirds of its time, the SQL itself a tenth. ``prepared_rows`` builds the
``values()`` queryset once per thread, database and ``key`` with stand-ins for the values
that change (a story's id or slug, the current moment), keeps its SQL, parameters and the
ORM's converters for its columns, and from then on runs that SQL with the values put in,
converting the columns as the ORM would (SQLite's dates and booleans). The rules stay where
they are: the queryset is built by the same code (``articles.core.visibility``), only not on
every request; ``key`` must name everything else the queryset depends on (the audience, the
review policy).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import UTC, datetime

from django.db import connections
from django.db.models import QuerySet

_compiled = threading.local()  # per thread, as Django's connections are


def _stand_in(value, n: int):
    """What stands for the ``n``-th value while the queryset is built: of its type, and no
    real id, slug or moment."""
    if isinstance(value, datetime):
        return datetime(1901, 2, 3, 4, 5, 6, n, tzinfo=UTC)
    if isinstance(value, str):
        return f"\x1fstand-in {n}\x1f"
    if isinstance(value, int):
        return -918273645546372819 + n
    raise TypeError(f"No stand-in for {type(value).__name__} values.")


@dataclass(frozen=True)
class _Prepared:
    sql: str
    params: tuple
    # Where each value goes in ``params``: (position, value's index, adapted as a moment).
    slots: tuple[tuple[int, int, bool], ...]
    names: tuple[str, ...]
    converters: tuple  # (position, converter functions, expression) per converted column


def _prepare(queryset: QuerySet, stand_ins: list, connection) -> _Prepared:
    query = queryset.query
    compiler = query.get_compiler(using=queryset.db)
    sql, params = compiler.as_sql()
    adapt = connection.ops.adapt_datetimefield_value
    slots = []
    for position, param in enumerate(params):
        for n, stand_in in enumerate(stand_ins):
            if param == stand_in:
                slots.append((position, n, False))
            elif isinstance(stand_in, datetime) and param == adapt(stand_in):
                slots.append((position, n, True))
    if not slots:
        raise ValueError("The prepared queryset does not use its values.")
    columns = compiler.select[: compiler.col_count]
    converters = compiler.get_converters([column for column, _, _ in columns])
    names = (*query.extra_select, *query.values_select, *query.annotation_select)
    return _Prepared(
        sql,
        tuple(params),
        tuple(slots),
        tuple(names),
        tuple((position, *pair) for position, pair in converters.items()),
    )


def prepared_rows(
    key: Hashable, build: Callable[..., QuerySet], *values, using: str = "default"
) -> list[dict]:
    """The rows of ``build(*values)`` (a ``values()`` queryset), as dicts, from its SQL
    compiled once for ``key`` (built with a stand-in for each value: ints, strings and
    moments) with ``values`` put in."""
    prepared, rows = _run(key, build, values, using)
    names = prepared.names
    return [dict(zip(names, row, strict=True)) for row in rows]


def prepared_values_list(
    key: Hashable, build: Callable[..., QuerySet], *values, using: str = "default"
) -> list[tuple]:
    """``prepared_rows`` as tuples, in the order of the queryset's columns (as
    ``values_list()`` gives them)."""
    return _run(key, build, values, using)[1]


def _run(key: Hashable, build: Callable[..., QuerySet], values: tuple, using: str):
    cache = getattr(_compiled, using, None)
    if cache is None:
        cache = {}
        setattr(_compiled, using, cache)
    connection = connections[using]
    prepared = cache.get(key)
    if prepared is None:
        stand_ins = [_stand_in(value, n) for n, value in enumerate(values)]
        prepared = cache[key] = _prepare(build(*stand_ins), stand_ins, connection)
    params = list(prepared.params)
    for position, n, moment in prepared.slots:
        value = values[n]
        params[position] = connection.ops.adapt_datetimefield_value(value) if moment else value
    with connection.cursor() as cursor:
        cursor.execute(prepared.sql, params)
        rows = cursor.fetchall()
    converters = prepared.converters
    if not converters:
        return prepared, [tuple(row) for row in rows]
    result = []
    for row in rows:
        row = list(row)
        for position, functions, expression in converters:
            cell = row[position]
            for function in functions:
                cell = function(cell, expression, connection)
            row[position] = cell
        result.append(tuple(row))
    return prepared, result
