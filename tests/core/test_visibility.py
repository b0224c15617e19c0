"""Reader visibility and staff preview are one rule, the same for pages and the API."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser, User

from articles.core.visibility import visible_appearances, visible_articles, visible_stories
from articles.models import Article, Quote, may_preview
from tests.factories import make_article, make_quote, make_story


@pytest.mark.django_db
def test_only_active_staff_may_preview():
    staff = User.objects.create_user("desk", is_staff=True)
    gone = User.objects.create_user("former", is_staff=True, is_active=False)
    reader = User.objects.create_user("reader")
    assert may_preview(staff)
    assert not may_preview(gone)
    assert not may_preview(reader)
    assert not may_preview(AnonymousUser())
    assert not may_preview(None)


@pytest.mark.django_db
def test_drafts_are_previewed_by_staff_and_hidden_from_readers_everywhere():
    staff = User.objects.create_user("desk", is_staff=True)
    draft = make_story(headline="Harbor board weighs new ferry", published=False)
    live = make_story(headline="Northfield opens its new library")
    draft_article = make_article(story=draft)
    make_article(story=live)
    make_quote(story=draft, article=draft_article, speaker=None, text="We have waited long enough")
    for user in (None, AnonymousUser()):
        assert list(visible_stories(user)) == [live]
        assert draft_article not in visible_articles(user)
        assert not Article.objects.visible_to(user).filter(story=draft).exists()
        assert not Quote.objects.visible_to(user).filter(story=draft).exists()
        assert not visible_appearances(user).filter(article=draft_article).exists()
    assert set(visible_stories(staff)) == {draft, live}
    assert draft_article in visible_articles(staff)
    assert Quote.objects.visible_to(staff).filter(story=draft).exists()
    assert visible_appearances(staff).filter(article=draft_article).exists()
