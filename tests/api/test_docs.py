"""The interactive docs work under the site's strict Content-Security-Policy: local Swagger UI
files, no inline script or style, the start-up script served from the same origin."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")


def test_docs_page_has_no_inline_script_or_style(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "script-src 'self'" in response["Content-Security-Policy"]
    # Every <script> has a src on this origin; there is no <style> element.
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, flags=re.S)
    assert scripts
    for attributes, body in scripts:
        assert body.strip() == ""
        assert 'src="/' in attributes
    assert "<style" not in html
    assert "cdn" not in html.lower()


def test_docs_start_up_script_is_served_as_javascript(client):
    html = client.get("/api/docs/").content.decode()
    [script_url] = re.findall(r'<script src="([^"]*\?script[^"]*)"', html)
    response = client.get(script_url.replace("&amp;", "&"))
    assert response.status_code == 200
    assert "javascript" in response["Content-Type"]
    assert "SwaggerUIBundle" in response.content.decode()
    assert "/api/schema/" in response.content.decode()


def test_schema_is_served_as_openapi_3(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    assert response.json()["openapi"].startswith("3.")
    assert "/api/v1/stories/{slug}/" in response.json()["paths"]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_swagger_ui_renders_every_resource_without_csp_violations(live_server):
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed: apt-get install chromium")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.on(
                "console",
                lambda msg: errors.append(msg.text) if msg.type == "error" else None,
            )
            page.add_init_script(
                "window.__csp = [];"
                "document.addEventListener('securitypolicyviolation',"
                " e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"
            )
            page.goto(live_server.url + "/api/docs/")
            page.wait_for_selector(".opblock-summary-path", timeout=15_000)
            paths = page.locator(".opblock-summary-path").all_inner_texts()
            violations = page.evaluate("window.__csp")
        finally:
            browser.close()
    assert any("/api/v1/stories/{slug}/" in p for p in paths)
    assert violations == []
    assert errors == []
