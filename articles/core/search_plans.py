"""How PostgreSQL plans the queries of a search (``articles.core.search``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connections, transaction


@contextmanager
def from_index(using: str = "default") -> Iterator[None]:
    """Inside, on PostgreSQL, queries that test the articles' stored search vectors read the
    matches from their index, never by testing row after row. The vectors are large, so
    PostgreSQL keeps them out of line, and its planner does not count the cost of fetching
    them back: for a word in a few per cent of the articles or more it chose to read every
    row and test its vector, or to walk the newest articles testing each, which fetches and
    decompresses thousands of vectors (seconds at 100,000 articles, where the index answers
    in milliseconds). The planner's settings hold for this block's transaction only (its own,
    or the caller's until the block ends), so they never reach another request, whatever
    pools the connections; other databases are left as they are."""
    connection = connections[using]
    if connection.vendor != "postgresql":
        yield
        return
    if not connection.in_atomic_block:
        with transaction.atomic(using=using):
            _plans(connection, "off")
            yield
        return
    _plans(connection, "off")
    yield  # on an error the caller's rollback undoes the settings with the rest
    _plans(connection, "DEFAULT")


def _plans(connection, value: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            f"SET LOCAL enable_seqscan TO {value}; SET LOCAL enable_indexscan TO {value}"
        )
