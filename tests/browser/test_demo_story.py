"""The demo story (the seeds, through ``load_demo``) in a real browser: one Homan quote in both
wordings, every speaker with their words, every outlet as a source, on a desktop and a phone."""

import re

import pytest
from django.core.management import call_command

DEMO_URL = "/stories/ice-leadership-shake-up/"


@pytest.fixture
def demo(transactional_db):
    call_command("load_demo", verbosity=0)


def _speaker(page, name):
    return page.locator(".speaker").filter(has=page.locator("h3", has_text=name))


def test_demo_story_shows_each_quote_once_with_every_wording_and_source(
    live_server, browser_page, demo, screenshot
):
    page = browser_page
    page.goto(live_server.url + DEMO_URL)

    homan = _speaker(page, "Tom Homan")
    assert homan.locator(".quote").count() == 1
    wordings = homan.locator(".wording blockquote")
    assert wordings.count() == 2
    assert "I am not satisfied with the figures" in wordings.nth(0).inner_text()
    assert "I’m not satisfied with the numbers" in wordings.nth(1).inner_text()
    sources = homan.locator(".wording__meta a").all_inner_texts()
    assert sources == ["The New York Times", "Multi-source summary"]
    assert "first reported by" in homan.locator(".wording__meta").first.inner_text()
    page.get_by_text("not satisfied with the figures").first.wait_for()
    assert page.locator(".quotes").get_by_text("not satisfied with the figures").count() == 1

    for name, words in [
        ("Stephen Miller", "We are trying to set an objective of a minimum of 3,000 arrests"),
        ("Todd Lyons", "I say that with a complete understanding that the change is difficult"),
    ]:
        speaker = _speaker(page, name)
        assert speaker.count() == 1
        assert words in speaker.locator(".wording blockquote").first.inner_text()

    chips = set(
        page.locator("a.chip").evaluate_all("cs => cs.map(c => c.firstChild.textContent.trim())")
    )
    assert {"The New York Times", "CBS News", "Reuters", "India Times"} <= chips

    assert page.problems.console_errors == []
    assert page.problems.csp_violations() == []
    screenshot(page, "demo-story")


def test_demo_story_chips_open_their_evidence_and_wordings_compare_word_by_word(
    live_server, browser_page, demo, screenshot
):
    page = browser_page
    page.goto(live_server.url + DEMO_URL)

    point = page.locator(".key-point", has_text="Kenneth Genalo retires")
    details = point.locator("details.claim-sources")
    assert not details.evaluate("d => d.open")
    point.locator("a.chip", has_text="The New York Times").click()
    # Following the chip to a passage inside the closed <details> opens it (no script).
    page.wait_for_function("() => document.querySelector(':target')?.closest('details')?.open")
    evidence = page.locator(".evidence:target")
    assert "Kenneth Genalo" in evidence.locator("blockquote").inner_text()
    assert re.search(r"(Strong|Moderate) match", evidence.inner_text())

    cited = point.locator("a.chip--cited", has_text="CBS News")
    assert "cited" in cited.inner_text().lower()
    name = re.compile(r"^CBS News cited\s*, no article in this story$")
    assert point.get_by_role("link", name=name).count() == 1

    homan = _speaker(page, "Tom Homan")
    homan.get_by_text("Compare wordings").click()
    diff = homan.locator(".diff")
    assert diff.locator("del").first.inner_text().endswith("I am")
    assert "numbers." in diff.locator("ins").all_inner_texts()[1]
    assert "removed:" in diff.locator("del .visually-hidden").first.text_content()
    screenshot(page, "demo-story-open", full_page=False)

    evidence.locator(".evidence__source a").first.click()
    page.wait_for_load_state()
    assert "Kenneth Genalo" in page.locator("#passage").inner_text()
    screenshot(page, "demo-article-passage", full_page=False)


def test_demo_story_fits_a_phone(live_server, phone_page, demo, screenshot):
    page = phone_page
    page.goto(live_server.url + DEMO_URL)
    page.wait_for_load_state("networkidle")

    for details in page.locator("details").all():
        details.evaluate("d => { d.open = true; }")
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
    screenshot(page, "demo-story-phone")
