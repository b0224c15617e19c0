"""The editorial workflow: the one place where a story's status changes.

Every caller (the admin's buttons and actions, the API, management commands) goes through these
services, so the rules hold however a story is published:

- transitions: draft → review → published; published → draft (unpublish); review → draft (send
  back); any status → archived; archived → draft;
- only users with ``articles.publish_story`` publish, unpublish, send back, archive and restore;
- a story is published only with at least one article and one key point, when every key point
  has approved evidence (a passage of an article, not only a cited outlet) or an editor's
  override, and when every quote the machine found has been approved or rejected;
- only users with ``articles.override_evidence`` vouch for a key point without evidence.

Each service locks the story row, checks the rules, bumps ``Story.version`` (so an editor with
an older copy of the form gets a conflict instead of overwriting), stamps the history user, and
writes an audit entry, all in one transaction. A refused request raises ``WorkflowError`` with a
message an editor can act on.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from articles.core.audit import audit_record
from articles.core.story_state import WorkflowError, story_row_lock, story_save
from articles.models import (
    Article,
    ArticlePerson,
    Attribution,
    AuditEntry,
    Correction,
    Figure,
    KeyPoint,
    QuoteAppearance,
    ReviewState,
    Story,
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


# --- Evidence ------------------------------------------------------------------------------


def evidence_q() -> Q:
    """Key points an editor may publish: backed by approved evidence (a passage of an article
    accepted into the story, approved by an editor), or vouched for. Its opposite
    (``~evidence_q()``) is the dashboard's "without evidence" list."""
    supported = Exists(
        Attribution.objects.filter(
            key_point=OuterRef("pk"),
            article__isnull=False,
            article__review_state=ReviewState.APPROVED,
            review_state=ReviewState.APPROVED,
        )
    )
    return Q(evidence_override=True) | Q(supported)


def key_points_without_evidence(queryset: QuerySet[KeyPoint] | None = None) -> QuerySet[KeyPoint]:
    queryset = KeyPoint.objects.all() if queryset is None else queryset
    return queryset.exclude(evidence_q())


def can_publish(user: Any) -> bool:
    return bool(user and user.is_active and user.has_perm(PUBLISH_PERMISSION))


def can_override_evidence(user: Any) -> bool:
    return bool(user and user.is_active and user.has_perm(OVERRIDE_PERMISSION))


def may_change_content(user: Any, story: Story | None) -> bool:
    """Reporters prepare drafts; once a story is submitted, published (or scheduled) or
    archived, its content (key points, paragraphs, quotes, attributions, articles) is the
    editors'. Content of no story yet is anyone's with the model permission."""
    return story is None or story.status == Story.Status.DRAFT or can_publish(user)


def content_refusal(story: Story) -> str:
    """What a reporter is told when the story's content is no longer theirs to change."""
    state = {
        Story.Status.REVIEW: "is in review",
        Story.Status.PUBLISHED: "is published" if story.is_public else "is scheduled",
        Story.Status.ARCHIVED: "is archived",
    }.get(story.status, f"is {story.status}")
    return (
        f"“{story}” {state}: only an editor can change it now. Ask an editor to make the "
        "change, or to return the story to draft."
    )


def publish_problems(story: Story) -> list[str]:
    """Why ``story`` cannot be published yet, each with what to do next; empty when it can."""
    problems = []
    if not Article.objects.filter(story=story, review_state=ReviewState.APPROVED).exists():
        waiting = Article.objects.filter(story=story, review_state=ReviewState.SUGGESTED).count()
        problems.append(
            f"A story needs at least one accepted article before it can be published: its "
            f"{waiting} article(s) were placed by machine and wait for an editor (Articles → "
            "“Accept selected into their stories”)."
            if waiting
            else "A story needs at least one article before it can be published."
        )
    points = KeyPoint.objects.filter(story=story)
    if not points.exists():
        problems.append("Write at least one key point, with the evidence that supports it.")
    unsupported = list(key_points_without_evidence(points))
    if unsupported:
        waiting = {
            a.key_point_id
            for a in Attribution.objects.filter(
                key_point__in=unsupported,
                article__isnull=False,
                review_state=ReviewState.SUGGESTED,
            )
        }
        listed = "; ".join(
            short_text(point.text)
            + (" (evidence found by machine awaits review)" if point.pk in waiting else "")
            for point in unsupported
        )
        problems.append(
            f"{len(unsupported)} key point(s) have no approved evidence: {listed}. Approve the "
            "evidence found by machine, link an article that supports each one, or have an "
            "editor vouch for it."
        )
    # Counted in articles still waiting for acceptance too: accepting them is the next step,
    # and every problem is told at once, not one layer per attempt.
    unchecked = QuoteAppearance.objects.filter(
        article__story=story,
        article__review_state__in=[ReviewState.APPROVED, ReviewState.SUGGESTED],
        review_state=ReviewState.SUGGESTED,
    ).count()
    if unchecked:
        problems.append(
            f"{unchecked} quote(s) found by machine are not checked yet: approve or reject "
            "each one in the quote review list (its “story” filter shows this story's)."
        )
    return problems


def unchecked_findings(story: Story) -> dict[str, int]:
    """How many people and figures the machine found in ``story``'s accepted articles wait
    for an editor: readers see none of them until one is approved (they do not hold up
    publishing). Keys ``"people"`` and ``"figures"``, zero counts left out."""
    waiting = {
        "people": ArticlePerson.objects.filter(
            article__story=story,
            article__review_state=ReviewState.APPROVED,
            review_state=ReviewState.SUGGESTED,
        ).count(),
        "figures": Figure.objects.filter(
            article__story=story,
            article__review_state=ReviewState.APPROVED,
            review_state=ReviewState.SUGGESTED,
        ).count(),
    }
    return {kind: n for kind, n in waiting.items() if n}


def unchecked_findings_text(waiting: dict[str, int]) -> str:
    """ "2 people and 1 figure found by machine are not checked yet" for a count by kind."""
    parts = [
        f"{n} {'person' if n == 1 else 'people'}"
        if kind == "people"
        else f"{n} figure{'s' * (n != 1)}"
        for kind, n in waiting.items()
    ]
    verb = "is" if sum(waiting.values()) == 1 else "are"
    return f"{' and '.join(parts)} found by machine {verb} not checked yet"


# --- Helpers -------------------------------------------------------------------------------


def short_text(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def require_permission(user: Any, permission: str, doing: str) -> None:
    if not (user and user.is_active and user.has_perm(permission)):
        raise WorkflowError(f"You do not have permission to {doing}.", code="permission")


# What to do instead, when a transition is refused.
NEXT_STEP: dict[tuple[str, str], str] = {
    (Status.DRAFT, Status.PUBLISHED): "Submit it for review first; an editor then publishes it.",
    (Status.ARCHIVED, Status.PUBLISHED): "Restore it to draft, then submit it for review.",
    (Status.ARCHIVED, Status.REVIEW): "Restore it to draft first.",
    (Status.PUBLISHED, Status.REVIEW): "It is already live; unpublish it to rework it.",
}


def _check_transition(story: Story, to: str, doing: str) -> None:
    if to not in TRANSITIONS[story.status]:
        hint = NEXT_STEP.get((story.status, to))
        raise WorkflowError(
            f"“{short_text(story.headline)}” is {story.get_status_display().lower()}; it cannot be "
            f"{doing}." + (f" {hint}" if hint else ""),
            code="transition",
        )


def iso_or_none(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


# --- Transitions ---------------------------------------------------------------------------


def story_submit(*, story: Story, user: Any) -> Story:
    """A reporter hands a draft to the editors."""
    require_permission(user, "articles.change_story", "submit stories for review")
    with transaction.atomic():
        locked = story_row_lock(story)
        _check_transition(locked, Status.REVIEW, "submitted for review")
        locked.status = Status.REVIEW
        story_save(locked, user=user, caller_copy=story, fields=["status"])
        audit_record(action=AuditEntry.Action.SUBMIT, story=locked, user=user)
    return story


def story_publish(*, story: Story, user: Any, at: datetime | None = None) -> Story:
    """Publish a story in review, now or at ``at`` (a schedule).

    Without ``at`` the story goes out now, unless an editor already set a future publication
    time on it, which is kept: the story is then scheduled. Until its time (and the end of any
    embargo) it stays off every public page, feed and API response.
    """
    require_permission(user, PUBLISH_PERMISSION, "publish stories")
    with transaction.atomic():
        locked = story_row_lock(story)
        _check_transition(locked, Status.PUBLISHED, "published")
        problems = publish_problems(locked)
        if problems:
            raise WorkflowError(
                f"“{short_text(locked.headline)}” cannot be published yet. " + " ".join(problems),
                code="not_ready",
            )
        now = timezone.now()
        if at is not None:
            locked.published_at = at
        elif locked.published_at is None or locked.published_at <= now:
            locked.published_at = now
        locked.status = Status.PUBLISHED
        story_save(locked, user=user, caller_copy=story, fields=["status", "published_at"])
        audit_record(
            action=AuditEntry.Action.PUBLISH,
            story=locked,
            user=user,
            published_at=iso_or_none(locked.published_at),
            embargo_until=iso_or_none(locked.embargo_until),
            scheduled=locked.published_at > now,
        )
    return story


def story_unpublish(*, story: Story, user: Any) -> Story:
    """Take a published (or scheduled) story off the site; it goes back to draft."""
    require_permission(user, PUBLISH_PERMISSION, "unpublish stories")
    with transaction.atomic():
        locked = story_row_lock(story)
        if locked.status != Status.PUBLISHED:
            raise WorkflowError(
                f"“{short_text(locked.headline)}” is not published, so it cannot be unpublished.",
                code="transition",
            )
        locked.status = Status.DRAFT
        story_save(locked, user=user, caller_copy=story, fields=["status"])
        audit_record(action=AuditEntry.Action.UNPUBLISH, story=locked, user=user)
    return story


def story_return_to_draft(*, story: Story, user: Any) -> Story:
    """Send a story in review back to its reporter, or bring an archived story back."""
    require_permission(user, PUBLISH_PERMISSION, "return stories to draft")
    with transaction.atomic():
        locked = story_row_lock(story)
        if locked.status not in (Status.REVIEW, Status.ARCHIVED):
            raise WorkflowError(
                f"“{short_text(locked.headline)}” is {locked.get_status_display().lower()}; only "
                "stories in review or archived return to draft (unpublish a published one).",
                code="transition",
            )
        previous = locked.status
        locked.status = Status.DRAFT
        story_save(locked, user=user, caller_copy=story, fields=["status"])
        audit_record(
            action=AuditEntry.Action.RETURN, story=locked, user=user, previous_status=previous
        )
    return story


def story_archive(*, story: Story, user: Any) -> Story:
    """Archive a story: hidden everywhere public, kept with its history, and restorable."""
    require_permission(user, PUBLISH_PERMISSION, "archive stories")
    with transaction.atomic():
        locked = story_row_lock(story)
        if locked.status == Status.ARCHIVED:
            raise WorkflowError(
                f"“{short_text(locked.headline)}” is already archived.", code="transition"
            )
        previous = locked.status
        locked.status = Status.ARCHIVED
        story_save(locked, user=user, caller_copy=story, fields=["status"])
        audit_record(
            action=AuditEntry.Action.ARCHIVE, story=locked, user=user, previous_status=previous
        )
    return story


# --- Evidence override ---------------------------------------------------------------------


def key_point_set_override(
    *, key_point: KeyPoint, user: Any, override: bool, note: str = ""
) -> KeyPoint:
    """An editor vouches (or stops vouching) for a key point that has no linked evidence."""
    require_permission(user, OVERRIDE_PERMISSION, "vouch for key points without evidence")
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
    require_permission(user, "articles.add_correction", "add corrections")
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
        locked = story_row_lock(story)
        correction = Correction(
            story=locked,
            kind=kind,
            text=text,
            published_at=at or timezone.now(),
            created_by=user if getattr(user, "is_authenticated", False) else None,
        )
        correction._history_user = correction.created_by
        correction.save()
        story_save(locked, user=user, caller_copy=story, fields=[])
        audit_record(
            action=AuditEntry.Action.CORRECT,
            story=locked,
            user=user,
            correction=correction.pk,
            kind=str(kind),
            text=text,
        )
    return correction
