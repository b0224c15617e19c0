"""Representations written out for speed say exactly what DRF's field-by-field ones say: the
same keys in the same order, the same values, byte for byte once rendered. (The whole story,
written from plain rows: tests/api/test_story_rows.py.)"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from articles.api.fields import OutletSummarySerializer, datetime_text
from articles.api.serializers import (
    AppearanceSerializer,
    ArticleSummarySerializer,
    FigureSerializer,
    QuoteSerializer,
    SpeakerSummarySerializer,
)
from articles.api.story_serializers import StorySerializer
from articles.models import Article, Figure, Quote, QuoteAppearance, Story, Topic
from tests.factories import make_story
from tests.story_builders import build_story

pytestmark = pytest.mark.django_db


def context() -> dict:
    return {"request": Request(APIRequestFactory().get("/api/v1/stories/"))}


def drf(serializer_class, instance, **kwargs):
    """What DRF's own ``Serializer.to_representation`` makes of ``instance``."""
    return serializers.Serializer.to_representation(
        serializer_class(context=context(), **kwargs), instance
    )


def rendered(data) -> bytes:
    return JSONRenderer().render(data)


@pytest.mark.parametrize(
    "value",
    [
        None,
        datetime(2026, 5, 1, 12, 0, tzinfo=UTC),
        datetime(2026, 5, 1, 12, 0, 0, 123456, tzinfo=UTC),
        datetime(2026, 5, 1, 14, 30, tzinfo=timezone(timedelta(hours=2))),
    ],
)
def test_datetime_text_writes_a_moment_as_drfs_datetime_field_does(value):
    assert datetime_text(value) == serializers.DateTimeField().to_representation(value)


def test_a_listed_story_is_represented_as_drf_would():
    built = build_story()
    built.story.topics.add(
        Topic.objects.create(name="Transport", slug="transport"),
        Topic.objects.create(name="Council", slug="council"),
    )
    draft = make_story("A draft without a date or a dek", published=False, dek="")
    for story in Story.objects.filter(pk__in=[built.story.pk, draft.pk]):
        ours = StorySerializer(story, context=context()).data
        assert rendered(ours) == rendered(drf(StorySerializer, story))


def test_each_part_of_a_story_is_represented_as_drf_would():
    built = build_story(articles=3, quotes=2)
    story = built.story
    wording = QuoteAppearance.objects.filter(quote__story=story).first()
    wording.match_score = 0.875
    wording.save()
    quote = wording.quote
    article = Article.objects.filter(story=story).first()
    parts = [
        (OutletSummarySerializer, article.outlet),
        (SpeakerSummarySerializer, quote.speaker),
        (ArticleSummarySerializer, article),
        (AppearanceSerializer, wording),
        (QuoteSerializer, quote),
        (QuoteSerializer, Quote.objects.create(story=None, speaker=None, text="Unattributed.")),
        (FigureSerializer, Figure.objects.filter(article__story=story).first()),
    ]
    for serializer_class, instance in parts:
        assert instance is not None, serializer_class
        ours = serializer_class(instance, context=context()).data
        assert rendered(ours) == rendered(drf(serializer_class, instance)), serializer_class
