"""``manage.py extract_quotes``: no database (pytest-django refuses any access here)."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

TEXT = "Bridge opens\n\nMayor Jane Roe spoke.\r\n\r\n“We have waited long enough,” Roe said.\n"


def run(*args, stdin=None):
    out = io.StringIO()
    call_command("extract_quotes", *args, stdout=out, stdin=stdin)
    return out.getvalue()


def test_json_lists_quotes_with_offsets_into_the_input(fake_engine, tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(TEXT.encode("utf-8"))
    quotes = json.loads(run(str(path), "--json"))
    as_python_reads_it = path.read_text(encoding="utf-8")
    [quote] = quotes
    assert set(quote) == {
        "text",
        "start",
        "end",
        "speaker",
        "speaker_kind",
        "speaker_mention",
        "cue",
    }
    assert as_python_reads_it[quote["start"] : quote["end"]] == quote["text"]
    assert quote["speaker"] == "Jane Roe" and quote["cue"] == "said"


def test_stdin_is_read_with_a_dash(fake_engine):
    quotes = json.loads(run("-", "--json", stdin=io.BytesIO(TEXT.encode())))
    assert len(quotes) == 1


def test_without_json_a_readable_table_is_printed(fake_engine, tmp_path):
    path = tmp_path / "a.txt"
    path.write_text(TEXT, encoding="utf-8")
    out = run(str(path))
    assert "Jane Roe" in out and "“We have waited long enough,”" in out


def test_a_missing_file_is_a_clear_error():
    with pytest.raises(CommandError, match="no such file") as exc:
        run("/nonexistent/article.txt", "--json")
    assert exc.value.returncode == 1


def test_a_binary_file_is_a_clear_error(tmp_path):
    path = tmp_path / "a.bin"
    path.write_bytes(b"\x00\x01\x02binary")
    with pytest.raises(CommandError, match="binary file"):
        run(str(path), "--json")


def test_it_never_touches_the_database(fake_engine, tmp_path):
    # No ``db`` fixture: pytest-django makes any database access here fail the test.
    path = tmp_path / "a.txt"
    path.write_text(TEXT, encoding="utf-8")
    assert json.loads(run(str(path), "--json"))


def test_speaker_kinds_printed_are_the_documented_ones():
    """The real engine: a pair and a crowd get kinds of their own inside the engine; the JSON
    prints only person, organization or null (DESIGN.md)."""
    text = (
        "Mayor Jane Roe and Councillor John Doe met reporters on Monday. “We will rebuild the "
        "pier,” the two said. Outside, the crowd chanted, “Save our pier!”"
    )
    quotes = json.loads(run("-", "--json", stdin=io.BytesIO(text.encode())))
    assert [(q["speaker"], q["speaker_kind"]) for q in quotes] == [
        ("Jane Roe and John Doe", "person"),
        ("crowd", "organization"),
    ]
