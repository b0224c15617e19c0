"""Request ids: one per request, taken from ``X-Request-ID`` or made, on the response too.

The id (and, once known, the user) is kept in a context variable for the length of the
request, so ``ops.logs.RequestContextFilter`` can put it on every log record written
meanwhile, whichever module writes it. An id from the client is kept only if it is short and
plain (letters, digits, ``-_.:``), so a forged header cannot smuggle text into the logs.
"""

from __future__ import annotations

import re
import uuid

from ops.logs import request_context

HEADER = "X-Request-ID"
_ACCEPTABLE = re.compile(r"[A-Za-z0-9._:-]{1,128}")


def request_id_from(value: str | None) -> str:
    if value and _ACCEPTABLE.fullmatch(value):
        return value
    return uuid.uuid4().hex


class RequestIdMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.request_id = request_id_from(request.headers.get(HEADER))
        context = {"request_id": request.request_id, "user": None, "request": request}
        token = request_context.set(context)
        try:
            response = self.get_response(request)
        finally:
            request_context.reset(token)
        response[HEADER] = request.request_id
        return response
