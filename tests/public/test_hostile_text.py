"""Control characters and odd Unicode never reach a page, a feed or an export, whichever way
they come in; text stored before cleaning existed does not break a feed either."""

from __future__ import annotations

import xml.dom.minidom

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from articles.ingest.service import ingest_payloads
from articles.models import Article, Story
from sources.models import Outlet
from tests.factories import make_article, make_outlet, make_story

pytestmark = pytest.mark.django_db

HOSTILE = {
    "outlet": "The Example\x07 Gazette\x0c",
    "headline": "Harbour\x07 reopens after\x0c repairs",
    "url": "https://gazette.example/harbour-reopens",
    "byline": "Alex\x00 Doe",
    "body": "Cafe\u0301 owners cheered.\r\n\r\n“We are open again,\x1b” Mayor Jane Roe said.",
}


def test_the_ingestion_service_stores_clean_text():
    report = ingest_payloads([HOSTILE], source="test")
    assert report.created == 1, report.as_dict()
    article = Article.objects.get()
    assert article.outlet.name == "The Example Gazette"
    assert article.headline == "Harbour reopens after repairs"
    assert article.byline == "Alex Doe"
    assert article.body.startswith("Café owners cheered.\n\n“We are open again,” Mayor")


def test_the_api_stores_clean_text():
    user = User.objects.create_superuser("desk", "d@example.com", "pw")
    client = APIClient()
    client.force_authenticate(user)
    response = client.post("/api/v1/articles/", HOSTILE, format="json")
    assert response.status_code == 201, response.json()
    assert Article.objects.get().headline == "Harbour reopens after repairs"


def test_a_body_of_control_characters_only_is_refused_as_empty():
    report = ingest_payloads([{**HOSTILE, "body": "\x07\x08\x0c"}], source="test")
    assert report.errors == 1 and "body: missing" in report.items[0].error
    assert not Article.objects.exists()


def test_admin_and_service_writes_are_cleaned_on_save():
    outlet = Outlet.objects.create(name="The Sample\x07 Courier", description="One\x0b line\r\ntwo")
    outlet.refresh_from_db()
    assert outlet.name == "The Sample Courier"
    assert outlet.description == "One line\ntwo"


@pytest.mark.parametrize("path", ["/feeds/stories.rss", "/feeds/stories.atom"])
def test_feeds_survive_text_stored_before_cleaning(client, path):
    outlet = make_outlet("The Example Gazette")
    story = make_story("Harbour reopens")
    make_article(outlet=outlet, story=story)
    # As an old row might hold it: written around save(), so not cleaned.
    Story.objects.filter(pk=story.pk).update(headline="Harbour\x07 reopens\x0c")
    Outlet.objects.filter(pk=outlet.pk).update(name="The Example\x07 Gazette")
    response = client.get(path)
    assert response.status_code == 200
    document = xml.dom.minidom.parseString(response.content)  # well-formed XML
    titles = [t.firstChild.data for t in document.getElementsByTagName("title") if t.firstChild]
    assert "Harbour reopens" in titles
    outlet_feed = client.get(f"/feeds/outlets/{outlet.slug}.rss")
    assert outlet_feed.status_code == 200
    channel = xml.dom.minidom.parseString(outlet_feed.content).getElementsByTagName("title")[0]
    assert "\x07" not in channel.firstChild.data
