"""A figure an editor rejected is neither on the story page nor in the API's story detail; the
figures kept are, each under the outlet that gave it."""

from __future__ import annotations

import pytest
from django.test import Client

from articles.models import Figure, ReviewState
from tests.story_builders import build_story

pytestmark = pytest.mark.django_db


@pytest.fixture
def story_with_a_rejected_figure():
    built = build_story(articles=2)
    gazette_article, courier_article = built.articles
    Figure.objects.create(
        article=courier_article,
        text="900 cyclists a day",
        start=0,
        end=18,
        value=900,
        kind="count",
        review_state=ReviewState.REJECTED,
    )
    return built


def test_a_rejected_figure_is_not_on_the_story_page(story_with_a_rejected_figure):
    html = Client().get(story_with_a_rejected_figure.story.get_absolute_url()).content.decode()

    assert "900 cyclists a day" not in html
    assert "12 million pounds" in html  # the figures kept are there


def test_a_rejected_figure_is_not_in_the_api_story_detail(story_with_a_rejected_figure):
    story = story_with_a_rejected_figure.story
    figures = Client().get(f"/api/v1/stories/{story.slug}/").json()["figures"]

    assert sorted((f["text"], f["outlet"]["name"]) for f in figures) == [
        ("12 million pounds", "Northfield Courier"),
        ("12 million pounds", "The Example Gazette"),
    ]
