"""``KeyRows`` (the storylines' key-row reader) gives every look-up the rows ``_key_rows``
reads under the same cap, each key's in the same order, reading each key's rows once."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from itertools import combinations

import pytest
from django.db import connection

from articles.engine.grouping import index_keys
from articles.models import Article, Story, StoryIndexKey
from articles.stories import key_rows
from articles.stories.candidates import story_index_for
from articles.stories.key_rows import KeyRows, _key_rows
from articles.stories.placement import article_features, article_place, document_frequencies
from tests.factories import make_outlet, make_story

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


def _of(key: str, rows: list[tuple]) -> list[tuple]:
    return [row for row in rows if row[0] == key]


@pytest.mark.django_db
@pytest.mark.parametrize("cap", [3, 5, 8, 4000])
def test_each_look_up_gets_the_rows_the_query_gives(monkeypatch, cap):
    _rows()
    monkeypatch.setattr(key_rows, "MAX_CANDIDATE_ROWS", cap)
    reader = KeyRows(DAY - 2)
    for size in range(1, len(KEYS) + 1):
        for keys in combinations([*KEYS, "no such key"], size):
            for since in (DAY - 2, DAY, DAY + 1, DAY + 3, DAY + 9, None):
                expected = _key_rows(list(keys), since, with_days=True)
                got = reader(list(keys), since, with_days=True)
                assert sorted(got, key=repr) == sorted(expected, key=repr), (keys, since)
                for key in keys:  # each key's rows in the query's order (oldest first)
                    assert _of(key, got) == _of(key, expected), (keys, since, key)


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


EVENTS = [
    (
        "Alder ferry resumes after storm",
        "The Alder ferry resumed its crossings on {day} after three days of storms, the "
        "Valmora Ferry Company said. Captain Ines Varga said the first boat left at six.",
    ),
    (
        "Northfield council approves harbour wall",
        "Northfield council approved the 12 million harbour wall on {day}, Mayor Jane Roe "
        "said. The wall will protect 3,000 homes from the spring floods.",
    ),
    (
        "Valmora ferry staff vote on strike",
        "Crews of the Valmora Ferry Company voted on {day} on a strike over pay, the union's "
        "secretary Marcus Bell said. Captain Ines Varga said crossings would go on.",
    ),
]


@pytest.mark.django_db
def test_placements_keep_it_what_the_query_reads():
    """Placements told to it (``written``: new stories, new keys, changed days) leave it
    giving what the query gives; an article already in a story makes it read again."""
    outlets = [make_outlet(f"The Example Gazette {n}") for n in range(3)]
    start = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    reader = KeyRows(slack=7)
    looked: list[list[str]] = []
    for n in range(12):
        headline, body = EVENTS[n % 3]
        day = start + timedelta(days=n // 2 + (9 if n == 11 else 0))
        article = Article.objects.create(
            outlet=outlets[n % 3],
            headline=headline,
            body=body.format(day=day.strftime("%A")) + f" Report {n}.",
            published_at=day,
        )
        placed = article_place(article=article, key_rows=reader)
        # The keys of its story's rows (its own among them), looked up from then on.
        looked.append(
            sorted(StoryIndexKey.objects.filter(story=placed.story).values_list("key", flat=True))
        )
        since = day.toordinal() - 7
        assert looked[-1]
        for keys in looked:
            expected = _key_rows(keys, since, with_days=True)
            got = reader(keys, since, with_days=True)
            assert sorted(got, key=repr) == sorted(expected, key=repr), n
            for key in keys:
                assert _of(key, got) == _of(key, expected), (n, key)


@pytest.mark.django_db
def test_a_placement_index_from_it_is_the_one_from_the_query():
    """``story_index_for`` given a ``KeyRows`` (its rows key by key, ``groups``) builds the
    index the query's rows build: the same postings in the same order, the same stories
    with the same days, the same candidates."""
    outlets = [make_outlet(f"The Example Gazette {n}") for n in range(3)]
    start = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    reader = KeyRows(slack=7)
    for n in range(12):
        headline, body = EVENTS[n % 3]
        day = start + timedelta(days=n // 2)
        article = Article.objects.create(
            outlet=outlets[n % 3],
            headline=headline,
            body=body.format(day=day.strftime("%A")) + f" Report {n}.",
            published_at=day,
        )
        features = article_features(article)
        df = document_frequencies(features.df_terms())
        features = replace(features, keys=tuple(index_keys(features, df)))
        got = story_index_for(features, df, limit=30, rows=reader)
        expected = story_index_for(features, df, limit=30)
        assert {k: list(p) for k, p in got.postings.items() if p} == {
            k: list(p) for k, p in expected.postings.items() if p
        }, n
        assert _days(got) == _days(expected), n
        assert got.candidates(features, 30) == expected.candidates(features, 30), n
        article_place(article=article, key_rows=reader)
    assert len(expected.stories) > 1  # the last look-up had stories to choose from


def _days(index) -> dict[int, tuple]:
    return {sid: (s.first, s.last) for sid, s in index.stories.items()}
