"""Quotes and articles: visibility and filters."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from articles.models import Article
from tests.api.utils import results
from tests.factories import make_article, make_quote, make_speaker

pytestmark = pytest.mark.django_db


def ids(response) -> list[int]:
    return [item["id"] for item in results(response)]


def test_public_quotes_are_those_of_published_stories(anon, staff, story, draft):
    public = story.quotes.get().pk
    assert ids(anon.get("/api/v1/quotes/")) == [public]
    assert len(ids(staff.get("/api/v1/quotes/"))) == 2
    hidden = draft.quotes.get().pk
    assert anon.get(f"/api/v1/quotes/{hidden}/").status_code == 404


def test_quote_shows_every_wording_and_outlet(anon, story, gazette, courier):
    data = anon.get(f"/api/v1/quotes/{story.quotes.get().pk}/").json()
    assert data["speaker"]["slug"] == "mayor-jane-roe"
    assert data["story"] == story.slug
    assert [a["outlet"]["slug"] for a in data["appearances"]] == [gazette.slug, courier.slug]
    assert {a["match"] for a in data["appearances"]} == {"original", "variant"}


def test_quotes_filter_by_speaker_outlet_and_story(anon, story, mayor, gazette, courier):
    quote = story.quotes.get().pk
    other = make_speaker("Alex Doe")
    article = story.articles.get(outlet=gazette)
    make_quote(story=story, article=article, speaker=other, text="The council voted")
    assert ids(anon.get("/api/v1/quotes/", {"speaker": mayor.slug})) == [quote]
    assert ids(anon.get("/api/v1/quotes/", {"outlet": courier.slug})) == [quote]
    assert len(ids(anon.get("/api/v1/quotes/", {"story": story.slug}))) == 2


def test_naming_a_draft_story_in_a_filter_answers_as_an_unknown_one(anon, draft):
    assert draft.quotes.exists()
    for path in ("/api/v1/quotes/", "/api/v1/articles/"):
        answers = [anon.get(path, {"story": slug}) for slug in (draft.slug, "no-such-story")]
        assert [a.status_code for a in answers] == [200, 200]
        assert (
            answers[0].json()
            == answers[1].json()
            == {
                "next": None,
                "previous": None,
                "results": [],
            }
        )


def test_quotes_filter_by_publication_of_the_carrying_article(anon, story):
    quote = story.quotes.get().pk
    Article.objects.filter(story=story).update(published_at=timezone.now() - timedelta(days=10))
    week_ago = (timezone.now() - timedelta(days=7)).isoformat()
    month_ago = (timezone.now() - timedelta(days=30)).isoformat()
    assert ids(anon.get("/api/v1/quotes/", {"published_after": week_ago})) == []
    assert ids(
        anon.get("/api/v1/quotes/", {"published_after": month_ago, "published_before": week_ago})
    ) == [quote]


def test_quotes_search_any_wording(anon, story):
    quote = story.quotes.get().pk
    assert ids(anon.get("/api/v1/quotes/", {"q": "waited"})) == [quote]
    assert ids(anon.get("/api/v1/quotes/", {"q": "ferry"})) == []


def test_quotes_search_finds_what_a_speaker_said_by_name(anon, story):
    # As the reader's search page does: "Roe" finds what Roe said.
    quote = story.quotes.get().pk
    assert ids(anon.get("/api/v1/quotes/", {"q": "Roe"})) == [quote]
    assert ids(anon.get("/api/v1/quotes/", {"q": "Quillon"})) == []


def test_articles_search_headline_and_body_words_readers_may_see(anon, staff, story, draft):
    body_word = Article.objects.filter(story=story).first()
    Article.objects.filter(pk=body_word.pk).update(body="The lighthouse keepers went on strike.")
    make_article(story=draft, body="A draft about the lighthouse keepers.")
    assert ids(anon.get("/api/v1/articles/", {"q": "lighthouse keeper"})) == [body_word.pk]
    assert len(ids(staff.get("/api/v1/articles/", {"q": "lighthouse keeper"}))) == 2
    assert ids(anon.get("/api/v1/articles/", {"q": '"keepers lighthouse"'})) == []
    assert anon.get("/api/v1/articles/", {"q": "x" * 201}).status_code == 400


def test_public_articles_are_those_of_published_stories(anon, staff, story, draft):
    unplaced = make_article()
    public = set(ids(anon.get("/api/v1/articles/")))
    assert public == set(story.articles.values_list("pk", flat=True))
    assert unplaced.pk in ids(staff.get("/api/v1/articles/"))
    assert anon.get(f"/api/v1/articles/{unplaced.pk}/").status_code == 404


def test_article_list_leaves_out_the_body_and_detail_has_it(anon, story):
    [listed, *_] = results(anon.get("/api/v1/articles/"))
    assert "body" not in listed
    detail = anon.get(f"/api/v1/articles/{listed['id']}/").json()
    assert detail["body"]
    assert "quotes" in detail and "figures" in detail and "people" in detail


def test_articles_filter_by_outlet_story_and_language(anon, story, gazette, courier):
    Article.objects.filter(outlet=courier).update(language="fr")
    gazette_article = story.articles.get(outlet=gazette).pk
    assert ids(anon.get("/api/v1/articles/", {"outlet": gazette.slug})) == [gazette_article]
    assert len(ids(anon.get("/api/v1/articles/", {"story": story.slug}))) == 2
    assert ids(anon.get("/api/v1/articles/", {"language": "EN"})) == [gazette_article]
    assert anon.get("/api/v1/articles/", {"language": "not a language"}).status_code == 400


def test_huge_or_malformed_ids_are_a_json_404(anon):
    for path in ("/api/v1/articles/99999999999999999999/", "/api/v1/quotes/abc/"):
        response = anon.get(path)
        assert response.status_code == 404
        assert response.json() == {"detail": "Not found."}


def test_outlets_and_speakers_are_public_with_aliases(anon, story, gazette, mayor):
    from sources.models import SpeakerAlias

    SpeakerAlias.objects.create(speaker=mayor, alias="Roe")
    data = anon.get(f"/api/v1/speakers/{mayor.slug}/").json()
    assert data["aliases"] == ["Roe"]
    assert anon.get(f"/api/v1/outlets/{gazette.slug}/").json()["name"] == "The Example Gazette"
    kinds = {o["kind"] for o in results(anon.get("/api/v1/outlets/", {"kind": "wire"}))}
    assert kinds == {"wire"}
