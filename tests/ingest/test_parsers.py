"""Parsing bytes into article payloads: no database, no network."""

from datetime import UTC, datetime

import pytest

from articles.ingest.decode import ParseError, decode_bytes, detect_format
from articles.ingest.parsers import parse_bytes, parse_text


def test_text_first_line_is_headline_and_headers_fill_fields():
    text = (
        "Council backs bridge\nOutlet: The Example Gazette\nURL: https://gazette.example/b\n"
        "Published: 2025-05-01\nByline: Ann Writer\nLanguage: en\nTranslated: fr\n\n"
        "Mayor Jane Roe said yes."
    )
    payload = parse_text(text, source="a.txt").payload
    assert payload == {
        "headline": "Council backs bridge",
        "outlet": "The Example Gazette",
        "url": "https://gazette.example/b",
        "published_at": "2025-05-01",
        "byline": "Ann Writer",
        "language": "en",
        "is_translation": True,
        "original_language": "fr",
        "body": "Mayor Jane Roe said yes.",
    }


def test_text_without_headers_keeps_every_body_line():
    payload = parse_text("Headline\n\nFirst: not a header.\n\nSecond.", source="a").payload
    assert payload["headline"] == "Headline"
    assert payload["body"] == "First: not a header.\n\nSecond."


def test_text_with_only_a_headline_is_missing_its_body():
    with pytest.raises(ParseError, match="missing body"):
        parse_text("Just a headline\n", source="a")


def test_json_object_list_and_lines_each_give_items(fixtures_dir):
    one = parse_bytes(b'{"outlet": "X", "body": "Hi"}', source="one.json")
    assert [i.payload["body"] for i in one] == ["Hi"]
    many = parse_bytes((fixtures_dir / "articles.json").read_bytes(), source="a.json")
    assert [i.source for i in many] == ["a.json#1", "a.json#2"]
    lines = parse_bytes((fixtures_dir / "articles.jsonl").read_bytes(), source="a.jsonl")
    assert [i.source for i in lines] == ["a.jsonl:1", "a.jsonl:2"]


def test_json_lines_with_one_bad_line_keeps_the_good_ones():
    data = b'{"outlet": "X", "body": "one"}\n{"outlet": oops}\n{"outlet": "X", "body": "three"}\n'
    items = parse_bytes(data, source="f.jsonl")
    assert [i.error is None for i in items] == [True, False, True]
    assert "malformed JSON" in items[1].error and items[1].source == "f.jsonl:2"


def test_malformed_json_is_one_clear_error():
    [item] = parse_bytes(b'{"outlet": "X", "body": ', source="bad.json")
    assert item.error.startswith("malformed JSON") and "line 1" in item.error


def test_json_that_is_not_an_article_is_an_error():
    [item] = parse_bytes(b'"just a string"', source="s.json")
    assert "JSON must be" in item.error


def test_html_page_gives_main_text_and_metadata(fixtures_dir):
    [item] = parse_bytes((fixtures_dir / "page.html").read_bytes(), source="page.html")
    assert item.error is None
    assert item.payload["headline"] == "Council backs the new Northfield bridge"
    assert item.payload["url"] == "https://gazette.example/news/bridge-page"
    assert item.payload["byline"] == "Ann Writer"
    # to the minute the page's markup gives, not the day only (which read as midnight)
    assert datetime.fromisoformat(item.payload["published_at"]) == datetime(
        2025, 5, 1, 9, 30, tzinfo=UTC
    )
    assert "Home" not in item.payload["body"] and "Copyright" not in item.payload["body"]
    assert "“We have waited long enough" in item.payload["body"]
    assert item.outlet_hints == ["The Example Gazette"] and item.domain == "gazette.example"


def test_html_without_article_text_is_a_clear_error():
    [item] = parse_bytes(b"<html><body><div><<<</div></body>", source="x.html")
    assert item.error.startswith("no article text found in the HTML")


def test_rss_feed_gives_one_item_per_entry(fixtures_dir):
    items = parse_bytes((fixtures_dir / "feed.rss").read_bytes(), source="feed.rss")
    assert len(items) == 2
    first = items[0]
    assert first.payload["headline"] == "Harbour wall repaired"
    assert first.payload["url"] == "https://gazette.example/news/harbour"
    assert first.payload["published_at"] == "2025-05-02T10:00:00+00:00"
    assert first.payload["byline"] == "Ann Writer"
    assert first.payload["body"] == (
        "The harbour wall was repaired in 5 weeks.\n\n“It will hold for decades,” said Jane Roe."
    )
    assert first.outlet_hints == ["The Example Gazette"]


def test_atom_feed_reads_content_and_author(fixtures_dir):
    [item] = parse_bytes((fixtures_dir / "feed.atom").read_bytes(), source="feed.atom")
    assert item.payload["byline"] == "Bob Writer"
    assert item.payload["body"].startswith("The number 7 bus")
    assert item.outlet_hints == ["Northfield Daily"]


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]>
<rss version="2.0"><channel><title>&lol2;</title>
<item><title>x</title><description>&lol2;</description></item></channel></rss>"""

XXE = b"""<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<rss version="2.0"><channel><title>t</title>
<item><title>x</title><description>&xxe;</description></item></channel></rss>"""


@pytest.mark.parametrize("data", [BILLION_LAUGHS, XXE], ids=["entity-expansion", "xxe"])
def test_feeds_with_entity_declarations_are_refused(data):
    [item] = parse_bytes(data, source="evil.rss")
    assert item.payload is None
    assert item.error.startswith("refused XML")


def test_malformed_xml_is_a_clear_error():
    [item] = parse_bytes(b"<?xml version='1.0'?><rss><channel><item></rss>", source="b.xml")
    assert item.error.startswith("malformed XML")


def test_utf8_is_read_first_then_the_detected_encoding():
    assert decode_bytes("Café “quoted”".encode()) == "Café “quoted”"
    latin = "Le café de la mairie a rouvert ses portes, déclare le maire.".encode("latin-1")
    assert decode_bytes(latin).startswith("Le café de la mairie")
    assert decode_bytes("Straße".encode("utf-16")) == "Straße"


def test_crlf_newlines_are_normalised_like_text_mode():
    assert decode_bytes(b"a\r\nb\rc") == "a\nb\nc"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "empty"),
        (b"  \n\t ", "empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4, "binary"),
        (bytes(range(1, 32)) * 40, "binary"),
    ],
    ids=["empty", "blank", "png", "control-characters"],
)
def test_input_that_is_not_text_is_refused(data, message):
    with pytest.raises(ParseError, match=message):
        decode_bytes(data)


def test_format_is_detected_from_type_extension_then_content():
    assert detect_format(b"x", content_type="application/rss+xml; charset=utf-8") == "feed"
    assert detect_format(b"x", name="a.jsonl") == "json"
    assert detect_format(b"  <!DOCTYPE html><html>", name="-") == "html"
    assert detect_format(b'<?xml version="1.0"?><feed>', name="-") == "feed"
    assert detect_format(b"[{}]", name="-") == "json"
    assert detect_format(b"Headline\n\nBody", name="-") == "text"
