"""What a ``save()`` or ``delete()`` does besides the row, for services that write in bulk.

``bulk_create``, ``QuerySet.update`` and raw deletes skip ``save()`` and the ``post_save`` /
``post_delete`` signals. What those give today, and so what a bulk path must do itself:

- history (django-simple-history): one historical row per created (``+``), changed (``~``)
  or deleted (``-``) row, with the same user (the instance's ``_history_user`` or the request
  of ``HistoryRequestMiddleware``) and time: ``history_bulk``;
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

from collections.abc import Sequence

from django.conf import settings
from django.db import models
from django.utils import timezone

from ops.generation import content_changed

CREATED, CHANGED, DELETED = "+", "~", "-"


_HISTORICAL: dict[type[models.Model], type[models.Model] | None] = {}


def _historical(model: type[models.Model]) -> type[models.Model] | None:
    # ``Model.history`` builds a manager class on every access: look the model up once.
    if model not in _HISTORICAL:
        history = getattr(model, "history", None)
        _HISTORICAL[model] = history.model if history is not None else None
    return _HISTORICAL[model]


def history_bulk(model: type[models.Model], objs: Sequence[models.Model], kind: str) -> None:
    """The historical rows ``save()``/``delete()`` would have written for ``objs``, in one
    INSERT, and the content generation moved on as their signals would. ``objs`` hold their
    values as stored (pks set)."""
    if not objs:
        return
    content_changed()
    if not getattr(settings, "SIMPLE_HISTORY_ENABLED", True):
        return
    historical = _historical(model)
    if historical is None:  # a model without history
        return
    names = [f.attname for f in historical.tracked_fields]
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
        rows.append(
            historical(
                history_date=getattr(obj, "_history_date", None) or now,
                history_user=who,
                history_change_reason=getattr(obj, "_change_reason", "") or "",
                history_type=kind,
                **{name: getattr(obj, name) for name in names},
            )
        )
    historical.objects.bulk_create(rows)


def story_touch(story_id: int | None) -> None:
    """What ``articles.signals`` does for a changed wording, figure or person of a story."""
    if story_id is not None:
        from articles.models import Story

        Story.objects.filter(pk=story_id).update(updated_at=timezone.now())
        content_changed()
