"""The REST API: resources under ``v1/`` on one router, the OpenAPI schema and its docs."""

from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from articles.api.articles import ArticleViewSet
from articles.api.base import Router, not_found
from articles.api.jobs import JobViewSet
from articles.api.quotes import QuoteViewSet
from articles.api.sources import OutletViewSet, SpeakerViewSet
from articles.api.stories import StoryViewSet
from articles.api.storylines import StorylineViewSet

app_name = "api"


class SwaggerView(SpectacularSwaggerSplitView):
    """Swagger UI from the sidecar's local files, started by a script served from this URL
    (``?script``) rather than an inline one, so the site's CSP (``script-src 'self'``) holds."""

    template_name = "api/swagger_ui.html"


router = Router()
router.register("stories", StoryViewSet, basename="story")
router.register("articles", ArticleViewSet, basename="article")
router.register("quotes", QuoteViewSet, basename="quote")
router.register("speakers", SpeakerViewSet, basename="speaker")
router.register("outlets", OutletViewSet, basename="outlet")
router.register("storylines", StorylineViewSet, basename="storyline")
router.register("jobs", JobViewSet, basename="job")

urlpatterns = [
    path("v1/", include(router.urls)),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SwaggerView.as_view(url_name="api:schema"), name="docs"),
    # Anything else under /api/ is a JSON 404, not the site's HTML page.
    re_path(r"^[\s\S]*$", not_found),
]
