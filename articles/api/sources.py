"""Outlets and speakers in the API."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import viewsets

from articles.api.base import (
    CONDITIONAL_PARAMETERS,
    SLUG_REGEX,
    ConditionalReadMixin,
    read_responses,
)
from articles.api.filters import OutletFilter, SpeakerFilter
from articles.api.pagination import Key
from articles.api.serializers import OutletSerializer, SpeakerSerializer
from articles.core.visibility import visible_outlets, visible_speakers
from sources.models import Outlet, Speaker


@extend_schema_view(
    list=extend_schema(
        summary="List outlets",
        parameters=CONDITIONAL_PARAMETERS,
        responses=read_responses(OutletSerializer(many=True), many=True),
    ),
    retrieve=extend_schema(
        summary="One outlet",
        parameters=CONDITIONAL_PARAMETERS,
        responses=read_responses(OutletSerializer),
    ),
)
class OutletViewSet(ConditionalReadMixin, viewsets.ReadOnlyModelViewSet):
    """Outlets of published stories (with an article in one, or cited by one), looked up by
    slug; an outlet that appears only in unpublished work is not public yet. Staff see all."""

    queryset = Outlet.objects.all()
    serializer_class = OutletSerializer
    filterset_class = OutletFilter
    lookup_field = "slug"
    lookup_value_regex = SLUG_REGEX
    keyset = (Key("name", descending=False), Key("id", descending=False))
    list_prefetch = detail_prefetch = ("aliases",)

    def get_queryset(self):
        visible = visible_outlets(self.request.user)
        return super().get_queryset().filter(pk__in=visible.values("pk"))


@extend_schema_view(
    list=extend_schema(
        summary="List speakers (people and organisations)",
        parameters=CONDITIONAL_PARAMETERS,
        responses=read_responses(SpeakerSerializer(many=True), many=True),
    ),
    retrieve=extend_schema(
        summary="One speaker",
        parameters=CONDITIONAL_PARAMETERS,
        responses=read_responses(SpeakerSerializer),
    ),
)
class SpeakerViewSet(ConditionalReadMixin, viewsets.ReadOnlyModelViewSet):
    """People and organisations quoted or named in published stories, looked up by slug.

    Someone named only in a draft is not public yet (as on the public pages); staff see all."""

    queryset = Speaker.objects.all()
    serializer_class = SpeakerSerializer
    filterset_class = SpeakerFilter
    lookup_field = "slug"
    lookup_value_regex = SLUG_REGEX
    keyset = (Key("name", descending=False), Key("id", descending=False))
    list_prefetch = detail_prefetch = ("aliases",)

    def get_queryset(self):
        visible = visible_speakers(self.request.user)
        return super().get_queryset().filter(pk__in=visible.values("pk"))
