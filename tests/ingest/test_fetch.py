"""Fetching URLs: against a local http.server on 127.0.0.1 only (no external network)."""

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from articles.ingest import fetch
from articles.ingest.fetch import FetchError, fetch_url, is_public_address


@pytest.fixture
def allow_private(settings):
    settings.NEWSROOM_FETCH_ALLOW_PRIVATE = True
    settings.NEWSROOM_FETCH_TIMEOUT = 2


def test_fetch_returns_body_type_and_final_url(http_server, allow_private):
    http_server.routes["/a"] = (200, {"Content-Type": "text/plain"}, b"Headline\n\nBody")
    got = fetch_url(http_server.base + "/a")
    assert got.data == b"Headline\n\nBody"
    assert got.content_type == "text/plain"
    assert got.url == http_server.base + "/a"


def test_loopback_is_refused_unless_allowed(http_server, settings):
    settings.NEWSROOM_FETCH_ALLOW_PRIVATE = False
    http_server.routes["/a"] = (200, {}, b"secret")
    with pytest.raises(FetchError, match="private or reserved address"):
        fetch_url(http_server.base + "/a")
    port = http_server.server_address[1]
    with pytest.raises(FetchError, match=r"refused: localhost resolves to .*127\.0\.0\.1|::1"):
        fetch_url(f"http://localhost:{port}/a")


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.1",
        "169.254.169.254",
        "0.0.0.0",
        "100.64.0.1",
        "224.0.0.1",
        "::1",
        "fe80::1",
        "fc00::1",
        "::ffff:127.0.0.1",
        "240.0.0.1",
    ],
)
def test_private_loopback_link_local_and_reserved_addresses_are_not_public(address):
    assert not is_public_address(address)


def test_public_addresses_are_public():
    assert is_public_address("93.184.215.14")
    assert is_public_address("2606:2800:21f:cb07:6820:80da:af6b:8b2c")


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://example.com/a", "gopher://x/"])
def test_only_http_and_https_are_fetched(url, allow_private):
    with pytest.raises(FetchError, match="only http and https"):
        fetch_url(url)


def test_redirect_to_another_scheme_is_refused(http_server, allow_private):
    http_server.routes["/r"] = (302, {"Location": "file:///etc/passwd"}, b"")
    with pytest.raises(FetchError, match="only http and https|is not allowed"):
        fetch_url(http_server.base + "/r")


def test_every_redirect_hop_is_checked_again(http_server, settings, monkeypatch):
    settings.NEWSROOM_FETCH_ALLOW_PRIVATE = False
    http_server.routes["/r"] = (302, {"Location": http_server.base + "/inside"}, b"")
    http_server.routes["/inside"] = (200, {}, b"internal")
    verdicts = iter([True])  # the first connection passes as public; the redirect's does not
    monkeypatch.setattr(fetch, "is_public_address", lambda ip: next(verdicts, False))
    with pytest.raises(FetchError, match="private or reserved address"):
        fetch_url(http_server.base + "/r")


def test_redirects_are_followed_when_allowed(http_server, allow_private):
    http_server.routes["/r"] = (301, {"Location": "/b"}, b"")
    http_server.routes["/b"] = (200, {}, b"moved here")
    got = fetch_url(http_server.base + "/r")
    assert got.data == b"moved here" and got.url.endswith("/b")


def test_declared_size_over_the_limit_is_refused(http_server, allow_private):
    http_server.routes["/big"] = (200, {}, b"x" * 2000)
    with pytest.raises(FetchError, match="too large: 2000 bytes"):
        fetch_url(http_server.base + "/big", max_bytes=1000)


def test_undeclared_size_is_capped_while_streaming(http_server, allow_private):
    # No Content-Length: the server closes the connection after the body (HTTP/1.0 style).
    http_server.routes["/stream"] = (200, {"Content-Length": ""}, b"y" * 5000)
    with pytest.raises(FetchError, match="too large: more than 1000 bytes"):
        fetch_url(http_server.base + "/stream", max_bytes=1000)


def test_http_errors_are_reported(http_server, allow_private):
    with pytest.raises(FetchError, match="HTTP 404"):
        fetch_url(http_server.base + "/missing")


def test_a_silent_server_times_out(http_server, allow_private, monkeypatch):
    def slow(handler):
        time.sleep(1.0)

    http_server.RequestHandlerClass.do_GET = slow
    started = time.monotonic()
    with pytest.raises(FetchError, match="timed out"):
        fetch_url(http_server.base + "/slow", timeout=0.2)
    assert time.monotonic() - started < 1.0


class _Trickle(BaseHTTPRequestHandler):
    """Sends its headers, or its body, one byte every 0.2 s: each read succeeds, none ends."""

    where = "body"

    def do_GET(self):  # noqa: N802 (http.server's naming)
        try:
            if self.where == "headers":
                for byte in b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n" * 50:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(0.2)
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            for _ in range(100000):
                self.wfile.write(b"x")
                self.wfile.flush()
                time.sleep(0.2)
        except OSError:
            pass

    def log_message(self, *args):
        pass


@pytest.mark.parametrize("where", ["headers", "body"])
def test_a_trickling_server_cannot_hold_a_fetch_past_its_deadline(where, allow_private):
    handler = type("Handler", (_Trickle,), {"where": where})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    started = time.monotonic()
    try:
        with pytest.raises(FetchError, match=r"too slow: not downloaded within 1\.5 s") as info:
            fetch_url(f"http://127.0.0.1:{server.server_address[1]}/", timeout=0.5)
    finally:
        server.shutdown()
        server.server_close()
    # The deadline is 3 × 0.5 s; a fetch checked only between reads would run for minutes.
    assert time.monotonic() - started < 10
    assert info.value.transient
