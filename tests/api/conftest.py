"""API fixtures: clients with and without tokens, a published story with its evidence, and a
stand-in for the ingestion service."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import Permission, User
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from articles.api import articles as api_articles
from articles.ingest.report import CREATED, DUPLICATE, IngestItem, IngestReport
from articles.models import ArticlePerson, Figure, QuoteAppearance, Topic
from tests.factories import (
    make_article,
    make_correction,
    make_key_point,
    make_outlet,
    make_paragraph,
    make_quote,
    make_speaker,
    make_story,
)


def token_client(user: User) -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def anon():
    return APIClient()


@pytest.fixture
def staff_user(db):
    return User.objects.create_user("editor", "editor@example.com", "pw", is_staff=True)


@pytest.fixture
def staff(staff_user):
    return token_client(staff_user)


@pytest.fixture
def reporter_user(db):
    user = User.objects.create_user("reporter", "reporter@example.com", "pw")
    user.user_permissions.add(Permission.objects.get(codename="add_article"))
    return user


@pytest.fixture
def reporter(reporter_user):
    return token_client(reporter_user)


@pytest.fixture
def reader(db):
    """Authenticated, but neither staff nor allowed to add articles."""
    return token_client(User.objects.create_user("reader", "reader@example.com", "pw"))


@pytest.fixture
def gazette(db):
    return make_outlet("The Example Gazette", kind="newspaper", country="GB")


@pytest.fixture
def courier(db):
    return make_outlet("The Sample Courier", kind="wire", country="US")


@pytest.fixture
def mayor(db):
    return make_speaker("Mayor Jane Roe", role="Mayor of Northfield")


@pytest.fixture
def council(db):
    return make_speaker("Northfield Council", kind="organization")


@pytest.fixture
def story(db, gazette, courier, mayor, council):
    """A published story: two outlets' articles, a quote in two wordings, a key point and a
    summary paragraph with their sources, a figure, a person named, a correction, a topic."""
    story = make_story(
        "Northfield council approves new bridge",
        dek="The river crossing opens next spring.",
        published_at=timezone.now() - timedelta(hours=3),
    )
    story.topics.add(Topic.objects.create(name="Transport"))
    first = make_article(
        outlet=gazette,
        story=story,
        body="The council voted for the bridge.\n\n"
        "“We have waited long enough,” Mayor Jane Roe said. It will cost £12 million.",
    )
    second = make_article(
        outlet=courier,
        story=story,
        language="en",
        body="Roe said: “We waited long enough.” The council agreed on Tuesday.",
    )
    quote = make_quote(
        story=story, article=first, speaker=mayor, text="We have waited long enough,"
    )
    QuoteAppearance.objects.create(
        quote=quote,
        article=second,
        text="We waited long enough.",
        start=10,
        end=32,
        match=QuoteAppearance.Match.VARIANT,
        review_state="approved",
    )
    make_key_point(story, "The council approved the bridge.", outlets=[gazette, courier])
    make_paragraph(story, "Mayor Jane Roe welcomed the vote.", outlets=[gazette])
    Figure.objects.create(
        article=first, text="£12 million", start=60, end=71, value=12e6, unit="GBP"
    )
    ArticlePerson.objects.create(article=first, speaker=mayor, role="Mayor of Northfield")
    ArticlePerson.objects.create(article=second, speaker=council)
    make_correction(story, "An earlier version gave the wrong cost.")
    return story


@pytest.fixture
def draft(db, gazette, mayor):
    """A draft story with an article and a quote the public must never see."""
    draft = make_story("Secret draft about the ferry", published=False)
    article = make_article(outlet=gazette, story=draft, body="“The ferry stays,” Roe said.")
    make_quote(story=draft, article=article, speaker=mayor, text="The ferry stays,")
    return draft


@pytest.fixture
def fake_ingestion(monkeypatch):
    """A stand-in for the ingestion service behind the API that records its calls and answers
    with a real report: known URLs are duplicates, the rest are created."""
    calls = []
    seen = {"https://gazette.example/news/old"}

    def ingest_payloads(payloads, *, source, user):
        calls.append({"payloads": payloads, "source": source, "user": user})
        return IngestReport(
            items=[
                IngestItem(
                    source=f"{source}#{n}" if len(payloads) > 1 else source,
                    status=DUPLICATE if payload.get("url") in seen else CREATED,
                    article=n,
                    quotes=1,
                )
                for n, payload in enumerate(payloads, 1)
            ]
        )

    monkeypatch.setattr(api_articles, "ingest_payloads", ingest_payloads)
    return calls
