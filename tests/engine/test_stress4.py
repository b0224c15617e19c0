"""Fourth stress set: 36 fictional passages written before the engine's rules were read
(obituaries, courts, earnings, science, councils, explainers, rallies, press conferences,
diplomacy, legislatures, quotes running over paragraphs), labelled as stress.jsonl is; each
paragraph of a quotation running over several is its own quote. Read blind, the engine scored
quote F1 0.986 and speaker accuracy 0.875 here. The gate sits a little below what the engine
reaches after the rules the set taught (in ``test_stress3.py``, on other fictional text), to
catch regressions; it is not a target to tune towards."""

from __future__ import annotations

from tests.engine.labelled import evaluate, passages


def test_stress4_set_meets_its_regression_gate():
    m = evaluate("stress4.jsonl")
    assert m["quote_f1"] >= 0.98
    assert m["speaker_accuracy"] >= 0.90


def test_stress4_set_has_at_least_thirty_passages():
    assert passages("stress4.jsonl") >= 30
