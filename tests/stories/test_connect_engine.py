"""Placing articles into stories, joining quotes across outlets, figures and evidence, on
fictional articles."""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from articles.models import (
    Article,
    Attribution,
    Figure,
    Quote,
    QuoteAppearance,
    ReviewState,
    Story,
    StoryIndexKey,
)
from articles.stories.evidence import story_figure_table, story_find_evidence, story_flags
from articles.stories.joining import quotes_connect
from articles.stories.placement import article_place
from tests.factories import make_key_point, make_outlet, make_paragraph, make_speaker, make_story

T0 = datetime(2026, 3, 10, 9, 0, tzinfo=UTC)

SENATE_VOTE = (
    "Senate passes stopgap funding bill",
    "The Senate on Tuesday passed a stopgap funding bill by 61 votes to 38, keeping the "
    "Northfield federal agencies open until March 30. Senator Maria Okonjo, who wrote the "
    "measure, said the vote bought time for talks on the full budget.",
)
SENATE_VOTE_2 = (
    "Stopgap bill clears Senate, averting shutdown",
    "Senators approved the temporary spending measure 61-38 on Tuesday. The bill, drafted by "
    "Senator Maria Okonjo, funds the agencies until March 30 while negotiators keep working "
    "on a full budget.",
)
SIGNING = (
    "President signs stopgap bill into law",
    "President Alan Whitcombe on Thursday signed the stopgap funding bill into law at a brief "
    "ceremony, two days after the Senate vote. The law keeps agencies open until March 30.",
)
HARBOUR_FIRE = (
    "Fire destroys warehouse at Northfield harbour",
    "A fire destroyed a timber warehouse at Northfield harbour overnight. Fire chief Tomas "
    "Reyes said 40 firefighters fought the blaze for six hours and nobody was hurt.",
)


def _article(outlet, headline, body, when, **kw):
    return Article.objects.create(
        outlet=outlet, headline=headline, body=body, published_at=when, **kw
    )


@pytest.fixture
def outlets(db):
    return make_outlet("The Example Gazette"), make_outlet("Northfield Courier")


def test_two_reports_of_one_event_join_one_story(outlets):
    gazette, courier = outlets
    first = _article(gazette, *SENATE_VOTE, T0)
    placed = article_place(article=first)
    assert placed.created
    assert placed.story.status == Story.Status.DRAFT
    second = _article(courier, *SENATE_VOTE_2, T0 + timedelta(hours=3))
    again = article_place(article=second)
    assert not again.created
    assert again.story == placed.story


def test_the_same_bill_signed_two_days_later_is_another_story(outlets):
    gazette, courier = outlets
    vote = article_place(article=_article(gazette, *SENATE_VOTE, T0)).story
    article_place(article=_article(courier, *SENATE_VOTE_2, T0 + timedelta(hours=2)))
    signing = article_place(article=_article(courier, *SIGNING, T0 + timedelta(days=2)))
    assert signing.created
    assert signing.story != vote


def test_an_undated_article_joins_its_event_whenever_it_is_imported(outlets):
    # T0 is months away from the import time (created_at): an archive imported later, or a
    # feed without dates, must still be matched on the text.
    gazette, courier = outlets
    vote = article_place(article=_article(gazette, *SENATE_VOTE, T0 - timedelta(days=200)))
    undated = article_place(article=_article(courier, *SENATE_VOTE_2, None))
    assert not undated.created
    assert undated.story == vote.story


def test_an_article_older_than_the_story_joins_it(outlets):
    # Imports are not always in date order.
    gazette, courier = outlets
    later = article_place(article=_article(gazette, *SENATE_VOTE, T0 + timedelta(hours=20)))
    earlier = article_place(article=_article(courier, *SENATE_VOTE_2, T0))
    assert earlier.story == later.story


def test_an_unrelated_event_starts_its_own_story(outlets):
    gazette, _ = outlets
    vote = article_place(article=_article(gazette, *SENATE_VOTE, T0)).story
    fire = article_place(article=_article(gazette, *HARBOUR_FIRE, T0 + timedelta(hours=1)))
    assert fire.created and fire.story != vote


def _queries_to_place(outlet, headline, body, when) -> int:
    article = _article(outlet, headline, body, when)
    with CaptureQueriesContext(connection) as ctx:
        article_place(article=article)
    assert StoryIndexKey.objects.filter(story=article.story).exists()
    return len(ctx.captured_queries)


def _fill(outlet, n: int, *, first: int = 0) -> None:
    for day in range(first, first + n):
        body = f"Day {day} of the Example county fair drew crowds to stall {day * 7 + 11}."
        article_place(article=_article(outlet, f"Fair day {day}", body, T0 - timedelta(days=day)))


def test_placing_an_article_costs_the_same_with_1_or_40_stored_stories(outlets):
    gazette, courier = outlets
    fair = "Example county fair: crowds at day {n}"
    body = "Crowds filled the Example county fair on day {n}, organisers said."
    _fill(gazette, 1)
    few = _queries_to_place(courier, fair.format(n=98), body.format(n=98), T0)
    _fill(gazette, 40, first=1)
    many = _queries_to_place(courier, fair.format(n=99), body.format(n=99), T0)
    assert few == many


@pytest.fixture
def mayor_story(outlets):
    gazette, courier = outlets
    story = make_story("Mayor pledges new bridge")
    roe = make_speaker("Jane Roe")
    a1 = _article(
        gazette,
        "Mayor pledges bridge",
        "Mayor Jane Roe said: “I am not satisfied with the pace of the works. "
        "We have to go faster.”",
        T0,
        story=story,
    )
    a2 = _article(
        courier,
        "Roe wants faster works",
        "“I’m not satisfied with the speed of the works. We need to go faster,” Roe said. "
        "“Taxes will not rise this year,” she added.",
        T0 + timedelta(hours=5),
        story=story,
    )

    def appear(article, speaker, text):
        start = article.body.index(text)
        quote = Quote.objects.create(story=story, speaker=speaker, text=text)
        QuoteAppearance.objects.create(
            quote=quote, article=article, text=text, start=start, end=start + len(text)
        )
        return quote

    appear(a1, roe, "I am not satisfied with the pace of the works. We have to go faster.")
    appear(a2, roe, "I’m not satisfied with the speed of the works. We need to go faster,")
    appear(a2, roe, "Taxes will not rise this year,")
    return story, a1, a2


def test_one_statement_in_two_wordings_becomes_one_quote(mayor_story):
    story, a1, a2 = mayor_story
    assert quotes_connect(article=a2) == 1
    quotes = Quote.objects.filter(story=story)
    assert quotes.count() == 2
    joined = quotes.get(appearances__article=a1)
    matches = {a.article_id: a.match for a in joined.appearances.all()}
    assert matches == {a1.pk: "original", a2.pk: "variant"}
    assert joined.text.startswith("I am not satisfied")


def test_a_different_statement_by_the_same_speaker_stays_apart(mayor_story):
    story, a1, a2 = mayor_story
    quotes_connect(article=a2)
    taxes = Quote.objects.get(text__startswith="Taxes")
    assert [a.article_id for a in taxes.appearances.all()] == [a2.pk]


def test_quotes_of_other_speakers_are_never_joined(mayor_story):
    story, a1, a2 = mayor_story
    other = make_speaker("John Doe")
    Quote.objects.filter(appearances__article=a2, text__startswith="I’m").update(speaker=other)
    assert quotes_connect(article=a2) == 0


def test_figures_line_up_across_outlets_and_flag_disagreements(outlets):
    gazette, courier = outlets
    story = make_story("Flood forces evacuations")
    a1 = _article(gazette, "Flood", "About 1,200 residents were evacuated.", T0, story=story)
    a2 = _article(courier, "Flood", "Some 1,500 residents were evacuated.", T0, story=story)
    for article, value, text in (
        (a1, 1200, "About 1,200 residents"),
        (a2, 1500, "1,500 residents"),
    ):
        Figure.objects.create(
            article=article, text=text, start=0, end=len(text), value=value, unit="residents"
        )
    table = story_figure_table(story=story)
    assert table.outlets == ("The Example Gazette", "Northfield Courier")
    assert len(table.disagreements) == 1
    assert "1,200" in table.disagreements[0].note and "1,500" in table.disagreements[0].note


def test_a_target_and_an_average_are_not_a_disagreement(outlets):
    gazette, courier = outlets
    story = make_story("Inspections")
    a1 = _article(gazette, "Inspections", "A target of 300 inspections a day.", T0, story=story)
    a2 = _article(courier, "Inspections", "An average of 66 inspections a day.", T0, story=story)
    Figure.objects.create(
        article=a1,
        text="300 inspections a day",
        start=0,
        end=5,
        value=300,
        unit="inspections",
        per="day",
        kind="target",
    )
    Figure.objects.create(
        article=a2,
        text="66 inspections a day",
        start=0,
        end=5,
        value=66,
        unit="inspections",
        per="day",
        kind="average",
    )
    assert story_figure_table(story=story).disagreements == ()


def test_key_points_find_their_supporting_passages_and_unsupported_ones_are_flagged(outlets):
    gazette, courier = outlets
    story = make_story("Bridge approved")
    article = _article(
        gazette,
        "Council approves Northfield bridge",
        "The Northfield council approved the new river bridge on Monday by seven votes to two. "
        "Construction will cost 40 million pounds and start in May.",
        T0,
        story=story,
    )
    supported = make_key_point(
        story, "The council approved the river bridge, costing 40 million pounds."
    )
    unsupported = make_key_point(
        story, "The mayor's cat won a regional beauty contest.", position=1
    )
    make_paragraph(story, "Work on the bridge starts in May.", outlets=[courier])
    story_find_evidence(story=story)
    evidence = supported.attributions.filter(article=article).order_by("-score").first()
    assert "40 million pounds" in evidence.passage
    assert article.body[evidence.start : evidence.end] == evidence.passage
    assert not unsupported.attributions.filter(article__isnull=False).exists()
    messages = [f.message for f in story_flags(story=story)]
    assert any("Key point 2 has no supporting article" in m for m in messages)
    assert any(m.startswith("Northfield Courier is cited") for m in messages)
    # Found by machine is not yet checked: the flag says so until an editor approves it.
    assert any(
        "Key point 1's evidence was found by machine and awaits review" in m for m in messages
    )
    Attribution.objects.filter(pk=evidence.pk).update(review_state=ReviewState.APPROVED)
    messages = [f.message for f in story_flags(story=story)]
    assert not any(m.startswith("Key point 1") for m in messages)


def test_finding_evidence_again_keeps_editors_citations(outlets):
    gazette, courier = outlets
    story = make_story("Bridge approved")
    _article(gazette, "Bridge", "The council approved the bridge on Monday.", T0, story=story)
    point = make_key_point(story, "The council approved the bridge.", outlets=[courier])
    story_find_evidence(story=story)
    story_find_evidence(story=story)
    assert point.attributions.filter(origin=Attribution.Origin.EDITOR).count() == 1
    assert point.attributions.filter(origin=Attribution.Origin.ENGINE).count() == 1


@pytest.mark.django_db
def test_imported_figures_keep_their_year_and_outcome_so_the_story_compares_them_rightly():
    from articles.ingest.service import ingest_payloads

    story = make_story("Ferry hits Pier 9")
    texts = {
        "The Example Gazette": "Four people were injured when the ferry hit the pier. The "
        "harbour handled 40 ferries a day in 2025.",
        "Northfield Courier": "Three people were rescued from the water after the ferry hit "
        "the pier. The harbour handled 30 ferries a day in 2024.",
    }
    report = ingest_payloads(
        [
            {"outlet": outlet, "headline": "Ferry hits Pier 9", "url": f"https://{n}.example/"}
            | {"body": body}
            for n, (outlet, body) in enumerate(texts.items())
        ],
        source="test",
    )
    assert report.errors == 0
    Article.objects.update(story=story)
    injured = Figure.objects.get(text__startswith="Four people")
    assert (injured.event, injured.year) == ("injured", "")
    assert Figure.objects.get(text__startswith="40 ferries").year == "2025"
    table = story_figure_table(story=story)
    assert table.disagreements == (), [row.note for row in table.disagreements]
    assert {"people injured", "people rescued"} <= {row.label for row in table.rows}


def test_a_claim_keeps_its_checked_evidence_only_through_a_small_fix():
    from articles.engine.citations import same_claim

    before = "About 1,200 residents of Valmora were evacuated on Tuesday."
    assert same_claim(before, "About 1,200 residents of Valmora were evacuated on Tuesday .")
    assert same_claim(before, "About 1,200 residents of Valmora were evacuatd on Tuesday.")
    assert same_claim(before, before[:-1] + ", according to The Example Gazette.")
    assert not same_claim(before, "About 1,500 residents of Valmora were evacuated on Tuesday.")
    assert not same_claim(before, "About 1,200 residents of Valmora were not evacuated on Tuesday.")
    assert not same_claim(before, "Governor Jane Roe resigned over the collapse.")
