"""People named only as a group of the public: a crowd, protesters, voters (fictional text)."""

from __future__ import annotations

import pytest

from articles.engine import extract_quotes
from articles.engine.groups import unnamed_group


def _speakers(text: str) -> list[tuple[str | None, str | None]]:
    return [(q.speaker, q.speaker_kind) for q in extract_quotes(text)]


def test_a_chant_is_the_crowds_not_the_speaker_the_sentence_is_about():
    text = (
        "Mayor Jane Roe spoke at the pier on Monday. As Roe spoke, the attendees chanted, "
        "“Rebuild it now!” Later the crowd chanted “Save our pier!”"
    )
    assert _speakers(text) == [("attendees", "people"), ("crowd", "people")]


def test_some_protesters_shouted_names_the_protesters():
    text = (
        "Councillor John Doe left the hall by a side door. "
        "Some protesters shouted, “Not one more closure!”"
    )
    assert _speakers(text) == [("protesters", "people")]


def test_a_place_word_opening_the_sentence_is_not_a_name():
    text = "Mayor Jane Roe spoke in the hall. Outside, the crowd chanted, “Save our pier!”"
    assert _speakers(text) == [("crowd", "people")]


def test_a_quote_of_a_named_person_around_a_crowds_chant_stays_theirs():
    text = (
        "Mayor Jane Roe spoke last.\n\nRoe said, “We will rebuild the pier” - at which point "
        "the crowd chanted “Rebuild the pier!”"
    )
    assert _speakers(text) == [("Jane Roe", "person"), ("crowd", "people")]


@pytest.mark.parametrize(
    ("mention", "group"),
    [
        ("the crowd", "crowd"),
        ("The crowd", "crowd"),
        ("about 200 protesters", "protesters"),
        ("Hundreds of pro-Roe demonstrators", "pro-Roe demonstrators"),
        ("Roe supporters", "Roe supporters"),
        ("An average of 10 percent of registered voters", "registered voters"),
        ("the angry protesters", "protesters"),
        ("Protesters", "protesters"),
        ("Democrats", "Democrats"),
        ("The audience gathered in the town hall", "audience"),
        ("a crowd of protesters", "protesters"),
    ],
)
def test_the_group_as_a_careful_reader_names_it(mention, group):
    assert unnamed_group(mention) == group


@pytest.mark.parametrize(
    "mention",
    [
        "his supporters",  # someone's people: the rules for people read them
        "Roe's supporters",
        "officials",  # anonymous people, or a body's: not a group of the public
        "the aides",
        "Union workers",  # a body's people
        "the group",  # a group the text named before, not one by its kind
        "the two",
        "Jane Roe",
    ],
)
def test_not_a_group_of_the_public(mention):
    assert unnamed_group(mention) is None


def test_a_share_answering_yes_to_a_quoted_question_did_not_say_its_words():
    text = (
        "Asked whether the mayor “has the integrity to serve,” 75 percent of Northfield "
        "residents said yes. “Reopen the pier!” the crowd shouted."
    )
    assert _speakers(text) == [(None, None), ("crowd", "people")]
