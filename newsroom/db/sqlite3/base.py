"""Django's SQLite backend, with each statement's placeholders rewritten once.

Django writes SQL with ``%s`` placeholders and its SQLite cursor rewrites them to ``?`` with
a regular expression on every execution (``convert_query``). The regex opens with a
look-behind, so it is tried at every character of the statement: for the long multi-row
INSERTs and compiled-once queries of an import, about 2% of its CPU time, for the same few
hundred statement texts over and over. Here the rewritten text is remembered per statement
text: the same ``?`` statement, as the same function of its text. Named (``pyformat``)
parameters are rewritten as Django does, every time.

Selected in ``newsroom.settings.base`` for SQLite databases; everything else is Django's.
"""

from __future__ import annotations

from functools import lru_cache

from django.db.backends.sqlite3 import base

# Statement texts remembered: the import's and the pages' shapes are a few hundred.
QMARK_CACHE_SIZE = 2048


@lru_cache(maxsize=QMARK_CACHE_SIZE)
def _qmark(query: str) -> str:
    """What ``SQLiteCursorWrapper.convert_query`` makes of a "format"-style statement."""
    return base.FORMAT_QMARK_REGEX.sub("?", query).replace("%%", "%")


class SQLiteCursorWrapper(base.SQLiteCursorWrapper):
    def convert_query(self, query, *, param_names=None):
        if param_names is None:
            return _qmark(query)
        return super().convert_query(query, param_names=param_names)


class DatabaseWrapper(base.DatabaseWrapper):
    def create_cursor(self, name=None):
        return self.connection.cursor(factory=SQLiteCursorWrapper)
