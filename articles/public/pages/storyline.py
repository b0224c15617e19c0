"""Storylines on the public pages: the events readers may see, oldest first.

An event shows when its story is published and its link to the storyline is one readers may
see (approved, as every machine finding must be; suggested too, labelled, where the site
shows unchecked findings). A storyline with no such event has no public page.
"""

from __future__ import annotations

from django.db.models import Min, QuerySet

from articles.models import Story, Storyline, reader_review_states
from articles.public.pages.lists import attach_outlets, story_list


def storyline_events(storyline: Storyline) -> list[Story]:
    """The storyline's public stories in the order they happened, each with ``outlet_list``
    and ``first_report`` (its earliest article's publication)."""
    if storyline is None:
        return []
    stories = (
        story_list()
        .filter(storyline=storyline, storyline_state__in=reader_review_states())
        .annotate(first_report=Min("articles__published_at"))
        .order_by("published_at", "id")
    )
    events = list(stories)
    events.sort(key=lambda s: (s.first_report or s.published_at, s.published_at, s.pk))
    return list(attach_outlets(events))


def public_storylines() -> QuerySet[Storyline]:
    """Storylines with at least one event readers may see."""
    return Storyline.objects.filter(
        stories__in=Story.objects.published().filter(storyline_state__in=reader_review_states())
    ).distinct()


def story_timeline(story: Story) -> tuple[Storyline | None, list[Story]]:
    """A story's storyline and its events, when readers may see the link and it has another
    event to show; otherwise ``(None, [])``."""
    if story.storyline_id is None or story.storyline_state not in reader_review_states():
        return None, []
    events = storyline_events(story.storyline)
    if len(events) < 2 and all(e.pk == story.pk for e in events):
        return None, []
    return story.storyline, events
