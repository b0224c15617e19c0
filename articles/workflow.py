"""The editorial workflow: the one place where a story's status changes.

Every caller (the admin's buttons and actions, the API, management commands) goes through these
services, so the rules hold however a story is published:

- transitions: draft → review → published; published → draft (unpublish); review → draft (send
  back); any status → archived; archived → draft;
- only users with ``articles.publish_story`` publish, unpublish, send back, archive and restore;
- a story is published only with at least one article, and only when every key point has
  evidence (an attribution to a real article, not only a cited outlet) or an editor's override;
- only users with ``articles.override_evidence`` vouch for a key point without evidence.

Each service locks the story row, checks the rules, bumps ``Story.version`` (so an editor with
an older copy of the form gets a conflict instead of overwriting), stamps the history user, and
writes an audit entry, all in one transaction. A refused request raises ``WorkflowError`` with a
message an editor can act on.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from articles.audit import audit_record
from articles.models import (
    Article,
    Attribution,
    AuditEntry,
    Correction,
    KeyPoint,
    Story,
    SummaryParagraph,
)

Status = Story.Status

# Which status may follow which; the service names say which function moves along each edge.
TRANSITIONS: dict[str, frozenset[str]] = {
    Status.DRAFT: frozenset({Status.REVIEW, Status.ARCHIVED}),
    Status.REVIEW: frozenset({Status.PUBLISHED, Status.DRAFT, Status.ARCHIVED}),
    Status.PUBLISHED: frozenset({Status.DRAFT, Status.ARCHIVED}),
    Status.ARCHIVED: frozenset({Status.DRAFT}),
}

PUBLISH_PERMISSION = "articles.publish_story"
OVERRIDE_PERMISSION = "articles.override_evidence"

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


class WorkflowError(ValidationError):
    """A workflow request the rules refuse; ``message`` says why in an editor's words."""

    def __init__(self, message: str, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)

    def __str__(self) -> str:
        return " ".join(self.messages)


# --- Evidence ------------------------------------------------------------------------------


def evidence_q() -> Q:
    """Key points an editor may publish: backed by an attribution to an article, or vouched
    for. Its opposite (``~evidence_q()``) is the dashboard's "without evidence" list."""
    supported = Exists(Attribution.objects.filter(key_point=OuterRef("pk"), article__isnull=False))
    return Q(evidence_override=True) | Q(supported)


def key_points_without_evidence(queryset: QuerySet[KeyPoint] | None = None) -> QuerySet[KeyPoint]:
    queryset = KeyPoint.objects.all() if queryset is None else queryset
    return queryset.exclude(evidence_q())


def can_publish(user: Any) -> bool:
    return bool(user and user.is_active and user.has_perm(PUBLISH_PERMISSION))


def can_override_evidence(user: Any) -> bool:
    return bool(user and user.is_active and user.has_perm(OVERRIDE_PERMISSION))


def publish_problems(story: Story) -> list[str]:
    """Why ``story`` cannot be published yet; empty when it can."""
    problems = []
    if not Article.objects.filter(story=story).exists():
        problems.append("A story needs at least one article before it can be published.")
    unsupported = list(
        key_points_without_evidence(KeyPoint.objects.filter(story=story)).values_list(
            "text", flat=True
        )
    )
    if unsupported:
        listed = "; ".join(_short(text) for text in unsupported)
        problems.append(
            f"{len(unsupported)} key point(s) have no supporting article: {listed}. Link an "
            "article that supports each one, or have an editor vouch for it."
        )
    return problems


# --- Helpers -------------------------------------------------------------------------------


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _require(user: Any, permission: str, doing: str) -> None:
    if not (user and user.is_active and user.has_perm(permission)):
        raise WorkflowError(f"You do not have permission to {doing}.", code="permission")


def _lock(story: Story) -> Story:
    return Story.objects.select_for_update().get(pk=story.pk)


def _check_transition(story: Story, to: str, doing: str) -> None:
    if to not in TRANSITIONS[story.status]:
        raise WorkflowError(
            f"“{_short(story.headline)}” is {story.get_status_display().lower()}; it cannot be "
            f"{doing}.",
            code="transition",
        )


def _save(locked: Story, *, user: Any, caller_copy: Story, fields: list[str]) -> None:
    """Save the locked row with a new version and stamp who did it; refresh the caller's copy."""
    locked.version += 1
    locked.updated_at = timezone.now()
    locked.updated_by = user if getattr(user, "is_authenticated", False) else None
    locked._history_user = locked.updated_by
    locked.save(update_fields=[*fields, "version", "updated_at", "updated_by"])
    for field in locked._meta.concrete_fields:
        setattr(caller_copy, field.attname, getattr(locked, field.attname))


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


# --- Transitions ---------------------------------------------------------------------------


def story_submit(*, story: Story, user: Any) -> Story:
    """A reporter hands a draft to the editors."""
    _require(user, "articles.change_story", "submit stories for review")
    with transaction.atomic():
        locked = _lock(story)
        _check_transition(locked, Status.REVIEW, "submitted for review")
        locked.status = Status.REVIEW
        _save(locked, user=user, caller_copy=story, fields=["status"])
        audit_record(action=AuditEntry.Action.SUBMIT, story=locked, user=user)
    return story


def story_publish(*, story: Story, user: Any, at: datetime | None = None) -> Story:
    """Publish a story in review, now or at ``at`` (a schedule).

    Without ``at`` the story goes out now, unless an editor already set a future publication
    time on it, which is kept: the story is then scheduled. Until its time (and the end of any
    embargo) it stays off every public page, feed and API response.
    """
    _require(user, PUBLISH_PERMISSION, "publish stories")
    with transaction.atomic():
        locked = _lock(story)
        _check_transition(locked, Status.PUBLISHED, "published")
        problems = publish_problems(locked)
        if problems:
            raise WorkflowError(
                f"“{_short(locked.headline)}” cannot be published yet. " + " ".join(problems),
                code="not_ready",
            )
        now = timezone.now()
        if at is not None:
            locked.published_at = at
        elif locked.published_at is None or locked.published_at <= now:
            locked.published_at = now
        locked.status = Status.PUBLISHED
        _save(locked, user=user, caller_copy=story, fields=["status", "published_at"])
        audit_record(
            action=AuditEntry.Action.PUBLISH,
            story=locked,
            user=user,
            published_at=_iso(locked.published_at),
            embargo_until=_iso(locked.embargo_until),
            scheduled=locked.published_at > now,
        )
    return story


def story_unpublish(*, story: Story, user: Any) -> Story:
    """Take a published (or scheduled) story off the site; it goes back to draft."""
    _require(user, PUBLISH_PERMISSION, "unpublish stories")
    with transaction.atomic():
        locked = _lock(story)
        if locked.status != Status.PUBLISHED:
            raise WorkflowError(
                f"“{_short(locked.headline)}” is not published, so it cannot be unpublished.",
                code="transition",
            )
        locked.status = Status.DRAFT
        _save(locked, user=user, caller_copy=story, fields=["status"])
        audit_record(action=AuditEntry.Action.UNPUBLISH, story=locked, user=user)
    return story


def story_return_to_draft(*, story: Story, user: Any) -> Story:
    """Send a story in review back to its reporter, or bring an archived story back."""
    _require(user, PUBLISH_PERMISSION, "return stories to draft")
    with transaction.atomic():
        locked = _lock(story)
        if locked.status not in (Status.REVIEW, Status.ARCHIVED):
            raise WorkflowError(
                f"“{_short(locked.headline)}” is {locked.get_status_display().lower()}; only "
                "stories in review or archived return to draft (unpublish a published one).",
                code="transition",
            )
        previous = locked.status
        locked.status = Status.DRAFT
        _save(locked, user=user, caller_copy=story, fields=["status"])
        audit_record(
            action=AuditEntry.Action.RETURN, story=locked, user=user, previous_status=previous
        )
    return story


def story_archive(*, story: Story, user: Any) -> Story:
    """Archive a story: hidden everywhere public, kept with its history, and restorable."""
    _require(user, PUBLISH_PERMISSION, "archive stories")
    with transaction.atomic():
        locked = _lock(story)
        if locked.status == Status.ARCHIVED:
            raise WorkflowError(
                f"“{_short(locked.headline)}” is already archived.", code="transition"
            )
        previous = locked.status
        locked.status = Status.ARCHIVED
        _save(locked, user=user, caller_copy=story, fields=["status"])
        audit_record(
            action=AuditEntry.Action.ARCHIVE, story=locked, user=user, previous_status=previous
        )
    return story


# --- Evidence override ---------------------------------------------------------------------


def key_point_set_override(
    *, key_point: KeyPoint, user: Any, override: bool, note: str = ""
) -> KeyPoint:
    """An editor vouches (or stops vouching) for a key point that has no linked evidence."""
    _require(user, OVERRIDE_PERMISSION, "vouch for key points without evidence")
    with transaction.atomic():
        point = KeyPoint.objects.select_for_update().get(pk=key_point.pk)
        point.evidence_override = override
        point.override_note = note if override else ""
        point._history_user = user
        point.save(update_fields=["evidence_override", "override_note"])
    key_point.evidence_override = point.evidence_override
    key_point.override_note = point.override_note
    return key_point


# --- Corrections ---------------------------------------------------------------------------


def correction_add(
    *,
    story: Story,
    user: Any,
    kind: Correction.Kind | str,
    text: str,
    at: datetime | None = None,
) -> Correction:
    """Append a dated correction, clarification or update to a story."""
    _require(user, "articles.add_correction", "add corrections")
    if kind not in Correction.Kind.values:
        raise WorkflowError(
            f"“{kind}” is not a kind of correction; use one of "
            f"{', '.join(Correction.Kind.values)}.",
            code="invalid",
        )
    text = (text or "").strip()
    if not text:
        raise WorkflowError("A correction needs a text saying what was wrong.", code="invalid")
    with transaction.atomic():
        locked = _lock(story)
        correction = Correction(
            story=locked,
            kind=kind,
            text=text,
            published_at=at or timezone.now(),
            created_by=user if getattr(user, "is_authenticated", False) else None,
        )
        correction._history_user = correction.created_by
        correction.save()
        _save(locked, user=user, caller_copy=story, fields=[])
        audit_record(
            action=AuditEntry.Action.CORRECT,
            story=locked,
            user=user,
            correction=correction.pk,
            kind=str(kind),
            text=text,
        )
    return correction


# --- History -------------------------------------------------------------------------------


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
    _require(user, PUBLISH_PERMISSION, "restore earlier versions of stories")
    _require(user, "articles.change_story", "restore earlier versions of stories")
    with transaction.atomic():
        locked = _lock(story)
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
        _save(locked, user=user, caller_copy=story, fields=list(RESTORED_STORY_FIELDS))

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
            version_of=_iso(state["record"].history_date),
            key_points_changed=changed_points,
            paragraphs_changed=changed_paragraphs,
            attributions_changed=changed_attributions,
        )
    return story
