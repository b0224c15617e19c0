"""Find the passages that support each key point and summary sentence of a story.

Scoring is BM25-like over the story's own passages (IDF from those passages, so words every
article uses weigh little), normalised to [0, 1] by the claim's total IDF so one threshold
works for short and long claims. Names shared with the claim and agreeing numbers add to the
score: "3,000 arrests per day" is supported by "stop 3,000 people a day".
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from articles.engine.similarity import (
    content_terms,
    extract_names,
    extract_numbers,
    name_keys,
    numbers_agree,
    split_sentences,
)

SUPPORT_THRESHOLD = 0.35
K1, B = 1.2, 0.5
W_TERMS, W_NUMBERS, W_NAMES = 0.7, 0.2, 0.1

# Words that summaries and articles swap for one another; each maps to a canonical stem.
_CLAIM_SYNONYMS = {
    "objectiv": "target",
    "goal": "target",
    "aim": "target",
    "daily": "day",
    "numer": "number",
    "figur": "number",
    "stop": "arrest",
    "detain": "arrest",
    "retir": "retire",
    "quit": "resign",
    "step": "resign",
    "rais": "increas",
    "boost": "increas",
    "rise": "increas",
    "cut": "reduc",
    "deport": "deport",
    "expulsion": "deport",
    "remov": "deport",
    "reassign": "move",
    "chang": "move",
}


@dataclass(frozen=True, slots=True)
class Passage:
    """A span of one article's body (``start``/``end`` are offsets into that body)."""

    article_key: object
    outlet: str
    text: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class EvidenceHit:
    passage: Passage
    score: float


def passages_from_article(
    article_key: object, outlet: str, body: str, *, window: int = 1
) -> list[Passage]:
    """Split a body into sentence passages; ``window=2`` adds overlapping sentence pairs.

    Pairs help when a claim's subject is in one sentence and its figure in the next.
    """
    spans = split_sentences(body)
    out = [Passage(article_key, outlet, body[s:e], s, e) for s, e in spans]
    for size in range(2, window + 1):
        for i in range(len(spans) - size + 1):
            s, e = spans[i][0], spans[i + size - 1][1]
            out.append(Passage(article_key, outlet, body[s:e], s, e))
    return out


def _terms(text: str) -> list[str]:
    return [_CLAIM_SYNONYMS.get(t, t) for t in content_terms(text)]


def find_evidence(
    claim: str,
    passages: Sequence[Passage],
    *,
    threshold: float = SUPPORT_THRESHOLD,
    limit: int = 5,
) -> list[EvidenceHit]:
    """Passages supporting ``claim``, best first, only those scoring at least ``threshold``."""
    claim_terms = set(_terms(claim))
    if not claim_terms or not passages:
        return []
    docs = [Counter(_terms(p.text)) for p in passages]
    n = len(docs)
    df: Counter[str] = Counter()
    for doc in docs:
        df.update(doc.keys() & claim_terms)
    avg_len = sum(sum(d.values()) for d in docs) / n or 1.0
    # Claim words no passage has still count in the denominator: a claim half about
    # something the articles never mention is at most half supported.
    idf = {t: math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5)) for t in claim_terms}
    total_idf = sum(idf.values()) or 1.0

    claim_numbers = [v for v in extract_numbers(claim) if v >= 10]
    claim_names = name_keys(extract_names(claim))

    hits = []
    for passage, doc in zip(passages, docs, strict=True):
        length = sum(doc.values()) or 1
        bm25 = 0.0
        for term in claim_terms:
            tf = doc.get(term, 0)
            if tf:
                norm = tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / avg_len))
                bm25 += idf[term] * min(1.0, norm)
        text_score = bm25 / total_idf
        score = W_TERMS * text_score
        if claim_numbers:
            found = extract_numbers(passage.text)
            agree = sum(1 for c in claim_numbers if any(numbers_agree(c, f) for f in found))
            score += W_NUMBERS * agree / len(claim_numbers)
        else:
            score += W_NUMBERS * text_score  # nothing to check: let the words decide
        if claim_names:
            shared = claim_names & name_keys(extract_names(passage.text))
            score += W_NAMES * len(shared) / len(claim_names)
        else:
            score += W_NAMES * text_score
        if score >= threshold:
            hits.append(EvidenceHit(passage, round(score, 4)))
    hits.sort(key=lambda h: -h.score)
    return hits[:limit]
