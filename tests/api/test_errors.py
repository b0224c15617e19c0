"""Every answer under /api/ is JSON in DRF's shapes, whatever goes wrong: hostile bodies,
forged cursors, NUL characters, and the server's own failures."""

from __future__ import annotations

import base64
import json

import pytest
from rest_framework.test import APIClient

from articles.api.stories import StoryViewSet
from articles.models import Article

pytestmark = pytest.mark.django_db


def forged_cursor(values) -> str:
    return base64.urlsafe_b64encode(json.dumps({"p": values, "r": 0}).encode()).decode()


def test_json_nested_too_deeply_is_a_400_with_a_message(reporter):
    body = "[" * 50_000 + "]" * 50_000
    response = reporter.post("/api/v1/articles/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json() == {"detail": "JSON nested too deeply: at most 32 levels."}
    # Ordinary nesting is fine: an article with a few nested lists still imports.
    moderate = json.dumps({"outlet": "The Example Gazette", "body": "x", "extra": [[[[1]]]]})
    response = reporter.post("/api/v1/articles/", moderate, content_type="application/json")
    assert response.status_code == 201


def test_a_body_over_the_limit_is_a_413_with_the_limit(reporter, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = json.dumps({"outlet": "The Example Gazette", "body": "x" * 5000})
    response = reporter.post("/api/v1/articles/", body, content_type="application/json")
    assert response.status_code == 413
    assert response.json() == {"detail": "Request body too large: the limit is 1000 bytes."}
    assert not Article.objects.exists()


@pytest.mark.parametrize("resource", ["outlets", "speakers", "stories", "quotes", "articles"])
@pytest.mark.parametrize(
    "values", [["a\x00b", 1], ["\x07", 2], [None, None], ["x"], "nope", [[1], {}]]
)
def test_forged_cursors_are_a_400_never_a_500(anon, resource, values):
    response = anon.get(f"/api/v1/{resource}/", {"cursor": forged_cursor(values)})
    assert response.status_code == 400
    assert response.json() == {"cursor": ["Invalid cursor."]}


def test_nul_in_a_query_string_is_a_json_400(anon):
    response = anon.get("/api/v1/outlets/?country=%00")
    assert response.status_code == 400
    assert response.json() == {"country": ["Null characters are not allowed."]}


def test_nul_in_an_admin_search_is_a_400_not_a_500(admin_client):
    for url in ("/admin/articles/article/?q=%00", "/admin/sources/outlet/?q=a%00b"):
        response = admin_client.get(url)
        assert response.status_code == 400
        assert b"Null characters" in response.content


def test_a_failing_view_answers_json_500(anon, monkeypatch):
    def explode(self, request, *args, **kwargs):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(StoryViewSet, "list", explode)
    client = APIClient(raise_request_exception=False)
    response = client.get("/api/v1/stories/")
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert response.json()["detail"].startswith("Server error")
    assert "disk" not in response.content.decode()  # nothing internal leaks


def test_an_error_outside_the_views_is_json_under_the_api_and_a_page_elsewhere(settings):
    settings.ROOT_URLCONF = "tests.api.failing_urls"
    client = APIClient(raise_request_exception=False)
    api = client.get("/api/boom/")
    assert api.status_code == 500 and api.json()["detail"].startswith("Server error")
    page = client.get("/boom/")
    assert page.status_code == 500 and page["Content-Type"].startswith("text/html")


def test_the_schema_states_the_batch_limits_and_the_413(anon):
    schema = anon.get("/api/schema/?format=json").json()
    batch = schema["components"]["schemas"]["ArticleSubmissionOrBatchRequest"]["oneOf"][1]
    assert (batch["minItems"], batch["maxItems"]) == (1, 100)
    post = schema["paths"]["/api/v1/articles/"]["post"]["responses"]
    assert {"202", "400", "413"} <= set(post)
    assert "/api/v1/jobs/{id}/" in schema["paths"]
