"""On PostgreSQL searches are answered from GIN indexes, not by reading every row."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from articles.core.search import matching, ranked
from articles.models import Article, Quote, Story
from sources.models import Speaker
from tests.factories import make_article, make_story

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="these indexes exist on PostgreSQL only"
)


def _plan(queryset, *, bitmaps_only: bool = False) -> str:
    """The query's plan with sequential scans off (tables here are nearly empty); with
    ``bitmaps_only``, plain index scans off too, so a key index scanned whole with a filter
    cannot stand in for the index that answers the condition."""
    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        if bitmaps_only:
            cursor.execute("SET LOCAL enable_indexscan = off")
        cursor.execute("EXPLAIN " + sql, params)
        return "\n".join(row[0] for row in cursor.fetchall())


@pytest.mark.django_db
def test_story_search_uses_the_story_and_key_point_indexes():
    plan = _plan(
        matching(Story.objects.all(), "bridge", key="story", related=[("keypoint", "story_id")])
    )
    assert "articles_story_search" in plan
    assert "articles_keypoint_search" in plan


@pytest.mark.django_db
def test_quote_search_uses_the_quote_and_wording_indexes():
    plan = _plan(
        matching(Quote.objects.all(), "bridge", key="quote", related=[("wording", "quote_id")])
    )
    assert "articles_quote_search" in plan
    assert "articles_quoteappearance_search" in plan


@pytest.mark.django_db
def test_article_search_uses_the_stored_vector_index():
    assert "articles_article_search_vector" in _plan(
        matching(Article.objects.all(), "bridge", key="article")
    )


@pytest.mark.django_db
def test_name_search_uses_the_trigram_indexes():
    plan = _plan(
        matching(
            Speaker.objects.all(), "Roe", key="speaker", related=[("speakeralias", "speaker_id")]
        ),
        bitmaps_only=True,
    )
    assert "sources_speaker_name_trgm" in plan
    assert "sources_speakeralias_alias_trgm" in plan


def _harbour_notices(n: int = 30) -> list[Article]:
    """``n`` published articles holding "ferry", one holding "tram"; the planner's statistics
    read."""
    story = make_story("Harbour timetable")
    notices = [
        make_article(story=story, headline=f"Harbour notice {i}", body="The ferry runs. " * 40)
        for i in range(n)
    ]
    make_article(story=story, headline="Pier closed", body="The tram stopped at the pier.")
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE articles_article")
    return notices


class _Plans:
    """The plan of each query that tests the articles' search vectors, read as it runs (with
    the settings it runs with)."""

    def __init__(self):
        self.plans = []

    def __call__(self, execute, sql, params, many, context):
        if "@@" in sql and "search_vector" in sql and not sql.startswith("EXPLAIN"):
            cursor = context["cursor"].cursor  # the driver's own: not through this wrapper
            cursor.execute("EXPLAIN " + sql, params)
            self.plans.append("\n".join(row[0] for row in cursor.fetchall()))
        return execute(sql, params, many, context)

    def all_from_the_index(self) -> bool:
        return bool(self.plans) and all(
            "articles_article_search_vector" in plan and "Seq Scan on articles_article" not in plan
            for plan in self.plans
        )


@pytest.mark.django_db
def test_a_common_word_is_read_from_the_index_not_the_whole_table(settings):
    settings.NEWSROOM_SEARCH_RANKED = 10  # 30 articles hold the word: "common"
    _harbour_notices()
    plans = _Plans()
    with connection.execute_wrapper(plans):
        rows = list(ranked(Article.objects.all(), "ferry", key="article")[:20])
    assert len(rows) == 10
    assert plans.all_from_the_index()


@pytest.mark.django_db
def test_a_word_few_articles_hold_is_ranked_in_one_query_with_the_usual_plans(settings):
    settings.NEWSROOM_SEARCH_RANKED = 10
    _harbour_notices()
    with CaptureQueriesContext(connection) as queries:
        rows = list(ranked(Article.objects.all(), "tram", key="article")[:20])
    assert [row.headline for row in rows] == ["Pier closed"]
    run = [q["sql"] for q in queries if not q["sql"].startswith("EXPLAIN")]
    assert len(run) == 1 and "@@" in run[0]
    assert not any("enable_seqscan" in sql for sql in run)


@pytest.mark.django_db
def test_the_api_and_the_admin_read_a_common_words_matches_from_the_index(settings):
    from articles.editorial.roles import EDITOR
    from tests.editorial.conftest import client_for, make_user

    settings.NEWSROOM_SEARCH_RANKED = 10
    notices = _harbour_notices()
    plans = _Plans()
    with connection.execute_wrapper(plans):
        response = APIClient().get("/api/v1/articles/", {"q": "ferries", "page_size": 50})
        assert response.status_code == 200
        found = {row["headline"] for row in response.json()["results"]}
        assert found == {a.headline for a in notices}  # every match, not only the ranked ten
        html = (
            client_for(make_user(EDITOR))
            .get("/admin/articles/article/", {"q": "ferry"})
            .content.decode()
        )
    assert "30 results" in html and "Pier closed" not in html
    assert plans.all_from_the_index()


def _planner_settings() -> tuple:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT current_setting('enable_seqscan'), current_setting('enable_indexscan')"
        )
        return cursor.fetchone()


@pytest.mark.django_db
def test_the_search_settings_end_with_the_search_inside_a_transaction():
    make_article(headline="Harbour notice", body="The ferry runs daily.")
    assert ranked(Article.objects.all(), "ferry", key="article").count() == 1
    assert _planner_settings() == ("on", "on")


@pytest.mark.django_db(transaction=True)
def test_the_search_settings_end_with_the_search_between_transactions():
    make_article(headline="Harbour notice", body="The ferry runs daily.")
    assert ranked(Article.objects.all(), "ferry", key="article").count() == 1
    assert _planner_settings() == ("on", "on")
