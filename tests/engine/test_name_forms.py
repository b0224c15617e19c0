"""A speaker's canonical name is the person without titles, even hyphenated ones (issue #11,
item 5; fictional text only)."""

from __future__ import annotations

from articles.engine import extract_quotes


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for q in extract_quotes(text)]


def test_a_hyphenated_title_is_not_part_of_the_name():
    text = (
        "Secretary-General Dario Fenwick, 71, leaves office this year. "
        "“Climate was my priority,” Fenwick said."
    )
    assert _speakers(text) == ["Dario Fenwick"]


def test_the_hyphenated_title_alone_refers_to_its_holder():
    text = (
        "Valmora Attorney-General Mara Quill spoke on Monday. "
        "“We will appeal the ruling,” the Attorney-General said."
    )
    assert _speakers(text) == ["Mara Quill"]
