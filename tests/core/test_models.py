from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.utils import timezone

from articles.models import Article, Attribution, Story
from tests.factories import make_article, make_key_point, make_outlet, make_story


def test_published_excludes_drafts_scheduled_and_embargoed_stories(db):
    now = timezone.now()
    live = make_story("Live")
    make_story("Draft", published=False)
    make_story("In review", published=False, status=Story.Status.REVIEW)
    make_story("Scheduled", published_at=now + timedelta(hours=1))
    make_story("Embargoed", embargo_until=now + timedelta(hours=1))
    make_story("Archived", status=Story.Status.ARCHIVED)
    assert list(Story.objects.published()) == [live]
    assert Story.objects.not_published().count() == 5


def test_the_same_body_from_the_same_outlet_is_stored_once(db):
    outlet = make_outlet()
    make_article(outlet=outlet, body="Mayor Jane Roe opened the bridge.", url=None)
    with pytest.raises(IntegrityError), transaction.atomic():
        make_article(outlet=outlet, body="Mayor  Jane Roe opened the bridge. ", url=None)


def test_article_urls_are_unique_but_may_be_absent(db):
    outlet = make_outlet()
    make_article(outlet=outlet, url="")
    make_article(outlet=outlet, url="")
    assert Article.objects.filter(url__isnull=True).count() == 2
    make_article(outlet=outlet, url="https://gazette.example/a")
    with pytest.raises(IntegrityError), transaction.atomic():
        make_article(outlet=outlet, url="https://gazette.example/a")


def test_deleting_a_story_with_key_points_is_refused(db):
    story = make_story()
    make_key_point(story, "The bridge opens in spring.")
    with pytest.raises(ProtectedError):
        story.delete()


def test_deleting_an_outlet_with_articles_is_refused(db):
    article = make_article()
    with pytest.raises(ProtectedError):
        article.outlet.delete()


def test_an_attribution_belongs_to_exactly_one_claim(db):
    outlet = make_outlet()
    with pytest.raises(IntegrityError), transaction.atomic():
        Attribution.objects.create(outlet=outlet)


def test_is_public_on_a_row_agrees_with_the_published_queryset(db):
    now = timezone.now()
    stories = [
        make_story("Live"),
        make_story("Draft", published=False),
        make_story("Review", published=False, status=Story.Status.REVIEW),
        make_story("Scheduled", published_at=now + timedelta(hours=1)),
        make_story("Embargoed", embargo_until=now + timedelta(hours=1)),
        make_story("Embargo over", embargo_until=now - timedelta(hours=1)),
        make_story("Archived", status=Story.Status.ARCHIVED),
        make_story("No time", published_at=None),
    ]
    public = set(Story.objects.published().values_list("pk", flat=True))
    assert {s.pk for s in stories if s.is_public} == public
    assert len(public) == 2
