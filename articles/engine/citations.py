"""Attribution lines: the "according to CBS News and Reuters" that summaries end with.

Builds the line from a list of outlets, and splits a paragraph's trailing attribution into
the claim and the outlets it cites.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from difflib import SequenceMatcher

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
    # "per" cites only a name ("per Reuters"), never a rate ("3,000 arrests per day").
    r"reported by|per(?=\s+(?-i:[A-Z])))\s+(?P<outlets>[^.;]+?)\s*(?P<end>[.!?]?)\s*$",
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


def outlet_key(name: str) -> str:
    """How a typed outlet name is compared with the outlets on record: case, a leading
    "the" and surrounding punctuation do not count ("the Guardian" is "The Guardian")."""
    key = normalise_quotes(name).casefold().strip(" \t\"'“”‘’.,;:()")
    return re.sub(r"^the\s+", "", key)


def typed_outlets_unbacked(text: str, backed: dict[str, Sequence[str]]) -> list[str]:
    """Outlets a claim's typed "according to …" names that none of ``backed`` answers to.

    ``backed`` maps each outlet that backs the claim to the names it goes by (its name and
    aliases). An empty list when the text types no attribution, or every name is backed."""
    known = [name for names in backed.values() for name in names]
    _, typed = parse_cited_outlets(text, known)
    keys = {outlet_key(name) for name in known}
    # Only names count: "according to officials" cites no outlet.
    named = [name for name in typed if re.search(r"(?:^|\s)[A-Z0-9]", name)]
    return [name for name in named if outlet_key(name) not in keys]


def sourced_text(text: str, outlets: Sequence[str]) -> str:
    """The claim with exactly one attribution line, built from the outlets that back it.

    A typed "…, according to A and B." naming only outlets that back the claim is replaced by
    the line from ``outlets``; one naming something else is kept as typed (the editor's
    checks flag it) and nothing is added. A claim without one gets the line appended in
    brackets. With no outlets the text is returned as typed."""
    if not [o for o in outlets if o and o.strip()]:
        return text
    line = attribution_line(outlets)
    claim, typed = parse_cited_outlets(text, outlets)
    if typed and typed_outlets_unbacked(text, {name: [name] for name in outlets}):
        return text
    if typed:
        body = claim.rstrip()
        end = body[-1] if body and body[-1] in ".!?" else "."
        return f"{body.rstrip('.!?')}, {line}{end}"
    return f"{text.rstrip()} ({line})"


# A claim's evidence was checked for its wording: an edit this small keeps it (a typo fixed),
# so long as no number and no negation changed with it.
REWORDING_KEEPS = 0.95
_NUMBERS = re.compile(r"\d+(?:[.,]\d+)*")
_NEGATIONS = re.compile(r"\b(?:not|no|never|none|nor|without|denied|denies|n[’']t)\b", re.I)


def same_claim(before: str, after: str) -> bool:
    """Whether ``after`` says what ``before`` said, an editor's small fix apart. A typed
    "according to ..." added, changed or taken away changes the sources named, not the claim
    (its own check, ``typed_outlets_unbacked``, covers it)."""
    a, b = (" ".join(parse_cited_outlets(t)[0].split()) for t in (before, after))
    if a == b:
        return True
    if _NUMBERS.findall(a) != _NUMBERS.findall(b):
        return False
    if [m.lower() for m in _NEGATIONS.findall(a)] != [m.lower() for m in _NEGATIONS.findall(b)]:
        return False
    return SequenceMatcher(None, a.lower(), b.lower()).ratio() >= REWORDING_KEEPS
