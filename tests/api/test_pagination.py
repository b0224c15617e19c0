"""Keyset (cursor) pagination: stable order on a unique key, both directions, bounded size."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.api.utils import results
from tests.factories import make_speaker, make_story

pytestmark = pytest.mark.django_db


def walk(client, url, **params):
    """Follow `next` links to the end; return the slugs page by page."""
    pages, response = [], client.get(url, params)
    while True:
        pages.append([item.get("slug", item.get("id")) for item in results(response)])
        link = response.json()["next"]
        if not link:
            return pages
        response = client.get(link)


def test_walking_next_links_visits_every_story_once_in_order(anon):
    now = timezone.now()
    same_time = now - timedelta(hours=5)
    stories = [make_story(published_at=now - timedelta(hours=h)) for h in range(1, 5)]
    # Ties on published_at are broken by id, never skipped or repeated.
    stories += [make_story(published_at=same_time) for _ in range(3)]
    expected = [s.slug for s in sorted(stories, key=lambda s: (s.published_at, s.id), reverse=True)]

    pages = walk(anon, "/api/v1/stories/", page_size=2)

    assert [len(p) for p in pages] == [2, 2, 2, 1]
    assert [slug for page in pages for slug in page] == expected


def test_previous_link_returns_to_the_page_before(anon):
    now = timezone.now()
    for h in range(1, 6):
        make_story(published_at=now - timedelta(hours=h))
    first = anon.get("/api/v1/stories/", {"page_size": 2})
    assert first.json()["previous"] is None
    second = anon.get(first.json()["next"])
    back = anon.get(second.json()["previous"])
    assert results(back) == results(first)


def test_drafts_without_dates_come_last_for_staff(staff, staff_user):
    dated = make_story()
    undated = [make_story(published=False) for _ in range(3)]
    pages = walk(staff, "/api/v1/stories/", page_size=2)
    flat = [slug for page in pages for slug in page]
    assert flat == [dated.slug, *[s.slug for s in sorted(undated, key=lambda s: -s.id)]]
    # And back again from the last page.
    last = staff.get("/api/v1/stories/", {"page_size": 2})
    last = staff.get(last.json()["next"])
    back = staff.get(last.json()["previous"])
    assert [r["slug"] for r in results(back)] == flat[:2]


def test_speakers_page_by_name(staff):
    for name in ["Mayor Jane Roe", "Alex Doe", "Sam Poe"]:
        make_speaker(name)
    pages = walk(staff, "/api/v1/speakers/", page_size=2)
    assert pages == [["alex-doe", "mayor-jane-roe"], ["sam-poe"]]


def test_speakers_named_only_in_drafts_are_not_public(anon, staff):
    from tests.factories import make_article, make_quote, make_story

    draft = make_story("Draft", published=False)
    live = make_story("Live")
    hidden, shown = make_speaker("Dana Draft"), make_speaker("Lena Live")
    make_quote(story=draft, article=make_article(story=draft), speaker=hidden, text="Soon.")
    make_quote(story=live, article=make_article(story=live), speaker=shown, text="Now.")
    assert walk(anon, "/api/v1/speakers/", page_size=10) == [["lena-live"]]
    assert anon.get("/api/v1/speakers/dana-draft/").status_code == 404
    assert walk(staff, "/api/v1/speakers/", page_size=10) == [["dana-draft", "lena-live"]]


@pytest.mark.parametrize("size", ["0", "101", "ten", "-1"])
def test_page_size_outside_1_to_100_is_a_400(anon, size):
    response = anon.get("/api/v1/stories/", {"page_size": size})
    assert response.status_code == 400
    assert "page_size" in response.json()


@pytest.mark.parametrize("cursor", ["garbage", "eyJwIjpbXX0", "eyJwIjpbIngiLCJ5Il19"])
def test_tampered_cursor_is_a_400(anon, cursor):
    response = anon.get("/api/v1/stories/", {"cursor": cursor})
    assert response.status_code == 400
    assert response.json() == {"cursor": ["Invalid cursor."]}
