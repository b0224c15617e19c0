"""API machinery: the router, strict filtering, conditional GET, JSON errors and the schema
helpers every viewset shares."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Sequence
from datetime import datetime

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import OperationalError
from django.db.models import (
    DateTimeField,
    QuerySet,
    Subquery,
    prefetch_related_objects,
)
from django.db.models.functions import Coalesce, Greatest
from django.http import HttpResponseBase, JsonResponse
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.http import http_date
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    inline_serializer,
)
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.routers import DefaultRouter
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from articles.api.submission import MAX_BATCH
from articles.models import may_preview
from articles.public.cache import cached_answer, request_freshness

logger = logging.getLogger(__name__)


# --- Router ---------------------------------------------------------------------------------


class Router(DefaultRouter):
    """The API router: trailing slashes, an API root listing the resources, no format suffixes
    (the API speaks JSON only)."""

    include_format_suffixes = False


# --- Filtering: strict query parameters ----------------------------------------------------


class StrictFilterBackend(DjangoFilterBackend):
    """django-filter on list endpoints only, refusing query parameters it does not know.

    A typo such as ``?outlett=the-example-gazette`` would otherwise silently return everything;
    a consumer is better served by a 400 naming the parameter. Empty values are refused the
    same way. Detail endpoints ignore the query string (DRF would otherwise filter the detail
    lookup by it).
    """

    def filter_queryset(self, request, queryset, view):
        if getattr(view, "action", None) != "list":
            return queryset
        known = set(getattr(view.paginator, "query_params", ()))
        filterset_class = self.get_filterset_class(view, queryset)
        if filterset_class is not None:
            known |= set(filterset_class.base_filters)
        errors = {
            name: [f"Unknown query parameter. Known: {', '.join(sorted(known))}."]
            for name in sorted(set(request.query_params) - known)
        }
        # A parameter that is sent must say something: "?outlet=" is more likely a bug in the
        # caller than a wish for everything.
        errors.update(
            {
                name: ["This parameter may not be empty."]
                for name, values in request.query_params.lists()
                if name in known and any(value == "" for value in values)
            }
        )
        if errors:
            raise exceptions.ValidationError(errors)
        if filterset_class is None or not set(filterset_class.base_filters) & set(
            request.query_params
        ):
            # No filter asked for: each filter lets the rows through when its parameter is
            # absent, so the filterset (a deep copy of its filters and a form) would change
            # nothing.
            return queryset
        return super().filter_queryset(request, queryset, view)


# --- Conditional GET ------------------------------------------------------------------------


def _etag(parts) -> str:
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()
    return f'W/"{digest}"'


class ConditionalReadMixin:
    """ETag and Last-Modified on list and detail reads, answering 304 before serialising, and
    readers' answers cached as the public pages are (``articles/public/cache.py``).

    Each resource says what changes it: ``freshness_field`` names a datetime on the row (often
    an annotation that also takes the newest related row), and ``version_field`` an optional
    counter. The ETag hashes the audience (staff see drafts), the query string of a list, each
    row's key, freshness and version, and the site's content generation (a speaker renamed or
    a quote approved changes what a story shows without touching its rows; see
    ``articles/public/cache.py``), so the check costs the query that fetches the rows and the
    one that reads the generation; related rows for the body (``detail_prefetch`` /
    ``list_prefetch``) are loaded only when the answer is not 304. A reader's answer found
    in the cache is answered (or 304'd) from there, without fetching the rows.
    """

    freshness_field = "updated_at"
    version_field: str | None = None
    list_prefetch: Sequence = ()
    detail_prefetch: Sequence = ()
    # A list read as plain rows of these fields (``values()``, read like instances: ``Row``)
    # rather than model instances, which cost most of a list of 50.
    list_fields: Sequence[str] = ()

    def _validators(self, objs) -> tuple[str, datetime | None]:
        user = self.request.user
        audience = "staff" if may_preview(user) else "public"
        stamps = [getattr(obj, self.freshness_field) for obj in objs]
        content = request_freshness(self.request)
        parts = [
            audience,
            content.token,
            self.action,
            self.request.get_full_path() if self.action == "list" else "",
            *(
                (
                    obj.pk,
                    stamp.isoformat() if stamp else None,
                    getattr(obj, self.version_field) if self.version_field else None,
                )
                for obj, stamp in zip(objs, stamps, strict=True)
            ),
        ]
        known = [s for s in (*stamps, content.modified) if s is not None]
        return _etag(parts), (max(known) if known else None)

    def _conditional(self, objs):
        etag, last_modified = self._validators(objs)
        timestamp = int(last_modified.timestamp()) if last_modified else None
        not_modified = get_conditional_response(
            self.request._request, etag=etag, last_modified=timestamp
        )
        return etag, last_modified, not_modified

    @staticmethod
    def _stamp(response, etag, last_modified):
        response["ETag"] = etag
        if last_modified is not None:
            response["Last-Modified"] = http_date(last_modified.timestamp())
        # Staff and the public see different things under the same URL.
        patch_vary_headers(response, ("Authorization", "Cookie"))
        return response

    def conditional_answer(self, objs, build) -> HttpResponseBase:
        """304 when the client's validators match ``objs``; else ``build()``'s response,
        stamped and rendered."""
        etag, last_modified, not_modified = self._conditional(objs)
        if not_modified is not None:
            return self._stamp(not_modified, etag, last_modified)
        response = self._stamp(build(), etag, last_modified)
        return self.finalize_response(self.request, response, *self.args, **self.kwargs)

    def list(self, request, *args, **kwargs):
        def answer():
            if self.reader_list() is not None:
                # The paginator reads the page by its own query compiled once; the query
                # parameters are still checked by the filter backends.
                queryset = self.filter_queryset(self.queryset)
            else:
                queryset = self.filter_queryset(self.get_queryset())
                if self.list_fields:
                    queryset = queryset.values(*self.list_fields)
            page = self.paginate_queryset(queryset)

            def build():
                self.prepare_page(page)
                return self.get_paginated_response(self.get_serializer(page, many=True).data)

            return self.conditional_answer(page, build)

        # A reader's answer from the cache costs no query but the content generation's.
        return cached_answer(request, answer)

    def reader_list(self):
        """A key and the listed rows at a given moment (a ``values()`` queryset), for lists
        the paginator reads by a query compiled once (``KeysetPagination``); ``None`` for a
        list read by the queryset built for the request."""
        return None

    def prepare_page(self, rows: list) -> None:
        """Load what a list's representations read (``list_prefetch``), once the answer is
        known not to be a 304."""
        if self.list_prefetch:
            prefetch_related_objects(rows, *self.list_prefetch)

    def retrieve(self, request, *args, **kwargs):
        def answer():
            instance = self.get_object()

            def build():
                self.load_detail(instance)
                return Response(self.render_detail(instance))

            return self.conditional_answer([instance], build)

        return cached_answer(request, answer)

    def load_detail(self, instance) -> None:
        """Load what a detail's representation reads (``detail_prefetch``), once the answer
        is known not to be a 304."""
        if self.detail_prefetch:
            prefetch_related_objects([instance], *self.detail_prefetch)

    def render_detail(self, instance) -> dict:
        return self.get_serializer(instance).data


# --- Errors ---------------------------------------------------------------------------------


class DatabaseBusy(exceptions.APIException):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_detail = "The database is busy with other writes; try again in a few seconds."
    default_code = "busy"


# How long a client is asked to wait when the database is busy (the Retry-After header).
BUSY_RETRY_SECONDS = 5
# PostgreSQL's lock-not-available, serialization-failure and deadlock codes.
_BUSY_SQLSTATES = frozenset({"55P03", "40001", "40P01"})


def _database_busy(exc: BaseException) -> bool:
    """A write that could not get its lock in time: SQLite's "database is locked" after its
    busy timeout, PostgreSQL's lock timeouts, serialization failures and deadlocks."""
    if not isinstance(exc, OperationalError):
        return False
    if "database is locked" in str(exc) or "database table is locked" in str(exc):
        return True
    return getattr(exc.__cause__, "sqlstate", None) in _BUSY_SQLSTATES


def exception_handler(exc, context):
    """DRF's handler, plus: Django's own ``ValidationError`` as a 400, a body over the size
    limit as a 413, a database too busy to take a write as a 503 with ``Retry-After``, and
    anything else as a JSON 500 (logged with its traceback), so that no answer under
    ``/api/`` is an HTML page. With DEBUG on, Django's debug page stays for the 500."""
    if _database_busy(exc):
        set_rollback()
        response = drf_exception_handler(DatabaseBusy(), context)
        response["Retry-After"] = str(BUSY_RETRY_SECONDS)
        return response
    if isinstance(exc, DjangoValidationError):
        detail = exc.message_dict if hasattr(exc, "error_dict") else {"detail": exc.messages}
        exc = exceptions.ValidationError(detail)
    elif isinstance(exc, RequestDataTooBig):
        from articles.api.parsers import RequestTooLarge

        exc = RequestTooLarge(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    response = drf_exception_handler(exc, context)
    if response is None and not settings.DEBUG:
        view = context.get("view")
        logger.error("API error in %s", type(view).__name__ if view else "a view", exc_info=exc)
        set_rollback()
        response = Response(
            {"detail": "Server error: the request could not be completed. It has been logged."},
            status=status.HTTP_500_INTERNAL_SERVER_ERROR,
        )
    return response


NO_NUL_PATTERN = r"^[^\x00]*$"


def schema_nonempty_query_parameters(result, generator, request, public):
    """Schema post-processing: string query parameters may not be empty (see
    StrictFilterBackend) nor hold a NUL character (RejectNulMiddleware answers 400)."""
    for path in result.get("paths", {}).values():
        for operation in path.values():
            for parameter in operation.get("parameters", []):
                schema = parameter.get("schema", {})
                if parameter.get("in") == "query" and schema.get("type") == "string":
                    schema.setdefault("minLength", 1)
                    schema.setdefault("pattern", NO_NUL_PATTERN)
    return result


def schema_batch_limits(result, generator, request, public):
    """Schema post-processing: a submission must have a body (one article or a batch), and a
    batch of articles holds 1 to ``MAX_BATCH`` of them."""
    schemas = result.get("components", {}).get("schemas", {})
    for name in ("ArticleSubmissionOrBatchRequest", "ArticleSubmissionOrBatch"):
        for variant in schemas.get(name, {}).get("oneOf", []):
            if variant.get("type") == "array":
                variant.update(minItems=1, maxItems=MAX_BATCH)
    for path in result.get("paths", {}).values():
        for operation in path.values():
            body = operation.get("requestBody", {}) if isinstance(operation, dict) else {}
            refs = [m.get("schema", {}).get("$ref", "") for m in body.get("content", {}).values()]
            if any(ref.endswith("/ArticleSubmissionOrBatchRequest") for ref in refs):
                body["required"] = True
    return result


def not_found(request, *args, **kwargs):
    """JSON 404 for any path under the API that no resource answers."""
    return JsonResponse({"detail": "Not found."}, status=status.HTTP_404_NOT_FOUND)


# --- Schema helpers: documented errors and conditional headers -----------------------------

ErrorSerializer = inline_serializer(
    name="Error", fields={"detail": serializers.CharField(help_text="What went wrong.")}
)
FIELD_ERRORS = OpenApiResponse(
    response={
        "type": "object",
        "additionalProperties": {"type": "array", "items": {"type": "string"}},
    },
    description="Invalid parameters: each offending parameter with its messages.",
)
NOT_MODIFIED = OpenApiResponse(description="Not modified since the ETag or date you sent.")
NOT_FOUND = OpenApiResponse(ErrorSerializer, description="No such resource visible to you.")
THROTTLED = OpenApiResponse(ErrorSerializer, description="Too many requests; retry later.")
UNAUTHENTICATED = OpenApiResponse(
    ErrorSerializer, description="No token, or an invalid one, was sent."
)
FORBIDDEN = OpenApiResponse(ErrorSerializer, description="The token's user lacks permission.")

CONDITIONAL_PARAMETERS = [
    OpenApiParameter(
        "If-None-Match",
        OpenApiTypes.STR,
        OpenApiParameter.HEADER,
        description="An ETag from an earlier answer; 304 if unchanged.",
    ),
    OpenApiParameter(
        "If-Modified-Since",
        OpenApiTypes.STR,
        OpenApiParameter.HEADER,
        description="An HTTP date; 304 if unchanged since (If-None-Match wins when both sent).",
    ),
]


def read_responses(serializer, *, many: bool = False) -> dict:
    """The documented answers of a read: 200, 304, and the errors a read can meet."""
    # 401 too: a read with an invalid token is refused rather than treated as anonymous.
    responses = {200: serializer, 304: NOT_MODIFIED, 401: UNAUTHENTICATED, 429: THROTTLED}
    if many:
        responses[400] = FIELD_ERRORS
    else:
        responses[404] = NOT_FOUND
    return responses


ID_REGEX = "[0-9]{1,18}"


SLUG_REGEX = "[-a-zA-Z0-9_]+"


def latest(queryset: QuerySet, field: str) -> Subquery:
    """The newest ``field`` among ``queryset`` rows (already correlated with the outer row)."""
    return Subquery(queryset.order_by(f"-{field}").values(field)[:1], output_field=DateTimeField())


def newest(field: str, *others: Subquery) -> Greatest:
    """The latest of a row's own timestamp and its related rows' (null-safe on SQLite)."""
    return Greatest(field, *(Coalesce(other, field) for other in others))
