"""What every API resource shares: keyset (cursor) pagination, conditional GET (ETag and
Last-Modified with 304), strict query parameters, JSON errors, and the router class.

Resources live in each app (``articles/api.py``, ``sources/api.py``); ``newsroom/api_urls.py``
registers them on the one router.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import F, Q, prefetch_related_objects
from django.http import JsonResponse
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.http import http_date
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, inline_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.pagination import BasePagination
from rest_framework.response import Response
from rest_framework.routers import DefaultRouter
from rest_framework.utils.urls import replace_query_param
from rest_framework.views import exception_handler as drf_exception_handler

logger = logging.getLogger(__name__)


# --- Router ---------------------------------------------------------------------------------


class Router(DefaultRouter):
    """The API router: trailing slashes, an API root listing the resources, no format suffixes
    (the API speaks JSON only)."""

    include_format_suffixes = False


# --- Keyset pagination ----------------------------------------------------------------------


@dataclass(frozen=True)
class Key:
    """One column of a keyset ordering. Nulls always come last, whatever the direction, so a
    draft without a publication date sorts after every dated story."""

    field: str
    descending: bool = True
    nullable: bool = False


class KeysetPagination(BasePagination):
    """Cursor pagination on a unique key (e.g. ``-published_at, -id``).

    DRF's ``CursorPagination`` positions on the first ordering column and skips ties with an
    offset, and cannot order on a nullable column. This one compares the whole key, so a page
    at any depth costs one indexed range scan of ``page_size + 1`` rows, whatever the ties.
    The cursor is opaque (base64 JSON of the boundary row's key values and a direction).
    """

    cursor_query_param = "cursor"
    page_size_query_param = "page_size"
    page_size = 20
    max_page_size = 100
    query_params = (cursor_query_param, page_size_query_param)

    def paginate_queryset(self, queryset, request, view=None):
        self.request = request
        self.keys: Sequence[Key] = view.keyset
        self.model = queryset.model
        self.page_size = self.get_page_size(request)
        position, reverse = self.decode_cursor(request)
        self.had_cursor = position is not None

        if position is not None:
            queryset = queryset.filter(self._beyond(position, reverse=reverse))
        queryset = queryset.order_by(*self._ordering(reverse=reverse))
        rows = list(queryset[: self.page_size + 1])
        has_more = len(rows) > self.page_size
        rows = rows[: self.page_size]
        if reverse:
            rows.reverse()
        self.page = rows
        # Going forward, there is a next page when we saw one row too many, and a previous page
        # whenever we came from a cursor; going back, the other way round.
        self.has_next = has_more if not reverse else bool(rows)
        self.has_previous = (self.had_cursor and bool(rows)) if not reverse else has_more
        return rows

    def get_page_size(self, request) -> int:
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        try:
            size = int(raw)
        except ValueError:
            size = 0
        if not 1 <= size <= self.max_page_size:
            raise exceptions.ValidationError(
                {
                    self.page_size_query_param: [
                        f"Ensure this value is a whole number from 1 to {self.max_page_size}."
                    ]
                }
            )
        return size

    # Ordering and the keyset comparison.

    def _ordering(self, *, reverse: bool):
        order = []
        for key in self.keys:
            descending = key.descending != reverse
            expr = F(key.field)
            if key.nullable:
                # Nulls last going forward, so nulls first when walking backwards. Say so
                # explicitly: the databases disagree on where nulls go by default.
                nulls = {"nulls_first": True} if reverse else {"nulls_last": True}
                order.append(expr.desc(**nulls) if descending else expr.asc(**nulls))
            else:
                order.append(expr.desc() if descending else expr.asc())
        return order

    def _beyond(self, position: list, *, reverse: bool) -> Q:
        """Rows strictly after ``position`` in the forward order (before it when ``reverse``)."""
        condition = None
        for key, value in reversed(list(zip(self.keys, position, strict=True))):
            strictly, equal = self._column(key, value, reverse=reverse)
            condition = strictly if condition is None else strictly | (equal & condition)
        return condition

    @staticmethod
    def _column(key: Key, value, *, reverse: bool) -> tuple[Q, Q]:
        f = key.field
        if value is None:
            # Nulls are last: nothing non-null comes after a null, everything non-null before.
            strictly = Q(**{f"{f}__isnull": False}) if reverse else Q(pk__in=[])
            return strictly, Q(**{f"{f}__isnull": True})
        later = "lt" if key.descending else "gt"
        earlier = "gt" if key.descending else "lt"
        if reverse:
            strictly = Q(**{f"{f}__{earlier}": value})
        else:
            strictly = Q(**{f"{f}__{later}": value})
            if key.nullable:
                strictly |= Q(**{f"{f}__isnull": True})
        return strictly, Q(**{f: value})

    # Cursors.

    def _key_values(self, obj) -> list:
        values = []
        for key in self.keys:
            value = getattr(obj, key.field)
            values.append(value.isoformat() if isinstance(value, datetime) else value)
        return values

    def encode_cursor(self, obj, *, reverse: bool) -> str:
        payload = json.dumps({"p": self._key_values(obj), "r": int(reverse)}, separators=(",", ":"))
        token = base64.urlsafe_b64encode(payload.encode()).decode().rstrip("=")
        return replace_query_param(
            self.request.build_absolute_uri(), self.cursor_query_param, token
        )

    def decode_cursor(self, request) -> tuple[list | None, bool]:
        token = request.query_params.get(self.cursor_query_param)
        if token is None:
            return None, False
        try:
            raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
            data = json.loads(raw)
            values = data["p"]
            reverse = bool(data.get("r", 0))
            if not isinstance(values, list) or len(values) != len(self.keys):
                raise ValueError("wrong length")
            position = []
            for key, value in zip(self.keys, values, strict=True):
                if value is None:
                    if not key.nullable:
                        raise ValueError("null in a non-null key")
                    position.append(None)
                    continue
                field = self.model._meta.get_field(key.field)
                python = field.to_python(value)
                if isinstance(python, datetime):
                    python.astimezone(UTC)  # out-of-range offsets fail here, not in the database
                if isinstance(python, int) and not -(2**63) <= python < 2**63:
                    raise ValueError("integer out of range")
                position.append(python)
        except (
            ValueError,
            TypeError,
            KeyError,
            OverflowError,
            binascii.Error,
            UnicodeDecodeError,
            DjangoValidationError,
        ) as exc:
            raise exceptions.ValidationError(
                {self.cursor_query_param: ["Invalid cursor."]}
            ) from exc
        return position, reverse

    def get_next_link(self):
        if not self.has_next or not self.page:
            return None
        return self.encode_cursor(self.page[-1], reverse=False)

    def get_previous_link(self):
        if not self.has_previous or not self.page:
            return None
        return self.encode_cursor(self.page[0], reverse=True)

    def get_paginated_response(self, data):
        return Response(
            {
                "next": self.get_next_link(),
                "previous": self.get_previous_link(),
                "results": data,
            }
        )

    def get_paginated_response_schema(self, schema):
        return {
            "type": "object",
            "required": ["next", "previous", "results"],
            "properties": {
                "next": {"type": "string", "nullable": True, "format": "uri"},
                "previous": {"type": "string", "nullable": True, "format": "uri"},
                "results": schema,
            },
        }

    def get_schema_operation_parameters(self, view):
        return [
            {
                "name": self.cursor_query_param,
                "required": False,
                "in": "query",
                "description": "The opaque cursor from a previous page's `next` or `previous`.",
                "schema": {"type": "string"},
            },
            {
                "name": self.page_size_query_param,
                "required": False,
                "in": "query",
                "description": f"Results per page, 1 to {self.max_page_size} "
                f"(default {self.page_size}).",
                "schema": {"type": "integer", "minimum": 1, "maximum": self.max_page_size},
            },
        ]


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
        return super().filter_queryset(request, queryset, view)


# --- Conditional GET ------------------------------------------------------------------------


def _etag(parts) -> str:
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()
    return f'W/"{digest}"'


class ConditionalReadMixin:
    """ETag and Last-Modified on list and detail reads, answering 304 before serialising.

    Each resource says what changes it: ``freshness_field`` names a datetime on the row (often
    an annotation that also takes the newest related row), and ``version_field`` an optional
    counter. The ETag hashes the audience (staff see drafts), the query string of a list, and
    each row's key, freshness and version, so the check costs the one query that fetches the
    rows; related rows for the body (``detail_prefetch`` / ``list_prefetch``) are loaded only
    when the answer is not 304.
    """

    freshness_field = "updated_at"
    version_field: str | None = None
    list_prefetch: Sequence = ()
    detail_prefetch: Sequence = ()

    def _validators(self, objs) -> tuple[str, datetime | None]:
        user = self.request.user
        audience = "staff" if user.is_authenticated and user.is_staff else "public"
        stamps = [getattr(obj, self.freshness_field) for obj in objs]
        parts = [
            audience,
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
        known = [s for s in stamps if s is not None]
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

    def list(self, request, *args, **kwargs):
        queryset = self.filter_queryset(self.get_queryset())
        page = self.paginate_queryset(queryset)
        etag, last_modified, not_modified = self._conditional(page)
        if not_modified is not None:
            return self._stamp(not_modified, etag, last_modified)
        if self.list_prefetch:
            prefetch_related_objects(page, *self.list_prefetch)
        serializer = self.get_serializer(page, many=True)
        response = self.get_paginated_response(serializer.data)
        return self._stamp(response, etag, last_modified)

    def retrieve(self, request, *args, **kwargs):
        instance = self.get_object()
        etag, last_modified, not_modified = self._conditional([instance])
        if not_modified is not None:
            return self._stamp(not_modified, etag, last_modified)
        if self.detail_prefetch:
            prefetch_related_objects([instance], *self.detail_prefetch)
        response = Response(self.render_detail(instance))
        return self._stamp(response, etag, last_modified)

    def render_detail(self, instance) -> dict:
        return self.get_serializer(instance).data


# --- Errors ---------------------------------------------------------------------------------


def exception_handler(exc, context):
    """DRF's handler, plus Django's own ``ValidationError`` as a 400 instead of a 500."""
    if isinstance(exc, DjangoValidationError):
        detail = exc.message_dict if hasattr(exc, "error_dict") else {"detail": exc.messages}
        exc = exceptions.ValidationError(detail)
    return drf_exception_handler(exc, context)


def schema_nonempty_query_parameters(result, generator, request, public):
    """Schema post-processing: query parameters may not be empty (see StrictFilterBackend)."""
    for path in result.get("paths", {}).values():
        for operation in path.values():
            for parameter in operation.get("parameters", []):
                schema = parameter.get("schema", {})
                if parameter.get("in") == "query" and schema.get("type") == "string":
                    schema.setdefault("minLength", 1)
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
