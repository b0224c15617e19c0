"""Storylines: the events of one ongoing story, linked by editors or suggested by the machine.

A story belongs to at most one storyline. Links an editor makes are approved; links the
machine finds (``storylines_suggest``, at the end of each import) are suggestions that
readers do not see until an editor approves them, as for every machine finding.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from django.db import transaction

from articles.core.story_state import stories_touch
from articles.engine.grouping import ArticleFeatures, index_keys, same_storyline
from articles.models import Article, ReviewState, Story, Storyline
from articles.stories.candidates import story_index_for
from articles.stories.features import articles_features
from articles.stories.key_rows import KeyRows
from articles.stories.placement import document_frequencies_each

if TYPE_CHECKING:
    from articles.stories.placement_reads import PlacementReads

SUGGEST_CANDIDATES = 30
# Another event of an ongoing story may come weeks after the first (the inquiry's findings,
# the trial): candidates are looked for this far back, not only placement's week.
STORYLINE_WINDOW_DAYS = 90


@transaction.atomic
def storyline_link(
    *, story: Story, to: Story, state: str = ReviewState.APPROVED, name: str = ""
) -> Storyline:
    """Put ``story`` in ``to``'s storyline; a new one (named ``name``, or after ``to``'s
    headline) when ``to`` has none. A story leaves any storyline it was in."""
    if story.pk == to.pk:
        raise ValueError("A story cannot be linked to itself.")
    # As stored now: the caller's instance may predate an earlier link.
    current = Story.objects.filter(pk=to.pk).values_list("storyline_id", flat=True).first()
    line = Storyline.objects.filter(pk=current).first() if current else None
    if line is None:
        line = Storyline.objects.create(name=name or to.headline)
        Story.objects.filter(pk=to.pk).update(storyline=line, storyline_state=state)
    to.storyline = line
    old = Story.objects.filter(pk=story.pk).values_list("storyline_id", flat=True).first()
    Story.objects.filter(pk=story.pk).update(storyline=line, storyline_state=state)
    story.storyline, story.storyline_state = line, state
    _drop_if_alone(old)
    stories_touch(story_ids=[story.pk, to.pk])
    return line


@transaction.atomic
def storyline_unlink(*, story: Story) -> None:
    """Take ``story`` out of its storyline; a storyline left with one story is removed."""
    old = story.storyline_id
    if old is None:
        return
    Story.objects.filter(pk=story.pk).update(storyline=None, storyline_state=ReviewState.APPROVED)
    story.storyline = None
    _drop_if_alone(old)
    stories_touch(story_ids=[story.pk])


@transaction.atomic
def storyline_changed(*, story: Story, previous: int | None) -> None:
    """``story``'s storyline was set by hand (its own form in the admin), from ``previous``:
    the storyline it left goes away if one story is left in it, and the pages of both
    storylines' events change (their timelines)."""
    current = story.storyline_id
    if previous == current:
        return
    members = Story.objects.filter(storyline_id__in=[i for i in (previous, current) if i])
    touched = {story.pk, *members.values_list("pk", flat=True)}
    _drop_if_alone(previous)
    stories_touch(story_ids=touched)


def _drop_if_alone(storyline_id: int | None) -> None:
    if storyline_id is None:
        return
    members = list(Story.objects.filter(storyline_id=storyline_id).values_list("pk", flat=True))
    if len(members) <= 1:
        Story.objects.filter(pk__in=members).update(storyline=None)
        Storyline.objects.filter(pk=storyline_id).delete()


def storylines_suggest(
    *,
    story_ids: Iterable[int],
    features: dict[int, ArticleFeatures] | None = None,
    reads: PlacementReads | None = None,
) -> dict[int, int]:
    """For each story not yet in a storyline, the earlier story the engine reads as another
    event of the same ongoing story (``same_storyline``), linked as a suggestion. Candidates
    are placement's (shared keys, within its window), never a scan. Returns story id -> the
    story it was linked to.

    ``reads``: the import's ``PlacementReads``, told of every merge and split since its
    placements (SQLite): the frequencies and candidates' profiles its placements and
    consolidation read are taken from it rather than read again (linking changes neither)."""
    features = features or {}
    if reads is not None:
        reads.opened()  # (everything read again if another connection has committed)
    linked: dict[int, int] = {}
    stories = list(Story.objects.filter(pk__in=list(story_ids), storyline__isnull=True))
    # Each story's first article, its features (its body and people read only when the
    # import has not featurized it already) and their frequencies, each in one query for all:
    # nothing counts documents while storylines are suggested.
    firsts: dict[int, int] = {}
    rows = Article.objects.filter(story_id__in=[s.pk for s in stories])
    for story_id, pk in rows.order_by("published_at", "pk").values_list("story_id", "pk"):
        firsts.setdefault(story_id, pk)
    wanted = [pk for pk in firsts.values() if not features.get(pk)]
    read = articles_features(Article.objects.filter(pk__in=wanted)) if wanted else {}
    found = {sid: features.get(pk) or read[pk] for sid, pk in firsts.items()}
    each = reads.frequencies_each if reads is not None else document_frequencies_each
    frequencies = dict(zip(found, each([f.df_terms() for f in found.values()]), strict=True))
    # Their key rows, each key's read once for all of them (linking changes none).
    days = [f.published.toordinal() for f in found.values() if f.published is not None]
    rows = KeyRows(min(days) - STORYLINE_WINDOW_DAYS) if days else None
    for story in stories:
        if story.pk not in found:
            continue
        f, df = found[story.pk], frequencies[story.pk]
        f = replace(f, keys=tuple(index_keys(f, df)))
        index = story_index_for(
            f,
            df,
            limit=SUGGEST_CANDIDATES,
            exclude=story.pk,
            window_days=STORYLINE_WINDOW_DAYS,
            rows=rows,
            profiles=reads.profiles if reads is not None else None,
        )
        best = index.best(f, limit=SUGGEST_CANDIDATES)
        if best is None or not same_storyline(best[1], index.threshold):
            continue
        other = Story.objects.filter(pk=best[0]).first()
        if other is None or other.storyline_state == ReviewState.REJECTED:
            continue
        storyline_link(story=story, to=other, state=ReviewState.SUGGESTED)
        linked[story.pk] = other.pk
    return linked
