"""Story exports: schema.org JSON-LD and IPTC ninjs 2.x."""

from __future__ import annotations

import pytest

from articles.stories.evidence import story_flags

pytestmark = pytest.mark.django_db


def test_jsonld_is_a_news_article_based_on_its_sources(anon, story):
    response = anon.get(f"/api/v1/stories/{story.slug}/jsonld/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/ld+json"
    data = response.json()
    assert data["@context"] == "https://schema.org"
    assert data["@type"] == "NewsArticle"
    assert data["headline"] == story.headline
    assert len(data["isBasedOn"]) == 2
    [quotation] = data["citation"]
    assert quotation["@type"] == "Quotation"
    assert quotation["creator"]["name"] == "Mayor Jane Roe"


def test_jsonld_can_be_asked_for_as_plain_json(anon, story):
    response = anon.get(f"/api/v1/stories/{story.slug}/jsonld/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"


def test_ninjs_carries_headline_body_with_sources_people_and_associations(anon, story):
    data = anon.get(f"/api/v1/stories/{story.slug}/ninjs/").json()
    assert data["uri"].endswith(story.get_absolute_url())
    assert data["type"] == "text"
    assert data["version"] == str(story.version)
    assert data["pubstatus"] == "usable"
    assert data["headlines"] == [{"role": "main", "value": story.headline}]
    assert data["descriptions"][0] == {
        "role": "summary",
        "contenttype": "text/plain",
        "value": "The river crossing opens next spring.",
    }
    body = data["bodies"][0]["value"]
    expected = (
        "The council approved the bridge. (according to The Example Gazette and The Sample Courier)"
    )
    assert expected in body
    assert {"name": "Transport", "rel": "about", "literal": "transport"} in data["subjects"]
    assert [p["name"] for p in data["people"]] == ["Mayor Jane Roe"]
    assert [o["name"] for o in data["organisations"]] == ["Northfield Council"]
    assert {a["copyrightholder"] for a in data["associations"]} == {
        "The Example Gazette",
        "The Sample Courier",
    }
    assert all(a["type"] == "text" and a["uri"] for a in data["associations"])
    assert data["firstcreated"] and data["versioncreated"]


def test_drafts_export_as_withheld_to_staff_and_404_to_the_public(anon, staff, draft):
    assert anon.get(f"/api/v1/stories/{draft.slug}/ninjs/").status_code == 404
    assert anon.get(f"/api/v1/stories/{draft.slug}/jsonld/").status_code == 404
    assert staff.get(f"/api/v1/stories/{draft.slug}/ninjs/").json()["pubstatus"] == "withheld"


def test_a_typed_according_to_is_printed_once_the_same_way_on_the_page_and_in_ninjs(anon, story):
    point = story.key_points.get(text="The council approved the bridge.")
    point.text = "The council approved the bridge, according to the Example Gazette."
    point.save()
    body = anon.get(f"/api/v1/stories/{story.slug}/ninjs/").json()["bodies"][0]["value"]
    line = (
        "The council approved the bridge, according to The Example Gazette and The Sample Courier."
    )
    assert f"• {line}" in body
    assert body.count("according to") == body.count("\n\n") + 1  # one line per claim
    assert all(f.kind != "typed-citation" for f in story_flags(story=story))


def test_a_typed_citation_of_an_outlet_with_nothing_here_is_flagged_and_kept_as_typed(anon, story):
    point = story.key_points.get(text="The council approved the bridge.")
    point.text = "The council approved the bridge, according to The Guardian."
    point.save()
    [flag] = [f for f in story_flags(story=story) if f.kind == "typed-citation"]
    assert flag.key_point == point
    assert "names “The Guardian” as its source, but nothing from “The Guardian” backs it" in (
        flag.message
    )
    body = anon.get(f"/api/v1/stories/{story.slug}/ninjs/").json()["bodies"][0]["value"]
    assert "• The council approved the bridge, according to The Guardian.\n" in body + "\n"
    assert "The Sample Courier)" not in body.split("\n")[0]
