"""Roles that hold in the admin. Once a story leaves draft, reporters see its content but
only editors change it (``may_change_content``): the change page says why it is read-only,
and adding to such a story from another admin page is refused with the same words. Only
editors with ``override_evidence`` vouch for a point without evidence.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages

from articles.editorial.workflow import (
    can_override_evidence,
    content_refusal,
    may_change_content,
)
from articles.models import Story


def _follow(obj, path: tuple[str, ...]):
    """The row at the end of ``path`` from ``obj`` (``None`` as soon as a link is empty)."""
    for name in path:
        if obj is None:
            return None
        obj = getattr(obj, name, None)
    return obj


class StoryContentAdminMixin:
    """For the admin of a row that belongs to a story; ``story_path`` leads from the row to
    its story (``("quote", "story")`` for an appearance)."""

    story_path: tuple[str, ...] = ("story",)

    def story_of(self, obj) -> Story | None:
        return _follow(obj, self.story_path)

    def _content_refused(self, request, obj) -> bool:
        return obj is not None and not may_change_content(request.user, self.story_of(obj))

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and not self._content_refused(
            request, obj
        )

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not self._content_refused(
            request, obj
        )

    def change_view(self, request, object_id, form_url="", extra_context=None):
        obj = self.get_object(request, object_id)
        if (
            obj is not None
            and request.method == "GET"
            and super().has_change_permission(request, obj)
            and self._content_refused(request, obj)
        ):
            self.message_user(request, content_refusal(self.story_of(obj)), messages.WARNING)
        return super().change_view(request, object_id, form_url, extra_context)

    def story_of_form(self, cleaned: dict, instance) -> Story | None:
        """The story a submitted form puts the row in (its chosen story, or the current)."""
        first, *rest = self.story_path
        holder = cleaned[first] if first in cleaned else getattr(instance, first, None)
        return _follow(holder, tuple(rest))

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        admin, user = self, request.user

        class StoryContentForm(form):
            def clean(self):
                cleaned = super().clean()
                story = admin.story_of_form(cleaned, self.instance)
                if not may_change_content(user, story):
                    raise forms.ValidationError(content_refusal(story), code="live")
                return cleaned

        StoryContentForm.__name__ = form.__name__
        return StoryContentForm


class StoryContentInlineMixin:
    """For an inline on a story's content: read-only where the parent row is no longer the
    user's to change. ``story_path`` leads from the parent row to its story."""

    story_path: tuple[str, ...] = ("story",)

    def _parent_refused(self, request, obj) -> bool:
        return obj is not None and not may_change_content(
            request.user, _follow(obj, self.story_path)
        )

    def has_add_permission(self, request, obj=None):
        return super().has_add_permission(request, obj) and not self._parent_refused(request, obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and not self._parent_refused(
            request, obj
        )

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not self._parent_refused(
            request, obj
        )


class EvidenceOverrideReadOnlyMixin:
    """Only editors with ``override_evidence`` vouch for a point without evidence."""

    override_fields = ("evidence_override", "override_note")

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if not can_override_evidence(request.user):
            names = {field.name for field in self.model._meta.get_fields()}
            fields += [name for name in self.override_fields if name in names]
        return fields
