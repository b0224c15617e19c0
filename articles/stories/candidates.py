"""Reading a placement's candidate stories from the key index (``story_index_for``): the
stories that share rare keys with an article and were active near its date, as a small
``StoryIndex``, with full profiles only for the stories it will score. Never a scan.
"""

from __future__ import annotations

import json
from bisect import bisect_left, insort
from collections.abc import Iterable

from django.db import connection
from django.db.models import Q, TextField
from django.db.models.functions import Cast

from articles.core.prepared import prepared_values_list
from articles.engine.grouping import ArticleFeatures, StoryIndex
from articles.engine.grouping import StoryProfile as EngineProfile
from articles.engine.weights import DocumentFrequencies
from articles.models import Story, StoryIndexKey, StoryIndexProfile

PLACEMENT_WINDOW_DAYS = 7
MAX_CANDIDATE_ROWS = 4000


def story_index_for(
    features: ArticleFeatures,
    df: DocumentFrequencies,
    *,
    limit: int | None = None,
    exclude: int | None = None,
    window_days: int = PLACEMENT_WINDOW_DAYS,
    seen: set[int] | None = None,
    rows: KeyRows | None = None,
) -> StoryIndex:
    """A small StoryIndex holding only the stories that share keys with the article.

    ``limit``: only the stories ``StoryIndex.candidates(features, limit)`` returns get their
    full profile; the others hold just their first and last day (``_Span``), which is all
    ``candidates`` reads of them. So ``candidates``, ``best`` and
    ``place`` with that limit give exactly what the full index gives, while only ``limit``
    profiles are read and decoded. Score only those candidates. ``exclude``: a story left out
    of the index (consolidation scores a story against the others). ``window_days``: how far
    from the article's day a story may be (storylines look further back than placement).
    ``seen``: a set that gets every story the key rows read named (``exclude`` too).
    ``rows``: a ``KeyRows`` of the caller's, for many look-ups over unchanged key rows."""
    index = StoryIndex(df=df, window_days=window_days)
    since = None
    if features.published is not None:
        since = features.published.toordinal() - window_days
    read = rows if rows is not None else _key_rows
    found = read(list(features.keys), since, with_days=limit is not None)
    postings: dict[str, dict[int, None]] = {}
    spans: dict[int, _Span] = {}
    if limit is None:
        for key, story_id in found:
            posting = postings.get(key)
            if posting is None:
                posting = postings[key] = {}
            posting[story_id] = None
    else:
        for key, story_id, first, last in found:
            posting = postings.get(key)
            if posting is None:
                posting = postings[key] = {}
            posting[story_id] = None
            # One span a story (a story's rows carry the same days), its last row's days.
            span = spans.get(story_id)
            if span is None or span.first != first or span.last != last:
                spans[story_id] = _Span(first, last)
    if seen is not None:
        seen.update(spans if limit is not None else (story_id for _, story_id in found))
    if exclude is not None:
        # Left out after the read, so the rows read (and the cap) are the same as without it.
        spans.pop(exclude, None)
        for posting in postings.values():
            posting.pop(exclude, None)
    index.postings = postings
    if limit is None:
        story_ids = {sid for posting in postings.values() for sid in posting}
        index.stories = _profiles(story_ids)
        if exclude is not None:
            index.stories.pop(exclude, None)
    else:
        index.stories = spans
    _drop_missing(index)
    if limit is not None:
        loaded: set[int] = set()
        while True:
            top = [sid for sid in index.candidates(features, limit) if sid not in loaded]
            if not top:
                break
            full = _profiles(top)
            if any(
                (p.first, p.last) != (index.stories[sid].first, index.stories[sid].last)
                for sid, p in full.items()
            ):
                index.forget_candidates()  # a profile changed since its key rows were read
            index.stories.update(full)
            loaded.update(full)
            missing = [sid for sid in top if sid not in full]
            if not missing:
                break
            # A profile gone since the key rows were read (a race with a rebuild): without
            # it the story is no candidate, so the next one in line is read.
            for sid in missing:
                del index.stories[sid]
            _drop_missing(index)
            index.forget_candidates()
    return index


class _Span:
    """A story not (yet) scored, as ``StoryIndex.candidates`` reads it: its first and last
    day and nothing else. A full profile per story sharing a key (hundreds per placement)
    cost more to build than the query that finds them."""

    __slots__ = ("first", "last")

    def __init__(self, first: int | None, last: int | None) -> None:
        self.first = first
        self.last = last


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
        # key -> each story's (first day, last day) on its row, read on or after ``floor``
        # or undated; and the same rows in order: dated as (last day, story id, first day),
        # oldest first, with their last days alone (for ``bisect``), undated as (story id,
        # first day), by id.
        self._days: dict[str, dict[int, tuple]] = {}
        self._dated: dict[str, list[tuple]] = {}
        self._lasts: dict[str, list[int]] = {}
        self._undated: dict[str, list[tuple]] = {}
        self._held: dict[int, set[str]] = {}  # story id -> the keys read that hold it

    def __call__(self, keys: list[str], since: int | None, *, with_days: bool) -> list[tuple]:
        if not self.active or not with_days or since is None:
            return _key_rows(keys, since, with_days=with_days)
        if self.floor is None:
            self.floor = since - self.slack
        if since < self.floor:
            return _key_rows(keys, since, with_days=with_days)
        keys = list(dict.fromkeys(keys))  # as ``IN`` reads them
        missing = [k for k in keys if k not in self._days]
        if missing:
            self._read(missing)
        lasts = self._lasts
        starts = {k: bisect_left(lasts[k], since) for k in keys}
        dated = sum(len(lasts[k]) - start for k, start in starts.items())
        undated = sum(len(self._undated[k]) for k in keys)
        cap = MAX_CANDIDATE_ROWS
        # Which rows the cap keeps, newest first: every dated row after ``day``, those of
        # ``day`` in ``on_day`` (None: all), the undated rows in ``kept`` (None: all).
        day, on_day, kept = since - 1, None, None
        if dated + undated > cap:
            kept = set()
            if dated >= cap:
                day = self._cut_day(keys, starts, since, cap)
                after = sum(len(lasts[k]) - bisect_left(lasts[k], day + 1) for k in keys)
                tied = sorted(
                    (
                        (sid, k)
                        for k in keys
                        for _, sid, _ in self._dated[k][
                            bisect_left(lasts[k], day) : bisect_left(lasts[k], day + 1)
                        ]
                    ),
                    reverse=True,
                )
                on_day = set(tied[: cap - after])
            else:
                tied = sorted(((sid, k) for k in keys for sid, _ in self._undated[k]), reverse=True)
                kept = set(tied[: cap - dated])
        rows = []
        for k in keys:
            rows += [
                (k, sid, first, None)
                for sid, first in self._undated[k]
                if kept is None or (sid, k) in kept
            ]
            start = max(starts[k], bisect_left(lasts[k], day))
            rows += [
                (k, sid, first, last)
                for last, sid, first in self._dated[k][start:]
                if last != day or on_day is None or (sid, k) in on_day
            ]
        return rows

    def written(self, story_id: int, keys, first: int | None, last: int | None) -> None:
        """The story now has a row for each of ``keys`` (cut as stored), and every row of
        it carries ``first`` and ``last`` (``placement._save_profile``)."""
        if not self._days:
            return
        held = self._held.setdefault(story_id, set())
        held.update(k for k in {k[:200] for k in keys} if k in self._days)
        for k in held:
            self._drop(k, story_id)
            self._put(k, story_id, first, last)

    def clear(self) -> None:
        """Key rows changed in a way ``written`` does not tell: read every key again."""
        for rows in (self._days, self._dated, self._lasts, self._undated, self._held):
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
        for k in keys:
            self._days[k], self._dated[k], self._lasts[k], self._undated[k] = {}, [], [], []
        rows = prepared_values_list(
            ("story-index-keys-from", len(keys)), _key_rows_from, self.floor, *keys
        )
        for key, story_id, first, last in rows:
            self._days[key][story_id] = (first, last)
            self._held.setdefault(story_id, set()).add(key)
            if last is None:
                self._undated[key].append((story_id, first))
            else:
                self._dated[key].append((last, story_id, first))
        for k in keys:
            self._dated[k].sort()
            self._undated[k].sort()
            self._lasts[k] = [row[0] for row in self._dated[k]]

    def _drop(self, key: str, story_id: int) -> None:
        days = self._days[key].pop(story_id, None)
        if days is None:
            return
        first, last = days
        if last is None:
            rows = self._undated[key]
            del rows[bisect_left(rows, (story_id,))]
        elif last >= self.floor:
            rows = self._dated[key]
            at = bisect_left(rows, (last, story_id))
            del rows[at]
            del self._lasts[key][at]

    def _put(self, key: str, story_id: int, first: int | None, last: int | None) -> None:
        self._days[key][story_id] = (first, last)
        if last is None:
            insort(self._undated[key], (story_id, first))
        elif last >= self.floor:  # (one before the floor is never read)
            at = bisect_left(self._dated[key], (last, story_id))
            self._dated[key].insert(at, (last, story_id, first))
            self._lasts[key].insert(at, last)


def _key_rows_from(floor, *keys):
    """Every key row of ``keys`` on or after day ``floor`` or undated, of stories not
    archived, in no order (``KeyRows``): the two halves, as ``_key_rows`` reads them."""
    archived = Story.objects.filter(status=Story.Status.ARCHIVED).values("pk")
    rows = StoryIndexKey.objects.exclude(story_id__in=archived)
    columns = ("key", "story_id", "first_day", "last_day")
    dated = rows.filter(last_day__gte=floor, key__in=keys).values_list(*columns)
    undated = rows.filter(last_day__isnull=True, key__in=keys).values_list(*columns)
    return dated.union(undated, all=True)


def _drop_missing(index: StoryIndex) -> None:
    # A key may point at a story whose profile is gone (a race with a rebuild): skip it.
    for posting in index.postings.values():
        for sid in [s for s in posting if s not in index.stories]:
            del posting[sid]


# Decoded candidate profiles, each with the exact JSON text it was decoded from. Placement
# reads the profiles of every candidate story (often a hundred or more at 10,000 stored
# articles) and decoding them was most of its time. A profile is used again only while its
# stored text is unchanged, so a profile changed by anyone (another worker, a merge) is read
# afresh: the result is always what decoding the row gives. The profiles are only read
# (scored against), never changed in place: ``article_place`` adds an article to a copy it
# loads itself.
_PROFILE_CACHE: dict[int, tuple[str, EngineProfile]] = {}
_PROFILE_CACHE_MAX = 5_000


def _profiles(story_ids: Iterable[int]) -> dict[int, EngineProfile]:
    ids = sorted(set(story_ids))
    if not ids:
        return {}

    def build(*values):
        return (
            StoryIndexProfile.objects.filter(story_id__in=values)
            .annotate(text=Cast("profile", TextField()))
            .values_list("story_id", "text")
        )

    rows = prepared_values_list(("story-index-profiles", len(ids)), build, *ids)
    found: dict[int, EngineProfile] = {}
    for story_id, text in rows:
        hit = _PROFILE_CACHE.get(story_id)
        if hit is not None and hit[0] == text:
            found[story_id] = hit[1]
            continue
        profile = EngineProfile.from_dict(json.loads(text))
        if len(_PROFILE_CACHE) >= _PROFILE_CACHE_MAX:
            _PROFILE_CACHE.clear()
        _PROFILE_CACHE[story_id] = (text, profile)
        found[story_id] = profile
    return found
