"""Writing a story row: lock it, refuse stale copies, bump its version, stamp who did it.

Every change of a story's status, version or audit trail goes through these helpers (and
``articles.core.audit``): the workflow verbs in ``articles.editorial`` and the restructuring in
``articles.stories`` alike.

No lost updates: a save based on an older copy of a story is refused, with what changed. Every
save of a story bumps ``Story.version``. A form carries the version it was opened at;
``story_lock`` locks the row and compares. When another editor saved in between,
``StoryConflict`` lists the fields they changed, with the value now and the value in the
refused form, so nothing is overwritten and nothing is lost from view.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone

from articles.models import (
    KeyPoint,
    Story,
    SummaryParagraph,
)
from ops.generation import content_changed


class WorkflowError(ValidationError):
    """A workflow request the rules refuse; ``message`` says why in an editor's words."""

    def __init__(self, message: str, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)

    def __str__(self) -> str:
        return " ".join(self.messages)


# The fields an editor edits on the story row (the rest are stamps or the lock itself).
COMPARED_FIELDS = ("headline", "slug", "dek", "status", "published_at", "embargo_until")


@dataclass(frozen=True)
class FieldChange:
    field: str
    label: str
    now: Any
    yours: Any


class StoryConflict(WorkflowError):
    def __init__(self, *, story: Story, changes: list[FieldChange], by: str | None) -> None:
        self.story = story
        self.changes = changes
        self.by = by
        who = by or "someone else"
        if changes:
            listed = "; ".join(
                f"{c.label}: now “{_show(c.now)}”, in your form “{_show(c.yours)}”"
                if c.now is not None or c.yours is not None
                else f"{c.label} (edited since you opened the form)"
                for c in changes
            )
        else:
            listed = "its status, key points or paragraphs"
        super().__init__(
            f"{who} changed this story after you opened it (now version {story.version}). "
            f"Changed since: {listed}. Your changes were not saved: reload the story, "
            "then apply them again.",
            code="conflict",
        )


def _show(value: Any) -> str:
    if value is None or value == "":
        return "—"
    return str(value)


def story_changes_since(
    *, story: Story, version: int, proposed: dict[str, Any] | None = None
) -> tuple[list[FieldChange], str | None]:
    """What changed on ``story`` since ``version``, and who last changed it.

    Uses the historical record of ``version`` when there is one; otherwise every field whose
    current value differs from ``proposed`` counts as changed.
    """
    proposed = proposed or {}
    then = Story.history.filter(id=story.pk, version=version).order_by("-history_date").first()
    latest = Story.history.filter(id=story.pk).order_by("-history_date", "-history_id").first()
    by = str(latest.history_user) if latest and latest.history_user_id else None
    changes = []
    for name in COMPARED_FIELDS:
        now = getattr(story, name)
        if name in proposed and proposed[name] == now:
            continue  # the form would save what is there now: no conflict over it
        if then is not None:
            differs = getattr(then, name) != now
        else:
            differs = name in proposed and proposed[name] != now
        if differs:
            label = str(Story._meta.get_field(name).verbose_name).capitalize()
            changes.append(FieldChange(name, label, now, proposed.get(name, now)))
    if then is not None:
        for model, label in ((KeyPoint, "Key points"), (SummaryParagraph, "Summary paragraphs")):
            if model.history.filter(story_id=story.pk, history_date__gt=then.history_date).exists():
                changes.append(FieldChange(model._meta.model_name, label, None, None))
    return changes, by


def story_lock(*, story_id: int, version: int, proposed: dict[str, Any] | None = None) -> Story:
    """Lock the story row for this transaction; refuse if it moved on from ``version``.

    Call inside ``transaction.atomic``; the lock is held until it ends, so the save that
    follows cannot race another editor's.
    """
    current = Story.objects.select_for_update().get(pk=story_id)
    if current.version != version:
        changes, by = story_changes_since(story=current, version=version, proposed=proposed)
        raise StoryConflict(story=current, changes=changes, by=by)
    return current


def story_row_lock(story: Story) -> Story:
    """The story's row, locked until the transaction ends (call inside ``transaction.atomic``)."""
    return Story.objects.select_for_update().get(pk=story.pk)


def story_save(
    locked: Story, *, user: Any, fields: Iterable[str] = (), caller_copy: Story | None = None
) -> None:
    """Save the locked row with a new version and stamp who did it; refresh the caller's copy.

    A new version means an editor's form opened before this save is refused (``story_lock``)
    rather than allowed to overwrite it."""
    locked.version += 1
    locked.updated_at = timezone.now()
    locked.updated_by = user if getattr(user, "is_authenticated", False) else None
    locked._history_user = locked.updated_by
    locked.save(update_fields=[*fields, "version", "updated_at", "updated_by"])
    if caller_copy is not None:
        for field in locked._meta.concrete_fields:
            setattr(caller_copy, field.attname, getattr(locked, field.attname))


def stories_touch(*, story_ids: Iterable[int]) -> None:
    """Mark stories as changed (their articles or quotes moved) without a new version: the
    rows an editor edits on the story itself did not change, so no open form goes stale."""
    Story.objects.filter(pk__in=list(story_ids)).update(updated_at=timezone.now())
    content_changed()
