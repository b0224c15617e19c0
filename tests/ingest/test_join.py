"""Joining, at the end of an import, a piece consolidation left beside a large draft of its
event: read the other way round (the large draft's reports against the piece), the piece is
the large draft's event and joins it. Two large drafts, events told apart and a match below
the placement threshold never join."""

import pytest

from articles.engine.grouping import DEFAULT_THRESHOLD
from articles.models import AuditEntry, Story
from articles.stories import consolidation
from articles.stories.consolidation import CONSOLIDATE_MAX_ARTICLES, stories_join
from tests.factories import make_article, make_story


def _draft(name: str, articles: int) -> Story:
    story = make_story(f"Example Harbour {name}", published=False)
    for k in range(articles):
        make_article(story=story, headline=f"Example Harbour {name} report {k}")
    return story


def _scripted(monkeypatch, best: dict[int, tuple[int, float]]) -> None:
    """Each draft's best match (story, mean score of its articles there), as scripted."""

    def scripted(story_id, cache, known=None, apart=(), **kw):
        found = best.get(story_id)
        return None if found is None or found[0] in set(apart) else found

    monkeypatch.setattr(consolidation, "_story_match", scripted)


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
