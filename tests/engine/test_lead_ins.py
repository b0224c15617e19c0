"""Lead-ins with no reporting verb: "Roe was blunt:", "More from Roe:", "As Roe put it,"."""

from __future__ import annotations

from articles.engine import extract_quotes


def _one(text: str):
    (q,) = extract_quotes(text)
    return q


def test_manner_lead_in_before_a_colon_names_the_subject():
    q = _one("Mayor Jane Roe was blunt: “We will not pay for this.”")
    assert (q.speaker, q.speaker_kind) == ("Jane Roe", "person")


def test_manner_lead_in_with_an_organisation_and_an_opener():
    q = _one("Still, the Example Ministry was unequivocal in its reply: “There will be no runway.”")
    assert (q.speaker, q.speaker_kind) == ("Example Ministry", "organization")


def test_more_from_name_colon():
    q = _one("The count went late. More from Jane Roe: “We will not back down on this.”")
    assert q.speaker == "Jane Roe"


def test_dash_name_colon_in_a_roundup():
    q = _one("Polls agree - Carl Example: “The shift was real and it was large.”")
    assert q.speaker == "Carl Example"


def test_as_name_put_it():
    q = _one("As Mayor Jane Roe put it, “Nobody wins a strike.”")
    assert q.speaker == "Jane Roe"


def test_had_this_to_say():
    q = _one("The Example Institute had this to say about the plan: “It would cost twice as much.”")
    assert (q.speaker, q.speaker_kind) == ("Example Institute", "organization")


def test_a_lead_in_about_a_thing_names_no_speaker():
    q = _one("The result was clear: “Nobody voted for this at all.”")
    assert q.speaker is None and q.speaker_mention is None


def test_a_lead_in_after_a_long_opener_names_the_subject_after_the_comma():
    q = _one(
        "As if answering the mayor directly, the Example Board of Elections was conclusive "
        "in its findings: “Further discussion on this issue is unnecessary.”"
    )
    assert (q.speaker, q.speaker_kind) == ("Example Board of Elections", "organization")


def test_issued_a_statement_comma():
    q = _one(
        "Immediately after the vote, Mayor Jane Roe issued a statement, "
        "“Last night our town was let down by the council.”"
    )
    assert q.speaker == "Jane Roe"


def test_released_a_statement_saying_with_an_organisation():
    q = _one("The Example Ministry released a statement saying, “The runway will not be built.”")
    assert (q.speaker, q.speaker_kind) == ("Example Ministry", "organization")


def test_and_later_said_reports_the_subject_opening_the_sentence():
    q = _one(
        "Jane Roe brought up the flood of 1990 and later said, "
        "“It is not just rain that floods streets.”"
    )
    assert q.speaker == "Jane Roe" and q.cue == "said"


def test_participle_after_an_opener_reports_the_subject():
    q = _one(
        "On Monday, Jane Roe stepped up her focus on transit, saying, "
        "“We have got to fix the buses first.”"
    )
    assert q.speaker == "Jane Roe"


def test_participle_after_an_opener_with_several_commas():
    q = _one(
        "On Thursday, after staying neutral for months, Senator Jane Roe appeared on air and "
        "endorsed the plan, saying, “I think having a fighter in the lead matters.”"
    )
    assert q.speaker == "Jane Roe"
