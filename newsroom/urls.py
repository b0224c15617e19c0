"""Root URLs: health checks, public pages, feeds, the sitemap, the editors' admin, and the
REST API."""

from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path

from articles.public.cache import cached_page
from articles.public.sitemaps import SITEMAPS
from articles.public.views import image_file
from ops.health import healthz, readyz

admin.site.site_header = "Newsroom"
admin.site.site_title = "Newsroom admin"
admin.site.index_title = "Editorial desk"

urlpatterns = [
    # The public pages first: they are most of the traffic, and Django tries the patterns in
    # order. None of them starts with another entry's prefix (admin/, api/, media/, ...).
    path("", include("articles.public.urls")),
    path("healthz", healthz, name="healthz"),
    path("readyz", readyz, name="readyz"),
    path("admin/", admin.site.urls),
    path("api/", include("articles.api.urls")),
    path("sitemap.xml", cached_page(sitemap), {"sitemaps": SITEMAPS}, name="sitemap"),
    # Article images from our own storage (not cached in the page cache: files, not pages).
    path("media/<path:name>", image_file, name="image-file"),
]

handler400 = "newsroom.errors.bad_request"
handler500 = "newsroom.errors.server_error"
