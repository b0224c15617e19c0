"""Separating the events an import's machine drafts took in: the counterpart of merging the
drafts it split one event into (``consolidation.stories_consolidate``).

Placement decides one article at a time. When the first report of a second event of the same
subject (the same player hurt again, a second quake on one island) joins the first event's
story, the rest of its reports follow it there. At the end of an import each pure machine
draft the import touched is read as a whole (``grouping.split_events``) and, when its articles
fall into two events, the event its first article does not belong to is split off into a new
draft (``story_split``: audit entry, quotes and index follow), for storylines to link.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from articles.engine.grouping import SPLIT_MIN_ARTICLES, ArticleFeatures, split_events
from articles.models import Article, Story
from articles.stories.consolidation import machine_drafts
from articles.stories.features import articles_features
from articles.stories.placement import document_frequencies, placement_lock
from articles.stories.restructure import story_split

# Reading a story as a whole scores every pair of its articles: larger drafts are left as
# they are (an import's drafts are a few dozen articles at most).
SEPARATE_MAX_ARTICLES = 60


def stories_separate(
    *,
    story_ids: Iterable[int],
    user=None,
    features: dict[int, ArticleFeatures] | None = None,
) -> dict[int, int]:
    """Split every pure machine draft among ``story_ids`` that holds two events in two.

    ``features``: ``article_features`` of articles by id, when the import has them. Returns
    article id -> new story id for every article moved."""
    known = features or {}
    moved: dict[int, int] = {}
    drafts = machine_drafts(story_ids)
    for story_id in sorted(drafts):
        if not SPLIT_MIN_ARTICLES <= drafts[story_id] <= SEPARATE_MAX_ARTICLES:
            continue
        # In placement order: the first article is the one the story was made for.
        ids = list(
            Article.objects.filter(story_id=story_id).order_by("pk").values_list("pk", flat=True)
        )
        loaded = articles_features(
            Article.objects.filter(pk__in=[pk for pk in ids if pk not in known])
        )
        found = [known[pk] if pk in known else loaded[pk] for pk in ids]
        df = document_frequencies(set().union(*(f.df_terms() for f in found)))
        parts = split_events(found, df)
        if parts is None:
            continue
        leave = parts[1] if 0 in parts[0] else parts[0]
        leaving = [ids[i] for i in leave]
        with transaction.atomic():
            placement_lock()
            new = story_split(
                story=Story.objects.get(pk=story_id),
                articles=Article.objects.filter(pk__in=leaving),
                user=user,
            )
        moved.update(dict.fromkeys(leaving, new.pk))
    return moved
