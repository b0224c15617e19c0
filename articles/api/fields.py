"""Serializer fields that read what a story's prefetch already loaded, and build addresses
once a request rather than once a row."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime, tzinfo

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from articles.core.prepared import prepared_rows
from articles.models import Topic
from articles.public.pages.quotes import wordings_of
from sources.addresses import cached_reverse
from sources.models import Outlet


class WordingListSerializer(serializers.ListSerializer):
    """A quote's wordings as prefetched: a story's list (``Prefetch(to_attr=...)``, no
    queryset per quote), or the related manager's."""

    def get_attribute(self, instance):
        return wordings_of(instance)


# Where a page of stories keeps its topics, as plain rows (``attach_topics``).
TOPICS = "topic_rows"


def _topics_of(*story_ids: int):
    return Topic.objects.filter(stories__in=story_ids).values("stories", "slug", "name")


def attach_topics(stories: list) -> None:
    """Each story's topics as ``{"slug", "name"}`` rows in ``TOPICS``, from one query of plain
    values for the whole page: a prefetch built a model instance and a list per topic, and
    cost more than the list's own query."""
    rows = defaultdict(list)
    ids = [story.pk for story in stories]
    if ids:
        # Compiled once for each page size (``prepared_rows``), the page's ids put in.
        found = prepared_rows(("page topics", len(ids)), _topics_of, *ids)
        for row in found:
            rows[row["stories"]].append({"slug": row["slug"], "name": row["name"]})
    for story in stories:
        setattr(story, TOPICS, rows[story.pk])


def topic_summaries(story) -> list[dict]:
    """A story's topics as ``TopicSerializer`` gives them: the page's rows
    (``attach_topics``), or from its related manager."""
    rows = getattr(story, TOPICS, None)
    if rows is None:
        rows = [{"slug": topic.slug, "name": topic.name} for topic in story.topics.all()]
    return rows


class TopicListSerializer(serializers.ListSerializer):
    """A story's topics (``topic_summaries``)."""

    def get_attribute(self, instance):
        return topic_summaries(instance)


def datetime_text(value: datetime | None, zone: tzinfo | None = None) -> str | None:
    """A moment as DRF's ``DateTimeField`` writes it (ISO 8601 in the current time zone,
    ``Z`` for UTC; null for none), for representations built without a field per value.
    ``zone``: the current time zone, when the caller has it (``context_zone``)."""
    if not value:
        return None
    text = timezone.localtime(value, zone).isoformat()
    return f"{text[:-6]}Z" if text.endswith("+00:00") else text


def context_zone(context: dict) -> tzinfo:
    """The current time zone, looked up once a request: the look-up (a context-local
    variable) cost as much as writing the moment, and a list writes a hundred."""
    zone = context.get("time_zone")
    if zone is None:
        zone = context["time_zone"] = timezone.get_current_timezone()
    return zone


# Stands in for the slug or id in an address reversed once a request (digits: both match).
_KEY = "918273645546372819"


def address(context: dict, view_name: str, kwarg: str, value) -> str:
    """The absolute address of ``view_name`` for one object (``kwarg``: ``slug`` or ``pk``):
    reversed once per request with a stand-in key, then filled in; a list of 50 stories, or a
    story's 200 quotes, would otherwise reverse and check the host once a row."""
    templates = context.setdefault("addresses", {})
    if view_name not in templates:
        path = cached_reverse(view_name, kwargs={kwarg: _KEY})
        request = context.get("request")
        absolute = request.build_absolute_uri(path) if request else path
        templates[view_name] = absolute.rsplit(_KEY, 1)
    before, after = templates[view_name]
    return f"{before}{value}{after}"


@extend_schema_field(OpenApiTypes.URI)
class AddressField(serializers.Field):
    """An object's absolute address on the API or the site (``address``), by its slug or
    its id (``kwarg``)."""

    def __init__(self, view_name: str, kwarg: str = "slug", **kwargs):
        self.view_name, self.kwarg = view_name, kwarg
        kwargs.update(source=kwarg, read_only=True)
        super().__init__(**kwargs)

    def to_representation(self, value) -> str:
        return address(self.context, self.view_name, self.kwarg, value)


class OutletSummarySerializer(serializers.ModelSerializer):
    """An outlet as cited inside a story, a quote or an article."""

    class Meta:
        model = Outlet
        fields = ["slug", "name", "country", "kind"]
        read_only_fields = fields

    def to_representation(self, outlet: Outlet) -> dict:
        return {
            "slug": outlet.slug,
            "name": outlet.name,
            "country": outlet.country,
            "kind": outlet.kind,
        }


def outlet_summaries(outlets: Iterable[Outlet], context: dict) -> list[dict]:
    """``OutletSummarySerializer`` data for ``outlets``, with one serializer for the whole
    request and each outlet serialised once: a story's hundreds of quotes name the same few
    outlets again and again."""
    serializer = context.get("outlet_summary")
    if serializer is None:
        serializer = context["outlet_summary"] = OutletSummarySerializer()
    done = context.setdefault("outlet_summaries", {})
    for outlet in outlets:
        if outlet.pk not in done:
            done[outlet.pk] = serializer.to_representation(outlet)
    return [done[outlet.pk] for outlet in outlets]


@extend_schema_field(OutletSummarySerializer)
class OutletSummaryField(serializers.Field):
    """An outlet as ``OutletSummarySerializer`` gives it, worked out once a request
    (``outlet_summaries``): a story's 400 wordings name the same few outlets."""

    def __init__(self, **kwargs):
        kwargs["read_only"] = True
        super().__init__(**kwargs)

    def to_representation(self, value: Outlet) -> dict:
        return outlet_summaries([value], self.context)[0]
