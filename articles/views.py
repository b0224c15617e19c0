"""Public pages for stories, articles and corrections.

Views are thin: each asks a selector for its rows. Only published stories are public; staff may
preview any story or article, with a banner saying it is not published.
"""

from django.views.generic import DetailView, ListView

from articles import selectors
from articles.jsonld import story_jsonld


class HomeView(ListView):
    """The latest published stories, newest first."""

    context_object_name = "stories"
    paginate_by = 20
    template_name = "articles/story_list.html"

    def get_queryset(self):
        return selectors.story_list()

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        stories = selectors.attach_outlets(list(context["object_list"]))
        context.update(object_list=stories, stories=stories)
        return context


class StoryDetailView(DetailView):
    context_object_name = "story"

    def get_queryset(self):
        return selectors.visible_stories(self.request.user)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["page"] = selectors.story_page(self.object)
        context["jsonld"] = story_jsonld(self.object, request=self.request)
        context["is_preview"] = not self.object.is_live
        return context


class ArticleDetailView(DetailView):
    context_object_name = "article"

    def get_queryset(self):
        return selectors.visible_articles(self.request.user)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        # A story page's evidence links here with ?passage=start-end to show the passage.
        passage = selectors.parse_passage(self.request.GET.get("passage"), self.object.body)
        context["paragraphs"] = selectors.highlighted_body(self.object, passage=passage)
        context["passage"] = passage
        context["is_preview"] = not self.object.is_live
        return context


class CorrectionListView(ListView):
    """Every correction, clarification and update to a published story."""

    context_object_name = "corrections"
    paginate_by = 50

    def get_queryset(self):
        return selectors.public_corrections()
