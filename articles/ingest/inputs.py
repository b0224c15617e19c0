"""Where articles come from: paths, directories, standard input and http(s) URLs, read into
parsed items."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings

from articles.ingest.fetch import FetchError, fetch_url
from articles.ingest.parsers import ParsedItem, parse_bytes


def is_url(source: str) -> bool:
    return "://" in source[:20] and urlsplit(source).scheme.isalpha()


def expand_sources(sources: Iterable[str]) -> list[str]:
    """Directories become their files (recursively, sorted, hidden files skipped)."""
    out: list[str] = []
    for source in sources:
        if source != "-" and not is_url(source) and Path(source).is_dir():
            for path in sorted(Path(source).rglob("*")):
                rel = path.relative_to(source)
                if path.is_file() and not any(part.startswith(".") for part in rel.parts):
                    out.append(str(path))
        else:
            out.append(source)
    return out


def read_source(source: str, *, stdin=None) -> list[ParsedItem]:
    """Parse one path, URL or ``-`` (stdin) into items; never raises for bad input."""
    limit = settings.NEWSROOM_MAX_IMPORT_BYTES
    if source == "-":
        stream = stdin if stdin is not None else sys.stdin
        stream = getattr(stream, "buffer", stream)
        data = stream.read(limit + 1)
        if isinstance(data, str):
            data = data.encode("utf-8")
        if len(data) > limit:
            return [ParsedItem(source="-", error=f"too large: more than {limit} bytes")]
        return parse_bytes(data, source="-")
    if is_url(source):
        try:
            fetched = fetch_url(source)
        except FetchError as exc:
            return [ParsedItem(source=source, error=str(exc), transient=exc.transient)]
        return parse_bytes(
            fetched.data, source=source, content_type=fetched.content_type, url=fetched.url
        )
    path = Path(source)
    try:
        size = os.stat(path).st_size
        if size > limit:  # refused by size before reading any of it
            return [ParsedItem(source=source, error=f"too large: {size} bytes, limit {limit}")]
        if not path.is_file():
            return [ParsedItem(source=source, error="not a regular file")]
        with path.open("rb") as fh:
            data = fh.read(limit + 1)
    except FileNotFoundError:
        return [ParsedItem(source=source, error="no such file or directory")]
    except OSError as exc:
        return [ParsedItem(source=source, error=f"cannot read: {exc.strerror or exc}")]
    if len(data) > limit:
        return [ParsedItem(source=source, error=f"too large: more than {limit} bytes")]
    return parse_bytes(data, source=source)
