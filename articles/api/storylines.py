"""Storylines in the API: the events of one ongoing story, each a story, in order."""

from __future__ import annotations

from django.db.models import Max, Prefetch
from django.db.models.functions import Greatest
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers, viewsets

from articles.api.base import (
    CONDITIONAL_PARAMETERS,
    SLUG_REGEX,
    ConditionalReadMixin,
    read_responses,
)
from articles.api.fields import AddressField
from articles.api.pagination import Key
from articles.models import Story, Storyline, may_preview, reader_review_states


class StorylineEventSerializer(serializers.ModelSerializer):
    api_url = serializers.HyperlinkedIdentityField(
        view_name="api:story-detail", lookup_field="slug"
    )
    url = serializers.CharField(
        source="get_absolute_url", read_only=True, help_text="The story's page, as a path."
    )
    web_url = AddressField("articles:story-detail", help_text="The story's page, in full.")
    link = serializers.CharField(
        source="storyline_state",
        read_only=True,
        help_text="approved, or suggested: linked by the machine, not yet checked by an editor.",
    )

    class Meta:
        model = Story
        fields = ["api_url", "url", "web_url", "slug", "headline", "dek", "published_at", "link"]
        read_only_fields = fields


class StorylineSerializer(serializers.ModelSerializer):
    api_url = serializers.HyperlinkedIdentityField(
        view_name="api:storyline-detail", lookup_field="slug"
    )
    url = serializers.CharField(
        source="get_absolute_url", read_only=True, help_text="The storyline's page, as a path."
    )
    web_url = AddressField(
        "articles:storyline-detail", help_text="The storyline's page, in full, as stories give it."
    )
    events = StorylineEventSerializer(source="visible_events", many=True, read_only=True)

    class Meta:
        model = Storyline
        fields = [
            "api_url",
            "url",
            "web_url",
            "slug",
            "name",
            "description",
            "events",
            "updated_at",
        ]
        read_only_fields = fields


@extend_schema_view(
    list=extend_schema(
        summary="List storylines",
        parameters=CONDITIONAL_PARAMETERS,
        responses=read_responses(StorylineSerializer(many=True), many=True),
    ),
    retrieve=extend_schema(
        summary="One storyline, its events in order",
        parameters=CONDITIONAL_PARAMETERS,
        responses=read_responses(StorylineSerializer),
    ),
)
class StorylineViewSet(ConditionalReadMixin, viewsets.ReadOnlyModelViewSet):
    """Storylines with at least one event the caller may see; each event is a story. Readers
    see published stories whose link an editor approved (staff see every event)."""

    queryset = Storyline.objects.all()
    serializer_class = StorylineSerializer
    lookup_field = "slug"
    lookup_value_regex = SLUG_REGEX
    keyset = (Key("name", descending=False), Key("id", descending=False))
    freshness_field = "fresh"

    def _events(self):
        if may_preview(self.request.user):
            return Story.objects.all()
        return Story.objects.published().filter(storyline_state__in=reader_review_states())

    def get_queryset(self):
        events = self._events()
        return (
            super()
            .get_queryset()
            .filter(pk__in=events.values("storyline_id"))
            .annotate(fresh=Greatest("updated_at", Max("stories__updated_at")))
        )

    @property
    def list_prefetch(self):
        ordered = self._events().order_by("published_at", "id")
        return (Prefetch("stories", queryset=ordered, to_attr="visible_events"),)

    detail_prefetch = list_prefetch
