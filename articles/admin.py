"""The editors' admin: stories with their key points, paragraphs and articles; articles with
their quote appearances; quotes, figures, corrections and the audit log."""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.widgets import AutocompleteSelect
from django.db import models
from django.db.models import Count
from django.template.response import TemplateResponse
from django.urls import path
from django.utils.html import format_html, format_html_join
from simple_history.admin import SimpleHistoryAdmin

from articles.admin_import import import_view
from articles.admin_review import (
    QuoteAppearanceReviewForm,
    approve_appearances,
    evidence_html,
    read_articles_again,
    reject_appearances,
    save_review,
    stamp_inline_reviews,
    unreview_appearances,
)
from articles.admin_workflow import (
    EvidenceFilter,
    EvidenceOverrideReadOnlyMixin,
    StoryWorkflowAdminMixin,
)
from articles.connect import (
    ConnectError,
    articles_move,
    story_figure_table,
    story_find_evidence,
    story_flags,
    story_merge,
    story_split,
)
from articles.engine.diff import diff_segments
from articles.models import (
    Article,
    ArticlePerson,
    Attribution,
    AuditEntry,
    Correction,
    Figure,
    KeyPoint,
    Quote,
    QuoteAppearance,
    ReviewState,
    Story,
    SummaryParagraph,
    Topic,
)
from articles.services import article_read, place_article, quote_appearance_set_speaker
from articles.workflow import correction_add
from sources.models import Speaker


@admin.register(Topic)
class TopicAdmin(admin.ModelAdmin):
    list_display = ["name", "slug"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}


class KeyPointInline(EvidenceOverrideReadOnlyMixin, admin.TabularInline):
    model = KeyPoint
    extra = 1
    fields = ["position", "text", "evidence_override", "override_note"]


class SummaryParagraphInline(EvidenceOverrideReadOnlyMixin, admin.StackedInline):
    model = SummaryParagraph
    extra = 1
    fields = ["position", "text", "evidence_override"]


class StoryArticleInline(admin.TabularInline):
    model = Article
    fields = ["headline", "outlet", "published_at", "url"]
    readonly_fields = ["headline", "outlet", "published_at", "url"]
    extra = 0
    show_change_link = True
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


class CorrectionInline(admin.StackedInline):
    model = Correction
    extra = 0
    fields = ["kind", "published_at", "text"]
    can_delete = False  # a correction stays on the record


class _AutocompleteChoiceForm(forms.Form):
    """A one-field form choosing a row with the admin's autocomplete widget.

    ``relation`` is the model field whose admin search serves the autocomplete."""

    relation: models.Field

    def __init__(self, *args, admin_site, **kwargs):
        super().__init__(*args, **kwargs)
        (field,) = self.fields.values()
        field.widget = AutocompleteSelect(self.relation, admin_site)
        field.widget.choices = field.iterator(field)


class ChooseStoryForm(_AutocompleteChoiceForm):
    relation = Article._meta.get_field("story")
    story = forms.ModelChoiceField(queryset=Story.objects.exclude(status=Story.Status.ARCHIVED))


class ChooseSpeakerForm(_AutocompleteChoiceForm):
    relation = Quote._meta.get_field("speaker")
    speaker = forms.ModelChoiceField(queryset=Speaker.objects.all())


class NewStoryForm(forms.Form):
    headline = forms.CharField(
        max_length=300, required=False, help_text="Empty: the earliest article's headline."
    )


class MergeForm(forms.Form):
    target = forms.ModelChoiceField(
        queryset=Story.objects.none(),
        label="Keep this story",
        help_text="The other stories move into it and are archived.",
    )


def _choose(modeladmin, request, queryset, *, form, action, title, intro, submit_label):
    context = {
        **modeladmin.admin_site.each_context(request),
        "opts": modeladmin.model._meta,
        "title": title,
        "intro": intro,
        "submit_label": submit_label,
        "queryset": queryset,
        "form": form,
        "media": modeladmin.media + form.media,
        "action": action,
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
    }
    return TemplateResponse(request, "admin/articles/choose_story.html", context)


@admin.register(Story)
class StoryAdmin(StoryWorkflowAdminMixin, SimpleHistoryAdmin):
    list_display = ["headline", "status", "published_at", "embargo_until", "article_count"]
    list_filter = ["status", "topics", "published_at"]
    search_fields = ["headline", "dek", "slug"]
    prepopulated_fields = {"slug": ["headline"]}
    date_hierarchy = "published_at"
    filter_horizontal = ["topics"]
    readonly_fields = ["created_at", "updated_at", "created_by", "updated_by", "editor_checks"]
    fieldsets = [
        (None, {"fields": ["headline", "slug", "dek", "topics"]}),
        ("Publishing", {"fields": ["status", "published_at", "embargo_until"]}),
        ("Sources and checks", {"fields": ["editor_checks"]}),
        ("Record", {"fields": readonly_fields[:4], "classes": ["collapse"]}),
    ]
    inlines = [KeyPointInline, SummaryParagraphInline, StoryArticleInline, CorrectionInline]
    actions = [*StoryWorkflowAdminMixin.actions, "merge_stories", "find_evidence"]

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
            story_merge(target=target, others=others, user=request.user)
            self.message_user(
                request, f"Merged {len(others)} stories into “{target}”.", messages.SUCCESS
            )
            return None
        return _choose(
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


class QuoteAppearanceInline(admin.TabularInline):
    model = QuoteAppearance
    fk_name = "article"
    extra = 0
    fields = ["quote", "text", "cue", "speaker_mention", "match", "review_state"]
    readonly_fields = ["text", "cue", "speaker_mention", "match"]
    autocomplete_fields = ["quote"]

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if not request.user.has_perm("articles.review_quoteappearance"):
            fields.append("review_state")
        return fields


class ArticlePersonInline(admin.TabularInline):
    model = ArticlePerson
    extra = 0
    autocomplete_fields = ["speaker"]
    fields = ["speaker", "role"]


class FigureInline(admin.TabularInline):
    model = Figure
    extra = 0
    fields = ["text", "value", "unit", "per", "period", "qualifier", "kind"]


@admin.register(Article)
class ArticleAdmin(SimpleHistoryAdmin):
    list_display = ["headline", "outlet", "story", "published_at", "language", "is_translation"]
    list_filter = ["outlet", "language", "is_translation", ("story", admin.EmptyFieldListFilter)]
    search_fields = ["headline", "url", "byline", "outlet__name"]
    autocomplete_fields = ["outlet", "story"]
    date_hierarchy = "published_at"
    list_select_related = ["outlet", "story"]
    readonly_fields = ["content_hash", "created_at", "updated_at", "read_at", "created_by"]
    fieldsets = [
        (None, {"fields": ["outlet", "headline", "url", "byline", "published_at", "story"]}),
        ("Language", {"fields": ["language", "is_translation", "original_language"]}),
        ("Text", {"fields": ["body"]}),
        ("Record", {"fields": ["source", *readonly_fields], "classes": ["collapse"]}),
    ]
    inlines = [QuoteAppearanceInline, ArticlePersonInline, FigureInline]
    actions = ["move_to_story", "split_off", read_articles_again]

    def save_model(self, request, obj, form, change):
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        if not change:
            # A new article typed in by hand is read like an imported one: its quotes arrive
            # as suggestions, and it joins (or starts) the story about its event.
            article = form.instance
            article_read(article=article)
            place_article(article, user=request.user)

    def get_urls(self):
        urls = [
            path(
                "import/",
                self.admin_site.admin_view(lambda request: import_view(self, request)),
                name="articles_article_import",
            )
        ]
        return urls + super().get_urls()

    def save_formset(self, request, form, formset, change):
        stamp_inline_reviews(request, formset)
        super().save_formset(request, form, formset, change)

    def has_merge_permission(self, request):
        return request.user.has_perm("articles.merge_story")

    @admin.action(description="Move selected articles to a story…", permissions=["merge"])
    def move_to_story(self, request, queryset):
        data = request.POST if request.POST.get("confirm") else None
        form = ChooseStoryForm(data, admin_site=self.admin_site)
        if form.is_valid():
            target = form.cleaned_data["story"]
            moved = articles_move(articles=queryset, target=target, user=request.user)
            self.message_user(request, f"Moved {moved} articles to “{target}”.", messages.SUCCESS)
            return None
        return _choose(
            self,
            request,
            queryset,
            form=form,
            action="move_to_story",
            title="Move articles to a story",
            intro="These articles, with their quotes, will move to the story you choose.",
            submit_label="Move",
        )

    @admin.action(description="Split selected articles into a new story…", permissions=["merge"])
    def split_off(self, request, queryset):
        stories = set(queryset.values_list("story", flat=True))
        if len(stories) != 1 or None in stories:
            self.message_user(request, "Choose articles of one story to split off.", messages.ERROR)
            return None
        form = NewStoryForm(request.POST if request.POST.get("confirm") else None)
        if form.is_valid():
            story = Story.objects.get(pk=stories.pop())
            try:
                new = story_split(
                    story=story,
                    articles=queryset,
                    headline=form.cleaned_data["headline"],
                    user=request.user,
                )
            except ConnectError as error:
                self.message_user(request, str(error), messages.ERROR)
                return None
            self.message_user(
                request, f"Split {queryset.count()} articles into “{new}”.", messages.SUCCESS
            )
            return None
        return _choose(
            self,
            request,
            queryset,
            form=form,
            action="split_off",
            title="Split articles into a new story",
            intro="These articles will leave their story and start a new draft story.",
            submit_label="Split",
        )


class AppearanceOfQuoteInline(admin.TabularInline):
    model = QuoteAppearance
    fk_name = "quote"
    extra = 0
    fields = ["article", "text", "cue", "match", "match_score", "review_state"]
    readonly_fields = ["text", "cue", "match", "match_score"]
    autocomplete_fields = ["article"]


@admin.register(Quote)
class QuoteAdmin(SimpleHistoryAdmin):
    list_display = ["short_text", "speaker", "story", "appearance_count"]
    list_filter = [("speaker", admin.EmptyFieldListFilter)]
    search_fields = ["text", "speaker__name", "story__headline"]
    autocomplete_fields = ["speaker", "story"]
    list_select_related = ["speaker", "story"]
    readonly_fields = ["wordings"]
    inlines = [AppearanceOfQuoteInline]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_appearances=Count("appearances"))

    @admin.display(description="wordings across outlets")
    def wordings(self, obj):
        """Each outlet's wording, with its word-level difference from the first outlet's."""
        if obj is None or obj.pk is None:
            return "—"
        by_article: dict[int, list[QuoteAppearance]] = {}
        for appearance in obj.appearances.select_related("article__outlet").order_by("start"):
            by_article.setdefault(appearance.article_id, []).append(appearance)
        if not by_article:
            return "—"
        groups = sorted(
            by_article.values(),
            key=lambda g: (g[0].match != QuoteAppearance.Match.ORIGINAL, g[0].article_id),
        )
        original = " ".join(a.text for a in groups[0])
        rows = []
        for group in groups:
            wording = " ".join(a.text for a in group)
            diff = format_html_join(
                "",
                "{}",
                (
                    (format_html("<{}>{}</{}>", s.tag, s.text, s.tag) if s.tag else s.text,)
                    for s in diff_segments(original, wording)
                ),
            )
            rows.append((group[0].article.outlet.name, group[0].get_match_display(), diff))
        return format_html(
            "<table class='quote-wordings'><thead><tr><th>Outlet</th><th>Kind</th>"
            "<th>Wording (<del>removed</del> / <ins>added</ins> against the first)</th>"
            "</tr></thead><tbody>{}</tbody></table>",
            format_html_join("", "<tr><td>{}</td><td>{}</td><td>{}</td></tr>", rows),
        )

    @admin.display(description="quote")
    def short_text(self, obj):
        return obj.text if len(obj.text) <= 90 else obj.text[:87] + "…"

    @admin.display(description="appearances", ordering="_appearances")
    def appearance_count(self, obj):
        return obj._appearances


@admin.register(QuoteAppearance)
class QuoteAppearanceAdmin(SimpleHistoryAdmin):
    """The review queue: each finding with its evidence; approve, reject or fix the speaker,
    one by one or in bulk. Findings come from the engine, so there is no add form here."""

    form = QuoteAppearanceReviewForm
    list_display = ["text", "speaker_name", "article", "cue", "match", "review_state"]
    list_filter = ["review_state", "match", "article__outlet"]
    search_fields = ["text", "speaker_mention", "quote__speaker__name", "article__headline"]
    list_select_related = ["quote__speaker", "article__outlet"]
    actions = [approve_appearances, reject_appearances, unreview_appearances, "set_speaker"]
    readonly_fields = [
        "evidence",
        "text",
        "article",
        "quote",
        "cue",
        "speaker_mention",
        "continues",
        "match",
        "match_score",
        "reviewed_by",
        "reviewed_at",
        "created_at",
    ]
    fieldsets = [
        ("Review", {"fields": ["evidence", "speaker", "review_state"]}),
        (
            "Finding",
            {"fields": ["text", "article", "quote", "cue", "speaker_mention", "continues"]},
        ),
        (
            "Record",
            {"fields": ["match", "match_score", "reviewed_by", "reviewed_at", "created_at"]},
        ),
    ]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("quote__speaker", "article__outlet")

    def has_add_permission(self, request):
        return False

    def has_review_permission(self, request):
        return request.user.has_perm("articles.review_quoteappearance")

    @admin.action(description="Set the speaker of selected quotes…", permissions=["change"])
    def set_speaker(self, request, queryset):
        data = request.POST if request.POST.get("confirm") else None
        form = ChooseSpeakerForm(data, admin_site=self.admin_site)
        if form.is_valid():
            speaker = form.cleaned_data["speaker"]
            for appearance in queryset.select_related("quote"):
                quote_appearance_set_speaker(
                    appearance=appearance, speaker=speaker, user=request.user
                )
            self.message_user(
                request,
                f"{queryset.count()} quote(s) now attributed to {speaker.name}.",
                messages.SUCCESS,
            )
            return None
        return _choose(
            self,
            request,
            queryset,
            form=form,
            action="set_speaker",
            title="Set the speaker",
            intro="These quotes will be attributed to the speaker you choose, in every outlet "
            "that carried them.",
            submit_label="Set speaker",
        )

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if not self.has_review_permission(request):
            fields.append("review_state")  # reporters see the state; editors rule on it
        return fields

    @admin.display(description="speaker", ordering="quote__speaker__name")
    def speaker_name(self, obj):
        return obj.quote.speaker.name if obj.quote.speaker_id else "—"

    @admin.display(description="evidence")
    def evidence(self, obj):
        return evidence_html(
            obj.article.body, obj.start, obj.end, mention=obj.speaker_mention, cue=obj.cue
        )

    def save_model(self, request, obj, form, change):
        # The state and speaker go through the review services, which stamp the editor.
        save_review(request, obj, form)


class AttributionInline(admin.TabularInline):
    model = Attribution
    extra = 0
    fields = ["outlet", "article", "passage", "score", "origin", "review_state", "position"]
    autocomplete_fields = ["outlet", "article"]


@admin.register(KeyPoint)
class KeyPointAdmin(EvidenceOverrideReadOnlyMixin, SimpleHistoryAdmin):
    list_display = ["text", "story", "position", "evidence_override"]
    list_filter = [EvidenceFilter, "evidence_override"]
    search_fields = ["text", "story__headline"]
    autocomplete_fields = ["story"]
    list_select_related = ["story"]
    inlines = [AttributionInline]


@admin.register(SummaryParagraph)
class SummaryParagraphAdmin(EvidenceOverrideReadOnlyMixin, SimpleHistoryAdmin):
    list_display = ["__str__", "story", "position"]
    search_fields = ["text", "story__headline"]
    autocomplete_fields = ["story"]
    list_select_related = ["story"]
    inlines = [AttributionInline]


@admin.register(Attribution)
class AttributionAdmin(SimpleHistoryAdmin):
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
    actions = ["approve_evidence", "reject_evidence"]

    @admin.action(description="Approve selected evidence", permissions=["change"])
    def approve_evidence(self, request, queryset):
        self._review(request, queryset, ReviewState.APPROVED, "Approved")

    @admin.action(description="Reject selected evidence", permissions=["change"])
    def reject_evidence(self, request, queryset):
        self._review(request, queryset, ReviewState.REJECTED, "Rejected")

    def _review(self, request, queryset, state, verb):
        count = 0
        for attribution in queryset:  # row by row, so the history records each decision
            attribution.review_state = state
            attribution.save(update_fields=["review_state"])
            count += 1
        self.message_user(request, f"{verb} {count} evidence link(s).", messages.SUCCESS)


@admin.register(Figure)
class FigureAdmin(admin.ModelAdmin):
    list_display = ["text", "value", "unit", "per", "kind", "article"]
    list_filter = ["kind", "unit"]
    search_fields = ["text", "unit", "article__headline"]
    autocomplete_fields = ["article"]
    list_select_related = ["article__outlet"]


@admin.register(ArticlePerson)
class ArticlePersonAdmin(admin.ModelAdmin):
    list_display = ["speaker", "role", "article"]
    search_fields = ["speaker__name", "role", "article__headline"]
    autocomplete_fields = ["speaker", "article"]
    list_select_related = ["speaker", "article__outlet"]


@admin.register(Correction)
class CorrectionAdmin(SimpleHistoryAdmin):
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
class AuditEntryAdmin(admin.ModelAdmin):
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

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
