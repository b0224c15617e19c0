"""``articles.core.bulk`` writes what ``bulk_create`` and ``bulk_update`` write."""

from __future__ import annotations

import pytest

from articles.core.bulk import objs_insert, rows_update
from articles.models import Figure, QuoteAppearance, TermFrequency
from tests.factories import make_article, make_quote, make_speaker, make_story


def _figure(article, start: int, **kw) -> Figure:
    return Figure(article=article, text="12 people", start=start, end=start + 9, value=12.0, **kw)


@pytest.mark.django_db
def test_objs_insert_writes_the_rows_bulk_create_writes():
    article = make_article(body="Twelve people, 12 people, were there.")
    Figure.objects.bulk_create([_figure(article, 0, unit="people"), _figure(article, 20)])
    by_orm = list(Figure.objects.order_by("start").values("text", "start", "unit", "kind"))
    Figure.objects.all().delete()
    objs_insert(Figure, [_figure(article, 0, unit="people"), _figure(article, 20)])
    assert list(Figure.objects.order_by("start").values("text", "start", "unit", "kind")) == (
        by_orm
    )


@pytest.mark.django_db
def test_objs_insert_can_leave_existing_rows_alone():
    TermFrequency.objects.create(term="bridge", df=3)
    objs_insert(
        TermFrequency,
        [TermFrequency(term="bridge", df=0), TermFrequency(term="river", df=0)],
        ignore_conflicts=True,
    )
    assert dict(TermFrequency.objects.values_list("term", "df")) == {"bridge": 3, "river": 0}


@pytest.mark.django_db
def test_rows_update_sets_each_rows_own_values():
    story = make_story("Bridge closes")
    article = make_article(story=story, body="We will reopen it. We will pay for it.")
    speaker = make_speaker("Jane Roe")
    first = make_quote(story=story, article=article, speaker=speaker, text="We will reopen it")
    second = make_quote(story=story, article=article, speaker=speaker, text="We will pay for it")
    wordings = list(QuoteAppearance.objects.order_by("start"))
    for wording, score in zip(wordings, (0.5, None), strict=True):
        wording.quote = first
        wording.match = QuoteAppearance.Match.PARAPHRASE
        wording.match_score = score
        wording.version += 1
    rows_update(QuoteAppearance, wordings, ["quote", "match", "match_score", "version"])
    assert list(
        QuoteAppearance.objects.order_by("start").values_list(
            "quote_id", "match", "match_score", "version"
        )
    ) == [(first.pk, "paraphrase", 0.5, 2), (first.pk, "paraphrase", None, 2)]
    assert second.appearances.count() == 0
