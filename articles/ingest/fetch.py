"""Fetch a URL for import, safely.

Only ``http`` and ``https``; a connect/read timeout and an overall deadline; a size cap enforced
while streaming (and up front from Content-Length); no proxies from the environment; no
compression (nothing to inflate into a bomb). Unless ``NEWSROOM_FETCH_ALLOW_PRIVATE`` is set,
every address the host name resolves to must be public: private, loopback, link-local, reserved,
multicast and unspecified addresses are refused. The check runs where the socket is opened, on
the addresses actually connected to, so it holds for every redirect hop and cannot be dodged by
a DNS answer that changes between check and connect (DNS rebinding).
"""

from __future__ import annotations

import functools
import http.client
import ipaddress
import socket
import threading
import urllib.error
import urllib.request
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

ALLOWED_SCHEMES = ("http", "https")
MAX_REDIRECTS = 5
USER_AGENT = "NewsroomIngest/1.0 (+https://github.com/newsroom)"
_CHUNK = 64 * 1024


class FetchError(OSError):
    """The URL could not be fetched, or was refused; the message says why, in one line.

    ``transient`` marks what trying again later may cure (a timeout, a refused or dropped
    connection, an unresolvable host, HTTP 429 and 5xx); a refusal, a 404 or a body over the
    limit is not."""

    def __init__(self, message: str, *, transient: bool = False):
        super().__init__(message)
        self.transient = transient

    def __str__(self) -> str:
        return self.args[0] if self.args else ""


@dataclass(frozen=True)
class Fetched:
    url: str  # the final URL, after redirects
    content_type: str
    data: bytes
    # Validators for the next conditional GET, and whether this one found nothing new (304).
    etag: str = ""
    last_modified: str = ""
    not_modified: bool = False


def is_public_address(ip: str) -> bool:
    addr = ipaddress.ip_address(ip.split("%", 1)[0])
    if isinstance(addr, ipaddress.IPv6Address) and addr.ipv4_mapped is not None:
        addr = addr.ipv4_mapped
    return addr.is_global and not addr.is_multicast


def check_url(url: str) -> None:
    parts = urlsplit(url)
    if parts.scheme.lower() not in ALLOWED_SCHEMES:
        raise FetchError(f"refused: only http and https URLs can be imported, not {url!r}")
    if not parts.hostname:
        raise FetchError(f"refused: the URL has no host: {url!r}")


class _Deadline:
    """One deadline for a whole fetch (connect, headers and body, every redirect hop): when it
    passes, every socket the fetch opened is shut down, so a blocking read ends at once however
    slowly the server trickles its bytes."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.expired = False
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self.expire)
        self._timer.daemon = True

    def __enter__(self):
        self._timer.start()
        return self

    def __exit__(self, *exc):
        self._timer.cancel()

    def watch(self, sock: socket.socket) -> None:
        with self._lock:
            if self.expired:
                sock.close()
                raise _too_slow(self)
            self._sockets.append(sock)

    def expire(self) -> None:
        with self._lock:
            self.expired = True
            for sock in self._sockets:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


def _checked_create_connection(
    address,
    timeout=socket._GLOBAL_DEFAULT_TIMEOUT,
    source_address=None,
    *,
    allow_private: bool,
    deadline: _Deadline | None = None,
):
    """``socket.create_connection`` that resolves once, checks every address, and connects
    only to the checked addresses."""
    host, port = address
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise FetchError(f"cannot resolve host {host!r}: {exc.strerror}", transient=True) from exc
    if not allow_private:
        for *_, sockaddr in infos:
            if not is_public_address(sockaddr[0]):
                raise FetchError(
                    f"refused: {host} resolves to a private or reserved address ({sockaddr[0]})"
                )
    last_error: OSError | None = None
    for family, type_, proto, _, sockaddr in infos:
        sock = socket.socket(family, type_, proto)
        try:
            if timeout is not socket._GLOBAL_DEFAULT_TIMEOUT:
                sock.settimeout(timeout)
            if source_address:
                sock.bind(source_address)
            if deadline is not None:
                deadline.watch(sock)
            sock.connect(sockaddr)
            return sock
        except OSError as exc:
            last_error = exc
            sock.close()
    raise last_error or FetchError(f"cannot connect to {host}", transient=True)


class _SafeHTTPConnection(http.client.HTTPConnection):
    def __init__(self, *args, allow_private: bool, deadline: _Deadline | None, **kwargs):
        super().__init__(*args, **kwargs)
        self._create_connection = functools.partial(
            _checked_create_connection, allow_private=allow_private, deadline=deadline
        )


class _SafeHTTPSConnection(http.client.HTTPSConnection):
    def __init__(self, *args, allow_private: bool, deadline: _Deadline | None, **kwargs):
        super().__init__(*args, **kwargs)
        self._create_connection = functools.partial(
            _checked_create_connection, allow_private=allow_private, deadline=deadline
        )


class _SafeHTTPHandler(urllib.request.HTTPHandler):
    def __init__(self, allow_private: bool, deadline: _Deadline | None = None):
        super().__init__()
        self.allow_private = allow_private
        self.deadline = deadline

    def http_open(self, req):
        conn = functools.partial(
            _SafeHTTPConnection, allow_private=self.allow_private, deadline=self.deadline
        )
        return self.do_open(conn, req)


class _SafeHTTPSHandler(urllib.request.HTTPSHandler):
    def __init__(self, allow_private: bool, deadline: _Deadline | None = None):
        super().__init__()
        self.allow_private = allow_private
        self.deadline = deadline

    def https_open(self, req):
        conn = functools.partial(
            _SafeHTTPSConnection, allow_private=self.allow_private, deadline=self.deadline
        )
        return self.do_open(conn, req, context=self._context)


class _SafeRedirectHandler(urllib.request.HTTPRedirectHandler):
    max_redirections = MAX_REDIRECTS

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        check_url(newurl)  # the new host is checked again when its socket opens
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def _opener(
    allow_private: bool, deadline: _Deadline | None = None
) -> urllib.request.OpenerDirector:
    # Built by hand rather than with build_opener(): no ProxyHandler (environment proxies
    # would connect somewhere unchecked), no file:, ftp: or data: handlers.
    opener = urllib.request.OpenerDirector()
    for handler in (
        _SafeHTTPHandler(allow_private, deadline),
        _SafeHTTPSHandler(allow_private, deadline),
        _SafeRedirectHandler(),
        urllib.request.HTTPDefaultErrorHandler(),
        urllib.request.HTTPErrorProcessor(),
        urllib.request.UnknownHandler(),
    ):
        opener.add_handler(handler)
    return opener


def fetch_url(
    url: str,
    *,
    timeout: float | None = None,
    max_bytes: int | None = None,
    allow_private: bool | None = None,
    etag: str = "",
    last_modified: str = "",
) -> Fetched:
    """GET ``url`` and return its bytes, or raise FetchError. Defaults come from the
    NEWSROOM_FETCH_* settings; ``timeout`` bounds each socket operation and, times three, the
    whole fetch: connecting, the headers and the body, redirects included. Given the ``etag`` or
    ``last_modified`` of an earlier fetch, the GET is conditional, and a 304 answer comes back
    as ``not_modified`` with no data."""
    timeout = settings.NEWSROOM_FETCH_TIMEOUT if timeout is None else timeout
    max_bytes = settings.NEWSROOM_FETCH_MAX_BYTES if max_bytes is None else max_bytes
    if allow_private is None:
        allow_private = settings.NEWSROOM_FETCH_ALLOW_PRIVATE
    check_url(url)
    request = urllib.request.Request(
        url,
        headers={
            "User-Agent": USER_AGENT,
            "Accept": "text/html,application/xhtml+xml,application/rss+xml,"
            "application/atom+xml,application/xml;q=0.9,application/json,text/plain;q=0.8",
            "Accept-Encoding": "identity",
            **({"If-None-Match": etag} if etag else {}),
            **({"If-Modified-Since": last_modified} if last_modified else {}),
        },
    )
    deadline = _Deadline(timeout * 3)
    try:
        with deadline, _opener(allow_private, deadline).open(request, timeout=timeout) as response:
            length = response.headers.get("Content-Length")
            if length and length.isdigit() and int(length) > max_bytes:
                raise FetchError(f"too large: {int(length)} bytes, the limit is {max_bytes}")
            chunks, total = [], 0
            while True:
                chunk = response.read(_CHUNK)
                if not chunk:
                    break
                total += len(chunk)
                if total > max_bytes:
                    raise FetchError(f"too large: more than {max_bytes} bytes")
                chunks.append(chunk)
            if deadline.expired:  # shut down mid-read: what arrived is not the whole body
                raise _too_slow(deadline)
            return Fetched(
                url=response.geturl(),
                content_type=response.headers.get("Content-Type", ""),
                data=b"".join(chunks),
                etag=response.headers.get("ETag", "")[:500],
                last_modified=response.headers.get("Last-Modified", "")[:100],
            )
    except FetchError:
        raise
    except urllib.error.HTTPError as exc:
        if exc.code == 304 and (etag or last_modified):
            return Fetched(
                url=url,
                content_type="",
                data=b"",
                etag=exc.headers.get("ETag", etag)[:500],
                last_modified=exc.headers.get("Last-Modified", last_modified)[:100],
                not_modified=True,
            )
        transient = exc.code == 429 or exc.code >= 500
        raise FetchError(f"HTTP {exc.code} {exc.reason}", transient=transient) from None
    except (OSError, http.client.HTTPException) as exc:
        if deadline.expired:  # our own shutdown, whatever the socket layer called it
            raise _too_slow(deadline) from None
        reason = exc.reason if isinstance(exc, urllib.error.URLError) else exc
        if isinstance(reason, FetchError):
            raise reason from None
        if isinstance(reason, TimeoutError):
            raise FetchError(f"timed out after {timeout:g} s", transient=True) from None
        raise FetchError(f"cannot fetch: {reason}", transient=True) from None


def _too_slow(deadline: _Deadline) -> FetchError:
    return FetchError(f"too slow: not downloaded within {deadline.seconds:g} s", transient=True)
