"""axe-core in Chromium on every public page, as a reader sees it at 1366 px and on a phone
(390 px): the demo story with a storyline, a topic, an outlet rating and a lead image around
it, and a long story (its first articles, and all of them). No violation of any impact, and
no page wider than the screen."""

from __future__ import annotations

import io
from datetime import date, timedelta

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.core.files.base import ContentFile
from django.core.management import call_command
from django.utils import timezone
from PIL import Image

from articles.models import ArticleImage, Correction, Story, Topic
from articles.public.pages.coverage import COVERAGE_SHOWN
from articles.stories.storylines import storyline_link
from sources.models import Outlet, OutletRating
from tests.factories import make_article, make_story
from tests.story_builders import build_story

pytestmark = pytest.mark.slow
WIDTHS = (1366, 390)


@pytest.fixture
def public_urls(transactional_db):
    call_command("load_demo", verbosity=0)
    story = Story.objects.published().get()
    topic = Topic.objects.create(name="Immigration")
    story.topics.add(topic)
    follow_up = make_story("Example follow-up story", published_at=timezone.now())
    article = make_article(outlet=Outlet.objects.get(name="Reuters"), story=follow_up)
    picture = io.BytesIO()
    Image.new("RGB", (320, 180), (40, 60, 90)).save(picture, "JPEG")
    image = ArticleImage(
        article=article,
        source_url="https://wire.example/picture.jpg",
        alt="A grey test card",
        credit="Example Agency",
        state=ArticleImage.State.READY,
        width=320,
        height=180,
    )
    image.file.save("follow-up.jpg", ContentFile(picture.getvalue()), save=True)
    follow_up.topics.add(topic)
    line = storyline_link(story=follow_up, to=story, name="Leadership at the agency")
    OutletRating.objects.create(
        outlet=Outlet.objects.get(name="Reuters"),
        source="The Fictional Ratings Desk",
        value="Centre",
        rated_on=date(2026, 1, 1),
    )
    Correction.objects.create(story=follow_up, text="An earlier version misnamed the agency.")
    outlet = Outlet.objects.get(name="Reuters")
    person = story.quotes.exclude(speaker=None).first().speaker
    long_story = build_story(
        articles=COVERAGE_SHOWN + 3, quotes=2, headline="Northfield bridge, week by week"
    ).story
    return [
        "/",
        "/stories/",
        story.get_absolute_url(),
        f"{story.get_absolute_url()}quotes/",
        f"{story.get_absolute_url()}quotes/?speaker={person.slug}",
        follow_up.get_absolute_url(),
        long_story.get_absolute_url(),
        f"{long_story.get_absolute_url()}?articles=all",
        f"/articles/{story.articles.order_by('pk').first().pk}/",
        f"/articles/{article.pk}/",
        "/corrections/",
        "/topics/",
        f"/topics/{topic.slug}/",
        "/people/",
        person.get_absolute_url(),
        "/outlets/",
        outlet.get_absolute_url(),
        line.get_absolute_url(),
        "/search/",
        "/search/?q=immigration",
        "/search/?q=agency&kind=articles&start=2020-01-01",
        "/search/?q=x&start=2026-02-01&end=2026-01-01",  # a form with an error
    ]


def test_every_public_page_has_no_axe_violation_at_both_widths(
    live_server, browser_page, public_urls
):
    page = browser_page
    axe = Axe()
    found = {}
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        for url in public_urls:
            response = page.goto(live_server.url + url)
            assert response.status == 200, url
            results = axe.run(page)
            problems = [
                f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
                for v in results.response["violations"]
            ]
            overflow = page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            if overflow > 0:
                problems.append(f"{overflow}px wider than the screen")
            if problems:
                found[f"{width} {url}"] = problems
    assert found == {}


def test_unpublished_work_has_no_public_page(client, transactional_db):
    draft = make_story("A draft", published=False)
    scheduled = make_story("Later", published_at=timezone.now() + timedelta(days=1))
    for story in (draft, scheduled):
        assert client.get(story.get_absolute_url()).status_code == 404
