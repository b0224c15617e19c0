"""The API's one request format, JSON, with limits: a body over the size limit is a 413, and
JSON nested deeper than ``NEWSROOM_MAX_JSON_DEPTH`` is a 400, before anything else reads it."""

from __future__ import annotations

import codecs
import json

from django.conf import settings
from rest_framework import exceptions, status
from rest_framework.parsers import JSONParser


class RequestTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "request_too_large"

    def __init__(self, limit: int):
        super().__init__(f"Request body too large: the limit is {limit} bytes.")


def json_depth(value) -> int:
    """How deeply lists and objects nest in ``value`` (a scalar is 0); iterative, no recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        parser_context = parser_context or {}
        request = parser_context.get("request")
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0) if request else 0
        except ValueError:
            length = 0
        if length > limit:
            raise RequestTooLarge(limit)
        data = stream.read(limit + 1) if stream is not None else b""
        if len(data) > limit:
            raise RequestTooLarge(limit)
        encoding = parser_context.get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = codecs.decode(data, encoding)
        except (UnicodeDecodeError, LookupError) as exc:
            raise exceptions.ParseError(f"The body is not valid {encoding} text.") from exc
        try:
            parsed = json.loads(text, parse_constant=_refuse_constant)
        except RecursionError:
            parsed = None
            too_deep = True
        except ValueError as exc:
            raise exceptions.ParseError(f"JSON parse error - {exc}") from exc
        else:
            too_deep = json_depth(parsed) > settings.NEWSROOM_MAX_JSON_DEPTH
        if too_deep:
            raise exceptions.ParseError(
                f"JSON nested too deeply: at most {settings.NEWSROOM_MAX_JSON_DEPTH} levels."
            )
        return parsed


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")
