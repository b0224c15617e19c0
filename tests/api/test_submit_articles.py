"""POST /api/v1/articles/: token-authenticated submission through the ingestion service."""

from __future__ import annotations

import pytest

from articles.models import Article

pytestmark = pytest.mark.django_db

ARTICLE = {
    "outlet": "The Example Gazette",
    "headline": "Council backs bridge plan",
    "url": "https://gazette.example/news/bridge",
    "published_at": "2026-03-01T09:00:00Z",
    "byline": "Alex Doe",
    "language": "en",
    "body": "“We have waited long enough,” Mayor Jane Roe said on Tuesday.",
}


def test_anonymous_submission_is_a_401(anon, fake_ingestion):
    response = anon.post("/api/v1/articles/", ARTICLE, format="json")
    assert response.status_code == 401
    assert fake_ingestion == []


def test_user_without_add_article_permission_is_a_403(reader, fake_ingestion):
    response = reader.post("/api/v1/articles/", ARTICLE, format="json")
    assert response.status_code == 403
    assert fake_ingestion == []


def test_reporter_submits_one_article_and_gets_the_report(reporter, reporter_user, fake_ingestion):
    response = reporter.post("/api/v1/articles/", ARTICLE, format="json")

    assert response.status_code == 201
    assert response.json() == {
        "items": [
            {
                "source": "api",
                "status": "created",
                "article": 1,
                "story": None,
                "quotes": 1,
                "error": None,
            }
        ],
        "created": 1,
        "duplicates": 0,
        "errors": 0,
    }
    [call] = fake_ingestion
    assert call["source"] == "api"
    assert call["user"] == reporter_user
    assert call["payloads"] == [{**ARTICLE, "published_at": "2026-03-01T09:00:00+00:00"}]


def test_only_outlet_and_body_are_required(reporter, fake_ingestion):
    response = reporter.post(
        "/api/v1/articles/", {"outlet": "The Example Gazette", "body": "Text."}, format="json"
    )
    assert response.status_code == 201
    assert fake_ingestion[0]["payloads"] == [{"outlet": "The Example Gazette", "body": "Text."}]


def test_a_batch_is_a_job_answered_at_once_with_202(reporter, fake_ingestion):
    batch = [ARTICLE, {**ARTICLE, "url": "https://gazette.example/news/other"}]
    response = reporter.post("/api/v1/articles/", batch, format="json")
    assert response.status_code == 202
    body = response.json()
    assert body["state"] == "queued"
    assert body["progress"] == {"done": 0, "total": 2, "percent": 0}
    assert response["Location"] == body["url"]
    assert body["url"].endswith(f"/api/v1/jobs/{body['id']}/")
    assert fake_ingestion == []  # nothing ran inside the request


def test_one_very_long_article_is_a_job_too(reporter, fake_ingestion, settings):
    """A single article is read inside the request only while it is short: a long one would
    hold the request and the database for as long as reading and storing it takes."""
    settings.NEWSROOM_INLINE_IMPORT_CHARS = 500
    long = {**ARTICLE, "body": ARTICLE["body"] + " The council met again." * 30}
    response = reporter.post("/api/v1/articles/", long, format="json")
    assert response.status_code == 202
    assert response.json()["progress"]["total"] == 1
    assert fake_ingestion == []
    short = reporter.post("/api/v1/articles/", ARTICLE, format="json")
    assert short.status_code == 201


def test_all_duplicates_is_a_200(reporter, fake_ingestion):
    old = {**ARTICLE, "url": "https://gazette.example/news/old"}
    response = reporter.post("/api/v1/articles/", old, format="json")
    assert response.status_code == 200
    assert response.json()["duplicates"] == 1


def test_missing_body_and_outlet_are_400_with_field_messages(reporter, fake_ingestion):
    response = reporter.post("/api/v1/articles/", {"headline": "No text"}, format="json")
    assert response.status_code == 400
    assert set(response.json()) == {"outlet", "body"}
    assert fake_ingestion == []


def test_invalid_article_in_a_batch_names_its_position(reporter, fake_ingestion):
    batch = [ARTICLE, {**ARTICLE, "url": "ftp://gazette.example/x", "published_at": "soon"}]
    response = reporter.post("/api/v1/articles/", batch, format="json")
    assert response.status_code == 400
    first, second = response.json()["items"]
    assert first == {}
    assert set(second) == {"url", "published_at"}
    assert fake_ingestion == []


@pytest.mark.parametrize(
    "url",
    [
        "https://bücher.example/nachrichten/brücke",  # an internationalised host name
        "https://www.news.gazette.example.co.uk/2026/03/bridge?page=2#top",
        "http://gazette.example:8080/bridge",
    ],
)
def test_web_addresses_news_sites_use_are_accepted(reporter, fake_ingestion, url):
    response = reporter.post("/api/v1/articles/", {**ARTICLE, "url": url}, format="json")
    assert response.status_code == 201, response.json()


@pytest.mark.parametrize(
    "url",
    [
        "http://localhost/bridge",
        "http://192.0.2.7/bridge",
        "https://" + "long-label." * 30 + "example/",  # a host name DNS cannot hold
        "https://gazette.example/bridge page",
        "javascript:alert(1)",
    ],
)
def test_addresses_no_article_can_have_are_400(reporter, fake_ingestion, url):
    response = reporter.post("/api/v1/articles/", {**ARTICLE, "url": url}, format="json")
    assert response.status_code == 400
    said = response.json()["url"]
    assert said and len(said) == len(set(said))  # each reason once
    assert fake_ingestion == []


def test_a_body_that_is_only_control_characters_is_blank(reporter, fake_ingestion):
    response = reporter.post(
        "/api/v1/articles/", {**ARTICLE, "body": "\u0002\u001b "}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {"body": ["This field may not be blank."]}


@pytest.mark.parametrize("payload", ["just text", 42, [], [1, 2], None])
def test_wrong_shapes_are_400_never_500(reporter, fake_ingestion, payload):
    response = reporter.post("/api/v1/articles/", payload, format="json")
    assert response.status_code == 400


def test_malformed_json_is_a_400(reporter, fake_ingestion):
    response = reporter.post("/api/v1/articles/", data="{not json", content_type="application/json")
    assert response.status_code == 400


def test_batches_over_100_are_refused(reporter, fake_ingestion):
    response = reporter.post("/api/v1/articles/", [ARTICLE] * 101, format="json")
    assert response.status_code == 400
    assert fake_ingestion == []


def test_submission_is_throttled_by_the_ingest_scope(reporter, fake_ingestion):
    from rest_framework.settings import api_settings
    from rest_framework.throttling import ScopedRateThrottle

    rates = {**api_settings.DEFAULT_THROTTLE_RATES, "ingest": "2/hour"}
    original = ScopedRateThrottle.THROTTLE_RATES
    ScopedRateThrottle.THROTTLE_RATES = rates
    try:
        codes = [
            reporter.post("/api/v1/articles/", ARTICLE, format="json").status_code for _ in range(3)
        ]
    finally:
        ScopedRateThrottle.THROTTLE_RATES = original
    assert codes == [201, 201, 429]


def test_reads_are_not_counted_against_the_ingest_scope(reporter, fake_ingestion):
    from rest_framework.throttling import ScopedRateThrottle

    original = ScopedRateThrottle.THROTTLE_RATES
    ScopedRateThrottle.THROTTLE_RATES = {**original, "ingest": "1/hour"}
    try:
        codes = [reporter.get("/api/v1/articles/").status_code for _ in range(3)]
    finally:
        ScopedRateThrottle.THROTTLE_RATES = original
    assert codes == [200, 200, 200]


def test_real_ingestion_creates_then_reports_a_duplicate(reporter):
    """End to end through the real service."""
    first = reporter.post("/api/v1/articles/", ARTICLE, format="json")
    assert first.status_code == 201, first.content
    [item] = first.json()["items"]
    assert item["status"] == "created"
    assert Article.objects.get(pk=item["article"]).outlet.name == "The Example Gazette"

    again = reporter.post("/api/v1/articles/", ARTICLE, format="json")
    assert again.status_code == 200
    assert again.json()["items"][0]["status"] == "duplicate"


def test_a_database_too_busy_to_write_is_a_503_with_retry_after(reporter, monkeypatch):
    """ "database is locked" (SQLite past its busy timeout while another write holds it) is
    the client's cue to try again, not a server error."""
    from django.db import OperationalError

    from articles.api import articles as api_articles

    def locked(payloads, *, user):
        raise OperationalError("database is locked")

    monkeypatch.setattr(api_articles, "run_ingestion", locked)
    response = reporter.post("/api/v1/articles/", ARTICLE, format="json")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response.json() == {
        "detail": "The database is busy with other writes; try again in a few seconds."
    }
    assert not Article.objects.exists()
