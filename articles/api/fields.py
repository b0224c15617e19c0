"""Serializer fields that read what a story's prefetch already loaded, and build a story's
addresses once a request rather than once a row."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from articles.public.pages.quotes import wordings_of


class WordingListSerializer(serializers.ListSerializer):
    """A quote's wordings as prefetched: a story's list (``Prefetch(to_attr=...)``, no
    queryset per quote), or the related manager's."""

    def get_attribute(self, instance):
        return wordings_of(instance)


_SLUG = "story-slug"  # stands in for the slug in an address reversed once a request


def story_address(context: dict, view_name: str, slug: str) -> str:
    """The absolute address of ``view_name`` for a story's slug: reversed once per request
    with a stand-in slug, then filled in; a list of 50 stories would otherwise reverse and
    check the host 100 times."""
    templates = context.setdefault("story_addresses", {})
    if view_name not in templates:
        path = reverse(view_name, kwargs={"slug": _SLUG})
        request = context.get("request")
        address = request.build_absolute_uri(path) if request else path
        templates[view_name] = address.rsplit(_SLUG, 1)
    before, after = templates[view_name]
    return f"{before}{slug}{after}"


@extend_schema_field(OpenApiTypes.URI)
class StoryAddressField(serializers.Field):
    """A story's absolute address on the API or the site (``story_address``)."""

    def __init__(self, view_name: str, **kwargs):
        self.view_name = view_name
        kwargs.update(source="slug", read_only=True)
        super().__init__(**kwargs)

    def to_representation(self, value: str) -> str:
        return story_address(self.context, self.view_name, value)
