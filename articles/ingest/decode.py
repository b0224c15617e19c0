"""Bytes to text, and which parser a file needs: byte-order marks, UTF-8, detected charsets
(charset-normalizer), and formats by name, content type and content."""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from urllib.parse import urlsplit

from charset_normalizer import from_bytes

_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
FORMATS = ("text", "json", "html", "feed")


_EXTENSIONS = {
    ".txt": "text",
    ".text": "text",
    ".md": "text",
    ".json": "json",
    ".jsonl": "json",
    ".ndjson": "json",
    ".html": "html",
    ".htm": "html",
    ".xhtml": "html",
    ".xml": "feed",
    ".rss": "feed",
    ".atom": "feed",
}


_CONTENT_TYPES = {
    "text/plain": "text",
    "application/json": "json",
    "application/x-ndjson": "json",
    "application/jsonl": "json",
    "text/html": "html",
    "application/xhtml+xml": "html",
    "application/rss+xml": "feed",
    "application/atom+xml": "feed",
    "application/rdf+xml": "feed",
}


class ParseError(ValueError):
    """The input cannot be read as articles; the message says why, in one line."""


def decode_bytes(data: bytes) -> str:
    """Decode bytes that should be text: UTF-8 (with or without a BOM, or UTF-16/32 with a
    BOM) first, then the encoding charset_normalizer finds most likely. Refuses empty input
    and input that is not text at all (NUL bytes, control characters, no plausible encoding).
    Newlines are normalised to ``\\n`` as Python's text mode does."""
    if not data.strip():
        raise ParseError("empty: there is no text in it")
    text = None
    for bom, codec in (
        (b"\xef\xbb\xbf", "utf-8-sig"),
        (b"\xff\xfe\x00\x00", "utf-32"),
        (b"\x00\x00\xfe\xff", "utf-32"),
        (b"\xff\xfe", "utf-16"),
        (b"\xfe\xff", "utf-16"),
    ):
        if data.startswith(bom):
            try:
                text = data.decode(codec)
            except UnicodeDecodeError as exc:
                raise ParseError(f"not valid {codec.upper()} despite its byte-order mark") from exc
            break
    if text is None:
        if b"\x00" in data:
            raise ParseError("binary file: it is not text")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = _decode_guess(data)
    if len(_CONTROL_RE.findall(text[:65536])) > max(2, len(text[:65536]) // 100):
        raise ParseError("binary file: it is not text")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise ParseError("empty: there is no text in it")
    return text


def _decode_guess(data: bytes) -> str:
    best = from_bytes(data).best()
    if best is None:
        raise ParseError("not text in UTF-8 or any encoding it could detect (binary file?)")
    return str(best)


def detect_format(data: bytes, *, name: str = "", content_type: str = "") -> str:
    """``text``, ``json``, ``html`` or ``feed``: from the content type, the file extension,
    then the first bytes."""
    ctype = content_type.split(";")[0].strip().lower()
    if ctype in _CONTENT_TYPES:
        return _CONTENT_TYPES[ctype]
    suffix = PurePosixPath(urlsplit(name).path if "://" in name else name).suffix.lower()
    if suffix in _EXTENSIONS:
        return _EXTENSIONS[suffix]
    head = data[:2048].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith((b"{", b"[")):
        return "json"
    if head.startswith((b"<!doctype html", b"<html")) or b"<html" in head:
        return "html"
    if head.startswith(b"<?xml") or head.startswith((b"<rss", b"<feed", b"<rdf:rdf")):
        return "feed"
    if ctype in ("application/xml", "text/xml"):
        return "feed"
    return "text"
