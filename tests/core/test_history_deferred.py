"""``history_deferred``: an import batch's history rows written at its end, the same rows with
the same ids as one call at a time, none for a part rolled back."""

from __future__ import annotations

import pytest
from django.db import connection, transaction

from articles.core.history import CHANGED, history_bulk, history_deferred
from articles.models import Story
from tests.factories import make_story


class _Failed(Exception):
    pass


def _history(story_ids) -> list[tuple]:
    rows = Story.history.filter(id__in=story_ids).order_by("history_id")
    return list(rows.values_list("history_id", "id", "headline", "history_type"))


def _steps(stories, *, fail_second: bool) -> None:
    """Three items in savepoints: the first's rows by ``history_bulk``, the second's by
    ``history_bulk`` then a ``save()`` (simple-history's own row, which writes the waiting
    rows first), failing at the end when ``fail_second``; the third's by ``history_bulk``."""
    first, second, third = stories
    with transaction.atomic():
        first.headline = "Bridge reopens"
        history_bulk(Story, [first], CHANGED)
    try:
        with transaction.atomic():
            second.headline = "Ferry resumes"
            history_bulk(Story, [second], CHANGED)
            second.save()
            if fail_second:
                raise _Failed
    except _Failed:
        pass
    with transaction.atomic():
        third.headline = "Tunnel opens"
        history_bulk(Story, [third, first], CHANGED)


def _ids(rows: list[tuple]) -> list[tuple]:
    return rows if connection.vendor == "sqlite" else [row[1:] for row in rows]


@pytest.mark.django_db
@pytest.mark.parametrize("fail_second", [False, True])
def test_deferred_rows_are_the_rows_and_ids_written_one_call_at_a_time(fail_second):
    made = [make_story(h) for h in ("Bridge closes", "Ferry stops", "Tunnel shuts")]
    ids = [s.pk for s in made]
    with transaction.atomic():
        saved = transaction.savepoint_create()
        _steps([Story.objects.get(pk=pk) for pk in ids], fail_second=fail_second)
        at_once = _history(ids)
        transaction.savepoint_rollback(saved)
        with history_deferred():
            _steps([Story.objects.get(pk=pk) for pk in ids], fail_second=fail_second)
            assert len(_history(ids)) < len(at_once)  # (some still waiting)
        # (PostgreSQL's sequences are not rolled back with a savepoint: its ids differ)
        assert _ids(_history(ids)) == _ids(at_once)
    kinds = [(story_id, headline) for _, story_id, headline, kind in at_once if kind == CHANGED]
    second = [(ids[1], "Ferry resumes")] * (0 if fail_second else 2)
    expected = [(ids[0], "Bridge reopens"), *second, (ids[2], "Tunnel opens")]
    assert kinds == [*expected, (ids[0], "Bridge reopens")]


@pytest.mark.django_db
def test_rows_written_early_in_a_part_rolled_back_are_written_again():
    """A ``save()`` in a failed part writes the earlier parts' rows waiting; the rollback takes
    them back, and the block's end writes them again."""
    made = [make_story(h) for h in ("Bridge closes", "Ferry stops")]
    with transaction.atomic(), history_deferred():
        first, second = (Story.objects.get(pk=s.pk) for s in made)
        with transaction.atomic():
            first.headline = "Bridge reopens"
            history_bulk(Story, [first], CHANGED)
        try:
            with transaction.atomic():
                second.headline = "Ferry resumes"
                second.save()  # (the first's row goes before this one's)
                assert len(_history([first.pk])) == 2
                raise _Failed
        except _Failed:
            pass
        assert len(_history([first.pk])) == 1  # rolled back with the part
    rows = _history([first.pk, second.pk])
    assert [(i, h, k) for _, i, h, k in rows if k == CHANGED] == [
        (first.pk, "Bridge reopens", CHANGED)
    ]


@pytest.mark.django_db(transaction=True)
def test_outside_a_transaction_rows_are_written_at_once():
    story = make_story("Bridge closes")
    with history_deferred():
        history_bulk(Story, [story], CHANGED)
        assert len(_history([story.pk])) == 2
