"""Evidence for key points, and the attribution lines of summaries."""

from __future__ import annotations

from pathlib import Path

from articles.engine.citations import attribution_line, parse_cited_outlets
from articles.engine.evidence import find_evidence, passages_from_article

SEEDS = Path(__file__).resolve().parents[2] / "articles" / "fixtures" / "seeds"
NYT = SEEDS / "000_8fc3e55ec0384586.txt"
SUMMARY = SEEDS / "002_f0479d686e6560bf.txt"


def _nyt_passages():
    _, _, body = NYT.read_text(encoding="utf-8").partition("\n")
    return body, passages_from_article("nyt", "The New York Times", body)


def test_seed_target_key_point_finds_millers_3000_a_day_passage():
    body, passages = _nyt_passages()
    hits = find_evidence(
        "The White House sets an ambitious target of 3,000 arrests per day.", passages
    )
    assert hits
    assert "3,000 people a day" in hits[0].passage.text
    assert body[hits[0].passage.start : hits[0].passage.end] == hits[0].passage.text


def test_claim_without_support_has_no_hits():
    _, passages = _nyt_passages()
    assert find_evidence("The mayor opened a new football stadium in Northfield.", passages) == []


def test_seed_summary_paragraphs_split_into_text_and_outlets():
    paragraphs = SUMMARY.read_text(encoding="utf-8").split("\n\n")[1:]
    cited = [parse_cited_outlets(p)[1] for p in paragraphs]
    assert cited == [
        ["CBS News", "Reuters"],
        ["The New York Times", "India Times"],
        ["CBS News", "Reuters", "The New York Times", "India Times"],
    ]
    text, _ = parse_cited_outlets(paragraphs[0])
    assert text.endswith("targets for migrant arrests.")


def test_fictional_claim_is_supported_by_the_right_outlet():
    passages = passages_from_article(
        "g1",
        "The Example Gazette",
        "Mayor Jane Roe presented a $1.4 billion budget on Wednesday. "
        "It raises school spending by 9%. Councillor Peter Lane called it optimistic.",
    ) + passages_from_article(
        "c1",
        "Northfield Courier",
        "The Riverside Bridge was closed after engineers found a crack in a girder.",
    )
    hits = find_evidence("Jane Roe's budget raises spending on schools by 9%.", passages)
    assert hits and hits[0].passage.outlet == "The Example Gazette"
    assert "school spending" in hits[0].passage.text
    assert all(h.passage.article_key == "g1" for h in hits)


def test_number_disagreement_weakens_support():
    passages = passages_from_article(
        "a", "Valley Wire Service", "Pinecrest will cut 1,200 jobs. Pinecrest will cut 800 jobs."
    )
    hits = find_evidence("Pinecrest cuts 1,200 jobs.", passages, threshold=0)
    assert "1,200" in hits[0].passage.text
    assert hits[0].score > hits[1].score


def test_passage_windows_pair_neighbouring_sentences():
    body = "One sentence here. Another one follows. A third ends it."
    singles = passages_from_article("a", "X", body)
    pairs = passages_from_article("a", "X", body, window=2)
    assert len(singles) == 3 and len(pairs) == 5
    assert pairs[3].text == "One sentence here. Another one follows."


def test_attribution_line_matches_the_seed_style():
    assert attribution_line(["Reuters"]) == "according to Reuters"
    assert attribution_line(["CBS News", "Reuters"]) == "according to CBS News and Reuters"
    assert attribution_line(["CBS News", "Reuters", "The New York Times", "India Times"]) == (
        "according to CBS News, Reuters, The New York Times, and India Times"
    )


def test_attribution_round_trips_through_the_parser():
    outlets = ["The Example Gazette", "Northfield Courier", "Valley Wire Service"]
    text, parsed = parse_cited_outlets(f"The bridge is closed, {attribution_line(outlets)}.")
    assert text == "The bridge is closed." and parsed == outlets


def test_known_outlet_names_containing_and_stay_whole():
    _, outlets = parse_cited_outlets(
        "Sales rose, according to Marks and Spencer and Reuters.", ["Marks and Spencer"]
    )
    assert outlets == ["Marks and Spencer", "Reuters"]


def test_paragraph_without_attribution_comes_back_unchanged():
    assert parse_cited_outlets("Nothing is cited here.") == ("Nothing is cited here.", [])
