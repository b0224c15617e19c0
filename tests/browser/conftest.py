"""Browser tests: Playwright driving Debian's headless Chromium against pytest-django's
``live_server``. Skipped, with the reason, when Chromium is not installed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"

# Playwright's sync API runs an event loop in this thread; Django would otherwise refuse the
# ORM calls that build fixtures ("You cannot call this from an async context").
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def chromium():
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class PageProblems:
    """Console errors, uncaught exceptions, failed requests and CSP violations seen by a page."""

    def __init__(self, page):
        self.page = page
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.failed_requests: list[str] = []
        page.on(
            "console",
            lambda msg: self.console_errors.append(msg.text) if msg.type == "error" else None,
        )
        page.on("pageerror", lambda exc: self.page_errors.append(str(exc)))
        page.on("requestfailed", lambda req: self.failed_requests.append(req.url))
        page.on(
            "response",
            lambda resp: (
                self.failed_requests.append(f"{resp.status} {resp.url}")
                if resp.status >= 400
                else None
            ),
        )
        # Record CSP violations from inside the page too (the console may word them variously).
        page.add_init_script(
            "window.__csp = [];"
            "document.addEventListener('securitypolicyviolation',"
            " e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"
        )

    def csp_violations(self) -> list[str]:
        recorded = self.page.evaluate("window.__csp || []")
        from_console = [m for m in self.console_errors if "Content Security Policy" in m]
        return [*recorded, *from_console]


@pytest.fixture
def browser_page(chromium):
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.problems = PageProblems(page)
    yield page
    context.close()


@pytest.fixture
def phone_page(chromium):
    context = chromium.new_context(
        viewport={"width": 375, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale="en-GB",
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.problems = PageProblems(page)
    yield page
    context.close()


@pytest.fixture
def screenshot():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str, *, full_page: bool = True) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return take


STAFF_PASSWORD = "correct horse battery staple"


def sign_in_as_editor(page, live_server, username: str):
    """A new staff user with the Editor role, signed in to the admin in ``page``."""
    from django.contrib.auth.models import Group, Permission, User
    from django.urls import reverse

    from articles.editorial.roles import roles_sync

    roles_sync(group_model=Group, permission_model=Permission)  # a flushed database has none
    user = User.objects.create_user(username, password=STAFF_PASSWORD, is_staff=True)
    user.groups.add(Group.objects.get(name="Editor"))
    page.goto(live_server.url + reverse("admin:login"))
    page.fill("#id_username", username)
    page.fill("#id_password", STAFF_PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_url(live_server.url + reverse("admin:index"))
    return user
