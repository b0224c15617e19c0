"""Root URLs: health checks, public pages, feeds, the sitemap, the editors' admin, and the
REST API."""

from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path

from articles.public.cache import cached_page
from articles.public.sitemaps import SITEMAPS
from ops.health import healthz, readyz

admin.site.site_header = "Newsroom"
admin.site.site_title = "Newsroom admin"
admin.site.index_title = "Editorial desk"

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("readyz", readyz, name="readyz"),
    path("admin/", admin.site.urls),
    path("api/", include("articles.api.urls")),
    path("sitemap.xml", cached_page(sitemap), {"sitemaps": SITEMAPS}, name="sitemap"),
    path("", include("articles.public.urls")),
]

handler400 = "newsroom.errors.bad_request"
handler500 = "newsroom.errors.server_error"
