"""A story's detail gives its quotes a page at a time: the newest first, how many there are,
and where the rest are (the quotes list of the story, which carries on from there)."""

from __future__ import annotations

import pytest

from articles.models import QuoteAppearance
from tests.story_builders import build_story

pytestmark = pytest.mark.django_db


def every_quote(client, detail: dict) -> list[int]:
    """The quote ids of a story's detail, then of each page its ``quotes_next`` leads to."""
    ids = [quote["id"] for quote in detail["quotes"]]
    url = detail["quotes_next"]
    while url:
        page = client.get(url).json()
        ids += [quote["id"] for quote in page["results"]]
        url = page["next"]
    return ids


def test_a_long_story_gives_its_newest_quotes_and_where_the_rest_are(anon):
    built = build_story(articles=2, quotes=45)
    detail = anon.get(f"/api/v1/stories/{built.story.slug}/").json()

    newest_first = sorted((q.pk for q in built.quotes), reverse=True)
    assert [q["id"] for q in detail["quotes"]] == newest_first[:20]
    assert detail["quote_count"] == 45
    assert f"story={built.story.slug}" in detail["quotes_next"]
    # Following the links gives every quote once, in the same order.
    assert every_quote(anon, detail) == newest_first


def test_each_quote_of_the_first_page_has_every_wording_and_outlet(anon):
    built = build_story(articles=4, quotes=25)
    quote = anon.get(f"/api/v1/stories/{built.story.slug}/").json()["quotes"][0]

    assert quote["speaker"]["name"] == "Mayor Jane Roe"
    assert quote["story"] == built.story.slug
    assert len(quote["appearances"]) == 4
    assert {o["name"] for o in quote["outlets"]} == {"The Example Gazette", "Northfield Courier"}


def test_a_story_with_few_quotes_gives_them_all_and_no_next_page(anon, story):
    detail = anon.get(f"/api/v1/stories/{story.slug}/").json()

    assert len(detail["quotes"]) == detail["quote_count"] == 1
    assert detail["quotes_next"] is None


def test_quotes_whose_every_wording_was_rejected_are_neither_shown_nor_counted(anon):
    built = build_story(articles=2, quotes=21)
    rejected = built.quotes[-1]
    QuoteAppearance.objects.filter(quote=rejected).update(review_state="rejected")

    detail = anon.get(f"/api/v1/stories/{built.story.slug}/").json()

    assert rejected.pk not in [q["id"] for q in detail["quotes"]]
    assert detail["quote_count"] == len(detail["quotes"]) == 20
    assert detail["quotes_next"] is None


@pytest.mark.parametrize("quotes", [25, 60])
def test_a_long_storys_detail_costs_the_same_queries_however_many_quotes(
    anon, quotes, django_assert_num_queries
):
    built = build_story(articles=3, quotes=quotes)
    # The content generation; the story with its freshness; topics; articles; key points and
    # their sources; paragraphs and their sources; figures; people with their speakers;
    # corrections; the first page's quote ids, their wordings, and how many quotes there are.
    with django_assert_num_queries(14):
        response = anon.get(f"/api/v1/stories/{built.story.slug}/")
    assert len(response.json()["quotes"]) == 20


def test_the_schema_documents_the_quote_count_and_the_next_page(anon):
    schema = anon.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    detail = schema["components"]["schemas"]["StoryDetail"]
    assert detail["properties"]["quote_count"]["type"] == "integer"
    assert detail["properties"]["quotes_next"]["format"] == "uri"
    assert detail["properties"]["quotes_next"]["nullable"] is True
    assert "quotes_next" in detail["properties"]["quotes"]["description"]
    assert set(detail["required"]) >= {"quotes", "quote_count", "quotes_next"}
