"""Subscribed feeds: polled with conditional GET, new items imported once, errors backed off."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from articles.models import Article
from jobs.models import Feed, Job
from jobs.scheduler import feeds_due
from jobs.services import feed_poll, feed_try
from tests.jobs.conftest import harbour_items, rss

pytestmark = pytest.mark.django_db


@pytest.fixture
def feed(feed_server):
    return Feed.objects.create(url=feed_server.url, name="Gazette harbour desk")


def test_a_poll_imports_the_items_and_remembers_the_validators(feed, feed_server):
    assert feed_poll(feed.pk) == "succeeded"
    feed.refresh_from_db()
    assert Article.objects.count() == 2
    assert set(Article.objects.values_list("outlet__name", flat=True)) == {"The Example Gazette"}
    assert feed.etag == '"v1"'
    assert feed.last_status == "2 new, 0 already stored"
    assert feed.last_error == "" and feed.errors_in_a_row == 0
    job = Job.objects.get(feed=feed)
    assert job.kind == Job.Kind.FEED and job.state == Job.State.SUCCEEDED
    assert job.counts()["created"] == 2


def test_an_unchanged_feed_is_not_downloaded_again(feed, feed_server):
    feed_poll(feed.pk)
    assert feed_poll(feed.pk) == "not modified"
    assert feed_server.state["requests"][-1].get("If-None-Match") == '"v1"'
    assert Job.objects.count() == 1  # no job for a poll that found nothing new
    feed.refresh_from_db()
    assert feed.last_status == "not modified"


def test_a_changed_feed_imports_only_what_is_new(feed, feed_server):
    feed_poll(feed.pk)
    feed_server.state.update(body=rss(harbour_items(3)), etag='"v2"')
    feed_poll(feed.pk)
    feed.refresh_from_db()
    assert Article.objects.count() == 3
    assert feed.last_status == "1 new, 2 already stored"


def test_items_past_the_cap_are_skipped_with_the_reason(feed, feed_server, settings):
    settings.NEWSROOM_FEED_MAX_ITEMS = 1
    feed_poll(feed.pk)
    job = Job.objects.get(feed=feed)
    statuses = list(job.items.values_list("status", "error"))
    assert statuses[0][0] == "created"
    assert statuses[1] == ("skipped", "not read: more than 1 items in one poll of this feed")
    assert Article.objects.count() == 1


def test_a_failing_feed_backs_off_and_keeps_its_error(feed, feed_server):
    feed_server.state["status"] = 503
    before = timezone.now()
    assert feed_poll(feed.pk) == "error"
    assert feed_poll(feed.pk) == "error"
    feed.refresh_from_db()
    assert feed.errors_in_a_row == 2
    assert feed.last_error.startswith("HTTP 503")
    # Twice the interval after two errors in a row, from the last poll.
    assert feed.next_poll_at >= before + 4 * feed.interval - timedelta(seconds=5)
    feed_server.state["status"] = 200
    feed_poll(feed.pk)
    feed.refresh_from_db()
    assert feed.errors_in_a_row == 0 and feed.last_error == ""


def test_the_scheduler_polls_due_feeds_once(feed, feed_server):
    later = Feed.objects.create(
        url=feed_server.url + "?later", next_poll_at=timezone.now() + timedelta(hours=1)
    )
    assert feeds_due() == 1  # the immediate backend polls it right here
    assert feeds_due() == 0  # its next poll is an interval away
    feed.refresh_from_db()
    assert feed.next_poll_at > timezone.now() + feed.interval - timedelta(minutes=1)
    assert Article.objects.count() == 2
    later.refresh_from_db()
    assert later.last_polled_at is None


def test_an_inactive_feed_is_not_polled(feed, feed_server):
    Feed.objects.filter(pk=feed.pk).update(active=False)
    assert feeds_due() == 0
    assert feed_poll(feed.pk) == "inactive"
    assert feed_server.state["requests"] == []


def test_trying_a_feed_writes_nothing(feed_server):
    trial = feed_try(feed_server.url)
    assert trial.ok and trial.items == 2
    assert trial.headlines == ["Harbour report 1", "Harbour report 2"]
    assert not Article.objects.exists() and not Job.objects.exists()
    feed_server.state["status"] = 404
    trial = feed_try(feed_server.url)
    assert not trial.ok and trial.error.startswith("HTTP 404")


def test_a_web_page_is_no_feed_to_try_or_to_poll(feed, feed_server):
    """An article's page, subscribed as a feed, was imported again every minute."""
    feed_server.state["body"] = (
        b"<html><head><title>Harbour reopens</title></head><body><article><h1>Harbour "
        b"reopens</h1><p>"
        + b"Mayor Jane Roe said the harbour will reopen on Friday. " * 8
        + b"</p></article></body></html>"
    )
    feed_server.state["content_type"] = "text/html; charset=utf-8"
    trial = feed_try(feed_server.url)
    assert not trial.ok and trial.error.startswith("not a feed")
    assert feed_poll(feed.pk) == "error"
    feed.refresh_from_db()
    assert feed.last_error.startswith("not a feed") and feed.errors_in_a_row == 1
    assert feed.next_poll_at > timezone.now() + feed.interval  # backed off
    assert not Article.objects.exists()


def test_a_feed_address_other_than_http_or_https_is_refused_before_saving(db):
    """The worker only fetches http(s): an ftp:// feed used to be saved, and fail at its
    first poll."""
    from articles.editorial.roles import EDITOR
    from tests.editorial.conftest import client_for, make_user

    response = client_for(make_user(EDITOR)).post(
        "/admin/jobs/feed/add/",
        {"url": "ftp://feeds.example/harbour.xml", "interval": "00:15:00", "active": "on"},
    )
    assert response.status_code == 200
    assert "Enter a valid URL." in response.content.decode()
    assert not Feed.objects.exists()
