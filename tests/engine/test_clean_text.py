"""Text coming in: NFC, one kind of line break, no control characters."""

import pytest

from articles.engine.text import clean_text


@pytest.mark.parametrize(
    ("raw", "multiline", "clean"),
    [
        ("Harbour\x07 reopens\x0c", False, "Harbour reopens"),
        ("Cafe\u0301 owners protest", False, "Café owners protest"),
        ("line one\r\nline two\rline three", True, "line one\nline two\nline three"),
        ("two\nlines\tand a tab", False, "two lines and a tab"),
        ("keeps\ttabs\nand newlines", True, "keeps\ttabs\nand newlines"),
        ("nul\x00 and del\x7f and c1\x9b gone", True, "nul and del and c1 gone"),
        ("lone \ud800 surrogate", True, "lone  surrogate"),
        ("next line\x85here", True, "next line\nhere"),
        ("“Quoted,” she said — fine.", True, "“Quoted,” she said — fine."),
        # a headline that would show reversed, a hidden space, a byte-order mark: gone
        ("Harbour\u202e reopens\u200b now\ufeff", False, "Harbour reopens now"),
        ("isolated \u2066text\u2069 here", True, "isolated text here"),
        # joiners and bidi marks that scripts and emoji need stay
        (
            "\u0645\u200c\u0646 \u200f\U0001f469\u200d\U0001f4bb",
            True,
            "\u0645\u200c\u0646 \u200f\U0001f469\u200d\U0001f4bb",
        ),
        ("", True, ""),
    ],
)
def test_clean_text(raw, multiline, clean):
    assert clean_text(raw, multiline=multiline) == clean


def test_clean_text_is_idempotent():
    raw = "A\x07b\r\nCafe\u0301\x85"
    once = clean_text(raw)
    assert clean_text(once) == once
