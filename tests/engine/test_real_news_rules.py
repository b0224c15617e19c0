"""Habits of real news writing the speaker rules must handle (fictional text only)."""

from __future__ import annotations

from articles.engine import extract_quotes


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for q in extract_quotes(text)]


def test_role_words_between_an_affiliation_and_the_name_give_the_person():
    text = (
        "Delegates met in Port Alder on Monday. "
        "“We will stay until the vote is done,” said Valmora delegate Dario Fenwick."
    )
    assert _speakers(text) == ["Dario Fenwick"]


def test_organisation_then_role_then_name_is_the_person_not_the_organisation():
    text = (
        "The Example Heritage Fund opposed the plan. "
        "“This is not what the town asked for,” said Example Heritage Fund president "
        "Mara Quill."
    )
    assert _speakers(text) == ["Mara Quill"]


def test_person_of_the_organisation_is_the_person():
    text = "“The port will not close,” said Tobias Wren of the Valmora Dockworkers Union."
    assert _speakers(text) == ["Tobias Wren"]


def test_a_shared_surname_alone_means_the_person_introduced_first():
    text = (
        "Mayor Jane Roe opened the new bridge on Friday. Her brother Sam Roe, a builder, "
        "worked on it for two years.\n\n"
        "“It took longer than we hoped,” Roe said."
    )
    assert _speakers(text) == ["Jane Roe"]


def test_a_question_headline_word_is_not_a_given_name():
    text = (
        "Is Fenwick losing the dockworkers?\n\n"
        "Dario Fenwick spoke at the harbour on Monday. His sister Lena Fenwick joined him.\n\n"
        "“We have not lost anyone,” Fenwick said."
    )
    assert _speakers(text) == ["Dario Fenwick"]


def test_a_name_taken_up_by_he_in_the_next_sentence_is_a_person():
    text = (
        "Dario Fenwick spoke on Monday about the harbour and the ships. "
        "He said: “In all the years I have worked here, nobody asked. But everybody does it.”"
    )
    assert _speakers(text) == ["Dario Fenwick"]


def test_a_lead_in_ending_its_paragraph_with_a_colon_introduces_the_block_quote():
    text = (
        "Mayor Jane Roe answered the council on Tuesday. She said:\n\n"
        "“We have the money. We will build the bridge, and it will open next spring.”\n\n"
        "The council voted later."
    )
    assert _speakers(text) == ["Jane Roe"]
