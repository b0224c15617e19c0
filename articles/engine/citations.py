"""Attribution lines: the "according to CBS News and Reuters" that summaries end with.

Builds the line from a list of outlets, and splits a paragraph's trailing attribution into
the claim and the outlets it cites.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from articles.engine.similarity import normalise_quotes


def attribution_line(outlets: Sequence[str]) -> str:
    """ "according to CBS News and Reuters"; three or more take a serial comma, as the seed
    summary does ("CBS News, Reuters, The New York Times, and India Times")."""
    names = [o.strip() for o in outlets if o and o.strip()]
    if not names:
        return ""
    if len(names) == 1:
        listed = names[0]
    elif len(names) == 2:
        listed = f"{names[0]} and {names[1]}"
    else:
        listed = ", ".join(names[:-1]) + f", and {names[-1]}"
    return f"according to {listed}"


_ATTRIBUTION_RE = re.compile(
    r"[,;]?\s*(?:according to|as (?:noted|reported|stated|said) by|as reported in|"
    r"reported by|per)\s+(?P<outlets>[^.;]+?)\s*(?P<end>[.!?]?)\s*$",
    re.IGNORECASE,
)


def parse_cited_outlets(paragraph: str, known_outlets: Sequence[str] = ()) -> tuple[str, list[str]]:
    """Split a paragraph ending "..., according to A, B, and C." into text and outlets.

    With ``known_outlets`` names containing "and" ("Marks and Spencer") are kept whole.
    Without an attribution the paragraph comes back unchanged with no outlets.
    """
    text = paragraph.rstrip()
    m = _ATTRIBUTION_RE.search(normalise_quotes(text))
    if not m:
        return paragraph, []
    listed = m.group("outlets")
    outlets = _split_outlets(listed, known_outlets)
    if not outlets:
        return paragraph, []
    claim = text[: m.start()].rstrip(" ,;") + (m.group("end") or ".")
    return claim, outlets


def _split_outlets(listed: str, known: Sequence[str]) -> list[str]:
    remaining = listed
    found: list[tuple[int, str]] = []
    for name in sorted(known, key=len, reverse=True):
        idx = remaining.lower().find(name.lower())
        if idx >= 0:
            found.append((idx, name))
            remaining = remaining[:idx] + "\0" * len(name) + remaining[idx + len(name) :]
    parts = re.split(r",\s*(?:and\s+)?|\s+and\s+|\s*&\s*", remaining)
    pos = 0
    for part in parts:
        idx = remaining.find(part, pos)
        pos = idx + len(part)
        cleaned = part.strip(" \0")
        if cleaned:
            found.append((idx, cleaned))
    found.sort()
    return [name for _, name in found]
