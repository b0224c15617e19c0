"""Hostile input must neither crash nor hang."""

from __future__ import annotations

import random
import time

import pytest

from articles.engine import read_article


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "\n\n\n",
        "“",
        "”",
        '"""""',
        "“unbalanced “ quotes ” everywhere “ and ‘ here",
        "“Outer ‘inner “deep” inner’ outer,” she said.",
        "‘" * 1000,
        "Mr. " * 2000,
        "A" * 100_000,
        "3,000,000,000,000,000,000,000 people a day",
        "\x00\x01\x02\xff\ufffd" * 100,
    ],
)
def test_odd_inputs_do_not_crash(text):
    read_article(text)


def test_binary_junk_does_not_crash():
    rng = random.Random(7)
    junk = "".join(chr(rng.randrange(0, 0x3000)) for _ in range(50_000))
    read_article(junk)


def test_long_line_of_quotes_and_capitals_finishes_quickly():
    line = ("“Word Word Word, ” said Jane Roe of the Example Council and " * 3000) + "."
    t0 = time.perf_counter()
    read_article(line)
    assert time.perf_counter() - t0 < 10


def test_five_megabytes_of_news_finishes():
    para = (
        "Mayor Jane Roe said the Exampleton City Council would spend $1.2 billion. "
        "“We will rebuild,” Roe told reporters. “It will take 12 years.”\n\n"
    )
    text = para * (5_000_000 // len(para))
    t0 = time.perf_counter()
    reading = read_article(text)
    assert len(reading.quotes) > 1000
    assert time.perf_counter() - t0 < 120


# -- real-world formatting -----------------------------------------------------------------

from articles.engine import extract_entities, extract_quotes  # noqa: E402


def test_quote_over_a_hard_wrap_is_one_quote_and_blank_line_still_splits():
    text = (
        "The council met on Monday.\n\n"
        "“We have held the fares for three years and we cannot\n"
        "do so any longer,” said Marisol Quent, the chair of the\n"
        "transport board.\n\n"
        "“Nobody wants this,” Quent added."
    )
    quotes = extract_quotes(text)
    assert [q.text for q in quotes][0].split() == (
        "We have held the fares for three years and we cannot do so any longer,".split()
    )
    assert text[quotes[0].start : quotes[0].end] == quotes[0].text  # offsets index the input
    assert [q.speaker for q in quotes] == ["Marisol Quent", "Marisol Quent"]


def test_attribution_over_a_hard_wrap_is_found():
    text = (
        "Her son, Anders Halvorsen, wants to sell. “The numbers stopped working a long time\n"
        "ago,” he said over coffee.\n\n"
        "“I heard it before I saw it,” said\nHalvorsen, who has farmed here since 1990."
    )
    quotes = extract_quotes(text)
    assert [q.speaker for q in quotes] == ["Anders Halvorsen", "Anders Halvorsen"]


def test_text_without_blank_lines_keeps_one_paragraph_per_line():
    text = "“We will go,” Roe said.\nKate Bell, the mayor, spoke later.\n“Not yet,” Bell said."
    assert [q.speaker for q in extract_quotes(text)] == ["Roe", "Kate Bell"]


def test_windows_newlines_and_no_break_spaces():
    text = (
        "Council leader Priya Tamsin said: “This budget protects libraries.”\r\n\r\n"
        "“We won a fair deal,”\u00a0said union representative Grace\u00a0Obi.\r\n"
    )
    quotes = extract_quotes(text)
    assert [q.speaker for q in quotes] == ["Priya Tamsin", "Grace Obi"]
    assert "Grace Obi" in {e.name for e in extract_entities(text)}


def test_em_dash_attribution():
    (q,) = extract_quotes("“The water came in faster than anyone expected” — said Oskar Lind.")
    assert q.speaker == "Oskar Lind"


def test_colon_attribution_wins_over_the_next_sentence():
    text = "Deputy Omar Hale said: “No.” Board Member Ruth Achebe said she would abstain."
    (q,) = extract_quotes(text)
    assert q.speaker == "Omar Hale"


def test_said_name_who_apposition():
    (q,) = extract_quotes(
        "“We are not moving until the quota is restored,” said Tomasz Brenner, who has "
        "fished these waters for 30 years."
    )
    assert q.speaker == "Tomasz Brenner"


def test_according_to_a_statement_from_the_ministry():
    text = (
        "The Ministry of Coastal Affairs will close three ports.\n\n"
        "“Work will begin in June,” according to a statement from the ministry."
    )
    (q,) = extract_quotes(text)
    assert q.speaker == "Ministry of Coastal Affairs"
    assert q.speaker_kind == "organization"


def test_html_entity_quote_marks_are_not_read_as_quotes():
    # Documented limit: offsets must index the given text, so callers decode entities before
    # reading. Undecoded remnants neither crash nor produce quotes.
    text = "&quot;We will go,&quot; Roe said. &#8220;Soon,&#8221; Roe added."
    assert extract_quotes(text) == []
