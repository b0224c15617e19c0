"""Storylines: a follow-up event becomes its own story, linked to the first as one ongoing
story; a same-event follow-up joins the first story; merged and renamed stories keep their
old addresses as permanent redirects."""

from __future__ import annotations

import pytest

from articles.ingest.service import ingest_payloads
from articles.models import Article, ReviewState, Story, StoryRedirect
from articles.stories.restructure import story_merge
from articles.stories.storylines import storyline_link, storyline_unlink
from tests.factories import make_story

pytestmark = pytest.mark.django_db

COLLAPSE = [
    {
        "outlet": "The Example Gazette",
        "headline": "Pier 9 collapses at Northfield harbour, injuring four dockworkers",
        "published_at": "2026-03-02T09:00:00+00:00",
        "body": (
            "A section of Pier 9 at Northfield harbour collapsed on Monday morning, injuring "
            "four dockworkers and sending two cranes into the water.\n\n"
            "Harbourmaster Dario Fenwick said the pier had been inspected in January. "
            "“We will find out what went wrong,” Fenwick said.\n\n"
            "The Valmora Dockworkers' Union called for an inquiry. Mayor Jane Roe visited "
            "the injured at Northfield General Hospital."
        ),
    },
    {
        "outlet": "Northfield Courier",
        "headline": "Four hurt as Northfield's Pier 9 gives way",
        "published_at": "2026-03-02T13:30:00+00:00",
        "body": (
            "Four dockworkers were hurt when part of Pier 9 at Northfield harbour gave way on "
            "Monday, harbour officials said.\n\n"
            "Harbourmaster Dario Fenwick told reporters the pier had passed an inspection in "
            "January. Mayor Jane Roe said the city would pay for an independent review.\n\n"
            "Two cranes fell into the harbour, and shipping was halted for the day."
        ),
    },
]
SAME_EVENT_FOLLOW_UP = {
    "outlet": "Harbour Wire",
    "headline": "Pier 9 collapse: union demands inquiry after four dockworkers injured",
    "published_at": "2026-03-02T18:00:00+00:00",
    "body": (
        "The Valmora Dockworkers' Union on Monday demanded an inquiry into the collapse of "
        "Pier 9 at Northfield harbour, which injured four dockworkers.\n\n"
        "Harbourmaster Dario Fenwick said the pier was inspected in January. Mayor Jane Roe "
        "visited the injured in hospital."
    ),
}
REOPENING = {
    "outlet": "The Example Gazette",
    "headline": "Pier 9 reopens at Northfield harbour after repairs",
    "published_at": "2026-03-06T10:00:00+00:00",
    "body": (
        "Pier 9 at Northfield harbour reopened on Friday after four days of emergency "
        "repairs, Harbourmaster Dario Fenwick said.\n\n"
        "Mayor Jane Roe cut a ribbon at the reopened pier. “Northfield harbour is open for "
        "business again,” Roe said.\n\n"
        "The cranes lost in Monday's collapse will be replaced in the spring, officials said."
    ),
}


def imported(payloads: list[dict]) -> list[Article]:
    report = ingest_payloads(payloads, source="test")
    assert report.errors == 0, [i.error for i in report.items]
    return [Article.objects.get(pk=i.article) for i in report.items]


def test_a_same_event_follow_up_joins_the_first_story():
    first, second = imported(COLLAPSE)
    assert first.story_id == second.story_id
    [follow_up] = imported([SAME_EVENT_FOLLOW_UP])
    assert follow_up.story_id == first.story_id


def test_a_later_event_is_its_own_story_linked_as_one_storyline():
    first, _ = imported(COLLAPSE)
    [reopening] = imported([REOPENING])
    assert reopening.story_id != first.story_id
    collapse, reopened = first.story, reopening.story
    collapse.refresh_from_db()
    reopened.refresh_from_db()
    assert reopened.storyline is not None
    assert reopened.storyline_id == collapse.storyline_id
    assert reopened.storyline_state == ReviewState.SUGGESTED  # readers wait for an editor


def test_unrelated_stories_are_not_linked():
    imported(COLLAPSE)
    [other] = imported(
        [
            {
                "outlet": "The Example Gazette",
                "headline": "Riverside library extends its opening hours",
                "published_at": "2026-03-06T10:00:00+00:00",
                "body": "The Riverside library will open until nine on weekdays from April, "
                "the librarian, Ruth Achebe, said on Friday.",
            }
        ]
    )
    assert other.story.storyline is None


def test_editors_link_and_unlink_and_a_lone_storyline_goes_away():
    a, b, c = make_story("Bridge vote"), make_story("Bridge signed"), make_story("Bridge opens")
    line = storyline_link(story=b, to=a, name="The Northfield bridge")
    storyline_link(story=c, to=b)
    assert set(line.stories.all()) == {a, b, c}
    assert line.name == "The Northfield bridge"
    storyline_unlink(story=c)
    storyline_unlink(story=b)
    a.refresh_from_db()
    assert a.storyline is None  # a storyline of one story is no storyline
    with pytest.raises(ValueError):
        storyline_link(story=a, to=a)


def test_a_merged_story_redirects_to_the_survivor(client):
    target = make_story("Pier 9 collapses")
    other = make_story("Northfield pier gives way")
    old_url = other.get_absolute_url()
    story_merge(target=target, others=[other])
    response = client.get(old_url)
    assert response.status_code == 301
    assert response["Location"] == target.get_absolute_url()
    third = make_story("Harbour disaster")
    story_merge(target=third, others=[target])
    response = client.get(old_url)  # merged twice: straight to where it is now
    assert response["Location"] == third.get_absolute_url()


def test_a_renamed_story_redirects_from_its_old_address(client):
    story = make_story("Pier 9 collapses")
    old_url = story.get_absolute_url()
    story.slug = "pier-9-collapse-northfield"
    story.save()
    assert StoryRedirect.objects.filter(old_slug=old_url.strip("/").split("/")[-1]).exists()
    response = client.get(old_url)
    assert response.status_code == 301 and response["Location"] == story.get_absolute_url()


def test_a_redirect_never_leads_readers_to_unpublished_work(client):
    survivor = make_story("Secret plan")
    other = make_story("Public story")
    old_url = other.get_absolute_url()
    story_merge(target=survivor, others=[other])
    assert client.get(old_url).status_code == 301
    Story.objects.filter(pk=survivor.pk).update(status=Story.Status.DRAFT)  # taken back
    assert client.get(old_url).status_code == 404
    assert Story.objects.filter(pk=other.pk, status=Story.Status.ARCHIVED).exists()


def test_a_merged_storys_api_resources_and_feeds_redirect_to_the_survivor(client):
    target = make_story("Pier 9 collapses")
    other = make_story("Northfield pier gives way")
    old, new = other.slug, target.slug
    story_merge(target=target, others=[other])
    for path in (
        f"/api/v1/stories/{old}/",
        f"/api/v1/stories/{old}/jsonld/",
        f"/feeds/stories/{old}.rss",
        f"/feeds/stories/{old}.atom",
    ):
        response = client.get(path)
        assert response.status_code == 301, path
        assert response["Location"] == path.replace(old, new)
        assert client.get(response["Location"]).status_code == 200
        if path.startswith("/api/"):  # said in JSON, as the API's other answers
            assert response.json()["location"].endswith(path.replace(old, new))
    assert client.get("/api/v1/stories/no-such-story/").status_code == 404
    assert client.get("/feeds/stories/no-such-story.rss").status_code == 404


def test_a_later_event_weeks_after_the_first_is_linked_too():
    # Follow-ups come weeks later as often as days later: the inquiry's findings, the trial.
    first, _ = imported(COLLAPSE)
    [reopening] = imported([{**REOPENING, "published_at": "2026-03-27T10:00:00+00:00"}])
    assert reopening.story_id != first.story_id
    reopening.story.refresh_from_db()
    first.story.refresh_from_db()
    assert reopening.story.storyline_id is not None
    assert reopening.story.storyline_id == first.story.storyline_id


def test_the_api_story_detail_names_its_storyline_once_an_editor_approved_the_link(client):
    collapse, reopening = make_story("Pier 9 collapses"), make_story("Pier 9 reopens")
    line = storyline_link(story=reopening, to=collapse, state=ReviewState.SUGGESTED)
    url = f"/api/v1/stories/{reopening.slug}/"
    assert client.get(url).json()["storyline"] is None  # a suggestion readers do not see
    storyline_link(story=reopening, to=collapse)  # an editor's link is approved
    shown = client.get(url).json()["storyline"]
    assert shown["slug"] == line.slug and shown["name"] == line.name
    assert client.get(shown["api_url"]).json()["slug"] == line.slug
    assert client.get(shown["web_url"]).status_code == 200
