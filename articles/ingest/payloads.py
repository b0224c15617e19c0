"""Validating article payloads (the JSON article: ``{"outlet", "headline", "url",
"published_at", "byline", "language", "body"}``) before anything is stored."""

from __future__ import annotations

import re
from datetime import UTC, datetime, time, timedelta
from email.utils import parsedate_to_datetime

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from articles.engine.text import clean_text

# Payload fields: (type, max length). Lengths follow the model.
FIELDS: dict[str, tuple[type, int | None]] = {
    "outlet": (str, 200),
    "headline": (str, 500),
    "url": (str, 1000),
    "published_at": (str, 64),
    "byline": (str, 300),
    "language": (str, 16),
    "body": (str, None),
    "is_translation": (bool, None),
    "original_language": (str, 16),
    # The lead image, fetched in the background (``articles/ingest/images.py``).
    "image_url": (str, 1000),
    "image_alt": (str, 500),
    "image_credit": (str, 300),
}


_url_validator = URLValidator(schemes=["http", "https"])


class PayloadError(ValueError):
    pass


# Dates as people write them in English ("3 December 2026", "Dec. 3, 2026 2:30 PM"), read
# with the C locale's month names whatever the server's locale.
_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_WRITTEN_DATE = re.compile(
    r"(?:(?P<d1>\d{1,2})(?:st|nd|rd|th)?\s+(?P<m1>[a-z]+)\.?,?|(?P<m2>[a-z]+)\.?\s+"
    r"(?P<d2>\d{1,2})(?:st|nd|rd|th)?,?)\s+(?P<y>\d{4})"
    r"(?:,?\s+(?:at\s+)?(?P<h>\d{1,2})(?::(?P<mi>\d{2}))?\s*(?P<ap>[ap]\.?m\.?)?)?",
    re.IGNORECASE,
)


def _written_date(value: str) -> datetime | None:
    m = _WRITTEN_DATE.fullmatch(value.strip())
    if m is None:
        return None
    month = _MONTHS.get((m["m1"] or m["m2"]).lower())
    if month is None:
        return None
    hour, minute = int(m["h"] or 0), int(m["mi"] or 0)
    if m["ap"]:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if m["ap"][0].lower() == "p" else 0)
    try:
        return datetime(int(m["y"]), month, int(m["d1"] or m["d2"]), hour, minute)
    except ValueError:
        return None


# How far ahead of this server's clock a publication time may be: a feed's clock or time zone
# set a few hours wrong, not an article from the future.
FUTURE_SLACK = timedelta(days=1)


def parse_published(value: str) -> datetime:
    """ISO 8601 date or date-time (naive means UTC); RFC 2822 is accepted from feeds and
    headers."""
    value = value.strip()
    parsed = None
    try:
        parsed = parse_datetime(value)
        if parsed is None:
            day = parse_date(value)
            if day is not None:
                parsed = datetime.combine(day, time.min)
    except ValueError:
        parsed = None
    if parsed is None:
        try:
            parsed = parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            parsed = None
    if parsed is None:
        parsed = _written_date(value)
    if parsed is None:
        raise PayloadError(
            "published_at: not a date or date-time Newsroom reads (ISO 8601 such as "
            f"2026-12-03T14:30:00Z, or written out: 3 December 2026 14:30) ({value[:40]!r})"
        )
    if timezone.is_naive(parsed):
        parsed = parsed.replace(tzinfo=UTC)
    return parsed


def validate_payload(payload: dict) -> dict:
    """Check types, lengths, URL and date; return clean values or raise PayloadError naming
    every bad field. Unknown fields are ignored (exports carry extras)."""
    if not isinstance(payload, dict):
        raise PayloadError("not an article: expected an object")
    errors: list[str] = []
    clean: dict = {}
    for name, (kind, max_length) in FIELDS.items():
        value = payload.get(name)
        if value is None or (kind is str and isinstance(value, str) and not value.strip()):
            continue
        if kind is bool:
            if not isinstance(value, bool):
                errors.append(f"{name}: must be true or false")
            else:
                clean[name] = value
            continue
        if not isinstance(value, str):
            errors.append(f"{name}: must be a string, not {type(value).__name__}")
            continue
        value = clean_text(value.lstrip("\ufeff"), multiline=name == "body").strip()
        if not value:  # nothing but control characters: as good as missing
            continue
        if max_length and len(value) > max_length:
            errors.append(f"{name}: too long ({len(value)} characters, at most {max_length})")
            continue
        clean[name] = value
    body = clean.get("body")
    if body is None and "body" not in [e.split(":")[0] for e in errors]:
        errors.append("body: missing (an article needs its text)")
    elif body is not None and len(body) > settings.NEWSROOM_MAX_IMPORT_BYTES:
        errors.append(f"body: too long (at most {settings.NEWSROOM_MAX_IMPORT_BYTES} characters)")
    if "url" in clean:
        try:
            _url_validator(clean["url"])
        except ValidationError:
            errors.append(f"url: not a valid http(s) URL ({clean['url'][:80]!r})")
    if "image_url" in clean:
        try:
            _url_validator(clean["image_url"])
        except ValidationError:
            errors.append(f"image_url: not a valid http(s) URL ({clean['image_url'][:80]!r})")
    if "published_at" in clean:
        try:
            clean["published_at"] = parse_published(clean["published_at"])
        except PayloadError as exc:
            errors.append(str(exc))
        else:
            if clean["published_at"] > timezone.now() + FUTURE_SLACK:
                errors.append(
                    "published_at: in the future "
                    f"({clean['published_at'].isoformat()}); an article is imported after it "
                    "is published"
                )
    if errors:
        raise PayloadError("; ".join(errors))
    if "headline" not in clean:
        clean["headline"] = headline_from_text(clean["body"])
    return clean


def headline_from_text(body: str, *, max_length: int = 500) -> str:
    """A headline for an article that came without one: its first line, cut at the first
    sentence when long."""
    first = next((line.strip() for line in body.split("\n") if line.strip()), "")
    if len(first) > 150:
        for stop in (". ", "? ", "! "):
            cut = first.find(stop, 20)
            if 0 < cut < 150:
                first = first[: cut + 1]
                break
    if len(first) > max_length:
        first = first[: max_length - 1].rstrip() + "…"
    return first
