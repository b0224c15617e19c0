"""API representations of outlets, speakers, articles and quotes, and the parts of a story's
(``story_serializers.py``) they share.

Nested lists read what the viewset prefetched (``.all()`` on a prefetched relation costs no
query), so a page of any size costs the same number of queries.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from articles.api.fields import (
    AddressField,
    OutletSummaryField,
    OutletSummarySerializer,
    WordingListSerializer,
    address,
    context_zone,
    datetime_text,
    outlet_summaries,
)
from articles.models import (
    Article,
    Figure,
    Quote,
    QuoteAppearance,
    Topic,
)
from articles.public.pages.quotes import wordings_of
from sources.models import Outlet, Speaker


class OutletSerializer(serializers.ModelSerializer):
    api_url = serializers.HyperlinkedIdentityField(
        view_name="api:outlet-detail", lookup_field="slug", read_only=True
    )
    aliases = serializers.SlugRelatedField(slug_field="alias", many=True, read_only=True)
    homepage = serializers.SerializerMethodField()

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

    @extend_schema_field(serializers.URLField(allow_null=True))
    def get_homepage(self, outlet: Outlet) -> str | None:
        """The outlet's address, or null when nobody entered one (never an empty string,
        which is not a URI)."""
        return outlet.homepage or None


def speaker_summary(speaker: Speaker) -> dict:
    """``SpeakerSummarySerializer``'s representation, written out (a story names its
    speakers next to each of its hundreds of quotes)."""
    return {
        "slug": speaker.slug,
        "name": speaker.name,
        "kind": speaker.kind,
        "role": speaker.role,
        "role_checked": speaker.role_checked,
    }


class SpeakerSummarySerializer(serializers.ModelSerializer):
    """A person or organisation as named next to a quote."""

    class Meta:
        model = Speaker
        fields = ["slug", "name", "kind", "role", "role_checked"]
        read_only_fields = fields

    def to_representation(self, speaker: Speaker) -> dict:
        return speaker_summary(speaker)


class SpeakerSerializer(serializers.ModelSerializer):
    api_url = serializers.HyperlinkedIdentityField(
        view_name="api:speaker-detail", lookup_field="slug", read_only=True
    )
    aliases = serializers.SlugRelatedField(slug_field="alias", many=True, read_only=True)

    class Meta:
        model = Speaker
        fields = ["api_url", *SpeakerSummarySerializer.Meta.fields, "description", "aliases"]
        fields += ["updated_at"]
        read_only_fields = fields


class TopicSerializer(serializers.ModelSerializer):
    class Meta:
        model = Topic
        fields = ["slug", "name"]
        read_only_fields = fields


class ArticleSummarySerializer(serializers.ModelSerializer):
    """A source article as listed under a story: who published it, where, when."""

    api_url = serializers.HyperlinkedIdentityField(view_name="api:article-detail")
    outlet = OutletSummarySerializer(read_only=True)

    class Meta:
        model = Article
        fields = [
            "id",
            "api_url",
            "outlet",
            "headline",
            "url",
            "byline",
            "published_at",
            "language",
            "is_translation",
        ]
        read_only_fields = fields

    def to_representation(self, article: Article) -> dict:
        context = self.context
        return {
            "id": article.pk,
            "api_url": address(context, "api:article-detail", "pk", article.pk),
            "outlet": outlet_summaries([article.outlet], context)[0],
            "headline": article.headline,
            "url": article.url,
            "byline": article.byline,
            "published_at": datetime_text(article.published_at, context_zone(self.context)),
            "language": article.language,
            "is_translation": article.is_translation,
        }


class AppearanceSerializer(serializers.ModelSerializer):
    """One wording of a quote as one outlet printed it."""

    outlet = OutletSummaryField(source="article.outlet")
    article = serializers.PrimaryKeyRelatedField(read_only=True)
    article_url = serializers.CharField(source="article.url", read_only=True, allow_null=True)
    published_at = serializers.DateTimeField(
        source="article.published_at", read_only=True, allow_null=True
    )

    class Meta:
        model = QuoteAppearance
        fields = [
            "text",
            "outlet",
            "article",
            "article_url",
            "published_at",
            "start",
            "end",
            "cue",
            "speaker_mention",
            "match",
            "match_score",
            "review_state",
        ]
        read_only_fields = fields

    def to_representation(self, wording: QuoteAppearance) -> dict:
        article = wording.article
        return {
            "text": wording.text,
            "outlet": outlet_summaries([article.outlet], self.context)[0],
            "article": wording.article_id,
            "article_url": article.url,
            "published_at": datetime_text(article.published_at, context_zone(self.context)),
            "start": wording.start,
            "end": wording.end,
            "cue": wording.cue,
            "speaker_mention": wording.speaker_mention,
            "match": wording.match,
            "match_score": wording.match_score,
            "review_state": wording.review_state,
        }


class QuoteSerializer(serializers.ModelSerializer):
    """One statement by one speaker, with every wording and the outlets that carried it."""

    api_url = AddressField("api:quote-detail", "pk")
    speaker = SpeakerSummarySerializer(read_only=True, allow_null=True)
    story = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)
    outlets = serializers.SerializerMethodField()
    appearances = WordingListSerializer(child=AppearanceSerializer(), read_only=True)

    class Meta:
        model = Quote
        fields = ["id", "api_url", "text", "speaker", "story", "outlets", "appearances"]
        read_only_fields = fields

    def to_representation(self, quote: Quote) -> dict:
        wordings = wordings_of(quote)
        appearance = self.fields["appearances"].child
        return {
            "id": quote.pk,
            "api_url": address(self.context, "api:quote-detail", "pk", quote.pk),
            "text": quote.text,
            "speaker": speaker_summary(quote.speaker) if quote.speaker_id else None,
            "story": quote.story.slug if quote.story_id else None,
            "outlets": self.get_outlets(quote),
            "appearances": [appearance.to_representation(w) for w in wordings],
        }

    @extend_schema_field(OutletSummarySerializer(many=True))
    def get_outlets(self, obj: Quote):
        seen = {}
        for appearance in wordings_of(obj):
            seen.setdefault(appearance.article.outlet_id, appearance.article.outlet)
        return outlet_summaries(seen.values(), self.context)


class FigureSerializer(serializers.ModelSerializer):
    outlet = OutletSummarySerializer(source="article.outlet", read_only=True)

    class Meta:
        model = Figure
        fields = [
            "text",
            "value",
            "unit",
            "per",
            "period",
            "qualifier",
            "kind",
            "year",
            "low",
            "event",
            "article",
            "outlet",
        ]
        read_only_fields = fields

    def to_representation(self, figure: Figure) -> dict:
        return {
            "text": figure.text,
            "value": figure.value,
            "unit": figure.unit,
            "per": figure.per,
            "period": figure.period,
            "qualifier": figure.qualifier,
            "kind": figure.kind,
            "year": figure.year,
            "low": figure.low,
            "event": figure.event,
            "article": figure.article_id,
            "outlet": outlet_summaries([figure.article.outlet], self.context)[0],
        }


class ArticleSerializer(serializers.ModelSerializer):
    """An article as listed: no body."""

    api_url = serializers.HyperlinkedIdentityField(view_name="api:article-detail")
    outlet = OutletSummarySerializer(read_only=True)
    story = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)

    class Meta:
        model = Article
        fields = [
            "id",
            "api_url",
            "outlet",
            "story",
            "headline",
            "url",
            "byline",
            "published_at",
            "language",
            "is_translation",
            "original_language",
            "updated_at",
        ]
        read_only_fields = fields


class ArticleQuoteSerializer(serializers.ModelSerializer):
    """A quote as it appears in one article."""

    quote = serializers.PrimaryKeyRelatedField(read_only=True)
    speaker = SpeakerSummarySerializer(source="quote.speaker", read_only=True, allow_null=True)

    class Meta:
        model = QuoteAppearance
        fields = ["quote", "speaker", "text", "start", "end", "cue", "speaker_mention", "match"]
        read_only_fields = fields


class ArticlePersonSerializer(serializers.Serializer):
    speaker = SpeakerSummarySerializer(read_only=True)
    role = serializers.CharField(read_only=True)


class ArticleDetailSerializer(ArticleSerializer):
    quotes = ArticleQuoteSerializer(source="appearances", many=True, read_only=True)
    figures = FigureSerializer(many=True, read_only=True)
    people = ArticlePersonSerializer(many=True, read_only=True)

    class Meta(ArticleSerializer.Meta):
        fields = [*ArticleSerializer.Meta.fields, "body", "quotes", "figures", "people"]
        read_only_fields = fields
