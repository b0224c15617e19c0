"""Third stress set: 34 fictional passages written before the engine's rules were read, in
styles the earlier sets lack (court reports, earnings, match reports, live updates, broadcast
transcripts, features, obituaries, science, council meetings, foreign reports, columns,
explainers), with titles, slogans and chants in quotation marks that are not quotes. Labels
follow stress.jsonl: written words belong to their writer, an unnamed spokesperson of a named
organisation is the organisation, unnamed people are None. Before the rules written for it the
engine scored quote F1 0.988 and speaker accuracy 0.861 here. The gate sits a little below
what the engine reaches, to catch regressions; it is not a target to tune towards. The unit
tests below pin each general rule added for it, on other fictional text."""

from __future__ import annotations

from tests.engine.labelled import evaluate, passages, speakers


def test_stress3_set_meets_its_regression_gate():
    m = evaluate("stress3.jsonl")
    assert m["quote_f1"] >= 0.98
    assert m["speaker_accuracy"] >= 0.88


def test_stress3_set_has_at_least_thirty_passages():
    assert passages("stress3.jsonl") >= 30


def test_an_office_of_several_words_before_a_name_is_not_part_of_it():
    text = (
        "County Surveyor Philippa Gantry said the road would close. “It is not safe,” "
        "she said.\n\nThe adviser, Deputy Chief of Staff Orla Venn, was at the meeting. "
        "“We were told nothing,” Venn said.\n\nChief of Staff Tobiah Quell said: “No comment.”"
    )
    assert speakers(text) == {
        "It is not safe,": "Philippa Gantry",
        "We were told nothing,": "Orla Venn",
        "No comment.": "Tobiah Quell",
    }


def test_his_daughter_is_the_daughter_the_story_introduced():
    text = (
        "Osgood Brannick, a ferry captain for 40 years, died on Sunday. His daughter, Perpetua "
        "Brannick-Hale, said he had been ill.\n\nHe is also survived by a son, Ambrose.\n\n"
        "“He never missed a sailing,” his daughter said."
    )
    assert speakers(text) == {"He never missed a sailing,": "Perpetua Brannick-Hale"}


def test_a_daughter_named_in_the_survivors_list_is_her_daughter():
    text = (
        "Ines Calloway-Rhee, who ran the town's library for 30 years, died on Friday. She is "
        "survived by a daughter, Marguerite Rhee, and two grandsons.\n\n"
        "“She read every book before she lent it,” her daughter said."
    )
    assert speakers(text) == {"She read every book before she lent it,": "Marguerite Rhee"}


def test_said_he_about_someone_else_does_not_make_the_speaker_a_man():
    text = (
        "Osgood Brannick ran the ferry for 40 years.\n\nTamsin Oakridge, who crewed for him "
        "from 1990, said he was a hard man to please. “He checked every knot twice,” she said."
    )
    assert speakers(text) == {"He checked every knot twice,": "Tamsin Oakridge"}


def test_said_he_asked_how_she_felt_keeps_the_reporter_a_man():
    text = (
        "Verity Lanke, 43, was charged on Friday.\n\nDetective Ambrose Quill, testifying on "
        "Monday, said he asked how she felt.\n\n“I feel nothing,” she said."
    )
    assert speakers(text) == {"I feel nothing,": "Verity Lanke"}
