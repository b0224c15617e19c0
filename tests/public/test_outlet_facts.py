"""Outlet facts kept by editors: owner and third-party ratings on the outlet page, and a
story's coverage by kind, country and rating, with the kinds of outlet that did not cover it."""

from __future__ import annotations

from datetime import date

import pytest

from sources.models import Outlet, OutletRating
from tests.factories import make_article, make_outlet, make_story

pytestmark = pytest.mark.django_db


@pytest.fixture
def story():
    gazette = make_outlet(
        "The Example Gazette",
        kind=Outlet.Kind.NEWSPAPER,
        country="GB",
        owner="Example Media Group",
    )
    wire = make_outlet("Example Wire", kind=Outlet.Kind.WIRE, country="US")
    make_outlet("Example Radio", kind=Outlet.Kind.BROADCASTER)  # covers nothing here
    OutletRating.objects.create(
        outlet=gazette,
        source="The Fictional Bias Monitor",
        aspect="bias",
        value="Centre",
        rated_on=date(2026, 5, 1),
    )
    story = make_story("Harbour ferry returns")
    make_article(outlet=gazette, story=story)
    make_article(outlet=wire, story=story)
    return story, gazette, wire


def test_the_outlet_page_shows_owner_and_ratings_with_their_source(client, story):
    _, gazette, _ = story
    html = client.get(gazette.get_absolute_url()).content.decode()
    assert "Example Media Group" in html
    assert "“Centre”, as rated by" in html and "The Fictional Bias Monitor" in html
    assert "1 May 2026" in html


def test_the_story_page_charts_coverage_by_facet(client, story):
    story, _, _ = story
    html = client.get(story.get_absolute_url()).content.decode()
    assert "Who covered it: 2 outlets" in html
    assert 'aria-label="Kind of outlet: Newspaper 1, News agency (wire) 1"' in html
    assert "Bias as rated by The Fictional Bias Monitor (latest rating 2026-05-01)" in html
    assert "not rated 1" in html  # the wire has no rating from that source
    assert "No article here from these kinds of outlet: Broadcaster." in html


def test_an_outlet_an_import_named_has_no_kind_until_an_editor_records_one(client):
    from articles.ingest.service import ingest_payloads

    payload = {
        "outlet": "The Example Courier",
        "headline": "Valmora ferry returns to the harbour",
        "url": "https://courier.example/ferry",
        "body": "The ferry returned on Monday.\n\n“We are glad,” Mayor Jane Roe said.",
    }
    assert ingest_payloads([payload], source="test").created == 1
    courier = Outlet.objects.get(name="The Example Courier")
    assert courier.kind == Outlet.Kind.UNKNOWN  # not a newspaper because nobody said so
    page = client.get(courier.get_absolute_url()).content.decode()
    assert "Newspaper" not in page and "Not recorded" not in page
    story = make_story("Valmora ferry returns")
    make_article(outlet=courier, story=story)
    html = client.get(story.get_absolute_url()).content.decode()
    assert 'aria-label="Kind of outlet: not recorded 1"' in html
