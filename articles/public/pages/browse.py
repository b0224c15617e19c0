"""Browsing for readers: the story archive, topics, people and outlets indexes, and the
stories related to a story. Every list is built on what the public may see."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from articles.core.prepared import prepared_rows
from articles.core.visibility import public_outlets, public_speakers, reader_articles
from articles.models import Quote, Story, Topic, published_q, reader_review_states
from articles.public.pages.lists import story_list
from sources.addresses import cached_reverse


def topics_index() -> QuerySet[Topic]:
    """Topics with at least one published story, each with ``story_count``."""
    published = Count("stories", filter=published_q(prefix="stories__"), distinct=True)
    return Topic.objects.annotate(story_count=published).filter(story_count__gt=0)


def stories_for_topic(topic: Topic) -> QuerySet[Story]:
    return story_list().filter(topics=topic)


def people_index() -> QuerySet:
    """People and organisations readers may open a page for, by name."""
    return public_speakers().order_by("name", "pk")


def outlets_index() -> QuerySet:
    """Outlets with published coverage or cited by a published story, by name, each with
    ``article_count``: its articles accepted into published stories."""
    articles = Count(
        "articles",
        filter=published_q(prefix="articles__story__") & Q(articles__review_state="approved"),
        distinct=True,
    )
    return public_outlets().annotate(article_count=articles).order_by("name", "pk")


@dataclass(frozen=True)
class StoryLink:
    """A story as a link: its headline, date and address."""

    id: int
    slug: str
    headline: str
    published_at: datetime | None

    def get_absolute_url(self) -> str:
        return cached_reverse("articles:story-detail", kwargs={"slug": self.slug})


def _related_query(story_id: int, now: datetime, storyline_id: int | None = None) -> QuerySet:
    topics = Topic.objects.filter(stories=story_id).values("pk")
    speakers = Quote.objects.filter(story=story_id, speaker__isnull=False).values("speaker")
    quoting = Quote.objects.public(now).filter(story=OuterRef("pk"), speaker__in=speakers)
    # Not ``story_list()``: the page shows each one's headline and date, not its article count
    # (which grouped every candidate's articles).
    rows = (
        Story.objects.published(now)
        .order_by("-published_at", "-id")
        .exclude(pk=story_id)
        .filter(Q(topics__in=topics) | Exists(quoting))
    )
    if storyline_id is not None:
        rows = rows.exclude(storyline_id=storyline_id)
    return rows.distinct().values("id", "slug", "headline", "published_at")


RELATED_STORIES = 5


def related_stories(story: Story) -> list[StoryLink]:
    """Other published stories on a topic of this one, or quoting one of its speakers,
    newest first (``RELATED_STORIES`` of them); none of its own storyline (the timeline shows
    those). Its query is compiled once (``prepared_rows``): built by the ORM on every request
    it cost ten times what it took to run."""
    if not story.pk:
        return []
    values = [story.pk, timezone.now()]
    if story.storyline_id:
        values.append(story.storyline_id)
    key = ("related stories", len(values), reader_review_states())
    rows = prepared_rows(key, lambda *v: _related_query(*v)[:RELATED_STORIES], *values)
    return [StoryLink(**row) for row in rows]


def story_feed_items(story: Story, *, limit: int = 30) -> list:
    """A story's coverage and corrections as one list, newest first: the articles readers
    see in it (each with its outlet) and its corrections."""
    articles = list(
        reader_articles()
        .filter(story=story)
        .select_related("outlet")
        .defer("body")
        .order_by("-published_at", "-pk")[:limit]
    )
    corrections = list(story.corrections.order_by("-published_at", "-pk")[:limit])
    items = [*articles, *corrections]
    items.sort(key=lambda i: (i.published_at is not None, i.published_at), reverse=True)
    return items[:limit]
