"""Stress set: fictional passages in the styles of many outlets, written before the rules were
tuned (wire, UK broadsheet and tabloid, machine translations, transcripts, long features, live
blogs, press releases, sport, court, Q&A, social posts). The gate sits a little below what the
engine reaches, to catch regressions; it is not a target to tune towards."""

from __future__ import annotations

from articles.engine import extract_quotes
from tests.engine.labelled import evaluate, passages, speakers


def test_stress_set_meets_its_regression_gate():
    m = evaluate("stress.jsonl")
    assert m["quote_f1"] >= 0.97
    assert m["speaker_accuracy"] >= 0.94


def test_stress_set_has_at_least_forty_passages():
    assert passages("stress.jsonl") >= 40


def test_name_in_apposition_after_a_role_cue():
    text = (
        "The union accepted the offer. “We will keep making the case,” said the union’s "
        "general secretary, Paula Quern. Health officials welcomed it."
    )
    assert speakers(text) == {"We will keep making the case,": "Paula Quern"}


def test_role_words_and_determiner_before_a_full_name():
    text = "„The safety goes before“, said the mayor Konrad Ellweiler at a press conference."
    assert speakers(text) == {"The safety goes before": "Konrad Ellweiler"}


def test_chief_executive_is_a_role_not_part_of_the_name():
    text = (
        "“We are taking decisive action on costs,” Chief Executive Lorne Bratt said on a call "
        "with analysts."
    )
    assert speakers(text) == {"We are taking decisive action on costs,": "Lorne Bratt"}


def test_auxiliary_between_subject_and_verb():
    text = (
        "Hanne Vossberg, the new director, takes over the orchestra next month. "
        "She has promised “more living composers and cheaper tickets for students.”"
    )
    assert list(speakers(text).values()) == ["Hanne Vossberg"]


def test_subject_of_previous_sentence_outranks_last_speaker():
    text = (
        "“They responded,” said Stuart Maddock, the home manager.\n\n"
        "Away boss Neil Varrow was furious about the equaliser. “It’s a foul on our keeper,"
        " clear as day,” he said."
    )
    got = speakers(text)
    assert got["It’s a foul on our keeper, clear as day,"] == "Neil Varrow"


def test_uk_single_quotes_enclosing_double_quotes():
    text = (
        "Dora Pickwell, 84, fought off the mugger. Dora told The Example Star: ‘He said "
        "“give us your bag” and I said no. Then I whacked him.’"
    )
    got = extract_quotes(text)
    assert [q.text for q in got] == [
        "He said “give us your bag” and I said no. Then I whacked him."
    ]
    assert got[0].speaker == "Dora Pickwell"


def test_uk_partial_quote_closed_before_the_full_stop():
    text = (
        "The chief executive, Dr Philippa Yarrow, describes her as ‘the conscience of the "
        "place’. She retires on Friday."
    )
    got = extract_quotes(text)
    assert [q.text for q in got] == ["the conscience of the place"]
    assert got[0].speaker == "Philippa Yarrow"


def test_called_the_plan_is_a_partial_quote_but_so_called_is_not():
    text = (
        "Councillor Joan Rowe called the plan “a betrayal of every family in this town” on "
        "Monday. The so-called “growth plan for the region” was published in May."
    )
    got = extract_quotes(text)
    assert [(q.text, q.speaker) for q in got] == [
        ("a betrayal of every family in this town", "Joan Rowe")
    ]


def test_transcript_caps_name_links_to_surname():
    text = (
        "SEN. DAVID ORLAND: Farmers will pay for this.\n\n"
        "Later Orland repeated his warning. “I vote for my state,” Orland said."
    )
    assert speakers(text) == {"I vote for my state,": "David Orland"}


def test_surname_with_suffix_links():
    text = "Board member Frank J. Dorrell Jr. voted against. “I’m not against sleep,” Dorrell said."
    assert speakers(text) == {"I’m not against sleep,": "Frank J. Dorrell Jr."}


def test_spokesman_for_a_multi_word_organisation():
    text = (
        "Police are hunting a man in his twenties. A South Wexford Police spokesman said: "
        "“We would urge anyone with information to come forward.”"
    )
    assert list(speakers(text).values()) == ["South Wexford Police"]


def test_quoted_nickname_is_not_a_person():
    text = (
        "Doris Pickwell, known to neighbours as ‘Dynamite Doris’, was back at bingo.\n\n"
        "Doris was unbothered. ‘Life goes on, love,’ she said."
    )
    assert speakers(text) == {"Life goes on, love,": "Doris Pickwell"}
