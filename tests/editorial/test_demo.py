"""The demo story is made by the product: ingest, read, place, an editor's work, the publish gate.

The seeds' hand annotations (``tests/engine/seeds/annotations.json``) are read here only to
measure what the demo shows; the demo itself never reads them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command

from articles.editorial.demo import DEMO_EDITOR
from articles.models import (
    Article,
    ArticlePerson,
    Attribution,
    AuditEntry,
    KeyPoint,
    Quote,
    QuoteAppearance,
    ReviewState,
    Story,
    StorySpeakerAlias,
    SummaryParagraph,
)
from articles.public.pages.story import story_page
from sources.models import Outlet, Speaker, SpeakerAlias

ANNOTATIONS = Path(__file__).resolve().parents[1] / "engine" / "seeds" / "annotations.json"
MODELS = (Story, Article, Quote, QuoteAppearance, KeyPoint, SummaryParagraph, Attribution)


def _annotations() -> dict:
    return json.loads(ANNOTATIONS.read_text(encoding="utf-8"))


@pytest.fixture
def demo(db):
    call_command("load_demo", verbosity=0)
    return Story.objects.get()


def test_the_demo_story_is_published_by_an_editor_through_the_workflow(demo):
    assert Story.objects.published().get() == demo
    actions = list(
        AuditEntry.objects.filter(story=demo).order_by("at").values_list("action", "user__username")
    )
    assert actions == [
        (AuditEntry.Action.SUBMIT, DEMO_EDITOR),
        (AuditEntry.Action.PUBLISH, DEMO_EDITOR),
    ]


def test_the_seeds_come_in_through_ingestion_and_placement(demo):
    nyt = Article.objects.get(outlet__name="The New York Times")
    summary = Article.objects.get(outlet__name="Multi-source summary")
    assert nyt.story == summary.story == demo
    assert nyt.is_translation
    assert nyt.headline == "Senior officials supervising deportations leave their roles to Ice"
    assert nyt.read_at is not None and summary.read_at is not None
    assert nyt.created_by.username == DEMO_EDITOR


def test_key_points_and_paragraphs_come_from_the_summary_with_their_outlets(demo):
    assert [p.text for p in demo.key_points.all()][0].startswith("ICE sees a leadership shake-up")
    assert demo.key_points.count() == 5
    cited = [
        [a.outlet.name for a in p.attributions.filter(origin=Attribution.Origin.EDITOR)]
        for p in SummaryParagraph.objects.order_by("position")
    ]
    assert cited == [
        ["CBS News", "Reuters"],
        ["The New York Times", "India Times"],
        ["CBS News", "Reuters", "The New York Times", "India Times"],
    ]


def test_outlets_cited_without_an_article_get_no_invented_one(demo):
    for name in ("CBS News", "Reuters", "India Times"):
        assert not Article.objects.filter(outlet__name=name).exists()
    unsupported = demo.key_points.filter(evidence_override=True)
    assert unsupported.exists()
    for point in unsupported:
        assert point.override_note == (
            "Cited by the summary (CBS News, Reuters, India Times); no article in Newsroom."
        )


def test_the_summary_is_a_wording_source_but_not_coverage(demo):
    page = story_page(demo)
    reporting = {o.name for o in page.reporting_outlets}
    assert "Multi-source summary" not in reporting
    assert {"The New York Times", "CBS News", "Reuters", "India Times"} == reporting
    assert Outlet.objects.get(name="Multi-source summary").kind == Outlet.Kind.AGGREGATOR


def test_the_ministry_is_homeland_security_in_this_story_only(demo):
    dhs = Speaker.objects.get(name="Department of Homeland Security")
    assert StorySpeakerAlias.objects.filter(story=demo, speaker=dhs, alias="the ministry").exists()
    assert not SpeakerAlias.objects.filter(alias__iexact="the ministry").exists()
    assert Quote.objects.filter(
        speaker=dhs, text__startswith="Organizational realignments"
    ).exists()


def test_all_seven_seed_quotes_are_found_with_their_annotated_speakers(demo):
    found = {
        (a.article.outlet.name, a.text, a.quote.speaker.name if a.quote.speaker else None)
        for a in QuoteAppearance.objects.select_related("article__outlet", "quote__speaker")
    }
    notes = _annotations()["documents"]
    expected = {("The New York Times", q["text"], q["speaker"]) for q in notes[0]["quotes"]}
    expected |= {("Multi-source summary", q["text"], q["speaker"]) for q in notes[1]["quotes"]}
    assert len(expected) == 7
    assert found == expected
    assert not QuoteAppearance.objects.exclude(review_state=ReviewState.APPROVED).exists()


def test_the_homan_quote_is_one_statement_in_two_wordings(demo):
    [homan] = Quote.objects.filter(speaker__name="Tom Homan")
    wordings = {(a.article.outlet.name, a.match) for a in homan.appearances.all()}
    assert ("The New York Times", "original") in wordings
    assert ("Multi-source summary", "variant") in wordings
    assert homan.text == "I am not satisfied with the figures, We have to increase."


@pytest.mark.xfail(
    strict=True,
    reason="the engine reads the translation's role words as they stand (Homan as “Trump’s best "
    "immigration officials”, Genalo as “the senior Ice Expulsion Responsible”), and the demo "
    "shows what it read",
)
def test_the_demo_shows_each_person_with_the_annotated_role(demo):
    nyt = Article.objects.get(outlet__name="The New York Times")
    shown = {p.speaker.name: p.role for p in ArticlePerson.objects.filter(article=nyt)}
    for person in _annotations()["documents"][0]["people"]:
        assert shown.get(person["name"]) == person["role"], person["name"]


def test_loading_the_demo_twice_changes_nothing(demo):
    counts = [m.objects.count() for m in (*MODELS, Outlet, Speaker)]
    call_command("load_demo", verbosity=0)
    assert [m.objects.count() for m in (*MODELS, Outlet, Speaker)] == counts


def test_the_page_shows_the_editors_vouching_as_such(demo, client):
    html = client.get(demo.get_absolute_url()).content.decode()
    assert "No checked article in Newsroom; an editor vouches for it" in html
    assert (
        "Vouched for by an editor</strong>: Cited by the summary (CBS News, Reuters, India Times); "
        "no article in Newsroom." in html
    )
