"""Articles in the API: reading them, and sending them in through the ingestion service."""

from __future__ import annotations

from django.db.models import (
    Prefetch,
)
from drf_spectacular.utils import (
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
    extend_schema_view,
)
from rest_framework import exceptions, permissions, status, viewsets
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle

from articles.api.base import (
    CONDITIONAL_PARAMETERS,
    FORBIDDEN,
    ID_REGEX,
    THROTTLED,
    UNAUTHENTICATED,
    ConditionalReadMixin,
    ErrorSerializer,
    read_responses,
)
from articles.api.filters import ArticleFilter
from articles.api.jobs import JobSerializer
from articles.api.pagination import Key
from articles.api.serializers import (
    ArticleDetailSerializer,
    ArticleSerializer,
)
from articles.api.submission import (
    MAX_BATCH,
    ArticleSubmissionSerializer,
    IngestReportSerializer,
)
from articles.core.visibility import visible_appearances, visible_figures, visible_people
from articles.ingest.service import fits_in_request, ingest_payloads
from articles.models import (
    Article,
)
from jobs.services import job_payloads


class CanSubmitArticles(permissions.BasePermission):
    """Reporters may send articles in (``articles.add_article``); publishing is another right."""

    message = "You do not have permission to submit articles."

    def has_permission(self, request, view):
        return request.user.has_perm("articles.add_article")


def run_ingestion(payloads: list[dict], *, user) -> dict:
    """The one place the API calls the ingestion service (the same one ``manage.py ingest``
    uses), so the report has the same shape."""
    return ingest_payloads(payloads, source="api", user=user).as_dict()


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
        description="One article object, or a list of up to 100 (a batch). One article is "
        "imported at once by the same ingestion as `manage.py ingest`, and the answer is its "
        "report: 201 when it was created, 200 when it was a duplicate. A batch of more than "
        "one, or one article longer than `NEWSROOM_INLINE_IMPORT_CHARS` characters (100,000 "
        "by default), is background work: the answer is 202 with its job (also at "
        "`Location`); follow `url` to see its progress and, once it has finished, each item's "
        "outcome. Needs a "
        "token whose user may add articles.",
        request=SUBMISSION_REQUEST,
        responses={
            201: IngestReportSerializer,
            200: IngestReportSerializer,
            202: JobSerializer,
            400: SUBMISSION_ERRORS,
            413: OpenApiResponse(
                ErrorSerializer,
                description="The body is larger than the limit the message states.",
            ),
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
        qs = Article.objects.visible_to(user)
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
        user = self.request.user
        return (
            Prefetch(
                "appearances",
                queryset=visible_appearances(user).select_related("quote__speaker"),
            ),
            Prefetch("figures", queryset=visible_figures(user)),
            Prefetch("people", queryset=visible_people(user).select_related("speaker")),
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

        if len(payloads) > 1 or not fits_in_request(payloads[0]["body"]):
            # A batch (or one very long article) is background work: answer with its job.
            job = job_payloads(payloads, user=request.user)
            body = JobSerializer(job, context={"request": request}).data
            return Response(
                body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]}
            )
        report = run_ingestion(payloads, user=request.user)
        if report.get("created"):
            code = status.HTTP_201_CREATED
        elif report.get("errors"):
            code = status.HTTP_400_BAD_REQUEST
        else:
            code = status.HTTP_200_OK
        return Response(report, status=code)
