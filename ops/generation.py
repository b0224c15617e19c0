"""The content generation: a site-wide number that every change readers could see moves on.

Cached public pages, feeds and API answers carry it in their cache key, so a write makes every
older entry unreachable at once: nothing has to know which pages a change touches. Readers
ask for it once a request (``generation_rows``: one small query, no write); writers call
``content_changed()``, directly or through the signals and bulk helpers that already follow
every save (``articles/signals.py``, ``articles/core/history.py``).

The bump is an UPDATE inside the writer's own transaction, so the new number becomes visible
at the same instant as the change it stands for: a reader who sees the new number sees the
new rows, and a reader who saw the old number may have rendered old or new rows, but under a
key nobody asks for again. It is stored in the database, not the cache, so every web process
and worker on every machine agrees on it whatever the cache backend (each process's local
memory, or Redis).

The number is the sum of ``SLOTS`` rows (``ops.models.ContentGeneration``). Each thread moves
its own slot, so concurrent writers rarely queue on one row lock, and a transaction never
locks two slots (no deadlock among them). The sum only grows, and ``changed_at`` (the latest
slot's) is when the content last changed, for ``Last-Modified``.

Once per transaction is enough: a second change in the same transaction commits with the
first. ``content_changed`` skips it while its marker is still among the transaction's
on-commit callbacks (Django drops the callbacks of a savepoint that rolls back, and with them
the marker, exactly when the UPDATE is undone too) and nobody read the number on this
connection since (a test reading pages between writes inside its one transaction).
"""

from __future__ import annotations

import os
import threading

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.models import F
from django.utils import timezone

from ops.models import ContentGeneration

SLOTS = 16
_MARKER = "_newsroom_content_changed"


def _slot() -> int:
    return hash((os.getpid(), threading.get_ident())) % SLOTS


def content_changed(*, using: str = DEFAULT_DB_ALIAS) -> None:
    """Move the content generation on, with the current transaction (or at once outside one)."""
    connection = connections[using]
    marker = getattr(connection, _MARKER, None)
    if (
        marker is not None
        and connection.in_atomic_block
        and any(func is marker for _, func, _ in connection.run_on_commit)
    ):
        return
    now = timezone.now()
    slot = _slot()
    rows = ContentGeneration.objects.using(using).filter(slot=slot)
    if not rows.update(value=F("value") + 1, changed_at=now):
        # The slots are made by the migration; a flushed table (tests) gets them back here.
        ContentGeneration.objects.using(using).get_or_create(slot=slot)
        rows.update(value=F("value") + 1, changed_at=now)
    if connection.in_atomic_block:

        def marker() -> None:
            """Marks this transaction as having moved the generation on."""

        transaction.on_commit(marker, using=using)
        setattr(connection, _MARKER, marker)


def generation_read(*, using: str = DEFAULT_DB_ALIAS) -> None:
    """Note that the number was read on this connection: the next change moves it again."""
    setattr(connections[using], _MARKER, None)
