"""Nothing unpublished leaks: draft, in-review, archived, scheduled and embargoed stories are
absent from every public URL (pages, feeds, sitemap, API) until their time comes.

Data-driven: ``PUBLIC_URLS`` lists one builder per public URL. To cover a new page, feed or
endpoint, add a line. A builder whose route is not in this branch yet (``NoReverseMatch``) or
whose page has no template yet is skipped with the reason, so the list can run ahead of the code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core.cache import cache
from django.template import TemplateDoesNotExist
from django.test import Client
from django.urls import NoReverseMatch, reverse

from articles.models import Article, Attribution, Quote, Story
from sources.models import Outlet, Speaker
from tests.factories import make_article, make_key_point, make_outlet, make_quote, make_speaker

NOW = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
LATER = NOW + timedelta(hours=6)
TOKEN = "Quillfeather"  # a word no fixture text contains: seen on a page means leaked


@dataclass
class World:
    story: Story
    article: Article
    outlet: Outlet
    speaker: Speaker
    quote: Quote


@dataclass(frozen=True)
class PublicUrl:
    name: str
    build: Callable[[World], str]
    # False for URLs that never mention stories (an outlet's API record): checked for leaks,
    # not expected to show the story once public.
    lists_story: bool = True


PUBLIC_URLS = [
    # Pages
    PublicUrl("home", lambda w: reverse("articles:home")),
    PublicUrl("story page", lambda w: w.story.get_absolute_url()),
    PublicUrl("article page", lambda w: reverse("articles:article-detail", args=[w.article.pk])),
    PublicUrl("outlet page", lambda w: w.outlet.get_absolute_url()),
    PublicUrl("speaker page", lambda w: w.speaker.get_absolute_url()),
    PublicUrl("corrections page", lambda w: reverse("articles:correction-list")),
    # Feeds and sitemap
    PublicUrl("story feed (RSS)", lambda w: reverse("articles:story-feed-rss")),
    PublicUrl("story feed (Atom)", lambda w: reverse("articles:story-feed-atom")),
    PublicUrl(
        "outlet feed (RSS)", lambda w: reverse("articles:outlet-feed-rss", args=[w.outlet.slug])
    ),
    PublicUrl(
        "outlet feed (Atom)", lambda w: reverse("articles:outlet-feed-atom", args=[w.outlet.slug])
    ),
    PublicUrl(
        "speaker feed (RSS)", lambda w: reverse("articles:speaker-feed-rss", args=[w.speaker.slug])
    ),
    PublicUrl(
        "speaker feed (Atom)",
        lambda w: reverse("articles:speaker-feed-atom", args=[w.speaker.slug]),
    ),
    PublicUrl("sitemap", lambda w: reverse("sitemap")),
    # REST API
    PublicUrl("API story list", lambda w: reverse("api:story-list")),
    PublicUrl("API story", lambda w: reverse("api:story-detail", kwargs={"slug": w.story.slug})),
    PublicUrl(
        "API story JSON-LD", lambda w: reverse("api:story-jsonld", kwargs={"slug": w.story.slug})
    ),
    PublicUrl(
        "API story ninjs", lambda w: reverse("api:story-ninjs", kwargs={"slug": w.story.slug})
    ),
    PublicUrl("API article list", lambda w: reverse("api:article-list")),
    PublicUrl("API article", lambda w: reverse("api:article-detail", args=[w.article.pk])),
    PublicUrl("API quote list", lambda w: reverse("api:quote-list")),
    PublicUrl("API quote", lambda w: reverse("api:quote-detail", args=[w.quote.pk])),
    PublicUrl(
        "API outlet",
        lambda w: reverse("api:outlet-detail", kwargs={"slug": w.outlet.slug}),
        lists_story=False,
    ),
    PublicUrl(
        "API speaker",
        lambda w: reverse("api:speaker-detail", kwargs={"slug": w.speaker.slug}),
        lists_story=False,
    ),
]

# Each hidden case: the story's fields, and whether its time comes (and when).
HIDDEN = {
    "draft": ({"status": "draft"}, False),
    "in review": ({"status": "review"}, False),
    "archived": ({"status": "archived", "published_at": NOW - timedelta(days=1)}, False),
    "scheduled": ({"status": "published", "published_at": NOW + timedelta(hours=2)}, True),
    "embargoed": (
        {
            "status": "published",
            "published_at": NOW - timedelta(hours=1),
            "embargo_until": NOW + timedelta(hours=2),
        },
        True,
    ),
}


def build_world(**story_fields) -> World:
    """One story with everything a public page could show of it, all marked with TOKEN."""
    story = Story.objects.create(
        headline=f"Harbour ferry {TOKEN} returns to service", **story_fields
    )
    outlet = make_outlet(f"The Example Gazette {story.pk}")
    article = make_article(
        outlet=outlet,
        story=story,
        headline=f"{TOKEN} ferry back on the water",
        body=f"The {TOKEN} ferry sails again.\n\n“We are {TOKEN} proud,” Mayor Jane Roe said.",
        published_at=NOW - timedelta(hours=3),
    )
    point = make_key_point(story, f"The {TOKEN} ferry sails again.")
    Attribution.objects.create(key_point=point, outlet=outlet, article=article)
    speaker = make_speaker(f"Mayor Jane Roe {story.pk}")
    quote = make_quote(story=story, article=article, speaker=speaker, text=f"We are {TOKEN} proud")
    story.corrections.create(text=f"An earlier version misspelled {TOKEN}.", published_at=NOW)
    return World(story, article, outlet, speaker, quote)


def shows_story(url: PublicUrl, world: World) -> bool:
    """Whether the public (an anonymous visitor) sees anything of the story at ``url``."""
    try:
        path = url.build(world)
    except NoReverseMatch:
        pytest.skip(f"{url.name}: no such route in this branch yet")
    cache.clear()
    try:
        response = Client().get(path)
    except TemplateDoesNotExist as missing:
        pytest.skip(f"{url.name}: template {missing} not in this branch yet")
    if response.status_code in (404, 410):
        return False
    assert response.status_code == 200, f"{url.name} ({path}) answered {response.status_code}"
    body = b"".join(response) if response.streaming else response.content
    return TOKEN.lower() in body.decode().lower()


@pytest.fixture(autouse=True)
def _frozen_clock():
    with time_machine.travel(NOW, tick=False):
        yield


@pytest.mark.parametrize("url", PUBLIC_URLS, ids=lambda u: u.name)
def test_a_published_story_is_visible_so_the_leak_checks_mean_something(url, db):
    if not url.lists_story:
        pytest.skip(f"{url.name} does not list stories")
    world = build_world(status="published", published_at=NOW - timedelta(hours=1))
    assert shows_story(url, world), f"{url.name} does not show a published story"


@pytest.mark.parametrize("case", list(HIDDEN))
@pytest.mark.parametrize("url", PUBLIC_URLS, ids=lambda u: u.name)
def test_an_unpublished_story_never_appears(url, case, db):
    fields, _ = HIDDEN[case]
    world = build_world(**fields)
    assert not shows_story(url, world), f"{case} story leaked on {url.name}"


@pytest.mark.parametrize("case", [c for c, (_, comes) in HIDDEN.items() if comes])
@pytest.mark.parametrize("url", PUBLIC_URLS, ids=lambda u: u.name)
def test_a_scheduled_or_embargoed_story_appears_once_its_time_comes(url, case, db):
    fields, _ = HIDDEN[case]
    world = build_world(**fields)
    assert not shows_story(url, world)
    with time_machine.travel(LATER, tick=False):
        assert shows_story(url, world) == url.lists_story, (
            f"{case} story still hidden on {url.name} after its time"
        )
