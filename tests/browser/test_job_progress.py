"""A running job's page in Chromium, as an editor sees it: it keeps itself current without
reloading (the progress line is a polite live region), can be paused, and stops when the job
has finished. No reload, no console error, no CSP violation."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from jobs.models import Job
from tests.browser.conftest import sign_in_as_editor


@pytest.fixture
def job_page(transactional_db, live_server, browser_page):
    page = browser_page
    sign_in_as_editor(page, live_server, "job-editor")
    job = Job.objects.create(
        kind=Job.Kind.UPLOAD, label="pasted text", input=[], total=4, state=Job.State.RUNNING
    )
    page.goto(live_server.url + job.get_absolute_url())
    page.evaluate("window.__same_page = true")  # gone if the page reloads
    return page, job


def test_a_running_jobs_page_follows_its_progress_without_reloading(job_page):
    page, job = job_page
    assert page.locator("#job-progress-line").get_attribute("aria-live") == "polite"
    assert page.locator("#job-progress").get_attribute("value") == "0"
    Job.objects.filter(pk=job.pk).update(done=2)
    expect(page.locator("#job-progress")).to_have_attribute("value", "50")
    assert "2 of 4 item(s)" in page.locator("#job-progress-line").inner_text()
    Job.objects.filter(pk=job.pk).update(done=4, state=Job.State.SUCCEEDED)
    expect(page.locator("#job-status")).to_have_attribute("data-finished", "true")
    expect(page.locator("#job-pause")).to_be_hidden()
    assert page.evaluate("window.__same_page") is True
    assert page.problems.console_errors == [] and page.problems.csp_violations() == []


def test_updates_can_be_paused(job_page):
    page, job = job_page
    page.click("#job-pause")
    assert page.locator("#job-pause").get_attribute("aria-pressed") == "true"
    Job.objects.filter(pk=job.pk).update(done=3)
    page.wait_for_timeout(4000)  # longer than one turn of the polling
    assert page.locator("#job-progress").get_attribute("value") == "0"
    page.click("#job-pause")
    expect(page.locator("#job-progress")).to_have_attribute("value", "75")
