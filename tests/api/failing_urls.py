"""URLs for a test: plain Django views that fail, under /api/ and elsewhere."""

from django.urls import path


def boom(request):
    raise RuntimeError("a plain view failed")


urlpatterns = [path("api/boom/", boom), path("boom/", boom)]
handler500 = "newsroom.errors.server_error"
