"""Root URLs: public pages, the editors' admin, and the REST API."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("newsroom.api_urls")),
    path("", include("sources.urls")),
    path("", include("articles.urls")),
]
