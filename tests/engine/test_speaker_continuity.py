"""Who goes on speaking: descriptions, pronouns and interrupted quotes that take up a speaker
named earlier (fictional text only)."""

from __future__ import annotations

from articles.engine import extract_quotes


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for q in extract_quotes(text)]


def test_a_description_after_a_sentence_about_he_is_the_one_he_stands_for():
    text = (
        "Harbour commissioner Tomas Ellery sat in his office on a rainy morning.\n\n"
        "His deputy, Ana Ruiz, runs the quays. She joined in 2015.\n\n"
        "When he took office as commissioner in 2009, he made the new quay his first aim. "
        "“From day one, the quay came first,” the bespectacled, 68-year-old engineer said."
    )
    assert _speakers(text) == ["Tomas Ellery"]


def test_a_description_after_she_of_an_opening_clause_is_the_woman_it_means():
    text = (
        "Dagny Marsh runs the Valmora food bank.\n\n"
        "Her partner Paul Steen drives the van. He knows every farm.\n\n"
        "After the harvest failed, she asked every farm in the county for help. "
        "“Nobody said no,” the retired teacher said."
    )
    assert _speakers(text) == ["Dagny Marsh"]


def test_a_description_someone_new_brought_in_is_not_the_he_before():
    text = (
        "Harbour commissioner Tomas Ellery sat in his office on a rainy morning.\n\n"
        "Ships come from every coast. A visiting engineer toured the quay.\n\n"
        "When he took office in 2009, he made the new quay his first aim. "
        "“The quay is too short,” the engineer said."
    )
    assert _speakers(text) == [None]


def test_a_quote_taken_up_after_a_chant_between_dashes_goes_on_with_its_speaker():
    text = (
        "Sheriff Joe Arden spoke next, praising the plan for a wall along the county line.\n\n"
        "He said, “Mayor Roe will build the wall” - at which point the crowd chanted "
        "“Build the wall!” - “and keep drugs out of our county.”"
    )
    assert _speakers(text) == ["Joe Arden", "crowd", "Joe Arden"]


def test_a_quote_after_a_chant_that_is_not_taken_up_mid_sentence_stays_with_its_cue():
    text = (
        "Sheriff Joe Arden spoke next, praising the plan for a wall along the county line.\n\n"
        "He said, “Mayor Roe will build the wall.” Then the crowd chanted "
        "“Build the wall!” - “Now!” they yelled."
    )
    assert _speakers(text)[0] == "Joe Arden"
    assert _speakers(text)[2] != "Joe Arden"


def test_she_does_not_take_up_a_man_of_a_given_name_common_outside_the_united_states():
    # (Matteo, Philippe, Wolfgang: men's names the 1990 census lists lack)
    for man in ("Matteo Renko", "Philippe Ardant", "Wolfgang Brede"):
        text = (
            f"In Valmora, Prime Minister {man} is rallying a coalition against the plan.\n\n"
            "Critics see the same populism everywhere.\n\n"
            "“It is the same discourse,” she told the Example Gazette."
        )
        assert _speakers(text) == [None], man


def test_a_demonym_is_the_one_person_the_text_tied_to_that_state():
    text = (
        "Former Texas Gov. Rick Perrin endorsed Sen. Ted Quist on Sunday.\n\n"
        "The former governor, who left the race last year, said voters want an outsider. "
        "“Experience is not what they are looking for,” the Texan said."
    )
    assert _speakers(text) == ["Rick Perrin"]
    text = (
        "Gov. Rick Perrin endorsed Sen. Ted Quist of Ohio on Sunday.\n\n"
        "The governor said voters want an outsider. "
        "“Experience is not what they are looking for,” the Ohioan said."
    )
    assert _speakers(text) == ["Ted Quist"]


def test_he_opening_the_sentences_after_someone_unnamed_stays_unnamed():
    text = (
        "Mayor Tom Reyes has lost support among delegates. One Valmora delegate said he tried "
        "to give away passes to the convention. He was unable to find a single taker, he "
        "said, on condition of anonymity. “Not even one,” he said."
    )
    assert _speakers(text) == [None]
    text = (
        "Mayor Tom Reyes has lost support. A delegate said he tried to give away passes. "
        "He found no taker. “Not even one,” he said."
    )
    assert _speakers(text) == [None]


def test_he_after_a_sentence_naming_someone_is_not_kept_unnamed():
    text = (
        "Mayor Tom Reyes has lost support. A delegate said Reyes tried to give away passes. "
        "He found no taker. “Not even one,” he said."
    )
    assert _speakers(text) == ["Tom Reyes"]


def test_a_description_of_the_other_gender_is_not_the_man_just_written_about():
    text = (
        "Former Secretary of State Mara Quill campaigned in Valmora on Tuesday. Real estate "
        "developer Paul Grant spent the day in Ohio.\n\nGrant mocked his rivals at a rally on "
        "Monday.\n\n“We will win this state,” the former first lady said."
    )
    assert _speakers(text) == [None]


def test_he_after_a_sentence_whose_subject_an_adverb_sets_off_is_that_subject():
    text = (
        "Mark Roe and Tom Reyes met in Ohio. “We will win,” Roe said on Monday. "
        "Reyes, however, said Roe was wrong. “It is a fantasy,” he said."
    )
    assert _speakers(text) == ["Mark Roe", "Tom Reyes"]


def test_she_a_few_sentences_on_is_the_only_woman_named_before():
    # (a given name no list holds, named as an object: no one else "she" can mean)
    text = (
        "Prime Minister Tom Reyes met Kellyanne Conwell on Monday in Brussels, and the "
        "talks ran late.\n\nThe two sides did not agree.\n\n“We will not give in,” she said."
    )
    assert _speakers(text) == ["Kellyanne Conwell"]


def test_his_in_an_apposition_and_him_as_object_do_not_make_the_name_a_man():
    text = (
        "Tom Reyes spoke on Monday. Kellyanne Conwell, his campaign manager, followed him "
        "to the stage. “We will not give in,” she said."
    )
    assert _speakers(text) == ["Kellyanne Conwell"]


def test_the_real_estate_mogul_is_a_person_not_a_place():
    text = (
        "Real estate developer Paul Grant spent the day in Ohio.\n\n"
        "Grant mocked his rivals at a rally on Monday.\n\n"
        "“We will win this state,” the real estate mogul said."
    )
    assert _speakers(text) == ["Paul Grant"]


def test_a_party_description_is_not_the_person_of_the_other_party():
    text = (
        "Valmora votes\n\n"
        "Republican nominee Paul Grant named Gov. Mike Penner as his running mate on Friday. "
        "Democrat Mara Quill picked Sen. Tim Kainer.\n\n"
        "Quill spoke in Ohio on Saturday. Grant was in Florida.\n\n"
        "“We will win this state,” the Democrat said. “We will win it too,” the Republican said."
    )
    assert _speakers(text) == ["Mara Quill", "Paul Grant"]


def test_a_quote_after_a_sentence_about_one_person_is_theirs():
    text = (
        "The council voted on Monday to close the pier.\n\n"
        "Mara Quill, who has fought the plan for a year, was furious about the vote. "
        "“Today the council failed us.”"
    )
    assert _speakers(text) == ["Mara Quill"]
    text = "The council voted on Monday.\n\nMara Quill did not hold back.\n\n“Today it failed us.”"
    assert _speakers(text) == ["Mara Quill"]


def test_a_quote_after_a_sentence_about_two_people_or_with_its_own_cue_is_not_taken():
    text = "Mara Quill met Tom Reyes on Monday. “Today the council failed us.”"
    assert _speakers(text) == [None]
    text = (
        "Mara Quill did not hold back.\n\n“Today the council failed us,” a bystander told "
        "the Gazette."
    )
    assert _speakers(text) == [None]


def test_a_quote_after_a_persons_statement_is_theirs():
    text = "Mara Quill's statement on Monday was brief. “Today the council failed us.”"
    assert _speakers(text) == ["Mara Quill"]
