"""Measure flagged figure disagreements on the labelled fictional figure traps.

Usage: python scripts/eval_figures.py [scripts/figure_traps.json] [--verbose]

Each trap is two short passages from two outlets about one event, one figure each, labelled
whether the two figures genuinely disagree (same quantity, same referent, different value).
The engine extracts figures from both passages and lines them up across the two outlets; a
trap is flagged when some row holding figures from both outlets is marked a disagreement.

Prints precision, recall and F1 of flagged disagreements, and the errors grouped by kind.
Labelling rule for approximations: an approximate figure ("about 300") and an exact one (312)
agree when they are within 10%.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from articles.engine import extract_figures  # noqa: E402
from articles.engine.figures_compare import compare_figures  # noqa: E402

DEFAULT = ROOT / "scripts" / "figure_traps.json"


def _desc(figs) -> str:
    return ", ".join(f"{f.text!r}[{f.unit or '-'}]" for f in figs) or "none"


def judge(trap: dict) -> tuple[bool, str, str, str]:
    """(flagged, error kind if wrong, figures of a, figures of b)."""
    fa = extract_figures(trap["a"]["text"])
    fb = extract_figures(trap["b"]["text"])
    oa, ob = trap["a"]["outlet"], trap["b"]["outlet"]
    if oa == ob:
        ob += " (b)"
    table = compare_figures([*((oa, f) for f in fa), *((ob, f) for f in fb)])
    flagged = any(
        row.disagreement and {v.outlet for v in row.values} >= {oa, ob} for row in table.rows
    )
    kind = ""
    if flagged and not trap["disagree"]:
        if len(fa) > 1 or len(fb) > 1:
            kind = "false alarm: extra figure extracted"
        else:
            kind = "false alarm: different quantities in one row"
    elif trap["disagree"] and not flagged:
        if not fa or not fb:
            kind = "missed: a figure not extracted"
        elif {f.unit for f in fa} != {f.unit for f in fb}:
            kind = "missed: units not lined up"
        else:
            kind = "missed: judged agreeing or split"
    return flagged, kind, _desc(fa), _desc(fb)


def main(argv: list[str]) -> int:
    verbose = "--verbose" in argv or "-v" in argv
    paths = [Path(a) for a in argv if not a.startswith("-")] or [DEFAULT]
    for path in paths:
        if not path.exists():
            print(f"{path}: absent, skipped")
            continue
        traps = json.loads(path.read_text(encoding="utf-8"))
        tp = fp = fn = tn = 0
        errors: Counter[str] = Counter()
        listing: list[str] = []
        for trap in traps:
            flagged, kind, da, db = judge(trap)
            if flagged and trap["disagree"]:
                tp += 1
            elif flagged:
                fp += 1
            elif trap["disagree"]:
                fn += 1
            else:
                tn += 1
            if kind:
                errors[kind] += 1
                listing.append(f"  [{trap['id']}] {kind}: a={da} b={db} ({trap['why']})")
        p = tp / (tp + fp) if tp + fp else 0.0
        r = tp / (tp + fn) if tp + fn else 0.0
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        print(f"{path.name}: {len(traps)} traps, {tp + fn} disagreements")
        print(f"  flagged disagreements: precision {p:.3f}  recall {r:.3f}  F1 {f1:.3f}")
        print(f"  tp {tp}  fp {fp}  fn {fn}  tn {tn}")
        for kind, n in errors.most_common():
            print(f"  {n:3d}  {kind}")
        if verbose:
            print("\n".join(listing))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
