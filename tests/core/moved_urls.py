"""The public pages under another prefix, for the address tests."""

from django.urls import include, path

urlpatterns = [path("news/", include("newsroom.urls"))]
