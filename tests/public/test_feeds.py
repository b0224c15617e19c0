"""RSS and Atom feeds and the sitemap carry published stories only, with their corrections."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from xml.etree import ElementTree

import pytest
from django.urls import reverse

from articles.models import Story
from tests.factories import make_correction
from tests.story_builders import build_story

NOW = datetime(2025, 3, 4, 12, 0, tzinfo=UTC)
ATOM = "{http://www.w3.org/2005/Atom}"

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


def feed_urls(built) -> list[str]:
    gazette, mayor = built.outlets[0], built.mayor
    return [
        reverse("articles:story-feed-rss"),
        reverse("articles:story-feed-atom"),
        reverse("articles:outlet-feed-rss", kwargs={"slug": gazette.slug}),
        reverse("articles:outlet-feed-atom", kwargs={"slug": gazette.slug}),
        reverse("articles:speaker-feed-rss", kwargs={"slug": mayor.slug}),
        reverse("articles:speaker-feed-atom", kwargs={"slug": mayor.slug}),
    ]


def test_rss_feed_lists_published_stories_with_corrections(client):
    built = build_story()
    response = client.get(reverse("articles:story-feed-rss"))

    assert response["Content-Type"].startswith("application/rss+xml")
    channel = ElementTree.fromstring(response.content).find("channel")
    [item] = channel.findall("item")
    assert item.findtext("title") == built.story.headline
    assert item.findtext("link") == "http://testserver" + built.story.get_absolute_url()
    description = item.findtext("description")
    assert built.story.dek in description
    assert "Correction" in description
    assert "An earlier version gave the wrong day of the vote." in description


def test_atom_feed_lists_published_stories_with_corrections(client):
    built = build_story()
    make_correction(built.story, "An update on the opening date.", kind="update")
    response = client.get(reverse("articles:story-feed-atom"))

    assert response["Content-Type"].startswith("application/atom+xml")
    feed = ElementTree.fromstring(response.content)
    [entry] = feed.findall(f"{ATOM}entry")
    assert entry.findtext(f"{ATOM}title") == built.story.headline
    summary = entry.findtext(f"{ATOM}summary")
    assert "An update on the opening date." in summary
    assert "An earlier version gave the wrong day of the vote." in summary


def test_outlet_and_speaker_feeds_carry_their_stories(client):
    built = build_story()
    for url in feed_urls(built)[2:]:
        response = client.get(url)
        assert response.status_code == 200, url
        assert built.story.headline in response.content.decode(), url


@pytest.mark.parametrize("state", list(HIDDEN))
def test_feeds_leave_out_unpublished_stories(client, state):
    build_story(headline="Public bridge story")
    hidden = build_story(headline=f"Secret {state} bridge story", **HIDDEN[state])
    for url in feed_urls(hidden):
        body = client.get(url).content.decode()
        assert "Public bridge story" in body, url
        assert hidden.story.headline not in body, url
        assert hidden.story.slug not in body, url


def test_speaker_feed_of_someone_only_in_unpublished_work_is_not_found(client):
    hidden = build_story(**HIDDEN["draft"])
    url = reverse("articles:speaker-feed-rss", kwargs={"slug": hidden.mayor.slug})
    assert client.get(url).status_code == 404


def test_sitemap_lists_published_stories_outlets_and_people(client):
    built = build_story()
    body = client.get("/sitemap.xml").content.decode()

    assert built.story.get_absolute_url() in body
    assert built.outlets[0].get_absolute_url() in body
    assert built.mayor.get_absolute_url() in body


@pytest.mark.parametrize("state", list(HIDDEN))
def test_sitemap_leaves_out_unpublished_stories_and_their_people(client, state):
    hidden = build_story(headline=f"Secret {state} bridge story", **HIDDEN[state])
    body = client.get("/sitemap.xml").content.decode()

    assert hidden.story.slug not in body
    assert hidden.mayor.get_absolute_url() not in body
    assert hidden.outlets[0].get_absolute_url() not in body


def test_feeds_and_sitemap_run_a_fixed_number_of_queries(client, django_assert_num_queries):
    for i in range(5):
        build_story(headline=f"Bridge story {i}")
    # Each first reads the content generation for its cache key (articles/public/cache.py).
    with django_assert_num_queries(3):  # the generation, stories, their corrections
        client.get(reverse("articles:story-feed-rss"))
    # The generation, then per section (stories, storylines, topics, outlets, people) the
    # count, and the page of items when there are any (no storyline or topic here).
    with django_assert_num_queries(9):
        client.get("/sitemap.xml")
