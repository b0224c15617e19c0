"""Storylines in the admin: name them, see their events, check the links the machine found."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import Count, Q

from articles.models import ReviewState, Story, Storyline


class StorylineEventInline(admin.TabularInline):
    model = Story
    fk_name = "storyline"
    fields = ["headline", "status", "published_at", "storyline_state"]
    readonly_fields = ["headline", "status", "published_at"]
    extra = 0
    max_num = 0  # stories join a storyline from their own page
    can_delete = False
    show_change_link = True
    verbose_name = "event"
    verbose_name_plural = "events (stories), the link of each approved or not"


@admin.register(Storyline)
class StorylineAdmin(admin.ModelAdmin):
    list_display = ["name", "event_count", "unchecked_links", "updated_at"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    fields = ["name", "slug", "description"]
    inlines = [StorylineEventInline]

    def get_queryset(self, request):
        unchecked = Count("stories", filter=_suggested())
        return (
            super().get_queryset(request).annotate(_events=Count("stories"), _unchecked=unchecked)
        )

    @admin.display(description="events", ordering="_events")
    def event_count(self, obj):
        return obj._events

    @admin.display(description="links to check", ordering="_unchecked")
    def unchecked_links(self, obj):
        return obj._unchecked


def _suggested() -> Q:
    return Q(stories__storyline_state=ReviewState.SUGGESTED)


class StorylineActionsMixin:
    """Story list actions: approve or reject the storyline links the machine suggested."""

    @admin.action(
        description="Approve the storyline links of the selected stories", permissions=["change"]
    )
    def approve_storyline_links(self, request, queryset):
        n = queryset.filter(storyline__isnull=False).update(storyline_state=ReviewState.APPROVED)
        self.message_user(request, f"Approved {n} storyline links.", messages.SUCCESS)

    @admin.action(
        description="Reject the storyline links of the selected stories", permissions=["change"]
    )
    def reject_storyline_links(self, request, queryset):
        n = queryset.filter(storyline__isnull=False).update(storyline_state=ReviewState.REJECTED)
        self.message_user(request, f"Rejected {n} storyline links.", messages.SUCCESS)
