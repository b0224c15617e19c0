"""The article admin: reading an article again, moving it between stories."""

from django.contrib import admin, messages
from django.urls import path
from django.utils.html import format_html
from simple_history.admin import SimpleHistoryAdmin

from articles.admin.forms import ChooseStoryForm, NewStoryForm, choose_in_form
from articles.admin.imports import import_view
from articles.admin.live import StoryContentAdminMixin, StoryContentInlineMixin
from articles.admin.review import read_articles_again, stamp_inline_reviews
from articles.admin.search import ArticleSearchMixin
from articles.editorial.review import REVIEW_PERMISSION, articles_accept
from articles.ingest.images import image_refetch
from articles.ingest.reading import article_body_changed, article_read
from articles.models import (
    Article,
    ArticleImage,
    ArticlePerson,
    Figure,
    QuoteAppearance,
    ReviewState,
    Story,
)
from articles.stories.evidence import story_find_evidence
from articles.stories.joining import quotes_connect
from articles.stories.placement import article_place
from articles.stories.restructure import ConnectError, articles_move, story_split
from sources.admin import LabelledInlineFormSet
from sources.versioning import VersionedAdminMixin, VersionedInlineMixin


class QuoteAppearanceInline(StoryContentInlineMixin, VersionedInlineMixin, admin.TabularInline):
    formset = LabelledInlineFormSet
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


class ArticlePersonInline(StoryContentInlineMixin, admin.TabularInline):
    formset = LabelledInlineFormSet
    model = ArticlePerson
    extra = 0
    autocomplete_fields = ["speaker"]
    fields = ["speaker", "role"]


class FigureInline(StoryContentInlineMixin, admin.TabularInline):
    formset = LabelledInlineFormSet
    model = Figure
    extra = 0
    fields = ["text", "value", "unit", "per", "period", "qualifier", "kind", "year", "event"]


class ArticleImageInline(admin.StackedInline):
    """The lead image: editors write its alt text and credit; the fetch fills the rest."""

    model = ArticleImage
    extra = 0
    max_num = 1
    fields = ["preview", "alt", "credit", "source_url", "state", "error", "fetched_at"]
    readonly_fields = ["preview", "source_url", "state", "error", "fetched_at"]

    @admin.display(description="image")
    def preview(self, obj):
        if obj is None or obj.state != ArticleImage.State.READY or not obj.file:
            return "-"
        return format_html('<img src="{}" alt="" width="240">', obj.file.url)


@admin.register(Article)
class ArticleAdmin(
    ArticleSearchMixin, StoryContentAdminMixin, VersionedAdminMixin, SimpleHistoryAdmin
):
    list_display = ["headline", "outlet", "story", "published_at", "review_state", "language"]
    list_filter = [
        "review_state",
        "outlet",
        "language",
        "is_translation",
        ("story", admin.EmptyFieldListFilter),
    ]
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
    inlines = [ArticleImageInline, QuoteAppearanceInline, ArticlePersonInline, FigureInline]
    actions = [
        "accept_into_story",
        "move_to_story",
        "split_off",
        read_articles_again,
        "fetch_images_again",
    ]

    def save_model(self, request, obj, form, change):
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        article = form.instance
        if change and "body" in form.changed_data:
            # What was found in the old text must not outlive it (``article_body_changed``).
            result = article_body_changed(article=article, before=form.initial.get("body", ""))
            quotes_connect(article=article)
            if article.story_id:
                story_find_evidence(story=article.story)
            self.message_user(
                request,
                f"The text changed, so it was read again: {result.added} new suggestion(s) "
                f"to review, {result.removed} finding(s) no longer in the text removed, "
                f"{result.kept} decision(s) kept for words still there.",
                messages.INFO,
            )
        if not change:
            # A new article typed in by hand is read like an imported one: its quotes arrive
            # as suggestions, and it joins (or starts) the story about its event.
            article = form.instance
            article_read(article=article)
            article_place(article=article, user=request.user)
            quotes_connect(article=article)

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

    def has_review_permission(self, request):
        return request.user.has_perm(REVIEW_PERMISSION)

    @admin.action(description="Fetch their images again", permissions=["change"])
    def fetch_images_again(self, request, queryset):
        n = image_refetch(article_ids=queryset.values_list("pk", flat=True))
        self.message_user(request, f"Fetching {n} images again.", messages.SUCCESS)

    @admin.action(description="Accept selected into their stories", permissions=["review"])
    def accept_into_story(self, request, queryset):
        live = queryset.filter(
            review_state=ReviewState.SUGGESTED, story__in=Story.objects.published()
        ).count()
        accepted = articles_accept(articles=queryset, user=request.user)
        waiting = queryset.count() - accepted
        said = f"Accepted {accepted} article(s)"
        if live:
            said += f": readers see {live} of them, with their approved quotes, from now on"
        if accepted > live:
            said += (
                f"{';' if live else ':'} {accepted - live} in stories not published yet, "
                "which readers see once they are"
            )
        self.message_user(
            request,
            said + "." + (f" {waiting} were not waiting." if waiting else ""),
            messages.SUCCESS,
        )

    @admin.action(description="Move selected articles to a story…", permissions=["merge"])
    def move_to_story(self, request, queryset):
        data = request.POST if request.POST.get("confirm") else None
        form = ChooseStoryForm(data, admin_site=self.admin_site)
        if form.is_valid():
            target = form.cleaned_data["story"]
            moved = articles_move(articles=queryset, target=target, user=request.user)
            self.message_user(request, f"Moved {moved} articles to “{target}”.", messages.SUCCESS)
            return None
        return choose_in_form(
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
        return choose_in_form(
            self,
            request,
            queryset,
            form=form,
            action="split_off",
            title="Split articles into a new story",
            intro="These articles will leave their story and start a new draft story.",
            submit_label="Split",
        )
