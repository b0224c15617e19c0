"""The real-news scorers' own rules (scripts/_realeval.py, the loss classes of
scripts/eval_real_grouping.py), on invented sentences and rows."""

from types import SimpleNamespace

import pytest

from scripts import _realeval as rv


def _gold(spans, mention=None, mention_spans=()):
    return rv.Gold("a1", "pub", list(spans), mention, list(mention_spans), False, len(spans) > 1)


def _pred(start, end, speaker=None):
    return SimpleNamespace(start=start, end=end, speaker=speaker, speaker_kind="person")


def test_names_normalise_titles_initials_suffixes_and_possessives():
    assert rv.tokens("Sen. Marla J. Quist Jr.") == ["marla", "quist"]
    assert rv.tokens("U.S. Rep. Dev Okafor (D-Ore.)") == ["dev", "okafor"]
    assert rv.tokens("Okafor’s") == ["okafor"]
    assert rv.judge("Sen. Marla Quist", "person", "Marla Quist", "person") == (True, True)
    assert rv.judge("Quist", "person", "Marla Quist", "person") == (False, True)
    assert rv.judge("Tom Quist", "person", "Marla Quist", "person") == (False, True)
    assert rv.judge("Dev Okafor", "person", "Marla Quist", "person") == (False, False)


def test_anonymous_gold_wants_no_name_and_organisations_match_loosely():
    assert rv.judge(None, None, None, "anonymous") == (True, True)
    assert rv.judge("Marla Quist", "person", None, "none") == (False, False)
    assert rv.judge("the Quist campaign", "organization", "Quist campaign", "organization") == (
        True,
        True,
    )
    assert rv.judge("Quist", "person", "Quist campaign", "organization") == (False, True)
    assert rv.judge("Harbor Party", "organization", "Quist campaign", "organization")[1] is False


def test_two_pieces_of_an_interrupted_quote_count_once():
    gold = _gold([(10, 40), (60, 90)])
    preds = [_pred(10, 40), _pred(60, 90)]
    fp, neutral = rv.assign(preds, [gold], [])
    assert (fp, neutral, len(gold.preds)) == (0, 0, 2)


def test_a_repeat_is_false_and_a_partial_quote_is_dropped():
    gold = _gold([(10, 40)])
    mixed = _gold([(100, 160)])
    preds = [_pred(10, 40), _pred(12, 38), _pred(120, 130), _pred(200, 220)]
    fp, neutral = rv.assign(preds, [gold], [mixed])
    assert (fp, neutral, len(gold.preds)) == (2, 1, 1)


def test_half_overlap_of_the_shorter_span():
    gold = _gold([(0, 100)])
    assert rv.matches(gold, 80, 120)
    assert not rv.matches(gold, 90, 130)


def test_sentence_region_keeps_the_attribution_and_stops_at_the_paragraph():
    text = 'Quist spoke first.\n"We will build it," Sen. Okafor said. "Soon."'
    s = text.index("We")
    g = _gold([(s, s + 16)])
    start, end = rv.sentence_region(text, g)
    assert text[start:end] == '"We will build it," Sen. Okafor said.'


def test_name_form_failures_are_told_apart():
    assert rv.name_form_class("Quist", "Marla Quist", "person").endswith("part of the name only")
    assert rv.name_form_class("Marla Ann Quist", "Marla Quist", "person").endswith("differs")
    assert "extra words" in rv.name_form_class("Budget Chair Marla Quist", "Marla Quist", "person")


def test_outside_the_layer_the_written_mention_is_matched_by_surname():
    assert rv.mention_lenient("Dev Okafor", "Dev Okafor of the Harbor Institute")
    assert rv.mention_lenient("Dev Okafor", "Dev")
    assert not rv.mention_lenient("Marla Quist", "Quist campaign spokesman Dev Okafor")
    assert not rv.mention_lenient(None, "Okafor")


def test_grouping_losses_are_told_apart_by_merges_and_split_pieces():
    from scripts.eval_grouping import bcubed
    from scripts.eval_real_grouping import loss_classes

    # Two invented subjects: a harbour fire and its later inquiry (subject 1), and one
    # council vote (subject 2). Story "a" joined the fire and the inquiry; the vote was
    # spread over story "b" and a lone undated report in story "c".
    rows = [
        {"event": "fire", "topic": 1, "published_at": "2031-05-01"},
        {"event": "fire", "topic": 1, "published_at": "2031-05-01"},
        {"event": "inquiry", "topic": 1, "published_at": "2031-06-09"},
        {"event": "vote", "topic": 2, "published_at": "2031-05-03"},
        {"event": "vote", "topic": 2, "published_at": "2031-05-03"},
        {"event": "vote", "topic": 2, "published_at": ""},
    ]
    labels = ["a", "a", "a", "b", "b", "c"]
    found = loss_classes(rows, labels)
    assert set(found["merges"]) == {1}
    assert set(found["splits"]) == {("alone", False), ("small", True)}
    assert set(found["events"]) == {"vote"}
    precision, recall, _ = bcubed([r["event"] for r in rows], labels)
    assert sum(found["merges"].values()) == pytest.approx(1 - precision)
    assert sum(found["splits"].values()) == pytest.approx(1 - recall)
