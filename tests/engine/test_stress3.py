"""General rules taught by the third and fourth blind stress sets (``stress3.jsonl`` and
``stress4.jsonl``; their gates are in ``test_blind_sets.py``), each pinned on other fictional
text."""

from __future__ import annotations

from tests.engine.labelled import speakers


def test_an_office_of_several_words_before_a_name_is_not_part_of_it():
    text = (
        "County Surveyor Philippa Gantry said the road would close. “It is not safe,” "
        "she said.\n\nThe adviser, Deputy Chief of Staff Orla Venn, was at the meeting. "
        "“We were told nothing,” Venn said.\n\nChief of Staff Tobiah Quell said: “No comment.”"
    )
    assert speakers(text) == {
        "It is not safe,": "Philippa Gantry",
        "We were told nothing,": "Orla Venn",
        "No comment.": "Tobiah Quell",
    }


def test_his_daughter_is_the_daughter_the_story_introduced():
    text = (
        "Osgood Brannick, a ferry captain for 40 years, died on Sunday. His daughter, Perpetua "
        "Brannick-Hale, said he had been ill.\n\nHe is also survived by a son, Ambrose.\n\n"
        "“He never missed a sailing,” his daughter said."
    )
    assert speakers(text) == {"He never missed a sailing,": "Perpetua Brannick-Hale"}


def test_a_daughter_named_in_the_survivors_list_is_her_daughter():
    text = (
        "Ines Calloway-Rhee, who ran the town's library for 30 years, died on Friday. She is "
        "survived by a daughter, Marguerite Rhee, and two grandsons.\n\n"
        "“She read every book before she lent it,” her daughter said."
    )
    assert speakers(text) == {"She read every book before she lent it,": "Marguerite Rhee"}


def test_said_he_about_someone_else_does_not_make_the_speaker_a_man():
    text = (
        "Osgood Brannick ran the ferry for 40 years.\n\nTamsin Oakridge, who crewed for him "
        "from 1990, said he was a hard man to please. “He checked every knot twice,” she said."
    )
    assert speakers(text) == {"He checked every knot twice,": "Tamsin Oakridge"}


def test_said_he_asked_how_she_felt_keeps_the_reporter_a_man():
    text = (
        "Verity Lanke, 43, was charged on Friday.\n\nDetective Ambrose Quill, testifying on "
        "Monday, said he asked how she felt.\n\n“I feel nothing,” she said."
    )
    assert speakers(text) == {"I feel nothing,": "Verity Lanke"}


def test_she_after_a_person_kept_unnamed_on_purpose_is_nobody_named():
    text = (
        "Councillor Imelda Sarrow voted for the new market fees.\n\n"
        "A stallholder near the square, who asked that her name not be used, said trade had "
        "halved. “Nobody buys flowers in the rain,” she said.\n\n"
        "The owner of the bakery, who asked not to be named, said she would close in May. "
        "“I cannot pay it,” she said."
    )
    assert speakers(text) == {
        "Nobody buys flowers in the rain,": None,
        "I cannot pay it,": None,
    }


def test_the_clerk_an_article_brought_in_unnamed_is_not_a_clerk_named_later():
    text = (
        "According to a clerk who was at the count, the ballots arrived late. “Nobody could "
        "say where they had been,” the clerk said.\n\n"
        "The clerk for Dunmere County, Ottilie Sarn, who also attended, declined to comment."
    )
    assert speakers(text) == {"Nobody could say where they had been,": None}


def test_the_judge_the_story_names_only_later_is_still_the_judge():
    text = (
        "The hearing had gone on for an hour. “Both of you have said the same thing,” the "
        "judge said.\n\nJudge Corwin Haldane then adjourned the case until Monday."
    )
    assert speakers(text) == {"Both of you have said the same thing,": "Corwin Haldane"}


def test_a_pronoun_after_someone_else_was_brought_in_gives_the_name_no_gender():
    text = (
        "Board member Odalys Fenwick asked the superintendent whether the annex had been "
        "studied. He said it had.\n\nFenwick was not convinced. “That is not enough,” she said."
    )
    assert speakers(text) == {"That is not enough,": "Odalys Fenwick"}


def test_a_participle_opening_the_sentence_is_not_the_speaker():
    text = (
        "A driver was jailed on Friday.\n\nReading her statement from the witness box, the "
        "victim’s mother, Odile Brask, said: “He rang me every night. The phone is quiet now.”"
    )
    assert speakers(text) == {"He rang me every night. The phone is quiet now.": "Odile Brask"}


def test_whose_relative_then_the_name_speaks_not_the_possessor():
    text = (
        "The trial heard from the family.\n\nLater, Isaac’s father, Tobias Wren, said: “He "
        "was the funny one.”"
    )
    assert speakers(text) == {"He was the funny one.": "Tobias Wren"}


def test_an_unnamed_member_of_an_organisation_is_not_the_organisation():
    text = (
        "Wards are full. A porter at Tarnwick General said the queue was “out of the door.” "
        "“We have never seen it like this,” he said.\n\n"
        "A spokeswoman for Tarnwick General said: “We are coping.”"
    )
    assert speakers(text) == {
        "out of the door.": None,
        "We have never seen it like this,": None,
        "We are coping.": "Tarnwick General",
    }


def test_himself_and_likes_to_say_leave_the_name_that_speaks():
    text = (
        "Councillor Ferris Vane lost the vote. Vane himself wrote on social media that night: "
        "“We will be back.”\n\nMayor Odette Marr likes to say that the town is “the harbour "
        "of the north.”"
    )
    assert speakers(text) == {
        "We will be back.": "Ferris Vane",
        "the harbour of the north.": "Odette Marr",
    }


def test_an_organisation_named_again_by_its_first_word_is_the_organisation():
    text = (
        "The drivers work for Harwick Logistics, which runs the depot. Harwick said in a "
        "statement that its offer was “the best in the industry.”"
    )
    assert speakers(text) == {"the best in the industry.": "Harwick Logistics"}


def test_quoted_as_saying_that_gives_the_partial_quote_to_the_one_quoted():
    text = (
        "Talvia rejected the demand. Official news agency KNT quoted Deputy Prime Minister "
        "Ilse Varga as saying that Talvia “will not hand over its citizens.”"
    )
    assert speakers(text) == {"will not hand over its citizens.": "Ilse Varga"}


def test_a_thing_called_by_a_name_is_nobody_and_a_long_office_introduces_a_person():
    text = (
        "By Tobin Marsh\n\nEvery few years the town of Quarrow says it will become “smart.” "
        "This year's plan is called Quarrow Ahead.\n\nWhen I asked the town's chief digital "
        "officer, Oona Pellew, what it would do, she was frank. “Honestly? Count the "
        "complaints,” she said."
    )
    got = speakers(text)
    assert got["smart."] != "Tobin Marsh"  # the town says it, not the column's writer
    assert got["Honestly? Count the complaints,"] == "Oona Pellew"


def test_one_person_with_two_offices_and_a_cleric_of_a_church():
    text = (
        "“We are ready,” said Quillmart CEO and new board chair Tessa Obi.\n\n"
        "A fire broke out. “We have no idea what caused it,” the Rev. Amos Quell of the "
        "Harbour Chapel said."
    )
    assert speakers(text) == {
        "We are ready,": "Tessa Obi",
        "We have no idea what caused it,": "Amos Quell",
    }


def test_the_institute_and_the_company_are_the_bodies_the_story_named():
    text = (
        "The Orrin Institute of Coastal Health, which paid for the study, backed it. “Small "
        "steps matter,” the institute said in a statement.\n\nTarnwick Water, the private "
        "utility that supplies the town, found bacteria on Saturday. “Please boil your "
        "water,” the company said."
    )
    assert speakers(text) == {
        "Small steps matter,": "Orrin Institute of Coastal Health",
        "Please boil your water,": "Tarnwick Water",
    }


def test_a_name_after_a_pronoun_subject_is_not_the_subject():
    text = (
        "Councillor Imogen Tarrant opposed the sale.\n\nMrs Fenwick, winding up, said the "
        "routes were safe.\n\nShe turned to Mrs Tarrant. ‘I hope my colleague reads the "
        "contract,’ she said."
    )
    assert speakers(text) == {"I hope my colleague reads the contract,": "Fenwick"}


def test_the_name_after_a_long_fronted_clause_is_the_subject():
    text = (
        "Prime Minister Oskar Lindqvist spoke first. Farmer Piet Anholt said he understood "
        "both sides. “We are both thirsty,” Anholt said.\n\nAsked whether the country would "
        "accept international mediation next year, Lindqvist was non-committal. “We are open "
        "to talking,” he said."
    )
    assert speakers(text)["We are open to talking,"] == "Oskar Lindqvist"


def test_a_quote_after_she_added_that_is_hers():
    text = (
        "Tove Aaland, the right back, said the turning point came late. “Nobody panicked,” "
        "she said.\n\nShe added that the squad had been stung by criticism. “People wrote us "
        "off. That was fine.”"
    )
    assert speakers(text)["People wrote us off. That was fine."] == "Tove Aaland"


def test_the_company_is_the_one_named_last_by_its_first_word():
    text = (
        "Harwick Foods will buy the ice-cream maker Pellmark Dairy for $900 million.\n\n"
        "According to Harwick, the deal will add to earnings. “We expect it to pay for "
        "itself within a year,” the company wrote in a presentation."
    )
    assert speakers(text) == {"We expect it to pay for itself within a year,": "Harwick Foods"}


def test_a_school_named_secondary_is_no_person_the_pronoun_could_mean():
    text = (
        "Osric Pellow, who founded Radio Tarnwick in a church basement, died on Saturday.\n\n"
        "Mr. Pellow taught physics at Tarnwick Secondary for 22 years.\n\nIn a 1996 "
        "interview with The Tarnwick Courier, he explained why he had started it. “Nobody "
        "sounded like my neighbours,” he said."
    )
    assert speakers(text) == {"Nobody sounded like my neighbours,": "Osric Pellow"}


def test_a_name_inside_single_quotation_marks_is_not_the_speaker():
    text = (
        "Maureen Tolley, 47, is accused of theft.\n\nRuth Okafor, defending, said her client "
        "denied any intention to steal. ‘Mrs Tolley ran errands for these people,’ she told "
        "the jury."
    )
    assert speakers(text) == {"Mrs Tolley ran errands for these people,": "Ruth Okafor"}
