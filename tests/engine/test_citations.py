"""Typed "according to" lines: which outlets they name, whether the story backs them, and the
one attribution line every export prints."""

import pytest

from articles.engine.citations import outlet_key, sourced_text, typed_outlets_unbacked

BACKED = {"The Example Gazette": ["The Example Gazette", "the Gazette"]}


@pytest.mark.parametrize(
    ("text", "unbacked"),
    [
        ("The bridge opens in May, according to The Example Gazette.", []),
        ("The bridge opens in May, according to the Gazette.", []),  # an alias
        ("The bridge opens in May, as reported by The Guardian.", ["The Guardian"]),
        (
            "The bridge opens in May, according to the Example Gazette and The Sample Post.",
            ["The Sample Post"],
        ),
        ("The council counted 3,000 vehicles per day.", []),  # a rate, not a source
        ("The bridge opens in May, according to officials.", []),  # no name, no outlet
        ("The bridge opens in May.", []),
    ],
)
def test_typed_outlets_the_story_does_not_back(text, unbacked):
    assert typed_outlets_unbacked(text, BACKED) == unbacked


def test_outlet_names_compare_without_case_or_a_leading_the():
    assert outlet_key("the Example Gazette") == outlet_key("The Example Gazette,")


def test_one_line_replaces_a_typed_one_that_names_backed_outlets():
    text = "The bridge opens in May, according to the Example Gazette."
    assert sourced_text(text, ["The Example Gazette", "The Sample Post"]) == (
        "The bridge opens in May, according to The Example Gazette and The Sample Post."
    )


def test_a_typed_line_naming_something_else_is_kept_and_nothing_added():
    text = "The bridge opens in May, according to The Guardian."
    assert sourced_text(text, ["The Example Gazette"]) == text


def test_a_claim_without_a_typed_line_gets_one_and_an_unsourced_claim_none():
    assert sourced_text("The bridge opens in May.", ["The Example Gazette"]) == (
        "The bridge opens in May. (according to The Example Gazette)"
    )
    assert sourced_text("The bridge opens in May.", []) == "The bridge opens in May."
