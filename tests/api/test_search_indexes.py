"""On PostgreSQL searches are answered from GIN indexes, not by reading every row."""

import pytest
from django.db import connection

from articles.core.search import matching, ranked
from articles.models import Article, Quote, Story
from sources.models import Speaker

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
    assert "articles_article_search_vector" in _plan(
        ranked(Article.objects.all(), "bridge", key="article")
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
