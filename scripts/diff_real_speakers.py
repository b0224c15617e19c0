"""What a change to the reading engine moved, quote by quote, on the real development texts.

Reads every article of ``../shared/devset/`` (the attributed-quotes set and the grouping set,
whose 915 articles of other kinds have no speaker answers) and either saves the engine's
readings (start, end, speaker, mention of each quote) to a file outside the repository, or
compares the engine's readings now with such a file and prints every quote whose speaker,
mention or presence changed, with a little context to judge it by (except in the articles of
the speaker layer's held-out round: those are counted, not shown). It prints; it asserts
nothing. The saved file holds offsets and names, and the mention as the text wrote it: keep it
out of the repository (the default is in the system's temporary folder).

    python scripts/diff_real_speakers.py --save            # before the change
    python scripts/diff_real_speakers.py                   # after it: what moved
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import _realeval as rv  # noqa: E402

from articles.engine import extract_quotes  # noqa: E402

DEFAULT = Path(tempfile.gettempdir()) / "newsroom-real-speakers.json"


def texts(folder: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    quotes = folder / "quotes_train.json"
    if quotes.is_file():
        for article in json.loads(quotes.read_text(encoding="utf-8")):
            out[f"quotes:{article['id']}"] = article["text"]
    grouping = folder / "grouping_dev.json"
    if grouping.is_file():
        for event in json.loads(grouping.read_text(encoding="utf-8"))["events"]:
            for article in event["articles"]:
                out[f"grouping:{article['article_id']}"] = article["text"]
    return out


def readings(corpus: dict[str, str]) -> dict[str, list[list]]:
    return {
        key: [[q.start, q.end, q.speaker, q.speaker_mention] for q in extract_quotes(text)]
        for key, text in corpus.items()
    }


def held_out() -> set[str]:
    """Keys of the articles in the held-out round of the speaker layer: their moves are
    counted, never shown, so no rule is judged by them."""
    layer = rv.load_layer(Path(__file__).resolve().parent / "eval_real_quotes_speakers.json")
    return {
        f"quotes:{aid}"
        for aid, entries in layer.items()
        if any(e.get("round", 1) in rv.HELD_OUT_ROUNDS for e in entries.values())
    }


def changes(old: dict, new: dict, corpus: dict[str, str]) -> int:
    moved = hidden = 0
    hide = held_out()
    for key in sorted(new):
        before = {(r[0], r[1]): r for r in old.get(key, [])}
        after = {(r[0], r[1]): r for r in new[key]}
        for span in sorted(before.keys() | after.keys()):
            if before.get(span) == after.get(span):
                continue
            moved += 1
            if key in hide:
                hidden += 1
                continue
            s, e = span
            text = corpus[key]
            was, now = before.get(span), after.get(span)
            print(f"--- {key} {s}-{e}")
            print(f"    was: {was[2:] if was else 'no quote'}")
            print(f"    now: {now[2:] if now else 'no quote'}")
            print(f"    {text[max(0, s - 160) : s]!r} [[{text[s:e][:100]!r}]] {text[e : e + 80]!r}")
    if hidden:
        print(f"({hidden} of them in the held-out round of the speaker layer, not shown)")
    return moved


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--save", action="store_true", help="save the readings now")
    parser.add_argument("--file", type=Path, default=DEFAULT, help=f"default {DEFAULT}")
    args = parser.parse_args(argv)
    folder = rv.devset_dir()
    corpus = texts(folder)
    if not corpus:
        print(f"skipped: no development set in {folder}")
        return 0
    now = readings(corpus)
    if args.save:
        args.file.write_text(json.dumps(now), encoding="utf-8")
        print(f"saved the readings of {len(now)} articles to {args.file}")
        return 0
    if not args.file.is_file():
        print(f"nothing to compare with: run with --save first ({args.file})")
        return 1
    moved = changes(json.loads(args.file.read_text(encoding="utf-8")), now, corpus)
    print(f"{moved} quotes changed in {len(now)} articles")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
