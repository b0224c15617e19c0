"""The OpenAPI schema is valid and accurate: every operation is fuzzed against it.

Schemathesis generates requests from the schema served at /api/schema/ and sends them through
the WSGI application (no network); each answer must be a documented status code with a body
that fits the documented schema, and never a server error.
"""

from __future__ import annotations

import os

import pytest
import schemathesis
from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.utils import timezone
from hypothesis import HealthCheck, settings

from articles.ingest.payloads import FUTURE_SLACK, PayloadError, parse_published

application = get_wsgi_application()
schema = schemathesis.openapi.from_wsgi("/api/schema/", application)

# 50 cases per operation in the suite; NEWSROOM_SCHEMA_EXAMPLES=500 for a longer hunt.
FUZZ = settings(
    max_examples=int(os.environ.get("NEWSROOM_SCHEMA_EXAMPLES", "50")),
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)


def test_schema_generates_without_warnings(tmp_path):
    call_command(
        "spectacular",
        "--validate",
        "--fail-on-warn",
        "--file",
        str(tmp_path / "schema.yaml"),
    )


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """Requests go through the WSGI handler, whose request signals would close the database
    connection and with it the test's transaction (Django's test client disconnects them
    the same way)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def ingestion(request):
    """The real ingestion service when it is on this branch, else the stand-in."""
    try:
        import articles.ingest.service  # noqa: F401
    except ImportError:
        request.getfixturevalue("fake_ingestion")


@pytest.fixture
def token(reporter_user):
    from rest_framework.authtoken.models import Token

    return Token.objects.get_or_create(user=reporter_user)[0].key


def issued_cursor(case) -> str | None:
    """A cursor the server itself issued for this list (its ``next`` link), or None."""
    import json
    from urllib.parse import parse_qs, urlsplit

    from werkzeug.test import Client

    # Through the same WSGI handler as the fuzzed requests: Django's test Client would
    # reconnect the request signals that _keep_the_test_connection disconnected, and the
    # next request would then close PostgreSQL's connection and the test's transaction.
    answer = Client(application).get(case.formatted_path, query_string={"page_size": 1})
    link = json.loads(answer.get_data()).get("next") if answer.status_code == 200 else None
    return parse_qs(urlsplit(link).query)["cursor"][0] if link else None


def not_yet(moment) -> bool:
    """Would the import refuse ``moment`` as a publication time in the future?"""
    if not isinstance(moment, str):
        return False
    try:
        return parse_published(moment) > timezone.now() + FUTURE_SLACK
    except (PayloadError, ValueError, OverflowError):
        return False


@pytest.mark.django_db
@schema.parametrize()
@FUZZ
def test_every_operation_answers_as_documented(case, story, draft, token, ingestion):
    """All of Schemathesis's checks, "schema-valid data is accepted" included. Two values are
    ones a schema cannot describe, so valid requests carry real ones: a cursor (only valid when
    the server issued it; a forged one is a documented 400, see test_pagination) and a
    publication time (at most a day ahead of the server's clock; see tests/ingest)."""
    if case.meta.generation.mode.is_positive and case.query and "cursor" in case.query:
        cursor = issued_cursor(case)
        if cursor is None:
            del case.query["cursor"]
        else:
            case.query["cursor"] = cursor
    if case.meta.generation.mode.is_positive and case.method == "POST":
        for item in case.body if isinstance(case.body, list) else [case.body]:
            if isinstance(item, dict) and not_yet(item.get("published_at")):
                item["published_at"] = "2026-01-05T09:30:00Z"
    headers = {"Authorization": f"Token {token}"} if case.method == "POST" else None
    case.call_and_validate(headers=headers)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "params"),
    [
        ("/api/v1/stories/{slug}/", "story"),
        ("/api/v1/stories/{slug}/jsonld/", "story"),
        ("/api/v1/stories/{slug}/ninjs/", "story"),
        ("/api/v1/articles/{id}/", "article"),
        ("/api/v1/quotes/{id}/", "quote"),
        ("/api/v1/outlets/{slug}/", "outlet"),
        ("/api/v1/speakers/{slug}/", "speaker"),
        ("/api/v1/outlets/{slug}/", "bare_outlet"),
    ],
)
def test_real_objects_answer_as_documented(path, params, story, gazette, mayor):
    from tests.factories import make_article, make_outlet

    bare = make_outlet("The Plain Bulletin", homepage="", country="")
    make_article(outlet=bare, story=story)  # public: it covers a published story
    values = {
        "story": {"slug": story.slug},
        "article": {"id": story.articles.first().pk},
        "quote": {"id": story.quotes.first().pk},
        "outlet": {"slug": gazette.slug},
        "speaker": {"slug": mayor.slug},
        "bare_outlet": {"slug": bare.slug},  # no homepage: null, not an empty "uri"
    }[params]
    case = schema[path]["GET"].Case(path_parameters=values)
    response = case.call_and_validate()
    assert response.status_code == 200
