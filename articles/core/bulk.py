"""Many rows in few statements, without the ORM compiling SQL for every value.

``bulk_create`` compiles every value of every row into its statement, and ``bulk_update`` a
``CASE`` per field with a ``WHEN`` per row: for the few dozen rows an import writes per
article, compiling cost more than writing. ``rows_insert`` sends one multi-row INSERT (per
batch the backend allows, as ``bulk_create`` does) and ``rows_update`` one UPDATE per row
through ``executemany``; each value is still prepared by its field (``get_db_prep_save``) as
the ORM prepares it. Like ``bulk_create`` and ``bulk_update`` they send no signals; unlike
``bulk_create`` they give no ids back, and inside ``ops.grouped.grouped_writes`` their
INSERTs go with the next statement. What a ``save()`` does besides the row is the caller's
(``articles.core.history``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from itertools import chain

from django.conf import settings
from django.db import connections, models, router, transaction
from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.models.constants import OnConflict
from django.utils import timezone

from ops.grouped import deferrable


def rows_insert(
    model: type[models.Model],
    fields: Sequence[models.Field],
    rows,
    *,
    ignore_conflicts: bool = False,
) -> None:
    """Insert ``rows`` (each a sequence of values in the order of ``fields``) into
    ``model``'s table; ``ignore_conflicts`` as for ``bulk_create``."""
    _insert(model, fields, rows, ignore_conflicts=ignore_conflicts)


def _insert(
    model: type[models.Model],
    fields: Sequence[models.Field],
    rows,
    *,
    ignore_conflicts: bool = False,
    returning: models.Field | None = None,
) -> list:
    """``rows_insert``; with ``returning``, that column of the rows inserted, in order."""
    rows = list(rows)
    if not rows:
        return []
    connection = connections[router.db_for_write(model)]
    ops = connection.ops
    on_conflict = OnConflict.IGNORE if ignore_conflicts else None
    head = (
        f"{ops.insert_statement(on_conflict=on_conflict)} {ops.quote_name(model._meta.db_table)}"
        f" ({', '.join(ops.quote_name(f.column) for f in fields)}) VALUES "
    )
    suffix = ops.on_conflict_suffix_sql(fields, on_conflict, None, None)
    if returning is not None:
        suffix = f"{suffix} {ops.returning_columns([returning])[0]}".strip()
    row_marks = f"({', '.join(['%s'] * len(fields))})"
    prepared = _prepared(connection, fields, rows)
    size = max(ops.bulk_batch_size(fields, rows), 1)
    returned = []
    with connection.cursor() as cursor:
        for start in range(0, len(prepared), size):
            batch = prepared[start : start + size]
            sql = head + ", ".join([row_marks] * len(batch))
            sql = f"{sql} {suffix}" if suffix else sql
            if returning is None:  # nothing to wait for: may go with the next statement
                with deferrable(connection.alias):
                    cursor.execute(sql, list(chain.from_iterable(batch)))
            else:
                cursor.execute(sql, list(chain.from_iterable(batch)))
                returned += [row[0] for row in cursor.fetchall()]
    return returned


def objs_create(model: type[models.Model], objs: Sequence[models.Model]) -> None:
    """``model.objects.bulk_create(objs)`` for new rows (no primary key yet) of a model whose
    only column the database fills is its automatic key: each field's value as
    ``bulk_create`` takes it, in one multi-row INSERT per batch that gives the keys back,
    set on ``objs`` with their state, as ``bulk_create`` sets them. Where the backend cannot
    return rows from such an INSERT, or for another model, ``bulk_create`` itself."""
    objs = list(objs)
    if not objs:
        return
    meta = model._meta
    connection = connections[router.db_for_write(model)]
    if not _returns_keys(model, connection) or any(obj.pk is not None for obj in objs):
        model.objects.bulk_create(objs)
        return
    for obj in objs:
        obj._prepare_related_fields_for_save(operation_name="bulk_create")
    fields = [f for f in meta.concrete_fields if f is not meta.pk and not f.generated]
    rows = [[f.pre_save(obj, True) for f in fields] for obj in objs]
    with transaction.atomic(using=connection.alias, savepoint=False):
        keys = _insert(model, fields, rows, returning=meta.pk)
    for obj, key in zip(objs, keys, strict=True):
        obj.pk = key
        obj._state.adding = False
        obj._state.db = connection.alias


def _returns_keys(model: type[models.Model], connection) -> bool:
    """Can one multi-row INSERT give back ``model``'s new keys, its only column the database
    fills?"""
    meta = model._meta
    return (
        connection.features.can_return_rows_from_bulk_insert
        and isinstance(meta.pk, models.AutoField | models.BigAutoField)
        and list(meta.db_returning_fields) == [meta.pk]
    )


def objs_insert(
    model: type[models.Model], objs: Sequence[models.Model], *, ignore_conflicts: bool = False
) -> None:
    """``model.objects.bulk_create(objs, ignore_conflicts=...)`` for rows nobody needs the ids
    of: each field's value as ``bulk_create`` takes it (``pre_save``, which fills automatic
    dates in)."""
    meta = model._meta
    fields = [f for f in meta.concrete_fields if f is not meta.pk]
    rows = ([f.pre_save(obj, True) for f in fields] for obj in objs)
    rows_insert(model, fields, rows, ignore_conflicts=ignore_conflicts)


def dicts_insert(model: type[models.Model], rows, *, ignore_conflicts: bool = False) -> None:
    """``objs_insert(model, [model(**row) for row in rows], ...)`` without building the
    instances: each row (a dict) gives fields' values by attribute name (``article_id``);
    a field it leaves out takes what the constructor gives it (its default), and an automatic
    date what ``pre_save`` gives it. For a model with another field that fills itself in on
    save, the instances are built."""
    filled = _filled(model, rows)
    if filled is None:
        objs_insert(model, [model(**row) for row in rows], ignore_conflicts=ignore_conflicts)
        return
    rows_insert(model, *filled, ignore_conflicts=ignore_conflicts)


def dicts_create(model: type[models.Model], rows: list[dict]) -> None:
    """``objs_create(model, [model(**row) for row in rows])`` without building the instances
    (as ``dicts_insert``): each row is given every field's value as stored, by attribute
    name, its key among them."""
    meta = model._meta
    connection = connections[router.db_for_write(model)]
    filled = _filled(model, rows)
    if filled is None or not _returns_keys(model, connection):
        objs = [model(**row) for row in rows]
        objs_create(model, objs)
        for row, obj in zip(rows, objs, strict=True):
            row.update({f.attname: getattr(obj, f.attname) for f in meta.concrete_fields})
        return
    fields, values = filled
    with transaction.atomic(using=connection.alias, savepoint=False):
        keys = _insert(model, fields, values, returning=meta.pk)
    names = [f.attname for f in fields]
    for row, given, key in zip(rows, values, keys, strict=True):
        row.update(zip(names, given, strict=True))
        row[meta.pk.attname] = key


def _filled(model: type[models.Model], rows) -> tuple[list, list[list]] | None:
    """(the fields but the key, each row's values for them), or None for a model with a
    field ``_plain_save`` does not know."""
    meta = model._meta
    fields = [f for f in meta.concrete_fields if f is not meta.pk and not f.generated]
    if not all(_plain_save(f) for f in fields):
        return None
    fill = []
    for field in fields:
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
            fill.append((field.attname, True, None))
        else:
            fill.append((field.attname, False, field.get_default))
    values = []
    for row in rows:
        out = []
        for name, automatic, default in fill:
            if automatic:  # (``pre_save`` of a new row: the moment, even over a given value)
                out.append(timezone.now())
            elif name in row:
                out.append(row[name])
            else:
                out.append(default())
        values.append(out)
    return fields, values


def _plain_save(field: models.Field) -> bool:
    """Does ``field``'s ``pre_save`` give the attribute as it is (or, for Django's own date
    and time field, the moment when it is automatic)?"""
    kind = type(field)
    if kind.pre_save is _Field.pre_save:
        return True
    return kind is models.DateTimeField


def rows_update(model: type[models.Model], objs: Sequence[models.Model], names: Sequence[str]):
    """``model.objects.bulk_update(objs, names)``: each row's ``names`` fields set to the
    values its copy holds, one UPDATE per row by primary key, sent together."""
    if not objs:
        return
    connection = connections[router.db_for_write(model)]
    meta = model._meta
    fields = [meta.get_field(name) for name in names] + [meta.pk]
    quote = connection.ops.quote_name
    sets = ", ".join(f"{quote(f.column)} = %s" for f in fields[:-1])
    sql = f"UPDATE {quote(meta.db_table)} SET {sets} WHERE {quote(meta.pk.column)} = %s"
    rows = [[getattr(obj, f.attname) for f in fields] for obj in objs]
    with connection.cursor() as cursor, deferrable(connection.alias):  # (no answer wanted)
        cursor.executemany(sql, _prepared(connection, fields, rows))


def _prepared(connection, fields: Sequence[models.Field], rows) -> list[list]:
    prepare = [field.get_db_prep_save for field in fields]
    ops = type(connection.ops)
    same = []
    for n, field in enumerate(fields):
        # By identity: a field's own hash and equality cost more than the look-up saves.
        known = _UNCHANGED.get((id(field), ops))
        if known is None or known[0] is not field:
            known = _UNCHANGED[(id(field), ops)] = (field, _unchanged(field, ops))
        same.append(known[1])
        if _plain_moment(field) and settings.USE_TZ and connection.timezone is UTC:
            prepare[n] = _moment_prepare(prepare[n], ops)
    return [
        [
            v if type(v) in kept or (kept is _TEXT and isinstance(v, str)) else p(v, connection)
            for p, kept, v in zip(prepare, same, row, strict=True)
        ]
        for row in rows
    ]


def _plain_moment(field: models.Field) -> bool:
    """Is ``field`` a date and time field whose preparation is Django's own
    ``DateTimeField``'s (no override anywhere on the way to the backend)?"""
    kind, moment = type(field), models.DateTimeField
    return (
        isinstance(field, moment)
        and kind.get_db_prep_save is _Field.get_db_prep_save
        and kind.get_db_prep_value is moment.get_db_prep_value
        and kind.get_prep_value is moment.get_prep_value
        and kind.to_python is moment.to_python
    )


def _moment_prepare(prepare, ops: type[BaseDatabaseOperations]):
    """``prepare`` (a plain ``DateTimeField``'s ``get_db_prep_save``) with a short way for the
    moments an import writes, aware and in UTC (``timezone.now()``), where the database's time
    zone is UTC too: what the backend's own adaptation gives them (SQLite: the naive UTC
    moment as text; PostgreSQL: the moment itself). Other values, and other backends, take
    ``prepare``."""
    adapt = ops.adapt_datetimefield_value
    if _django_own(adapt, "sqlite3"):
        short = _utc_text
    elif _django_own(adapt, "postgresql"):
        short = _utc_itself
    else:
        return prepare

    def moment(value, connection):
        if type(value) is datetime and value.tzinfo is UTC:
            return short(value)
        return prepare(value, connection)

    return moment


def _utc_text(value: datetime) -> str:
    return str(value.replace(tzinfo=None))  # ``make_naive(value, UTC)``, then ``str``


def _utc_itself(value: datetime) -> datetime:
    return value


def _django_own(adapt, backend: str) -> bool:
    """Is ``adapt`` Django's own ``adapt_datetimefield_value`` of ``backend``? (Told by name:
    importing a backend's operations module here would import the backend.)"""
    return (
        getattr(adapt, "__module__", None) == f"django.db.backends.{backend}.operations"
        and getattr(adapt, "__qualname__", None) == "DatabaseOperations.adapt_datetimefield_value"
    )


_Field = models.Field
_TEXT = (str, type(None))  # a text field's: any str (a choice's enum member too) as it is
_UNCHANGED: dict[tuple[int, type], tuple[models.Field, tuple[type, ...]]] = {}


def _unchanged(field: models.Field, ops: type[BaseDatabaseOperations]) -> tuple[type, ...]:
    """The types of value ``field.get_db_prep_save`` gives back as they are with the backend
    operations ``ops``, by Django's own code for the field's class (text as text, an int as
    an int where the backend does not wrap it, a key's int or None): those values skip the
    call, the most frequent in writing an import's rows. Other fields and values take it."""
    kind = type(field)
    base = BaseDatabaseOperations
    if kind.get_db_prep_save is _Field.get_db_prep_save and (
        kind.get_db_prep_value is _Field.get_db_prep_value
    ):
        for text in (models.CharField, models.TextField):
            if kind.get_prep_value is text.get_prep_value and kind.to_python is text.to_python:
                return _TEXT
        if kind.get_prep_value is models.BooleanField.get_prep_value and (
            kind.to_python is models.BooleanField.to_python
        ):
            return (bool,)
    if (
        isinstance(field, models.IntegerField)
        and kind.get_db_prep_save is _Field.get_db_prep_save
        and kind.get_db_prep_value is models.IntegerField.get_db_prep_value
        and kind.get_prep_value is models.IntegerField.get_prep_value
        and ops.adapt_integerfield_value is base.adapt_integerfield_value
    ):
        return (int, type(None))
    if kind is models.ForeignKey:
        target = type(field.target_field)
        if (
            issubclass(target, models.AutoField | models.BigAutoField)
            and target.get_db_prep_save is models.AutoField.get_db_prep_save
            and target.get_prep_value is models.IntegerField.get_prep_value
            and ops.validate_autopk_value is base.validate_autopk_value
        ):
            return (int, type(None))
    return ()
