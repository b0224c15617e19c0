"""Conditional GET: ETag and Last-Modified, answered with 304 when nothing changed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from django.utils.http import http_date

from articles.models import Story

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/stories/",
        "/api/v1/stories/{slug}/",
        "/api/v1/stories/{slug}/jsonld/",
        "/api/v1/stories/{slug}/ninjs/",
        "/api/v1/articles/",
        "/api/v1/quotes/",
        "/api/v1/outlets/",
        "/api/v1/speakers/",
    ],
)
def test_same_etag_gets_a_304_with_no_body(anon, story, path):
    url = path.format(slug=story.slug)
    first = anon.get(url)
    assert first.status_code == 200
    assert first["ETag"].startswith('W/"')
    assert "Last-Modified" in first

    again = anon.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == first["ETag"]


def test_not_modified_answer_costs_one_query(anon, story, django_assert_num_queries):
    etag = anon.get(f"/api/v1/stories/{story.slug}/")["ETag"]
    with django_assert_num_queries(1):  # the content generation; the answer is cached
        response = anon.get(f"/api/v1/stories/{story.slug}/", HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304


# Edits are saved as the admin and the services save them: a raw QuerySet.update() skips the
# signals that retire cached answers (articles/signals.py), as it skips history.


def test_editing_the_story_changes_its_etag(anon, story):
    etag = anon.get(f"/api/v1/stories/{story.slug}/")["ETag"]
    story.dek = "The Example Gazette reports the vote."
    story.save()
    response = anon.get(f"/api/v1/stories/{story.slug}/", HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response["ETag"] != etag


def test_editing_a_source_article_changes_the_story_etag(anon, story):
    etag = anon.get(f"/api/v1/stories/{story.slug}/")["ETag"]
    article = story.articles.first()
    article.updated_at = timezone.now() + timedelta(seconds=5)
    article.save()
    assert anon.get(f"/api/v1/stories/{story.slug}/", HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_unpublishing_a_story_changes_the_list_etag(anon, story):
    etag = anon.get("/api/v1/stories/")["ETag"]
    Story.objects.filter(pk=story.pk).update(status=Story.Status.DRAFT)
    assert anon.get("/api/v1/stories/", HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_staff_and_public_get_different_etags_for_the_same_url(anon, staff, story):
    assert anon.get("/api/v1/stories/")["ETag"] != staff.get("/api/v1/stories/")["ETag"]
    assert "Authorization" in anon.get("/api/v1/stories/")["Vary"]


def test_filters_and_pages_have_their_own_etags(anon, story):
    plain = anon.get("/api/v1/stories/")["ETag"]
    assert anon.get("/api/v1/stories/", {"page_size": 5})["ETag"] != plain


def test_if_modified_since_gets_a_304_when_unchanged(anon, story):
    response = anon.get(f"/api/v1/stories/{story.slug}/")
    since = response["Last-Modified"]
    again = anon.get(f"/api/v1/stories/{story.slug}/", HTTP_IF_MODIFIED_SINCE=since)
    assert again.status_code == 304
    earlier = http_date((timezone.now() - timedelta(days=1)).timestamp())
    assert (
        anon.get(f"/api/v1/stories/{story.slug}/", HTTP_IF_MODIFIED_SINCE=earlier).status_code
        == 200
    )


def test_stale_etag_gets_the_full_answer(anon, story):
    response = anon.get(f"/api/v1/stories/{story.slug}/", HTTP_IF_NONE_MATCH='W/"stale"')
    assert response.status_code == 200
    assert response.json()["slug"] == story.slug


def test_rejecting_a_wording_or_editing_a_key_point_changes_the_story_etag(anon, story):
    import time_machine

    from articles.models import KeyPoint, QuoteAppearance

    url = f"/api/v1/stories/{story.slug}/"
    with time_machine.travel(timezone.now() + timedelta(minutes=1), tick=False):
        etag = anon.get(url)["ETag"]
    with time_machine.travel(timezone.now() + timedelta(minutes=2), tick=False):
        appearance = QuoteAppearance.objects.filter(quote__story=story).first()
        appearance.review_state = "rejected"
        appearance.save()
        after_review = anon.get(url, HTTP_IF_NONE_MATCH=etag)
    assert after_review.status_code == 200
    with time_machine.travel(timezone.now() + timedelta(minutes=3), tick=False):
        KeyPoint.objects.create(story=story, text="A new point.", position=9)
        after_point = anon.get(url, HTTP_IF_NONE_MATCH=after_review["ETag"])
    assert after_point.status_code == 200
