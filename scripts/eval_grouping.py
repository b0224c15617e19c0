"""Evaluate story grouping on the fictional dev and held-out sets.

Runs online clustering in publish order (as articles arrive in production), and again in a
shuffled arrival order, on the short dev and held-out sets, the long set and the hand-written
set, and prints B-cubed precision, recall and F1 for the engine and for a plain TF-IDF cosine
baseline
(single-link: join the story of the most similar earlier article if cosine >= a fixed
threshold).

    /work/main/.venv/bin/python scripts/eval_grouping.py [--sweep] [--errors]

The held-out file is for reporting only: thresholds and weights are chosen on the dev file.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from articles.engine.grouping import StoryIndex, featurize  # noqa: E402
from articles.engine.similarity import content_terms  # noqa: E402
from articles.engine.weights import DocumentFrequencies  # noqa: E402

DATA = ROOT / "tests" / "engine" / "data_connect"
DEV = DATA / "grouping_devset.jsonl"
HELDOUT = DATA / "grouping_heldout.jsonl"
LONG = DATA / "grouping_long.jsonl"
HAND = DATA / "grouping_hand.jsonl"  # hand-written, never tuned on in isolation
SETS = (("dev", DEV), ("held-out", HELDOUT), ("long", LONG), ("hand", HAND))
BASELINE_THRESHOLD = 0.25  # the best fixed threshold on the dev set


def load(path: Path) -> list[dict]:
    """The set's articles in publish order. An article without ``published_at`` (some feeds
    have none) keeps its place in the file, right after the dated article before it."""
    with path.open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    key, keys = "", []
    for row in rows:
        key = row.get("published_at") or key
        keys.append(key)
    order = sorted(range(len(rows)), key=lambda i: (keys[i], i))
    return [rows[i] for i in order]


def shuffled(rows: list[dict], seed: int = 7) -> list[dict]:
    """The same articles in a random arrival order (imports are not always in date order)."""
    out = list(rows)
    random.Random(seed).shuffle(out)
    return out


def _published(row: dict) -> datetime | None:
    value = row.get("published_at")
    return datetime.fromisoformat(value) if value else None


def bcubed(gold: Sequence, predicted: Sequence) -> tuple[float, float, float]:
    """B-cubed precision, recall and F1 of a clustering against gold labels."""
    by_pred: dict = defaultdict(list)
    by_gold: dict = defaultdict(list)
    for i, (g, p) in enumerate(zip(gold, predicted, strict=True)):
        by_pred[p].append(i)
        by_gold[g].append(i)
    precision = recall = 0.0
    for g, p in zip(gold, predicted, strict=True):
        same = sum(1 for j in by_pred[p] if gold[j] == g)
        precision += same / len(by_pred[p])
        recall += same / len(by_gold[g])
    n = len(gold)
    precision, recall = precision / n, recall / n
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def run_engine(rows: list[dict], threshold: float | None = None) -> list:
    index = StoryIndex() if threshold is None else StoryIndex(threshold=threshold)
    labels = []
    for row in rows:
        features = featurize(
            headline=row["headline"],
            body=row["body"],
            published_at=_published(row),
        )
        labels.append(index.assign(features, new_key=len(index.stories)))
    return labels


def run_baseline(rows: list[dict], threshold: float = BASELINE_THRESHOLD) -> list:
    """Plain TF-IDF cosine, single link, online IDF, no title boost, names, dates or figures."""
    df = DocumentFrequencies()
    seen: list[tuple[Counter, int]] = []
    labels = []
    for row in rows:
        counts = Counter(content_terms(row["headline"] + "\n" + row["body"]))
        df.add(counts)
        vec = _tfidf(counts, df)
        best, best_label = 0.0, None
        for other, label in seen:
            sim = _cos(vec, _tfidf(other, df))
            if sim > best:
                best, best_label = sim, label
        if best >= threshold:
            label = best_label
        else:
            label = max((lab for _, lab in seen), default=-1) + 1
        seen.append((counts, label))
        labels.append(label)
    return labels


def _tfidf(counts: Counter, df: DocumentFrequencies) -> dict[str, float]:
    # Plain smoothed IDF from the articles seen so far (no background table).
    n = df.n_docs + 1
    return {
        t: (1 + math.log(c)) * (math.log(n / (df.df.get(t, 0) + 0.5)) + 0.5)
        for t, c in counts.items()
    }


def _cos(a: dict[str, float], b: dict[str, float]) -> float:
    dot = sum(v * b.get(k, 0.0) for k, v in a.items())
    na = math.sqrt(sum(v * v for v in a.values()))
    nb = math.sqrt(sum(v * v for v in b.values()))
    return dot / (na * nb) if dot else 0.0


def evaluate(path: Path, *, shuffle: bool = False) -> dict[str, tuple[float, float, float]]:
    rows = load(path)
    if shuffle:
        rows = shuffled(rows)
    gold = [r["event"] for r in rows]
    return {
        "engine": bcubed(gold, run_engine(rows)),
        "baseline": bcubed(gold, run_baseline(rows)),
    }


def print_errors(rows: list[dict], labels: list) -> None:
    """Articles whose predicted story mixes events or splits one."""
    by_label: dict = defaultdict(list)
    for row, label in zip(rows, labels, strict=True):
        by_label[label].append(row)
    for label, members in by_label.items():
        events = Counter(r["event"] for r in members)
        if len(events) > 1:
            print(f"  MERGED story {label}: {dict(events)}")
    by_event: dict = defaultdict(set)
    for row, label in zip(rows, labels, strict=True):
        by_event[row["event"]].add(label)
    for event, labels_ in by_event.items():
        if len(labels_) > 1:
            print(f"  SPLIT event {event}: {len(labels_)} stories")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sweep", action="store_true", help="try thresholds on the dev set")
    parser.add_argument("--errors", action="store_true", help="list merged and split stories")
    args = parser.parse_args()
    for name, path in SETS:
        for order in ("in-order", "shuffled"):
            result = evaluate(path, shuffle=order == "shuffled")
            for system, (p, r, f) in result.items():
                print(
                    f"{name:8s} {order:8s} {system:8s} "
                    f"B3 precision {p:.3f}  recall {r:.3f}  F1 {f:.3f}"
                )
        if args.errors:
            rows = load(path)
            print_errors(rows, run_engine(rows))
    if args.sweep:
        rows = load(DEV)
        gold = [r["event"] for r in rows]
        for t in (0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45):
            _, _, f_e = bcubed(gold, run_engine(rows, t))
            _, _, f_b = bcubed(gold, run_baseline(rows, t))
            print(f"threshold {t:.2f}: engine F1 {f_e:.3f}  baseline F1 {f_b:.3f}")


if __name__ == "__main__":
    main()
