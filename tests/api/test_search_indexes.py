"""On PostgreSQL searches are answered from GIN indexes, not by reading every row."""

import pytest
from django.db import connection

from articles.core.search import matching, ranked
from articles.models import Article, Quote, Story
from sources.models import Speaker
from tests.factories import make_article

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


@pytest.mark.django_db
def test_a_common_word_is_read_from_the_index_not_the_whole_table():
    for n in range(30):
        make_article(headline=f"Harbour notice {n}", body="The ferry runs daily. " * 40)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE articles_article")
    plans = []

    def explain(execute, sql, params, many, context):
        # The plan of each query that tests the search vectors, as it runs (same settings).
        if "@@" in sql and "search_vector" in sql:
            cursor = context["cursor"].cursor  # the driver's own: not through this wrapper
            cursor.execute("EXPLAIN " + sql, params)
            plans.append("\n".join(row[0] for row in cursor.fetchall()))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(explain):
        rows = list(ranked(Article.objects.all(), "ferry", key="article")[:20])
    assert len(rows) == 20
    assert plans and all("articles_article_search_vector" in plan for plan in plans)
    assert not any("Seq Scan on articles_article" in plan for plan in plans)


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
