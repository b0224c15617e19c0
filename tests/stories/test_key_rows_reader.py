"""``KeyRows`` (the storylines' key-row reader) gives every look-up the rows ``_key_rows``
reads, in the same order and under the same cap, reading each key's rows once."""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import combinations

import pytest
from django.db import connection

from articles.models import Story, StoryIndexKey
from articles.stories import candidates
from articles.stories.candidates import KeyRows, _key_rows
from tests.factories import make_story

DAY = datetime(2026, 3, 10, tzinfo=UTC).toordinal()
KEYS = ["harbour", "n:ines varga", "ferry", "#66000"]


def _rows() -> None:
    """Stories over ten days sharing keys, two on one day (ties the cap cuts between), some
    undated, one archived."""
    for n in range(10):
        story = make_story(f"Harbour report {n}")
        last = None if n in (3, 7) else DAY + n // 2
        first = None if last is None else last - 1
        for key in KEYS[: 1 + n % len(KEYS)]:
            StoryIndexKey.objects.create(key=key, story=story, first_day=first, last_day=last)
    archived = make_story("Harbour archive", published=False, status=Story.Status.ARCHIVED)
    StoryIndexKey.objects.create(key="harbour", story=archived, first_day=DAY, last_day=DAY + 4)


@pytest.mark.django_db
@pytest.mark.parametrize("cap", [3, 5, 8, 4000])
def test_each_look_up_gets_the_rows_the_query_gives(monkeypatch, cap):
    _rows()
    monkeypatch.setattr(candidates, "MAX_CANDIDATE_ROWS", cap)
    reader = KeyRows(DAY - 2)
    for size in range(1, len(KEYS) + 1):
        for keys in combinations([*KEYS, "no such key"], size):
            for since in (DAY - 2, DAY, DAY + 1, DAY + 3, DAY + 9, None):
                expected = _key_rows(list(keys), since, with_days=True)
                assert reader(list(keys), since, with_days=True) == expected, (keys, since)


@pytest.mark.django_db
def test_each_key_is_read_once(django_assert_num_queries):
    _rows()
    reader = KeyRows(DAY - 2)
    reader(KEYS[:2], DAY, with_days=True)
    # Its keys read already: no query, on SQLite (elsewhere every look-up is the query).
    with django_assert_num_queries(0 if connection.vendor == "sqlite" else 1):
        reader(KEYS[:2], DAY + 1, with_days=True)
    with django_assert_num_queries(1):  # the two keys not read yet, in one query
        reader(KEYS, DAY, with_days=True)
