"""The workflow side of the story admin: the conflict-checking form, the transition actions, the
version view (compare and restore) and the editors' dashboard.

``articles/admin.py`` stays declarative and mixes ``StoryWorkflowAdminMixin`` into
``StoryAdmin``; every status change goes through ``articles.workflow``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import ActionLocation
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone

from articles.admin.dashboard import dashboard_cards
from articles.core.story_state import COMPARED_FIELDS, StoryConflict, WorkflowError, story_lock
from articles.editorial.history import story_restore_version, story_state_at
from articles.editorial.workflow import (
    can_publish,
    correction_add,
    key_points_without_evidence,
    story_archive,
    story_publish,
    story_return_to_draft,
    story_submit,
    story_unpublish,
    unchecked_findings,
    unchecked_findings_text,
)
from articles.models import (
    Correction,
    KeyPoint,
    Story,
    SummaryParagraph,
)
from articles.stories.evidence import story_flags
from sources.models import Outlet

BOTH = [ActionLocation.CHANGE_LIST, ActionLocation.CHANGE_FORM]
# Fields only editors (``publish_story``) may change; everyone else sees them read-only.
EDITOR_FIELDS = ["published_at", "embargo_until"]


class StoryAdminForm(forms.ModelForm):
    """Carries the version the editor opened; refuses the save if the story moved on since."""

    class Meta:
        model = Story
        fields = ["headline", "slug", "dek", "topics", "published_at", "embargo_until", "version"]
        widgets = {"version": forms.HiddenInput}

    def clean(self):
        cleaned = super().clean()
        if self.instance.pk and "version" in self.fields:
            version = cleaned.get("version")
            if version is None:
                raise forms.ValidationError("This form is missing the story's version.")
            proposed = {name: cleaned[name] for name in COMPARED_FIELDS if name in cleaned}
            try:
                # The admin wraps the request in a transaction, so the row stays locked until
                # the story and its inlines are saved.
                current = story_lock(story_id=self.instance.pk, version=version, proposed=proposed)
            except StoryConflict as conflict:
                self.conflict = conflict
                raise forms.ValidationError(conflict.messages, code="conflict") from None
            cleaned["version"] = current.version + 1
        return cleaned


def _report(modeladmin, request, queryset, service, done: str, **kwargs: Any) -> None:
    ok = 0
    for story in queryset:
        try:
            service(story=story, user=request.user, **kwargs)
        except WorkflowError as error:
            modeladmin.message_user(request, f"{story}: {error}", messages.ERROR)
        else:
            ok += 1
    if ok:
        modeladmin.message_user(request, f"{ok} story(ies) {done}.", messages.SUCCESS)


@dataclass
class Row:
    label: str
    then: Any
    now: Any

    @property
    def changed(self) -> bool:
        return self.then != self.now


def _rows(items) -> list[tuple]:
    return [
        (
            i.position,
            i.text,
            i.evidence_override,
            sorted(a.outlet.name for a in i.attributions.all()),
        )
        for i in items
    ]


def _live_state(story: Story) -> dict[str, Any]:
    related = "attributions__outlet"
    return {
        "story": {name: getattr(story, name) for name in ("headline", "slug", "dek")},
        "key_points": _rows(KeyPoint.objects.filter(story=story).prefetch_related(related)),
        "paragraphs": _rows(SummaryParagraph.objects.filter(story=story).prefetch_related(related)),
    }


def _historical_state(story: Story, history_id: int) -> dict[str, Any]:
    state = story_state_at(story=story, history_id=history_id)
    outlets = dict(
        Outlet.objects.filter(
            pk__in={a.outlet_id for a in state["attributions"].values()}
        ).values_list("pk", "name")
    )

    def cited(field: str, pk: int) -> list[str]:
        return sorted(
            outlets.get(a.outlet_id, "?")
            for a in state["attributions"].values()
            if getattr(a, field) == pk
        )

    def rows(records: dict, field: str) -> list[tuple]:
        ordered = sorted(records.values(), key=lambda r: (r.position, r.id))
        return [(r.position, r.text, r.evidence_override, cited(field, r.id)) for r in ordered]

    return {
        "record": state["record"],
        "story": state["story"],
        "key_points": rows(state["key_points"], "key_point_id"),
        "paragraphs": rows(state["paragraphs"], "paragraph_id"),
    }


class StoryWorkflowAdminMixin:
    """Workflow parts of the story admin; mixed into ``StoryAdmin``."""

    form = StoryAdminForm
    actions = ["submit_for_review", "publish", "unpublish", "return_to_draft", "archive"]

    # --- permissions ---------------------------------------------------------------------

    def has_publish_permission(self, request) -> bool:
        return can_publish(request.user)

    def has_change_permission(self, request, obj=None) -> bool:
        # Reporters work on drafts; once submitted a story is the editors'.
        if not super().has_change_permission(request, obj):
            return False
        return obj is None or obj.status == Story.Status.DRAFT or can_publish(request.user)

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        fields.insert(0, "status")
        if not can_publish(request.user):
            fields[1:1] = EDITOR_FIELDS
        return fields

    def get_fieldsets(self, request, obj=None):
        fieldsets = super().get_fieldsets(request, obj)
        first_name, first = fieldsets[0]
        first = {**first, "fields": [*first["fields"], "version"]}
        return [(first_name, first), *fieldsets[1:]]

    # --- saving --------------------------------------------------------------------------

    def save_model(self, request, obj, form, change):
        if not change:
            obj.status = Story.Status.DRAFT
        obj.updated_at = timezone.now()
        super().save_model(request, obj, form, change)

    def save_formset(self, request, form, formset, change):
        if formset.model is Correction:
            # New corrections go through the service: dated, audited, the story touched.
            for instance in formset.save(commit=False):
                if instance.pk is None:
                    correction_add(
                        story=form.instance,
                        user=request.user,
                        kind=instance.kind,
                        text=instance.text,
                        at=instance.published_at,
                    )
                else:
                    instance._history_user = request.user
                    instance.save()
            return
        super().save_formset(request, form, formset, change)

    # --- actions -------------------------------------------------------------------------

    @admin.action(permissions=["change"], description="Submit for review", location=BOTH)
    def submit_for_review(self, request, queryset):
        _report(self, request, queryset, story_submit, "submitted for review")

    @admin.action(permissions=["publish"], description="Publish (or schedule)", location=BOTH)
    def publish(self, request, queryset):
        published = 0
        for story in queryset:
            try:
                story_publish(story=story, user=request.user)
            except WorkflowError as error:
                self.message_user(request, f"{story}: {error}", messages.ERROR)
                continue
            story.refresh_from_db(fields=["published_at", "embargo_until"])
            later = max(filter(None, [story.published_at, story.embargo_until]))
            if later > timezone.now():
                self.message_user(
                    request,
                    f"“{story}” is scheduled: readers see it from "
                    f"{timezone.localtime(later):%Y-%m-%d %H:%M}.",
                    messages.SUCCESS,
                )
            else:
                published += 1
        if published:
            self.message_user(request, f"{published} story(ies) published.", messages.SUCCESS)
        # What the rules allow may still deserve a second look: say so, story by story.
        for story in queryset:
            flags = story_flags(story=story)
            if flags:
                listed = " ".join(f.message for f in flags[:5])
                more = f" (and {len(flags) - 5} more)" if len(flags) > 5 else ""
                self.message_user(request, f"{story}: check {listed}{more}", messages.WARNING)
            waiting = unchecked_findings(story) if story.status == Story.Status.PUBLISHED else {}
            if waiting:
                self.message_user(
                    request,
                    f"{story}: {unchecked_findings_text(waiting)}; readers see them once an "
                    "editor approves them (the story's checks link to them).",
                    messages.WARNING,
                )

    @admin.action(permissions=["publish"], description="Unpublish", location=BOTH)
    def unpublish(self, request, queryset):
        _report(self, request, queryset, story_unpublish, "unpublished")

    @admin.action(permissions=["publish"], description="Return to draft", location=BOTH)
    def return_to_draft(self, request, queryset):
        _report(self, request, queryset, story_return_to_draft, "returned to draft")

    @admin.action(permissions=["publish"], description="Archive", location=BOTH)
    def archive(self, request, queryset):
        _report(self, request, queryset, story_archive, "archived")

    def get_actions(self, request, action_location=ActionLocation.CHANGE_LIST):
        actions = super().get_actions(request, action_location=action_location)
        # Stories are archived, not deleted.
        if not request.user.is_superuser:
            actions.pop("delete_selected", None)
        return actions

    # --- history: compare and restore ----------------------------------------------------

    def get_urls(self):
        return [
            path(
                "dashboard/",
                self.admin_site.admin_view(self.dashboard_view),
                name=f"{self.opts.app_label}_{self.opts.model_name}_dashboard",
            ),
            *super().get_urls(),
        ]

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        """One version of a story next to another (the current one by default), with a
        restore button for editors. Replaces simple-history's single-row revert, which would
        bypass the workflow and leave the key points as they are."""
        story = self.get_object(request, unquote(object_id))
        if story is None:
            raise Http404
        if not self.has_view_or_change_permission(request, story):
            raise PermissionDenied
        may_restore = can_publish(request.user) and request.user.has_perm("articles.change_story")
        try:
            version_id = int(version_id)
            if request.method == "POST":
                if not may_restore:
                    raise PermissionDenied
                story_restore_version(story=story, history_id=version_id, user=request.user)
                self.message_user(request, "The earlier version was restored.", messages.SUCCESS)
                return HttpResponseRedirect(reverse("admin:articles_story_change", args=[story.pk]))
            then = _historical_state(story, version_id)
            against = request.GET.get("against")
            now = _historical_state(story, int(against)) if against else _live_state(story)
        except (WorkflowError, ValueError) as error:
            self.message_user(request, str(error), messages.ERROR)
            return HttpResponseRedirect(reverse("admin:articles_story_history", args=[story.pk]))

        labels = {"headline": "Headline", "slug": "Slug", "dek": "Dek"}
        rows = [Row(labels[k], then["story"][k], now["story"][k]) for k in labels]
        context = {
            **self.admin_site.each_context(request),
            "title": f"Version of {then['record'].history_date:%Y-%m-%d %H:%M:%S}: {story}",
            "opts": self.opts,
            "original": story,
            "record": then["record"],
            "against": against,
            "rows": rows,
            "points": Row("Key points", then["key_points"], now["key_points"]),
            "paragraphs": Row("Summary paragraphs", then["paragraphs"], now["paragraphs"]),
            "may_restore": may_restore,
            "versions": story.history.order_by("-history_date")[:50],
            **(extra_context or {}),
        }
        return TemplateResponse(request, "admin/articles/story/version.html", context)

    # --- dashboard -----------------------------------------------------------------------

    def dashboard_view(self, request):
        if not self.has_view_or_change_permission(request):
            raise PermissionDenied
        cards = dashboard_cards(timezone.now())
        context = {
            **self.admin_site.each_context(request),
            "title": "Editors' dashboard",
            "opts": self.opts,
            "cards": cards,
        }
        return TemplateResponse(request, "admin/articles/story/dashboard.html", context)


class EvidenceFilter(admin.SimpleListFilter):
    """Key points with or without evidence, by the same rule as publishing."""

    title = "evidence"
    parameter_name = "evidence"

    def lookups(self, request, model_admin):
        return [("missing", "Without evidence"), ("present", "With evidence or vouched for")]

    def queryset(self, request, queryset):
        if self.value() == "missing":
            return key_points_without_evidence(queryset)
        if self.value() == "present":
            return queryset.exclude(pk__in=key_points_without_evidence(queryset).values("pk"))
        return queryset
