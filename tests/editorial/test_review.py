"""Reviewing machine findings: a speaker fix is followed by joining the same statement."""

from __future__ import annotations

import pytest

from articles.editorial.review import quote_appearance_set_speaker
from articles.models import Quote, QuoteAppearance
from tests.factories import make_article, make_outlet, make_quote, make_speaker, make_story

pytestmark = pytest.mark.django_db

STATEMENT = "We will rebuild the pier before the summer season begins"


def test_fixing_the_speaker_joins_one_statement_carried_by_three_outlets(editor):
    story = make_story("Harbour pier to be rebuilt", published=False)
    roe = make_speaker("Jane Roe")
    wrong = [make_speaker("John Doe"), make_speaker("Harbour Board"), None]
    appearances = []
    for name, speaker in zip(
        ("The Example Gazette", "Northfield Courier", "Harbor Wire"), wrong, strict=True
    ):
        body = f"Pier to be rebuilt\n\n“{STATEMENT},” the mayor said on Tuesday."
        article = make_article(outlet=make_outlet(name), story=story, body=body)
        quote = make_quote(story=story, article=article, speaker=speaker, text=STATEMENT)
        appearances.append(quote.appearances.get())
    assert Quote.objects.filter(story=story).count() == 3

    for appearance in appearances:
        quote_appearance_set_speaker(appearance=appearance, speaker=roe, user=editor)

    [quote] = Quote.objects.filter(story=story)
    assert quote.speaker == roe
    assert quote.appearances.count() == 3
    assert {a.match for a in quote.appearances.all()} >= {"original"}


def test_fixing_the_speaker_of_a_joined_statement_joins_it_to_the_speakers_other_one(editor):
    story = make_story("Harbour pier to be rebuilt", published=False)
    roe, doe = make_speaker("Jane Roe"), make_speaker("John Doe")
    articles = [
        make_article(outlet=make_outlet(name), story=story, body=f"“{STATEMENT},” she said.")
        for name in ("The Example Gazette", "Northfield Courier", "Harbor Wire", "Tarnwick Post")
    ]
    right = make_quote(story=story, article=articles[0], speaker=roe, text=STATEMENT)
    wrong = make_quote(story=story, article=articles[2], speaker=doe, text=STATEMENT)
    for quote, article in ((right, articles[1]), (wrong, articles[3])):
        QuoteAppearance.objects.create(
            quote=quote, article=article, text=STATEMENT, start=1, end=1 + len(STATEMENT)
        )

    quote_appearance_set_speaker(appearance=wrong.appearances.first(), speaker=roe, user=editor)

    [quote] = Quote.objects.filter(story=story)
    assert quote.pk == right.pk and quote.speaker == roe
    assert quote.appearances.count() == 4
