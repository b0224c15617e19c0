"""Throttled logins: django-axes for admin passwords, and the same ledger for API tokens.

Passwords (the admin's login form, and anything else that calls ``authenticate``) are counted
by axes per user name and per client address: ``AXES_FAILURE_LIMIT`` failures of either lock
it out for ``AXES_COOLOFF_TIME``; a correct password is refused meanwhile. An administrator
sees and removes lock-outs in the admin (Axes → Access attempts: delete the row).

An API token is not a password: nobody guesses a user's token, they guess tokens. So a failed
token authentication counts against the client address only (no user name), in the same
``AccessAttempt`` rows, and an address over the limit is refused before its token is even
looked up, with ``429`` and ``{"detail": ...}`` like every other API error. A locked address
is locked for the admin too: it is the same attacker.
"""

from __future__ import annotations

from datetime import timedelta

from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_cool_off, get_lockout_message
from django.conf import settings
from django.contrib import admin
from django.contrib.auth.signals import user_login_failed
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from rest_framework import exceptions, status
from rest_framework.authentication import TokenAuthentication

#: The credentials recorded for a failed token; the token itself is never stored.
TOKEN_CREDENTIALS = {"token": "<not recorded>"}


def client_address(request: HttpRequest) -> str | None:
    """``AXES_CLIENT_IP_CALLABLE``: see ``NEWSROOM_TRUSTED_PROXIES`` in the settings."""
    proxies = settings.NEWSROOM_TRUSTED_PROXIES
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [a for a in forwarded if a]
    if proxies and len(forwarded) >= proxies:
        return forwarded[-proxies]
    return request.META.get("REMOTE_ADDR")


def lockout_parameters(request, credentials=None) -> list[str]:
    """``AXES_LOCKOUT_PARAMETERS``: user name or address for passwords, address for tokens."""
    if credentials and "token" in credentials:
        return ["ip_address"]
    return ["username", "ip_address"]


def _retry_after(request) -> int | None:
    cool_off = get_cool_off(request)
    return int(cool_off.total_seconds()) if isinstance(cool_off, timedelta) else None


def lockout_response(request: HttpRequest, original_response=None, credentials=None):
    """``AXES_LOCKOUT_CALLABLE``: JSON under ``/api/``, the admin's own page elsewhere."""
    message = str(get_lockout_message())
    retry_after = _retry_after(request)
    code = settings.AXES_HTTP_RESPONSE_CODE
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse({"detail": message}, status=code)
    else:
        context = {
            **admin.site.each_context(request),
            "title": "Sign-in locked",
            "message": message,
            "minutes": retry_after // 60 if retry_after else None,
        }
        response = render(request, "ops/locked_out.html", context, status=code)
    if retry_after:
        response["Retry-After"] = str(retry_after)
    return response


class LockedOut(exceptions.APIException):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "locked_out"


class ThrottledTokenAuthentication(TokenAuthentication):
    """DRF's token authentication, refusing addresses that failed too often (see above)."""

    def authenticate(self, request):
        if not settings.AXES_ENABLED or not self._has_token_header(request):
            return super().authenticate(request)
        django_request = request._request
        if not AxesProxyHandler.is_allowed(django_request, dict(TOKEN_CREDENTIALS)):
            raise self._locked_out(django_request)
        try:
            return super().authenticate(request)
        except exceptions.AuthenticationFailed:
            user_login_failed.send(
                sender=type(self), credentials=dict(TOKEN_CREDENTIALS), request=django_request
            )
            if getattr(django_request, "axes_locked_out", False):
                # This failure reached the limit: answer it as DRF's 429 now, rather than a
                # 401 that axes' middleware would then rewrite.
                django_request.axes_locked_out = False
                raise self._locked_out(django_request) from None
            raise

    def _has_token_header(self, request) -> bool:
        header = request.META.get("HTTP_AUTHORIZATION", "")
        return header.split(" ", 1)[0].lower() == self.keyword.lower()

    @staticmethod
    def _locked_out(request) -> LockedOut:
        error = LockedOut(str(get_lockout_message()))
        retry_after = _retry_after(request)
        if retry_after:
            error.wait = retry_after
        return error
