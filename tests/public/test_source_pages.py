"""Outlet and speaker pages: only what was published, and a fixed number of queries."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth import get_user_model

from articles.models import Story
from tests.factories import make_article, make_outlet, make_speaker, make_story
from tests.story_builders import build_story

NOW = datetime(2025, 3, 4, 12, 0, tzinfo=UTC)
# Each page first reads the content generation for its cache key (articles/public/cache.py).
# The outlet page: the generation, the outlet, its stories, their outlets with articles and
# those cited, its articles, which of its stories have an article of it, its ratings.
OUTLET_PAGE_QUERIES = 8
SPEAKER_PAGE_QUERIES = 6  # the generation, the speaker, quotes, appearances, stories, roles

pytestmark = pytest.mark.django_db

HIDDEN = {
    "draft": {"published": False, "status": Story.Status.DRAFT},
    "review": {"published": False, "status": Story.Status.REVIEW},
    "archived": {"published": False, "status": Story.Status.ARCHIVED},
    "scheduled": {"published_at": NOW + timedelta(hours=2)},
    "embargoed": {"embargo_until": NOW + timedelta(hours=2)},
}


@pytest.fixture(autouse=True)
def frozen_clock(time_machine):
    time_machine.move_to(NOW, tick=False)


def test_outlet_page_shows_its_details_stories_and_articles(client):
    built = build_story()
    gazette = built.outlets[0]
    html = client.get(gazette.get_absolute_url()).content.decode()

    assert "The Example Gazette" in html
    assert "https://gazette.example/" in html
    assert "GB" in html and "Newspaper" in html
    assert built.story.headline in html
    assert built.articles[0].headline in html
    assert built.articles[1].headline not in html  # the Courier's


def test_outlet_page_of_an_unknown_outlet_is_not_found(client):
    assert client.get("/outlets/no-such-outlet/").status_code == 404


@pytest.mark.parametrize("state", list(HIDDEN))
def test_outlet_page_leaves_out_unpublished_stories_and_their_articles(client, state):
    built = build_story(headline=f"Secret {state} bridge story", **HIDDEN[state])
    html = client.get(built.outlets[0].get_absolute_url()).content.decode()
    assert built.story.headline not in html
    assert built.articles[0].headline not in html


@pytest.mark.parametrize("stories", [1, 10])
def test_outlet_page_runs_a_fixed_number_of_queries(client, django_assert_num_queries, stories):
    for i in range(stories):
        built = build_story(headline=f"Bridge story {i}")
    with django_assert_num_queries(OUTLET_PAGE_QUERIES):
        client.get(built.outlets[0].get_absolute_url())


def test_speaker_page_shows_role_and_quotes_with_their_outlets(client):
    built = build_story(articles=2, quotes=1)
    html = client.get(built.mayor.get_absolute_url()).content.decode()

    assert "<h1>Mayor Jane Roe</h1>" in html
    assert "Mayor of Northfield" in html
    # shown standing alone: without the comma that led into “..., Roe said”
    assert "<p>We have waited long enough for this bridge</p>" in html
    assert "First reported by The Example Gazette" in html
    assert "Northfield Courier" in html
    assert f"{built.story.get_absolute_url()}#quote-{built.quotes[0].pk}" in html


def test_speaker_page_of_someone_never_published_is_not_found(client):
    speaker = make_speaker("Sam Nobody")
    assert client.get(speaker.get_absolute_url()).status_code == 404


@pytest.mark.parametrize("state", list(HIDDEN))
def test_speaker_only_in_unpublished_stories_has_no_public_page(client, state):
    built = build_story(headline=f"Secret {state} bridge story", **HIDDEN[state])
    assert client.get(built.mayor.get_absolute_url()).status_code == 404


@pytest.mark.parametrize("state", list(HIDDEN))
def test_speaker_page_leaves_out_quotes_of_unpublished_stories(client, state):
    build_story(headline="Public bridge story")
    hidden = build_story(headline=f"Secret {state} bridge story", **HIDDEN[state])
    html = client.get(hidden.mayor.get_absolute_url()).content.decode()
    assert "Public bridge story" in html
    assert hidden.story.headline not in html
    assert f"#quote-{hidden.quotes[0].pk}" not in html


def test_staff_preview_speaker_pages(client):
    speaker = make_speaker("Sam Nobody")
    client.force_login(get_user_model().objects.create_user("ed", password="x", is_staff=True))
    assert client.get(speaker.get_absolute_url()).status_code == 200


@pytest.mark.parametrize("quotes", [1, 20])
def test_speaker_page_runs_a_fixed_number_of_queries(client, django_assert_num_queries, quotes):
    built = build_story(articles=3, quotes=quotes)
    with django_assert_num_queries(SPEAKER_PAGE_QUERIES):
        response = client.get(built.mayor.get_absolute_url())
    assert len(response.context["quotes"]) == quotes


def test_outlet_only_in_unpublished_work_has_no_public_page_yet(client, admin_client):
    outlet = make_outlet("Northfield Courier")
    draft = make_story("Courier weighs ferry plan", published=False)
    make_article(outlet=outlet, story=draft)
    assert client.get(outlet.get_absolute_url()).status_code == 404
    assert client.get(f"/feeds/outlets/{outlet.slug}.rss").status_code == 404
    assert client.get(f"/api/v1/outlets/{outlet.slug}/").status_code == 404
    assert outlet.name not in client.get("/sitemap.xml").content.decode()
    staff = admin_client.get(outlet.get_absolute_url())
    assert staff.status_code == 200
    assert "No published stories yet." in staff.content.decode()
