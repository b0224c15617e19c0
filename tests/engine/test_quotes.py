"""Finding direct quotations: quote styles, continuations, and what is not a quote."""

from __future__ import annotations

from articles.engine import extract_quotes


def _texts(text: str) -> list[str]:
    return [q.text for q in extract_quotes(text)]


def test_curly_quote_text_excludes_marks_and_offsets_slice_the_input():
    text = "“We will rebuild the bridge,” said Mayor Jane Roe."
    (q,) = extract_quotes(text)
    assert q.text == "We will rebuild the bridge,"
    assert text[q.start : q.end] == q.text


def test_straight_double_quotes_are_read():
    assert _texts('"The budget is a disgrace to this town," said Priya Okafor.') == [
        "The budget is a disgrace to this town,"
    ]


def test_guillemets_and_german_low_high_quotes_are_read():
    assert _texts("« Nous avons entendu les habitants », a déclaré Antoine Morel.") == [
        "Nous avons entendu les habitants"
    ]
    assert _texts("„Das ist ein guter Tag für die Stadt“, sagte Katrin Albers.") == [
        "Das ist ein guter Tag für die Stadt"
    ]


def test_quote_split_by_attribution_gives_two_items_the_second_continuing():
    text = "“The data is clear,” said Dr. Imogen Clarke. “The data is also worrying.”"
    first, second = extract_quotes(text)
    assert first.cue == "said" and not first.continues
    assert second.continues and second.cue is None
    assert second.speaker == first.speaker == "Imogen Clarke"


def test_quote_running_over_paragraphs_continues_in_the_next_paragraph():
    text = (
        "Grace Whitfield spoke at the inquest.\n\n"
        "“I waited by the phone all night. Nobody called.\n\n"
        "“When the police came, they asked about enemies,” Whitfield said."
    )
    first, second = extract_quotes(text)
    assert first.text == "I waited by the phone all night. Nobody called."
    assert second.continues
    assert first.speaker == second.speaker == "Grace Whitfield"


def test_scare_quotes_are_not_quotes():
    assert _texts("The council's so-called “green corridor” has two benches.") == []
    assert _texts("Critics call the plan a “tax on breathing.”") == []


def test_titles_and_nicknames_are_not_quotes():
    assert _texts("The society will stage “The Importance of Being Earnest” in May.") == []
    assert _texts("Tomasz “The Hammer” Novak was honoured on Saturday.") == []


def test_apostrophes_and_stray_single_quotes_are_not_quotes():
    text = (
        "Internal officials said the moves would help Trump ‘promises in immigration.\n\n"
        "It's the agents’ union."
    )
    assert _texts(text) == []


def test_uk_style_single_quotes_are_read_when_unambiguous():
    text = "'We have to put officers where the calls are,' she said, speaking in Exampleton."
    assert _texts(text) == ["We have to put officers where the calls are,"]


def test_nested_single_quotes_stay_inside_the_outer_quote():
    text = "“The inspector called my kitchen ‘a hazard’, and I laughed,” said Tariq Jensen."
    assert _texts(text) == ["The inspector called my kitchen ‘a hazard’, and I laughed,"]


def test_unclosed_quote_is_dropped():
    assert _texts("The sign read “Closed until further notice. Nobody would comment.") == []


def test_context_span_covers_the_quote_and_its_attribution():
    text = "Earlier news. “We are ready,” the minister said. Later news."
    (q,) = extract_quotes(text)
    assert text[q.context_start : q.context_end] == "“We are ready,” the minister said."


def test_short_partial_quote_governed_by_a_named_speaker_is_a_quote():
    text = 'Harbour master Ines Varga said the jetty had become "structurally unsafe" overnight.'
    (q,) = extract_quotes(text)
    assert q.text == "structurally unsafe"
    assert q.speaker == "Ines Varga"


def test_short_quoted_phrase_without_a_speaker_stays_a_scare_quote():
    assert _texts('The jetty had become "structurally unsafe" overnight.') == []
    assert _texts('Tomas Berg said the bridge was flagged as "high risk" last year.') == []


def test_single_quote_running_over_paragraphs_keeps_its_first_paragraphs():
    text = (
        "The coxswain of the Example Bay lifeboat, Ada Pellow, has run the station for a "
        "decade. This week she "
        "spoke about the night the ferry went aground.\n\n"
        "‘The wind was the worst I have known. We could not get alongside.\n\n"
        "‘On the third pass we got a line across and the first of them came over.\n\n"
        "‘Nobody was lost, and that is all that matters.’\n\n"
        "The ferry was towed off on Monday."
    )
    qs = extract_quotes(text)
    assert [q.text[:12] for q in qs] == ["The wind was", "On the third", "Nobody was l"]
    assert {q.speaker for q in qs} == {"Ada Pellow"}
    for q in qs:
        assert text[q.start : q.end] == q.text


def test_single_quote_paragraph_not_followed_by_a_quote_paragraph_is_not_a_quote():
    text = "‘The wind was the worst I have known.\n\nThe ferry was towed off on Monday."
    assert _texts(text) == []


def test_short_single_quoted_partial_with_straight_marks():
    text = "At the college, lecturer Oskar Brandt said staff were 'terrified'. No talks are set."
    (q,) = extract_quotes(text)
    assert (q.text, q.speaker) == ("terrified", "Oskar Brandt")


def test_single_quoted_nickname_is_still_not_a_quote():
    assert _texts("Striker Leon 'Flash' Addo scored twice on Saturday.") == []


def test_headline_quote_is_attributed_to_the_name_after_the_colon():
    text = (
        "'We will finish the bridge': Varga defiant as costs rise\n\n"
        "Mayor Ines Varga said on Monday that the project would go ahead."
    )
    (q,) = extract_quotes(text)
    assert (q.text, q.speaker) == ("We will finish the bridge", "Ines Varga")


def test_short_single_quoted_partial_closed_before_a_plain_word():
    text = "The operator, Example Masts, said it was ‘disappointed’ by the ruling on Tuesday."
    (q,) = extract_quotes(text)
    assert (q.text, q.speaker) == ("disappointed", "Example Masts")


def test_straight_possessive_inside_a_single_quote_does_not_cut_it():
    text = "'People with ten years' service are being let go,' said union rep Ola Brandt."
    (q,) = extract_quotes(text)
    assert q.text == "People with ten years' service are being let go,"


def test_unattributed_quote_in_the_headline_line_is_not_reported():
    text = (
        "Roe: Council Has ‘Lost Its Way On Transit.’\n"
        "Mayor Jane Roe told The Example Gazette on Monday that the council "
        "“has lost its way on transit and everyone knows it,” and called for a vote."
    )
    assert [q.text for q in extract_quotes(text)] == [
        "has lost its way on transit and everyone knows it,"
    ]


def test_quote_in_a_single_paragraph_text_is_still_reported():
    assert _texts("Roe said: ‘We will not back down on transit funding.’") != []


def test_show_title_with_its_period_inside_the_marks_is_not_a_quote():
    text = (
        "“We will rebuild the depot,” Mayor Jane Roe said on Example TV's “Morning at the Hall.” "
        "“It will be ready by winter.”"
    )
    assert "Morning at the Hall." not in _texts(text)
    assert "We will rebuild the depot," in _texts(text)


def test_short_capitalised_sentence_quote_without_title_lead_is_kept():
    text = "Asked about the depot, Mayor Jane Roe said: “Ask The Council Again.”"
    assert _texts(text) == ["Ask The Council Again."]
