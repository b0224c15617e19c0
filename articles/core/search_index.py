"""The search indexes themselves: what ``articles.core.search`` queries.

PostgreSQL keeps its GIN indexes by itself (migrations create them). SQLite's FTS5 tables
are kept in step by triggers; a migration that remakes an indexed table (SQLite's way of
altering one) drops its triggers, so :func:`ensure_index` runs after every ``migrate``: it
creates whatever is missing and rebuilds an index that may have fallen behind.
"""

from __future__ import annotations

from articles.core.search import DOCUMENTS, Document

_WORDS = "porter unicode61 remove_diacritics 2"


def _trigger_sql(doc: Document) -> dict[str, str]:
    fts, table = doc.fts_table, doc.table
    cols = ", ".join(doc.fields)
    new = ", ".join(f"new.{f}" for f in doc.fields)
    old = ", ".join(f"old.{f}" for f in doc.fields)
    delete = f"INSERT INTO {fts}({fts}, rowid, {cols}) VALUES ('delete', old.id, {old});"
    insert = f"INSERT INTO {fts}(rowid, {cols}) VALUES (new.id, {new});"
    return {
        f"{fts}_ai": f"CREATE TRIGGER {fts}_ai AFTER INSERT ON {table} BEGIN {insert} END",
        f"{fts}_ad": f"CREATE TRIGGER {fts}_ad AFTER DELETE ON {table} BEGIN {delete} END",
        f"{fts}_au": (
            f"CREATE TRIGGER {fts}_au AFTER UPDATE OF {cols} ON {table} BEGIN {delete} {insert} END"
        ),
    }


def ensure_index(connection) -> list[str]:
    """Create the SQLite full-text tables and triggers that are missing; rebuild each index
    whose table or triggers had to be made. Returns the documents rebuilt. A no-op elsewhere."""
    if connection.vendor != "sqlite":
        return []
    rebuilt = []
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')")
        present = {row[0] for row in cursor.fetchall()}
        for doc in DOCUMENTS.values():
            if doc.table not in present:
                continue  # its app is not migrated (yet)
            fts = doc.fts_table
            missing = fts not in present
            if missing:
                tokenizer = "trigram" if doc.names else _WORDS
                cursor.execute(
                    f"CREATE VIRTUAL TABLE {fts} USING fts5({', '.join(doc.fields)}, "
                    f"content='{doc.table}', content_rowid='id', tokenize='{tokenizer}')"
                )
            for name, sql in _trigger_sql(doc).items():
                if name not in present:
                    cursor.execute(sql)
                    missing = True
            if missing:
                cursor.execute(f"INSERT INTO {fts}({fts}) VALUES ('rebuild')")
                rebuilt.append(doc.key)
    return rebuilt


def drop_index(connection) -> None:
    """Remove the SQLite full-text tables and their triggers (reversing the migration)."""
    if connection.vendor != "sqlite":
        return
    with connection.cursor() as cursor:
        for doc in DOCUMENTS.values():
            for name in _trigger_sql(doc):
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
            cursor.execute(f"DROP TABLE IF EXISTS {doc.fts_table}")
