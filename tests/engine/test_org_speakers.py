"""Organisation speakers: outlets, documents and campaigns (fictional text only)."""

from __future__ import annotations

from articles.engine import extract_quotes


def _speakers(text: str) -> list[tuple[str | None, str | None]]:
    return [(q.speaker, q.speaker_kind) for q in extract_quotes(text)]


def test_the_newspaper_wrote_refers_to_the_outlet_last_named():
    text = (
        "The Example Gazette ran a long piece on Friday. "
        "“The council has no plan,” the newspaper wrote."
    )
    assert _speakers(text) == [("Example Gazette", "organization")]


def test_the_editorial_read_is_an_attribution_to_the_outlet():
    text = (
        "The Northfield Courier published an editorial on Monday. "
        "“The mayor should answer for this,” the editorial read."
    )
    assert _speakers(text) == [("Northfield Courier", "organization")]


def test_the_statement_said_refers_to_the_organisation_that_issued_it():
    text = (
        "“We never made that deal,” the Example Broadcasting Network said in a statement. "
        "“No money changed hands,” the statement said."
    )
    assert _speakers(text) == [("Example Broadcasting Network", "organization")] * 2


def test_according_to_the_named_campaign():
    text = (
        "Mayor Jane Roe will speak on Tuesday. "
        "According to the Roe campaign, “The speech will be given at the town hall.”"
    )
    assert _speakers(text) == [("Roe campaign", "organization")]


def test_an_editorial_in_a_named_outlet_after_an_inverted_cue():
    text = (
        "The Example Times reported the vote. "
        "“There is no case for this at all,” reads a Wednesday editorial in The Example Gazette."
    )
    assert _speakers(text) == [("Example Gazette", "organization")]


def test_the_editorial_refers_to_the_outlet_whose_editors_were_named():
    text = (
        "Mayor Jane Roe faced critics. The editors of The Clarion aimed their Friday editorial "
        "at her. “She should come and see the damage,” the editorial read."
    )
    assert _speakers(text) == [("Clarion", "organization")]


def test_an_epithet_before_an_organisation_name_is_not_part_of_it():
    text = "“We will appeal the ruling,” said the nonpartisan Example Policy Institute."
    assert _speakers(text) == [("Example Policy Institute", "organization")]


def test_a_source_speaking_to_an_outlet_is_not_the_outlet():
    text = "Another source speaking to the Example News said, “The agents are still looking.”"
    assert _speakers(text)[0][0] != "Example News"
