"""Keep a story's update time true when what it shows changes outside a save of the story.

Key points, paragraphs, their evidence, quote wordings, figures and people are edited on their
own (the admin, the review queue, the evidence finder). The API's ETag and Last-Modified and the
feeds read ``Story.updated_at``, so each such change touches it: one UPDATE, no history row, and
``Story.version`` (the edit lock) is left alone so no editor's form goes stale because of it.
"""

from __future__ import annotations

from django.db.models.signals import post_delete, post_save
from django.utils import timezone

from articles.models import (
    ArticlePerson,
    Attribution,
    Figure,
    KeyPoint,
    QuoteAppearance,
    Story,
    SummaryParagraph,
)


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


def connect() -> None:
    for model, handler in HANDLERS:
        uid = f"touch-story-{model._meta.label_lower}"
        post_save.connect(handler, sender=model, dispatch_uid=uid + "-save")
        post_delete.connect(handler, sender=model, dispatch_uid=uid + "-delete")
