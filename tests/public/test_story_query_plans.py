"""A story page reads its own rows, not the whole database's: on SQLite (with the planner
statistics the worker's scheduler keeps), none of the queries of a story page or its API
detail walks every figure, mention or wording readers may see to find the story's few."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from jobs.scheduler import statistics_refresh
from tests.story_builders import build_story

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's query plans"),
]

# The tables with one row per figure, mention or wording: a plan line that reads one of them
# by its review-state index, or from end to end, reads the rows of every story.
ROW_TABLES = ("articles_figure", "articles_articleperson", "articles_quoteappearance")


def _plans(client, url: str) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    lines = []
    with connection.cursor() as cursor:
        for query in queries.captured_queries:
            if not query["sql"].startswith("SELECT"):
                continue
            cursor.execute(f"EXPLAIN QUERY PLAN {query['sql']}")
            lines.extend(row[3] for row in cursor.fetchall())
    return lines


def _whole_table_reads(lines: list[str]) -> list[str]:
    return [
        line
        for line in lines
        if any(f" {table} " in f"{line} " for table in ROW_TABLES)
        and (line.startswith("SCAN") or "review_state" in line)
    ]


@pytest.mark.parametrize("page", ["story page", "API detail"])
def test_a_story_page_reads_only_its_own_figures_people_and_wordings(client, page):
    built = build_story(articles=3, quotes=3)
    for n in range(8):  # other stories' rows, as a site has many
        build_story(articles=3, quotes=3, headline=f"Harbour vote {n}")
    statistics_refresh(force=True)
    story = built.story
    url = story.get_absolute_url() if page == "story page" else f"/api/v1/stories/{story.slug}/"
    lines = _plans(client, url)
    assert lines
    assert _whole_table_reads(lines) == []
