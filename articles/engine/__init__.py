"""The text-reading engine: quotes and their speakers, people and organisations, figures.

Plain Python over strings, no Django. Callers use the four functions below.
"""

from __future__ import annotations

from collections.abc import Iterable

from articles.engine.entities import extract_entities
from articles.engine.figures import extract_figures
from articles.engine.quotes import extract_quotes, extract_quotes_with, prepare
from articles.engine.types import Entity, Figure, KnownSpeaker, Quote, Reading


def read_article(text: str, *, known: Iterable[KnownSpeaker] = ()) -> Reading:
    """Read one article: quotes with speakers, entities with roles, figures."""
    if not text:
        return Reading()
    known = tuple(known)
    layout, registry, spans = prepare(text, known)
    quotes = extract_quotes_with(text, layout, registry, spans)
    warnings = tuple(
        f"unclosed quotation at offset {sp.open}"
        for sp in spans
        if sp.runs_on and not any(q.start == sp.start for q in quotes)
    )
    return Reading(
        quotes=tuple(quotes),
        entities=tuple(registry.entities()),
        figures=tuple(extract_figures(text)),
        warnings=warnings,
    )


__all__ = [
    "Entity",
    "Figure",
    "KnownSpeaker",
    "Quote",
    "Reading",
    "extract_entities",
    "extract_figures",
    "extract_quotes",
    "read_article",
]
