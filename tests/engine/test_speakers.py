"""Who said it: cues, mentions and resolution to full names."""

from __future__ import annotations

import pytest

from articles.engine import extract_quotes
from articles.engine.types import KnownSpeaker


def _one(text: str, **kw):
    (q,) = extract_quotes(text, **kw)
    return q


def test_surname_resolves_to_full_name_given_earlier():
    q = _one("Mayor Jane Roe toured the flood. “We did nothing,” Roe told reporters.")
    assert (q.speaker, q.speaker_mention, q.cue) == ("Jane Roe", "Roe", "told")


def test_inverted_attribution_with_apposition_resolves_the_name():
    q = _one("“It has to stop,” wrote Todd Lyons, the agency’s acting leader, in a memo.")
    assert q.speaker == "Todd Lyons" and q.cue == "wrote"


def test_attribution_before_the_quote_with_colon():
    q = _one("Councillor Priya Okafor spoke first. Okafor said: “This budget hurts bus riders.”")
    assert q.speaker == "Priya Okafor"


def test_according_to_names_the_speaker():
    q = _one("“It was not taken lightly,” according to Helena Varga, the plant manager.")
    assert q.speaker == "Helena Varga" and q.cue == "according to"


def test_said_in_a_statement_is_one_cue_for_an_organisation():
    q = _one(
        "Greywater Holdings will appeal. "
        "“We will pursue every avenue,” the company said in a statement."
    )
    assert q.cue == "said in a statement"
    assert (q.speaker, q.speaker_kind) == ("Greywater Holdings", "organization")


def test_spokesperson_for_an_organisation_is_attributed_to_the_organisation():
    q = _one(
        "The Northfield Water Authority was fined. "
        "“We accept the findings,” a spokeswoman for the authority said."
    )
    assert (q.speaker, q.speaker_kind) == ("Northfield Water Authority", "organization")


def test_pronoun_resolves_to_the_compatible_person():
    text = (
        "Hospital director Paul Kerrigan defended the closure. "
        "“We cannot staff it,” Kerrigan said.\n"
        "Union representative Maeve Doyle disagreed. “Then hire the staff,” she said."
    )
    assert [q.speaker for q in extract_quotes(text)] == ["Paul Kerrigan", "Maeve Doyle"]


def test_title_with_surname_picks_the_right_family_member():
    text = (
        "Carla Mendes and her husband, Paul Mendes, lost their home. "
        "“We are living out of two suitcases,” Ms. Mendes said."
    )
    assert _one(text).speaker == "Carla Mendes"


def test_role_noun_resolves_to_the_single_holder():
    text = (
        "Transport Minister Felix Aldana faced questions. "
        "“The line will open on time,” the minister insisted."
    )
    assert _one(text).speaker == "Felix Aldana"


def test_known_alias_resolves_an_organisation_mention():
    dhs = KnownSpeaker("Department of Homeland Security", "organization", ("the ministry",))
    q = _one("“Realignments will help,” said the ministry’s announcement.", known=[dhs])
    assert (q.speaker, q.speaker_kind) == ("Department of Homeland Security", "organization")


def test_anonymous_speaker_gives_none_rather_than_a_guess():
    q = _one(
        "“I have been here since six this morning,” said one woman, who did not give her name."
    )
    assert q.speaker is None and q.speaker_kind == "person"


def test_plural_they_for_two_people_gives_none():
    text = "Ruth Calder and Omar Haddad oppose the plan.\n“We are against this one,” they said."
    assert _one(text).speaker is None


def test_age_between_commas_does_not_hide_the_speaker():
    text = "Mark Dalton runs the shop. “We're done here,” Dalton, 45, said."
    assert _one(text).speaker == "Mark Dalton"
    text = "Jo Quinn, 52, a teacher, said: “The school is falling apart.”"
    assert _one(text).speaker == "Jo Quinn"


def test_participle_cue_reports_the_main_speaker():
    text = (
        "“I leave with a clear conscience,” Hector Vale said, "
        "adding that the books were “in better shape than ever.”"
    )
    quotes = extract_quotes(text)
    assert [q.speaker for q in quotes] == ["Hector Vale", "Hector Vale"]


def test_known_speaker_alias_resolves_surname_title_and_role_forms():
    known = [KnownSpeaker("Dana Q. Harlow", aliases=("Harlow",))]
    text = (
        "“We will build it,” Harlow said at the rally.\n\n"
        "“Nobody can stop us,” Mr. Harlow added.\n\n"
        "President Harlow told reporters: “It starts in May.”"
    )
    quotes = extract_quotes(text, known=known)
    assert [q.speaker for q in quotes] == ["Dana Q. Harlow"] * 3


def test_surname_alone_without_known_speaker_stays_as_written():
    quotes = extract_quotes("“We will build it,” Harlow said at the rally.")
    assert quotes[0].speaker == "Harlow"


def test_person_of_firm_resolves_to_the_person():
    text = 'Mara Lindqvist of Northgate Example Capital said the results were "better than hoped".'
    (q,) = extract_quotes(text)
    assert q.speaker == "Mara Lindqvist"


def test_unregistered_proper_name_after_the_is_an_organisation():
    text = 'The Westmoor Walking Society said it was "deeply saddened" by the closure.'
    (q,) = extract_quotes(text)
    assert (q.speaker, q.speaker_kind) == ("Westmoor Walking Society", "organization")


def test_capitalised_common_noun_phrase_is_not_a_name():
    text = "Friends of the councillor said she was ‘still fighting’ for the library."
    (q,) = extract_quotes(text)
    assert (q.text, q.speaker) == ("still fighting", None)


def test_pronoun_prefers_the_person_reported_speaking_in_the_sentence_before():
    text = (
        "Governor Mark Stiles had put the valley's farms at risk with the levy, "
        "Councillor Tom Avery said. “We were promised new roads,” he said."
    )
    assert _one(text).speaker == "Tom Avery"


def test_pronoun_reported_speaker_inside_a_quotation_does_not_count():
    text = (
        "Mayor Carl Benn opened the hall. “Ask anyone, Pete Ward said it best,” Benn said. "
        "“We will open on time,” he said."
    )
    assert [q.speaker for q in extract_quotes(text)] == ["Carl Benn", "Carl Benn"]


def test_participle_cue_without_a_main_cue_reports_the_sentence_subject():
    text = (
        "Mayor Jane Roe toured the flooded depot on Monday, saying, "
        "“We will rebuild it before winter.”"
    )
    q = _one(text)
    assert (q.speaker, q.cue) == ("Jane Roe", "saying")


def test_participle_cue_after_a_possessive_does_not_name_the_owner():
    text = "Roe’s office released a letter on Monday, saying, “The depot will reopen.”"
    assert _one(text).speaker != "Roe"


def test_short_sentence_after_the_quote_names_the_speaker():
    text = (
        "Mayor Jane Roe spoke on Monday. The council had met. "
        "“We will rebuild the depot before winter.” Roe said. The council agreed."
    )
    assert _one(text).speaker == "Jane Roe"


def test_dash_and_name_after_the_quote_names_the_speaker():
    text = (
        "The Example Gazette checked the mayor's claims.\n"
        "“We rebuilt every depot in the city last year.”\n"
        "- Jane Roe.\n"
        "Only two depots were rebuilt."
    )
    assert _one(text).speaker == "Jane Roe"


def test_inverted_verb_and_name_before_the_quote():
    text = (
        "Mayor Jane Roe spoke on the radio on Monday. "
        "Said Roe, “We will rebuild the depot before winter.” The council agreed."
    )
    q = _one(text)
    assert (q.speaker, q.cue) == ("Jane Roe", "said")


def test_pronoun_skips_a_name_inside_the_quoted_words():
    text = (
        "Councillor Tom Avery spoke after the vote. "
        "“Mayor Carl Benn promised us roads and we got none,” he said."
    )
    assert _one(text).speaker == "Tom Avery"


def test_pronoun_skips_a_name_inside_straight_quoted_words():
    text = (
        "Councillor Tom Avery spoke after the vote. "
        '"Mayor Carl Benn promised us roads and we got none," he said.'
    )
    assert _one(text).speaker == "Tom Avery"


def test_role_noun_with_two_holders_resolves_to_the_one_last_named():
    text = (
        "Ann Hale, a state senator, opened the debate. "
        "Bob Marsh, a state senator from the valley, spoke after her. "
        "“The bridge can wait another year,” the senator said."
    )
    assert _one(text).speaker == "Bob Marsh"


def test_when_between_speaker_and_verb_is_not_part_of_the_speaker():
    text = (
        "The Example Gazette on Monday said: “We stand by the report.”\n\n"
        "Tom Bell later Thursday told reporters: “We are done here.”\n\n"
        "The Exampleton Water Board on October 3 said: “Boil the water.”"
    )
    got = [(q.speaker, q.speaker_mention) for q in extract_quotes(text)]
    assert got == [
        ("Example Gazette", "The Example Gazette"),
        ("Tom Bell", "Tom Bell"),
        ("Exampleton Water Board", "The Exampleton Water Board"),
    ]


def test_a_name_only_in_a_title_case_headline_does_not_claim_the_story_s_speaker():
    text = (
        "Outspoken Harbour Champion Roe Says Plan Will Pass\n\n"
        "Mayor Jane Roe defended the harbour plan on Monday.\n\n"
        "“We will not back down,” Roe said. “The plan is sound.”\n\n"
        "She added: “The vote is next week.”"
    )
    assert [q.speaker for q in extract_quotes(text)] == ["Jane Roe"] * 3


def test_a_headline_s_full_name_stays_for_a_person_the_story_calls_by_surname():
    text = (
        "Dario Fenwick Says The Union Will Strike On Friday\n\n"
        "The dockworkers' leader spoke after the vote.\n\n"
        "“We have waited long enough,” Fenwick said."
    )
    assert [q.speaker for q in extract_quotes(text)] == ["Dario Fenwick"]


def test_a_relative_clause_between_speaker_and_verb_is_skipped():
    text = (
        "Mayor Jane Roe spoke on Monday. A Roe adviser, who spoke on the condition of "
        "anonymity, said of the mayor: “She takes the threat very seriously and will act.”"
    )
    (q,) = extract_quotes(text)
    # an adviser of Roe's, unnamed: not Roe, whom the statement is about
    assert (q.speaker, q.speaker_mention) == (None, "A Roe adviser")


def test_who_as_the_object_of_the_verb_does_not_make_its_antecedent_the_speaker():
    text = (
        "Tom Bell spoke at length. Much of his anger was directed at Roe, who Bell on "
        "Wednesday called “a danger to the harbour and to everyone who works in it.”"
    )
    (q,) = extract_quotes(text)
    assert q.speaker == "Tom Bell"


def test_a_description_brought_in_with_its_own_clause_is_someone_new():
    text = (
        "Mayor Jane Roe spoke on Monday. The harbour master, who has run the port since "
        "1998, said: “We are ready for the storm tonight.”"
    )
    (q,) = extract_quotes(text)
    assert (q.speaker, q.speaker_mention) == (None, "The harbour master")


def test_lead_ins_that_name_the_source_without_a_reporting_verb():
    text = (
        "Mayor Jane Roe toured the port on Monday.\n\n"
        "Investors flocked to Exampleton, founded by Tom Bell, because, in the words of "
        "Mayor Jane Roe, “it is the most entrepreneurial place on the planet right now.”\n\n"
        "The town is, in her words, “a harbour that never sleeps, whatever the weather.”\n\n"
        "She has said it before. Here’s Roe in December 2019: “Our new direction must rest "
        "on the harbour and on the people who work there every day.”\n\n"
        "After Tom Bell died in 1998, Mayor Jane Roe released the following statement: “We "
        "offer our condolences to the family and friends of a great man.”"
    )
    assert [q.speaker for q in extract_quotes(text)] == ["Jane Roe"] * 4


def test_a_clause_after_but_keeps_its_sentence_s_subject_as_speaker():
    text = (
        "Tom Bell did not mention any of his rivals by name, but told his supporters, “our "
        "town is in horrible trouble and we must act now.”\n\n"
        "Jane Roe joked that Exampleton was her answer, but went on to say, “There are "
        "places in this county that are among the most dangerous anywhere.”\n\n"
        "“You have called the harbour workers lazy and worse,” Roe charged in her speech."
    )
    assert [q.speaker for q in extract_quotes(text)] == ["Tom Bell", "Jane Roe", "Jane Roe"]


def test_an_article_alone_is_not_a_speaker():
    text = "She also steered around the charged term, “radical harbourism,” which rivals use."
    assert extract_quotes(text) == []


def test_more_lead_ins_news_writes_without_a_reporting_verb_before_the_quote():
    text = (
        "Mayor Jane Roe was angry. And then Roe went fully on the attack, saying, “Is the "
        "council going to mention the harbour at last? If not it should resign.”\n\n"
        "Council Leader Tom Bell delivered a blunt message to Roe: “It is time to quit "
        "attacking people and get on with the work.”\n\n"
        "The former mayor backs Bell. From Ada Quill’s Facebook post: “For the sake of our "
        "town, we must move to overcome the divisions of this race.”\n\n"
        "Bell asked about the storm. Roe’s response was: “Is the harbour wall off the north "
        "side or the south side?”\n\n"
        "Ada Quill’s letter makes a plain case: “The harbour must stay open to everyone "
        "who works there.”\n\n"
        "When the scandal broke, Roe proclaimed at a press conference, “I did not send any "
        "secret plans to anyone at all.”"
    )
    assert [q.speaker for q in extract_quotes(text)] == [
        "Jane Roe",
        "Tom Bell",
        "Ada Quill",
        "Jane Roe",
        "Ada Quill",
        "Jane Roe",
    ]


def test_widely_known_organisations_by_their_short_names():
    text = (
        "“We stand by the report,” the DNC said in a statement.\n\n"
        "According to HuffPo: “The senator has had a mixed record on the harbour.”"
    )
    assert [q.speaker for q in extract_quotes(text)] == [
        "Democratic National Committee",
        "Huffington Post",
    ]


@pytest.mark.parametrize(
    ("text", "speaker", "cue"),
    [
        ("“We will not back down,” Roe has often said.", "Jane Roe", "said"),
        ("Roe has repeatedly said: “We will not back down.”", "Jane Roe", "said"),
        ("“We will not back down,” Roe would later say.", "Jane Roe", "say"),
        ("“We will not back down,” Roe herself said.", "Jane Roe", "said"),
        (
            "“We will not back down,” Roe — who has led the town since 2019 — said.",
            "Jane Roe",
            "said",
        ),
        ("“The pier stays shut,” the council on Monday said.", "Exampleton City Council", "said"),
        ("“The pier stays shut,” the council on March 3 said.", "Exampleton City Council", "said"),
    ],
)
def test_words_between_the_speaker_and_the_verb_are_no_part_of_the_speaker(text, speaker, cue):
    """An auxiliary, an adverb, a date or an aside between dashes before the verb."""
    q = _one("Mayor Jane Roe chairs the Exampleton City Council. " + text)
    assert (q.speaker, q.cue) == (speaker, cue)
