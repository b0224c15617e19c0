"""A reader's story list is read by a query compiled once (the moment and the cursor's values
put in): its pages, forwards and back, are the stories readers may see at the moment asked,
newest first."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from tests.factories import make_story

pytestmark = pytest.mark.django_db


def _slugs(pages: list[dict]) -> list[str]:
    return [story["slug"] for page in pages for story in page["results"]]


def _walk(client, path: str, link: str) -> list[dict]:
    pages = []
    while path:
        response = client.get(path)
        assert response.status_code == 200
        pages.append(response.json())
        path = pages[-1][link]
    return pages


def test_a_readers_list_pages_forwards_and_back_over_the_same_stories(anon):
    now = timezone.now()
    for n in range(7):
        make_story(f"Northfield council story {n}", published_at=now - timedelta(hours=n))
    make_story("A draft", published=False)
    forwards = _walk(anon, "/api/v1/stories/?page_size=3", "next")
    assert _slugs(forwards) == [f"northfield-council-story-{n}" for n in range(7)]
    # From the last page back to the first, by the "previous" links.
    backwards = _walk(anon, forwards[-1]["previous"], "previous")
    assert _slugs(list(reversed(backwards))) == _slugs(forwards)[:6]


def test_a_scheduled_story_is_listed_once_its_moment_has_come(anon):
    now = timezone.now()
    make_story("Northfield bridge opens", published_at=now - timedelta(hours=1))
    make_story("Northfield ferry returns", published_at=now + timedelta(minutes=30))
    listed = _slugs([anon.get("/api/v1/stories/?page_size=5").json()])
    assert listed == ["northfield-bridge-opens"]
    with time_machine.travel(now + timedelta(hours=1)):
        later = _slugs([anon.get("/api/v1/stories/?page_size=5").json()])
    assert later == ["northfield-ferry-returns", "northfield-bridge-opens"]
