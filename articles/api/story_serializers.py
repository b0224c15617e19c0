"""API representations of a story: as listed, and whole with its key points, summary, quotes,
figures, people, articles and corrections.

The listed story is written out from its row (``StorySerializer.to_representation``). The
whole story's serializers document it (the schema) and give it, field by field, from a story
whose relations were prefetched; the API writes that answer from plain rows instead
(``story_rows.py``), and a test holds the two byte for byte equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.db.models import Exists, OuterRef, QuerySet
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from articles.api.fields import (
    AddressField,
    OutletSummarySerializer,
    TopicListSerializer,
    address,
    context_zone,
    datetime_text,
    outlet_summaries,
    topic_summaries,
)
from articles.api.pagination import KeysetPagination, cursor_token
from articles.api.serializers import (
    ArticleSummarySerializer,
    FigureSerializer,
    QuoteSerializer,
    SpeakerSummarySerializer,
    TopicSerializer,
)
from articles.core.visibility import reader_appearances
from articles.models import (
    Attribution,
    Correction,
    Quote,
    Story,
    Storyline,
    SummaryParagraph,
    may_preview,
    reader_review_states,
)
from articles.public.pages.figures import figures_of, kept_comparison
from articles.public.pages.people import people_named
from articles.public.pages.quotes import quotes_with_wordings
from sources.addresses import cached_reverse

# A story's detail gives its quotes a page at a time: the first page of the quotes list of
# the story (``/api/v1/quotes/?story=<slug>``, newest first), how many there are, and the
# address of that list's next page. A story of 200 quotes would otherwise be 200 quotes with
# every wording, most of the answer and of its cost.
QUOTES_IN_DETAIL = KeysetPagination.page_size


@dataclass
class StoryQuotePage:
    quotes: list[Quote]
    count: int  # every quote of the story readers may see
    next: str | None  # the quotes list's page after these


def visible_quotes(story_id: int) -> QuerySet[Quote]:
    """The story's quotes with a wording readers may see."""
    return Quote.objects.filter(story=story_id).filter(
        Exists(reader_appearances().filter(quote=OuterRef("pk")))
    )


def first_quote_ids(story: Story) -> tuple[list[int], bool, QuerySet[Quote]]:
    """The ids of the story's newest ``QUOTES_IN_DETAIL`` quotes with a wording readers may
    see, whether there are more, and the query of them all (to count them), in one query."""
    visible = visible_quotes(story.pk)
    ids = list(visible.order_by("-id").values_list("id", flat=True)[: QUOTES_IN_DETAIL + 1])
    return ids[:QUOTES_IN_DETAIL], len(ids) > QUOTES_IN_DETAIL, visible


def next_quotes_url(story: Story, ids: list[int], context: dict) -> str:
    """The address of the story's quotes list after the quotes ``ids``."""
    request = context.get("request")
    path = cached_reverse("api:quote-list")
    base = request.build_absolute_uri(path) if request else path
    return f"{base}?{urlencode({'story': story.slug, 'cursor': cursor_token([ids[-1]])})}"


def story_quote_page(story: Story, context: dict) -> StoryQuotePage:
    """The story's first quotes (``first_quote_ids``), each with those wordings, in two
    queries (three when there are more, to count them); worked out once per story and
    request."""
    page = context.setdefault("quote_pages", {}).get(story.pk)
    if page is not None:
        return page
    ids, more, visible = first_quote_ids(story)
    loaded = quotes_with_wordings(ids, {article.pk: article for article in story.articles.all()})
    quotes = [loaded[pk] for pk in ids if pk in loaded]
    set_story = Quote.story.field.set_cached_value
    for quote in quotes:
        set_story(quote, story)
    next_url = next_quotes_url(story, ids, context) if more else None
    page = StoryQuotePage(quotes, visible.count() if more else len(quotes), next_url)
    context["quote_pages"][story.pk] = page
    return page


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


class FigureDisagreementSerializer(serializers.Serializer):
    """A quantity the story's outlets give different figures for, as the story page and the
    editors' checks flag it."""

    label = serializers.CharField(
        read_only=True, help_text="What is counted, e.g. “people injured”."
    )
    note = serializers.CharField(
        read_only=True, help_text="Who says what, e.g. “The Example Gazette says 4; ... says 5”."
    )


def figure_disagreements(items) -> list[dict]:
    """``FigureDisagreementSerializer``'s rows for ``(outlet name, figure)`` pairs, each
    figure a ``Figure`` or a plain row of its fields."""
    table = kept_comparison(items)
    return [{"label": row.label, "note": row.note} for row in table.disagreements]


class StorylineSummarySerializer(serializers.Serializer):
    """The storyline a story is one event of (its timeline: ``api_url``), once an editor
    approved the link; null otherwise."""

    slug = serializers.SlugField(read_only=True)
    name = serializers.CharField(read_only=True)
    api_url = serializers.URLField(read_only=True)
    web_url = serializers.URLField(read_only=True)


def storyline_summary(story: Story, context: dict) -> dict | None:
    """``StorylineSummarySerializer``'s answer for ``story``: its storyline when readers may
    see the link (an editor approved it, or the caller may preview), else ``None``."""
    if story.storyline_id is None:
        return None
    request = context.get("request")
    user = getattr(request, "user", None)
    if story.storyline_state not in reader_review_states() and not may_preview(user):
        return None
    row = Storyline.objects.filter(pk=story.storyline_id).values("slug", "name").first()
    if row is None:
        return None
    return {
        **row,
        "api_url": address(context, "api:storyline-detail", "slug", row["slug"]),
        "web_url": address(context, "articles:storyline-detail", "slug", row["slug"]),
    }


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

    def to_representation(self, story: Story) -> dict:
        # Written out: DRF's field-by-field machinery cost more than fetching the rows on a
        # list of 50. The fields above still describe it (schema); a test holds the two equal.
        context = self.context
        return {
            "api_url": address(context, "api:story-detail", "slug", story.slug),
            "web_url": address(context, "articles:story-detail", "slug", story.slug),
            "slug": story.slug,
            "headline": story.headline,
            "dek": story.dek,
            "status": story.status,
            "published_at": datetime_text(story.published_at, context_zone(context)),
            "updated_at": datetime_text(story.updated_at, context_zone(context)),
            "version": story.version,
            "topics": topic_summaries(story),
        }


class StoryDetailSerializer(StorySerializer):
    """A story with everything that supports it: key points and summary with their sources,
    quotes with every wording and outlet, figures, people, source articles, corrections."""

    key_points = KeyPointSerializer(many=True, read_only=True)
    summary = SummaryParagraphSerializer(source="paragraphs", many=True, read_only=True)
    quotes = serializers.SerializerMethodField()
    quote_count = serializers.SerializerMethodField()
    quotes_next = serializers.SerializerMethodField()
    figures = serializers.SerializerMethodField()
    figure_disagreements = serializers.SerializerMethodField()
    people = serializers.SerializerMethodField()
    outlets = serializers.SerializerMethodField()
    storyline = serializers.SerializerMethodField()
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
            "quote_count",
            "quotes_next",
            "figures",
            "figure_disagreements",
            "people",
            "outlets",
            "storyline",
            "articles",
            "corrections",
            "jsonld_url",
            "ninjs_url",
        ]
        read_only_fields = fields

    def to_representation(self, story: Story) -> dict:
        # DRF's own, field by field (not the listed story's shortcut, which writes only its
        # fields): what the API's plain-row answer is held to (tests/api/test_story_rows.py).
        return serializers.ModelSerializer.to_representation(self, story)

    @extend_schema_field(
        QuoteSerializer(
            many=True,
            help_text=f"The story's newest quotes, up to {QUOTES_IN_DETAIL}, each with every "
            "wording and outlet: the first page of `/api/v1/quotes/?story=<slug>`. "
            "`quotes_next` gives the rest.",
        )
    )
    def get_quotes(self, obj: Story):
        quotes = story_quote_page(obj, self.context).quotes
        return QuoteSerializer(quotes, many=True, context=self.context).data

    @extend_schema_field(
        serializers.IntegerField(help_text="How many quotes the story has, in every page.")
    )
    def get_quote_count(self, obj: Story) -> int:
        return story_quote_page(obj, self.context).count

    @extend_schema_field(
        serializers.URLField(
            allow_null=True,
            help_text="The next page of the story's quotes (`/api/v1/quotes/?story=<slug>` "
            "after those in `quotes`, newest first, with its own `next`); null when `quotes` "
            "holds them all.",
        )
    )
    def get_quotes_next(self, obj: Story) -> str | None:
        return story_quote_page(obj, self.context).next

    @extend_schema_field(FigureSerializer(many=True))
    def get_figures(self, obj: Story):
        figures = [f for article in obj.articles.all() for f in figures_of(article)]
        return FigureSerializer(figures, many=True, context=self.context).data

    @extend_schema_field(FigureDisagreementSerializer(many=True))
    def get_figure_disagreements(self, obj: Story):
        return figure_disagreements(
            (article.outlet.name, figure)
            for article in obj.articles.all()
            for figure in figures_of(article)
        )

    @extend_schema_field(
        PersonSerializer(
            many=True,
            help_text="The people and organisations the story's articles name, with the roles "
            "outlets give them, by name. Someone only quoted, never named with a role, is in "
            "`quotes` (every quote: `/api/v1/quotes/?story=<slug>`, which `?speaker=` "
            "filters); the story page lists both together.",
        )
    )
    def get_people(self, obj: Story):
        people: dict[int, dict] = {}
        for article in obj.articles.all():
            for mention in people_named(article):
                entry = people.setdefault(
                    mention.speaker_id, {"speaker": mention.speaker, "roles": [], "outlets": []}
                )
                if mention.role and mention.role not in entry["roles"]:
                    entry["roles"].append(mention.role)
                if article.outlet.slug not in entry["outlets"]:
                    entry["outlets"].append(article.outlet.slug)
        ordered = sorted(people.values(), key=lambda e: e["speaker"].name)
        return PersonSerializer(ordered, many=True).data

    @extend_schema_field(StorylineSummarySerializer(allow_null=True))
    def get_storyline(self, obj: Story) -> dict | None:
        return storyline_summary(obj, self.context)

    @extend_schema_field(OutletSummarySerializer(many=True))
    def get_outlets(self, obj: Story):
        outlets = {a.outlet_id: a.outlet for a in obj.articles.all()}
        return outlet_summaries(sorted(outlets.values(), key=lambda o: o.name), self.context)
