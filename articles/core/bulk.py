"""Many rows in few statements, without the ORM compiling SQL for every value.

``bulk_create`` compiles every value of every row into its statement, and ``bulk_update`` a
``CASE`` per field with a ``WHEN`` per row: for the few dozen rows an import writes per
article, compiling cost more than writing. ``rows_insert`` sends one multi-row INSERT (per
batch the backend allows, as ``bulk_create`` does) and ``rows_update`` one UPDATE per row
through ``executemany``; each value is still prepared by its field (``get_db_prep_save``) as
the ORM prepares it. Like ``bulk_create`` and ``bulk_update`` they send no signals; unlike
``bulk_create`` they give no ids back. What a ``save()`` does besides the row is the caller's
(``articles.core.history``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain

from django.db import connections, models, router
from django.db.models.constants import OnConflict


def rows_insert(
    model: type[models.Model],
    fields: Sequence[models.Field],
    rows,
    *,
    ignore_conflicts: bool = False,
) -> None:
    """Insert ``rows`` (each a sequence of values in the order of ``fields``) into
    ``model``'s table; ``ignore_conflicts`` as for ``bulk_create``."""
    rows = list(rows)
    if not rows:
        return
    connection = connections[router.db_for_write(model)]
    ops = connection.ops
    on_conflict = OnConflict.IGNORE if ignore_conflicts else None
    head = (
        f"{ops.insert_statement(on_conflict=on_conflict)} {ops.quote_name(model._meta.db_table)}"
        f" ({', '.join(ops.quote_name(f.column) for f in fields)}) VALUES "
    )
    suffix = ops.on_conflict_suffix_sql(fields, on_conflict, None, None)
    row_marks = f"({', '.join(['%s'] * len(fields))})"
    prepared = _prepared(connection, fields, rows)
    size = max(ops.bulk_batch_size(fields, rows), 1)
    with connection.cursor() as cursor:
        for start in range(0, len(prepared), size):
            batch = prepared[start : start + size]
            sql = head + ", ".join([row_marks] * len(batch))
            cursor.execute(f"{sql} {suffix}" if suffix else sql, list(chain.from_iterable(batch)))


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
    with connection.cursor() as cursor:
        cursor.executemany(sql, _prepared(connection, fields, rows))


def _prepared(connection, fields: Sequence[models.Field], rows) -> list[list]:
    prepare = [field.get_db_prep_save for field in fields]
    return [[p(v, connection) for p, v in zip(prepare, row, strict=True)] for row in rows]
