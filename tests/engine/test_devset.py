"""Regression gate: the engine stays above its quality targets on the labelled dev set."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _evaluate(name: str) -> dict[str, float]:
    spec = importlib.util.spec_from_file_location(
        "eval_engine", ROOT / "scripts" / "eval_engine.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.evaluate(ROOT / "tests" / "engine" / name)


def test_devset_quote_f1_and_speaker_accuracy_meet_targets():
    m = _evaluate("devset.jsonl")
    assert m["quote_f1"] >= 0.95
    assert m["speaker_accuracy"] >= 0.90
    assert m["figure_f1"] >= 0.85


def test_heldout_quote_f1_and_speaker_accuracy_meet_targets():
    m = _evaluate("heldout.jsonl")
    assert m["quote_f1"] >= 0.90
    assert m["speaker_accuracy"] >= 0.85


def test_devset_has_at_least_sixty_passages():
    lines = (ROOT / "tests/engine/devset.jsonl").read_text(encoding="utf-8").splitlines()
    assert len([ln for ln in lines if ln.strip()]) >= 60


def test_heldout_wire_and_feature_passages_meet_targets():
    # Wire copy with datelines, long hard-wrapped features, CRLF, no-break spaces: not tuned on.
    m = _evaluate("heldout_wire.jsonl")
    assert m["quote_f1"] >= 0.90
    assert m["speaker_accuracy"] >= 0.85
