"""Dump every reading the engine gives, to check that a speed change leaves them identical.

Usage: python bench/engine_readings.py OUT.json [--articles 1000] [--no-devset]

Reads with ``read_article`` (and ``extract_entities`` alone) the bench corpus of
``bench_engine.py``, the fictional labelled sets in ``tests/engine/*.jsonl`` (with their known
speakers), the seed texts and, when ``../shared/devset/`` is present, every devset article. It
writes a canonical JSON dump of every field of every result to OUT (keep it outside the repo:
it holds article text) and prints only counts and a hash per corpus. Compare two dumps with
``diff`` or by their hashes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from dataclasses import fields
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_engine import make_article  # noqa: E402

from articles.engine import extract_entities, read_article  # noqa: E402
from articles.engine.types import KnownSpeaker  # noqa: E402

SHARED = ROOT.parent / "shared"
if not SHARED.is_dir():
    SHARED = Path("/work/shared")


def _plain(obj):
    if isinstance(obj, (list, tuple)):
        return [_plain(x) for x in obj]
    if hasattr(obj, "__dataclass_fields__"):
        return {f.name: _plain(getattr(obj, f.name)) for f in fields(obj)}
    return obj


def _read(text: str, known: tuple = ()) -> dict:
    reading = read_article(text, known=known)
    return {
        "reading": _plain(reading),
        "entities_alone": _plain(extract_entities(text, known=known)),
    }


def _corpora(args) -> dict[str, list[tuple[str, tuple]]]:
    rng = random.Random(args.seed)
    out: dict[str, list[tuple[str, tuple]]] = {
        "bench": [(make_article(rng), ()) for _ in range(args.articles)]
    }
    labelled = []
    for path in sorted((ROOT / "tests" / "engine").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                item = json.loads(line)
                known = tuple(
                    KnownSpeaker(k["name"], k.get("kind", "person"), tuple(k.get("aliases", ())))
                    for k in item.get("known", ())
                )
                labelled.append((item["text"], known))
    out["labelled"] = labelled
    seeds = SHARED / "seeds"
    out["seeds"] = [(p.read_text(encoding="utf-8"), ()) for p in sorted(seeds.glob("*.txt"))]
    devset = SHARED / "devset"
    if args.devset and devset.is_dir():
        train = json.loads((devset / "quotes_train.json").read_text(encoding="utf-8"))
        out["quotes_train"] = [(a["text"], ()) for a in train]
        grouping = json.loads((devset / "grouping_dev.json").read_text(encoding="utf-8"))
        out["grouping_dev"] = [
            (a["text"], ()) for e in grouping["events"] for a in e["articles"] if a.get("text")
        ]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--articles", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=20250501)
    parser.add_argument("--no-devset", dest="devset", action="store_false")
    args = parser.parse_args()
    if Path(args.out).resolve().is_relative_to(ROOT):
        raise SystemExit("write the dump outside the repository (it holds article text)")
    dump: dict[str, list] = {}
    for name, items in _corpora(args).items():
        dump[name] = [_read(text, known) for text, known in items]
        blob = json.dumps(dump[name], sort_keys=True, ensure_ascii=False)
        quotes = sum(len(r["reading"]["quotes"]) for r in dump[name])
        digest = hashlib.sha256(blob.encode()).hexdigest()[:16]
        print(f"{name:14} {len(items):5} texts {quotes:6} quotes  {digest}")
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(dump, fh, sort_keys=True, ensure_ascii=False, indent=0)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
