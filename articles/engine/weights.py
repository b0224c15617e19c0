"""Term weights: document frequencies kept incrementally, IDF pooled with a generic English
background table, and the cosine of two weighted term vectors.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from articles.engine.similarity import content_terms


def _load_background(path: Path) -> dict[str, float]:
    """Fraction of generic English documents containing each term (see the data file's
    generator, ``data/make_background_df.py``)."""
    out: dict[str, float] = {}
    docs = 1.0
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            term, _, count = line.rstrip("\n").partition("\t")
            if term == "# documents":
                docs = float(count)
            elif term and count:
                out[term] = int(count) / docs
    return out


BACKGROUND_DF = _load_background(Path(__file__).with_name("data") / "background_df.tsv")
# How many generic English documents the background counts as. A fresh database thus knows
# from its first article that "people" and "council" are common and "arson" is not; as the
# corpus grows past a few hundred documents its own counts take over.
BACKGROUND_DOCS = 200.0


@dataclass(slots=True)
class DocumentFrequencies:
    """Document frequencies kept incrementally, so IDF is cheap at any corpus size.

    Persist with ``as_dict()`` / ``from_dict()``; on the database side this is one row per
    term (``term``, ``df``) plus the document count.
    """

    n_docs: int = 0
    df: dict[str, int] = field(default_factory=dict)

    def add(self, terms: Iterable[str]) -> None:
        self.n_docs += 1
        df = self.df
        for term in set(terms):
            df[term] = df.get(term, 0) + 1

    def remove(self, terms: Iterable[str]) -> None:
        self.n_docs = max(0, self.n_docs - 1)
        for term in set(terms):
            left = self.df.get(term, 0) - 1
            if left > 0:
                self.df[term] = left
            else:
                self.df.pop(term, None)

    def idf(self, term: str) -> float:
        # Smoothed so that unseen terms are the rarest and a term in every document still
        # weighs a little. The corpus counts are pooled with the generic English background
        # (name and number keys are not in it), so IDF is sensible on a cold start.
        prior = BACKGROUND_DOCS * BACKGROUND_DF.get(term, 0.0)
        return (
            math.log((self.n_docs + BACKGROUND_DOCS + 1) / (self.df.get(term, 0) + prior + 0.5))
            + 0.5
        )

    def as_dict(self) -> dict:
        return {"n_docs": self.n_docs, "df": dict(self.df)}

    @classmethod
    def from_dict(cls, data: Mapping) -> DocumentFrequencies:
        return cls(n_docs=int(data.get("n_docs", 0)), df=dict(data.get("df", {})))


def norm(a: Mapping[str, float]) -> float:
    """Euclidean length of a sparse vector."""
    return math.sqrt(sum([v * v for v in a.values()]))  # (a list: quicker, the same sum)


def cosine(a: Mapping[str, float], b: Mapping[str, float], a_norm: float | None = None) -> float:
    """Cosine of two sparse vectors. ``a_norm``: ``norm(a)``, when the caller scores one
    vector against many (the same figure: the norms are summed alike and their product is
    the same either way round)."""
    small, large = (b, a) if len(a) > len(b) else (a, b)
    dot = sum([v * large[k] for k, v in small.items() if k in large])
    if not dot:
        return 0.0
    na = norm(a) if a_norm is None else a_norm
    nb = norm(b)
    return dot / (na * nb) if na and nb else 0.0


def term_counts(text: str) -> Counter[str]:
    return Counter(content_terms(text))
