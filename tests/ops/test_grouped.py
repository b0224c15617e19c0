"""``ops.grouped``: on PostgreSQL, writes that need no answer go with the next
statement (an import batch's waits: ``tests/ingest/test_ingest_batches.py``); what each
statement sees and where an error shows stay as they were."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction

from articles.core.bulk import objs_insert, rows_insert
from articles.models import TermFrequency
from ops.grouped import deferrable, grouped_writes

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _grouping_on(settings):
    settings.NEWSROOM_PG_GROUPED_WRITES = True  # (the default, whatever the environment says)


postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="PostgreSQL's multi-statement messages"
)


def _terms(*pairs) -> None:
    """Term rows (term, df), run as a write that needs no answer."""
    field = TermFrequency._meta.get_field
    rows_insert(TermFrequency, [field("term"), field("df")], pairs)


@postgres_only
def test_kept_writes_are_seen_by_the_next_read_in_the_order_issued():
    with transaction.atomic(), grouped_writes():
        _terms(("harbour", 1))
        with deferrable():
            TermFrequency.objects.filter(term="harbour").update(df=5)
        _terms(("ferry", 2))
        assert dict(TermFrequency.objects.values_list("term", "df")) == {
            "harbour": 5,
            "ferry": 2,
        }
    assert TermFrequency.objects.count() == 2


@postgres_only
def test_a_failing_kept_write_fails_inside_its_own_savepoint_and_the_batch_goes_on():
    with transaction.atomic(), grouped_writes():
        _terms(("harbour", 1))
        with pytest.raises(IntegrityError), transaction.atomic():
            _terms(("ferry", 1), ("ferry", 1))  # the same term twice: refused
            TermFrequency.objects.count()  # the statement it went with
        _terms(("bridge", 1))
    assert sorted(TermFrequency.objects.values_list("term", flat=True)) == ["bridge", "harbour"]


@postgres_only
def test_a_failing_kept_write_shows_when_its_savepoint_is_released():
    with transaction.atomic(), grouped_writes():
        with pytest.raises(IntegrityError), transaction.atomic():
            _terms(("ferry", 1), ("ferry", 1))  # nothing read after it in the savepoint
        _terms(("bridge", 1))
    assert list(TermFrequency.objects.values_list("term", flat=True)) == ["bridge"]


@postgres_only
def test_writes_rolled_back_with_their_savepoint_or_block_are_not_stored():
    with transaction.atomic(), grouped_writes():
        try:
            with transaction.atomic():
                _terms(("ferry", 1))
                _terms(("pier", 1))
                raise RuntimeError("the item failed")
        except RuntimeError:
            pass
        _terms(("bridge", 1))
    assert list(TermFrequency.objects.values_list("term", flat=True)) == ["bridge"]
    with pytest.raises(RuntimeError), transaction.atomic(), grouped_writes():
        _terms(("quay", 1))
        raise RuntimeError("the batch failed")
    assert list(TermFrequency.objects.values_list("term", flat=True)) == ["bridge"]


def test_outside_a_group_each_write_goes_at_once():
    objs_insert(TermFrequency, [TermFrequency(term="harbour", df=1)])
    with pytest.raises(IntegrityError), transaction.atomic(), deferrable():
        objs_insert(TermFrequency, [TermFrequency(term="harbour", df=1)])  # shows at once
    assert TermFrequency.objects.count() == 1
