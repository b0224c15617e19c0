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


def test_the_company_is_a_name_of_two_words_no_list_holds():
    text = "Ardmore Freight hired the columnist in 2014. “We enjoy his columns,” the company said."
    assert _speakers(text) == [("Ardmore Freight", "organization")]


def test_the_company_is_not_a_person_named_before_it():
    text = "Dario Fenwick hired the columnist in 2014. “We enjoy his columns,” the company said."
    assert [s for s, _ in _speakers(text)] == [None]


def test_it_after_a_persons_letter_is_the_letter_and_so_its_writer():
    text = "Mara Quill sent a letter to the port board. “The cranes are old,” it read."
    assert _speakers(text) == [("Mara Quill", "person")]


def test_it_continued_after_a_sworn_statement_is_its_writer():
    text = (
        "“He stepped back,” Officer Dario Fenwick wrote in the affidavit. "
        "It continued: “There is cause to charge the driver.”"
    )
    assert _speakers(text) == [("Dario Fenwick", "person")] * 2


def test_the_insurer_or_the_airline_is_the_business_named_before():
    text = (
        "Northfield Mutual Insurance denied the claim. "
        "“The policy does not cover floods,” the insurer said."
    )
    assert _speakers(text) == [("Northfield Mutual Insurance", "organization")]


def test_the_two_after_two_people_named_together_is_the_two_of_them():
    text = (
        "Mara Quill and Dario Fenwick praised the speech. "
        "“This was a good day,” the two wrote in a joint statement."
    )
    assert _speakers(text) == [("Mara Quill and Dario Fenwick", "group")]


def test_the_chairmen_are_the_pair_named_with_their_titles_and_tags_paragraphs_back():
    text = (
        "Two committees asked the ministry to act on Monday.\n\n"
        "Ports Committee Chairman Jane Roe (D-Valmora) and Roads Committee Chairman John "
        "Smith (R-Valmora) sent the referral to the prosecutor.\n\n"
        "Minister Dario Fenwick said last week that the claims were false.\n\n"
        "“The evidence contradicts the minister,” the committee chairmen wrote. "
        "“We want answers,” the two wrote."
    )
    assert _speakers(text) == [("Jane Roe and John Smith", "group")] * 2


def test_the_two_is_no_pair_when_the_sentences_before_name_none():
    text = (
        "Mayor Jane Roe met the port board on Monday. "
        "“We agreed on nothing,” the two said afterwards."
    )
    assert [s for s, _ in _speakers(text)] == [None]


def test_a_digest_credits_two_authors_together():
    text = (
        "Mara Quill and Dario Fenwick studied the panels last year. "
        "PANELS DIFFER - More from Quill and Fenwick: “Not all panels are equal.” "
        "[Example Post]"
    )
    assert _speakers(text) == [("Mara Quill and Dario Fenwick", "group")]


def test_the_statement_is_from_whoever_provided_it_not_the_outlet_that_reports_it():
    text = (
        "The Example Gazette said spokesman Dario Fenwick provided a written statement in "
        "response to its questions. “The mayor believes the account was a mistake,” the "
        "statement said."
    )
    assert _speakers(text) == [("Dario Fenwick", "person")]
