"""Regression gates of the stress sets written blind: fictional passages whose authors wrote
them, with their labels, before reading the engine's rules (labels follow stress.jsonl; each
paragraph of a quotation running over several is its own quote). A gate sits a little below
what the engine reaches, to catch regressions; it is not a target to tune towards.

- ``stress3.jsonl``: 34 passages in styles the first two sets lack (court reports, earnings,
  match reports, live updates, broadcast transcripts, features, obituaries, science, councils,
  foreign reports, columns, explainers). Read blind: quote F1 0.988, speakers 0.861; 0.94 after
  the rules written for it (``test_stress3.py`` pins each on other fictional text).
- ``stress4.jsonl``: 36 passages (obituaries, courts, earnings, science, councils, explainers,
  rallies, press conferences, diplomacy, legislatures, quotes over paragraphs). Read blind:
  0.986 and 0.875; 0.92 after the rules written for it (also in ``test_stress3.py``).
- ``stress5.jsonl``: 36 passages of everyday news (political wire copy, police, councils,
  courts, business, foreign news, sport), scored once on the engine as it then stood, with no
  rule written for it since: 0.996 and 0.898 (0.915 without five quotes whose labels are
  judgement calls: an office speaking for its holder, speakers known by a first name only). It
  is the honest estimate of the engine on writing its rules have not met; a rule written for
  it would spend it. After the sixth and seventh sets' rules: 0.909.
- ``stress6.jsonl``: 42 passages (401 quotes) in styles the others have less of: wire copy
  with many speakers, features naming people by first name, radio, TV and earnings-call
  transcripts, live blogs, local news, sport, courts, state media, leaked messages, letters
  pages, obituaries, reviews. Read blind: 0.987 and 0.858; 0.939 after the rules written
  for it (``test_speaker_habits.py`` pins each on other fictional text).
- ``stress7.jsonl``: 44 passages (416 quotes): magistrates' courts, parliamentary sketches,
  investigations quoting documents, translated business wire, republished press releases,
  Q&A interviews, sports features, community news. Read blind on the engine after the sixth
  set's rules: 0.986 and 0.888; 0.908 after the rules its wrong names taught.
- ``stress8.jsonl``: 43 passages (640 quotes) of US-style political news: wire copy with party
  tags, Sunday-show and cable transcripts, hearings, live blogs, campaign statements and
  committees, briefings, indictments, leaks, ad watches. Read blind: 0.995 and 0.863; 0.925
  after the rules of the real-news layer's second round and its own misses.
"""

from __future__ import annotations

import pytest

from tests.engine.labelled import evaluate, passages

# set, quote F1 gate, speaker accuracy gate, passages at least
GATES = [
    ("stress3.jsonl", 0.98, 0.92, 30),
    ("stress4.jsonl", 0.98, 0.90, 30),
    ("stress5.jsonl", 0.98, 0.88, 30),
    ("stress6.jsonl", 0.98, 0.92, 40),
    ("stress7.jsonl", 0.98, 0.88, 40),
    ("stress8.jsonl", 0.98, 0.90, 40),
]


@pytest.mark.parametrize(("name", "quote_f1", "speaker_accuracy", "_"), GATES)
def test_blind_set_meets_its_regression_gate(name, quote_f1, speaker_accuracy, _):
    m = evaluate(name)
    assert m["quote_f1"] >= quote_f1
    assert m["speaker_accuracy"] >= speaker_accuracy


@pytest.mark.parametrize(("name", "_f", "_s", "least"), GATES)
def test_blind_set_has_its_passages(name, _f, _s, least):
    assert passages(name) >= least
