"""Editorial rows in the admin: topics, key points, paragraphs, attributions, figures,
people, corrections and the audit log."""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.utils.html import format_html
from simple_history.admin import SimpleHistoryAdmin

from articles.admin.live import (
    EvidenceOverrideReadOnlyMixin,
    StoryContentAdminMixin,
    StoryContentInlineMixin,
)
from articles.admin.quotes import StoryFiguresWaitingFilter, StoryPeopleWaitingFilter
from articles.admin.workflow import EvidenceFilter
from articles.editorial.review import REVIEW_PERMISSION, findings_review
from articles.editorial.workflow import correction_add
from articles.models import (
    ArticlePerson,
    Attribution,
    AuditEntry,
    Correction,
    Figure,
    KeyPoint,
    ReviewState,
    SummaryParagraph,
    Topic,
)
from sources.admin import LabelledInlineFormSet, NamedBlankValuesFilter, SystemRecordAdminMixin
from sources.versioning import VersionedAdminMixin


@admin.register(Topic)
class TopicAdmin(admin.ModelAdmin):
    list_display = ["name", "slug"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}


class AttributionInline(StoryContentInlineMixin, admin.TabularInline):
    formset = LabelledInlineFormSet
    model = Attribution
    extra = 0
    fields = ["outlet", "article", "passage", "score", "origin", "review_state", "position"]
    autocomplete_fields = ["outlet", "article"]

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if not request.user.has_perm(REVIEW_PERMISSION):
            fields.append("review_state")
        return fields


@admin.register(KeyPoint)
class KeyPointAdmin(
    StoryContentAdminMixin,
    VersionedAdminMixin,
    EvidenceOverrideReadOnlyMixin,
    SimpleHistoryAdmin,
):
    list_display = ["text", "story", "position", "evidence_override"]
    list_filter = [EvidenceFilter, "evidence_override"]
    search_fields = ["text", "story__headline"]
    autocomplete_fields = ["story"]
    list_select_related = ["story"]
    inlines = [AttributionInline]


@admin.register(SummaryParagraph)
class SummaryParagraphAdmin(
    StoryContentAdminMixin,
    VersionedAdminMixin,
    EvidenceOverrideReadOnlyMixin,
    SimpleHistoryAdmin,
):
    list_display = ["__str__", "story", "position"]
    search_fields = ["text", "story__headline"]
    autocomplete_fields = ["story"]
    list_select_related = ["story"]
    inlines = [AttributionInline]


class FindingsReviewMixin:
    """Approve or reject what the machine found, in bulk, through the review service (editors
    only: a reporter gets a clear refusal, nothing changes)."""

    finding = "finding"

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if not request.user.has_perm(REVIEW_PERMISSION):
            fields.append("review_state")  # reporters see the state; editors rule on it
        return fields

    @admin.action(description="Approve selected", permissions=["change"])
    def approve_findings(self, request, queryset):
        self._review(request, queryset, ReviewState.APPROVED, "Approved")

    @admin.action(description="Reject selected (never shown to readers)", permissions=["change"])
    def reject_findings(self, request, queryset):
        self._review(request, queryset, ReviewState.REJECTED, "Rejected")

    def _review(self, request, queryset, state, verb):
        try:
            count = findings_review(rows=queryset, state=state, user=request.user)
        except PermissionDenied as refused:
            self.message_user(request, str(refused), messages.ERROR)
            return
        self.message_user(request, f"{verb} {count} {self.finding}(s).", messages.SUCCESS)


@admin.register(Attribution)
class AttributionAdmin(StoryContentAdminMixin, FindingsReviewMixin, SimpleHistoryAdmin):
    """Evidence and citations. Machine-found evidence arrives as suggested; editors approve
    or reject it here, one by one or in bulk."""

    list_display = [
        "__str__",
        "key_point",
        "paragraph",
        "article",
        "origin",
        "score",
        "review_state",
    ]
    list_filter = ["origin", "review_state", "outlet"]
    search_fields = ["outlet__name", "passage"]
    autocomplete_fields = ["key_point", "paragraph", "outlet", "article"]
    list_select_related = ["outlet", "key_point", "paragraph", "article"]
    actions = ["approve_findings", "reject_findings"]
    finding = "evidence link"

    def story_of(self, obj):
        claim = obj.key_point or obj.paragraph
        return claim.story if claim else None

    def story_of_form(self, cleaned, instance):
        claim = cleaned.get("key_point") or cleaned.get("paragraph")
        return claim.story if claim else self.story_of(instance)


@admin.register(Figure)
class FigureAdmin(StoryContentAdminMixin, FindingsReviewMixin, admin.ModelAdmin):
    list_display = ["text", "value", "unit", "per", "kind", "event", "article", "review_state"]
    list_filter = [
        "review_state",
        StoryFiguresWaitingFilter,
        ("kind", NamedBlankValuesFilter),
        ("unit", NamedBlankValuesFilter),
    ]
    search_fields = ["text", "unit", "article__headline"]
    autocomplete_fields = ["article"]
    list_select_related = ["article__outlet"]
    actions = ["approve_findings", "reject_findings"]
    finding = "figure"
    story_path = ("article", "story")


@admin.register(ArticlePerson)
class ArticlePersonAdmin(StoryContentAdminMixin, FindingsReviewMixin, admin.ModelAdmin):
    list_display = ["speaker", "role", "article", "review_state"]
    list_filter = ["review_state", StoryPeopleWaitingFilter]
    search_fields = ["speaker__name", "role", "article__headline"]
    autocomplete_fields = ["speaker", "article"]
    list_select_related = ["speaker", "article__outlet"]
    actions = ["approve_findings", "reject_findings"]
    finding = "person"
    story_path = ("article", "story")


@admin.register(Correction)
class CorrectionAdmin(StoryContentAdminMixin, VersionedAdminMixin, SimpleHistoryAdmin):
    list_display = ["story", "kind", "published_at", "created_by"]
    list_filter = ["kind"]
    search_fields = ["text", "story__headline"]
    autocomplete_fields = ["story"]
    list_select_related = ["story", "created_by"]

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)
            return
        # A new correction goes through the service: audited, and the story is touched.
        created = correction_add(
            story=obj.story, user=request.user, kind=obj.kind, text=obj.text, at=obj.published_at
        )
        obj.pk, obj.created_by = created.pk, created.created_by
        obj._state.adding = False


@admin.register(AuditEntry)
class AuditEntryAdmin(SystemRecordAdminMixin, admin.ModelAdmin):
    list_display = ["at", "action", "story_link", "user"]
    list_filter = ["action"]
    search_fields = ["story__headline", "user__username"]
    list_select_related = ["story", "user"]
    date_hierarchy = "at"

    @admin.display(description="story")
    def story_link(self, obj):
        if obj.story_id is None:
            return "—"
        return format_html('<a href="{}">{}</a>', obj.story.get_absolute_url(), obj.story)
