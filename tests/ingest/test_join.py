"""Joining, at the end of an import, a piece consolidation left beside a large draft of its
event: read the other way round (the large draft's reports against the piece), the piece is
the large draft's event and joins it; and two drafts each the other's best match join at a
lower bar. Two large drafts, events told apart and a one-sided match below the placement
threshold never join."""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from articles.engine.grouping import DEFAULT_THRESHOLD, ScoreBreakdown
from articles.ingest.service import ingest_payloads
from articles.models import AuditEntry, Story
from articles.stories import consolidation
from articles.stories.consolidation import (
    CONSOLIDATE_MAX_ARTICLES,
    CONSOLIDATE_THRESHOLD,
    JOIN_MUTUAL_MIN,
    stories_join,
)
from tests.factories import make_article, make_story


def _draft(name: str, articles: int) -> Story:
    story = make_story(f"Example Harbour {name}", published=False)
    for k in range(articles):
        make_article(story=story, headline=f"Example Harbour {name} report {k}")
    return story


def _scripted(
    monkeypatch, best: dict[int, tuple[int, float]], held_back: frozenset = frozenset()
) -> None:
    """Each draft's best match (story, mean score of its articles there), as scripted, and
    the (draft, story) pairs where an article of the draft is held back from the story by
    time."""

    def scripted(story_id, cache, known=None, apart=(), **kw):
        found = best.get(story_id)
        return None if found is None or found[0] in set(apart) else found

    monkeypatch.setattr(consolidation, "_story_match", scripted)
    monkeypatch.setattr(consolidation, "_apart_in_time", lambda s, o, m: (s, o) in held_back)


LARGE = CONSOLIDATE_MAX_ARTICLES + 3


@pytest.mark.django_db
def test_a_large_draft_takes_the_piece_of_its_event_it_reads_as_its_own(monkeypatch):
    large, piece = _draft("pier collapse", LARGE), _draft("pier collapse, one outlet", 1)
    # The piece alone fits the large draft too little (consolidation left it); the large
    # draft's reports take it at the placement threshold.
    _scripted(
        monkeypatch, {large.pk: (piece.pk, DEFAULT_THRESHOLD + 0.01), piece.pk: (large.pk, 0.1)}
    )
    assert stories_join(story_ids=[large.pk, piece.pk]) == {piece.pk: large.pk}
    assert list(Story.objects.values_list("pk", flat=True)) == [large.pk]
    assert Story.objects.get(pk=large.pk).articles.count() == LARGE + 1
    assert AuditEntry.objects.filter(action=AuditEntry.Action.MERGE, story_id=large.pk).exists()


@pytest.mark.django_db
def test_a_match_below_the_placement_threshold_is_not_joined(monkeypatch):
    large, piece = _draft("pier collapse", LARGE), _draft("pier reopening", 1)
    _scripted(monkeypatch, {large.pk: (piece.pk, DEFAULT_THRESHOLD - 0.01)})
    assert stories_join(story_ids=[large.pk, piece.pk]) == {}
    assert Story.objects.count() == 2


@pytest.mark.django_db
def test_two_large_drafts_are_never_joined(monkeypatch):
    # A draft many reports chose is a story of its own: another event of the subject.
    first, second = _draft("pier collapse", LARGE), _draft("pier reopening", LARGE)
    _scripted(monkeypatch, {first.pk: (second.pk, 0.9), second.pk: (first.pk, 0.9)})
    assert stories_join(story_ids=[first.pk, second.pk]) == {}
    assert Story.objects.count() == 2


@pytest.mark.django_db
def test_drafts_told_apart_are_never_joined(monkeypatch):
    large, piece = _draft("pier collapse", LARGE), _draft("pier reopening", 2)
    _scripted(monkeypatch, {large.pk: (piece.pk, 0.9)})
    assert stories_join(story_ids=[large.pk, piece.pk], apart=[(piece.pk, large.pk)]) == {}
    assert Story.objects.count() == 2


@pytest.mark.django_db
def test_a_piece_two_large_drafts_want_joins_the_one_that_fits_it_best(monkeypatch):
    # Whatever order the drafts were made in, the piece goes where it scores best.
    piece = _draft("pier collapse, one outlet", 1)
    first, second = _draft("pier collapse", LARGE), _draft("pier collapse, other angle", LARGE)
    _scripted(monkeypatch, {first.pk: (piece.pk, 0.4), second.pk: (piece.pk, 0.5)})
    assert stories_join(story_ids=[first.pk, second.pk, piece.pk]) == {piece.pk: second.pk}
    assert Story.objects.get(pk=second.pk).articles.count() == LARGE + 1


@pytest.mark.django_db
def test_a_draft_with_editorial_work_is_never_joined(monkeypatch):
    large, piece = _draft("pier collapse", LARGE), _draft("pier collapse, one outlet", 1)
    piece.key_points.create(text="The pier fell.", position=0)
    _scripted(monkeypatch, {large.pk: (piece.pk, 0.9)})
    assert stories_join(story_ids=[large.pk, piece.pk]) == {}
    assert Story.objects.count() == 2


@pytest.mark.django_db
def test_a_piece_and_a_large_draft_each_the_other_s_best_match_join(monkeypatch):
    # Neither side alone reaches its bar (the piece the consolidation bar, the large draft the
    # placement threshold), but each fits the other best of all: one event told twice.
    large, piece = _draft("ferry sinking", LARGE), _draft("ferry sinking, the rescuers", 3)
    _scripted(
        monkeypatch,
        {large.pk: (piece.pk, CONSOLIDATE_THRESHOLD - 0.02), piece.pk: (large.pk, 0.13)},
    )
    assert stories_join(story_ids=[large.pk, piece.pk]) == {piece.pk: large.pk}
    assert Story.objects.get(pk=large.pk).articles.count() == LARGE + 3
    assert AuditEntry.objects.filter(action=AuditEntry.Action.MERGE, story_id=large.pk).exists()


@pytest.mark.django_db
def test_two_pieces_each_the_other_s_best_match_join_into_the_larger(monkeypatch):
    one, two = _draft("ferry sinking, one outlet", 1), _draft("ferry sinking, two outlets", 2)
    _scripted(monkeypatch, {one.pk: (two.pk, 0.17), two.pk: (one.pk, 0.16)})
    assert stories_join(story_ids=[one.pk, two.pk]) == {one.pk: two.pk}
    assert list(Story.objects.values_list("pk", flat=True)) == [two.pk]


@pytest.mark.django_db
def test_a_piece_whose_best_match_wants_another_story_stays_apart(monkeypatch):
    # The large draft fits another piece best: the first piece is not its event read back.
    large = _draft("ferry sinking", LARGE)
    piece, other = _draft("ferry inquiry", 2), _draft("ferry sinking, one outlet", 1)
    _scripted(
        monkeypatch,
        {piece.pk: (large.pk, 0.19), large.pk: (other.pk, 0.18), other.pk: (large.pk, 0.05)},
    )
    assert stories_join(story_ids=[large.pk, piece.pk, other.pk]) == {}
    assert Story.objects.count() == 3


@pytest.mark.django_db
def test_each_other_s_best_match_below_the_lower_bar_stays_apart(monkeypatch):
    large, piece = _draft("ferry sinking", LARGE), _draft("ferry raised", 2)
    _scripted(
        monkeypatch,
        {large.pk: (piece.pk, 0.25), piece.pk: (large.pk, JOIN_MUTUAL_MIN - 0.02)},
    )
    assert stories_join(story_ids=[large.pk, piece.pk]) == {}
    assert Story.objects.count() == 2


@pytest.mark.django_db
def test_each_other_s_best_match_held_back_by_time_stays_apart(monkeypatch):
    # The quake and its aftershock two days later: each the other's best match, but the days
    # tell two events.
    quake, aftershock = _draft("quake", LARGE), _draft("aftershock", 3)
    best = {quake.pk: (aftershock.pk, 0.19), aftershock.pk: (quake.pk, 0.15)}
    _scripted(monkeypatch, best, held_back=frozenset({(aftershock.pk, quake.pk)}))
    assert stories_join(story_ids=[quake.pk, aftershock.pk]) == {}
    _scripted(monkeypatch, best, held_back=frozenset({(quake.pk, aftershock.pk)}))
    assert stories_join(story_ids=[quake.pk, aftershock.pk]) == {}
    assert Story.objects.count() == 2


@pytest.mark.django_db
def test_apart_in_time_reads_the_date_penalties_of_the_draft_s_scores():
    draft, other = _draft("ferry sinking", 2), _draft("ferry raised", 2)
    first, second = draft.articles.order_by("pk")
    matches = consolidation.Matches()
    plain = ScoreBreakdown(0.2, 0.3, 0.4, 0.0, 0.0, 0.0)
    matches.scores[first.pk, other.pk] = (None, plain)
    matches.scores[second.pk, other.pk] = (None, replace(plain, conflict_penalty=0.12))
    assert not consolidation._apart_in_time(draft.pk, other.pk, matches)
    matches.scores[second.pk, other.pk] = (None, replace(plain, date_penalty=0.3))
    assert consolidation._apart_in_time(draft.pk, other.pk, matches)
    del matches.scores[second.pk, other.pk]  # not scored: unknown counts as apart
    assert consolidation._apart_in_time(draft.pk, other.pk, matches)


HAND = Path(__file__).parent.parent / "engine" / "data_connect" / "grouping_hand.jsonl"


@pytest.mark.django_db
def test_a_quake_and_its_aftershock_imported_together_stay_two_stories(fake_engine):
    # Each the other's best match at the end of the import; the days apart hold them back.
    with HAND.open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    rows = [r for r in rows if r["event"] in ("velmora-earthquake", "velmora-aftershock")]
    fields = ("outlet", "headline", "body", "published_at")
    report = ingest_payloads([{k: r[k] for k in fields if r.get(k)} for r in rows], source="t")
    by_event: dict[str, set] = {}
    for row, item in zip(rows, report.items, strict=True):
        by_event.setdefault(row["event"], set()).add(item.story)
    assert [len(s) for s in by_event.values()] == [1, 1]
    assert by_event["velmora-earthquake"] != by_event["velmora-aftershock"]
