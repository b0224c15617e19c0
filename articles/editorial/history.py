"""Story history: what a story looked like at a past version, and restoring it.

A restore puts back the story row's text fields, its key points, paragraphs and their
attributions as they were, through the same lock, version and audit helpers as every other
change; status and times belong to the workflow verbs.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import models, transaction
from django.db.models import Q, QuerySet

from articles.core.audit import audit_record
from articles.core.story_state import WorkflowError, story_row_lock, story_save
from articles.editorial.workflow import PUBLISH_PERMISSION, iso_or_none, require_permission
from articles.models import (
    Article,
    Attribution,
    AuditEntry,
    KeyPoint,
    Story,
    SummaryParagraph,
)

# What a restore puts back on the story row. Status and times belong to the workflow (restoring
# an old text must not publish or unpublish anything); version is the lock counter.
RESTORED_STORY_FIELDS = ("headline", "slug", "dek")


RESTORED_POINT_FIELDS = ("story_id", "position", "text", "evidence_override", "override_note")


RESTORED_PARAGRAPH_FIELDS = ("story_id", "position", "text", "evidence_override")


RESTORED_ATTRIBUTION_FIELDS = (
    "key_point_id",
    "paragraph_id",
    "outlet_id",
    "article_id",
    "passage",
    "start",
    "end",
    "score",
    "origin",
    "review_state",
    "position",
)


def story_version_moment(*, story: Story, history_id: int) -> tuple[Any, datetime | None]:
    """The historical story record ``history_id`` and the instant its version ended.

    A version of a story is the story row as saved plus its key points, paragraphs and their
    attributions as they stood until the story was next saved (the admin saves the story row
    first and its inlines after it, so they belong to the same version). ``None`` means the
    version is the current one.
    """
    record = Story.history.filter(id=story.pk, history_id=history_id).first()
    if record is None:
        raise WorkflowError("That version does not belong to this story.", code="invalid")
    following = (
        Story.history.filter(id=story.pk)
        .filter(
            Q(history_date__gt=record.history_date)
            | Q(history_date=record.history_date, history_id__gt=record.history_id)
        )
        .order_by("history_date", "history_id")
        .first()
    )
    return record, (following.history_date if following else None)


def _latest_records(history: QuerySet, ids: set[int], until: datetime | None) -> dict[int, Any]:
    """For each id, the last historical record strictly before ``until`` (or the very last)."""
    records = history.filter(id__in=ids)
    if until is not None:
        records = records.filter(history_date__lt=until)
    latest: dict[int, Any] = {}
    for record in records.order_by("history_date", "history_id"):
        latest[record.id] = record
    return latest


def story_state_at(*, story: Story, history_id: int) -> dict[str, Any]:
    """The content of one version of a story: its row, key points, paragraphs, attributions."""
    record, until = story_version_moment(story=story, history_id=history_id)
    point_ids = set(
        KeyPoint.history.filter(story_id=story.pk).values_list("id", flat=True).distinct()
    )
    para_ids = set(
        SummaryParagraph.history.filter(story_id=story.pk).values_list("id", flat=True).distinct()
    )
    points = {
        pk: rec
        for pk, rec in _latest_records(KeyPoint.history.all(), point_ids, until).items()
        if rec.history_type != "-" and rec.story_id == story.pk
    }
    paragraphs = {
        pk: rec
        for pk, rec in _latest_records(SummaryParagraph.history.all(), para_ids, until).items()
        if rec.history_type != "-" and rec.story_id == story.pk
    }
    attribution_ids = set(
        Attribution.history.filter(
            Q(key_point_id__in=point_ids) | Q(paragraph_id__in=para_ids)
        ).values_list("id", flat=True)
    )
    attributions = {
        pk: rec
        for pk, rec in _latest_records(Attribution.history.all(), attribution_ids, until).items()
        if rec.history_type != "-"
        and (rec.key_point_id in points or rec.paragraph_id in paragraphs)
    }
    return {
        "record": record,
        "story": {name: getattr(record, name) for name in RESTORED_STORY_FIELDS},
        "key_points": points,
        "paragraphs": paragraphs,
        "attributions": attributions,
        "attribution_ids_known": attribution_ids,
    }


def _put_back(
    model: type[models.Model],
    *,
    current: QuerySet,
    wanted: dict[int, Any],
    fields: tuple[str, ...],
    user: Any,
    known_ids: set[int] | None = None,
) -> int:
    """Make ``current`` rows equal to the historical ``wanted`` ones: delete the extra rows
    (only those history knows about, when ``known_ids`` is given), update changed ones,
    re-create deleted ones with their old ids. Returns how many rows changed."""
    changed = 0
    for row in current:
        if row.pk not in wanted and (known_ids is None or row.pk in known_ids):
            row._history_user = user
            row.delete()
            changed += 1
    existing = {row.pk: row for row in model._default_manager.filter(pk__in=wanted)}
    for pk, record in wanted.items():
        row = existing.get(pk) or model(pk=pk)
        values = {name: getattr(record, name) for name in fields}
        if pk in existing and all(getattr(row, k) == v for k, v in values.items()):
            continue
        for name, value in values.items():
            setattr(row, name, value)
        row._history_user = user
        row.save()
        changed += 1
    return changed


def story_restore_version(*, story: Story, history_id: int, user: Any) -> Story:
    """Put a story's text back as it was in an earlier version, with its key points,
    paragraphs and their attributions as they were then.

    The story keeps its current status and publication times (restoring an old text neither
    publishes nor unpublishes it); the restore is itself a new version, so it can be undone.
    """
    require_permission(user, PUBLISH_PERMISSION, "restore earlier versions of stories")
    require_permission(user, "articles.change_story", "restore earlier versions of stories")
    with transaction.atomic():
        locked = story_row_lock(story)
        state = story_state_at(story=locked, history_id=history_id)
        slug = state["story"]["slug"]
        if Story.objects.filter(slug=slug).exclude(pk=locked.pk).exists():
            raise WorkflowError(
                f"Another story now uses the address “{slug}”; change that story's slug "
                "before restoring this version.",
                code="conflict",
            )
        for name, value in state["story"].items():
            setattr(locked, name, value)
        story_save(locked, user=user, caller_copy=story, fields=list(RESTORED_STORY_FIELDS))

        points = state["key_points"]
        paragraphs = state["paragraphs"]
        # Attributions pointing at a row being removed go with it (cascade); the rest are
        # put back below, with article links dropped for articles deleted since.
        changed_points = _put_back(
            KeyPoint,
            current=KeyPoint.objects.filter(story=locked),
            wanted=points,
            fields=RESTORED_POINT_FIELDS,
            user=user,
        )
        changed_paragraphs = _put_back(
            SummaryParagraph,
            current=SummaryParagraph.objects.filter(story=locked),
            wanted=paragraphs,
            fields=RESTORED_PARAGRAPH_FIELDS,
            user=user,
        )
        wanted_attributions = state["attributions"]
        live_articles = set(
            Article.objects.filter(
                pk__in={r.article_id for r in wanted_attributions.values() if r.article_id}
            ).values_list("pk", flat=True)
        )
        for record in wanted_attributions.values():
            if record.article_id not in live_articles:
                record.article_id = None
        changed_attributions = _put_back(
            Attribution,
            current=Attribution.objects.filter(
                Q(key_point__story=locked) | Q(paragraph__story=locked)
            ),
            wanted=wanted_attributions,
            fields=RESTORED_ATTRIBUTION_FIELDS,
            user=user,
            # Attributions older than their history stay: nothing says they were not there.
            known_ids=state["attribution_ids_known"],
        )
        audit_record(
            action=AuditEntry.Action.RESTORE,
            story=locked,
            user=user,
            history_id=history_id,
            version_of=iso_or_none(state["record"].history_date),
            key_points_changed=changed_points,
            paragraphs_changed=changed_paragraphs,
            attributions_changed=changed_attributions,
        )
    return story
