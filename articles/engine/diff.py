"""Word-level differences between two wordings of a quote, for editors and readers.

Words are compared as `articles.engine.quote_match.normalise` sees them, so a curly vs
straight apostrophe or a trailing comma is not a difference.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Literal

from articles.engine.quote_match import normalise

DiffOp = Literal["equal", "delete", "insert"]
_TOKEN_RE = re.compile(r"\s*\S+")


def _diff_key(token: str) -> str:
    return normalise(token) or token.strip()


def word_diff(a: str, b: str) -> list[tuple[DiffOp, str]]:
    """Word-level differences from ``a`` to ``b``.

    Tokens keep their leading whitespace, so joining the ``equal`` and ``insert`` texts gives
    ``b`` back. Words are compared normalised (a curly vs straight apostrophe or a trailing
    comma is not a difference), and ``equal`` segments show ``b``'s spelling.
    """
    ta, tb = _TOKEN_RE.findall(a), _TOKEN_RE.findall(b)
    matcher = difflib.SequenceMatcher(
        a=[_diff_key(t) for t in ta], b=[_diff_key(t) for t in tb], autojunk=False
    )
    out: list[tuple[DiffOp, str]] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            _append(out, "equal", "".join(tb[j1:j2]))
            continue
        if op in ("delete", "replace"):
            _append(out, "delete", "".join(ta[i1:i2]))
        if op in ("insert", "replace"):
            _append(out, "insert", "".join(tb[j1:j2]))
    return out


def _append(out: list[tuple[DiffOp, str]], op: DiffOp, text: str) -> None:
    if not text:
        return
    if out and out[-1][0] == op:
        out[-1] = (op, out[-1][1] + text)
    else:
        out.append((op, text))


@dataclass(frozen=True, slots=True)
class DiffSegment:
    """One piece of a diff for a template: ``tag`` is ``"del"``, ``"ins"`` or ``""``.

    ``text`` is raw text; templates escape it as usual (``{{ seg.text }}``) and wrap it in
    ``<del>``/``<ins>`` when ``tag`` is set, so no HTML is ever built from quote text here.
    """

    text: str
    tag: Literal["del", "ins", ""]
    op: DiffOp


def diff_segments(a: str, b: str) -> list[DiffSegment]:
    """``word_diff`` as segments ready for a template."""
    tags: dict[DiffOp, Literal["del", "ins", ""]] = {"equal": "", "delete": "del", "insert": "ins"}
    return [DiffSegment(text=text, tag=tags[op], op=op) for op, text in word_diff(a, b)]
