"""Keyset (cursor) pagination: stable deep pages at any table size."""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import F, Q
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.pagination import BasePagination
from rest_framework.response import Response
from rest_framework.utils.urls import replace_query_param

from articles.core.prepared import prepared_rows


def cursor_token(position: list, *, reverse: bool = False) -> str:
    """The opaque cursor for the rows after ``position`` (a row's key values, JSON-ready) in
    a list's order (before it when ``reverse``); ``KeysetPagination`` reads it back."""
    payload = json.dumps({"p": position, "r": int(reverse)}, separators=(",", ":"))
    return base64.urlsafe_b64encode(payload.encode()).decode().rstrip("=")


class Row(dict):
    """A plain row (a ``values()`` dict) read like a model instance: ``row.slug``, and
    ``row.pk`` for its ``id``. A list of plain rows costs a third of a list of instances."""

    __slots__ = ()

    def __getattr__(self, name: str):
        try:
            return self["id" if name == "pk" else name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name: str, value) -> None:
        self[name] = value


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

        prepared = view.reader_list() if hasattr(view, "reader_list") else None
        if prepared is not None:
            found = self._prepared_page(*prepared, position, reverse=reverse)
        else:
            if position is not None:
                queryset = queryset.filter(self._beyond(position, reverse=reverse))
            queryset = queryset.order_by(*self._ordering(reverse=reverse))
            found = queryset[: self.page_size + 1]
        # Plain rows (a ``values()`` queryset) are read like instances from here on.
        rows = [Row(row) if isinstance(row, dict) else row for row in found]
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

    def _prepared_page(self, key, rows_at, position, *, reverse: bool) -> list[dict]:
        """A page of ``rows_at(now)`` (a ``values()`` queryset) from its query compiled once
        (``prepared_rows``) for each page size, direction and null pattern of the cursor,
        with the current moment and the cursor's values put in: built and compiled per
        request, the list's query cost twice what it took to run."""
        nulls = None if position is None else tuple(value is None for value in position)
        given = [value for value in position or () if value is not None]

        def build(now, *values):
            queryset = rows_at(now)
            if nulls is not None:
                filled = iter(values)
                at = [None if null else next(filled) for null in nulls]
                queryset = queryset.filter(self._beyond(at, reverse=reverse))
            queryset = queryset.order_by(*self._ordering(reverse=reverse))
            return queryset[: self.page_size + 1]

        key = ("list page", key, self.keys, self.page_size, reverse, nulls)
        return prepared_rows(key, build, timezone.now(), *given)

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
        token = cursor_token(self._key_values(obj), reverse=reverse)
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
                if isinstance(value, str) and not value.isprintable():
                    raise ValueError("control characters in a cursor value")
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
