"""API resources for stories, articles and quotes.

Visibility is decided once, in each ``get_queryset``, by the model QuerySets: the public reads
published stories and what belongs to them; staff with a token also see drafts. Filters,
pagination and conditional GET work on that queryset (see ``newsroom/api.py``).
"""

from __future__ import annotations

from django.db.models import (
    DateTimeField,
    OuterRef,
    Prefetch,
    QuerySet,
    Subquery,
    prefetch_related_objects,
)
from django.db.models.functions import Coalesce, Greatest
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
    extend_schema_view,
)
from rest_framework import exceptions, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle

from articles.filters import ArticleFilter, QuoteFilter, StoryFilter
from articles.jsonld import story_jsonld
from articles.models import (
    Article,
    ArticlePerson,
    Attribution,
    Correction,
    KeyPoint,
    Quote,
    QuoteAppearance,
    ReviewState,
    Story,
    SummaryParagraph,
    published_q,
)
from articles.ninjs import story_ninjs
from articles.serializers import (
    ArticleDetailSerializer,
    ArticleSerializer,
    ArticleSubmissionSerializer,
    IngestReportSerializer,
    QuoteSerializer,
    StoryDetailSerializer,
    StorySerializer,
)
from newsroom.api import (
    CONDITIONAL_PARAMETERS,
    FORBIDDEN,
    THROTTLED,
    UNAUTHENTICATED,
    ConditionalReadMixin,
    ErrorSerializer,
    Key,
    read_responses,
)

ID_REGEX = "[0-9]{1,18}"
SLUG_REGEX = "[-a-zA-Z0-9_]+"
MAX_BATCH = 100


def is_staff(user) -> bool:
    return bool(user and user.is_authenticated and user.is_staff)


def latest(queryset: QuerySet, field: str) -> Subquery:
    """The newest ``field`` among ``queryset`` rows (already correlated with the outer row)."""
    return Subquery(queryset.order_by(f"-{field}").values(field)[:1], output_field=DateTimeField())


def newest(field: str, *others: Subquery) -> Greatest:
    """The latest of a row's own timestamp and its related rows' (null-safe on SQLite)."""
    return Greatest(field, *(Coalesce(other, field) for other in others))


def visible_appearances(user) -> QuerySet:
    """Wordings the caller may see: never rejected ones, and for the public only those printed
    in articles of published stories."""
    qs = (
        QuoteAppearance.objects.exclude(review_state=ReviewState.REJECTED)
        .select_related("article__outlet")
        .defer("article__body")
    )
    if not is_staff(user):
        qs = qs.filter(published_q(prefix="article__story__"))
    return qs


def visible_attributions() -> QuerySet:
    return (
        Attribution.objects.exclude(review_state=ReviewState.REJECTED)
        .select_related("outlet", "article")
        .defer("article__body")
    )


# --- Stories --------------------------------------------------------------------------------


class JSONLDRenderer(JSONRenderer):
    media_type = "application/ld+json"


@extend_schema_view(
    list=extend_schema(
        summary="List stories",
        description="Published stories, newest first; staff with a token also see drafts.",
        parameters=CONDITIONAL_PARAMETERS,
        responses=read_responses(StorySerializer(many=True), many=True),
    ),
    retrieve=extend_schema(
        summary="One story with all its sources",
        parameters=CONDITIONAL_PARAMETERS,
        responses=read_responses(StoryDetailSerializer),
    ),
)
class StoryViewSet(ConditionalReadMixin, viewsets.ReadOnlyModelViewSet):
    """Stories, looked up by slug. The public sees published stories; staff also drafts."""

    lookup_field = "slug"
    lookup_value_regex = SLUG_REGEX
    filterset_class = StoryFilter
    keyset = (Key("published_at", nullable=True), Key("id"))
    freshness_field = "api_modified"
    version_field = "version"
    list_prefetch = ("topics",)

    def get_queryset(self):
        article_changed = latest(Article.objects.filter(story=OuterRef("pk")), "updated_at")
        quote_changed = latest(Quote.objects.filter(story=OuterRef("pk")), "updated_at")
        corrected = latest(Correction.objects.filter(story=OuterRef("pk")), "published_at")
        return Story.objects.visible_to(self.request.user).annotate(
            api_modified=newest("updated_at", article_changed, quote_changed, corrected)
        )

    def get_serializer_class(self):
        return StorySerializer if self.action == "list" else StoryDetailSerializer

    @property
    def detail_prefetch(self):
        user = self.request.user
        return (
            "topics",
            Prefetch(
                "key_points",
                queryset=KeyPoint.objects.prefetch_related(
                    Prefetch("attributions", queryset=visible_attributions())
                ),
            ),
            Prefetch(
                "paragraphs",
                queryset=SummaryParagraph.objects.prefetch_related(
                    Prefetch("attributions", queryset=visible_attributions())
                ),
            ),
            Prefetch(
                "quotes",
                queryset=Quote.objects.select_related("speaker").prefetch_related(
                    Prefetch("appearances", queryset=visible_appearances(user))
                ),
            ),
            Prefetch(
                "articles",
                queryset=Article.objects.select_related("outlet")
                .defer("body")
                .prefetch_related(
                    "figures",
                    Prefetch("people", queryset=ArticlePerson.objects.select_related("speaker")),
                ),
            ),
            "corrections",
        )

    def _export(self, render):
        instance = self.get_object()
        etag, last_modified, not_modified = self._conditional([instance])
        if not_modified is not None:
            return self._stamp(not_modified, etag, last_modified)
        prefetch_related_objects([instance], *self.detail_prefetch)
        return self._stamp(Response(render(instance, request=self.request)), etag, last_modified)

    @extend_schema(
        summary="The story as schema.org JSON-LD",
        description="A NewsArticle with `isBasedOn` for its source articles and its quotes as "
        "`Quotation` with their `creator`.",
        parameters=CONDITIONAL_PARAMETERS,
        responses=read_responses(OpenApiTypes.OBJECT),
    )
    @action(detail=True, url_path="jsonld", renderer_classes=[JSONLDRenderer, JSONRenderer])
    def jsonld(self, request, slug=None):
        return self._export(story_jsonld)

    @extend_schema(
        summary="The story as IPTC ninjs 2.x",
        parameters=CONDITIONAL_PARAMETERS,
        responses=read_responses(OpenApiTypes.OBJECT),
    )
    @action(detail=True, url_path="ninjs")
    def ninjs(self, request, slug=None):
        return self._export(story_ninjs)


# --- Articles -------------------------------------------------------------------------------


class CanSubmitArticles(permissions.BasePermission):
    """Reporters may send articles in (``articles.add_article``); publishing is another right."""

    message = "You do not have permission to submit articles."

    def has_permission(self, request, view):
        return request.user.has_perm("articles.add_article")


class IngestionUnavailable(exceptions.APIException):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_detail = "Article ingestion is not available on this server."
    default_code = "ingestion_unavailable"


def run_ingestion(payloads: list[dict], *, user) -> dict:
    """The one place the API calls the ingestion service (the same one ``manage.py ingest``
    uses), so the report has the same shape."""
    try:
        from articles.ingest.service import ingest_payloads
    except ImportError as exc:  # the service has not landed on this branch yet
        raise IngestionUnavailable() from exc
    report = ingest_payloads(payloads, source="api", user=user)
    return report.as_dict() if hasattr(report, "as_dict") else report


SUBMISSION_REQUEST = PolymorphicProxySerializer(
    component_name="ArticleSubmissionOrBatch",
    serializers=[ArticleSubmissionSerializer, ArticleSubmissionSerializer(many=True)],
    resource_type_field_name=None,
    many=False,
)

SUBMISSION_ERRORS = OpenApiResponse(
    response={
        "anyOf": [
            {
                "type": "object",
                "additionalProperties": {"type": "array", "items": {"type": "string"}},
            },
            {
                "type": "object",
                "required": ["items"],
                "properties": {
                    "items": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "additionalProperties": {
                                "type": "array",
                                "items": {"type": "string"},
                            },
                        },
                    }
                },
            },
            {"$ref": "#/components/schemas/IngestReport"},
            {"$ref": "#/components/schemas/Error"},
        ]
    },
    description="Invalid input: each field's messages (for a batch, `items` holds one "
    "object per article, empty when that article was valid); `detail` when the body is not "
    "JSON; or, when the input was valid but nothing could be imported, the report with each "
    "item's error.",
)


@extend_schema_view(
    list=extend_schema(
        summary="List articles",
        description="Articles of published stories, newest first; staff also see the rest.",
        parameters=CONDITIONAL_PARAMETERS,
        responses=read_responses(ArticleSerializer(many=True), many=True),
    ),
    retrieve=extend_schema(
        summary="One article with its body, quotes, figures and people",
        parameters=CONDITIONAL_PARAMETERS,
        responses=read_responses(ArticleDetailSerializer),
    ),
    create=extend_schema(
        summary="Submit articles for ingestion",
        description="One article object, or a list of up to 100 (a batch). Runs the same "
        "ingestion as `manage.py ingest` and answers with its report: 201 when anything was "
        "created, 200 when everything was a duplicate. Needs a token whose user may add "
        "articles.",
        request=SUBMISSION_REQUEST,
        responses={
            201: IngestReportSerializer,
            200: IngestReportSerializer,
            400: SUBMISSION_ERRORS,
            401: UNAUTHENTICATED,
            403: FORBIDDEN,
            429: THROTTLED,
            503: OpenApiResponse(ErrorSerializer, description="Ingestion is not available."),
        },
    ),
)
class ArticleViewSet(ConditionalReadMixin, viewsets.ReadOnlyModelViewSet):
    """Source articles: read those of published stories; submit new ones with a token."""

    lookup_value_regex = ID_REGEX
    filterset_class = ArticleFilter
    keyset = (Key("published_at", nullable=True), Key("id"))
    throttle_scope = "ingest"

    def get_queryset(self):
        user = self.request.user
        qs = Article.objects.all() if is_staff(user) else Article.objects.public()
        qs = qs.select_related("outlet", "story")
        if self.action == "list":
            qs = qs.defer("body")
        return qs

    def get_serializer_class(self):
        if self.action == "create":
            return ArticleSubmissionSerializer
        return ArticleSerializer if self.action == "list" else ArticleDetailSerializer

    @property
    def detail_prefetch(self):
        return (
            Prefetch(
                "appearances",
                queryset=QuoteAppearance.objects.exclude(
                    review_state=ReviewState.REJECTED
                ).select_related("quote__speaker"),
            ),
            "figures",
            Prefetch("people", queryset=ArticlePerson.objects.select_related("speaker")),
        )

    def get_permissions(self):
        if self.action == "create":
            return [permissions.IsAuthenticated(), CanSubmitArticles()]
        return super().get_permissions()

    def get_throttles(self):
        throttles = super().get_throttles()
        if self.action == "create":
            throttles.append(ScopedRateThrottle())
        return throttles

    def create(self, request, *args, **kwargs):
        data = request.data
        batch = isinstance(data, list)
        items = data if batch else [data]
        if not isinstance(data, (dict, list)) or not items:
            raise exceptions.ValidationError(
                {"non_field_errors": ["Send an article object or a non-empty list of them."]}
            )
        if len(items) > MAX_BATCH:
            raise exceptions.ValidationError(
                {"non_field_errors": [f"Send at most {MAX_BATCH} articles at a time."]}
            )
        payloads, errors = [], []
        for item in items:
            if not isinstance(item, dict):
                errors.append({"non_field_errors": ["Expected an article object."]})
                continue
            serializer = ArticleSubmissionSerializer(data=item)
            if serializer.is_valid():
                payloads.append(serializer.as_payload(serializer.validated_data))
                errors.append({})
            else:
                errors.append(serializer.errors)
        if any(errors):
            raise exceptions.ValidationError({"items": errors} if batch else errors[0])

        report = run_ingestion(payloads, user=request.user)
        if report.get("created"):
            code = status.HTTP_201_CREATED
        elif report.get("errors"):
            code = status.HTTP_400_BAD_REQUEST
        else:
            code = status.HTTP_200_OK
        return Response(report, status=code)


# --- Quotes ---------------------------------------------------------------------------------


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
        qs = Quote.objects.all() if is_staff(user) else Quote.objects.public()
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
