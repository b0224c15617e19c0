"""Stories: who sees what, what a story carries, and how the list filters."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from articles.models import KeyPoint, Story, Topic
from tests.api.utils import results, slugs
from tests.factories import make_article, make_key_point, make_story

pytestmark = pytest.mark.django_db


def test_anonymous_list_shows_published_stories_only(anon, story, draft):
    assert slugs(anon.get("/api/v1/stories/")) == [story.slug]


def test_staff_with_token_also_sees_drafts(staff, story, draft):
    assert set(slugs(staff.get("/api/v1/stories/"))) == {story.slug, draft.slug}


def test_draft_story_is_404_to_anonymous_and_open_to_staff(anon, staff, draft):
    response = anon.get(f"/api/v1/stories/{draft.slug}/")
    assert response.status_code == 404
    assert response.json() == {"detail": "No Story matches the given query."}
    assert staff.get(f"/api/v1/stories/{draft.slug}/").status_code == 200


def test_embargoed_story_is_hidden_until_the_embargo_lifts(anon):
    embargoed = make_story(embargo_until=timezone.now() + timedelta(hours=1))
    assert anon.get(f"/api/v1/stories/{embargoed.slug}/").status_code == 404
    assert slugs(anon.get("/api/v1/stories/")) == []


def test_story_detail_shows_every_claim_with_its_sources(anon, story, gazette, courier):
    data = anon.get(f"/api/v1/stories/{story.slug}/").json()

    assert data["headline"] == "Northfield council approves new bridge"
    assert data["topics"] == [{"slug": "transport", "name": "Transport"}]
    [point] = data["key_points"]
    assert [s["outlet"]["slug"] for s in point["sources"]] == [gazette.slug, courier.slug]
    [paragraph] = data["summary"]
    assert [s["outlet"]["name"] for s in paragraph["sources"]] == ["The Example Gazette"]
    [quote] = data["quotes"]
    assert quote["speaker"]["name"] == "Mayor Jane Roe"
    assert {a["text"] for a in quote["appearances"]} == {
        "We have waited long enough,",
        "We waited long enough.",
    }
    assert {o["slug"] for o in quote["outlets"]} == {gazette.slug, courier.slug}
    assert data["figures"][0]["text"] == "£12 million"
    assert data["figures"][0]["outlet"]["slug"] == gazette.slug
    people = {p["speaker"]["name"]: p for p in data["people"]}
    assert people["Mayor Jane Roe"]["roles"] == ["Mayor of Northfield"]
    assert people["Northfield Council"]["outlets"] == [courier.slug]
    assert [o["slug"] for o in data["outlets"]] == [gazette.slug, courier.slug]
    assert len(data["articles"]) == 2
    assert data["corrections"][0]["text"] == "An earlier version gave the wrong cost."
    assert data["jsonld_url"].endswith(f"/api/v1/stories/{story.slug}/jsonld/")


def test_rejected_wordings_are_not_shown(anon, story):
    story.quotes.get().appearances.filter(text="We waited long enough.").update(
        review_state="rejected"
    )
    [quote] = anon.get(f"/api/v1/stories/{story.slug}/").json()["quotes"]
    assert [a["text"] for a in quote["appearances"]] == ["We have waited long enough,"]


def test_filter_by_outlet_slug(anon, story, courier):
    other = make_story()
    make_article(story=other)
    assert slugs(anon.get("/api/v1/stories/", {"outlet": courier.slug})) == [story.slug]


def test_an_outlet_that_does_not_exist_matches_no_story(anon, story):
    response = anon.get("/api/v1/stories/", {"outlet": "no-such-outlet"})
    assert response.status_code == 200
    assert response.json()["results"] == []


def test_a_value_that_is_not_a_slug_is_a_400_with_a_message(anon, story):
    response = anon.get("/api/v1/stories/", {"outlet": "the gazette!"})
    assert response.status_code == 400
    assert "slug" in response.json()["outlet"][0]


def test_filter_by_speaker_quoted_or_named(anon, story, mayor, council):
    assert slugs(anon.get("/api/v1/stories/", {"speaker": mayor.slug})) == [story.slug]
    assert slugs(anon.get("/api/v1/stories/", {"speaker": council.slug})) == [story.slug]


def test_filter_by_topic(anon, story):
    make_story()
    assert slugs(anon.get("/api/v1/stories/", {"topic": "transport"})) == [story.slug]
    assert slugs(anon.get("/api/v1/stories/", {"topic": "no-such-topic"})) == []


def test_status_filter_requires_staff(anon, reader, staff, story, draft):
    response = anon.get("/api/v1/stories/", {"status": "draft"})
    assert response.status_code == 401
    assert response.json() == {"detail": "The status filter is for staff: send a staff token."}
    assert response["WWW-Authenticate"].startswith("Token")
    response = reader.get("/api/v1/stories/", {"status": "draft"})
    assert response.status_code == 403
    assert response.json() == {"detail": "The status filter is for staff."}
    assert slugs(staff.get("/api/v1/stories/", {"status": "draft"})) == [draft.slug]


def test_filter_by_publication_date_range(anon, story):
    old = make_story(published_at=timezone.now() - timedelta(days=30))
    week_ago = (timezone.now() - timedelta(days=7)).isoformat()
    assert slugs(anon.get("/api/v1/stories/", {"published_after": week_ago})) == [story.slug]
    assert slugs(anon.get("/api/v1/stories/", {"published_before": week_ago})) == [old.slug]
    assert slugs(anon.get("/api/v1/stories/", {"published_before": "2000-01-01"})) == []


def test_an_offset_beyond_postgresql_range_is_read_in_utc(anon, story):
    """Python accepts offsets up to ±23:59, PostgreSQL only ±15:59: the filter converts."""
    published = story.published_at.astimezone(timezone.get_fixed_timezone(16 * 60 + 35))
    just_after = (published + timedelta(seconds=1)).isoformat()
    assert slugs(anon.get("/api/v1/stories/", {"published_after": published.isoformat()})) == [
        story.slug
    ]
    assert slugs(anon.get("/api/v1/stories/", {"published_after": just_after})) == []


@pytest.mark.parametrize("value", ["yesterday", "2024-13-01", "9999-12-31T23:59:59-23:59"])
def test_bad_dates_are_a_400(anon, value):
    response = anon.get("/api/v1/stories/", {"published_after": value})
    assert response.status_code == 400
    assert "published_after" in response.json()


def test_search_finds_headline_dek_and_key_points(anon, story):
    other = make_story("Harbour festival returns")
    make_key_point(other, "Fireworks over the harbour on Saturday.")
    assert slugs(anon.get("/api/v1/stories/", {"q": "bridge"})) == [story.slug]
    assert slugs(anon.get("/api/v1/stories/", {"q": "spring"})) == [story.slug]
    assert slugs(anon.get("/api/v1/stories/", {"q": "fireworks"})) == [other.slug]


def test_search_never_returns_a_story_twice(anon, story):
    for n in range(3):
        KeyPoint.objects.create(story=story, text=f"The bridge point {n}", position=n + 1)
    assert slugs(anon.get("/api/v1/stories/", {"q": "bridge"})) == [story.slug]


def test_unknown_query_parameter_is_a_400_naming_it(anon, story):
    response = anon.get("/api/v1/stories/", {"outlett": "the-example-gazette"})
    assert response.status_code == 400
    assert "Unknown query parameter" in response.json()["outlett"][0]


def test_wrong_method_is_a_405_in_json(staff, story):
    response = staff.delete(f"/api/v1/stories/{story.slug}/")
    assert response.status_code == 405
    assert response.json() == {"detail": 'Method "DELETE" not allowed.'}
    assert staff.post("/api/v1/stories/", {}, format="json").status_code == 405


def test_unknown_api_path_is_a_json_404(anon):
    response = anon.get("/api/v1/nothing-here/")
    assert response.status_code == 404
    assert response.json() == {"detail": "Not found."}


def test_invalid_token_is_a_401_not_anonymous(story):
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    assert client.get("/api/v1/stories/").status_code == 401


def test_story_status_is_shown_to_staff(staff, draft):
    data = staff.get(f"/api/v1/stories/{draft.slug}/").json()
    assert data["status"] == Story.Status.DRAFT
    assert data["published_at"] is None


def test_results_are_listed_in_publication_order(anon):
    now = timezone.now()
    older = make_story(published_at=now - timedelta(days=2))
    newer = make_story(published_at=now - timedelta(days=1))
    assert slugs(anon.get("/api/v1/stories/")) == [newer.slug, older.slug]
    assert [r["slug"] for r in results(anon.get("/api/v1/stories/", {"page_size": 1}))] == [
        newer.slug
    ]


def test_a_list_gives_each_story_its_own_topics_by_name(anon):
    transport = Topic.objects.create(name="Transport", slug="transport")
    budget = Topic.objects.create(name="Budget", slug="budget")
    tagged = make_story("Bridge and budget")
    tagged.topics.add(transport, budget)
    other = make_story("Bridge only")
    other.topics.add(transport)
    untagged = make_story("Nothing tagged")
    topics = {
        row["slug"]: [topic["slug"] for topic in row["topics"]]
        for row in results(anon.get("/api/v1/stories/"))
    }
    assert topics == {
        tagged.slug: ["budget", "transport"],
        other.slug: ["transport"],
        untagged.slug: [],
    }


def test_story_detail_flags_the_figures_its_outlets_disagree_on(anon, gazette, courier):
    from articles.models import Figure

    story = make_story("Crane collapse at the docks")
    for outlet, (text, value) in (
        (gazette, ("Four dockworkers", 4)),
        (courier, ("Five workers", 5)),
    ):
        article = make_article(outlet=outlet, story=story)
        Figure.objects.create(
            article=article,
            text=text,
            start=0,
            end=len(text),
            value=value,
            unit=text.split()[1],
            event="injured",
        )
    body = anon.get(f"/api/v1/stories/{story.slug}/").json()
    [flag] = body["figure_disagreements"]
    assert flag["label"].endswith("workers injured")  # dockworkers are workers
    assert "says 4" in flag["note"] and "says 5" in flag["note"]
