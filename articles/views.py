"""Public pages for stories and articles. Placeholder views until the page work lands."""

from django.views.generic import DetailView, ListView

from articles.models import Article, Story


class HomeView(ListView):
    template_name = "articles/home.html"
    context_object_name = "stories"

    def get_queryset(self):
        return Story.objects.published()[:20]


class StoryDetailView(DetailView):
    def get_queryset(self):
        return Story.objects.visible_to(self.request.user)


class ArticleDetailView(DetailView):
    def get_queryset(self):
        return Article.objects.public()
