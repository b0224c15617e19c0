"""Alias look-up: the caller's known speakers first, then a small built-in gazetteer.

Matching is exact first, then case-insensitive ("Ice", "ice" -> ICE). The built-in list only
matches case-insensitively for multi-word names, so the word "who" never becomes the WHO.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from articles.engine.types import KnownSpeaker

_DATA = Path(__file__).parent / "data" / "default_aliases.json"


@lru_cache(maxsize=1)
def default_speakers() -> tuple[KnownSpeaker, ...]:
    """The built-in gazetteer of widely known organisations."""
    raw = json.loads(_DATA.read_text(encoding="utf-8"))
    return tuple(
        KnownSpeaker(o["name"], "organization", tuple(o.get("aliases", ())))
        for o in raw["organizations"]
    )


def _strip_article(s: str) -> str:
    if s[:1] not in "tTaA":
        return s  # the cheap answer for most phrases
    low = s.lower()
    for art in ("the ", "a ", "an "):
        if low.startswith(art):
            return s[len(art) :]
    return s


@lru_cache(maxsize=1)
def _default_maps() -> tuple[dict[str, KnownSpeaker], dict[str, KnownSpeaker]]:
    index = AliasIndex(defaults=False)
    for ks in default_speakers():
        index._add(ks, fold_short=False)
    return index.exact, index.folded


# Look-ups in the gazetteer alone (an index without the caller's entries) give the same
# answer in every text, so indexes of that kind share their memo across texts; it is emptied
# when it grows past this many phrases.
_SHARED_MEMO: dict[str, KnownSpeaker | None] = {}
_SHARED_MEMO_MAX = 50_000


class AliasIndex:
    """Maps a phrase from the text to a known speaker."""

    def __init__(self, known: Iterable[KnownSpeaker] = (), *, defaults: bool = True) -> None:
        self.known: list[KnownSpeaker] = list(known)
        shared = defaults and not self.known
        if shared and len(_SHARED_MEMO) > _SHARED_MEMO_MAX:
            _SHARED_MEMO.clear()
        self._memo: dict[str, KnownSpeaker | None] = _SHARED_MEMO if shared else {}
        if defaults:
            exact, folded = _default_maps()
            # Copy-on-write is overkill here: only copy when the caller adds entries.
            self.exact = dict(exact) if self.known else exact
            self.folded = dict(folded) if self.known else folded
        else:
            self.exact, self.folded = {}, {}
        # Caller's entries are added last so they win over the gazetteer.
        for ks in self.known:
            self._add(ks, fold_short=True)

    def _add(self, ks: KnownSpeaker, *, fold_short: bool) -> None:
        for alias in (ks.name, *ks.aliases):
            alias = alias.strip()
            if not alias:
                continue
            for form in {alias, _strip_article(alias)}:
                self.exact[form] = ks
                if fold_short or " " in form or len(form) > 4 and not form.isupper():
                    self.folded[form.casefold()] = ks

    def lookup(self, phrase: str) -> KnownSpeaker | None:
        try:
            return self._memo[phrase]
        except KeyError:
            hit = self._memo[phrase] = self._lookup(phrase)
            return hit

    def _lookup(self, phrase: str) -> KnownSpeaker | None:
        phrase = phrase.strip().rstrip(".,;:")
        if not phrase:
            return None
        bare = _strip_article(phrase)
        hit = self.exact.get(phrase)
        if hit is None and bare is not phrase:
            hit = self.exact.get(bare)
        if hit is None:
            hit = self.folded.get(phrase.casefold())
        if hit is None and bare is not phrase:
            hit = self.folded.get(bare.casefold())
        return hit
