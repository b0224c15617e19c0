"""Quotes in the API: each statement with its wordings."""

from __future__ import annotations

from django.db.models import (
    OuterRef,
    Prefetch,
)
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_view,
)
from rest_framework import viewsets

from articles.api.base import (
    CONDITIONAL_PARAMETERS,
    ID_REGEX,
    ConditionalReadMixin,
    latest,
    newest,
    read_responses,
)
from articles.api.filters import QuoteFilter
from articles.api.pagination import Key
from articles.api.serializers import (
    QuoteSerializer,
)
from articles.core.visibility import visible_appearances
from articles.models import (
    Quote,
    QuoteAppearance,
)


@extend_schema_view(
    list=extend_schema(
        summary="List quotes",
        description="Quotes of published stories, each with every wording and outlet; newest "
        "first.",
        parameters=CONDITIONAL_PARAMETERS,
        responses=read_responses(QuoteSerializer(many=True), many=True),
    ),
    retrieve=extend_schema(
        summary="One quote with every wording and outlet",
        parameters=CONDITIONAL_PARAMETERS,
        responses=read_responses(QuoteSerializer),
    ),
)
class QuoteViewSet(ConditionalReadMixin, viewsets.ReadOnlyModelViewSet):
    """Quotes of published stories, each with every wording and the outlets that carried it."""

    serializer_class = QuoteSerializer
    lookup_value_regex = ID_REGEX
    filterset_class = QuoteFilter
    keyset = (Key("id"),)
    freshness_field = "api_modified"

    def get_queryset(self):
        user = self.request.user
        qs = Quote.objects.visible_to(user)
        appearances = QuoteAppearance.objects.filter(quote=OuterRef("pk"))
        return qs.select_related("speaker", "story").annotate(
            api_modified=newest(
                "updated_at",
                latest(appearances, "created_at"),
                latest(appearances.filter(reviewed_at__isnull=False), "reviewed_at"),
            )
        )

    @property
    def list_prefetch(self):
        return (Prefetch("appearances", queryset=visible_appearances(self.request.user)),)

    detail_prefetch = list_prefetch
