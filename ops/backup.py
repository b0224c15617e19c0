"""Backup and restore of the whole database, with the database's own tools.

- SQLite: SQLite's online backup API (``sqlite3.Connection.backup``): a consistent copy while
  the site runs, written into a new SQLite file; restored the same way, page by page, into
  the live file in one step.
- PostgreSQL: ``pg_dump --format=custom`` and ``pg_restore --clean --if-exists
  --single-transaction`` (the client tools, on ``PATH``, of the server's major version or newer).

Why not ``dumpdata``/``loaddata``: they know only Django's models, so they would drop what the
database holds beside them (the full-text index, sequences' positions), rebuild every row
through the ORM (slow at a million articles), and a failure half-way leaves half a database.
The native tools copy everything exactly, and their restores are all or nothing.

A restore first checks the file: the right kind for the target database, readable to its
end, a Newsroom database (Django's migration table and the stories table in it) and no newer
than this code (every migration it records is one this code has). Anything else is refused
with a ``BackupError`` saying why, before the target is touched. After restoring an older
backup, run ``manage.py migrate``.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from django.core.cache import cache
from django.db import connections
from django.db.migrations.loader import MigrationLoader

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_MAGIC = b"PGDMP"
REQUIRED_TABLES = ("django_migrations", "articles_story")


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why, in an operator's words."""


@dataclass(frozen=True)
class BackupResult:
    path: Path
    vendor: str
    size: int


def _kind(path: Path) -> str:
    try:
        with path.open("rb") as handle:
            head = handle.read(16)
    except OSError as exc:
        raise BackupError(f"{path}: cannot read it ({exc.strerror or exc})") from exc
    if head.startswith(SQLITE_MAGIC):
        return "sqlite"
    if head.startswith(PG_MAGIC):
        return "postgresql"
    raise BackupError(f"{path}: not a Newsroom backup (not an SQLite file, not a pg_dump archive)")


def _vendor(settings_dict: dict) -> str:
    engine = settings_dict["ENGINE"]
    if engine.endswith("sqlite3"):
        return "sqlite"
    if "postgresql" in engine:
        return "postgresql"
    raise BackupError(f"no backup procedure for the database engine {engine}")


def _check_migrations(applied: set[tuple[str, str]], path: Path) -> None:
    known = set(MigrationLoader(None, ignore_no_migrations=True).disk_migrations)
    newer = sorted(f"{app}.{name}" for app, name in applied - known)
    if newer:
        raise BackupError(
            f"{path}: made by a newer Newsroom (migrations this code does not have: "
            f"{', '.join(newer[:5])}{' ...' if len(newer) > 5 else ''})"
        )


# --- SQLite --------------------------------------------------------------------------------


def _sqlite_backup(using: str, path: Path) -> None:
    connection = connections[using]
    if connection.in_atomic_block:
        # The copy would wait on this connection's own write lock for ever.
        raise BackupError("cannot back up from inside a transaction")
    connection.ensure_connection()
    target = sqlite3.connect(path)
    try:
        connection.connection.backup(target)
    finally:
        target.close()


def _sqlite_check(path: Path) -> None:
    try:
        source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            [(verdict,)] = source.execute("PRAGMA integrity_check(1)").fetchall()
            tables = {r[0] for r in source.execute("SELECT name FROM sqlite_master")}
            missing = [t for t in REQUIRED_TABLES if t not in tables]
            if verdict != "ok":
                raise BackupError(f"{path}: the SQLite file is damaged ({verdict})")
            if missing:
                raise BackupError(f"{path}: not a Newsroom database (no {', '.join(missing)})")
            applied = set(source.execute("SELECT app, name FROM django_migrations"))
        finally:
            source.close()
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path}: the SQLite file is damaged ({exc})") from exc
    _check_migrations(applied, path)


def _sqlite_restore(path: Path, target: sqlite3.Connection) -> None:
    source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        # One step (pages=-1): the target changes all at once, under SQLite's write lock.
        source.backup(target, pages=-1)
    except sqlite3.Error as exc:
        raise BackupError(f"restore failed: {exc}") from exc
    finally:
        source.close()


# --- PostgreSQL ----------------------------------------------------------------------------


def _pg_tool(name: str) -> str:
    found = shutil.which(name)
    if not found:
        raise BackupError(f"{name} is not on PATH: install PostgreSQL's client tools")
    return found


def _pg_args(settings_dict: dict) -> tuple[list[str], dict[str, str]]:
    args = []
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if settings_dict.get(key):
            args += [flag, str(settings_dict[key])]
    env = {**os.environ}
    if settings_dict.get("PASSWORD"):
        env["PGPASSWORD"] = str(settings_dict["PASSWORD"])
    return args, env


def _run(command: list[str], env: dict[str, str], what: str) -> str:
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        message = (result.stderr or result.stdout).strip().splitlines()
        raise BackupError(f"{what} failed: {message[-1] if message else result.returncode}")
    return result.stdout


def _pg_backup(settings_dict: dict, path: Path) -> None:
    args, env = _pg_args(settings_dict)
    command = [_pg_tool("pg_dump"), "--format=custom", "--no-owner", "--no-privileges"]
    _run([*command, *args, "--file", str(path), settings_dict["NAME"]], env, "pg_dump")


def _pg_check(path: Path) -> None:
    listing = _run([_pg_tool("pg_restore"), "--list", str(path)], {**os.environ}, "reading it")
    tables = set()
    for line in listing.splitlines():  # "215; 0 16390 TABLE DATA public articles_story owner"
        words = line.split()
        if not line.startswith(";") and " TABLE DATA " in line:
            at = words.index("DATA")
            tables.add(words[at + 2] if len(words) > at + 2 else "")
    missing = [t for t in REQUIRED_TABLES if t not in tables]
    if missing:
        raise BackupError(f"{path}: not a Newsroom database (no {', '.join(missing)})")
    # Read to the end (the listing reads only the table of contents): a truncated archive
    # is refused here rather than half-way through a restore.
    _run([_pg_tool("pg_restore"), "-f", os.devnull, str(path)], {**os.environ}, "reading it")
    # The applied migrations are in the archive's data: read them from a plain-text dump.
    data = _run(
        [_pg_tool("pg_restore"), "--data-only", "--table=django_migrations", "-f", "-", str(path)],
        {**os.environ},
        "reading it",
    )
    applied = set()
    inside = False
    for line in data.splitlines():
        if line.startswith("COPY ") and "django_migrations" in line:
            inside = True
        elif inside and line == "\\.":
            inside = False
        elif inside:
            _, app, name, _ = line.split("\t", 3)
            applied.add((app, name))
    _check_migrations(applied, path)


def _pg_restore(path: Path, settings_dict: dict) -> None:
    args, env = _pg_args(settings_dict)
    command = [_pg_tool("pg_restore"), "--clean", "--if-exists", "--single-transaction"]
    command += ["--no-owner", "--no-privileges", "--exit-on-error"]
    _run([*command, *args, "--dbname", settings_dict["NAME"], str(path)], env, "pg_restore")


# --- the service ---------------------------------------------------------------------------


def database_backup(*, path: Path, using: str = "default") -> BackupResult:
    """Write a consistent copy of the database ``using`` to ``path`` (a new file)."""
    path = Path(path)
    if path.exists():
        raise BackupError(f"{path} exists already: choose a new file name")
    if not path.parent.is_dir():
        raise BackupError(f"{path.parent} is not a folder: create it first")
    vendor = _vendor(connections[using].settings_dict)
    # Written beside the target and renamed at the end: no half-written backup under its name.
    fd, partial = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    os.close(fd)
    os.unlink(partial)
    try:
        if vendor == "sqlite":
            _sqlite_backup(using, Path(partial))
        else:
            _pg_backup(connections[using].settings_dict, Path(partial))
        os.replace(partial, path)
    finally:
        if os.path.exists(partial):
            os.unlink(partial)
    return BackupResult(path=path, vendor=vendor, size=path.stat().st_size)


def backup_check(*, path: Path, settings_dict: dict) -> str:
    """Raise ``BackupError`` unless ``path`` can be restored into that database; its kind."""
    path = Path(path)
    kind, vendor = _kind(path), _vendor(settings_dict)
    if kind != vendor:
        raise BackupError(f"{path}: a {kind} backup cannot be restored into a {vendor} database")
    (_sqlite_check if kind == "sqlite" else _pg_check)(path)
    return kind


def database_restore(*, path: Path, using: str = "default", settings_dict: dict | None = None):
    """Replace the database ``using`` (or the one ``settings_dict`` describes) by the backup.

    The file is checked first; a refused file leaves the database as it was."""
    path = Path(path)
    live = settings_dict is None
    settings_dict = connections[using].settings_dict if live else settings_dict
    kind = backup_check(path=path, settings_dict=settings_dict)
    if kind == "postgresql":
        if live:
            connections[using].close()  # pg_restore drops tables: hold no locks on them
        _pg_restore(path, settings_dict)
    elif live:
        # Into the site's own connection: an SQLite file, or the test run's in-memory database.
        connection = connections[using]
        connection.ensure_connection()
        _sqlite_restore(path, connection.connection)
    else:
        target = sqlite3.connect(str(settings_dict["NAME"]), timeout=30)
        try:
            _sqlite_restore(path, target)
        finally:
            target.close()
    if live:
        # Cached pages belong to the database as it was, and the content generation they are
        # keyed by (ops.generation) went back to the backup's: a shared cache (Redis) would
        # otherwise serve them again.
        cache.clear()
