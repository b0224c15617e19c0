"""The quick scans for spelled-out numbers, for dates and clock times and for abbreviations
ending a sentence find exactly what their patterns find when searched at every character
(``finditer``, ``sub``, ``search``)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from articles.engine.grouping import _DATE_OR_TIME_RE, _MONTHS, _without_dates_or_times
from articles.engine.similarity import (
    _ABBREV,
    _NUMBER_WORDS,
    _WORD_NUMBER_RE,
    _merge_abbreviations,
    _word_number_matches,
    normalise_quotes,
    split_sentences,
)

HERE = Path(__file__).resolve().parent

NUMBER_PIECES = [
    *_NUMBER_WORDS,
    *(w.title() for w in _NUMBER_WORDS),
    *"hundred thousand million billion Hundred MILLION often someone Tenby x9 _ 7".split(),
    " ",
    "  ",
    "-",
    "\n",
    "'s",
    ".",
    "é",
    "twentyone",
]
DATE_PIECES = [
    *_MONTHS,
    *(m.upper() for m in _MONTHS),
    *"may Mar. Sept. Market MAYOR st nd th am pm a.m. P.M. 4:17pm 5.30 2031 _ Q".split(),
    *"1 9 12 17 / : :30 0".split(),
    " ",
    " / ",
    "\n",
    ".",
    "-",
    "é",
]


def _texts(pieces: list[str], n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 9))) for _ in range(n)]


def _articles() -> list[str]:
    """The fictional stress passages, as featurizing reads them (quotes folded to ASCII) and
    as written."""
    lines = (HERE / "stress.jsonl").read_text(encoding="utf-8").splitlines()
    texts = [json.loads(line)["text"] for line in lines if line.strip()]
    return [*texts, *(normalise_quotes(text) for text in texts)]


def test_spelled_out_numbers_are_found_as_the_pattern_finds_them():
    def spans(matches):
        return [(m.start(), m.end(), m.groups()) for m in matches]

    for text in [*_texts(NUMBER_PIECES, 20_000, seed=7), *_articles()]:
        expected = spans(_WORD_NUMBER_RE.finditer(text))
        assert spans(_word_number_matches(text)) == expected, text


def test_dates_and_times_are_blanked_as_the_pattern_blanks_them():
    for text in [*_texts(DATE_PIECES, 20_000, seed=11), *_articles()]:
        assert _without_dates_or_times(text) == _DATE_OR_TIME_RE.sub(" ", text), text


SENTENCE_PIECES = [
    *"Mr. Mrs. Ms. Dr. St. U.S. Inc. Co. No. Gov. xMr. _Dr. MrMr. said Jane Roe A 9".split(),
    " ",
    "  ",
    "\n",
    "\n\n",
    ".",
    "!",
    "?",
    '"',
    "é",
]


def test_sentences_run_on_after_an_abbreviation_as_the_whole_sentence_search_says():
    def merged_by_searching_all(text, spans):
        merged = []
        for span in spans:
            if merged and _ABBREV.search(text[merged[-1][0] : merged[-1][1]]):
                merged[-1] = (merged[-1][0], span[1])
            else:
                merged.append(span)
        return merged

    for text in [*_texts(SENTENCE_PIECES, 20_000, seed=13), *_articles()]:
        # Each sentence on its own, then merged both ways.
        spans = [(s, e) for s, e in split_sentences(text.replace(".", "!"))]
        assert _merge_abbreviations(text, spans) == merged_by_searching_all(text, spans), text
