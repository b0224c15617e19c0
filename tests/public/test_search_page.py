"""The reader's search page: what it finds, what it never shows, its filters and its paging."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from articles.models import QuoteAppearance
from sources.models import SpeakerAlias
from tests.factories import (
    make_article,
    make_key_point,
    make_outlet,
    make_quote,
    make_speaker,
    make_story,
)

pytestmark = pytest.mark.django_db
URL = reverse("articles:search")


@pytest.fixture
def harbour():
    """A published story: two outlets, a mayor's quote, a key point."""
    gazette = make_outlet("The Example Gazette")
    courier = make_outlet("Northfield Courier")
    story = make_story("Harbour ferry returns after two years", dek="Service resumes on Monday.")
    make_key_point(story, "The council paid for new pontoons.", outlets=[gazette])
    roe = make_speaker("Jane Roe", role="Mayor of Northfield")
    SpeakerAlias.objects.create(speaker=roe, alias="the harbour mayor")
    body = "The ferry is back.\n\n“We kept our promise to the islanders,” Roe said."
    first = make_article(outlet=gazette, story=story, headline="Ferry is back", body=body)
    second = make_article(
        outlet=courier,
        story=story,
        headline="Islanders cheer",
        body="Crowds cheered at the quay as the lighthouse bell rang.",
        published_at=datetime(2025, 1, 10, tzinfo=UTC),
    )
    quote = make_quote(
        story=story, article=first, speaker=roe, text="We kept our promise to the islanders"
    )
    return {
        "story": story,
        "roe": roe,
        "quote": quote,
        "first": first,
        "second": second,
        "gazette": gazette,
        "courier": courier,
    }


def page(client, **params):
    response = client.get(URL, params)
    assert response.status_code == 200
    return response.content.decode()


def test_an_empty_search_shows_the_form_only(client):
    html = page(client)
    assert 'role="search"' in html
    assert "search-section" not in html and 'role="status"' not in html


def test_a_story_is_found_by_its_headline_and_by_its_key_points(client, harbour):
    assert "Harbour ferry returns" in page(client, q="ferry", kind="stories")
    assert "Harbour ferry returns" in page(client, q="pontoons", kind="stories")


def test_a_quote_is_found_by_its_words_and_by_its_speaker(client, harbour):
    assert "<mark>promise</mark>" in page(client, q="promise", kind="quotes")
    by_name = page(client, q="Roe", kind="quotes")
    assert "We kept our promise" in by_name and "The Example Gazette" in by_name
    assert "We kept our promise" in page(client, q="harbour mayor", kind="quotes")


def test_a_quote_by_a_speaker_not_identified_shows_the_outlets_words_for_who_spoke(client, harbour):
    quote = make_quote(
        story=harbour["story"], article=harbour["second"], speaker=None, text="Ring the bell"
    )
    QuoteAppearance.objects.filter(quote=quote).update(speaker_mention="the <crowd> on the quay")
    html = page(client, q="bell", kind="quotes")
    assert "Speaker not identified (speaker as written: “the &lt;crowd&gt; on the quay”)" in html
    wording = QuoteAppearance.objects.get(quote=quote)
    wording.speaker_mention = "they"  # a pronoun alone is not shown
    wording.save()
    assert "speaker as written" not in page(client, q="bell", kind="quotes")


def test_an_article_is_found_by_its_body_with_the_words_marked(client, harbour):
    html = page(client, q="lighthouse bell", kind="articles")
    assert "Islanders cheer" in html
    assert "<mark>lighthouse</mark> <mark>bell</mark>" in html


def test_a_person_is_found_by_part_of_the_name(client, harbour):
    html = page(client, q="Roe", kind="people")
    assert harbour["roe"].get_absolute_url() in html


def test_unpublished_work_never_shows(client, harbour):
    draft = make_story("Secret quarry plan", published=False)
    make_article(story=draft, headline="Quarry plan", body="The quarry plan is secret.")
    make_article(
        story=harbour["story"],
        headline="Quarry rumours",
        body="An unchecked quarry report.",
        review_state="suggested",
    )
    html = page(client, q="quarry")
    assert "quarry" not in html.lower().replace('value="quarry"', "").replace("search: quarry", "")


def test_rejected_wordings_do_not_make_a_quote_public(client, harbour):
    QuoteAppearance.objects.update(review_state="rejected")
    assert "We kept our promise" not in page(client, q="promise")


def test_filters_by_outlet_date_and_speaker(client, harbour):
    assert "Islanders cheer" not in page(
        client, q="islanders", kind="articles", outlet="the-example-gazette"
    )
    assert "Ferry is back" in page(
        client, q="islanders", kind="articles", outlet="the-example-gazette"
    )
    assert "Islanders cheer" in page(client, q="islanders", kind="articles", end="2025-01-31")
    assert "Ferry is back" not in page(client, q="islanders", kind="articles", end="2025-01-31")
    only_roe = page(client, q="islanders", kind="articles", speaker=harbour["roe"].slug)
    assert "Ferry is back" in only_roe and "Islanders cheer" not in only_roe
    assert "Only results about Jane Roe" in only_roe


def test_bad_filters_are_explained_not_errors(client, harbour):
    html = page(client, q="ferry", start="2025-02-01", end="2025-01-01")
    assert "The end date is before the start date." in html
    html = page(client, q="ferry", start="not-a-date", outlet="no-such-outlet")
    assert "Enter a valid date." in html


def test_hostile_queries_are_shown_as_text(client, harbour):
    html = page(client, q='<script>alert("x")</script> "ferry')
    assert "<script>alert" not in html
    nul = client.get(URL, {"q": "\x00ferry"})
    assert nul.status_code == 400  # refused before any view, like every NUL in a request
    page(client, q="ferry " * 100)


def test_everything_shows_a_few_of_each_with_a_link_to_the_rest(client, harbour):
    for n in range(7):
        make_article(story=harbour["story"], headline=f"Quay report {n}", body="The quay was busy.")
    html = page(client, q="quay")
    assert html.count('class="search-result"') <= 5 + 5
    assert "All 8 results in Articles" in html


def test_pages_keep_the_query_and_filters(client, harbour):
    for n in range(25):
        make_article(
            story=harbour["story"],
            headline=f"Quay report {n}",
            body="The quay was busy.",
            published_at=datetime(2025, 2, 1, tzinfo=UTC) + timedelta(hours=n),
        )
    html = page(client, q="quay", kind="articles", start="2025-01-01")
    assert "Page 1 of 2" in html
    assert "q=quay&amp;kind=articles&amp;start=2025-01-01&amp;page=2" in html
    assert "Page 2 of 2" in page(client, q="quay", kind="articles", start="2025-01-01", page=2)


def test_the_query_count_does_not_grow_with_the_results(
    client, harbour, django_assert_max_num_queries
):
    for n in range(15):
        make_article(story=harbour["story"], headline=f"Quay report {n}", body="The quay was busy.")
    with django_assert_max_num_queries(20):
        page(client, q="quay islanders Roe")


def test_a_word_most_articles_hold_ranks_the_newest_matches_and_says_so(client, harbour, settings):
    settings.NEWSROOM_SEARCH_RANKED = 4
    quay = [
        make_article(story=harbour["story"], headline=f"Quay report {n}", body="The quay was busy.")
        for n in range(6)
    ]
    html = page(client, q="quay", kind="articles")
    assert "At least 4 results" in html
    assert "only the newest 4 are ranked" in html
    shown = {a.headline for a in quay if f">{a.headline}<" in html}
    assert shown == {a.headline for a in quay[2:]}  # the four added last

    # A narrower search holds every match again, with its own count.
    html = page(client, q="quay report 0", kind="articles")
    assert "1 result" in html and "only the newest" not in html
