"""The SQLite backend (``newsroom.db.sqlite3``) rewrites placeholders as Django's does,
remembering each statement's rewrite."""

from __future__ import annotations

import sqlite3

import pytest
from django.db import connection
from django.db.backends.sqlite3.base import SQLiteCursorWrapper as DjangoCursor

from newsroom.db.sqlite3.base import SQLiteCursorWrapper, _qmark

STATEMENTS = [
    "SELECT 1",
    'SELECT "id" FROM "t" WHERE "a" = %s AND "b" IN (%s, %s)',
    "SELECT * FROM t WHERE name LIKE %s ESCAPE '\\' AND note = '100%%'",
    "SELECT '%%s', %s, '%%%s'",
    "INSERT INTO t (a, b) VALUES (%s, %s), (%s, %s)",
]


@pytest.mark.parametrize("statement", STATEMENTS)
def test_a_statement_is_rewritten_as_djangos_cursor_rewrites_it(statement):
    db = sqlite3.connect(":memory:")
    ours, django = db.cursor(factory=SQLiteCursorWrapper), db.cursor(factory=DjangoCursor)
    assert ours.convert_query(statement) == django.convert_query(statement)
    named = "SELECT %(a)s, %(b)s"
    assert ours.convert_query(named, param_names=["a", "b"]) == django.convert_query(
        named, param_names=["a", "b"]
    )


def test_a_statement_run_again_is_rewritten_once():
    _qmark.cache_clear()
    for _ in range(3):
        _qmark('SELECT "id" FROM "t" WHERE "a" = %s')
    assert _qmark.cache_info().misses == 1
    assert _qmark.cache_info().hits == 2


@pytest.mark.django_db
def test_the_project_uses_it_on_sqlite():
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only")
    with connection.cursor() as cursor:
        assert isinstance(cursor.cursor, SQLiteCursorWrapper)
        cursor.execute("SELECT %s || '%%'", ["50"])
        assert cursor.fetchone() == ("50%",)
