"""The same quote across outlets, and word-level differences for editors."""

from __future__ import annotations

from articles.engine.diff import diff_segments, word_diff
from articles.engine.quote_match import group_quotes, match_quote

HOMAN_NYT = "I am not satisfied with the figures, ... We have to increase."
HOMAN_SUMMARY = "I’m not satisfied with the numbers. We need to increase,"


def test_seed_homan_quote_in_two_wordings_is_a_matched_variant():
    m = match_quote(HOMAN_NYT, HOMAN_SUMMARY)
    assert m.kind == "variant"
    assert m.matched and m.score >= 0.9


def test_same_words_with_curly_quotes_and_contractions_are_verbatim():
    assert match_quote(
        "We won’t raise taxes this year.", "we will not raise taxes this year"
    ).kind == ("verbatim")


def test_trimmed_quote_with_ellipsis_is_verbatim():
    full = "We are proud of our firefighters, who worked all night, and we thank them."
    assert match_quote("We are proud of our firefighters ... and we thank them", full).kind == (
        "verbatim"
    )


def test_different_statement_by_the_same_mayor_is_not_matched():
    m = match_quote(
        "We will not raise taxes this year", "We will raise the budget for schools this year"
    )
    assert m.kind is None


def test_opposite_polarity_is_not_matched():
    assert match_quote("We will raise taxes", "We will not raise taxes").kind is None


def test_seed_dhs_statement_reworded_is_a_paraphrase():
    a = (
        "Organizational realignments will help ice to make President Trump and the Mandate of "
        "the American people for the arrest and expulsion of illegal criminal foreigners and to "
        "return American communities to security"
    )
    b = (
        "these organizational realignments are necessary to meet the objectives of making "
        "American communities safe by deporting criminal illegal aliens"
    )
    assert match_quote(a, b).kind == "paraphrase"


def test_group_quotes_picks_the_group_with_the_same_statement():
    groups = {
        "budget": ["We will raise the budget for schools this year"],
        "homan": [HOMAN_NYT],
    }
    found = group_quotes(HOMAN_SUMMARY, groups)
    assert found is not None and found.key == "homan"
    assert group_quotes("We will not raise taxes this year", groups) is None


def test_group_quotes_accepts_a_list_and_returns_the_index():
    found = group_quotes(HOMAN_SUMMARY, [["Something else entirely"], [HOMAN_NYT]])
    assert found is not None and found.key == 1


def test_word_diff_rebuilds_the_new_text_and_marks_changed_words():
    diff = word_diff(HOMAN_NYT, HOMAN_SUMMARY)
    assert "".join(t for op, t in diff if op != "delete") == HOMAN_SUMMARY
    assert ("delete", " have") in diff and ("insert", " need") in diff


def test_diff_segments_carry_raw_text_for_the_template_to_escape():
    segments = diff_segments("a <b> c", "a <i> c")
    assert [s.tag for s in segments] == ["", "del", "ins", ""]
    assert segments[1].text == " <b>"
