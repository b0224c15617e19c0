"""People and organisations with roles and mentions."""

from __future__ import annotations

from articles.engine import extract_entities
from articles.engine.types import KnownSpeaker


def _by_name(text: str, **kw):
    return {e.name: e for e in extract_entities(text, **kw)}


def test_apposition_gives_a_person_role():
    ents = _by_name("Stephen Miller, a senior White House official, spoke on Monday.")
    assert ents["Stephen Miller"].role == "a senior White House official"
    assert ents["White House"].kind == "organization"


def test_title_before_name_becomes_the_role_and_surname_mentions_link():
    ents = _by_name("Mayor Jane Roe opened the bridge. Later, Roe thanked the crews.")
    assert ents["Jane Roe"].role == "Mayor"
    assert ents["Jane Roe"].mentions == ("Jane Roe", "Roe")


def test_role_before_name_with_possessive_organisation():
    ents = _by_name("Shortly after, the agency’s interim director, Caleb Vitello, was moved.")
    assert ents["Caleb Vitello"].role == "the agency’s interim director"


def test_parenthesised_acronym_links_to_the_organisation():
    ents = _by_name("The National Statistics Bureau (NSB) revised its figures. The NSB said more.")
    assert ents["National Statistics Bureau"].mentions == ("National Statistics Bureau", "NSB")


def test_known_speaker_aliases_merge_mentions():
    met = KnownSpeaker("Examplian Meteorological Office", "organization", ("Met Office",))
    ents = _by_name("The Met Office issued a warning.", known=[met])
    assert "Examplian Meteorological Office" in ents


def test_places_are_not_people():
    ents = _by_name("She lives on Mill Lane in New York near Station Road.")
    assert not any(e.kind == "person" for e in ents.values())


def test_given_name_wins_over_a_place_like_surname():
    ents = _by_name("Lena Park, the union chief, spoke on Monday.")
    assert ents["Lena Park"].kind == "person"
