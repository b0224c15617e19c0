"""Consolidating an import's stories: at the end of an import, the pure machine drafts that
online placement split one event into are merged into the story about that event
(``stories_consolidate``), through ``restructure.story_merge`` (history and audit entry).

Each draft is scored against the stories sharing its keys, in passes until nothing merges,
and again after ``separation.stories_separate`` has split a draft in two. A draft's best match
(``_story_match``) depends only on the key rows of its articles' keys, the profiles of the
stories those rows name and its articles' frequencies (which nothing counts while drafts are
merged). So one consolidation remembers each draft's match (``Matches``) and finds it again
only when a story its rows named, or one now holding one of its keys, has changed.
Last, ``stories_join`` reads the larger drafts' best matches: a piece a large draft's reports
take at the placement threshold joins it; and two drafts each the other's best match join
at a lower bar.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from django.db import transaction
from django.db.models import F

from articles.engine.grouping import (
    DEFAULT_THRESHOLD,
    ArticleFeatures,
    ScoreBreakdown,
    StoryIndex,
    index_keys,
)
from articles.engine.grouping import StoryProfile as EngineProfile
from articles.engine.weights import DocumentFrequencies
from articles.models import Article, ReviewState, Story, StoryIndexKey
from articles.stories.candidates import PLACEMENT_WINDOW_DAYS, story_index_for
from articles.stories.features import articles_features
from articles.stories.placement import document_frequencies_each, placement_lock
from articles.stories.placement_reads import PlacementReads
from articles.stories.restructure import story_merge
from ops.grouped import grouped_writes

CONSOLIDATE_PASSES = 3
# The most articles a draft may hold and still be merged away. Online placement splits an
# event when its first articles are vague or arrive out of order: the pieces it leaves are a
# few articles. A draft that many articles chose over the stories already there is a story of
# its own; when it shares its subject with another (the same player arrested twice, two
# quakes on one island) the two are different events, for storylines to link, not to merge.
CONSOLIDATE_MAX_ARTICLES = 5
# Candidate stories per article, as placement scores (the engine's default).
CONSOLIDATE_CANDIDATES = 30
# The mean score a draft's articles need against a story to be merged into it: below the
# placement threshold (``grouping.DEFAULT_THRESHOLD``, 0.28). Placement decided each of them
# against the stories of the moment, often the first few reports of their event or none (a
# report that came before the rest); at the end of the import the draft is scored against
# the stories as they are, and only the one that fits it best. A draft of another event of
# the same subject scores well below this (its names, figures or time disagree).
CONSOLIDATE_THRESHOLD = 0.20
# Two drafts of an import that are each the other's best match (``stories_join``) read as one
# event from both sides: they join when each side's articles score at least
# ``JOIN_MUTUAL_MIN`` there and both together ``JOIN_MUTUAL_MEAN`` on average, below the
# bars for reading one side only. Short reports of one event, each telling it through other
# details (one names the ship, another the port and how many were rescued), fit each other
# little but nothing else better; a draft of another event of the subject has a story of its
# own event to fit best, or is not chosen back.
JOIN_MUTUAL_MIN = 0.10
JOIN_MUTUAL_MEAN = 0.15


def machine_drafts(story_ids: Iterable[int]) -> dict[int, int]:
    """Of ``story_ids``, the pure machine drafts (draft, never edited: no key points,
    paragraphs, corrections, topics or story aliases; attributions hang on key points and
    paragraphs) with
    their article counts."""
    rows = (
        Story.objects.filter(pk__in=set(story_ids), status=Story.Status.DRAFT)
        .filter(
            key_points__isnull=True,
            paragraphs__isnull=True,
            corrections__isnull=True,
            topics__isnull=True,
            speaker_aliases__isnull=True,
        )
        .values_list("pk", flat=True)
        .distinct()
    )
    ids = list(rows)
    counts = dict.fromkeys(ids, 0)
    for story_id in Article.objects.filter(story_id__in=ids).values_list("story_id", flat=True):
        counts[story_id] += 1
    return {k: v for k, v in counts.items() if v}


class Matches:
    """The drafts' best matches (``_story_match``) found so far in one consolidation, each
    with what it was read from: its articles' keys and the stories their key rows named.
    ``changed`` forgets the matches a changed story could alter; the others hold, as nothing
    counts documents while drafts are merged. ``features``: the drafts' articles' features
    with their keys and frequencies, for the same reason."""

    def __init__(self, reads: PlacementReads | None = None) -> None:
        self.reads = reads  # what the import's placements read, followed through merges
        self.features: dict[int, tuple[ArticleFeatures, DocumentFrequencies]] = {}
        self._found: dict[int, tuple[frozenset[int], tuple | None, set[str], set[int]]] = {}
        # Scores of articles against candidates' profiles, while both stay the same.
        self.scores: dict[tuple[int, int], tuple[EngineProfile, ScoreBreakdown]] = {}

    def find(
        self, story_id: int, known: dict[int, ArticleFeatures], apart: Iterable[int] = ()
    ) -> tuple[int, float] | None:
        """``_story_match(story_id, ...)``, found again only when something it was read from
        has changed since (or the stories it is kept apart from)."""
        apart = frozenset(apart)
        hit = self._found.get(story_id)
        if hit is not None and hit[0] == apart:
            return hit[1]
        keys: set[str] = set()
        seen: set[int] = set()
        given = {"read": (keys, seen), "scores": self.scores, "reads": self.reads}
        found = _story_match(story_id, self.features, known, apart, **given)
        self._found[story_id] = (apart, found, keys, seen)
        return found

    def changed(self, story_ids: Iterable[int]) -> None:
        """``story_ids`` changed (merged, merged into, split, deleted): forget each match that
        was read from their key rows or profiles, or whose keys they hold now."""
        ids = set(story_ids)
        if self.reads is not None and ids:
            now = self.reads.changed(ids)
        elif not ids or not self._found:
            return
        else:
            now = set(StoryIndexKey.objects.filter(story_id__in=ids).values_list("key", flat=True))
        for story_id, (_, _, keys, seen) in list(self._found.items()):
            if story_id in ids or not seen.isdisjoint(ids) or not now.isdisjoint(keys):
                del self._found[story_id]


def _story_match(
    story_id: int,
    cache: dict[int, tuple[ArticleFeatures, DocumentFrequencies]],
    known: dict[int, ArticleFeatures] | None = None,
    apart: Iterable[int] = (),
    *,
    read: tuple[set[str], set[int]] | None = None,
    scores: dict[tuple[int, int], tuple[EngineProfile, ScoreBreakdown]] | None = None,
    reads: PlacementReads | None = None,
) -> tuple[int, float] | None:
    """The best other story for all of ``story_id``'s articles, with their mean score.

    Each article is scored against the candidates exactly as placement would (same key index,
    window and score); a candidate must fit the story's articles on average. ``known``: the
    articles' ``article_features`` already computed (by their placement in this import); those
    computed here are added to it. ``apart``: stories that are no candidates (told apart from
    this one already). ``read``: two sets that get the keys looked up (as stored, cut to 200
    characters) and every story their key rows named. ``scores``: (article, story) -> the
    profile scored and the score, kept by the caller across calls (the article's features and
    frequencies are the same in ``cache``). ``reads``: the import's ``PlacementReads``, for the
    key rows, profiles and frequencies its placements read."""
    known = known if known is not None else {}
    look = reads.lookups() if reads is not None else {}  # (checked against others' commits)
    features: list[tuple[ArticleFeatures, DocumentFrequencies]] = []
    ids = list(Article.objects.filter(story_id=story_id).values_list("pk", flat=True))
    unknown = [pk for pk in ids if pk not in cache and pk not in known]
    if unknown:
        known.update(articles_features(Article.objects.filter(pk__in=unknown)))
    missing = [pk for pk in ids if pk not in cache]
    found = [known[pk] for pk in missing]
    # One query for all their frequencies: nothing counts documents while drafts are merged.
    each = reads.frequencies_each if reads is not None else document_frequencies_each
    for pk, f, df in zip(missing, found, each([f.df_terms() for f in found]), strict=True):
        cache[pk] = (replace(f, keys=tuple(index_keys(f, df))), df)
    for pk in ids:
        features.append(cache[pk])
    if not features:
        return None
    profiles: dict[int, EngineProfile] = {}
    candidates: set[int] = set()
    for f, df in features:
        # Only the candidates' profiles are read in full (``limit``): only they are scored.
        seen = read[1] if read is not None else None
        limit = CONSOLIDATE_CANDIDATES
        index = story_index_for(f, df, limit=limit, exclude=story_id, seen=seen, **look)
        if read is not None:
            read[0].update(k[:200] for k in f.keys)
        found = index.candidates(f, CONSOLIDATE_CANDIDATES)
        profiles.update({sid: index.stories[sid] for sid in found})
        candidates.update(found)
    best: tuple[int, float] | None = None
    # One scoring index per article, so each article's own weights are computed once.
    scratches = []
    for pk, (f, df) in zip(ids, features, strict=True):
        scratch = StoryIndex(df=df, window_days=PLACEMENT_WINDOW_DAYS)
        scratch.stories = profiles
        scratches.append((pk, f, scratch))
    scores = scores if scores is not None else {}
    for candidate in sorted(candidates - set(apart)):
        total = 0.0
        profile = profiles[candidate]
        for pk, f, scratch in scratches:
            # A profile is a new object once its row has changed (``candidates._profiles``).
            hit = scores.get((pk, candidate))
            if hit is None or hit[0] is not profile:
                hit = scores[pk, candidate] = (profile, scratch.score(f, candidate))
            total += hit[1].total
        mean = total / len(features)
        if best is None or mean > best[1]:
            best = (candidate, mean)
    return best


def stories_consolidate(
    *,
    story_ids: Iterable[int],
    user=None,
    features: dict[int, ArticleFeatures] | None = None,
    apart: Iterable[tuple[int, int]] = (),
    matches: Matches | None = None,
) -> dict[int, int]:
    """Merge the pure machine drafts among ``story_ids`` into the story about the same event.

    Online placement splits an event when its first articles are vague or arrive out of
    order; at the end of an import each draft is scored against the other stories sharing
    its keys (the placement index and window, never a scan), and merged into the best one when
    its articles score at least ``CONSOLIDATE_THRESHOLD`` on average. Only drafts of at most
    ``CONSOLIDATE_MAX_ARTICLES`` articles are merged away (the pieces a split leaves). Smaller
    drafts are merged first, and a draft only into a story at least as large (the larger draft
    absorbs the smaller), so merges go one way. Repeated until nothing merges (a few passes at
    most).

    Merging goes through ``story_merge`` (history and audit entry); the emptied draft never
    held editorial work, so it is then deleted rather than left archived and empty. Stories
    with editorial work, published ones and stories outside ``story_ids`` are never merged
    away (a draft may join them, as placement would have put its articles there).

    ``features``: ``article_features`` of articles by id, when the import has them (from
    their placement), so they are not computed again; those of other articles computed here
    are added to it. ``apart``: pairs of stories never merged into each other (two events
    ``stories_separate`` told apart). ``matches``: the drafts' matches found by an earlier
    call of the same import (``Matches``), told of every story changed since.

    Returns old story id -> surviving story id for every merged story.
    """
    mapping: dict[int, int] = {}
    features = features if features is not None else {}
    matches = matches if matches is not None else Matches()
    kept_apart: dict[int, set[int]] = {}
    for a, b in apart:
        kept_apart.setdefault(a, set()).add(b)
        kept_apart.setdefault(b, set()).add(a)
    pending = set(story_ids)
    for _ in range(CONSOLIDATE_PASSES):
        drafts = machine_drafts(pending)
        merged = False
        for story_id in sorted(drafts, key=lambda s: (drafts[s], -s)):
            if story_id in mapping or drafts[story_id] > CONSOLIDATE_MAX_ARTICLES:
                continue
            found = matches.find(story_id, features, kept_apart.get(story_id, ()))
            if found is None or found[1] < CONSOLIDATE_THRESHOLD:
                continue
            target_id = found[0]
            if target_id in drafts and (drafts[target_id], -target_id) < (
                drafts[story_id],
                -story_id,
            ):
                continue  # the smaller draft comes to this one in its own turn
            with transaction.atomic(), grouped_writes():  # (writes sent with what follows)
                placement_lock()
                source = Story.objects.get(pk=story_id)
                arrived = list(source.articles.values_list("pk", flat=True))
                target = story_merge(
                    target=Story(pk=target_id),  # (read and locked by ``story_merge``)
                    others=[source],
                    user=user,
                    features=features,
                    frequencies=matches.reads and matches.reads.frequencies_checked,
                )
                source.delete()
                if target.status == Story.Status.PUBLISHED:  # as placement would have: waiting
                    Article.objects.filter(pk__in=arrived).update(
                        review_state=ReviewState.SUGGESTED, version=F("version") + 1
                    )
            matches.changed([story_id, target.pk])
            mapping[story_id] = target.pk
            # What it was apart from, the target is (one merged away already: its survivor is).
            for other in kept_apart.pop(story_id, set()) - mapping.keys():
                kept_apart.setdefault(target.pk, set()).add(other)
                kept_apart[other].add(target.pk)
            if target_id in drafts:
                drafts[target_id] += drafts[story_id]
            merged = True
        pending -= set(mapping)
        if not merged:
            break
    # Chains (a merged into b, b into c) resolve to the survivor.
    for old, new in mapping.items():
        while new in mapping:
            new = mapping[new]
        mapping[old] = new
    return mapping


def _apart_in_time(story_id: int, other: int, matches: Matches) -> bool:
    """Is an article of ``story_id`` held back from ``other`` by time (a date penalty in its
    score there: the days of their events apart), as scored when ``story_id``'s best match
    was found? Unknown counts as apart. A quake and its aftershock two days later, a match
    and the manager's sacking after it, read as one from both sides; their days do not."""
    for pk in Article.objects.filter(story_id=story_id).values_list("pk", flat=True):
        hit = matches.scores.get((pk, other))
        if hit is None or hit[1].date_penalty > 0:
            return True
    return False


def stories_join(
    *,
    story_ids: Iterable[int],
    user=None,
    features: dict[int, ArticleFeatures] | None = None,
    apart: Iterable[tuple[int, int]] = (),
    matches: Matches | None = None,
) -> dict[int, int]:
    """Join each piece consolidation left beside a large draft of its event, read from the
    large draft's side: its articles scored against the piece.

    ``stories_consolidate`` reads a piece (a draft of at most ``CONSOLIDATE_MAX_ARTICLES``)
    from its own side only: its one or two articles against the stories they could join. A
    short or one-angle report can fall short there, or fit another story a little better (the
    other event of the subject, a mixed draft), and stay apart from the large draft of its own
    event. Here every larger draft's best match (``_story_match``: the same index, window and
    score) is read; when it is a piece and the large draft's articles take it at the
    placement threshold (``grouping.DEFAULT_THRESHOLD``) on average, as each of them would
    have joined it at placement, the piece is merged into the large draft. Two large drafts
    are never joined (a draft many reports chose is a story of its own; when it shares a
    subject with another, it is another event), nor pairs in ``apart`` (events
    ``stories_separate`` told apart).

    Two drafts (a piece and a large draft, or two pieces) that are each the other's best match
    read as one event from both sides, and the smaller joins the larger when each side's
    articles score at least ``JOIN_MUTUAL_MIN`` there and the two sides ``JOIN_MUTUAL_MEAN``
    on average, and no article of either is held back from the other by time (a date penalty,
    ``_apart_in_time``): reports of one event that tell it through different details fit
    each other below the one-sided bars, but nothing better. Two large drafts stay apart here
    too.

    Pairs are taken best score first and a draft joins at most one other, so the outcome does
    not depend on the order the drafts were made in.

    Returns old story id -> surviving story id for every merged story."""
    mapping: dict[int, int] = {}
    features = features if features is not None else {}
    matches = matches if matches is not None else Matches()
    kept_apart: dict[int, set[int]] = {}
    for a, b in apart:
        kept_apart.setdefault(a, set()).add(b)
        kept_apart.setdefault(b, set()).add(a)
    drafts = machine_drafts(story_ids)
    best: dict[int, tuple[int, float]] = {}
    for story_id in sorted(drafts):
        found = matches.find(story_id, features, kept_apart.get(story_id, ()))
        if found is not None:
            best[story_id] = found
    pairs: list[tuple[float, int, int]] = []
    for story_id, (other, score) in sorted(best.items()):
        large = drafts[story_id] > CONSOLIDATE_MAX_ARTICLES
        other_large = drafts.get(other, CONSOLIDATE_MAX_ARTICLES + 1) > CONSOLIDATE_MAX_ARTICLES
        if large and not other_large and score >= DEFAULT_THRESHOLD:
            pairs.append((score, story_id, other))
            continue
        back = best.get(other)
        if back is None or back[0] != story_id or other < story_id or (large and other_large):
            continue
        # Each the other's best match: both sides read the pair as one event, and the days
        # of their events are not apart.
        if (
            min(score, back[1]) >= JOIN_MUTUAL_MIN
            and score + back[1] >= 2 * JOIN_MUTUAL_MEAN
            and not _apart_in_time(story_id, other, matches)
            and not _apart_in_time(other, story_id, matches)
        ):
            larger, smaller = sorted((story_id, other), key=lambda s: (drafts[s], -s), reverse=True)
            pairs.append(((score + back[1]) / 2, larger, smaller))
    joined: set[int] = set()
    for _, target_id, source_id in sorted(pairs, key=lambda p: (-p[0], p[1], p[2])):
        if source_id in joined or target_id in joined:
            continue
        with transaction.atomic(), grouped_writes():
            placement_lock()
            source = Story.objects.get(pk=source_id)
            target = story_merge(
                target=Story(pk=target_id),  # (read and locked by ``story_merge``)
                others=[source],
                user=user,
                features=features,
                frequencies=matches.reads and matches.reads.frequencies_checked,
            )
            source.delete()
        matches.changed([source_id, target.pk])
        mapping[source_id] = target.pk
        joined.add(source_id)
    return mapping
