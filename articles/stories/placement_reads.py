"""What an import's placements read from the story index, kept from one placement to the next
(``PlacementReads``): the key rows (``KeyRows``), the document frequencies of the terms looked
up, and the candidate stories' profiles. Each placement tells it what it wrote, so every
look-up gives what reading the database then would give, without the query.

Why this holds: only placement writes term frequencies, and an import batch holds the lock
every placement takes (SQLite's write lock; PostgreSQL's placement lock, taken when the batch
opens), so nothing else counts documents while a batch places; on SQLite nothing else writes
at all. On PostgreSQL nothing is kept (``KeyRows`` reads there each time, an editor's move
may rewrite a profile or key rows without the placement lock, and frequencies kept within a
batch saved nothing measurable). Between
batches another connection may commit: on SQLite ``PRAGMA data_version`` says so (it moves
only for other connections' commits), and everything is read again; elsewhere everything is
read again at each batch. A failed item's savepoint, rolled back, clears it.

Counting documents waits for the batch's end (``count``, then ``flush`` before the batch
commits): an article's terms were one UPDATE of about 300 rows each, and the articles of a
batch share most of them (the day's words, the event's names), so one UPDATE per increment
over the batch's terms writes each row once. Until then every frequency the reads give holds
the counts waiting (as reading the rows then would have given them), and a failed item's
counts go with its savepoint (``mark``, ``undo``). The rows end as they would have: new terms
inserted in the same order (the same ids), each count the same.

Consolidation at the end of the import reads the same index for the same articles (its
drafts' articles, against the stories near them): it goes on from what the placements read
(``consolidation.Matches``), checking ``data_version`` before each draft, and tells it of each
merge or split (``changed``): those stories' key rows are read again, their profiles dropped.
Nothing counts documents meanwhile.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection, connections, router

from articles.core.bulk import objs_insert
from articles.core.prepared import prepared_values_list
from articles.engine.grouping import StoryProfile as EngineProfile
from articles.engine.weights import DocumentFrequencies
from articles.models import Story, StoryIndexKey, TermFrequency
from articles.stories.candidates import _profiles
from articles.stories.key_rows import KeyRows
from ops.grouped import deferrable


class PlacementReads:
    """The index as the placements of one import have read and written it. ``opened`` at the
    start of each batch (inside its transaction, the lock held), ``clear`` when the index
    changed in a way the placements did not tell."""

    def __init__(self) -> None:
        self.key_rows = KeyRows(slack=1)
        # Only on SQLite (see the module docstring), across batches while ``data_version``
        # shows no other connection's commit.
        self.shared = connection.vendor == "sqlite"
        self._frequencies: dict[str, int | None] = {}  # term -> df, None: no row
        self._profiles: dict[int, EngineProfile] = {}
        self._version: tuple | None = None
        # Documents counted and not yet written (``count``): each term's count waiting, the
        # terms without a row in the order their rows are to be inserted, and each counted
        # document's (new terms, terms) in order, for ``undo``.
        self._waiting: dict[str, int] = {}
        self._new: list[str] = []
        self._counted: list[tuple[list[str], set[str]]] = []

    def opened(self) -> None:
        """A batch opened (or consolidation goes on to its next draft): keep what was read
        only if no one else has committed since, on SQLite; elsewhere read again."""
        version = _data_version() if self.shared else None
        if version is None or version != self._version:
            self.clear()
        self._version = version

    def clear(self) -> None:
        self.key_rows.clear()
        self._frequencies.clear()
        self._profiles.clear()

    def frequencies(self, terms: Iterable[str]) -> DocumentFrequencies:
        """``placement.document_frequencies(terms)``: on SQLite only the terms not looked up
        before (since the last ``clear``) are read; elsewhere all of them, as before."""
        terms = set(terms)
        known = {} if not self.shared else self._frequencies  # (elsewhere: all read)
        count = TermFrequency.DOCUMENT_COUNT
        missing = [t for t in (*terms, count) if t not in known]
        if missing:
            rows = dict(
                prepared_values_list(("term-frequencies", len(missing)), _frequencies, *missing)
            )
            waiting = self._waiting
            for term in missing:
                found = rows.get(term)
                if term in waiting:  # counted in this batch, not yet written
                    found = (found or 0) + waiting[term]
                known[term] = found
        return DocumentFrequencies.from_dict(
            {
                "n_docs": known[count] or 0,
                "df": {t: known[t] for t in terms if known[t] is not None},
            }
        )

    def frequencies_each(self, term_sets: list[set[str]]) -> list[DocumentFrequencies]:
        """``placement.document_frequencies_each``: ``frequencies`` of each set."""
        return [self.frequencies(terms) for terms in term_sets]

    def frequencies_checked(self, term_sets: list[set[str]]) -> list[DocumentFrequencies]:
        """``frequencies_each``, once ``opened`` has checked for other connections' commits:
        for a merge's reindex between consolidation's drafts (nothing counts documents
        while drafts are merged)."""
        self.opened()
        return self.frequencies_each(term_sets)

    def lookups(self) -> dict:
        """What ``story_index_for`` reads key rows and profiles with (``rows``,
        ``profiles``), once ``opened`` has checked for other connections' commits (between
        consolidation's drafts)."""
        self.opened()
        return {"rows": self.key_rows, "profiles": self.profiles}

    def counted(self, terms: Iterable[str]) -> None:
        """One document with ``terms`` was counted (``placement._count_documents``)."""
        known = self._frequencies
        for term in {t[:200] for t in terms} | {TermFrequency.DOCUMENT_COUNT}:
            if term in known:
                known[term] = (known[term] or 0) + 1

    def count(self, terms: Iterable[str], *, known: Iterable[str]) -> None:
        """``placement._count_documents(terms, known=known)``, written at ``flush``: one
        document with ``terms``; ``known`` the terms the caller read a row (or a count
        waiting) for. Then ``counted`` as for a count written at once."""
        terms = {t[:200] for t in terms} | {TermFrequency.DOCUMENT_COUNT}
        existing = terms & set(known)
        # The rows ``_count_documents`` would insert, in its order (the same ids).
        new = list(terms - existing)
        self._new += new
        waiting = self._waiting
        for term in terms:
            waiting[term] = waiting.get(term, 0) + 1
        self._counted.append((new, terms))

    def mark(self) -> int:
        """Where the documents counted so far end (an item's start), for ``undo``."""
        return len(self._counted)

    def undo(self, mark: int) -> None:
        """The documents counted since ``mark`` were rolled back (a failed item): forget
        their counts. (Call ``clear`` too: the frequencies kept held them.)"""
        waiting = self._waiting
        while len(self._counted) > mark:
            new, terms = self._counted.pop()
            del self._new[len(self._new) - len(new) :]
            for term in terms:
                waiting[term] -= 1
                if not waiting[term]:
                    del waiting[term]

    def discard(self) -> None:
        """The batch was rolled back: nothing counted in it is written."""
        self._waiting.clear()
        self._new.clear()
        self._counted.clear()

    def flush(self) -> None:
        """Write the counts waiting (before the batch commits): the new terms' rows in the
        order counted (ignoring one another import made meanwhile, as ``_count_documents``
        does), then one UPDATE per increment over the terms counted that many times."""
        if not self._counted:
            return
        new, waiting = self._new, self._waiting
        self._new, self._waiting, self._counted = [], {}, []
        objs_insert(
            TermFrequency, [TermFrequency(term=t, df=0) for t in new], ignore_conflicts=True
        )
        by_count: dict[int, list[str]] = {}
        for term, n in waiting.items():
            by_count.setdefault(n, []).append(term)
        db = connections[router.db_for_write(TermFrequency)]
        table = db.ops.quote_name(TermFrequency._meta.db_table)
        df, term = (
            db.ops.quote_name(TermFrequency._meta.get_field(f).column) for f in ("df", "term")
        )
        size = max(db.features.max_query_params or 999, 2) - 1
        with db.cursor() as cursor, deferrable(db.alias):  # (no answer wanted)
            for n, terms in sorted(by_count.items()):
                for start in range(0, len(terms), size):
                    chunk = terms[start : start + size]
                    marks = ", ".join(["%s"] * len(chunk))
                    cursor.execute(
                        f"UPDATE {table} SET {df} = {df} + %s WHERE {term} IN ({marks})",
                        [n, *chunk],
                    )

    def profiles(self, story_ids: Iterable[int]) -> dict[int, EngineProfile]:
        """``candidates._profiles(story_ids)``: the profiles read before and not written
        since are not read again (SQLite only)."""
        if not self.shared:
            return _profiles(story_ids)
        ids = sorted(set(story_ids))
        have = self._profiles
        missing = [sid for sid in ids if sid not in have]
        if missing:
            have.update(_profiles(missing))
        return {sid: have[sid] for sid in ids if sid in have}

    def changed(self, story_ids: Iterable[int]) -> set[str]:
        """``story_ids`` changed outside placement (merged, merged into, split, deleted): their
        key rows are read again and their profiles dropped. Returns the keys they hold now."""
        ids = sorted(set(story_ids))
        rows = StoryIndexKey.objects.filter(story_id__in=ids).values_list(
            "key", "story_id", "first_day", "last_day", "story__status"
        )
        rows = list(rows)
        for story_id in ids:
            self._profiles.pop(story_id, None)
        archived = Story.Status.ARCHIVED
        self.key_rows.replaced(ids, [row[:4] for row in rows if row[4] != archived])
        return {row[0] for row in rows}

    def written(self, story_id: int, keys, first: int | None, last: int | None) -> None:
        """A placement wrote the story's profile and key rows (``placement._save_profile``)."""
        self._profiles.pop(story_id, None)
        self.key_rows.written(story_id, keys, first, last)


def _frequencies(*terms):
    return TermFrequency.objects.filter(term__in=terms).values_list("term", "df")


def _data_version() -> tuple:
    """This connection's ``PRAGMA data_version``, with the connection itself (held, so that
    no new connection can take its ``id``): a new connection starts its own count."""
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA data_version")
        (version,) = cursor.fetchone()
    return (connection.connection, version)
