"""One meaning for counts: a story is reported by the outlets with an article in it
(aggregators aside) and those its claims cite without one, on every page that counts them."""

from __future__ import annotations

import pytest

from sources.models import Outlet
from tests.factories import make_article, make_key_point, make_outlet, make_story

pytestmark = pytest.mark.django_db


@pytest.fixture
def story():
    gazette = make_outlet("The Example Gazette")
    wire = make_outlet("Example Wire", kind=Outlet.Kind.WIRE)
    digest = make_outlet("Daily Digest", kind=Outlet.Kind.AGGREGATOR)
    story = make_story("Harbour ferry returns")
    make_article(outlet=gazette, story=story)
    make_article(outlet=digest, story=story)
    make_key_point(story, "The ferry runs from Monday.", outlets=[wire])
    return story, gazette, wire, digest


def test_the_home_card_counts_as_the_story_page_does(client, story):
    story, gazette, wire, digest = story
    home = client.get("/").content.decode()
    page = client.get(story.get_absolute_url()).content.decode()
    assert "Reported by 2 outlets" in home and "Reported by 2 outlets" in page
    assert "summarised by Daily Digest" in home


def test_an_outlet_cited_without_an_article_lists_the_story(client, story):
    story, gazette, wire, digest = story
    page = client.get(wire.get_absolute_url()).content.decode()
    assert "Harbour ferry returns" in page and "cited, no article here" in page
    feed = client.get(f"/feeds/outlets/{wire.slug}.rss").content.decode()
    assert "Harbour ferry returns" in feed
    assert "cited, no article here" not in client.get(gazette.get_absolute_url()).content.decode()
