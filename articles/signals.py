"""Keep what readers are shown fresh when a row they see changes.

- A story's update time: key points, paragraphs, their evidence, quote wordings, figures and
  people are edited on their own (the admin, the review queue, the evidence finder). The
  API's ETag and Last-Modified and the feeds read ``Story.updated_at``, so each such change
  touches it: one UPDATE, no history row, and ``Story.version`` (the edit lock) is left alone
  so no editor's form goes stale because of it.
- Cached pages: every save or delete of a row readers see (``SHOWN``), and every change of a
  story's topics, moves the content generation on (``ops.generation``), which retires every
  cached page, feed and API answer at once. Bulk writes skip these signals; they go through
  ``articles/core/history.py``, which does the same. ``NOT_SHOWN`` rows reach no reader.
"""

from __future__ import annotations

from django.db.models.signals import m2m_changed, post_delete, post_save
from django.utils import timezone

from articles.models import (
    Article,
    ArticleImage,
    ArticlePerson,
    Attribution,
    AuditEntry,
    Correction,
    Figure,
    KeyPoint,
    Quote,
    QuoteAppearance,
    Story,
    StoryIndexKey,
    StoryIndexProfile,
    Storyline,
    StoryRedirect,
    StorySpeakerAlias,
    SummaryParagraph,
    TermFrequency,
    Topic,
)
from ops.generation import content_changed
from sources.models import Outlet, OutletAlias, OutletRating, Speaker, SpeakerAlias


def _touch(**lookup) -> None:
    Story.objects.filter(**lookup).update(updated_at=timezone.now())


def claim_changed(sender, instance, **kwargs) -> None:
    if instance.story_id:
        _touch(pk=instance.story_id)


def attribution_changed(sender, instance, **kwargs) -> None:
    if instance.key_point_id:
        _touch(key_points=instance.key_point_id)
    elif instance.paragraph_id:
        _touch(paragraphs=instance.paragraph_id)


_UNKNOWN = object()


def _cached_story_id(instance, relation: str):
    """The story id through an already loaded relation, or ``_UNKNOWN`` without a query.

    Ingestion saves many rows of an article not yet in a story; knowing that from the loaded
    parent spares one UPDATE per row."""
    descriptor = getattr(type(instance), relation)
    if descriptor.is_cached(instance):
        return getattr(getattr(instance, relation), "story_id", _UNKNOWN)
    return _UNKNOWN


def wording_changed(sender, instance, **kwargs) -> None:
    story_id = _cached_story_id(instance, "quote")
    if story_id is _UNKNOWN and instance.quote_id:
        _touch(quotes=instance.quote_id)
    elif story_id not in (None, _UNKNOWN):
        _touch(pk=story_id)


def article_row_changed(sender, instance, **kwargs) -> None:
    story_id = _cached_story_id(instance, "article")
    if story_id is _UNKNOWN and instance.article_id:
        _touch(articles=instance.article_id)
    elif story_id not in (None, _UNKNOWN):
        _touch(pk=story_id)


HANDLERS = [
    (KeyPoint, claim_changed),
    (SummaryParagraph, claim_changed),
    (Attribution, attribution_changed),
    (QuoteAppearance, wording_changed),
    (Figure, article_row_changed),
    (ArticlePerson, article_row_changed),
]


# Rows readers see, on pages, in feeds or through the API (aliases in the API's outlets and
# speakers); and rows they never see (a story's own aliases only steer the reading engine,
# whose findings are saved as rows above).
SHOWN = [
    Story,
    Topic,
    Article,
    ArticlePerson,
    Quote,
    QuoteAppearance,
    Figure,
    KeyPoint,
    SummaryParagraph,
    Attribution,
    Correction,
    Outlet,
    OutletAlias,
    Speaker,
    SpeakerAlias,
    Storyline,
    StoryRedirect,
    OutletRating,
    ArticleImage,
]
NOT_SHOWN = [AuditEntry, StorySpeakerAlias, StoryIndexProfile, StoryIndexKey, TermFrequency]


def shown_row_changed(sender, **kwargs) -> None:
    content_changed(using=kwargs.get("using") or "default")


def connect() -> None:
    for model, handler in HANDLERS:
        uid = f"touch-story-{model._meta.label_lower}"
        post_save.connect(handler, sender=model, dispatch_uid=uid + "-save")
        post_delete.connect(handler, sender=model, dispatch_uid=uid + "-delete")
    for model in SHOWN:
        uid = f"content-changed-{model._meta.label_lower}"
        post_save.connect(shown_row_changed, sender=model, dispatch_uid=uid + "-save")
        post_delete.connect(shown_row_changed, sender=model, dispatch_uid=uid + "-delete")
    m2m_changed.connect(
        shown_row_changed, sender=Story.topics.through, dispatch_uid="content-changed-topics"
    )
