"""On PostgreSQL the API's full-text search is answered from GIN indexes, not by reading
every row."""

import pytest
from django.db import connection

from articles.api.filters import full_text
from articles.models import KeyPoint, Quote, QuoteAppearance, Story

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="full-text indexes exist on PostgreSQL only"
)


def _plan(queryset) -> str:
    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("EXPLAIN " + sql, params)
        return "\n".join(row[0] for row in cursor.fetchall())


@pytest.mark.django_db
def test_story_search_uses_the_story_and_key_point_indexes():
    plan = _plan(
        full_text(
            Story.objects.all(),
            "bridge",
            fields=["headline", "dek"],
            related=[(KeyPoint.objects.all(), "story_id", ["text"])],
        )
    )
    assert "articles_story_search" in plan
    assert "articles_keypoint_search" in plan


@pytest.mark.django_db
def test_quote_search_uses_the_quote_and_wording_indexes():
    plan = _plan(
        full_text(
            Quote.objects.all(),
            "bridge",
            fields=["text"],
            related=[(QuoteAppearance.objects.all(), "quote_id", ["text"])],
        )
    )
    assert "articles_quote_search" in plan
    assert "articles_quoteappearance_search" in plan
