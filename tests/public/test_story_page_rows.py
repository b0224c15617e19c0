"""The story page reads its articles, outlets, figures, people and speakers as plain rows
(``story_rows``); they are the rows, and the values, the story's prefetched model instances
hold (``load_story_rows``, which the JSON-LD of a bare story and other readers still use),
with the site showing unchecked findings or not."""

from __future__ import annotations

import pytest
from django.db.models import F

from articles.core.visibility import reader_appearances
from articles.models import ArticlePerson, Figure, Quote, QuoteAppearance, ReviewState
from articles.public.pages.figures import FIGURES, figures_of
from articles.public.pages.people import PEOPLE, people_named
from articles.public.pages.quote_index import quote_index
from articles.public.pages.story import published_story
from articles.public.pages.story_rows import FigureRow, load_story_rows, story_rows
from sources.models import Speaker
from tests.factories import make_speaker
from tests.public.test_story_html import _hostile_story
from tests.story_builders import build_story

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


@pytest.mark.parametrize("unchecked", [False, True])
def test_the_quote_index_holds_the_quotes_readers_may_see(settings, unchecked):
    """The quote index (which filters wordings by their articles in Python, not in SQL) lists
    exactly the quotes of the story with a wording readers may see (``reader_appearances``):
    not one printed only in an article waiting for acceptance, here or in another story, and
    yes one printed only in an accepted article another story holds (left behind by a move);
    with each speaker's name and slug, and how many outlets carried the quote."""
    settings.NEWSROOM_SHOW_UNCHECKED = unchecked
    built = build_story(articles=3, quotes=4)
    other = build_story(articles=2, quotes=1, headline="Northfield ferry timetable")
    waiting, elsewhere = built.articles[2], other.articles[0]
    waiting.review_state = ReviewState.SUGGESTED
    waiting.save(update_fields=["review_state"])
    other.articles[1].review_state = ReviewState.SUGGESTED
    other.articles[1].save(update_fields=["review_state"])
    only_waiting, only_elsewhere, only_hidden_elsewhere = built.quotes[:3]
    clerk = make_speaker("Clerk Avery Vale")
    Quote.objects.filter(pk=only_elsewhere.pk).update(speaker=clerk)
    QuoteAppearance.objects.filter(quote=only_waiting).exclude(article=waiting).delete()
    for quote, article in ((only_elsewhere, elsewhere), (only_hidden_elsewhere, other.articles[1])):
        moved = QuoteAppearance.objects.filter(quote=quote, article=built.articles[0])
        QuoteAppearance.objects.filter(quote=quote).exclude(pk__in=moved).delete()
        moved.update(article=article, start=F("start") + 5000, end=F("end") + 5000)

    story = published_story(built.story.slug)
    articles = {row.pk: row for row in story_rows(story).articles}
    index = quote_index(story.pk, articles)

    visible = reader_appearances().filter(quote__story=story)
    expected = set(visible.values_list("quote_id", flat=True))
    assert {pk for group in index for pk in group.quote_ids} == expected
    assert only_elsewhere.pk in expected and only_waiting.pk not in expected
    assert only_hidden_elsewhere.pk not in expected
    for group in index:
        speaker = Speaker.objects.get(pk=group.speaker_id)
        assert (group.name, group.slug) == (speaker.name, speaker.slug)
        assert group.widest == max(
            visible.filter(quote_id=pk).values("article__outlet").distinct().count()
            for pk in group.quote_ids
        )
    assert [g.name for g in index] == ["Mayor Jane Roe", "Clerk Avery Vale"]
