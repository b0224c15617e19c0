"""The story page reads its articles, outlets, figures, people and speakers as plain rows
(``story_rows``); they are the rows, and the values, the story's prefetched model instances
hold (``load_story_rows``, which the JSON-LD of a bare story and other readers still use),
with the site showing unchecked findings or not."""

from __future__ import annotations

import pytest

from articles.models import ArticlePerson, Figure, ReviewState
from articles.public.pages.figures import FIGURES, figures_of
from articles.public.pages.people import PEOPLE, people_named
from articles.public.pages.story import published_story
from articles.public.pages.story_rows import FigureRow, load_story_rows, story_rows
from tests.public.test_story_html import _hostile_story

pytestmark = pytest.mark.django_db

ARTICLE = ("pk", "headline", "url", "published_at", "is_translation", "outlet_id")
OUTLET = ("pk", "name", "slug", "homepage", "kind", "country")
SPEAKER = ("pk", "name", "slug", "kind", "role", "role_checked")


def _values(obj, names) -> tuple:
    return tuple(getattr(obj, name) for name in names)


@pytest.mark.parametrize("unchecked", [False, True])
def test_the_page_rows_are_the_prefetched_rows(settings, unchecked):
    settings.NEWSROOM_SHOW_UNCHECKED = unchecked
    built = _hostile_story()
    first = built.articles[0]
    Figure.objects.filter(article=first).update(review_state=ReviewState.SUGGESTED)
    ArticlePerson.objects.filter(article=built.articles[1]).update(
        review_state=ReviewState.SUGGESTED
    )
    rows = story_rows(published_story(built.story.slug))
    story = published_story(built.story.slug)
    load_story_rows(story)
    articles = list(story.articles.all())

    assert [_values(a, ARTICLE) for a in rows.articles] == [_values(a, ARTICLE) for a in articles]
    assert [_values(a.outlet, OUTLET) for a in rows.articles] == [
        _values(a.outlet, OUTLET) for a in articles
    ]
    assert rows.articles == articles  # a row equals its model instance
    for row, article in zip(rows.articles, articles, strict=True):
        assert [tuple(f) for f in getattr(row, FIGURES)] == [
            _values(f, FigureRow._fields) for f in figures_of(article)
        ]
        assert [
            (m.pk, m.speaker_id, m.role, m.review_state, _values(m.speaker, SPEAKER))
            for m in getattr(row, PEOPLE)
        ] == [
            (m.pk, m.speaker_id, m.role, m.review_state, _values(m.speaker, SPEAKER))
            for m in people_named(article)
        ]
    shown = sum(len(getattr(row, FIGURES)) for row in rows.articles)
    assert (shown == Figure.objects.filter(article__story=built.story).count()) == unchecked
    for (claim, sources), prefetched in (
        *zip(rows.key_points, story.key_points.all(), strict=True),
        *zip(rows.paragraphs, story.paragraphs.all(), strict=True),
    ):
        assert claim == prefetched
        assert [(s.pk, s.outlet.pk, s.article_id) for s in sources] == [
            (s.pk, s.outlet.pk, s.article_id) for s in prefetched.attributions.all()
        ]
    assert rows.corrections == list(story.corrections.all())
