"""Organisations, their documents and their descriptions as speakers in news writing
(issue #11, item 6; fictional text only)."""

from __future__ import annotations

from articles.engine import extract_quotes


def _speakers(text: str) -> list[tuple[str | None, str | None]]:
    return [(q.speaker, q.speaker_kind) for q in extract_quotes(text)]


def test_a_report_named_after_a_body_speaks_for_the_body():
    text = (
        "Dockworkers have long warned about the cranes. "
        "A 2019 Valmora Port Authority report said “no crane was unsafe.”"
    )
    assert _speakers(text) == [("Valmora Port Authority", "organization")]


def test_a_study_or_survey_named_after_a_body_speaks_for_the_body():
    text = (
        "The line opened in 2012. "
        "A Northfield Transit Agency study concluded “the line will never pay for itself.” "
        "A new Example Polling Institute survey says “riders are tired of delays.”"
    )
    assert _speakers(text) == [
        ("Northfield Transit Agency", "organization"),
        ("Example Polling Institute", "organization"),
    ]


def test_what_a_report_found_is_quoted_from_it():
    text = (
        "Critics blamed the harbour master for the collision. "
        "A 2014 Valmora Port Authority report found “no evidence of a missed warning.”"
    )
    assert _speakers(text) == [("Valmora Port Authority", "organization")]


def test_what_the_report_found_belongs_to_the_body_that_released_it():
    text = (
        "The Valmora Port Authority released a report on Monday. "
        "The report found that “no crane was unsafe.”"
    )
    assert _speakers(text) == [("Valmora Port Authority", "organization")]


def test_someone_who_found_a_phrase_apt_is_not_quoted_by_a_document():
    text = (
        "Mayor Jane Roe met the donor on Friday. "
        "She said she found him “very charming” and left early."
    )
    assert _speakers(text) == [("Jane Roe", "person")]
