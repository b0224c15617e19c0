"""A local feed server on 127.0.0.1 that honours conditional GET, and fictional feeds."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest


def rss(items: list[tuple[str, str, str]], *, title: str = "The Example Gazette") -> bytes:
    """An RSS 2.0 feed of (link, headline, text) items."""
    entries = "".join(
        f"<item><title>{headline}</title><link>{link}</link>"
        f"<pubDate>Tue, 03 Mar 2026 09:00:00 GMT</pubDate>"
        f"<description>{text}</description></item>"
        for link, headline, text in items
    )
    return (
        '<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel>'
        f"<title>{title}</title><link>https://gazette.example/</link>{entries}</channel></rss>"
    ).encode()


def harbour_items(n: int, start: int = 1) -> list[tuple[str, str, str]]:
    return [
        (
            f"https://gazette.example/harbour/{i}",
            f"Harbour report {i}",
            f"Mayor Jane Roe said on Tuesday that berth {i} will reopen. "
            f"“Berth {i} is safe again,” Roe said. Crews checked {i + 10} piles.",
        )
        for i in range(start, start + n)
    ]


class _FeedHandler(BaseHTTPRequestHandler):
    state: dict = {}

    def do_GET(self):  # noqa: N802 (http.server's naming)
        state = self.state
        state["requests"].append(dict(self.headers))
        if state.get("status", 200) != 200:
            self.send_error(state["status"])
            return
        etag = state.get("etag")
        if etag and self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return
        body = state["body"]
        self.send_response(200)
        self.send_header("Content-Type", state.get("content_type", "application/rss+xml"))
        self.send_header("Content-Length", str(len(body)))
        if etag:
            self.send_header("ETag", etag)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def feed_server(settings):
    """``feed_server.state``: ``body``, ``etag``, ``status``; ``requests`` lists the headers
    of each request. Its URL is ``feed_server.url``."""
    settings.NEWSROOM_FETCH_ALLOW_PRIVATE = True
    state = {"body": rss(harbour_items(2)), "etag": '"v1"', "requests": []}
    handler = type("Handler", (_FeedHandler,), {"state": state})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.state = state
    server.url = f"http://127.0.0.1:{server.server_address[1]}/feed.xml"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
