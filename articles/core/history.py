"""What a ``save()`` or ``delete()`` does besides the row, for services that write in bulk.

``bulk_create``, ``QuerySet.update`` and raw deletes skip ``save()`` and the ``post_save`` /
``post_delete`` signals. What those give today, and so what a bulk path must do itself:

- history (django-simple-history): one historical row per created (``+``), changed (``~``)
  or deleted (``-``) row, with the same user (the instance's ``_history_user`` or the request
  of ``HistoryRequestMiddleware``) and time: ``history_bulk`` (inside an import batch, its
  rows written together at the batch's end: ``history_deferred``);
- versions (``sources.versioning.Versioned``): every save of an existing row moves its
  ``version`` on by one; a created row starts at 1 (the field default):
  ``sources.versioning.versions_bump``, ``versioned_update`` and ``versions_next``;
- the story's update time (``articles.signals``): a change to a quote wording, figure or
  person of an article in a story touches ``Story.updated_at``: ``story_touch``;
- cached pages (``articles.signals``): a change to any row readers see moves the content
  generation on (``ops.generation.content_changed``). ``history_bulk`` and ``story_touch``
  do it, so a bulk path that writes history or touches its story needs nothing more.

There is no stored search index (search is computed in the query, ``articles/api/filters.py``),
so nothing else.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from django.conf import settings
from django.db import connections, models, router
from django.db.models.signals import pre_save
from django.utils import timezone
from simple_history.signals import pre_create_historical_record

from articles.core.bulk import objs_create, rows_insert
from articles.core.prepared import prepared_update
from ops.generation import content_changed

CREATED, CHANGED, DELETED = "+", "~", "-"


_HISTORICAL: dict[type[models.Model], type[models.Model] | None] = {}
# What a historical row holds besides the tracked fields, in the order ``history_bulk`` fills.
_HISTORY_FIELDS = ["history_date", "history_user_id", "history_change_reason", "history_type"]
# Per historical model: the fields its rows are written with, the tracked attributes copied
# from the row, and the other columns (filled with their defaults).
_FIELDS: dict[type[models.Model], tuple] = {}


def _historical(model: type[models.Model]) -> type[models.Model] | None:
    # ``Model.history`` builds a manager class on every access: look the model up once.
    if model not in _HISTORICAL:
        history = getattr(model, "history", None)
        _HISTORICAL[model] = history.model if history is not None else None
    return _HISTORICAL[model]


def _fields(historical: type[models.Model]) -> tuple[list, list[str], list]:
    """The historical model's columns but its own auto key, in the order ``history_bulk``
    fills them; the tracked attributes copied from the row; the other columns, which get
    their defaults (what the model's constructor would fill in)."""
    if historical not in _FIELDS:
        meta = historical._meta
        names = [f.attname for f in historical.tracked_fields]
        given = names + _HISTORY_FIELDS
        by_attname = {f.attname: f for f in meta.concrete_fields}
        others = [f for f in meta.concrete_fields if f.attname not in given and f is not meta.pk]
        _FIELDS[historical] = ([by_attname[n] for n in given] + others, names, others)
    return _FIELDS[historical]


def history_bulk(
    model: type[models.Model],
    objs: Sequence[models.Model],
    kind: str,
    *,
    no_reason: str | None = "",
) -> None:
    """The historical rows ``save()``/``delete()`` would have written for ``objs``, in one
    statement, and the content generation moved on as their signals would. ``objs`` hold
    their values as stored (pks set). ``no_reason``: the change reason of a row given none
    (``save()`` leaves it NULL, ``None``; the bulk paths have always written an empty one).

    The rows are never read back, so they go as plain values (``articles.core.bulk``),
    without a model instance per row: building those was most of the cost of an import's
    thirty-odd history rows per article."""
    if not objs:
        return
    content_changed()
    if not getattr(settings, "SIMPLE_HISTORY_ENABLED", True):
        return
    historical = _historical(model)
    if historical is None:  # a model without history
        return
    fields, names, others = _fields(historical)
    now = timezone.now()
    user = None
    rows = []
    for obj in objs:
        who = getattr(obj, "_history_user", None)
        if who is None:
            # The request's user (HistoryRequestMiddleware), as for a save(); once per call.
            if user is None:
                user = (historical.get_default_history_user(obj),)
            who = user[0]
        values = [getattr(obj, name) for name in names]
        values += [
            getattr(obj, "_history_date", None) or now,
            who.pk if who is not None else None,
            getattr(obj, "_change_reason", None) or no_reason,
            kind,
        ]
        values += [f.get_default() for f in others]
        rows.append(values)
    if _waiting.rows is not None and _defer(historical, rows):
        return
    rows_insert(historical, fields, rows)


# History rows waiting in ``history_deferred``: [historical model, values, the marker of the
# savepoints they were made in, the marker of those they were written in or None].
class _Waiting(threading.local):
    rows: list[list] | None = None


_waiting = _Waiting()


@contextmanager
def history_deferred() -> Iterator[None]:
    """Inside (an import batch's transaction), ``history_bulk`` keeps its rows and writes
    them when the block ends, one multi-row INSERT per historical table rather than a few
    per article: nobody reads them before the batch commits. Each table's rows go in the
    order they were made, so they get the ids they would have got one call at a time; a
    historical row written any other way meanwhile (simple-history's own, for a ``save()``)
    has the rows waiting written first (``_written_first``).

    Rows made in a savepoint rolled back since (a failed item) are never written, and rows
    written in one are written again: each row carries a marker among the transaction's
    on-commit callbacks, which Django drops with the savepoint it was registered in. When
    the block fails, nothing waiting is written. Nested, the outer block writes them."""
    if _waiting.rows is not None:
        yield
        return
    _waiting.rows = []
    try:
        yield
        history_flush()
    finally:
        _waiting.rows = None


def _defer(historical: type[models.Model], rows: list[list]) -> bool:
    connection = connections[router.db_for_write(historical)]
    if not connection.in_atomic_block or _JSON in _kinds(historical):
        return False  # (nothing to wait for; or a value that could change while it waits)
    made = _marker(connection)
    _waiting.rows += [[historical, values, made, None] for values in rows]
    return True


_JSON = "JSONField"
_KINDS: dict[type[models.Model], frozenset[str]] = {}


def _kinds(historical: type[models.Model]) -> frozenset[str]:
    if historical not in _KINDS:
        _KINDS[historical] = frozenset(f.get_internal_type() for f in _fields(historical)[0])
    return _KINDS[historical]


def _marker(connection):
    def marker() -> None:  # (registered for its place among the savepoints: does nothing)
        pass

    connection.on_commit(marker)
    return marker


def history_flush() -> None:
    """Write the rows waiting (``history_deferred``), table by table, each in its order,
    but those of savepoints rolled back since; those written in one are written again."""
    waiting = _waiting.rows
    if not waiting:
        return
    connection = connections[router.db_for_write(waiting[0][0])]
    alive = {id(func) for _, func, _ in connection.run_on_commit}
    waiting[:] = [row for row in waiting if id(row[2]) in alive]
    todo = [row for row in waiting if row[3] is None or id(row[3]) not in alive]
    if not todo:
        return
    written = _marker(connection)
    tables: dict[type[models.Model], list] = {}
    for row in todo:
        row[3] = written
        tables.setdefault(row[0], []).append(row[1])
    for historical, rows in tables.items():
        rows_insert(historical, _fields(historical)[0], rows)


def _written_first(**kwargs) -> None:
    # A historical row is about to be saved the ORM's way: the rows made before it go first,
    # so that every table's ids follow the order the rows were made in.
    if _waiting.rows:
        history_flush()


pre_create_historical_record.connect(_written_first, dispatch_uid="articles.history.first")


def story_touch(story_id: int | None) -> None:
    """What ``articles.signals`` does for a changed wording, figure or person of a story."""
    if story_id is not None:
        prepared_update(("story touched",), _touched, story_id, timezone.now(), counted=False)
        content_changed()


def _touched(story_id: int, now):
    from articles.models import Story

    return Story.objects.filter(pk=story_id), {"updated_at": now}


def article_insert(article) -> None:
    """``article.save()`` for a new ``Article``: what it does, in the same order, in fewer
    steps: ``Article.save`` (an empty address is none, the content hash), the ``pre_save``
    receivers (which clean its text), the INSERT (``objs_create``), then what the
    ``post_save`` receivers do for an article (its history row as django-simple-history
    writes it, a NULL change reason included, and the content generation). Building that
    row through simple-history's manager and the historical model's own ``save()`` cost more
    than writing the article."""
    from articles.models import Article, content_hash

    if article.url == "":
        article.url = None
    article.content_hash = content_hash(article.outlet.name, article.body)
    using = router.db_for_write(Article, instance=article)
    pre_save.send(sender=Article, instance=article, raw=False, using=using, update_fields=None)
    objs_create(Article, [article])
    history_bulk(Article, [article], CREATED, no_reason=None)


def story_insert(story) -> None:
    """``story.save()`` for a new ``Story``, as ``article_insert`` does an article's:
    ``Story.save`` (a free address from the headline), the ``pre_save`` receivers, the
    INSERT, then what the ``post_save`` receivers do (its history row as simple-history
    writes it, and the content generation). Placement starts a draft for about a third of
    an import's articles."""
    from articles.models import Story
    from sources.models import unique_slug

    if not story.slug:
        story.slug = unique_slug(Story, story.headline, max_length=100)
    using = router.db_for_write(Story, instance=story)
    pre_save.send(sender=Story, instance=story, raw=False, using=using, update_fields=None)
    objs_create(Story, [story])
    story._stored_slug = story.slug  # (as ``Story.save`` and ``from_db`` keep it)
    history_bulk(Story, [story], CREATED, no_reason=None)
