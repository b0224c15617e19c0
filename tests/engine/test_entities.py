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


# -- outlets -------------------------------------------------------------------------------


def test_outlet_names_are_organisations_flagged_as_outlets():
    ents = _by_name(
        "The Northfield Chronicle reported the closure first. Reuters and the Example Gazette "
        "followed, as did Radio Exampleton. Officials at the Harbor Development Agency "
        "declined to comment."
    )
    for name in ("Northfield Chronicle", "Reuters", "Example Gazette", "Radio Exampleton"):
        assert ents[name].kind == "organization", name
        assert ents[name].is_outlet, name
    # A government agency is an organisation, not an outlet.
    assert ents["Harbor Development Agency"].is_outlet is False


def test_caller_known_outlet_is_flagged():
    bulletin = KnownSpeaker("Kestrel Bulletin", "organization", ("the Bulletin",), is_outlet=True)
    ents = _by_name("Kestrel Bulletin staff walked out on Friday.", known=[bulletin])
    assert ents["Kestrel Bulletin"].is_outlet


def test_entity_outlet_flag_defaults_to_false():
    from articles.engine.types import Entity

    assert Entity("Jane Roe", "person").is_outlet is False
    assert KnownSpeaker("Jane Roe").is_outlet is False


# -- how sure a person is ------------------------------------------------------------------


def test_capitalised_role_phrase_after_article_and_adjective_is_not_a_person():
    # Machine-translated job titles come out capitalised.
    ents = _by_name(
        "Marek Dvoran, the senior Harbour Expulsion Responsible, retires after 30 years."
    )
    assert "Harbour Expulsion Responsible" not in ents
    assert ents["Marek Dvoran"].kind == "person"


def test_run_holding_a_known_organisation_alias_is_not_a_person():
    fsa = KnownSpeaker("Frontier Safety Agency", "organization", ("FSA", "Fsa"))
    ents = _by_name(
        "Kestrel Varnow handed over to Fsa Border Coordinator Responsible staff on Monday.",
        known=[fsa],
    )
    assert not any(e.kind == "person" and "Fsa" in e.name for e in ents.values())


def test_unlisted_given_name_needs_context_to_be_a_person():
    # No given name from the list, no title, no cue: not enough to call it a person...
    assert "Delivery Windows" not in _by_name("Customers praised Faster Delivery Windows.")
    # ...but a reporting verb, an apposition or a title is.
    assert _by_name("Tavish Okoro said the road would reopen.")["Tavish Okoro"].kind == "person"
    ents = _by_name("Tavish Okoro, a site engineer, inspected the road.")
    assert ents["Tavish Okoro"].role == "a site engineer"
    assert "Tavish Okoro" in _by_name("Dr. Tavish Okoro inspected the road.")
    # ...as is a surname used alone later.
    ents = _by_name("Tavish Okoro inspected the road. Okoro left at noon.")
    assert ents["Tavish Okoro"].mentions == ("Tavish Okoro", "Okoro")


def test_organisation_words_then_a_given_name_split_into_role_and_person():
    ents = _by_name("Board Member Ruth Achebe voted against the plan.")
    assert ents["Ruth Achebe"].kind == "person"
    assert ents["Ruth Achebe"].role == "Board Member"


def test_a_day_or_date_after_a_name_is_not_part_of_it():
    ents = _by_name(
        "Jane Roe told WXMP Tuesday that the vote was close. The Exampleton Water Board on "
        "October 3 ordered a review, and the Example Gazette on Monday printed the letter. "
        "Voters in Exampleton go to the polls on Super Tuesday."
    )
    assert set(ents) == {"Jane Roe", "WXMP", "Exampleton Water Board", "Example Gazette"}
    assert ents["WXMP"].kind == "organization"


def test_a_month_after_a_name_with_no_date_stays_in_the_name():
    ents = _by_name("Ruth June, a teacher in Exampleton, spoke at the meeting.")
    assert "Ruth June" in ents


def test_names_only_in_title_case_lines_are_not_entities():
    text = (
        "Roe Wins Runoff As Council Is Split Over Harbour Plan\n\n"
        "Mayor Jane Roe won the runoff on Sunday, the Exampleton Harbour Board said.\n\n"
        "Related: Gazette Poll Shows Support For Pier Plan Among Dock Workers\n"
        "Related: Quill Family Fund Is Backing The Bid"
    )
    ents = _by_name(text)
    assert set(ents) == {"Jane Roe", "Exampleton Harbour Board"}


def test_words_in_capitals_that_are_not_organisations():
    text = (
        "EXAMPLETON — The WXMP newsroom said at 9 p.m. EDT that the vote in NY was close.\n\n"
        "UPDATE: The Exampleton Water Board said the DNA results were STUPID, adding that "
        "the TV report was wrong."
    )
    ents = _by_name(text)
    assert set(ents) == {"WXMP", "Exampleton Water Board"}


def test_a_headline_run_opening_with_an_ordinary_word_is_no_person():
    text = (
        "17 Of The Most Powerful Things Harbourers Said In 2025\n\n"
        "Harbourers gave us plenty to think about this year, and Mayor Jane Roe said so."
    )
    assert set(_by_name(text)) == {"Jane Roe"}


def test_a_name_opening_with_a_letter_outside_ascii_is_found_with_its_role():
    """The scan for name stretches starts at any capital, not only A-Z."""
    ents = _by_name("Émile Durand, the harbour master, spoke on Monday. Durand said no more.")
    assert ents["Émile Durand"].role == "the harbour master"
    ents = _by_name("“The pier stays shut until spring,” said Ásta Ómarsdóttir, a pilot.")
    assert ents["Ásta Ómarsdóttir"].role == "a pilot"
