"""Measure the engine on the labelled fictional passages.

Usage: python scripts/eval_engine.py [tests/engine/devset.jsonl ...] [--verbose]

Default sets: devset.jsonl (tuned on), heldout.jsonl and heldout_wire.jsonl (never tuned on;
the second is wire copy with datelines and long hard-wrapped features, CRLF and no-break
spaces).

Prints quote precision/recall/F1 (exact span text, and a lenient overlap match), speaker
accuracy over correctly found quotes (full name exact, None counts as a name), and figure
precision/recall (matched by value). Passages without a "figures" key (stress.jsonl) are
scored on quotes and speakers only.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from articles.engine import extract_figures, extract_quotes  # noqa: E402
from articles.engine.types import KnownSpeaker  # noqa: E402


def _norm(s: str) -> str:
    return " ".join(s.split()).strip(" ,.")


def _overlap(a: str, b: str) -> bool:
    a, b = _norm(a), _norm(b)
    return bool(a) and bool(b) and (a in b or b in a)


def evaluate(path: Path, verbose: bool = False) -> dict[str, float]:
    tp = fp = fn = 0
    lenient_tp = 0
    spk_ok = spk_all = 0
    f_tp = f_fp = f_fn = 0
    f_unit_ok = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        item = json.loads(line)
        known = [
            KnownSpeaker(k["name"], k.get("kind", "person"), tuple(k.get("aliases", ())))
            for k in item.get("known", ())
        ]
        got = extract_quotes(item["text"], known=known)
        exp = item["quotes"]
        used: set[int] = set()
        for e in exp:
            hit = next(
                (
                    i
                    for i, q in enumerate(got)
                    if i not in used and _norm(q.text) == _norm(e["text"])
                ),
                None,
            )
            if hit is None:
                fn += 1
                lh = next(
                    (i for i, q in enumerate(got) if i not in used and _overlap(q.text, e["text"])),
                    None,
                )
                if lh is not None:
                    lenient_tp += 1
                    used.add(lh)
                if verbose:
                    print(f"[{item['id']}] MISSED {e['text']!r}")
                continue
            used.add(hit)
            tp += 1
            lenient_tp += 1
            spk_all += 1
            if got[hit].speaker == e["speaker"]:
                spk_ok += 1
            elif verbose:
                print(
                    f"[{item['id']}] SPEAKER {got[hit].speaker!r}"
                    f" (mention {got[hit].speaker_mention!r})"
                    f" expected {e['speaker']!r}: {e['text'][:50]!r}"
                )
        for i, q in enumerate(got):
            if i not in used:
                fp += 1
                if verbose:
                    print(f"[{item['id']}] FALSE {q.text!r}")
        if "figures" not in item:
            continue  # quote-only passages (stress.jsonl): figures not labelled
        figs = extract_figures(item["text"])
        fused: set[int] = set()
        for ef in item.get("figures", ()):
            hit = next(
                (
                    i
                    for i, f in enumerate(figs)
                    if i not in fused and abs(f.value - ef["value"]) < 1e-6 * max(1, ef["value"])
                ),
                None,
            )
            if hit is None:
                f_fn += 1
                if verbose:
                    print(f"[{item['id']}] FIG MISSED {ef}")
                continue
            fused.add(hit)
            f_tp += 1
            if figs[hit].unit == ef["unit"] and figs[hit].per == ef["per"]:
                f_unit_ok += 1
            elif verbose:
                print(f"[{item['id']}] FIG UNIT {figs[hit].unit!r}/{figs[hit].per!r} expected {ef}")
        for i, f in enumerate(figs):
            if i not in fused:
                f_fp += 1
                if verbose:
                    print(f"[{item['id']}] FIG FALSE {f.text!r} {f.value}")

    def prf(t: int, p_: int, n_: int) -> tuple[float, float, float]:
        p = t / (t + p_) if t + p_ else 1.0
        r = t / (t + n_) if t + n_ else 1.0
        return p, r, (2 * p * r / (p + r) if p + r else 0.0)

    qp, qr, qf = prf(tp, fp, fn)
    lp, lr, lf = prf(lenient_tp, fp - (lenient_tp - tp), fn - (lenient_tp - tp))
    fp_, fr_, ff_ = prf(f_tp, f_fp, f_fn)
    return {
        "quote_precision": qp,
        "quote_recall": qr,
        "quote_f1": qf,
        "lenient_precision": lp,
        "lenient_recall": lr,
        "lenient_f1": lf,
        "speaker_accuracy": spk_ok / spk_all if spk_all else 1.0,
        "figure_precision": fp_,
        "figure_recall": fr_,
        "figure_f1": ff_,
        "figure_unit_accuracy": f_unit_ok / f_tp if f_tp else 1.0,
    }


def main(argv: list[str]) -> int:
    verbose = "--verbose" in argv
    paths = [Path(a) for a in argv if not a.startswith("--")] or [
        ROOT / "tests/engine/devset.jsonl",
        ROOT / "tests/engine/heldout.jsonl",
        ROOT / "tests/engine/heldout_wire.jsonl",
    ]
    for path in paths:
        m = evaluate(path, verbose)
        print(f"== {path.name}")
        print(
            f"quotes   P={m['quote_precision']:.3f} R={m['quote_recall']:.3f}"
            f" F1={m['quote_f1']:.3f}"
            f"   (lenient overlap F1={m['lenient_f1']:.3f})"
        )
        print(f"speakers accuracy={m['speaker_accuracy']:.3f} (full name exact, on found quotes)")
        print(
            f"figures  P={m['figure_precision']:.3f} R={m['figure_recall']:.3f}"
            f" F1={m['figure_f1']:.3f}  unit+per accuracy={m['figure_unit_accuracy']:.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
