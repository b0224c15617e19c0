"""Quotes and their wordings in the admin: compare wordings, fix speakers."""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.utils.html import format_html, format_html_join
from simple_history.admin import SimpleHistoryAdmin

from articles.admin.forms import ChooseSpeakerForm, choose_in_form
from articles.admin.live import StoryContentAdminMixin, StoryContentInlineMixin
from articles.admin.review import (
    QuoteAppearanceReviewForm,
    approve_appearances,
    evidence_html,
    reject_appearances,
    save_review,
    unreview_appearances,
)
from articles.admin.search import IndexedSearchMixin
from articles.editorial.review import quote_appearances_set_speaker
from articles.engine.diff import diff_segments
from articles.models import Quote, QuoteAppearance, ReviewState, Story
from sources.admin import LabelledInlineFormSet
from sources.versioning import VersionedAdminMixin, VersionedInlineMixin


class AppearanceOfQuoteInline(StoryContentInlineMixin, VersionedInlineMixin, admin.TabularInline):
    formset = LabelledInlineFormSet
    model = QuoteAppearance
    fk_name = "quote"
    extra = 0
    fields = ["article", "text", "cue", "match", "match_score", "review_state"]
    readonly_fields = ["text", "cue", "match", "match_score"]
    autocomplete_fields = ["article"]


@admin.register(Quote)
class QuoteAdmin(
    IndexedSearchMixin, StoryContentAdminMixin, VersionedAdminMixin, SimpleHistoryAdmin
):
    list_display = ["short_text", "speaker", "story", "appearance_count"]
    list_filter = [("speaker", admin.EmptyFieldListFilter)]
    search_fields = ["text", "speaker__name", "story__headline"]
    search_document = "quote"
    search_related = (("wording", "quote_id"),)
    search_via = (
        ("speaker", "speaker_id", "id"),
        ("speakeralias", "speaker_id", "speaker_id"),
        ("story", "story_id", "id"),
    )
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


class StoryWaitingFilter(admin.SimpleListFilter):
    """The story a finding appeared in: the stories with findings of this kind still to check
    (the review queue, newest first), and whichever story is chosen (``?story=<id>``).
    ``waiting`` is the path from a story to the findings' review state."""

    title = "story (quotes to check)"
    parameter_name = "story"
    waiting = "articles__appearances__review_state"
    shown = 30

    def lookups(self, request, model_admin):
        waiting = (
            Story.objects.filter(**{self.waiting: ReviewState.SUGGESTED})
            .distinct()
            .order_by("-updated_at")
            .values_list("pk", "headline")[: self.shown]
        )
        choices = [(str(pk), headline) for pk, headline in waiting]
        chosen = self.value()
        if chosen and chosen.isdigit() and chosen not in {pk for pk, _ in choices}:
            story = Story.objects.filter(pk=chosen).values_list("pk", "headline").first()
            if story:
                choices.insert(0, (str(story[0]), story[1]))
        return choices

    def queryset(self, request, queryset):
        value = self.value()
        if value and value.isdigit():
            return queryset.filter(article__story_id=int(value))
        return queryset


class StoryFiguresWaitingFilter(StoryWaitingFilter):
    title = "story (figures to check)"
    waiting = "articles__figures__review_state"


class StoryPeopleWaitingFilter(StoryWaitingFilter):
    title = "story (people to check)"
    waiting = "articles__people__review_state"


@admin.register(QuoteAppearance)
class QuoteAppearanceAdmin(
    IndexedSearchMixin, StoryContentAdminMixin, VersionedAdminMixin, SimpleHistoryAdmin
):
    """The review queue: each finding with its evidence; approve, reject or fix the speaker,
    one by one or in bulk. Findings come from the engine, so there is no add form here."""

    form = QuoteAppearanceReviewForm
    story_path = ("quote", "story")
    list_display = ["text", "speaker_name", "article", "cue", "match", "review_state"]
    list_filter = ["review_state", StoryWaitingFilter, "match", "article__outlet"]
    search_fields = ["text", "speaker_mention", "quote__speaker__name", "article__headline"]
    search_document = "wording"
    search_via = (
        ("speaker", "quote__speaker_id", "id"),
        ("speakeralias", "quote__speaker_id", "speaker_id"),
        # What ``search_fields`` promise: the article's headline (and its text), the story's
        ("article", "article_id", "id"),
        ("story", "quote__story_id", "id"),
    )
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
            try:
                quote_appearances_set_speaker(
                    appearances=queryset, speaker=speaker, user=request.user
                )
            except PermissionDenied as refusal:
                self.message_user(request, str(refusal), messages.ERROR)  # nothing changed
                return None
            self.message_user(
                request,
                f"{queryset.count()} quote(s) now attributed to {speaker.name}.",
                messages.SUCCESS,
            )
            return None
        return choose_in_form(
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
