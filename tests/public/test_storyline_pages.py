"""Storylines as readers and API consumers see them: a timeline on each story page, a page
and feeds of their own, and only events an editor let through."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from articles.models import ReviewState
from articles.stories.storylines import storyline_link
from tests.factories import make_article, make_outlet, make_story

pytestmark = pytest.mark.django_db


@pytest.fixture
def pier():
    gazette = make_outlet("The Example Gazette")
    now = timezone.now()
    collapse = make_story("Pier 9 collapses", published_at=now - timedelta(days=4))
    reopening = make_story("Pier 9 reopens", published_at=now - timedelta(hours=2))
    draft = make_story("Pier 9 inquiry opens", published=False)
    for story in (collapse, reopening, draft):
        make_article(outlet=gazette, story=story)
    line = storyline_link(story=reopening, to=collapse, name="Northfield's Pier 9")
    storyline_link(story=draft, to=collapse)
    return line, collapse, reopening, draft


def test_a_story_page_shows_its_storyline_as_a_timeline(client, pier):
    line, collapse, reopening, draft = pier
    html = client.get(reopening.get_absolute_url()).content.decode()
    assert "Part of: Northfield" in html
    assert collapse.get_absolute_url() in html
    assert 'aria-current="page">Pier 9 reopens' in html
    assert "Pier 9 inquiry opens" not in html  # a draft never shows
    assert html.index("Pier 9 collapses") < html.index("Pier 9 reopens</strong>")


def test_a_suggested_link_waits_for_an_editor(client, pier):
    line, collapse, reopening, draft = pier
    reopening.__class__.objects.filter(pk=reopening.pk).update(
        storyline_state=ReviewState.SUGGESTED
    )
    assert "Part of:" not in client.get(collapse.get_absolute_url()).content.decode()
    assert "Part of:" not in client.get(reopening.get_absolute_url()).content.decode()


def test_the_storyline_page_and_its_feeds(client, pier):
    line, collapse, reopening, draft = pier
    html = client.get(line.get_absolute_url()).content.decode()
    assert "Pier 9 collapses" in html and "Pier 9 reopens" in html
    assert "Pier 9 inquiry opens" not in html
    rss = client.get(f"/feeds/storylines/{line.slug}.rss").content.decode()
    assert "Pier 9 reopens" in rss and "inquiry" not in rss
    assert client.get(f"/feeds/storylines/{line.slug}.atom").status_code == 200


def test_a_storyline_with_nothing_public_has_no_page(client):
    a, b = make_story("Quarry plan", published=False), make_story("Quarry vote", published=False)
    line = storyline_link(story=b, to=a)
    assert client.get(line.get_absolute_url()).status_code == 404
    assert client.get(f"/feeds/storylines/{line.slug}.rss").status_code == 404


def test_the_api_lists_storylines_with_their_public_events(pier):
    line, collapse, reopening, draft = pier
    api = APIClient()
    data = api.get(f"/api/v1/storylines/{line.slug}/").json()
    assert [e["headline"] for e in data["events"]] == ["Pier 9 collapses", "Pier 9 reopens"]
    assert data["events"][0]["link"] == "approved"
    # Full addresses, as stories give them, beside the paths.
    assert data["web_url"] == f"http://testserver{line.get_absolute_url()}"
    assert data["events"][0]["web_url"] == f"http://testserver{collapse.get_absolute_url()}"
    listed = api.get("/api/v1/storylines/").json()["results"]
    assert [s["slug"] for s in listed] == [line.slug]
    etag = api.get(f"/api/v1/storylines/{line.slug}/")["ETag"]
    assert api.get(f"/api/v1/storylines/{line.slug}/", HTTP_IF_NONE_MATCH=etag).status_code == 304
