"""Recognise the same quote across outlets (how two wordings differ is `articles.engine.diff`).

Outlets trim quotes, translate them, fix the grammar or paraphrase. Three levels of sameness:

- ``verbatim``: the same words once quotes, case, punctuation and contractions are
  normalised; a trimmed quote ("...") whose pieces all appear in order in the other also counts;
- ``variant``: the same statement worded slightly differently, typically a translation
  ("I am not satisfied with the figures" / "I'm not satisfied with the numbers");
- ``paraphrase``: the same content reworded considerably.

Two different statements by one speaker must stay apart even when they share most words
("We will not raise taxes this year" / "We will raise the budget for schools this year"), so
the content words must overlap, not just the function words, and negation must agree.

The caller only compares quotes of the same speaker in the same story; nothing here scans all
quotes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from rapidfuzz import fuzz

from articles.engine.similarity import STOPWORDS, normalise_quotes, stem

MatchKind = Literal["verbatim", "variant", "paraphrase"]

VARIANT_MIN = 88.0
PARAPHRASE_MIN = 0.5

_CONTRACTIONS = {
    "i'm": "i am",
    "you're": "you are",
    "we're": "we are",
    "they're": "they are",
    "he's": "he is",
    "she's": "she is",
    "it's": "it is",
    "that's": "that is",
    "there's": "there is",
    "what's": "what is",
    "let's": "let us",
    "i've": "i have",
    "we've": "we have",
    "you've": "you have",
    "they've": "they have",
    "i'll": "i will",
    "we'll": "we will",
    "you'll": "you will",
    "they'll": "they will",
    "he'll": "he will",
    "she'll": "she will",
    "it'll": "it will",
    "i'd": "i would",
    "we'd": "we would",
    "they'd": "they would",
    "you'd": "you would",
    "won't": "will not",
    "can't": "cannot",
    "shan't": "shall not",
    "n't": " not",
}
_NOT_RE = re.compile(r"(\w+)n't\b")

# Wordings that translations and rewrites swap freely. Kept to common, general-purpose
# equivalences; each maps to one canonical form.
_PHRASE_SYNONYMS = (
    ("have to", "must"),
    ("has to", "must"),
    ("had to", "must"),
    ("need to", "must"),
    ("needs to", "must"),
    ("got to", "must"),
    ("going to", "will"),
    ("is not", "not"),
    ("are not", "not"),
    ("do not", "not"),
    ("does not", "not"),
    ("did not", "not"),
    ("cannot", "can not"),
)
_WORD_SYNONYMS = {
    "figures": "numbers",
    "figure": "number",
    "amounts": "numbers",
    "objective": "goal",
    "objectives": "goals",
    "target": "goal",
    "targets": "goals",
    "aim": "goal",
    "big": "large",
    "huge": "large",
    "begin": "start",
    "commence": "start",
    "purchase": "buy",
    "assist": "help",
    "obtain": "get",
    "receive": "get",
    "rise": "increase",
    "raise": "increase",
    "grow": "increase",
    "boost": "increase",
    "security": "safety",
    "safe": "safety",
    "secure": "safety",
    "foreigners": "aliens",
    "expulsion": "deportation",
    "removal": "deportation",
    "deporting": "deportation",
    "kids": "children",
    "whole": "entire",
    "complete": "full",
    "happy": "satisfied",
    "pleased": "satisfied",
    "content": "satisfied",
}
_NEGATIONS = frozenset({"not", "no", "never", "nothing", "nobody", "none", "neither", "nor"})
# Function words for the content-overlap test: the stopwords, minus negations (which must
# agree) and plus words every statement about plans has.
_FUNCTION = (STOPWORDS - _NEGATIONS) | frozenset({"must", "will", "can", "shall", "want"})
_WORD_RE = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


@dataclass(frozen=True, slots=True)
class QuoteMatch:
    """How alike two quotes are. ``kind`` is ``None`` when they are different statements."""

    score: float
    kind: MatchKind | None

    @property
    def matched(self) -> bool:
        return self.kind is not None


@dataclass(frozen=True, slots=True)
class GroupMatch:
    """The existing quote group a new wording belongs to."""

    key: object
    match: QuoteMatch


def normalise(text: str) -> str:
    """Lowercase words with quotes, punctuation and contractions normalised."""
    text = normalise_quotes(text).lower()
    text = re.sub(r"\.\.\.|…", " … ", text)
    words = []
    for word in _WORD_RE.findall(text):
        if word in _CONTRACTIONS:
            words.append(_CONTRACTIONS[word])
        elif word.endswith("n't"):
            words.append(_NOT_RE.sub(r"\1 not", word))
        elif word.endswith("'s"):
            words.append(word[:-2])
        else:
            words.append(word)
    return " ".join(words)


def canonical(text: str) -> str:
    """``normalise`` plus the synonym table: the form variants are compared in."""
    norm = f" {normalise(text)} "
    for phrase, repl in _PHRASE_SYNONYMS:
        norm = norm.replace(f" {phrase} ", f" {repl} ")
    return " ".join(_WORD_SYNONYMS.get(w, w) for w in norm.split())


def _fragments(text: str) -> list[str]:
    """The pieces of a quote an outlet trimmed with an ellipsis."""
    text = normalise_quotes(text).replace("…", "...")
    return [normalise(part) for part in text.split("...") if normalise(part)]


def _in_order(fragments: list[str], whole: str) -> bool:
    pos = 0
    padded = f" {whole} "
    for frag in fragments:
        found = padded.find(f" {frag} ", pos)
        if found < 0:
            return False
        pos = found + len(frag) + 1
    return True


def _content(canon: str) -> set[str]:
    return {stem(w) for w in canon.split() if w not in _FUNCTION and len(w) > 1}


def _negated(canon: str) -> bool:
    return any(w in _NEGATIONS for w in canon.split())


def match_quote(a: str, b: str) -> QuoteMatch:
    """Compare two quotations (same speaker assumed). See the module docstring for kinds."""
    na, nb = normalise(a), normalise(b)
    if not na or not nb:
        return QuoteMatch(0.0, None)
    if na == nb:
        return QuoteMatch(1.0, "verbatim")
    short, long_ = (a, nb) if len(na) <= len(nb) else (b, na)
    frags = _fragments(short)
    if sum(len(f.split()) for f in frags) >= 4 and _in_order(frags, long_):
        return QuoteMatch(0.98, "verbatim")

    ca, cb = canonical(a), canonical(b)
    if _negated(ca) != _negated(cb):
        # "We will not raise taxes" vs "We will raise taxes": opposite statements.
        return QuoteMatch(round(fuzz.ratio(ca, cb) / 100 * 0.5, 3), None)
    ratio = max(fuzz.ratio(ca, cb), fuzz.token_sort_ratio(ca, cb))
    if ca == cb:
        return QuoteMatch(0.97, "variant")
    if ratio >= VARIANT_MIN:
        return QuoteMatch(round(min(ratio, 96.0) / 100, 3), "variant")
    # Partial: one wording is a trimmed version of the other with light edits.
    if min(len(ca), len(cb)) >= 25 and fuzz.partial_ratio(ca, cb) >= 92:
        return QuoteMatch(round(fuzz.partial_ratio(ca, cb) / 100 * 0.95, 3), "variant")

    wa, wb = _content(ca), _content(cb)
    if not wa or not wb:
        return QuoteMatch(round(ratio / 100 * 0.5, 3), None)
    shared = len(wa & wb)
    overlap = shared / min(len(wa), len(wb))
    dice = 2 * shared / (len(wa) + len(wb))
    score = round(0.5 * overlap + 0.5 * dice, 3)
    # Short quotes have few content words; all of them must then be shared.
    enough = shared >= min(3, len(wa), len(wb)) and shared >= 2
    if enough and overlap >= PARAPHRASE_MIN and dice >= 0.35:
        return QuoteMatch(score, "paraphrase")
    return QuoteMatch(score, None)


def group_quotes(
    text: str, groups: Mapping[object, Sequence[str]] | Sequence[Sequence[str]]
) -> GroupMatch | None:
    """The best existing group (by key, or index for a list) for a new wording, or ``None``.

    ``groups`` are the quote groups of the SAME speaker in the same story, each a list of the
    wordings already in it. Stronger kinds win over higher scores of weaker kinds.
    """
    items = groups.items() if isinstance(groups, Mapping) else enumerate(groups)
    rank = {"verbatim": 3, "variant": 2, "paraphrase": 1}
    best: GroupMatch | None = None
    best_rank = (0, 0.0)
    for key, wordings in items:
        for wording in wordings:
            m = match_quote(text, wording)
            if m.kind is None:
                continue
            m_rank = (rank[m.kind], m.score)
            if best is None or m_rank > best_rank:
                best, best_rank = GroupMatch(key, m), m_rank
    return best
