"""Backup and restore: a backup restored into a fresh database holds every row of every table;
broken, foreign and newer files are refused and leave the database as it was."""

from __future__ import annotations

import sqlite3
import subprocess
import uuid
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from articles.models import Story
from ops.backup import BackupError, backup_check, database_backup, database_restore
from tests.factories import make_article, make_outlet, make_quote, make_speaker, make_story

SQLITE = connection.vendor == "sqlite"
POSTGRES = connection.vendor == "postgresql"


def _fill() -> None:
    outlet = make_outlet("The Example Gazette")
    story = make_story("Northfield council approves new bridge")
    article = make_article(outlet=outlet, story=story)
    make_quote(
        story=story,
        article=article,
        speaker=make_speaker("Jane Roe"),
        text="We have waited long enough",
    )


def _tables(cursor, vendor: str) -> list[str]:
    if vendor == "sqlite":
        cursor.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    else:
        cursor.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    return sorted(row[0] for row in cursor.fetchall())


def _rows(cursor, table: str) -> list[tuple]:
    cursor.execute(f'SELECT * FROM "{table}"')
    return sorted((tuple(row) for row in cursor.fetchall()), key=repr)


def _snapshot(cursor, vendor: str) -> dict[str, list[tuple]]:
    return {table: _rows(cursor, table) for table in _tables(cursor, vendor)}


def _sqlite_snapshot(path: Path) -> dict[str, list[tuple]]:
    # Read as Django's connection reads (its type converters), so values compare like for like.
    db = sqlite3.connect(path, detect_types=sqlite3.PARSE_DECLTYPES | sqlite3.PARSE_COLNAMES)
    try:
        return _snapshot(db.cursor(), "sqlite")
    finally:
        db.close()


@pytest.fixture
def fresh_postgres():
    """An empty PostgreSQL database beside the test database, dropped afterwards."""
    import psycopg

    params = connection.settings_dict
    name = f"{params['NAME']}_restore_{uuid.uuid4().hex[:8]}"
    conninfo = {
        "host": params.get("HOST") or None,
        "port": params.get("PORT") or None,
        "user": params.get("USER") or None,
        "password": params.get("PASSWORD") or None,
        "dbname": "postgres",
    }
    with psycopg.connect(**conninfo, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield {**params, "NAME": name}, {**conninfo, "dbname": name}
    finally:
        with psycopg.connect(**conninfo, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.django_db(transaction=True)
def test_a_backup_restored_into_a_fresh_database_holds_every_row(tmp_path, request):
    _fill()
    with connection.cursor() as cursor:
        before = _snapshot(cursor, connection.vendor)
    assert sum(len(rows) for rows in before.values()) > 20
    assert before["articles_story"] and before["articles_quote"]

    backup = tmp_path / "newsroom.backup"
    result = database_backup(path=backup)
    assert result.size > 0 and result.vendor == connection.vendor

    if SQLITE:
        target = tmp_path / "fresh.sqlite3"
        sqlite3.connect(target).close()
        database_restore(path=backup, settings_dict={**connection.settings_dict, "NAME": target})
        after = _sqlite_snapshot(target)
    else:
        import psycopg

        settings_dict, conninfo = request.getfixturevalue("fresh_postgres")
        database_restore(path=backup, settings_dict=settings_dict)
        with psycopg.connect(**conninfo) as restored:
            after = _snapshot(restored.cursor(), "postgresql")
    assert after == before


@pytest.mark.django_db(transaction=True)
def test_restore_through_the_commands_replaces_what_changed_since(tmp_path):
    _fill()
    backup = tmp_path / "before.backup"
    call_command("backup_database", str(backup), verbosity=0)
    Story.objects.all().update(headline="Changed after the backup")
    make_story("A story written after the backup")

    from django.core.cache import cache

    cache.set("newsroom:page:a-page-of-the-database-as-it-was", "cached", 600)
    call_command("restore_database", str(backup), "--no-input", verbosity=0)
    assert list(Story.objects.values_list("headline", flat=True)) == [
        "Northfield council approves new bridge"
    ]
    # Cached pages went with the database they were rendered from.
    assert cache.get("newsroom:page:a-page-of-the-database-as-it-was") is None


@pytest.mark.django_db
def test_backup_refuses_to_overwrite_a_file(tmp_path):
    existing = tmp_path / "kept.backup"
    existing.write_text("an operator's earlier file")
    with pytest.raises(CommandError, match="exists already"):
        call_command("backup_database", str(existing), verbosity=0)
    assert existing.read_text() == "an operator's earlier file"
    with pytest.raises(CommandError, match="not a folder"):
        call_command("backup_database", str(tmp_path / "no-such-dir" / "x.backup"), verbosity=0)


def _refused(path: Path, match: str) -> None:
    before = Story.objects.count()
    with pytest.raises(CommandError, match=match) as caught:
        call_command("restore_database", str(path), "--no-input", verbosity=0)
    assert "Nothing was changed" in str(caught.value)
    assert Story.objects.count() == before


@pytest.mark.django_db
def test_restore_refuses_a_file_that_is_not_a_backup(tmp_path):
    make_story()
    junk = tmp_path / "notes.txt"
    junk.write_text("Headline: Northfield bridge\n\nNot a database.")
    _refused(junk, "not a Newsroom backup")
    _refused(tmp_path / "missing.backup", "cannot read it")


@pytest.mark.django_db(transaction=True)
def test_restore_refuses_a_broken_file(tmp_path):
    make_story()
    backup = tmp_path / "whole.backup"
    database_backup(path=backup)
    broken = tmp_path / "broken.backup"
    data = backup.read_bytes()
    broken.write_bytes(data[: len(data) // 3])
    _refused(broken, "damaged|failed")


@pytest.mark.django_db
def test_restore_refuses_another_applications_database(tmp_path):
    make_story()
    if SQLITE:
        foreign = tmp_path / "inventory.sqlite3"
        db = sqlite3.connect(foreign)
        db.execute("CREATE TABLE parts (id INTEGER PRIMARY KEY, name TEXT)")
        db.execute("INSERT INTO parts (name) VALUES ('bolt')")
        db.commit()
        db.close()
    else:
        foreign = tmp_path / "inventory.dump"
        _foreign_pg_dump(foreign)
    _refused(foreign, "not a Newsroom database")


@pytest.mark.skipif(not SQLITE, reason="an SQLite file, refused by a PostgreSQL target")
@pytest.mark.django_db(transaction=True)
def test_restore_refuses_a_backup_from_newer_code(tmp_path):
    make_story()
    backup = tmp_path / "newer.backup"
    database_backup(path=backup)
    db = sqlite3.connect(backup)
    db.execute(
        "INSERT INTO django_migrations (app, name, applied) "
        "VALUES ('articles', '9999_from_the_future', '2030-01-01')"
    )
    db.commit()
    db.close()
    _refused(backup, "newer Newsroom.*9999_from_the_future")


@pytest.mark.django_db
def test_restore_refuses_a_backup_of_the_other_kind_of_database(tmp_path):
    other = tmp_path / "other.backup"
    if POSTGRES:
        db = sqlite3.connect(other)
        db.execute("CREATE TABLE django_migrations (id INTEGER)")
        db.close()
        _refused(other, "a sqlite backup cannot be restored into a postgresql database")
    else:
        other.write_bytes(b"PGDMP\x01\x0e\x00" + b"\x00" * 64)
        _refused(other, "a postgresql backup cannot be restored into a sqlite database")


@pytest.mark.django_db
def test_a_dry_run_checks_the_file_and_changes_nothing(tmp_path):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"\x00" * 100)
    with pytest.raises(BackupError, match="not a Newsroom backup"):
        backup_check(path=junk, settings_dict=connection.settings_dict)
    _refused(junk, "not a Newsroom backup")


def _foreign_pg_dump(path: Path) -> None:
    import psycopg

    params = connection.settings_dict
    name = f"{params['NAME']}_foreign_{uuid.uuid4().hex[:8]}"
    conninfo = {
        "host": params.get("HOST") or None,
        "port": params.get("PORT") or None,
        "user": params.get("USER") or None,
        "password": params.get("PASSWORD") or None,
    }
    with psycopg.connect(**conninfo, dbname="postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        with psycopg.connect(**conninfo, dbname=name, autocommit=True) as db:
            db.execute("CREATE TABLE parts (id serial PRIMARY KEY, name text)")
            db.execute("INSERT INTO parts (name) VALUES ('bolt')")
        args = ["pg_dump", "--format=custom", "--file", str(path)]
        for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
            if params.get(key):
                args += [flag, str(params[key])]
        subprocess.run([*args, name], check=True, capture_output=True)
    finally:
        with psycopg.connect(**conninfo, dbname="postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
