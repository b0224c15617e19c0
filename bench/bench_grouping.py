"""Benchmark placing articles into the in-memory story index.

Generates 100,000 synthetic articles (deterministic: fixed seed), about 3.5 per event over a
year, adds them in publish order, and at 10,000, 50,000 and 100,000 stored articles times
placing 200 more (featurize + place, without adding them). Prints ms per article (median and
p95) and the process's peak memory.

    /work/main/.venv/bin/python bench/bench_grouping.py [--total 100000] [--probes 200]
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from articles.engine.grouping import StoryIndex, featurize  # noqa: E402

SEED = 20250304
START = datetime(2025, 1, 1, 6, 0)
SYLLABLES = [c + v for c in "bdfgklmnprstvz" for v in ("a", "e", "i", "o", "u", "ar", "en")]


def _word(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(n))


class Generator:
    """Synthetic news: Zipf-distributed background words plus event words, names, figures."""

    def __init__(self, total: int, seed: int = SEED) -> None:
        self.rng = random.Random(seed)
        rng = self.rng
        self.vocab = list({_word(rng, rng.randint(2, 4)) for _ in range(40_000)})
        self.names = list({_word(rng, rng.randint(2, 3)).capitalize() for _ in range(20_000)})
        weights = [1 / (i + 1) ** 1.05 for i in range(len(self.vocab))]
        self.cum = list(_accumulate(weights))
        self.total = total
        self.span_minutes = 365 * 24 * 60

    def background(self, k: int) -> list[str]:
        return self.rng.choices(self.vocab, cum_weights=self.cum, k=k)

    def events(self):
        """Yield (event_id, published_at, headline, body) in publish order."""
        rng = self.rng
        produced = 0
        event_id = 0
        while produced < self.total:
            at = START + timedelta(minutes=self.span_minutes * produced / self.total)
            topic = rng.sample(self.vocab[200:], 8)
            names = rng.sample(self.names, 3)
            figures = [f"{rng.randint(10, 99_999):,}" for _ in range(2)]
            for j in range(min(rng.randint(1, 6), self.total - produced)):
                when = at + timedelta(hours=rng.randint(0, 36))
                yield event_id, when, *self.article(topic, names, figures, j)
                produced += 1
            event_id += 1

    def article(self, topic, names, figures, j):
        rng = self.rng
        head = " ".join(rng.sample(topic, 3) + self.background(4)).capitalize()
        sentences = []
        for _ in range(rng.randint(5, 9)):
            words = self.background(rng.randint(10, 18)) + rng.sample(topic, 3)
            if rng.random() < 0.5:
                words.insert(rng.randrange(1, len(words)), rng.choice(names))
            if rng.random() < 0.3:
                words.insert(rng.randrange(1, len(words)), rng.choice(figures))
            rng.shuffle(words)
            sentences.append("the " + " ".join(words) + ".")
        return head, " ".join(sentences)


def _accumulate(weights):
    total = 0.0
    for w in weights:
        total += w
        yield total


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def probe(index: StoryIndex, gen: Generator, articles: list, n: int) -> tuple[list, list]:
    """Time featurize+place for ``n`` articles like the last ones stored (not added)."""
    rng = gen.rng
    place_ms, total_ms = [], []
    for _ in range(n):
        _, when, headline, body = articles[rng.randrange(len(articles))]
        t0 = time.perf_counter()
        features = featurize(headline=headline, body=body, published_at=when)
        t1 = time.perf_counter()
        index.place(features)
        t2 = time.perf_counter()
        place_ms.append((t2 - t1) * 1000)
        total_ms.append((t2 - t0) * 1000)
    return place_ms, total_ms


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--total", type=int, default=100_000)
    parser.add_argument("--probes", type=int, default=200)
    args = parser.parse_args()
    checkpoints = {c for c in (10_000, 50_000, 100_000) if c <= args.total} | {args.total}

    gen = Generator(args.total)
    index = StoryIndex()
    stored = 0
    recent: list = []
    started = time.perf_counter()
    keys: dict[int, int] = {}
    placed_right = 0
    for event_id, when, headline, body in gen.events():
        features = featurize(headline=headline, body=body, published_at=when)
        key = index.place(features)
        if key is None:
            key = len(index.stories)
        elif keys.get(event_id) == key:
            placed_right += 1
        keys.setdefault(event_id, key)
        index.add(key, features)
        stored += 1
        recent.append((event_id, when, headline, body))
        recent = recent[-2000:]
        if stored in checkpoints:
            place_ms, total_ms = probe(index, gen, recent, args.probes)
            print(
                f"{stored:>7,} stored, {len(index.stories):>6,} stories: "
                f"place {statistics.median(place_ms):.2f} ms median, {p95(place_ms):.2f} ms p95; "
                f"featurize+place {statistics.median(total_ms):.2f} ms median, "
                f"{p95(total_ms):.2f} ms p95; peak RSS {peak_mb():.0f} MB; "
                f"elapsed {time.perf_counter() - started:.0f} s",
                flush=True,
            )
    print(f"events: {len(keys):,}; articles joining their event's first story: {placed_right:,}")


if __name__ == "__main__":
    main()
