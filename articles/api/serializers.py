"""API representations of stories, articles and quotes, and the article submission shape.

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
    TopicListSerializer,
    WordingListSerializer,
    outlet_summaries,
)
from articles.models import (
    Article,
    Attribution,
    Correction,
    Figure,
    Quote,
    QuoteAppearance,
    Story,
    SummaryParagraph,
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


class SpeakerSummarySerializer(serializers.ModelSerializer):
    """A person or organisation as named next to a quote."""

    class Meta:
        model = Speaker
        fields = ["slug", "name", "kind", "role", "role_checked"]
        read_only_fields = fields


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


class AttributionSerializer(serializers.ModelSerializer):
    """One source of a key point or summary paragraph: the outlet, and where known the article
    and the passage that supports it."""

    outlet = OutletSummarySerializer(read_only=True)
    article = serializers.PrimaryKeyRelatedField(read_only=True, allow_null=True)
    article_url = serializers.SerializerMethodField()

    class Meta:
        model = Attribution
        fields = ["outlet", "article", "article_url", "passage", "origin", "review_state"]
        read_only_fields = fields

    def get_article_url(self, obj: Attribution) -> str | None:
        return obj.article.url if obj.article_id and obj.article else None


class KeyPointSerializer(serializers.Serializer):
    position = serializers.IntegerField(read_only=True)
    text = serializers.CharField(read_only=True)
    evidence_override = serializers.BooleanField(read_only=True)
    sources = AttributionSerializer(source="attributions", many=True, read_only=True)


class SummaryParagraphSerializer(serializers.ModelSerializer):
    sources = AttributionSerializer(source="attributions", many=True, read_only=True)

    class Meta:
        model = SummaryParagraph
        fields = ["position", "text", "evidence_override", "sources"]
        read_only_fields = fields


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
            "article",
            "outlet",
        ]
        read_only_fields = fields


class PersonSerializer(serializers.Serializer):
    """A person or organisation named in the story's articles, with the roles they are given
    and the outlets that named them."""

    speaker = SpeakerSummarySerializer(read_only=True)
    roles = serializers.ListField(child=serializers.CharField(), read_only=True)
    outlets = serializers.ListField(
        child=serializers.SlugField(), read_only=True, help_text="Slugs of the outlets."
    )


class CorrectionSerializer(serializers.ModelSerializer):
    class Meta:
        model = Correction
        fields = ["kind", "text", "published_at"]
        read_only_fields = fields


class StorySerializer(serializers.ModelSerializer):
    """A story as listed."""

    api_url = AddressField("api:story-detail")
    web_url = AddressField("articles:story-detail")
    topics = TopicListSerializer(child=TopicSerializer(), read_only=True)

    class Meta:
        model = Story
        fields = [
            "api_url",
            "web_url",
            "slug",
            "headline",
            "dek",
            "status",
            "published_at",
            "updated_at",
            "version",
            "topics",
        ]
        read_only_fields = fields


class StoryDetailSerializer(StorySerializer):
    """A story with everything that supports it: key points and summary with their sources,
    quotes with every wording and outlet, figures, people, source articles, corrections."""

    key_points = KeyPointSerializer(many=True, read_only=True)
    summary = SummaryParagraphSerializer(source="paragraphs", many=True, read_only=True)
    quotes = serializers.SerializerMethodField()
    figures = serializers.SerializerMethodField()
    people = serializers.SerializerMethodField()
    outlets = serializers.SerializerMethodField()
    articles = ArticleSummarySerializer(many=True, read_only=True)
    corrections = CorrectionSerializer(many=True, read_only=True)
    jsonld_url = serializers.HyperlinkedIdentityField(
        view_name="api:story-jsonld", lookup_field="slug"
    )
    ninjs_url = serializers.HyperlinkedIdentityField(
        view_name="api:story-ninjs", lookup_field="slug"
    )

    class Meta(StorySerializer.Meta):
        fields = [
            *StorySerializer.Meta.fields,
            "key_points",
            "summary",
            "quotes",
            "figures",
            "people",
            "outlets",
            "articles",
            "corrections",
            "jsonld_url",
            "ninjs_url",
        ]
        read_only_fields = fields

    @extend_schema_field(QuoteSerializer(many=True))
    def get_quotes(self, obj: Story):
        # Quotes whose every appearance was rejected are not shown.
        quotes = [q for q in obj.quotes.all() if wordings_of(q)]
        return QuoteSerializer(quotes, many=True, context=self.context).data

    @extend_schema_field(FigureSerializer(many=True))
    def get_figures(self, obj: Story):
        figures = [f for article in obj.articles.all() for f in article.figures.all()]
        return FigureSerializer(figures, many=True).data

    @extend_schema_field(PersonSerializer(many=True))
    def get_people(self, obj: Story):
        people: dict[int, dict] = {}
        for article in obj.articles.all():
            for mention in article.people.all():
                entry = people.setdefault(
                    mention.speaker_id, {"speaker": mention.speaker, "roles": [], "outlets": []}
                )
                if mention.role and mention.role not in entry["roles"]:
                    entry["roles"].append(mention.role)
                if article.outlet.slug not in entry["outlets"]:
                    entry["outlets"].append(article.outlet.slug)
        ordered = sorted(people.values(), key=lambda e: e["speaker"].name)
        return PersonSerializer(ordered, many=True).data

    @extend_schema_field(OutletSummarySerializer(many=True))
    def get_outlets(self, obj: Story):
        outlets = {a.outlet_id: a.outlet for a in obj.articles.all()}
        return outlet_summaries(sorted(outlets.values(), key=lambda o: o.name), self.context)


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
