"""Fixtures for ingestion: a small, predictable stand-in for the reading engine, and a local
HTTP server on 127.0.0.1 (no network)."""

from __future__ import annotations

import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from articles import engine
from articles.engine.types import Entity, Figure, KnownSpeaker, Quote, Reading

FIXTURES = Path(__file__).parent / "fixtures"

_QUOTE_RE = re.compile(r"“([^”]+)”")
_NAME = r"((?:[A-Z][a-z]+ )*[A-Z][a-z]+)"
_AFTER_RE = re.compile(r"^,?\s*" + _NAME + r" (said|told|wrote)")
_AFTER_VERB_RE = re.compile(r"^,?\s*(said|wrote) " + _NAME)
_FIGURE_RE = re.compile(r"\b(\d[\d,]*) ([a-z]+)")


def fake_read_article(text: str, *, known=()) -> Reading:
    """Quotes in curly quotation marks attributed by "..., Name said" / "said Name"; a
    surname resolves to a full name met earlier in the text or to a known speaker's alias.
    Figures are "<number> <word>". Deterministic, so storage tests do not depend on the
    real engine's accuracy."""
    full_names = re.findall(r"(?=\b([A-Z][a-z]+ [A-Z][a-z]+)\b)", text)
    quotes, people = [], {}
    for m in _QUOTE_RE.finditer(text):
        rest = text[m.end() : m.end() + 80]
        mention = cue = None
        after = _AFTER_RE.match(rest)
        if after:
            mention, cue = after.group(1), after.group(2)
        else:
            verb_first = _AFTER_VERB_RE.match(rest)
            if verb_first:
                cue, mention = verb_first.group(1), verb_first.group(2)
        speaker = kind = None
        if mention:
            speaker = _resolve(mention, full_names, known)
            kind = "person" if speaker else None
        quotes.append(
            Quote(
                text=m.group(1),
                start=m.start(1),
                end=m.end(1),
                speaker=speaker,
                speaker_kind=kind,
                speaker_mention=mention,
                cue=cue,
                context_start=max(0, text.rfind("\n", 0, m.start()) + 1),
                context_end=len(text) if text.find("\n", m.end()) < 0 else text.find("\n", m.end()),
            )
        )
        if speaker:
            people.setdefault(speaker, set()).add(mention)
    entities = tuple(
        Entity(
            name=name,
            kind="person",
            role="Mayor" if f"Mayor {name}" in text else "",
            mentions=tuple(sorted(mentions)),
        )
        for name, mentions in people.items()
    )
    figures = tuple(
        Figure(
            text=m.group(0),
            start=m.start(),
            end=m.end(),
            value=float(m.group(1).replace(",", "")),
            unit=m.group(2),
        )
        for m in _FIGURE_RE.finditer(text)
    )
    return Reading(quotes=tuple(quotes), entities=entities, figures=figures)


def _resolve(mention: str, full_names, known: tuple[KnownSpeaker, ...]) -> str | None:
    for k in known:
        if mention == k.name or mention.lower() in (a.lower() for a in k.aliases):
            return k.name
    if " " in mention:
        return mention
    for name in full_names:
        if name.endswith(" " + mention):
            return name
    return None


class FakeEngine:
    def __init__(self):
        self.calls: list[tuple[str, tuple]] = []
        self.override = None  # a function to replace the reading, for one test

    def __call__(self, text, *, known=()):
        known = tuple(known)
        self.calls.append((text, known))
        if self.override is not None:
            return self.override(text, known=known)
        return fake_read_article(text, known=known)


@pytest.fixture
def fake_engine(monkeypatch):
    fake = FakeEngine()
    monkeypatch.setattr(engine, "read_article", fake, raising=False)
    return fake


@pytest.fixture
def fixtures_dir() -> Path:
    return FIXTURES


class _Handler(BaseHTTPRequestHandler):
    routes: dict = {}

    def do_GET(self):  # noqa: N802 (http.server's naming)
        route = self.routes.get(self.path)
        if route is None:
            self.send_error(404)
            return
        status, headers, body = route
        self.send_response(status)
        for key, value in headers.items():
            self.send_header(key, value)
        if "Content-Length" not in headers:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def http_server():
    """A server on 127.0.0.1 serving ``server.routes[path] = (status, headers, body)``."""
    handler = type("Handler", (_Handler,), {"routes": {}})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.routes = handler.routes
    server.base = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
