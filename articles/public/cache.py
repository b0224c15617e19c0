"""Cached public pages, feeds and API answers, with conditional GET.

What readers get is cached whole (the rendered body, its type and its ETag) under a key made
of the content generation (``ops.generation``: every change readers could see moves it on),
the current schedule window, and the address asked for (its query's parameters in order of
name, and a page's without campaign and click trackers: ``cache_address``). So:

- a write makes every older entry unreachable at once: publish, unpublish, correction, merge,
  split, move, approval, an outlet or speaker edited, an import (see ``articles/signals.py``
  and ``articles/core/history.py`` for where the generation moves);
- a scheduled story going live or an embargo lifting happens with no write: an entry lives
  at most until the next such moment, and the window (the latest such moment passed) is in
  the key, so after it every page is rendered again;
- staff may preview drafts: their requests are neither served from nor stored in the cache
  and are marked ``private`` for any cache downstream; API calls with a token likewise.

Per-response headers are not cached: the request id, the Content Security Policy, the
security headers and ``Vary`` are added to every answer, a cached one too. The public pages
need no CSP nonce (they have no inline script or style; the JSON-LD is a data block, which the
policy does not govern), and an answer whose rendering generated one (a template that used
``csp_nonce``) is never stored, so a nonce is never frozen into a cached body. Nor is an
answer that sets a cookie.

Conditional GET: every answer carries an ETag (the body's digest, or the API's own from its
rows) and Last-Modified (when the content last changed), and a request whose validators
still match is answered 304, from the cache without rendering.

``freshness()`` is the one query a cached request costs besides the cache look-up.

Where a cached page is answered: ``CachedPageMiddleware`` answers a GET that carries neither
a session cookie nor an ``Authorization`` header (so cannot be staff's), for a public page or
feed (a view wrapped by ``cached_page``), from the cache before the CSRF, authentication,
messages, history and lock-out middleware and the view run: none of them changes a reader's
GET. The security, request-id, session, common, clickjacking and CSP middleware sit above it
and add their headers as to any answer. API answers are left to the API, whose throttles
count every request; the health checks, media files and the admin cost no query. Anyone else,
and every miss, goes on to the view, whose ``cached_answer`` decides (reusing the look-up
already made).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache as cache_in_process
from functools import lru_cache, wraps
from operator import itemgetter
from urllib.parse import parse_qsl, urlencode

from django.conf import settings
from django.core.cache import cache
from django.core.signals import setting_changed
from django.db import connection
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, get_urlconf, resolve
from django.utils import timezone
from django.utils.cache import (
    get_conditional_response,
    patch_cache_control,
    patch_vary_headers,
)
from django.utils.dateparse import parse_datetime
from django.utils.encoding import escape_uri_path
from django.utils.http import http_date, parse_http_date_safe

from articles.models import Story, may_preview
from ops.generation import generation_read
from ops.models import ContentGeneration

KEY_PREFIX = "newsroom:page"


@dataclass(frozen=True)
class Freshness:
    """How current the public content is, read once per request."""

    generation: int
    changed_at: datetime | None  # the last write readers could see
    window_start: datetime | None  # the latest go-live or embargo lift passed
    window_end: datetime | None  # the next one: cached entries end there

    @property
    def modified(self) -> datetime | None:
        """When what readers see last changed: a write, or a story going live."""
        moments = [m for m in (self.changed_at, self.window_start) if m is not None]
        return max(moments, default=None)

    @property
    def token(self) -> str:
        start = self.window_start.timestamp() if self.window_start else 0
        return f"{self.generation}.{start:.6f}"

    def seconds_left(self, now: datetime) -> int:
        """How long an entry made now may live (0: do not store it)."""
        seconds = settings.NEWSROOM_CACHE_SECONDS
        if self.window_end is not None:
            # Rounded down: an entry ends a little before the moment rather than after it.
            seconds = min(seconds, int((self.window_end - now).total_seconds()))
        return max(seconds, 0)


def _moment(field: str, *, passed: bool) -> str:
    """SQL for the latest ``field`` of a published story at or before a moment (``passed``),
    or the earliest after it: one index seek each (``status`` leads both indexes)."""
    qn = connection.ops.quote_name
    op, order = ("<=", "DESC") if passed else (">", "ASC")
    return (
        f"(SELECT {qn(field)} FROM {qn(Story._meta.db_table)} WHERE {qn('status')} = %(status)s "
        f"AND {qn(field)} {op} %(now)s ORDER BY {qn(field)} {order} LIMIT 1)"
    )


@cache_in_process
def _freshness_sql() -> str:
    # Raw SQL written once: the ORM would build the same query anew on every request, which
    # costs more than running it. Its two values are named: SQLite's backend turns positional
    # "%s" into "?" with a regular expression over the whole text on every execution, which
    # cost a third of the query.
    qn = connection.ops.quote_name
    moments = ", ".join(
        _moment(field, passed=passed)
        for passed in (True, False)
        for field in ("published_at", "embargo_until")
    )
    table = qn(ContentGeneration._meta.db_table)
    return f"SELECT SUM({qn('value')}), MAX({qn('changed_at')}), {moments} FROM {table}"


def _as_datetime(value) -> datetime | None:
    """A moment as the database returned it (SQLite gives a subquery's as text)."""
    if value is None:
        return None
    if isinstance(value, str):
        return _parsed(value)
    return value if timezone.is_aware(value) else timezone.make_aware(value, UTC)


@lru_cache(maxsize=64)
def _parsed(text: str) -> datetime:
    # The same few moments come back on every request until the content changes.
    value = parse_datetime(text)
    return value if timezone.is_aware(value) else timezone.make_aware(value, UTC)


def freshness(now: datetime | None = None) -> Freshness:
    """The content generation and the schedule window around ``now``, in one query.

    A story turns public at ``published_at`` or when its embargo lifts, whichever is later;
    taking either moment as a boundary is conservative (an entry may end early, never late).
    """
    now = now or timezone.now()
    at = connection.ops.adapt_datetimefield_value(now)
    with connection.cursor() as cursor:
        cursor.execute(_freshness_sql(), {"status": Story.Status.PUBLISHED, "now": at})
        generation, *moments = cursor.fetchone()
    generation_read()
    changed_at, last_live, last_lift, next_live, next_lift = map(_as_datetime, moments)
    passed = [m for m in (last_live, last_lift) if m is not None]
    coming = [m for m in (next_live, next_lift) if m is not None]
    return Freshness(
        int(generation or 0), changed_at, max(passed, default=None), min(coming, default=None)
    )


def request_freshness(request: HttpRequest) -> Freshness:
    """``freshness()`` once per request, however many parts of it ask."""
    request = getattr(request, "_request", request)  # a DRF request wraps Django's
    if not hasattr(request, "_newsroom_freshness"):
        request._newsroom_freshness = freshness()
    return request._newsroom_freshness


def anonymous_request(request: HttpRequest) -> bool:
    """Whether the request carries no credentials at all: no API token, no session (so no
    staff, and no session to load to find out)."""
    return (
        "HTTP_AUTHORIZATION" not in request.META
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
    )


def reader_request(request: HttpRequest) -> bool:
    """Whether the answer is the readers' one: no staff preview, no API token."""
    if getattr(request, "auth", None) is not None or "HTTP_AUTHORIZATION" in request.META:
        return False
    if anonymous_request(request):
        return True
    return not may_preview(getattr(request, "user", None))


def _storable(request: HttpRequest, response: HttpResponse) -> bool:
    nonce = getattr(getattr(request, "_request", request), "_csp_nonce", None)
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
        and not nonce  # a LazyNonce is true once generated, i.e. used in the body
        and "private" not in response.get("Cache-Control", "")
    )


# Query parameters that only say where a reader came from (campaign and click trackers, as
# newsletters, social sites and ad networks append them): no page reads them.
_TRACKERS = frozenset(
    ("fbclid", "gclid", "dclid", "gbraid", "wbraid", "msclkid", "mc_cid", "mc_eid", "igshid")
)


def _tracker(name: str) -> bool:
    return name.startswith("utm_") or name in _TRACKERS


def cache_address(request: HttpRequest, *, page: bool) -> str:
    """The address an answer is kept under: the request's, with its query's parameters in
    order of name (``?a=1&b=2`` and ``?b=2&a=1`` are one answer; a repeated parameter keeps
    its values in their order) and, for a ``page`` (a public page or feed), without trackers
    (``?utm_source=...``, ``fbclid``): a link shared with them is answered from the same
    entry as the bare address, rather than each variant rendering the page again. (The API
    answers an unknown parameter with an error, so its trackers stay in the address.)"""
    query = request.META.get("QUERY_STRING", "")
    if query:
        pairs = [
            (name, value)
            for name, value in parse_qsl(query, keep_blank_values=True)
            if not (page and _tracker(name))
        ]
        query = urlencode(sorted(pairs, key=itemgetter(0)))
    path = escape_uri_path(request.path)
    return f"{request.scheme}://{request.get_host()}{path}{'?' + query if query else ''}"


def _key(request: HttpRequest, fresh: Freshness, page: bool) -> str:
    address = cache_address(request, page=page)
    digest = hashlib.blake2b(address.encode(), digest_size=16).hexdigest()
    return f"{KEY_PREFIX}:{fresh.token}:{digest}"


# Readers' browsers and shared caches may keep an answer, but must ask again before using it.
READER_CACHE_CONTROL = "public, max-age=0, must-revalidate"


def _answer(request: HttpRequest, entry: dict, fresh: Freshness) -> HttpResponse:
    modified = fresh.modified
    if entry["modified"] and (modified is None or entry["modified"] > modified):
        modified = entry["modified"]
    timestamp = int(modified.timestamp()) if modified else None
    response = None
    if "HTTP_IF_NONE_MATCH" in request.META or "HTTP_IF_MODIFIED_SINCE" in request.META:
        response = get_conditional_response(request, etag=entry["etag"], last_modified=timestamp)
    if response is None:
        response = HttpResponse(entry["content"], content_type=entry["content_type"])
    for header, value in entry["headers"].items():
        response[header] = value
    response["ETag"] = entry["etag"]
    if timestamp is not None:
        response["Last-Modified"] = http_date(timestamp)
    response["Cache-Control"] = READER_CACHE_CONTROL
    # Staff, with their session, get another answer under the same address.
    patch_vary_headers(response, ("Cookie",))
    return response


def _lookup(request: HttpRequest, fresh: Freshness, page: bool) -> tuple[str, dict | None]:
    """The cache key of this request's answer and the entry under it, looked up once per
    request (by ``CachedPageMiddleware``, then the view's ``cached_answer`` on a miss)."""
    if not hasattr(request, "_newsroom_cached"):
        key = _key(request, fresh, page)
        request._newsroom_cached = key, cache.get(key)
    return request._newsroom_cached


def cached_answer(
    request: HttpRequest,
    build: Callable[[], HttpResponse],
    *,
    page: bool = False,
) -> HttpResponse:
    """``build()``'s answer to a reader, from the cache when it holds one for the content as
    it is now; anyone else's, built and marked private. ``page``: a public page or feed,
    whose address is kept without trackers (``cache_address``)."""
    django_request = getattr(request, "_request", request)
    if request.method not in ("GET", "HEAD") or not reader_request(request):
        response = build()
        if request.method in ("GET", "HEAD"):
            patch_cache_control(response, private=True)
        return response
    fresh = request_freshness(request)
    key, entry = _lookup(django_request, fresh, page)
    if entry is None:
        response = build()
        if hasattr(response, "render") and not response.is_rendered:
            response.render()
        if response.status_code == 304 or not _storable(request, response):
            return response
        entry = {
            "content": response.content,
            "content_type": response["Content-Type"],
            "etag": response.get("ETag") or _etag(response.content),
            "modified": _parse_modified(response),
            # What the view set (Vary, X-Robots-Tag, ...); the middleware adds the rest anew.
            "headers": {
                h: v
                for h, v in response.headers.items()
                if h.lower()
                not in ("content-type", "content-length", "etag", "last-modified", "cache-control")
            },
        }
        now = timezone.now()
        if seconds := fresh.seconds_left(now):
            cache.set(key, entry, seconds)
    return _answer(django_request, entry, fresh)


def _etag(content: bytes) -> str:
    """The body's digest, 128 bits of its SHA-256: hashed by OpenSSL with the processor's SHA
    instructions (x86 since about 2017-2019, ARMv8), about twice as fast as BLAKE2b here
    (25 against 46 microseconds for a story page's 48 KB, on every uncached page)."""
    return f'"{hashlib.sha256(content).hexdigest()[:32]}"'


def _parse_modified(response: HttpResponse) -> datetime | None:
    stamp = parse_http_date_safe(response.get("Last-Modified", ""))
    return datetime.fromtimestamp(stamp, tz=UTC) if stamp is not None else None


def cached_page(view: Callable) -> Callable:
    """A public page or feed view, cached for readers (see the module's docstring)."""

    @wraps(view)
    def cached_view(request, *args, **kwargs):
        return cached_answer(request, lambda: view(request, *args, **kwargs), page=True)

    cached_view.cached_page = True  # what CachedPageMiddleware may answer
    return cached_view


class CachedPageMiddleware:
    """Answers an anonymous reader's GET for a cached public page or feed from the cache,
    before the middleware below it and the view run (see the module's docstring); anything
    else goes on down the stack."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if (
            request.method in ("GET", "HEAD")
            and anonymous_request(request)
            and _is_cached_page(request)
        ):
            fresh = request_freshness(request)
            _, entry = _lookup(request, fresh, page=True)
            if entry is not None:
                return _answer(request, entry, fresh)
        return self.get_response(request)


# Whether an address is a public page or feed, by (URL configuration, path): a function of the
# URL patterns, which do not change while the process runs. Resolving it took about 25
# microseconds on every request the middleware saw (the view's own resolving comes after
# it), a tenth of a cache hit. Bounded in entries and in the length of a path kept (anyone may
# ask for any address: a long one is resolved every time, not kept); emptied when a setting
# changes (``ROOT_URLCONF``).
_CACHED_PAGES: dict[tuple, bool] = {}
_CACHED_PAGES_LIMIT = 10_000
_CACHED_PATH_LENGTH = 200


@receiver(setting_changed, dispatch_uid="articles.public.cache.forget_pages")
def _forget_pages(**kwargs) -> None:
    _CACHED_PAGES.clear()


def _is_cached_page(request: HttpRequest) -> bool:
    """Whether the address is a public page or feed (``cached_page``): the health checks,
    media files, the admin and the API are left alone, without a query."""
    urlconf = getattr(request, "urlconf", None)
    key = (urlconf or get_urlconf() or settings.ROOT_URLCONF, request.path_info)
    known = _CACHED_PAGES.get(key)
    if known is None:
        try:
            match = resolve(request.path_info, urlconf)
        except Resolver404:
            known = False
        else:
            known = bool(getattr(match.func, "cached_page", False))
        if len(request.path_info) <= _CACHED_PATH_LENGTH:
            if len(_CACHED_PAGES) >= _CACHED_PAGES_LIMIT:
                _CACHED_PAGES.clear()
            _CACHED_PAGES[key] = known
    return known
