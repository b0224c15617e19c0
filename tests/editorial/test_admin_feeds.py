"""Editors subscribe to feeds in the admin, try one before saving, and follow the jobs."""

from __future__ import annotations

from articles.models import Article
from jobs.models import Feed, Job
from tests.editorial.conftest import client_for

ADD = "/admin/jobs/feed/add/"


def feed_form(url: str, **extra) -> dict:
    return {
        "url": url,
        "name": "Harbour desk",
        "outlet": "",
        "interval": "00:15:00",
        "active": "on",
        **extra,
    }


def test_an_editor_tries_a_feed_without_saving_it(editor, feed_server):
    response = client_for(editor).post(ADD, feed_form(feed_server.url, _try="1"))
    page = response.content.decode()
    assert response.status_code == 200
    assert "2 article(s) found, e.g. Harbour report 1; Harbour report 2." in page
    assert "Not saved yet: that was a try. Save to subscribe." in page
    assert f'value="{feed_server.url}"' in page  # the form keeps what was typed
    assert "Please correct the error" not in page  # a try that worked is no error
    assert not Feed.objects.exists() and not Article.objects.exists()


def test_trying_a_broken_feed_says_why(editor, feed_server):
    feed_server.state["status"] = 404
    page = client_for(editor).post(ADD, feed_form(feed_server.url, _try="1")).content.decode()
    assert "HTTP 404" in page and "Not saved." in page
    assert not Feed.objects.exists()


def test_an_editor_subscribes_and_polls_now(
    editor, feed_server, django_capture_on_commit_callbacks
):  # noqa: E501
    client = client_for(editor)
    assert client.post(ADD, feed_form(feed_server.url)).status_code == 302
    feed = Feed.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/admin/jobs/feed/", {"action": "poll_now", "_selected_action": [feed.pk]})
    feed.refresh_from_db()
    assert feed.last_status == "2 new, 0 already stored"
    page = client.get(f"/admin/jobs/feed/{feed.pk}/change/").content.decode()
    job = Job.objects.get(feed=feed)
    assert f'href="{job.get_absolute_url()}"' in page  # recent imports, linked


def test_polling_more_often_than_a_minute_is_refused(editor, feed_server):
    page = client_for(editor).post(ADD, feed_form(feed_server.url, interval="00:00:10"))
    assert "Poll it at most once a minute" in page.content.decode()


def test_reporters_see_jobs_and_feeds_but_do_not_manage_feeds(reporter, feed_server):
    client = client_for(reporter)
    job = Job.objects.create(kind=Job.Kind.UPLOAD, label="pasted text", input=[], total=1)
    assert client.get("/admin/jobs/job/").status_code == 200
    assert client.get(job.get_absolute_url()).status_code == 200
    assert client.get("/admin/jobs/feed/").status_code == 200
    assert client.get(ADD).status_code == 403
    assert client.post(ADD, feed_form(feed_server.url)).status_code == 403
    assert not Feed.objects.exists()


def test_nobody_edits_a_jobs_record(administrator):
    job = Job.objects.create(kind=Job.Kind.UPLOAD, label="pasted text", input=[], total=1)
    client = client_for(administrator)
    assert client.get("/admin/jobs/job/add/").status_code == 403
    assert client.post(f"/admin/jobs/job/{job.pk}/delete/", {"post": "yes"}).status_code == 403
    assert Job.objects.filter(pk=job.pk).exists()
