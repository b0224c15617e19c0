"""Setting the speaker of quotes from the review list, with each role's permissions: a statement
carried by several outlets changes once, all or nothing, and a reporter cannot re-attribute
the quotes of a story that has left draft. All names are fictional."""

from __future__ import annotations

import pytest

from articles.models import Quote, QuoteAppearance
from tests.editorial.conftest import client_for
from tests.factories import make_article, make_outlet, make_quote, make_speaker, make_story

pytestmark = pytest.mark.django_db

STATEMENT = "Nuisance fines will double next year,"


def _set_speaker(client, appearances, speaker):
    ids = [a.pk for a in appearances]
    return client.post(
        "/admin/articles/quoteappearance/",
        {"action": "set_speaker", "_selected_action": ids, "confirm": "yes", "speaker": speaker.pk},
        follow=True,
    )


def _carried_by_three_outlets(story):
    quote = None
    for name in ("The Example Gazette", "Northfield Courier", "Exampleton Herald"):
        article = make_article(
            story=story, outlet=make_outlet(name), body=f"“{STATEMENT}” he said."
        )
        if quote is None:
            quote = make_quote(story=story, article=article, speaker=None, text=STATEMENT)
        else:
            QuoteAppearance.objects.create(
                quote=quote, article=article, text=STATEMENT, start=1, end=1 + len(STATEMENT)
            )
    return quote


def test_one_statement_chosen_in_three_outlets_changes_speaker_once(editor):
    quote = _carried_by_three_outlets(make_story())
    roe = make_speaker("Jane Roe")
    done = _set_speaker(client_for(editor), quote.appearances.all(), roe)
    assert done.status_code == 200
    assert "3 quote(s) now attributed to Jane Roe" in done.content.decode()
    quote.refresh_from_db()
    assert quote.speaker == roe
    assert set(quote.appearances.values_list("reviewed_by", flat=True)) == {editor.pk}


def test_a_reporter_cannot_reattribute_the_quotes_of_a_published_story(reporter):
    story = make_story()  # published
    article = make_article(story=story, body="“Our streets will be safer,” said Jane Roe.")
    roe, doe = make_speaker("Jane Roe"), make_speaker("John Doe")
    quote = make_quote(story=story, article=article, speaker=roe, text="Our streets will be safer,")
    done = _set_speaker(client_for(reporter), quote.appearances.all(), doe)
    assert "only an editor can change it now" in done.content.decode()
    quote.refresh_from_db()
    assert quote.speaker == roe
    assert quote.appearances.get().reviewed_by is None


def test_a_reporter_fixes_the_speaker_in_a_draft(reporter):
    story = make_story(published=False)
    article = make_article(story=story, body="“Our streets will be safer,” said Jane Roe.")
    quote = make_quote(
        story=story, article=article, speaker=None, text="Our streets will be safer,"
    )
    roe = make_speaker("Jane Roe")
    _set_speaker(client_for(reporter), quote.appearances.all(), roe)
    assert Quote.objects.get(pk=quote.pk).speaker == roe


def test_the_review_list_narrows_to_one_storys_quotes_still_to_check(editor):
    bridge, ferry = make_story("Bridge vote"), make_story("Ferry fares")
    for story, words in ((bridge, "The bridge opens in spring,"), (ferry, "Fares stay put,")):
        article = make_article(story=story, body=f"“{words}” she said.")
        make_quote(story=story, article=article, speaker=None, text=words, review_state="suggested")
    client = client_for(editor)
    page = client.get("/admin/articles/quoteappearance/").content.decode()
    assert f"?story={bridge.pk}" in page and f"?story={ferry.pk}" in page
    page = client.get(f"/admin/articles/quoteappearance/?story={bridge.pk}").content.decode()
    assert "The bridge opens in spring," in page
    assert "Fares stay put," not in page
