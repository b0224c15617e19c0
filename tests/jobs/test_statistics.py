"""SQLite's query-planner statistics, refreshed by the scheduler now and then."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import override_settings

from jobs import scheduler
from tests.factories import make_article, make_story

pytestmark = pytest.mark.django_db

sqlite_only = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="PostgreSQL's autovacuum keeps its own statistics"
)


def stat_tables() -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM sqlite_master WHERE name = 'sqlite_stat1'")
        if cursor.fetchone() is None:
            return set()
        cursor.execute("SELECT DISTINCT tbl FROM sqlite_stat1")
        return {row[0] for row in cursor.fetchall()}


@sqlite_only
def test_a_tick_gives_the_planner_statistics_of_the_stored_articles(monkeypatch):
    monkeypatch.setattr(scheduler, "_analyzed_at", None)
    story = make_story("Pier reopens")
    for _ in range(3):
        make_article(story=story)
    assert scheduler.tick().analyzed
    assert "articles_article" in stat_tables()


@sqlite_only
@override_settings(NEWSROOM_SQLITE_ANALYZE_SECONDS=3600)
def test_the_statistics_are_refreshed_at_most_once_an_interval(monkeypatch):
    monkeypatch.setattr(scheduler, "_analyzed_at", None)
    assert scheduler.statistics_refresh()
    assert not scheduler.statistics_refresh()
    assert scheduler.statistics_refresh(force=True)


@sqlite_only
@override_settings(NEWSROOM_SQLITE_ANALYZE_SECONDS=0)
def test_no_refresh_when_switched_off(monkeypatch):
    monkeypatch.setattr(scheduler, "_analyzed_at", None)
    assert not scheduler.tick().analyzed


@sqlite_only
def test_with_statistics_a_story_s_quotes_are_read_through_the_story(monkeypatch):
    """Without statistics SQLite read every approved wording of the database through the
    review-state index to find one story's; with them it starts from the story's quotes."""
    from articles.models import QuoteAppearance
    from tests.factories import make_quote

    body = " ".join(f"Words number {k:02d}." for k in range(12))
    stories = [make_story(f"Harbour story {i}") for i in range(30)]
    for story in stories:
        article = make_article(story=story, body=body)
        for k in range(12):
            make_quote(story=story, article=article, speaker=None, text=f"Words number {k:02d}.")
    wanted = QuoteAppearance.objects.filter(quote__story=stories[3], review_state="approved")

    def first_step() -> str:
        sql, params = wanted.query.sql_with_params()
        with connection.cursor() as cursor:
            cursor.execute("EXPLAIN QUERY PLAN " + sql, params)
            return cursor.fetchall()[0][-1]

    assert "review_state" in first_step()
    monkeypatch.setattr(scheduler, "_analyzed_at", None)
    scheduler.tick()
    assert "articles_quote_story_id" in first_step()
    assert wanted.count() == 12
