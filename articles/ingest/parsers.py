"""Turn bytes (a file, a fetched page, stdin) into article payloads.

A payload is the JSON article that ``articles.ingest.payloads`` validates: ``{"outlet",
"headline", "url", "published_at", "byline", "language", "body"}`` (plus ``is_translation``
and ``original_language``). Parsers do no database work; the service validates and stores.
Every problem becomes a ``ParsedItem`` with an ``error`` naming it, so one bad item never
stops the others.
"""

from __future__ import annotations

import html as html_lib
import json
import re
from calendar import timegm
from dataclasses import dataclass, field
from datetime import UTC, datetime
from urllib.parse import urlsplit

import feedparser
import htmldate
import trafilatura
from defusedxml import DefusedXmlException
from defusedxml.ElementTree import ParseError as XMLParseError
from defusedxml.ElementTree import fromstring
from django.utils.html import strip_tags

from articles.ingest.decode import ParseError, decode_bytes, detect_format

TEXT_HEADER_KEYS = {
    "outlet": "outlet",
    "url": "url",
    "published": "published_at",
    "published at": "published_at",
    "date": "published_at",
    "byline": "byline",
    "by": "byline",
    "author": "byline",
    "language": "language",
    "translated": "translated",
}
_HEADER_RE = re.compile(r"^\s*([A-Za-z][A-Za-z ]{0,20}?)\s*:\s*(.*?)\s*$")
_TRUE = {"yes", "y", "true", "1", "machine", "machine translated"}
_FALSE = {"no", "n", "false", "0", ""}

MIN_WORDS = 5  # fewer words extracted from a page than this is not an article


@dataclass
class ParsedItem:
    """One article found in a source, or the reason none could be read from it.

    ``outlet_hints`` are outlet names the page or feed suggests (og:site_name, a feed title);
    an explicit ``--outlet`` wins over them, while an item's own ``outlet`` field wins over
    ``--outlet``. ``domain`` is the host the item came from, mapped to a known outlet by
    OutletAlias or homepage.
    """

    source: str
    payload: dict | None = None
    error: str | None = None
    outlet_hints: list[str] = field(default_factory=list)
    domain: str | None = None
    transient: bool = False  # the error may go away if fetched again later (a timeout)


# --- bytes to text -------------------------------------------------------------------------


def parse_bytes(
    data: bytes, *, source: str, content_type: str = "", url: str | None = None
) -> list[ParsedItem]:
    """Every article in ``data``, whatever its format; never raises for bad input."""
    try:
        fmt = detect_format(data, name=url or source, content_type=content_type)
        if fmt == "feed":
            return parse_feed(data, source=source)
        text = decode_bytes(data)
        if fmt == "json":
            return parse_json(text, source=source)
        if fmt == "html":
            return [parse_html(text, source=source, url=url)]
        return [parse_text(text, source=source, url=url)]
    except ParseError as exc:
        return [ParsedItem(source=source, error=str(exc))]


# --- plain text ----------------------------------------------------------------------------


def parse_text(text: str, *, source: str, url: str | None = None) -> ParsedItem:
    """A plain-text article: the first line is the headline; ``Key: value`` lines (Outlet,
    URL, Published, Byline, Language, Translated) may follow it, or precede it, up to a blank
    line; the rest is the body."""
    lines = text.lstrip("\ufeff").split("\n")
    i = 0
    payload: dict = {}

    def skip_blank(i: int) -> int:
        while i < len(lines) and not lines[i].strip():
            i += 1
        return i

    def headers(i: int) -> int:
        while i < len(lines):
            key_value = _text_header(lines[i])
            if key_value is None:
                break
            key, value = key_value
            payload[key] = value
            i += 1
        return i

    i = headers(skip_blank(i))
    i = skip_blank(i)
    if i >= len(lines):
        raise ParseError("empty: only header lines, no headline or body")
    headline = lines[i].strip()
    i = headers(i + 1)
    body = "\n".join(lines[i:]).strip()
    if not body:
        raise ParseError("missing body: only a headline")
    payload["headline"] = headline
    payload["body"] = body
    translated = payload.pop("translated", None)
    if translated is not None:
        value = translated.strip().lower()
        if value in _TRUE:
            payload["is_translation"] = True
        elif value in _FALSE:
            payload["is_translation"] = False
        else:  # "Translated: fr" names the original language
            payload["is_translation"] = True
            payload["original_language"] = translated.strip()
    if url and "url" not in payload:
        payload["url"] = url
    return ParsedItem(source=source, payload=payload)


def _text_header(line: str) -> tuple[str, str] | None:
    match = _HEADER_RE.match(line)
    if not match:
        return None
    key = TEXT_HEADER_KEYS.get(match.group(1).strip().lower())
    if key is None:
        return None
    return key, match.group(2)


# --- JSON ----------------------------------------------------------------------------------


def parse_json(text: str, *, source: str) -> list[ParsedItem]:
    """One object, a list of objects, or JSON Lines (one object a line)."""
    stripped = text.strip().lstrip("\ufeff")
    try:
        data = json.loads(stripped)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data" or _first_line_is_object(stripped):
            return _parse_json_lines(stripped, source=source)
        raise ParseError(
            f"malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    if isinstance(data, dict):
        return [_json_item(data, source=source)]
    if isinstance(data, list):
        if not data:
            raise ParseError("empty: the JSON list has no articles")
        return [_json_item(obj, source=f"{source}#{n}") for n, obj in enumerate(data, 1)]
    raise ParseError("JSON must be an article object, a list of them, or JSON Lines")


def _first_line_is_object(text: str) -> bool:
    first = text.split("\n", 1)[0]
    try:
        return isinstance(json.loads(first), dict) and "\n" in text
    except json.JSONDecodeError:
        return False


def _parse_json_lines(text: str, *, source: str) -> list[ParsedItem]:
    items = []
    for lineno, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        item_source = f"{source}:{lineno}"
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            items.append(
                ParsedItem(
                    source=item_source, error=f"malformed JSON: {exc.msg} at column {exc.colno}"
                )
            )
            continue
        items.append(_json_item(obj, source=item_source))
    return items


def _json_item(obj, *, source: str) -> ParsedItem:
    if not isinstance(obj, dict):
        return ParsedItem(source=source, error="not an article: expected a JSON object")
    return ParsedItem(source=source, payload=dict(obj))


# --- HTML pages ----------------------------------------------------------------------------


def parse_html(text: str, *, source: str, url: str | None = None) -> ParsedItem:
    """The main text of a page (trafilatura), with its headline, date, byline and URL; the
    outlet is a hint from og:site_name and the page's domain."""
    try:
        doc = trafilatura.bare_extraction(
            text, url=url, with_metadata=True, include_comments=False, include_tables=False
        )
    except Exception as exc:  # trafilatura/lxml raise many kinds on broken markup
        raise ParseError(f"malformed HTML: {exc}") from exc
    body = (getattr(doc, "text", None) or "").strip() if doc is not None else ""
    if len(re.findall(r"[^\W\d_]{2,}", body)) < MIN_WORDS:
        raise ParseError("no article text found in the HTML page (malformed or not an article)")
    title = (doc.title or "").strip()
    lines = [line.strip() for line in body.split("\n") if line.strip()]
    if title and lines and lines[0] == title:
        lines = lines[1:]  # the page heading repeats the headline
    if not lines:
        raise ParseError("no article text found in the HTML page, only a heading")
    page_url = doc.url if _is_http(doc.url) else url
    payload = {
        "headline": title,
        "body": "\n\n".join(lines),
        "url": page_url,
        "published_at": _page_moment(text, url, doc.date),
        "byline": doc.author,
        "language": doc.language,
        "image_url": doc.image if _is_http(doc.image) else None,  # og:image, twitter:image
    }
    payload = {k: v for k, v in payload.items() if v}
    host = doc.hostname or (urlsplit(page_url).hostname if page_url else None)
    hints = [doc.sitename.strip()] if doc.sitename and doc.sitename.strip() else []
    return ParsedItem(source=source, payload=payload, outlet_hints=hints, domain=host)


def _page_moment(text: str, url: str | None, day: str | None) -> str | None:
    """When the page says it was published, to the minute where its markup says so
    (``article:published_time``, ``<time datetime>``): trafilatura keeps the day only, and a
    wire's 12:40 report read as 00:00 came "first" before a 09:30 one."""
    try:
        moment = htmldate.find_date(
            text,
            url=url,
            original_date=True,
            extensive_search=False,
            outputformat="%Y-%m-%dT%H:%M:%S%z",
        )
    except Exception:  # htmldate parses the markup again; a failure leaves the day
        return day
    if moment and re.search(r"[+-]\d{4}$", moment) and (not day or moment.startswith(day)):
        return moment  # a time with its offset, on the day trafilatura found
    return day


def _is_http(url: str | None) -> bool:
    return bool(url) and urlsplit(url).scheme in ("http", "https")


def html_to_text(markup: str) -> str:
    """Text of an HTML fragment (a feed entry's content), paragraphs kept apart."""
    markup = re.sub(r"(?is)<(script|style)\b.*?</\1\s*>", " ", markup)
    markup = re.sub(r"(?i)<br\s*/?>", "\n", markup)
    markup = re.sub(r"(?i)</(p|div|li|h[1-6]|blockquote|section|article|tr)\s*>", "\n\n", markup)
    text = html_lib.unescape(strip_tags(markup))
    paragraphs = [re.sub(r"[ \t\u00a0]+", " ", p).strip() for p in re.split(r"\n\s*\n", text)]
    return "\n\n".join(" ".join(p.split("\n")).strip() for p in paragraphs if p.strip())


# --- RSS and Atom --------------------------------------------------------------------------


def parse_feed(data: bytes, *, source: str) -> list[ParsedItem]:
    """Entries of an RSS or Atom feed. The XML is first parsed by defusedxml, which refuses
    entity declarations and external references (billion laughs, XXE), so feedparser only
    ever sees a document without them."""
    if not data.strip():
        raise ParseError("empty: there is no text in it")
    if b"\x00" in data and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ParseError("binary file: it is not text")
    try:
        fromstring(data, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:
        raise ParseError(f"refused XML: {type(exc).__name__} (entities are not allowed)") from exc
    except XMLParseError as exc:
        raise ParseError(f"malformed XML: {exc}") from exc
    parsed = feedparser.parse(data, resolve_relative_uris=False, sanitize_html=True)
    feed = parsed.get("feed", {})
    if not parsed.entries:
        if not (parsed.get("version") or feed.get("title")):
            raise ParseError("not an RSS or Atom feed")
        raise ParseError("the feed has no entries")
    feed_title = (feed.get("title") or "").strip()
    feed_link = feed.get("link") or ""
    language = (feed.get("language") or "").strip()
    items = []
    for n, entry in enumerate(parsed.entries, 1):
        link = entry.get("link") or ""
        item_source = f"{source}#{n}" if not link else f"{source}#{n} ({link})"
        markup = ""
        if entry.get("content"):
            markup = entry.content[0].get("value", "")
        markup = markup or entry.get("summary", "") or entry.get("description", "")
        body = html_to_text(markup)
        if not body:
            items.append(
                ParsedItem(source=item_source, error="missing body: the entry has no text")
            )
            continue
        payload = {
            "headline": html_to_text(entry.get("title", "")),
            "body": body,
            "url": link if _is_http(link) else None,
            "published_at": _struct_time_iso(
                entry.get("published_parsed") or entry.get("updated_parsed")
            ),
            "byline": _feed_author(entry),
            "language": language,
            "image_url": _feed_image(entry),
            "image_credit": _feed_credit(entry),
        }
        payload = {k: v for k, v in payload.items() if v}
        host = urlsplit(link or feed_link).hostname
        items.append(
            ParsedItem(
                source=item_source,
                payload=payload,
                outlet_hints=[feed_title] if feed_title else [],
                domain=host,
            )
        )
    return items


def _feed_image(entry) -> str | None:
    """The entry's image: Media RSS content or thumbnail, or an image enclosure."""
    candidates = [
        *(m for m in entry.get("media_content", []) if m.get("medium", "image") == "image"),
        *entry.get("media_thumbnail", []),
        *(e for e in entry.get("enclosures", []) if e.get("type", "").startswith("image/")),
    ]
    for found in candidates:
        url = found.get("url") or found.get("href")
        if _is_http(url):
            return url
    return None


def _feed_credit(entry) -> str:
    credit = entry.get("media_credit")
    if isinstance(credit, list) and credit:
        credit = credit[0]
    if isinstance(credit, dict):
        credit = credit.get("content", "")
    return html_to_text(credit) if isinstance(credit, str) else ""


def _feed_author(entry) -> str:
    author = (entry.get("author") or "").strip()
    # RSS puts "email (Name)" in <author>; feedparser's split of that form is unreliable.
    match = re.match(r"^\S+@\S+\s*\((.+)\)$", author)
    if match:
        return match.group(1).strip()
    return ((entry.get("author_detail") or {}).get("name") or author).strip()


def _struct_time_iso(value) -> str | None:
    if not value:
        return None
    return datetime.fromtimestamp(timegm(value), tz=UTC).isoformat()
