"""axe-core in Chromium on the project's admin, as an editor sees it: the index, the dashboard,
the import page, and the list, add and change pages of every model of the newsroom's apps,
on the demo story. No critical or serious violation; the quote review list readable at
1366 px and on a phone."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.apps import apps
from django.contrib import admin
from django.core.management import call_command
from django.urls import NoReverseMatch, reverse

from tests.browser.conftest import sign_in_as_editor


@pytest.fixture
def editor_page(transactional_db, live_server, browser_page):
    call_command("load_demo", verbosity=0)
    sign_in_as_editor(browser_page, live_server, "axe-editor")
    return browser_page


def _admin_urls() -> list[str]:
    urls = [
        reverse("admin:index"),
        reverse("admin:articles_story_dashboard"),
        reverse("admin:articles_article_import"),
    ]
    for model in [
        *apps.get_app_config("articles").get_models(),
        *apps.get_app_config("sources").get_models(),
        *apps.get_app_config("jobs").get_models(),
    ]:
        if model not in admin.site._registry:
            continue
        opts = model._meta
        urls.append(reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist"))
        try:
            urls.append(reverse(f"admin:{opts.app_label}_{opts.model_name}_add"))
        except NoReverseMatch:
            pass
        first = model._default_manager.order_by("pk").first()
        if first is not None:
            urls.append(
                reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[first.pk])
            )
            # Its history: simple_history's pages where the model keeps one, Django's else.
            urls.append(
                reverse(f"admin:{opts.app_label}_{opts.model_name}_history", args=[first.pk])
            )
    return urls


def test_no_critical_or_serious_violation_on_the_admin(editor_page, live_server):
    page, axe = editor_page, Axe()
    found = {}
    for url in _admin_urls():
        response = page.goto(live_server.url + url)
        if response.status == 403:  # an add page an editor may not use (the audit log)
            continue
        assert response.status == 200, url
        violations = axe.run(page).response["violations"]
        bad = [
            f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}"
            for v in violations
            if v["impact"] in ("critical", "serious")
        ]
        if bad:
            found[url] = bad
    assert found == {}
    assert not page.problems.page_errors
    assert page.problems.csp_violations() == []


@pytest.mark.parametrize("width", [1366, 375])
def test_the_quote_review_list_is_readable(editor_page, live_server, width):
    page = editor_page
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(live_server.url + reverse("admin:articles_quoteappearance_changelist"))
    row = page.locator("#result_list tbody tr").first
    text = row.locator("td.field-text, th.field-text").first
    state = row.locator("td.field-review_state").first
    # The quote itself gets room: 30% of a phone (the speaker and state need the rest), 280 px
    # or more on a laptop.
    assert text.bounding_box()["width"] >= (280 if width >= 1000 else width * 0.3)
    box = state.bounding_box()
    # The review column is on the screen, not scrolled off to the right.
    assert box["x"] + box["width"] <= width
