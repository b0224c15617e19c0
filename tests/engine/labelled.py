"""Helpers for the tests over the labelled passage sets in this folder."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from articles.engine import extract_quotes

ROOT = Path(__file__).resolve().parents[2]


def evaluate(name: str) -> dict[str, float]:
    """The metrics ``scripts/eval_engine.py`` prints, for one labelled set."""
    spec = importlib.util.spec_from_file_location("eval_engine", ROOT / "scripts/eval_engine.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.evaluate(ROOT / "tests" / "engine" / name)


def passages(name: str) -> int:
    lines = (ROOT / "tests" / "engine" / name).read_text(encoding="utf-8").splitlines()
    return len([line for line in lines if line.strip()])


def speakers(text: str) -> dict[str, str | None]:
    """Each quote's words with the speaker the engine gives them."""
    return {q.text: q.speaker for q in extract_quotes(text)}
