"""The story admin: its inlines, actions (move, merge, split) and workflow buttons."""

from django.contrib import admin, messages
from django.db.models import Count
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from simple_history.admin import SimpleHistoryAdmin

from articles.admin.forms import MergeForm, choose_in_form
from articles.admin.live import EvidenceOverrideReadOnlyMixin
from articles.admin.storylines import StorylineActionsMixin
from articles.admin.workflow import StoryWorkflowAdminMixin
from articles.core.visibility import lead_image
from articles.editorial.workflow import unchecked_findings, unchecked_findings_text
from articles.models import (
    Article,
    Correction,
    KeyPoint,
    Story,
    StorySpeakerAlias,
    SummaryParagraph,
    published_q,
)
from articles.stories.evidence import story_figure_table, story_find_evidence, story_flags
from articles.stories.restructure import ConnectError, story_merge
from articles.stories.storylines import storyline_changed
from sources.admin import LabelledInlineFormSet
from sources.versioning import VersionedInlineMixin


def number_new_rows(formset) -> None:
    """New key points or paragraphs whose position another row already holds ("Add another"
    gives each the same) go after the others, in the order they were written."""
    deleted = formset.deleted_forms if formset.can_delete else []
    kept = [f for f in formset.forms if (f.has_changed() or f.instance.pk) and f not in deleted]
    taken = {f.instance.position for f in kept if f.instance.pk}
    for f in kept:
        if f.instance.pk is None and f.has_changed():
            if f.instance.position in taken:
                f.instance.position = max(taken) + 1
            taken.add(f.instance.position)


class KeyPointInline(VersionedInlineMixin, EvidenceOverrideReadOnlyMixin, admin.TabularInline):
    formset = LabelledInlineFormSet
    model = KeyPoint
    extra = 1
    fields = ["position", "text", "evidence_override", "override_note"]


class SummaryParagraphInline(
    VersionedInlineMixin, EvidenceOverrideReadOnlyMixin, admin.StackedInline
):
    formset = LabelledInlineFormSet
    model = SummaryParagraph
    extra = 1
    fields = ["position", "text", "evidence_override"]


class StoryArticleInline(admin.TabularInline):
    formset = LabelledInlineFormSet
    model = Article
    fields = ["headline", "outlet", "published_at", "url"]
    readonly_fields = ["headline", "outlet", "published_at", "url"]
    extra = 0
    show_change_link = True
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


class StorySpeakerAliasInline(admin.TabularInline):
    """Descriptions resolved for this story only ("the ministry" is the Department of Homeland
    Security here). Read the story's articles again to apply a new one."""

    formset = LabelledInlineFormSet
    model = StorySpeakerAlias
    extra = 0
    fields = ["alias", "speaker"]
    autocomplete_fields = ["speaker"]


class CorrectionInline(VersionedInlineMixin, admin.StackedInline):
    formset = LabelledInlineFormSet
    model = Correction
    extra = 0
    fields = ["kind", "published_at", "text"]
    can_delete = False  # a correction stays on the record


class GoingLiveFilter(admin.SimpleListFilter):
    """Published stories readers cannot see yet: scheduled for later, or under embargo."""

    title = "going live later"
    parameter_name = "upcoming"

    def lookups(self, request, model_admin):
        return [("yes", "Scheduled or embargoed")]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(status=Story.Status.PUBLISHED).exclude(
                published_q(timezone.now())
            )
        return queryset


def unchecked_findings_checks(story: Story) -> list[str]:
    """The story's people and figures no editor has checked yet, with a link to each review
    list filtered to this story."""
    lines = []
    for kind, n in unchecked_findings(story).items():
        url = reverse(
            "admin:articles_articleperson_changelist"
            if kind == "people"
            else "admin:articles_figure_changelist"
        )
        lines.append(
            format_html(
                "{}: readers see none until an editor approves them. "
                '<a href="{}?story={}&amp;review_state__exact=suggested">Review them</a>.',
                unchecked_findings_text({kind: n}),
                url,
                story.pk,
            )
        )
    return lines


@admin.register(Story)
class StoryAdmin(StorylineActionsMixin, StoryWorkflowAdminMixin, SimpleHistoryAdmin):
    list_display = ["headline", "status", "published_at", "embargo_until", "article_count"]
    list_filter = ["status", GoingLiveFilter, "topics", "published_at", "storyline_state"]
    search_fields = ["headline", "dek", "slug"]
    prepopulated_fields = {"slug": ["headline"]}
    date_hierarchy = "published_at"
    autocomplete_fields = ["topics", "storyline"]
    raw_id_fields = ["image"]
    readonly_fields = ["created_at", "updated_at", "created_by", "updated_by", "editor_checks"]
    fieldsets = [
        (None, {"fields": ["headline", "slug", "dek", "topics"]}),
        ("Publishing", {"fields": ["status", "published_at", "embargo_until"]}),
        ("Storyline", {"fields": ["storyline", "storyline_state"]}),
        ("Image", {"fields": ["image"]}),
        ("Sources and checks", {"fields": ["editor_checks"]}),
        ("Record", {"fields": readonly_fields[:4], "classes": ["collapse"]}),
    ]
    inlines = [
        KeyPointInline,
        SummaryParagraphInline,
        StoryArticleInline,
        StorySpeakerAliasInline,
        CorrectionInline,
    ]
    actions = [
        *StoryWorkflowAdminMixin.actions,
        "merge_stories",
        "find_evidence",
        "approve_storyline_links",
        "reject_storyline_links",
    ]

    @admin.display(description="before publishing")
    def editor_checks(self, obj):
        """Claims without a supporting article, outlets cited without an article, and
        figures the outlets disagree on."""
        if obj is None or obj.pk is None:
            return "Save the story to see its checks."
        flags = [f.message for f in story_flags(story=obj)]
        flags += [
            f"Figures disagree: {row.label}: {row.note}"
            for row in story_figure_table(story=obj).disagreements
        ]
        if not obj.key_points.exists():
            flags.insert(0, "No key points yet: write at least one, with the evidence for it.")
        flags += unchecked_findings_checks(obj)
        image = lead_image(obj)  # the one readers see
        if image is not None and not image.alt.strip():
            flags.append(
                format_html(
                    "The story's image has no alt text for readers who cannot see it: "
                    '<a href="{}">describe it</a> (leave it empty only if it adds nothing).',
                    reverse("admin:articles_article_change", args=[image.article_id]),
                )
            )
        if not flags:
            return "Every key point and paragraph has a supporting article; figures agree."
        return format_html(
            "<ul class='editor-checks'>{}</ul>",
            format_html_join("", "<li>{}</li>", ((f,) for f in flags)),
        )

    @admin.action(description="Find evidence for key points and paragraphs", permissions=["change"])
    def find_evidence(self, request, queryset):
        written = sum(story_find_evidence(story=story) for story in queryset)
        self.message_user(
            request,
            f"Linked {written} supporting passages in {queryset.count()} stories.",
            messages.SUCCESS,
        )

    def save_formset(self, request, form, formset, change):
        if formset.model in (KeyPoint, SummaryParagraph):
            number_new_rows(formset)
        super().save_formset(request, form, formset, change)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        # Key points may have changed: link them to their evidence again (editors' own
        # citations and reviewed rows stay).
        story_find_evidence(story=form.instance)

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_articles=Count("articles"))

    def has_merge_permission(self, request):
        return request.user.has_perm("articles.merge_story")

    @admin.action(description="Merge selected stories", permissions=["merge"])
    def merge_stories(self, request, queryset):
        if queryset.count() < 2:
            self.message_user(request, "Choose at least two stories to merge.", messages.ERROR)
            return None
        form = MergeForm(request.POST if request.POST.get("confirm") else None)
        form.fields["target"].queryset = queryset
        if form.is_valid():
            target = form.cleaned_data["target"]
            others = [s for s in queryset if s.pk != target.pk]
            try:
                story_merge(target=target, others=others, user=request.user)
            except ConnectError as refusal:
                self.message_user(request, str(refusal), messages.ERROR)
                return None
            self.message_user(
                request, f"Merged {len(others)} stories into “{target}”.", messages.SUCCESS
            )
            return None
        return choose_in_form(
            self,
            request,
            queryset,
            form=form,
            action="merge_stories",
            title="Merge stories",
            intro="These stories will become one. Choose the story to keep.",
            submit_label="Merge",
        )

    @admin.display(description="articles", ordering="_articles")
    def article_count(self, obj):
        return obj._articles

    def save_model(self, request, obj, form, change):
        if not change:
            obj.created_by = request.user
        obj.updated_by = request.user
        super().save_model(request, obj, form, change)
        if "storyline" in form.changed_data:  # the lone-storyline rule and timelines
            storyline_changed(story=obj, previous=form.initial.get("storyline"))
