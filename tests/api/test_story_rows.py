"""The story list and detail, read as plain rows, answer exactly what the serializers say of
the same stories as model instances: the same JSON, byte for byte, for readers and for staff,
whatever is hidden from whom (drafts, articles not accepted, rejected or unchecked findings)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.db.models import F
from django.utils import timezone
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from articles.api.stories import StoryViewSet
from articles.api.story_serializers import StoryDetailSerializer, StorySerializer
from articles.models import (
    ArticlePerson,
    Attribution,
    Figure,
    QuoteAppearance,
    Story,
    Topic,
)
from tests.api.conftest import token_client
from tests.factories import (
    make_article,
    make_correction,
    make_outlet,
    make_quote,
    make_speaker,
    make_story,
)
from tests.story_builders import build_story

pytestmark = pytest.mark.django_db


def view_for(path: str, user, action: str, **kwargs) -> StoryViewSet:
    request = Request(APIRequestFactory().get(path))
    request.user = user
    view = StoryViewSet(request=request, action=action, format_kwarg=None, args=(), kwargs=kwargs)
    view.paginator.request = request
    return view


def drf(serializer_class, instance, context: dict):
    """What DRF's own field-by-field ``to_representation`` makes of a model instance."""
    return serializers.Serializer.to_representation(serializer_class(context=context), instance)


def expected_detail(slug: str, user) -> bytes:
    """The detail as the serializer gives it of the story loaded as instances (its relations
    prefetched as the exports load them, as the detail loaded them before)."""
    view = view_for(f"/api/v1/stories/{slug}/", user, "retrieve", slug=slug)
    story = view.get_queryset().get(slug=slug)
    view.load(story, view.relations_prefetch)
    return JSONRenderer().render(drf(StoryDetailSerializer, story, view.get_serializer_context()))


@pytest.fixture
def tangled(db):
    """A published story with 22 quotes and everything readers must not see beside what they
    may: an article not accepted into the story, rejected and unchecked findings, a wording in
    another story's article, a quote without a speaker, sources with and without articles."""
    built = build_story(articles=4, quotes=22)
    story, courier = built.story, built.outlets[1]
    story.topics.add(Topic.objects.create(name="Transport"), Topic.objects.create(name="Council"))
    hidden = make_article(
        outlet=make_outlet("The Sample Courier", kind="wire", country="US"),
        story=story,
        review_state="suggested",
        url=None,
        published_at=None,
        byline="Alex Doe",
        is_translation=True,
    )
    # Listed last by date, first by name: the story's outlets are in name order.
    make_article(
        outlet=make_outlet("Example Evening Post"),
        story=story,
        published_at=timezone.now() - timedelta(days=3),
    )
    council = make_speaker("Northfield Council", kind="organization")
    ArticlePerson.objects.create(article=hidden, speaker=council, role="Planning authority")
    Figure.objects.create(article=hidden, text="40 metres", start=0, end=9, value=40, unit="m")
    first = built.articles[0]
    Figure.objects.create(
        article=first, text="3 lanes", start=1, end=8, value=3, review_state="rejected"
    )
    Figure.objects.create(
        article=first, text="2 years", start=2, end=9, value=2, review_state="suggested"
    )
    ArticlePerson.objects.create(article=first, speaker=council, review_state="rejected")
    make_quote(story=story, article=hidden, speaker=council, text="The plans are sound,")
    unattributed = make_quote(story=story, article=first, speaker=None, text="No comment.")
    wording = unattributed.appearances.get()
    wording.match_score = 0.875
    wording.save()
    make_quote(
        story=story, article=first, speaker=council, text="Rejected words", review_state="rejected"
    )
    elsewhere = make_article(outlet=courier, story=make_story("The ferry timetable changes"))
    QuoteAppearance.objects.create(
        quote=built.quotes[-1], article=elsewhere, text="Long enough.", start=3, end=15
    )
    point = story.key_points.first()
    for article, state in ((first, "rejected"), (hidden, "approved"), (first, "suggested")):
        Attribution.objects.create(
            key_point=point,
            outlet=article.outlet,
            article=article,
            passage="The council voted.",
            origin="engine",
            review_state=state,
            position=5,
        )
    make_correction(story, "A clarification.", kind="clarification")
    return story


@pytest.fixture
def editor(db):
    return User.objects.create_user("editor", "editor@example.com", "pw", is_staff=True)


@pytest.mark.parametrize("unchecked", [False, True])
def test_the_story_detail_is_what_the_serializer_says_for_readers(
    tangled, anon, settings, unchecked
):
    settings.NEWSROOM_SHOW_UNCHECKED = unchecked
    response = anon.get(f"/api/v1/stories/{tangled.slug}/")
    assert response.status_code == 200
    assert response.content == expected_detail(tangled.slug, AnonymousUser())
    data = response.json()
    assert data["quote_count"] == 23 and len(data["quotes"]) == 20 and data["quotes_next"]
    assert "Rejected words" not in response.content.decode()
    assert len(data["articles"]) == 5  # not the one not yet accepted
    assert [o["name"] for o in data["outlets"]][0] == "Example Evening Post"


def test_the_story_detail_is_what_the_serializer_says_for_staff(tangled, editor):
    response = token_client(editor).get(f"/api/v1/stories/{tangled.slug}/")
    assert response.status_code == 200
    assert response.content == expected_detail(tangled.slug, editor)
    assert len(response.json()["articles"]) == 6  # staff see the article not yet accepted


def test_a_bare_draft_is_what_the_serializer_says(editor):
    draft = make_story("A draft without anything yet", published=False, dek="")
    response = token_client(editor).get(f"/api/v1/stories/{draft.slug}/")
    assert response.status_code == 200
    assert response.content == expected_detail(draft.slug, editor)
    assert response.json()["quotes_next"] is None


def listed(path: str, user, stories: list[Story]) -> list[dict]:
    context = view_for(path, user, "list").get_serializer_context()
    return [drf(StorySerializer, story, context) for story in stories]


@pytest.mark.parametrize("staff", [False, True])
def test_the_story_list_is_what_the_serializer_says(tangled, editor, anon, staff):
    for n in range(4):
        story = make_story(f"Northfield council story {n}", dek=f"Dek {n}")
        story.topics.add(Topic.objects.get(name="Council"))
    make_story("A draft", published=False)
    make_story("Scheduled", published_at=timezone.now() + timedelta(days=1))
    user = editor if staff else AnonymousUser()
    client = token_client(editor) if staff else anon
    stories = list(
        Story.objects.visible_to(user).order_by(F("published_at").desc(nulls_last=True), "-id")
    )
    path = "/api/v1/stories/?page_size=3"
    pages = []
    while path:
        response = client.get(path)
        assert response.status_code == 200
        pages.append(response.json())
        path = pages[-1]["next"]
    results = [story for page in pages for story in page["results"]]
    expected = listed("/api/v1/stories/", user, stories)
    assert JSONRenderer().render(results) == JSONRenderer().render(expected)
    assert len(pages) == -(-len(stories) // 3)


def test_a_listed_page_has_the_etag_its_stories_as_instances_give(tangled, anon):
    path = "/api/v1/stories/?page_size=50"
    response = anon.get(path)
    view = view_for(path, AnonymousUser(), "list")
    stories = list(view.get_queryset().order_by(F("published_at").desc(nulls_last=True), "-id"))
    assert response["ETag"] == view._validators(stories)[0]
