"""Write ``background_df.tsv``: how many of 10,000 generic English documents contain each term.

Derived from generic English word frequencies (the ``wordfreq`` package, 3.1.1, its default
English list of many sources: subtitles, web text, Wikipedia, books, news), never from
Newsroom's articles or test sets. ``wordfreq`` is only needed to regenerate the file, not at run
time:

    pip install --target /tmp/wordfreq wordfreq==3.1.1
    PYTHONPATH=/tmp/wordfreq python articles/engine/data/make_background_df.py

Each of the 50,000 most frequent English words goes through ``content_terms`` (so stopwords
are dropped and inflections meet their stem, as at scoring time) and frequencies are summed per
term. A term of frequency ``f`` per word appears in a document of ``L`` words with probability
``1 - exp(-L f)`` (Poisson); ``L`` is 400, a typical news article. Terms found in fewer than 5
documents in 10,000 are left out: to the engine they are as rare as an unseen term anyway.
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from articles.engine.similarity import content_terms  # noqa: E402

DOCS = 10_000
DOC_LENGTH = 400
MIN_DF = 5
OUT = Path(__file__).with_name("background_df.tsv")


def main() -> None:
    import wordfreq

    freq: Counter[str] = Counter()
    for word in wordfreq.top_n_list("en", 50_000):
        terms = content_terms(word)
        if len(terms) != 1 or terms[0][0].isdigit():
            continue
        freq[terms[0]] += wordfreq.word_frequency(word, "en")
    rows = []
    for term, f in freq.items():
        df = round(DOCS * (1 - math.exp(-DOC_LENGTH * f)))
        if df >= MIN_DF:
            rows.append((term, df))
    rows.sort(key=lambda r: (-r[1], r[0]))
    with OUT.open("w", encoding="utf-8") as fh:
        fh.write(f"# documents\t{DOCS}\n")
        for term, df in rows:
            fh.write(f"{term}\t{df}\n")
    print(f"{len(rows)} terms written to {OUT}")


if __name__ == "__main__":
    main()
