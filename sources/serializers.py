"""API representations of outlets and speakers."""

from __future__ import annotations

from rest_framework import serializers

from sources.models import Outlet, Speaker


class OutletSummarySerializer(serializers.ModelSerializer):
    """An outlet as cited inside a story, a quote or an article."""

    class Meta:
        model = Outlet
        fields = ["slug", "name", "country", "kind"]
        read_only_fields = fields


class OutletSerializer(serializers.ModelSerializer):
    api_url = serializers.HyperlinkedIdentityField(
        view_name="api:outlet-detail", lookup_field="slug", read_only=True
    )
    aliases = serializers.SlugRelatedField(slug_field="alias", many=True, read_only=True)

    class Meta:
        model = Outlet
        fields = [
            "api_url",
            "slug",
            "name",
            "homepage",
            "country",
            "kind",
            "description",
            "aliases",
            "updated_at",
        ]
        read_only_fields = fields


class SpeakerSummarySerializer(serializers.ModelSerializer):
    """A person or organisation as named next to a quote."""

    class Meta:
        model = Speaker
        fields = ["slug", "name", "kind", "role"]
        read_only_fields = fields


class SpeakerSerializer(serializers.ModelSerializer):
    api_url = serializers.HyperlinkedIdentityField(
        view_name="api:speaker-detail", lookup_field="slug", read_only=True
    )
    aliases = serializers.SlugRelatedField(slug_field="alias", many=True, read_only=True)

    class Meta:
        model = Speaker
        fields = ["api_url", "slug", "name", "kind", "role", "description", "aliases", "updated_at"]
        read_only_fields = fields
