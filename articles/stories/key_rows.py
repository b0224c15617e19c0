"""Reading the key index's rows for candidate stories: one look-up's (``_key_rows``), or
many look-ups' over rows read once (``KeyRows``: the placements of one import batch, the
storylines of one import), each given the rows the look-up's own query gives.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import NamedTuple

from django.db import connection
from django.db.models import Q

from articles.core.prepared import prepared_values_list
from articles.models import Story, StoryIndexKey

MAX_CANDIDATE_ROWS = 4000


class Span(NamedTuple):
    """A story's first and last day, as its key rows carry them: all that
    ``StoryIndex.candidates`` reads of a story not (yet) scored. Made once per row read or
    written (``KeyRows``), never per look-up: a look-up names hundreds of stories."""

    first: int | None
    last: int | None


def _key_rows(keys: list[str], since: int | None, *, with_days: bool) -> list[tuple]:
    """The key rows of ``keys`` (the newest ``MAX_CANDIDATE_ROWS`` at most), oldest first:
    those of stories active on or after day ``since``, or with no date ``since``, the most
    recently active ones. Each row is (key, story id) and, ``with_days``, the story's first and last
    day (a story whose profile row has gone since is dropped when its profile is read).

    Placement runs this for every article, with a different number of keys each time, so
    the query is compiled once per shape (``prepared_values_list``), not built every time."""
    if not keys:
        return []
    # The stories' own days, written on their key rows with their profiles.
    columns = ["key", "story_id", "first_day", "last_day"] if with_days else ["key", "story_id"]

    def build(*values):
        # The archived stories' ids as a subquery (few, read by the status index), not a
        # join to every story: PostgreSQL hashed the whole story table for each placement.
        archived = Story.objects.filter(status=Story.Status.ARCHIVED).values("pk")
        rows = StoryIndexKey.objects.exclude(story_id__in=archived)
        if since is None:
            rows = rows.filter(key__in=values).order_by(*_NEWEST_FIRST)
        elif connection.vendor == "sqlite":
            # SQLite reads an OR of the two through the key part of the (key, last_day)
            # index alone, every row of the keys (about 6,000 at 10,000 stored, for 800 in
            # the window); the two halves each read only their own rows.
            dated = rows.filter(last_day__gte=values[0], key__in=values[1:])
            undated = rows.filter(last_day__isnull=True, key__in=values[1:])
            rows = dated.values_list(*columns).union(undated.values_list(*columns), all=True)
            return rows.order_by(*_NEWEST_FIRST)[:MAX_CANDIDATE_ROWS]
        else:
            rows = rows.filter(
                Q(last_day__isnull=True) | Q(last_day__gte=values[0]), key__in=values[1:]
            ).order_by(*_NEWEST_FIRST)
        return rows.values_list(*columns)[:MAX_CANDIDATE_ROWS]

    # Newest first under the cap, so that a busy window loses its oldest rows, not its newest
    # (the stories an article most likely belongs to); read back oldest first, so that the
    # engine's newest-first reading of a posting list holds. (Under the cap, the same rows in
    # the same order as reading them oldest first.)
    shape = ("story-index-keys", len(keys), since is None, with_days, MAX_CANDIDATE_ROWS)
    if since is None:
        return prepared_values_list(shape, build, *keys)[::-1]
    return prepared_values_list(shape, build, since, *keys)[::-1]


# The key rows' order, newest first: by the story's last day (undated ones last on SQLite,
# first on PostgreSQL, as each sorts NULL), its id, and for one story's rows their keys. The
# keys only settle ties, where the cap cuts one story's rows: SQLite gave them in that order
# before it was written down (``KeyRows`` relies on it).
_NEWEST_FIRST = ("-last_day", "-story_id", "-key")


class KeyRows:
    """``_key_rows`` with days (``story_index_for``'s ``rows``) for many look-ups over key rows
    that change, if at all, only by ``written``: the placements of one import batch (whose
    transaction holds SQLite's write lock), or the storylines of one import, whose 90-day look
    reads up to ``MAX_CANDIDATE_ROWS`` rows per story. Most look-ups name the keys of the
    ones before (a topic's words, its people). Each key's rows on or after day ``floor`` are
    read once, the first time a look-up names it; each look-up then takes its own from them
    (on or after its ``since``, or undated) under the query's cap: the rows the query gives,
    each key's in the query's order, the keys one after another (the order of each key's rows
    is all ``story_index_for`` reads of it; a story's rows all carry its days). ``floor``
    None: the first look-up's window start, less ``slack`` days.

    Only on SQLite, whose order (``_NEWEST_FIRST``: undated rows last, keys compared as
    Python compares them) decides here which rows the cap leaves out, and where no other
    connection writes while a batch is open; elsewhere, and for a look-up before ``floor`` or
    undated, each look-up is ``_key_rows``. Whoever changes key rows other than through
    ``written``, or archives a story, while it is in use makes a new one."""

    def __init__(self, floor: int | None = None, *, slack: int = 0) -> None:
        self.active = connection.vendor == "sqlite"
        self.floor = floor
        self.slack = slack
        # key -> its rows read on or after ``floor`` or undated, in order: dated as (last
        # day, story id, first day), oldest first, with their last days alone (for
        # ``bisect``), undated as (story id, first day), by id. Beside each ordered list, the
        # same rows' story ids and their ``Span``s, so that a look-up takes them
        # as slices; the stories with a row; each story's (first day, last day), worked out
        # only for a key that a placement writes (None until then).
        self._dated: dict[str, list[tuple]] = {}
        self._lasts: dict[str, list[int]] = {}
        self._undated: dict[str, list[tuple]] = {}
        self._ids: dict[str, tuple[list[int], list[int]]] = {}  # (undated, dated)
        self._spans: dict[str, tuple[list[Span], list[Span]]] = {}
        self._stories: dict[str, set[int]] = {}
        self._days: dict[str, dict[int, Span] | None] = {}

    def __call__(self, keys: list[str], since: int | None, *, with_days: bool) -> list[tuple]:
        if not self.active or not with_days or since is None:
            return _key_rows(keys, since, with_days=with_days)
        found = self.groups(keys, since)
        if found is None:
            return _key_rows(keys, since, with_days=with_days)
        return [
            (k, sid, first, last)
            for k, ids, days in found
            for sid, (first, last) in zip(ids, days, strict=True)
        ]

    def groups(self, keys: list[str], since: int | None) -> list[tuple] | None:
        """The rows ``self(keys, since, with_days=True)`` gives, key by key: (key, its rows'
        story ids, their (first day, last day)) for each key with rows, in the same order.
        None where a look-up is the query (not SQLite, undated, before ``floor``)."""
        if not self.active or since is None:
            return None
        if self.floor is None:
            self.floor = since - self.slack
        if since < self.floor:
            return None
        keys = list(dict.fromkeys(keys))  # as ``IN`` reads them
        missing = [k for k in keys if k not in self._ids]
        if missing:
            self._read(missing)
        lasts = self._lasts
        starts = {k: bisect_left(lasts[k], since) for k in keys}
        dated = sum(len(lasts[k]) - start for k, start in starts.items())
        undated = sum(len(self._undated[k]) for k in keys)
        cap = MAX_CANDIDATE_ROWS
        found = []
        if dated + undated <= cap:  # every row of the window: slices of each key's
            for k in keys:
                (u_ids, d_ids), (u_days, d_days) = self._ids[k], self._spans[k]
                start = starts[k]
                if u_ids or start < len(d_ids):
                    found.append((k, u_ids + d_ids[start:], u_days + d_days[start:]))
            return found
        # Which rows the cap keeps, newest first. Dated rows fill it: every dated row after
        # the cut's ``day``, those of ``day`` the newest (by story id, then key) that fit, no
        # undated row. Else every dated row in the window and the newest undated rows that
        # fit. Each key's rows stay in their order; the rows taken whole are slices.
        if dated >= cap:
            day = self._cut_day(keys, starts, since, cap)
            ranges = {k: (bisect_left(lasts[k], day), bisect_left(lasts[k], day + 1)) for k in keys}
            after = sum(len(lasts[k]) - high for k, (_, high) in ranges.items())
            ids_of = self._ids
            tied = sorted(
                ((sid, k) for k, (low, high) in ranges.items() for sid in ids_of[k][1][low:high]),
                reverse=True,
            )
            on_day = set(tied[: cap - after])
            for k in keys:
                (_, d_ids), (_, d_days) = self._ids[k], self._spans[k]
                low, high = ranges[k]
                ids, days = [], []
                for sid, span in zip(d_ids[low:high], d_days[low:high], strict=True):
                    if (sid, k) in on_day:
                        ids.append(sid)
                        days.append(span)
                if ids or high < len(d_ids):
                    found.append((k, ids + d_ids[high:], days + d_days[high:]))
            return found
        tied = sorted(((sid, k) for k in keys for sid, _ in self._undated[k]), reverse=True)
        kept = set(tied[: cap - dated])
        for k in keys:
            (u_ids, d_ids), (u_days, d_days) = self._ids[k], self._spans[k]
            ids, days = [], []
            for sid, span in zip(u_ids, u_days, strict=True):
                if (sid, k) in kept:
                    ids.append(sid)
                    days.append(span)
            start = starts[k]
            if ids or start < len(d_ids):
                found.append((k, ids + d_ids[start:], days + d_days[start:]))
        return found

    def written(self, story_id: int, keys, first: int | None, last: int | None) -> None:
        """The story now has a row for each of ``keys`` (cut as stored), and every row of
        it carries ``first`` and ``last`` (``placement._save_profile``)."""
        if not self._ids:
            return
        keys = {k[:200] for k in keys}
        # The keys read that hold the story (its rows read, or written since) or now do.
        held = [k for k, stories in self._stories.items() if story_id in stories or k in keys]
        for k in held:
            self._drop(k, story_id)
            self._put(k, story_id, first, last)

    def replaced(self, story_ids, rows) -> None:
        """The key rows of ``story_ids`` are now ``rows`` and no others: (key, story id, first
        day, last day) each, as stored, of those not archived (a merge rebuilt one story's
        rows and deleted the other's)."""
        ids = set(story_ids)
        for key, stories in self._stories.items():
            for story_id in ids & stories:
                self._drop(key, story_id)
                stories.discard(story_id)
        for key, story_id, first, last in rows:
            if key in self._ids:
                self._put(key, story_id, first, last)

    def clear(self) -> None:
        """Key rows changed in a way ``written`` does not tell: read every key again."""
        for rows in (
            self._dated,
            self._lasts,
            self._undated,
            self._ids,
            self._spans,
            self._stories,
            self._days,
        ):
            rows.clear()

    def _cut_day(self, keys: list[str], starts: dict[str, int], since: int, cap: int) -> int:
        """The newest day on or after which ``keys`` have at least ``cap`` dated rows (on or
        after ``since``): the day of the cap's last row."""
        lasts = self._lasts
        low, high = since, max(lasts[k][-1] for k in keys if len(lasts[k]) > starts[k])
        while low < high:  # the count on or after a day falls as the day rises
            middle = (low + high + 1) // 2
            if sum(len(lasts[k]) - bisect_left(lasts[k], middle) for k in keys) >= cap:
                low = middle
            else:
                high = middle - 1
        return low

    def _read(self, keys: list[str]) -> None:
        dated: dict[str, list[tuple]] = {k: [] for k in keys}
        undated: dict[str, list[tuple]] = {k: [] for k in keys}
        rows = prepared_values_list(
            ("story-index-keys-from", len(keys)), _key_rows_from, self.floor, *keys
        )
        for key, story_id, first, last in rows:
            if last is None:
                undated[key].append((story_id, first))
            else:
                dated[key].append((last, story_id, first))
        for k in keys:
            d, u = dated[k], undated[k]
            d.sort()
            u.sort()
            self._dated[k], self._undated[k] = d, u
            self._lasts[k] = [row[0] for row in d]
            ids = self._ids[k] = ([row[0] for row in u], [row[1] for row in d])
            self._spans[k] = (
                [Span(row[1], None) for row in u],
                [Span(row[2], row[0]) for row in d],
            )
            self._stories[k] = {*ids[0], *ids[1]}
            self._days[k] = None

    def _days_of(self, key: str) -> dict[int, tuple]:
        """Each story's (first day, last day) on its row of ``key``."""
        days = self._days[key]
        if days is None:
            (u_ids, d_ids), (u_days, d_days) = self._ids[key], self._spans[key]
            days = self._days[key] = dict(zip(u_ids + d_ids, u_days + d_days, strict=True))
        return days

    def _drop(self, key: str, story_id: int) -> None:
        days = self._days_of(key).pop(story_id, None)
        if days is None:
            return
        first, last = days
        if last is None:
            rows, part = self._undated[key], 0
            at = bisect_left(rows, (story_id,))
        elif last >= self.floor:
            rows, part = self._dated[key], 1
            at = bisect_left(rows, (last, story_id))
            del self._lasts[key][at]
        else:
            return
        del rows[at]
        del self._ids[key][part][at]
        del self._spans[key][part][at]

    def _put(self, key: str, story_id: int, first: int | None, last: int | None) -> None:
        span = self._days_of(key)[story_id] = Span(first, last)
        self._stories[key].add(story_id)
        if last is None:
            rows, part = self._undated[key], 0
            at = bisect_left(rows, (story_id,))
            rows.insert(at, (story_id, first))
        elif last >= self.floor:  # (one before the floor is never read)
            rows, part = self._dated[key], 1
            at = bisect_left(rows, (last, story_id))
            rows.insert(at, (last, story_id, first))
            self._lasts[key].insert(at, last)
        else:
            return
        self._ids[key][part].insert(at, story_id)
        self._spans[key][part].insert(at, span)


def _key_rows_from(floor, *keys):
    """Every key row of ``keys`` on or after day ``floor`` or undated, of stories not
    archived, in no order (``KeyRows``): the two halves, as ``_key_rows`` reads them."""
    archived = Story.objects.filter(status=Story.Status.ARCHIVED).values("pk")
    rows = StoryIndexKey.objects.exclude(story_id__in=archived)
    columns = ("key", "story_id", "first_day", "last_day")
    dated = rows.filter(last_day__gte=floor, key__in=keys).values_list(*columns)
    undated = rows.filter(last_day__isnull=True, key__in=keys).values_list(*columns)
    return dated.union(undated, all=True)
