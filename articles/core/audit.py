"""The audit log: one row per editorial decision (publish, unpublish, submit, archive, merge,
split, move, restore, correct), with who, when and what.

Services call ``audit_record`` inside their own transaction, so a decision and its audit entry
are stored together or not at all.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from articles.models import AuditEntry, Story


def audit_record(
    *,
    action: AuditEntry.Action | str,
    story: Story | None,
    user: Any,
    **detail: Any,
) -> AuditEntry:
    """Store one audit entry. ``detail`` must be JSON-serialisable (dates as ISO strings)."""
    return AuditEntry.objects.create(
        action=action,
        story=story,
        user=user if getattr(user, "is_authenticated", False) else None,
        at=timezone.now(),
        detail=detail,
    )
