"""Reading a placement's candidate stories from the key index (``story_index_for``): the
stories that share rare keys with an article and were active near its date, as a small
``StoryIndex``, with full profiles only for the stories it will score. Never a scan.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable

from django.db.models import TextField
from django.db.models.functions import Cast

from articles.core.prepared import prepared_values_list
from articles.engine.grouping import ArticleFeatures, StoryIndex
from articles.engine.grouping import StoryProfile as EngineProfile
from articles.engine.weights import DocumentFrequencies
from articles.models import StoryIndexProfile
from articles.stories.key_rows import KeyRows, Span, _key_rows

PLACEMENT_WINDOW_DAYS = 7


def story_index_for(
    features: ArticleFeatures,
    df: DocumentFrequencies,
    *,
    limit: int | None = None,
    exclude: int | None = None,
    window_days: int = PLACEMENT_WINDOW_DAYS,
    seen: set[int] | None = None,
    rows: KeyRows | None = None,
    profiles: Callable[[list[int]], dict[int, EngineProfile]] | None = None,
) -> StoryIndex:
    """A small StoryIndex holding only the stories that share keys with the article.

    ``limit``: only the stories ``StoryIndex.candidates(features, limit)`` returns get their
    full profile; the others hold just their first and last day (``key_rows.Span``), which is all
    ``candidates`` reads of them. So ``candidates``, ``best`` and
    ``place`` with that limit give exactly what the full index gives, while only ``limit``
    profiles are read and decoded. Score only those candidates. ``exclude``: a story left out
    of the index (consolidation scores a story against the others). ``window_days``: how far
    from the article's day a story may be (storylines look further back than placement).
    ``seen``: a set that gets every story the key rows read named (``exclude`` too).
    ``rows``: a ``KeyRows`` of the caller's (``articles.stories.key_rows``), for many look-ups
    over unchanged key rows. ``profiles``: reads the candidates' profiles as ``_profiles``
    does (``placement_reads.PlacementReads.profiles``)."""
    index = StoryIndex(df=df, window_days=window_days)
    since = None
    if features.published is not None:
        since = features.published.toordinal() - window_days
    groups = (
        rows.groups(list(features.keys), since) if rows is not None and limit is not None else None
    )
    if groups is None:
        read = rows if rows is not None else _key_rows
        found = read(list(features.keys), since, with_days=limit is not None)
    postings: dict[str, dict[int, None]] = {}
    spans: dict[int, Span] = {}
    if groups is not None:  # the same rows key by key (``KeyRows.groups``): taken whole
        for key, ids, spans_of_key in groups:
            postings[key] = dict.fromkeys(ids)
            spans.update(zip(ids, spans_of_key, strict=True))
    elif limit is None:
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
                spans[story_id] = Span(first, last)
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
    if groups is None:  # (``groups`` gives every story named its span)
        _drop_missing(index)
    if limit is not None:
        loaded: set[int] = set()
        while True:
            top = [sid for sid in index.candidates(features, limit) if sid not in loaded]
            if not top:
                break
            full = (profiles or _profiles)(top)
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
