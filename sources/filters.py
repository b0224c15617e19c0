"""Filters for the outlet and speaker lists: one FilterSet per model."""

from __future__ import annotations

import django_filters
from django.db.models import Exists, OuterRef, Q

from sources.models import Outlet, OutletAlias, Speaker, SpeakerAlias


class OutletFilter(django_filters.FilterSet):
    kind = django_filters.ChoiceFilter(choices=Outlet.Kind.choices)
    country = django_filters.CharFilter(
        field_name="country",
        lookup_expr="iexact",
        max_length=2,
        help_text="ISO 3166-1 alpha-2 code, e.g. GB.",
    )
    q = django_filters.CharFilter(
        method="search", max_length=200, help_text="Part of the name or of an alias."
    )

    class Meta:
        model = Outlet
        fields = ["kind", "country", "q"]

    def search(self, queryset, name, value):
        alias = OutletAlias.objects.filter(outlet=OuterRef("pk"), alias__icontains=value)
        return queryset.filter(Q(name__icontains=value) | Exists(alias))


class SpeakerFilter(django_filters.FilterSet):
    kind = django_filters.ChoiceFilter(choices=Speaker.Kind.choices)
    q = django_filters.CharFilter(
        method="search", max_length=200, help_text="Part of the name or of an alias."
    )

    class Meta:
        model = Speaker
        fields = ["kind", "q"]

    def search(self, queryset, name, value):
        alias = SpeakerAlias.objects.filter(speaker=OuterRef("pk"), alias__icontains=value)
        return queryset.filter(Q(name__icontains=value) | Exists(alias))
