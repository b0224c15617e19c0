"""Writes nobody reads a result of, sent with the next statement: fewer round trips on
PostgreSQL, the same statements in the same order.

An import writes some twenty rows' worth of statements per article whose results nobody looks
at (history rows, figures, people, term counts, index keys, the article's read time, the
story's touch) and opens and releases savepoints around it. On PostgreSQL each was a round
trip to the server: about half of an import's wall time was spent waiting on them. Inside
``grouped_writes()`` such a statement, run under ``deferrable()``, is not waited for: its
values put in as the driver puts them in (``mogrify``), it is sent ahead when nothing else is
on its way (its answer read before the next statement goes, so the server writes while Python
goes on), else kept and sent in the same message as the next statement that must be answered
(a read, an insert giving ids back, an update whose row count is checked), as one
multi-statement query. The server runs the statements
one after the other in the order they were issued, as before: every later statement sees
every earlier write, ids come from the sequences in the same order, and locks are taken in
the same order.

Where an error shows: a kept statement that fails makes the message it went with fail, always
inside the savepoint it was issued in, because a savepoint is never opened or released past a
kept write: ``SAVEPOINT`` and ``RELEASE SAVEPOINT`` are kept only while nothing but other
savepoint commands is (otherwise they go at once, with what is kept), and a
``ROLLBACK TO SAVEPOINT`` drops the kept writes (all issued inside the savepoint it rolls back)
and sends the kept savepoint commands with it. Leaving the block sends what is left, or drops
it when the block ends with an exception (its transaction is rolled back). So what fails
fails in the same atomic block as before, only a statement or two later.

On unless ``settings.NEWSROOM_PG_GROUPED_WRITES`` is false: half the waits and a little less
CPU; on a quiet machine an import ran 11-13% faster (``bench/README.md``), where paired runs on
the loaded shared machine had been faster in some pairs and slower in others. Only PostgreSQL
with client-side binding (Django's default for psycopg), whose simple query protocol takes
several statements in one message; elsewhere (SQLite runs in-process) both context managers
change nothing. An ``executemany`` under ``deferrable()`` is kept whole; another, and named
(server-side) cursors, send what is kept first, on its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections

try:
    from psycopg import errors, generators, pq
except ImportError:  # no PostgreSQL driver: nothing is grouped
    errors = generators = pq = None

_SAVEPOINT = "SAVEPOINT "
_RELEASE = "RELEASE SAVEPOINT "
_ROLLBACK = "ROLLBACK TO SAVEPOINT "

# In this process: statements kept to go with a later one, messages of kept statements sent
# on their own and waited for, and those sent ahead (answers read later); the bench reports
# the messages waited for from them.
COUNTS = {"kept": 0, "alone": 0, "ahead": 0}


class _Group:
    """The execute wrapper of one ``grouped_writes`` block: the statements it keeps, in
    order, and whether a message of writes is on its way (sent, its answer not yet read)."""

    def __init__(self, connection) -> None:
        self.connection = connection
        self.commands: list[str] = []  # savepoint commands kept (before any write)
        self.writes: list[str] = []  # writes kept (after the commands)
        self.deferring = False  # set by ``deferrable``
        self.in_flight = False  # a message of writes sent, its answer not read yet

    def __call__(self, execute, sql, params, many, context):
        cursor = context["cursor"].cursor
        if getattr(cursor, "name", None) or not hasattr(cursor, "mogrify"):
            self.flush()
            return execute(sql, params, many, context)
        if self.deferring:  # (``executemany``: its statements kept as one)
            COUNTS["kept"] += 1
            each = params if many else [params]
            self.writes.append(";\n".join(_literal(cursor, sql, p) for p in each))
            if self.in_flight and self._answered():
                self.answer()
            if not self.in_flight:  # sent now, answered while Python goes on
                self._send_ahead(self._take())
            return None
        if many:
            self.flush()
            return execute(sql, params, many, context)
        if params is None and sql.startswith(_ROLLBACK):
            self.answer(raising=False)  # what went wrong is rolled back with the rest
            self.writes.clear()  # issued inside the savepoint rolled back
            return self._send(execute, self._take() + [sql], context)
        self.answer()
        if params is None and sql.startswith((_SAVEPOINT, _RELEASE)) and not self.writes:
            COUNTS["kept"] += 1
            self.commands.append(sql)
            return None
        return self._send(execute, self._take() + [_literal(cursor, sql, params)], context)

    def _take(self) -> list[str]:
        kept = self.commands + self.writes
        self.commands, self.writes = [], []
        return kept

    def _send(self, execute, statements: list[str], context):
        if len(statements) == 1:
            return execute(statements[0], None, False, context)
        result = execute(";\n".join(statements), None, False, context)
        cursor = context["cursor"].cursor
        while cursor.nextset():  # the last statement's result, as if it ran alone
            pass
        return result

    def _send_ahead(self, statements: list[str]) -> None:
        """Send ``statements`` as one message without waiting for the answer (``answer``
        reads it before anything else is sent)."""
        driver = self.connection.connection
        with self.connection.wrap_database_errors:
            driver.pgconn.send_query(";\n".join(statements).encode(driver.info.encoding))
            self.in_flight = True
            driver.wait(generators.send(driver.pgconn))
        COUNTS["ahead"] += 1

    def _answered(self) -> bool:
        """The answer to the writes on their way has come (reading it will not wait)."""
        pgconn = self.connection.connection.pgconn
        with self.connection.wrap_database_errors:
            pgconn.consume_input()
            return not pgconn.is_busy()

    def answer(self, *, raising: bool = True) -> None:
        """Read the answer to the writes on their way; raise the error of one that failed."""
        if not self.in_flight:
            return
        self.in_flight = False
        driver = self.connection.connection
        with self.connection.wrap_database_errors:
            results = driver.wait(generators.fetch_many(driver.pgconn))
            for result in results:
                if raising and result.status == pq.ExecStatus.FATAL_ERROR:
                    raise errors.error_from_result(result, encoding=driver.info.encoding)

    def flush(self) -> None:
        """Send what is kept now, on its own, and read the answers."""
        self.answer()
        kept = self._take()
        if kept:
            COUNTS["alone"] += 1
            with self.connection.cursor() as cursor, self.connection.wrap_database_errors:
                cursor.cursor.execute(";\n".join(kept))

    def drop(self) -> None:
        """The block ends with an exception: its transaction is rolled back."""
        try:
            self.answer(raising=False)
        finally:
            self.commands, self.writes = [], []


def _literal(cursor, sql: str, params) -> str:
    """The statement with its values put in, as the client-side cursor would send it."""
    if params is None:
        return sql
    return cursor.mogrify(sql, params)


def _group(using: str) -> _Group | None:
    return getattr(connections[using], "_grouped_writes", None)


@contextmanager
def grouped_writes(using: str = DEFAULT_DB_ALIAS) -> Iterator[_Group | None]:
    """Inside, statements run under ``deferrable()`` go with the next statement (see the
    module docstring). Open it inside the transaction it writes in (``transaction.atomic``):
    leaving it sends what is kept, or drops it on an exception. Nested, the outer block
    counts. Gives the group (None where nothing is grouped)."""
    connection = connections[using]
    if (
        connection.vendor != "postgresql"
        or generators is None
        or not getattr(settings, "NEWSROOM_PG_GROUPED_WRITES", False)
        or _group(using) is not None
    ):
        yield _group(using)
        return
    connection.ensure_connection()
    group = _Group(connection)
    connection._grouped_writes = group
    try:
        with connection.execute_wrapper(group):
            try:
                yield group
            except BaseException:
                group.drop()
                raise
            group.flush()
    finally:
        connection._grouped_writes = None


@contextmanager
def deferrable(using: str = DEFAULT_DB_ALIAS) -> Iterator[None]:
    """Statements run inside need no answer (no rows, no row count): inside
    ``grouped_writes`` they are kept and sent with the next one. Elsewhere, nothing."""
    group = _group(using)
    if group is None or group.deferring:
        yield
        return
    group.deferring = True
    try:
        yield
    finally:
        group.deferring = False
