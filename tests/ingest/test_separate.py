"""Separation at the end of an import: a machine draft that took in two events of one subject
(the first report of the second event joined the first event's story, and the rest of its
reports followed) is split in two, and the report points at both."""

import pytest

from articles.ingest import service
from articles.ingest.service import ingest_payloads
from articles.models import AuditEntry, Story
from articles.stories.separation import stories_separate
from tests.engine.test_grouping import REED_REPORTS, VALE_REPORTS

# Undated, one player's report then the other's: placement alone puts them all in one story.
ARRIVALS = [report for pair in zip(VALE_REPORTS, REED_REPORTS, strict=True) for report in pair]


def _payloads() -> list[dict]:
    return [
        {"outlet": f"The Example Courier {i % 3}", "headline": headline, "body": body}
        for i, (headline, body) in enumerate(ARRIVALS)
    ]


@pytest.mark.django_db
def test_placement_alone_puts_both_events_in_one_story(fake_engine, monkeypatch):
    monkeypatch.setattr(service, "stories_separate", lambda **kw: {})
    report = ingest_payloads(_payloads(), source="t")
    assert len({i.story for i in report.items}) == 1


@pytest.mark.django_db
def test_a_draft_holding_two_events_is_split_and_the_report_says_so(fake_engine):
    report = ingest_payloads(_payloads(), source="t")
    vale, reed = report.items[0].story, report.items[1].story
    assert vale != reed
    assert [i.story for i in report.items] == [vale, reed] * 3
    # The story keeps the event it was made for; the other event is a new draft.
    assert Story.objects.get(pk=vale).headline == VALE_REPORTS[0][0]
    assert Story.objects.get(pk=reed).status == Story.Status.DRAFT
    assert AuditEntry.objects.filter(action=AuditEntry.Action.SPLIT, story_id=vale).exists()


@pytest.mark.django_db
def test_a_draft_with_editorial_work_is_never_split(fake_engine, monkeypatch):
    monkeypatch.setattr(service, "stories_separate", lambda **kw: {})
    report = ingest_payloads(_payloads(), source="t")
    story = Story.objects.get(pk=report.items[0].story)
    story.key_points.create(text="Two players are out.", position=0)
    assert stories_separate(story_ids=[story.pk]) == {}
    assert Story.objects.get(pk=story.pk).articles.count() == len(ARRIVALS)


# A late, thin report of the second player's injury: too little of it fits the story holding
# both players' reports to join it, but it fits that player's own story once the two are apart.
REED_RECOVERY = (
    "Reed begins recovery",
    "Sam Reed began his recovery after ankle surgery on Friday, his agent said.",
)


@pytest.mark.django_db
def test_a_report_left_beside_a_mixed_draft_joins_its_event_once_the_draft_is_split(fake_engine):
    payloads = _payloads()
    payloads.append(
        {"outlet": "The Example Courier 9", "headline": REED_RECOVERY[0], "body": REED_RECOVERY[1]}
    )
    report = ingest_payloads(payloads, source="t")
    vale, reed = report.items[0].story, report.items[1].story
    assert vale != reed
    # The late report is with the other reports of its player, not a story of its own.
    assert report.items[-1].story == reed
    assert [i.story for i in report.items] == [vale, reed] * 3 + [reed]
    assert set(Story.objects.values_list("pk", flat=True)) == {vale, reed}
