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
