"""The story page in a real browser: it renders, breaks no CSP rule, and fits a phone."""

import re

import pytest

from tests.story_builders import build_story


@pytest.fixture
def story(transactional_db):
    return build_story(articles=4, quotes=2).story


def test_story_page_shows_key_points_source_chips_and_quotes_by_speaker(
    live_server, browser_page, story, screenshot
):
    page = browser_page
    page.goto(live_server.url + story.get_absolute_url())

    assert page.locator("h1").inner_text() == story.headline
    points = page.locator(".key-point")
    assert points.count() == 2
    chips = points.first.locator("a.chip")
    assert [t.split(":")[0].strip() for t in chips.all_inner_texts()] == [
        "The Example Gazette",
        "Northfield Courier",
    ]
    # The accessible name starts with the visible name (WCAG 2.5.3, label in name).
    name = re.compile(r"^The Example Gazette\s*: see the")
    assert points.first.get_by_role("link", name=name).count() == 1
    speaker = page.locator(".speaker").first
    assert speaker.locator("h3").inner_text() == "Mayor Jane Roe"
    assert speaker.locator(".quote").count() == 2
    assert page.locator(".timeline svg > title").text_content() == "Who published when"
    screenshot(page, "story-desktop")


def test_story_page_has_no_console_errors_or_csp_violations(live_server, browser_page, story):
    page = browser_page
    page.goto(live_server.url + story.get_absolute_url())
    page.wait_for_load_state("networkidle")

    assert page.problems.csp_violations() == []
    assert page.problems.console_errors == []
    assert page.problems.page_errors == []
    assert page.problems.failed_requests == []
    # The stylesheet came from this server and applied.
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(251, 250, 247)"


def test_story_page_fits_a_phone_without_horizontal_scroll(
    live_server, phone_page, story, screenshot
):
    page = phone_page
    page.goto(live_server.url + story.get_absolute_url())
    page.wait_for_load_state("networkidle")

    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
    screenshot(page, "story-phone")
    screenshot(page, "story-phone-top", full_page=False)
    page.locator(".quotes").scroll_into_view_if_needed()
    screenshot(page, "story-phone-quotes", full_page=False)
    page.locator(".coverage").scroll_into_view_if_needed()
    screenshot(page, "story-phone-coverage", full_page=False)


def test_home_page_lists_the_story_on_a_phone(live_server, phone_page, story, screenshot):
    page = phone_page
    page.goto(live_server.url + "/")

    assert page.locator(".story-card h2").first.inner_text() == story.headline
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    assert page.problems.csp_violations() == []
    screenshot(page, "home-phone")


def test_skip_link_moves_focus_to_the_main_content(live_server, browser_page, story):
    page = browser_page
    page.goto(live_server.url + story.get_absolute_url())

    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"


def test_a_timeline_dot_opens_its_article_when_tapped_beside_it_on_a_phone(
    live_server, phone_page, story
):
    page = phone_page
    page.goto(live_server.url + story.get_absolute_url())
    dot = page.locator(".timeline__dot").first
    dot.scroll_into_view_if_needed()
    box = dot.bounding_box()
    # The drawn dot is a few pixels wide on a phone; a finger lands beside it.
    assert box["width"] < 10
    href = page.locator(".timeline a").first.get_attribute("href")
    # The article's page is on its outlet's site: answered here, not looked up.
    page.route(href, lambda route: route.fulfill(body="the article", content_type="text/plain"))
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2 + 7)
    page.wait_for_url(href)
