"""How the site answers what goes wrong: JSON in DRF's shape (``{"detail": ...}``) under
``/api/``, the site's pages elsewhere; and requests refused before any view sees them.

Django's own 400 and 500 handlers answer errors raised outside a view (a body over the size
limit, a failing middleware); the API's exception handler (``articles.api.base``) answers those
raised inside one."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponseBadRequest, JsonResponse
from django.views import defaults

API_PREFIX = "/api/"


def is_api(request) -> bool:
    return request.path.startswith(API_PREFIX)


def bad_request(request, exception=None):
    if is_api(request):
        return JsonResponse({"detail": _bad_request_detail(exception)}, status=400)
    return defaults.bad_request(request, exception)


def _bad_request_detail(exception) -> str:
    from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent

    if isinstance(exception, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return f"Request body too large: the limit is {limit} bytes."
    if isinstance(exception, TooManyFieldsSent):
        return "Too many fields in the request."
    return "Bad request."


def server_error(request):
    if is_api(request):
        return JsonResponse(
            {"detail": "Server error: the request could not be completed. It has been logged."},
            status=500,
        )
    return defaults.server_error(request)


class RejectNulMiddleware:
    """Refuse a request whose address or query string holds a NUL character, with a 400.

    No page or filter means one, and PostgreSQL cannot store or compare it: left in, it turns
    a search or a cursor into a server error."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        fields = _fields_with_nul(request.GET)
        if "\x00" in request.path or fields:
            message = "Null characters are not allowed in the address."
            if is_api(request):
                # As DRF words a field's error, so the API's documented 400 shapes hold.
                body = (
                    {name: ["Null characters are not allowed."] for name in fields}
                    if fields
                    else {"detail": message}
                )
                return JsonResponse(body, status=400)
            return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


def _fields_with_nul(params) -> list[str]:
    return [
        key.replace("\x00", "")
        for key, values in params.lists()
        if "\x00" in key or any("\x00" in v for v in values)
    ]
