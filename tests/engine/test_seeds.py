"""The engine reads the two seed documents as their hand annotations say."""

from __future__ import annotations

import pytest

from articles.engine import extract_figures, extract_quotes, read_article
from articles.engine.types import KnownSpeaker

DHS = KnownSpeaker(
    "Department of Homeland Security",
    "organization",
    ("the ministry", "DHS", "Homeland Security"),
)


def _docs(seed_annotations):
    return [d["file"] for d in seed_annotations["documents"]]


@pytest.mark.parametrize("index", [0, 1])
def test_every_annotated_quote_is_found_with_its_speaker_and_offsets(
    index, seed_annotations, seed_text
):
    doc = seed_annotations["documents"][index]
    text = seed_text(doc["file"])
    quotes = extract_quotes(text, known=[DHS])
    assert len(quotes) == len(doc["quotes"])
    for q, expected in zip(quotes, doc["quotes"], strict=True):
        assert q.text == expected["text"]
        assert text[q.start : q.end] == q.text
        assert q.speaker == expected["speaker"]
        assert q.cue == expected["cue"]
        assert q.continues == expected.get("continues", False)
        assert q.speaker_kind == expected.get("speaker_kind", "person")
        if "mention" in expected:
            assert q.speaker_mention == expected["mention"]


def test_stray_apostrophe_before_promises_is_not_a_quote(seed_annotations, seed_text):
    text = seed_text("000_8fc3e55ec0384586.txt")
    found = {q.text for q in extract_quotes(text)}
    for nq in seed_annotations["documents"][0]["not_quotes"]:
        assert not any(nq["text"].strip("‘") in f for f in found)


def test_ministry_quote_is_an_organisation_even_without_known_aliases(seed_text):
    text = seed_text("000_8fc3e55ec0384586.txt")
    q = next(q for q in extract_quotes(text) if q.text.startswith("Organizational"))
    assert q.speaker_kind == "organization"
    assert q.speaker_mention == "the ministry’s announcement"
    assert q.speaker in (None, "Department of Homeland Security")


@pytest.mark.parametrize("index", [0, 1])
def test_annotated_figures_are_found_with_value_unit_and_rate(index, seed_annotations, seed_text):
    doc = seed_annotations["documents"][index]
    text = seed_text(doc["file"])
    figures = extract_figures(text)
    for expected in doc["figures"]:
        hit = next((f for f in figures if f.text == expected["text"]), None)
        assert hit is not None, expected["text"]
        assert hit.value == expected["value"]
        unit, _, rest = expected["unit"].partition(" ")
        assert hit.unit in {unit, "people"}
        if rest.startswith("per "):
            assert hit.per == rest[4:]
        if rest.startswith("in "):
            assert hit.period == rest[3:]
        if "kind" in expected:
            assert hit.kind == expected["kind"]


def test_seed_people_are_found_with_roles(seed_text):
    reading = read_article(seed_text("000_8fc3e55ec0384586.txt"))
    people = {e.name: e for e in reading.entities if e.kind == "person"}
    for name in ("Tom Homan", "Stephen Miller", "Todd Lyons", "Kenneth Genalo", "Caleb Vitello"):
        assert name in people
    assert people["Stephen Miller"].role == "a senior White House official"
    assert people["Todd Lyons"].role == "Ice’s acting leader"
    assert "Homan" in people["Tom Homan"].mentions
    orgs = {e.name for e in reading.entities if e.kind == "organization"}
    assert {"White House", "Fox News"} <= orgs
