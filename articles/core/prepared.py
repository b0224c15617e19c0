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
review policy). ``prepared_objects`` does the same for a queryset of model instances (the
story page's rows), each made as the ORM makes it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import UTC, datetime

from django.conf import settings
from django.db import connections, transaction
from django.db.models import Model, QuerySet
from django.db.models.base import ModelState
from django.db.models.fields.related_descriptors import ForeignKeyDeferredAttribute
from django.db.models.query import ModelIterable, get_related_populators
from django.db.models.query_utils import DeferredAttribute
from django.db.models.signals import post_init, pre_init
from django.db.models.sql import UpdateQuery
from django.utils.dateparse import parse_datetime

from ops.grouped import deferrable

_compiled = threading.local()  # per thread, as Django's connections are

# Each prepared query's cell converters (``_converters``), per thread and database by key:
# made on every run they took about 3 microseconds each, some 40 a story page.
_cells = threading.local()


def _stand_in(value, n: int):
    """What stands for the ``n``-th value while the queryset is built: of its type, and no
    real id, slug or moment. An int is one that every integer column can hold (positive,
    32 bits, as PostgreSQL's ``integer``): out of a column's range, Django drops the
    comparison from the query (``last_day >= x`` always holds when x is below any integer)
    or empties it, and the value would never be put in."""
    if isinstance(value, datetime):
        return datetime(1901, 2, 3, 4, 5, 6, n, tzinfo=UTC)
    if isinstance(value, str):
        return f"\x1fstand-in {n}\x1f"
    if isinstance(value, int):
        return 2_147_352_576 + n
    raise TypeError(f"No stand-in for {type(value).__name__} values.")


@dataclass(frozen=True)
class _Prepared:
    sql: str
    params: tuple
    # Where each value goes in ``params``: (position, value's index, adapted as a moment).
    slots: tuple[tuple[int, int, bool], ...]
    names: tuple[str, ...]
    converters: tuple  # (position, converter functions, expression) per converted column
    model: type | None = None  # for instances (``prepared_objects``): their model
    # ... and the query's row layout and fetch mode, for their related rows' makers.
    populators: tuple | None = None
    # ... and their annotations: (attribute, column) each, set as the ORM sets them.
    annotations: tuple[tuple[str, int], ...] = ()


def _prepare(queryset: QuerySet, stand_ins: list, connection) -> _Prepared:
    query = queryset.query
    compiler = query.get_compiler(using=queryset.db)
    sql, params = compiler.as_sql()
    slots = _slots(params, stand_ins, connection)
    columns = compiler.select[: compiler.col_count]
    converters = compiler.get_converters([column for column, _, _ in columns])
    model = populators = None
    annotations = ()
    if not issubclass(queryset._iterable_class, ModelIterable) or query.extra_select:
        names = (*query.extra_select, *query.values_select, *query.annotation_select)
    else:  # model instances (``prepared_objects``): the model's columns' attribute names
        fields = compiler.klass_info["select_fields"]
        names = tuple(column.target.attname for column, _, _ in columns[: fields[-1] + 1])
        if fields != list(range(len(names))):
            raise ValueError("The model's own columns do not come first.")
        # What the ORM's own iterable reads the rows ``select_related`` joins with.
        model = queryset.model
        populators = (compiler.klass_info, compiler.select, queryset._fetch_mode)
        annotations = tuple(compiler.annotation_col_map.items())
    return _Prepared(
        sql,
        tuple(params),
        slots,
        tuple(names),
        tuple((position, *pair) for position, pair in converters.items()),
        model,
        populators,
        annotations,
    )


def _slots(params, stand_ins: list, connection) -> tuple[tuple[int, int, bool], ...]:
    """Where each value goes among the compiled query's ``params``."""
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
    return tuple(slots)


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


def prepared_objects(
    key: Hashable, build: Callable[..., QuerySet], *values, using: str = "default"
) -> list:
    """The model instances of ``build(*values)`` (a queryset of one model, with deferred
    fields, ``select_related`` and annotations if need be), from its SQL compiled once for
    ``key`` as ``prepared_rows`` does, each made as the ORM makes them (the model's
    ``from_db``, its related rows' populators; see the module's note for the quicker way
    taken where that comes to the same)."""
    prepared, rows = _run(key, build, values, using)
    names = prepared.names
    klass_info, select, fetch_mode = prepared.populators
    make = _maker(prepared.model, names, using)
    related = _related_makers(klass_info, select, using, fetch_mode)
    if related is None:
        # Made for each run, as the ORM makes them for each queryset (they may keep its rows).
        populators = get_related_populators(klass_info, select, using, fetch_mode)
    width = len(names)
    annotations = prepared.annotations
    objects = []
    for row in rows:
        obj = make(row[:width])
        if related is None:
            for populator in populators:
                populator.populate(row, obj)
        else:
            _populate(related, row, obj)
        for name, position in annotations:
            setattr(obj, name, row[position])
        objects.append(obj)
    return objects


def instance_maker(model: type, names: tuple[str, ...], using: str = "default") -> Callable:
    """A function making an instance of ``model`` from a row of the columns ``names`` (its
    fields' attribute names), the same instance as ``model.from_db(using, names, row)``
    makes, quicker where that comes to the same (see ``_maker``): for rows read as plain
    values of which a page wants some as model objects. Made again for each run, as the
    model's signal receivers may change."""
    return _maker(model, tuple(names), using)


_PLAIN_ATTRIBUTES = (DeferredAttribute, ForeignKeyDeferredAttribute)


def _plain(model: type, names: tuple[str, ...]) -> bool:
    """Whether ``Model.__init__`` would only store ``names`` in a new instance's ``__dict__``
    (and ``from_db`` only set its state): checked on every run, as a receiver may be
    connected at any time."""
    if model.__init__ is not Model.__init__ or model.from_db.__func__ is not Model.from_db.__func__:
        return False
    if pre_init.has_listeners(model) or post_init.has_listeners(model):
        return False
    return all(type(model.__dict__.get(name)) in _PLAIN_ATTRIBUTES for name in names)


def _maker(model: type, names: tuple[str, ...], using: str, fetch_mode=None) -> Callable:
    """A function making an instance of ``model`` from a row of ``names``, as ``from_db``
    does."""
    if not _plain(model, names):
        from_db = model.from_db
        if fetch_mode is None:
            return lambda row: from_db(using, names, row)
        return lambda row: from_db(using, names, row, fetch_mode=fetch_mode)
    new = model.__new__

    def make(row):
        obj = new(model)
        state = ModelState()
        state.adding = False
        state.db = using
        if fetch_mode is not None:
            state.fetch_mode = fetch_mode
        fields = obj.__dict__
        fields["_state"] = state
        fields.update(zip(names, row, strict=True))
        return obj

    return make


def _related_makers(klass_info: dict, select, using: str, fetch_mode) -> list | None:
    """For each model ``select_related`` joins (as ``RelatedPopulator`` reads them): its
    columns, primary key's place, maker, setters and own joins; None where the ORM's
    populators are needed (a parent model's columns, peers tracked)."""
    makers = []
    for info in klass_info.get("related_klass_infos", []):
        fields = info["select_fields"]
        if info["from_parent"] or fetch_mode.track_peers:
            return None
        start, end = fields[0], fields[-1] + 1
        names = tuple(column[0].target.attname for column in select[start:end])
        model = info["model"]
        children = _related_makers(info, select, using, fetch_mode)
        if children is None:
            return None
        makers.append(
            (
                start,
                end,
                names.index(model._meta.pk_fields[0].attname),
                _maker(model, names, using, fetch_mode),
                info["local_setter"],
                info["remote_setter"],
                children,
            )
        )
    return makers


def _populate(makers: list, row, from_obj) -> None:
    """What ``RelatedPopulator.populate`` does for each of ``makers``."""
    for start, end, pk_index, make, local_setter, remote_setter, children in makers:
        data = row[start:end]
        if data[pk_index] is None:
            obj = None
        else:
            obj = make(data)
            _populate(children, row, obj)
        local_setter(from_obj, obj)
        if obj is not None:
            remote_setter(obj, from_obj)


def _run(key: Hashable, build: Callable[..., QuerySet], values: tuple, using: str):
    connection = connections[using]
    prepared = _cached(key, using)
    if prepared is None:
        stand_ins = [_stand_in(value, n) for n, value in enumerate(values)]
        prepared = _store(key, using, _prepare(build(*stand_ins), stand_ins, connection))
    with connection.cursor() as cursor:
        cursor.execute(prepared.sql, _params(prepared, values, connection))
        rows = cursor.fetchall()
    if not prepared.converters:
        return prepared, [tuple(row) for row in rows]
    positions, cells = _converters(key, prepared, using, connection)
    result = []
    if len(positions) == 1:  # most converted queries: one column (a moment, a flag)
        (position,), (convert,) = positions, cells
        for row in rows:
            row = list(row)
            row[position] = convert(row[position])
            result.append(tuple(row))
        return prepared, result
    pairs = list(zip(positions, cells, strict=True))
    for row in rows:
        row = list(row)
        for position, convert in pairs:
            row[position] = convert(row[position])
        result.append(tuple(row))
    return prepared, result


def _converters(key: Hashable, prepared: _Prepared, using: str, connection) -> tuple:
    """``prepared``'s converted columns and their converters, made again for another connection
    object, time zone or ``USE_TZ`` (what the converters read besides the query)."""
    made = _cells.__dict__.setdefault(using, {})
    entry, made_for = made.get(key), (prepared, connection, settings.USE_TZ, connection.timezone)
    if entry is None or entry[0] != made_for:
        cells = [_cell_converter(f, e, connection) for _, f, e in prepared.converters]
        entry = made[key] = (made_for, cells)
    return [position for position, _, _ in prepared.converters], entry[1]


def _cached(key: Hashable, using: str) -> _Prepared | None:
    cache = getattr(_compiled, using, None)
    return None if cache is None else cache.get(key)


def _store(key: Hashable, using: str, prepared: _Prepared) -> _Prepared:
    _compiled.__dict__.setdefault(using, {})[key] = prepared
    return prepared


def _params(prepared: _Prepared, values: tuple, connection) -> list:
    params = list(prepared.params)
    for position, n, moment in prepared.slots:
        value = values[n]
        params[position] = connection.ops.adapt_datetimefield_value(value) if moment else value
    return params


def prepared_update(
    key: Hashable,
    build: Callable[..., tuple[QuerySet, dict]],
    *values,
    using: str = "default",
    counted: bool = True,
) -> int | None:
    """``queryset.update(**changes)``, where ``(queryset, changes) = build(*values)``, from its
    SQL compiled once for ``key`` as ``prepared_rows`` compiles a read (a stand-in for each
    value: ints, strings and moments, in the filter or among the changes; a related row by
    its id, ``story_id=...``), with ``values`` put in. Returns the number of rows changed;
    with ``counted=False`` None, and the UPDATE may go with the next statement
    (``ops.grouped``). For an update of one table (no field of a parent model)."""
    connection = connections[using]
    prepared = _cached(key, using)
    if prepared is None:
        stand_ins = [_stand_in(value, n) for n, value in enumerate(values)]
        queryset, changes = build(*stand_ins)
        query = queryset.query.chain(UpdateQuery)
        query.add_update_values(changes)
        query.annotations = {}
        if query.related_updates:
            raise ValueError("A prepared update changes one table.")
        compiler = query.get_compiler(using=using)
        sql, params = compiler.as_sql()
        slots = _slots(params, stand_ins, connection)
        prepared = _store(key, using, _Prepared(sql, tuple(params), slots, (), ()))
    with transaction.mark_for_rollback_on_error(using=using):
        with connection.cursor() as cursor:
            if not counted:
                with deferrable(using):
                    cursor.execute(prepared.sql, _params(prepared, values, connection))
                return None
            cursor.execute(prepared.sql, _params(prepared, values, connection))
            return cursor.rowcount


def _cell_converter(functions, expression, connection) -> Callable:
    """One column's converters as one function of the cell. SQLite's moment converter
    (``convert_datetimefield_value``: the driver has already parsed the text; with time zones
    on, the naive moment gets the connection's zone) is done inline, the same result: it was
    most of the cost of converting a page's rows (hundreds of moments a story); so is its
    flag converter (``convert_booleanfield_value``)."""
    ops = connection.ops
    if (
        connection.vendor == "sqlite"
        and len(functions) == 1
        and getattr(functions[0], "__func__", None) is type(ops).convert_datetimefield_value
        and getattr(functions[0], "__self__", None) is ops
        and settings.USE_TZ
    ):
        zone = connection.timezone

        def moment(cell):
            if cell is None:
                return None
            if not isinstance(cell, datetime):
                cell = parse_datetime(cell)
            if cell.utcoffset() is None:
                return cell.replace(tzinfo=zone)
            return cell

        return moment
    if (
        connection.vendor == "sqlite"
        and len(functions) == 1
        and getattr(functions[0], "__func__", None) is type(ops).convert_booleanfield_value
        and getattr(functions[0], "__self__", None) is ops
    ):
        # SQLite's flag converter (``convert_booleanfield_value``), inline: 1 and 0 as booleans.
        return lambda cell: bool(cell) if cell in (1, 0) else cell
    if len(functions) == 1:
        function = functions[0]
        return lambda cell: function(cell, expression, connection)

    def convert(cell):
        for function in functions:
            cell = function(cell, expression, connection)
        return cell

    return convert
