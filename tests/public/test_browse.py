"""Browsing as a reader: the archive, topics, people and outlets, related stories, the
story and topic feeds and robots.txt; none of it shows unpublished work."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from articles.models import Correction, Topic
from tests.factories import make_article, make_outlet, make_quote, make_speaker, make_story

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk():
    gazette = make_outlet("The Example Gazette")
    harbour = Topic.objects.create(name="Harbour")
    roe = make_speaker("Jane Roe")
    ferry = make_story("Ferry returns", published_at=timezone.now() - timedelta(days=2))
    pontoons = make_story("New pontoons for the quay")
    secret = make_story("Quarry plan", published=False)
    for story in (ferry, pontoons, secret):
        story.topics.add(harbour)
        body = f"{story.headline}. “We kept our promise,” Roe said."
        article = make_article(outlet=gazette, story=story, body=body)
        make_quote(story=story, article=article, speaker=roe, text="We kept our promise")
    make_speaker("Hidden Person")
    return {
        "ferry": ferry,
        "pontoons": pontoons,
        "secret": secret,
        "topic": harbour,
        "roe": roe,
        "gazette": gazette,
    }


def html(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_the_archive_lists_published_stories_only(client, desk):
    page = html(client, "/stories/")
    assert "Ferry returns" in page and "New pontoons" in page and "Quarry plan" not in page


def test_topics_count_and_list_published_stories(client, desk):
    assert "2 stories" in html(client, "/topics/")
    page = html(client, f"/topics/{desk['topic'].slug}/")
    assert "Ferry returns" in page and "Quarry plan" not in page
    rss = html(client, f"/feeds/topics/{desk['topic'].slug}.rss")
    assert "Ferry returns" in rss and "Quarry plan" not in rss
    empty = Topic.objects.create(name="Unused")
    assert client.get(f"/topics/{empty.slug}/").status_code == 404


def test_people_and_outlets_indexes(client, desk):
    people = html(client, "/people/")
    assert "Jane Roe" in people and "Hidden Person" not in people
    outlets = html(client, "/outlets/")
    assert "The Example Gazette" in outlets and "2 articles" in outlets


def test_a_story_shows_related_stories(client, desk):
    page = html(client, desk["ferry"].get_absolute_url())
    assert "Related stories" in page and "New pontoons for the quay" in page
    assert "Quarry plan" not in page


def test_a_story_feed_carries_its_coverage_and_corrections(client, desk):
    Correction.objects.create(story=desk["ferry"], text="The ferry returns on Monday.")
    rss = html(client, f"/feeds/stories/{desk['ferry'].slug}.rss")
    assert "The Example Gazette: " in rss and "The ferry returns on Monday." in rss
    assert html(client, f"/feeds/stories/{desk['ferry'].slug}.atom").startswith("<?xml")
    assert client.get(f"/feeds/stories/{desk['secret'].slug}.rss").status_code == 404


def test_robots_txt_points_at_the_sitemap(client):
    response = client.get("/robots.txt")
    assert response["Content-Type"].startswith("text/plain")
    body = response.content.decode()
    assert "Disallow: /admin/" in body and "Sitemap: http://testserver/sitemap.xml" in body


def test_a_story_has_social_card_tags(client, desk):
    page = html(client, desk["ferry"].get_absolute_url())
    assert '<meta property="og:type" content="article">' in page
    assert '<meta property="og:title" content="Ferry returns">' in page
    assert 'property="og:url" content="http://testserver/stories/' in page
    assert '<meta name="twitter:card" content="summary">' in page


def test_json_ld_names_the_publisher_with_its_logo_and_the_author(client, desk):
    import json
    import re

    page = html(client, desk["ferry"].get_absolute_url())
    block = re.search(r'<script type="application/ld\+json">(.*?)</script>', page, re.S)
    data = json.loads(block.group(1))
    assert data["publisher"]["logo"]["url"].endswith("/static/icons/logo-512.png")
    assert data["author"] == {"@type": "Organization", "name": "Newsroom editors"}
