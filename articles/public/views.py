"""Public pages for stories, articles and corrections.

Views are thin: each asks a selector for its rows. Only published stories are public; staff may
preview any story or article, with a banner saying it is not published.
"""

from django.views.generic import DetailView, ListView

from articles.core.visibility import (
    visible_articles,
    visible_outlets,
    visible_speakers,
    visible_stories,
)
from articles.public.jsonld import story_jsonld
from articles.public.pages.article import highlighted_body, parse_passage
from articles.public.pages.lists import (
    attach_outlets,
    outlet_page,
    public_corrections,
    speaker_page,
    story_list,
)
from articles.public.pages.story import story_page


class HomeView(ListView):
    """The latest published stories, newest first."""

    context_object_name = "stories"
    paginate_by = 20
    template_name = "articles/story_list.html"

    def get_queryset(self):
        return story_list()

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        stories = attach_outlets(list(context["object_list"]))
        context.update(object_list=stories, stories=stories)
        return context


class StoryDetailView(DetailView):
    context_object_name = "story"

    def get_queryset(self):
        return visible_stories(self.request.user)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["page"] = page = story_page(self.object)
        # The quotes the page shows, cited as the page shows them: worked out once.
        shown = [view for group in page.speaker_quotes for view in group.shown]
        context["jsonld"] = story_jsonld(self.object, request=self.request, quote_views=shown)
        context["is_preview"] = not self.object.is_live
        return context


class ArticleDetailView(DetailView):
    context_object_name = "article"

    def get_queryset(self):
        return visible_articles(self.request.user)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        # A story page's evidence links here with ?passage=start-end to show the passage.
        passage = parse_passage(self.request.GET.get("passage"), self.object.body)
        context["paragraphs"] = highlighted_body(self.object, passage=passage)
        context["passage"] = passage
        context["is_preview"] = not self.object.is_live
        return context


class CorrectionListView(ListView):
    """Every correction, clarification and update to a published story."""

    context_object_name = "corrections"
    paginate_by = 50

    def get_queryset(self):
        return public_corrections()


class OutletDetailView(DetailView):
    context_object_name = "outlet"

    def get_queryset(self):
        # An outlet that appears only in unpublished work has no public page yet.
        return visible_outlets(self.request.user)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(outlet_page(self.object))
        return context


class SpeakerDetailView(DetailView):
    context_object_name = "speaker"

    def get_queryset(self):
        # Someone named only in unpublished work has no public page yet.
        return visible_speakers(self.request.user)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(speaker_page(self.object))
        return context
