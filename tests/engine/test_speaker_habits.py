"""General habits of news writing about who is speaking, each pinned on fictional text: the
classes left over from the blind sets (``test_blind_sets.py``) and those of the sixth."""

from __future__ import annotations

from tests.engine.labelled import speakers


def test_a_pronoun_after_a_described_unnamed_subject_is_not_someone_further_back():
    text = (
        "Deputy Mayor Carla Venn dismissed the report on Monday. “It is not serious,” Venn "
        "said.\n\nThe head of the dockworkers’ union was defiant. “We are not moving,” she "
        "said.\n\nThe owner of the harbour cafe said trade had halved. “We lost the summer,” "
        "she said."
    )
    got = speakers(text)
    assert got["It is not serious,"] == "Carla Venn"
    assert got["We are not moving,"] is None
    assert got["We lost the summer,"] is None


def test_a_described_subject_the_text_has_named_is_that_person():
    text = (
        "Mira Hale, the president of the dockworkers’ union, spoke on Monday, and Governor "
        "Ada Quist answered her. The president of the union was defiant. “We are not "
        "moving,” she said."
    )
    assert speakers(text) == {"We are not moving,": "Mira Hale"}


def test_words_dismissed_or_branded_as_belong_to_who_dismissed_them():
    text = (
        "Harbour plan\n\nDeputy Mayor Carla Venn dismissed the audit as “fiction from start "
        "to finish.”\n\nThe opposition leader, Tobias Quell, branded the budget “a raid on "
        "the harbour fund,” and called for a vote."
    )
    assert speakers(text) == {
        "fiction from start to finish.": "Carla Venn",
        "a raid on the harbour fund,": "Tobias Quell",
    }


def test_a_critic_who_was_less_kind_said_what_follows_the_colon():
    text = (
        "The play opens\n\nWriting for the Northfield Courier, critic Ada Lomax was less "
        "kind: “The second act simply collapses.”\n\nTom Brill had a different view: “It "
        "is the best thing on stage this year.”\n\nMayor Jane Roe saw it differently: “The "
        "theatre deserves its grant.”"
    )
    assert speakers(text) == {
        "The second act simply collapses.": "Ada Lomax",
        "It is the best thing on stage this year.": "Tom Brill",
        "The theatre deserves its grant.": "Jane Roe",
    }


def test_someone_who_gave_only_a_first_name_is_known_by_it_not_the_last_man_named():
    text = (
        "Market day\n\nGazette columnist Tom Pike called the plan “a bridge to nowhere.”\n\n"
        "A shopkeeper who gave only his first name, Tomas, said the market had been quiet. "
        "“Nobody comes on Mondays anymore,” he said.\n\n“I liked what he said,” said a "
        "retired docker who would give only his first name, Ed."
    )
    got = speakers(text)
    assert got["Nobody comes on Mondays anymore,"] == "Tomas"
    assert got["I liked what he said,"] == "Ed"


def test_answers_set_out_by_topic_belong_to_whoever_took_the_questions():
    text = (
        "Budget talks\n\nGovernor Ben Osei held a news conference on Thursday, his first "
        "since the strike began.\n\nOn the budget: “We will balance it without new taxes.”\n\n"
        "On the strike: “Both sides need to come back to the table.” On the harbour: “The "
        "work starts next spring.”"
    )
    assert speakers(text) == {
        "We will balance it without new taxes.": "Ben Osei",
        "Both sides need to come back to the table.": "Ben Osei",
        "The work starts next spring.": "Ben Osei",
    }


def test_she_added_right_after_a_quote_is_whoever_spoke_it():
    text = (
        "Harbour\n\n“We have heard nothing at all,” Ada Quist, an aide to Senator Mary Holt "
        "told the Gazette.\n\n“We will wait for the letter,” she added."
    )
    assert speakers(text) == {
        "We have heard nothing at all,": "Ada Quist",
        "We will wait for the letter,": "Ada Quist",
    }


def test_words_said_of_someone_in_the_passive_are_not_theirs():
    text = (
        "Harbour\n\nTom Pike, who was branded by critics as “a traitor to the harbour,” said "
        "nothing.\n\nAda Quist, alleged to have moved the funds, is charged with “misusing "
        "public money” over two years."
    )
    got = speakers(text)
    assert got.get("a traitor to the harbour,") is None
    assert got.get("misusing public money") is None


def test_a_club_named_rovers_or_athletic_is_no_one_she_could_be():
    text = (
        "Cup tie\n\nMarrow Rovers beat Fenby Athletic 2-0 on Saturday.\n\nFenby manager Ida "
        "Crane praised her players. “We ran until the end,” she said."
    )
    assert speakers(text) == {"We ran until the end,": "Ida Crane"}


def test_a_preposition_opening_a_quoted_sentence_is_not_part_of_a_name():
    text = (
        "Marsh count\n\nOrla Beckwith-Tane counts birds at Fell Marsh every month. “The "
        "birds don't care that it's cold,” Orla says.\n\n“Without Orla we would be "
        "guessing,” said the trust's director, Sam Idris. “She is the record,” Orla's "
        "colleague Ben Farrow said. “Numbers matter,” Orla says."
    )
    got = speakers(text)
    assert got["The birds don't care that it's cold,"] == "Orla Beckwith-Tane"
    assert got["Numbers matter,"] == "Orla Beckwith-Tane"


def test_a_name_followed_by_whose_children_is_a_person():
    text = (
        "School vote\n\nBoard president Nora Pell said the vote was hard. “I know these "
        "families,” she said.\n\nTamsin Grady, whose two sons attend the school, said the "
        "board had not looked at other options. “You found money for a scoreboard,” she "
        "told the board."
    )
    assert speakers(text)["You found money for a scoreboard,"] == "Tamsin Grady"


def test_the_younger_of_two_brothers_is_the_one_called_younger():
    text = (
        "Derby\n\nThe captain, Lewis Okafor, was sent off. “I got clipped,” he said.\n\n"
        "The late goal came from Tom Okafor, Lewis's younger brother. “It is bittersweet,” "
        "the younger Okafor said. “He will be all right,” the elder Okafor added later."
    )
    got = speakers(text)
    assert got["It is bittersweet,"] == "Tom Okafor"


def test_the_short_name_of_an_organisation_is_the_one_named_in_full():
    text = (
        "The Example Gazette reported the closure first.\n\n“The harbour will shut,” the "
        "Gazette said in its report."
    )
    assert speakers(text) == {"The harbour will shut,": "Example Gazette"}


def test_her_son_said_then_he_said_is_the_son_not_her_late_husband():
    text = (
        "Dr Ada Bell, who ran the island's clinic for 40 years, died on Monday. She married "
        "Alistair Bell, a marine engineer, in 1960. He died in 1999.\n\nHer son said she "
        "rarely spoke about the early years. “She never complained,” he said."
    )
    assert speakers(text)["She never complained,"] != "Alistair Bell"


def test_according_to_someone_then_she_said_is_that_source():
    text = (
        "Strike\n\nThe Transport Minister, Oswin Pryce, urged both sides to talk. “Passengers "
        "are not bargaining chips,” Pryce said.\n\nThe strike costs the airline about 9 "
        "million marks a day, according to Bryony Achebe, an analyst at Coldharbour "
        "Research. “Two days they can absorb,” she said."
    )
    assert speakers(text)["Two days they can absorb,"] == "Bryony Achebe"


def test_nobody_and_a_contraction_are_never_a_speaker_s_name():
    text = (
        "Dinner\n\nThe oven cracked during service. I went out and asked, “Who likes salad?” "
        "Nobody laughed.\n\nHost Owen Letts: You've said the oven is “the real head chef.”"
    )
    got = speakers(text)
    assert got.get("Who likes salad?") in (None,)
    assert got.get("the real head chef.") in (None,)


def test_i_in_a_transcript_answer_is_the_one_its_label_names():
    text = (
        "Quarterly call\n\nAnalyst Dev Raman asked about margins.\n\nCFO ANTHONY WREN: Mostly "
        "the hiring. As I said in July, this is “a year of investment, not a year of margin.”"
    )
    assert speakers(text) == {"a year of investment, not a year of margin.": "Anthony Wren"}


def test_the_23_year_old_is_the_one_just_written_about_when_no_age_is_given():
    text = (
        "Open\n\nNora Kell had been asked about her wrist all week, and when the first "
        "question was about something else, she laughed.\n\n“Finally,” said the "
        "23-year-old, who had just reached the final."
    )
    assert speakers(text) == {"Finally,": "Nora Kell"}


def test_a_business_named_after_its_trade_and_its_spokesperson():
    text = (
        "Storm\n\nRail operator Westway has suspended all services. A spokesperson said trees "
        "were down. “We will not run trains until every mile is checked,” the spokesperson "
        "said.\n\n“I understand the anger,” Mayor Ida Roe told the broadcaster TVR.\n\nThe "
        "ferry operator Northline said in a statement that it had cancelled sailings. “Our "
        "priority is the safety of passengers,” the company said."
    )
    got = speakers(text)
    assert got["We will not run trains until every mile is checked,"] == "Westway"
    assert got["Our priority is the safety of passengers,"] == "Northline"


def test_state_media_quoting_a_minister_as_saying_a_clause_then_his_words():
    text = (
        "Border\n\nState news agency DNA quoted Defence Minister Radek Volkan as saying the "
        "drones had been “on a routine training flight entirely within our skies.”"
    )
    assert speakers(text) == {
        "on a routine training flight entirely within our skies.": "Radek Volkan"
    }


def test_the_caucus_is_the_caucus_not_the_senator_who_chairs_it():
    text = (
        "Texts\n\nSen. Maribel Quintero said she was hurt. “That is not the same thing,” she "
        "said.\n\nThe Senate Democratic caucus, which Quintero chairs, called for a vote. "
        "“Nobody who treats the process as a joke should control it,” the caucus said in a "
        "letter."
    )
    got = speakers(text)
    assert got["Nobody who treats the process as a joke should control it,"] == (
        "Senate Democratic caucus"
    )


def test_an_occupation_opening_a_sentence_is_not_part_of_the_name():
    text = (
        "The band\n\nFiddler Arlo Quint plays most of the night with his eyes shut.\n\nI "
        "spoke to Quint before the show. “We try to play to one person,” he said."
    )
    assert speakers(text) == {"We try to play to one person,": "Arlo Quint"}


def test_an_adverb_after_the_name_is_not_part_of_it():
    text = (
        "Trial\n\nJudge Harriet Okoye twice warned spectators to keep quiet, at one point "
        "telling the gallery, “This is not a theatre.”"
    )
    assert speakers(text) == {"This is not a theatre.": "Harriet Okoye"}


def test_words_someone_referred_to_something_as_are_theirs():
    text = (
        "Texts\n\nIn one message, Tom Harrow referred to the bill's sponsor as “the lady "
        "with the binder.”\n\nTom Harrow was referred to by aides as “the hammer of the "
        "committee.”"
    )
    got = speakers(text)
    assert got["the lady with the binder."] == "Tom Harrow"
    assert got.get("the hammer of the committee.") is None


def test_she_after_a_fronted_question_from_someone_unnamed_is_still_her():
    text = (
        "Festival\n\nImogen Clare, who was 17 when filming began, said she had never acted "
        "before. Asked by a member of the audience how she had prepared for the last scene, "
        "she paused. “I didn't,” she said."
    )
    assert speakers(text) == {"I didn't,": "Imogen Clare"}


def test_an_airport_speaks_as_an_organisation():
    text = (
        "Strike\n\nMarrow Airport said in a statement that it had brought in extra staff. "
        "“Please do not travel unless your flight is operating,” the airport said."
    )
    assert speakers(text) == {
        "Please do not travel unless your flight is operating,": ("Marrow Airport")
    }


def test_an_age_before_a_name_is_not_part_of_it():
    text = (
        "Allotments\n\nNine-year-old Ruby Sallis read out a poem she had written. “I was a bit "
        "nervous,” Ruby said afterwards."
    )
    assert speakers(text) == {"I was a bit nervous,": "Ruby Sallis"}


def test_nobody_opening_a_sentence_is_no_one_he_could_be():
    text = (
        "Debate\n\nFrom the back benches, Cyril Abernathy, who has spoken in every debate "
        "since 1994, intervened. Nobody asked him to "
        "elaborate, and he did anyway. “My grandfather could tell one mussel from another,” "
        "he said."
    )
    assert speakers(text) == {
        "My grandfather could tell one mussel from another,": ("Cyril Abernathy")
    }


def test_a_cue_read_inside_a_longer_name_is_the_whole_name():
    text = (
        "Plant\n\nThe Ministry of Trade and Industry said it was “watching closely and with "
        "concern.”"
    )
    assert speakers(text) == {
        "watching closely and with concern.": ("Ministry of Trade and Industry")
    }


def test_a_resident_of_a_street_is_no_one_named_after_it():
    text = (
        "Police log\n\nA resident of Pinecrest Drive reported that a bear was “sitting in the "
        "recycling bin like he owns it.”\n\n“I saw nothing at all,” said a resident of Canal "
        "Street.\n\nDowning Street said the minister was “getting on with the job.”"
    )
    got = speakers(text)
    assert got["sitting in the recycling bin like he owns it."] is None
    assert got["I saw nothing at all,"] is None


def test_a_role_word_after_a_name_ends_the_speaker_s_words_not_the_name_before_it():
    text = (
        "Campaign\n\nSenator Tom Reyes has tried to mend fences.\n\n“He knows he has work to "
        "do,” said a senior Reyes adviser, who asked not to be named.\n\n“The door is open,” "
        "says the Marrow Rovers captain, stretching on the touchline."
    )
    got = speakers(text)
    assert got["He knows he has work to do,"] is None
    assert got["The door is open,"] != "Marrow Rovers"


def test_a_body_named_in_apposition_to_its_description_is_an_organisation():
    text = (
        "Strike\n\nRail unions walked out on Friday.\n\nThe ferry company, Northline, "
        "cancelled all sailings. “We apologise to every passenger,” the company said."
    )
    assert speakers(text) == {"We apologise to every passenger,": "Northline"}


def test_a_role_without_its_article_in_apposition_makes_a_person():
    text = (
        "Strike\n\nUnion leader Oskar Brandvold said the strike would go on. “We will not "
        "move,” he said.\n\nHenrik Solheim-Aas, chief economist at the Vennmark Chamber of "
        "Commerce, estimated the cost. “Freight is the quiet casualty here,” he said."
    )
    assert speakers(text)["Freight is the quiet casualty here,"] == "Henrik Solheim-Aas"


def test_a_pronoun_before_a_name_in_its_sentence_does_not_give_the_name_its_gender():
    text = (
        "Comeback\n\nShe still remembers the coach, Robin Vale, kneeling beside her on the "
        "pitch.\n\nVale, who has trained the team for nine years, laughs at this. “That is "
        "slander,” he says.\n\nHe was joined at the meeting by Kit Arden, the club secretary. "
        "She said the budget was “tight but honest.”"
    )
    got = speakers(text)
    assert got["That is slander,"] == "Robin Vale"
    assert got["tight but honest."] == "Kit Arden"


def test_a_first_name_borne_by_men_and_women_does_not_decide_a_pronoun():
    text = (
        "Harbour vote\n\nSenator Lindsay Marsh attacked his rival, Councillor Peter Quill, "
        "over the harbour plan.\n\nMarsh said, “We cannot afford to lose the port.”\n\nHe "
        "continued, “I believe the plan will cost us the next election.”"
    )
    assert speakers(text)["I believe the plan will cost us the next election."] == "Lindsay Marsh"


def test_an_abbreviated_office_and_a_second_office_before_one_name_are_one_person():
    text = (
        "Surrogates\n\nThe party wants a united front.\n\n“He is reprising that role,” said "
        "former Ohio Gov. and Harbour Party Chairman Ed Rowan. “He knows the ground.”"
    )
    assert set(speakers(text).values()) == {"Ed Rowan"}


def test_a_description_by_party_and_state_is_the_person_whose_tag_fits():
    text = (
        "Budget fight\n\nRep. Jo Marsh (D-Ohio) and Rep. Al Quist (R-Vt.) met on Tuesday.\n\n"
        "“We will not sign it,” the Ohio Democrat said.\n\n“Nor will we,” the Vermont "
        "Republican said.\n\n“It is a bad bill,” said a Vermont Republican who asked not to "
        "be named."
    )
    got = speakers(text)
    assert got["We will not sign it,"] == "Jo Marsh"
    assert got["Nor will we,"] == "Al Quist"
    assert got["It is a bad bill,"] is None


def test_an_epithet_by_party_and_state_follows_the_person_the_story_is_following():
    text = (
        "Harbour bill\n\nSpeaker Tom Reyes said the onus was on Dan Tripp. “We must unify "
        "this party,” he said.\n\nThe Ohio Republican did give Tripp some credit, but he "
        "suggested the harbour developer is no statesman.\n\n“We do not always nominate a "
        "giant,” he said."
    )
    got = speakers(text)
    assert got["We do not always nominate a giant,"] == "Tom Reyes"


def test_a_description_opening_the_clause_speaks_through_a_participle_or_a_colon():
    text = (
        "Primary\n\nMayor Jane Roe won the primary on Tuesday.\n\nBefore the count ended, her "
        "campaign sent out a text message to supporters saying: “With your help, we won "
        "again.”\n\nThe mayor noted that she had taught law, and added: “I know a little "
        "about this.”"
    )
    got = speakers(text)
    assert got["With your help, we won again."] == "Roe campaign"
    assert got["I know a little about this."] == "Jane Roe"


def test_a_name_in_someone_s_quoted_words_takes_no_gender_from_them():
    text = (
        "Primary\n\nDominik Arvane had been speaking for twenty minutes when a man at the "
        "back started shouting.\n\nArvane, a first-term congressman running for the seat of "
        "Rosa Kell, waved them off. “Let him stay,” he said.\n\nTreasurer Viola Sands "
        "answered within the hour. “Dominik can keep the insults. We will keep balancing the "
        "budget,” she said. “I'll say more on Monday,” she added.\n\nArvane spoke of the "
        "mill. “It closed because the capital let it close,” he said."
    )
    got = speakers(text)
    assert got["Let him stay,"] == "Dominik Arvane"
    assert got["It closed because the capital let it close,"] == "Dominik Arvane"
    assert "I'll" not in got.values()


def test_the_union_is_the_body_the_sentence_before_is_about_whatever_its_name():
    text = (
        "Tariffs\n\nThe Amalgamated Boilermakers of Vennmark, which represents workers at "
        "three shipyards, praised the decision. “This is a good day for every worker,” the "
        "union said in a statement.\n\nThe Harbour Pilots Association, which had opposed the "
        "plan, said it would meet the minister. “We hope she listens,” the union said."
    )
    got = speakers(text)
    assert got["This is a good day for every worker,"] == "Amalgamated Boilermakers of Vennmark"
    assert got["We hope she listens,"] == "Harbour Pilots Association"


def test_surnames_with_particles_and_party_words_before_names():
    text = (
        "Forum\n\nThe candidate, businessman Luis de la Vega Jr., said credits were not "
        "enough. “I have 14 openings,” De la Vega said.\n\nLibertarian Hendrik ter Borg did "
        "not attend. “Not my forum,” Ter Borg said."
    )
    got = speakers(text)
    assert got["I have 14 openings,"] == "Luis de la Vega Jr."
    assert got["Not my forum,"] == "Hendrik ter Borg"


def test_a_month_that_is_a_given_name_starts_a_name():
    text = (
        "Town hall\n\nAcross the room, June Albrecht-Vale, a nurse who drove 40 miles, had "
        "made up her mind. “I voted for him last time,” she said.\n\nThe vote is on June 5."
    )
    assert speakers(text)["I voted for him last time,"] == "June Albrecht-Vale"


def test_a_surname_takes_the_full_name_the_text_gives_only_in_a_title():
    text = (
        "Cable clash\n\nThe segment on “The Briefing With Alistair Brook,” began calmly. "
        "Brook asked Rep. Russ Tamura whether the plan was fair.\n\n“All right, all right,” "
        "Brook said. “We're going to take a break.”"
    )
    assert speakers(text)["All right, all right,"] == "Alistair Brook"


def test_a_pronoun_about_someone_else_the_sentence_brings_in_gives_no_gender():
    text = (
        "Briefing\n\nPress secretary Lorna Vasquez-Whit on Tuesday declined to say whether "
        "the president would sign the bill, saying he was still reading it.\n\nAsked by a "
        "reporter about spouses, she said the counsel's office was looking at it. “That's one "
        "area we're looking at,” she told him."
    )
    assert speakers(text)["That's one area we're looking at,"] == "Lorna Vasquez-Whit"


def test_places_and_sentence_openers_are_no_one_to_give_a_pronoun_to():
    text = (
        "Hate speech\n\nAs Western Europe's most populous nation grapples with migration, "
        "politicians decry incendiary speech.\n\nHarsh comments are earning some people more "
        "than scorn. A 29-year-old Berlin woman received probation after she had posted "
        "comments about an attack on a German woman. “Out!” she wrote."
    )
    assert speakers(text) == {"Out!": None}


def test_the_document_said_is_the_body_that_issued_it_named_or_described():
    text = (
        "Spill\n\nA spill at Granite Bay Power left 4,000 homes without water.\n\nThe utility "
        "said in a statement that a tank had ruptured. “We deeply regret this incident,” the "
        "statement said.\n\nThe Harbour Ethics Committee released its findings. In a 112-page "
        "report released after a long inquiry, the committee concluded that the councillor "
        "had spent party money. “The evidence shows a pattern of conduct,” the report said."
        "\n\nThe Office of Ports and Harbours said in a memo on Monday that crews should stand "
        "by. “Crews should be prepared,” the memo said."
    )
    got = speakers(text)
    assert got["We deeply regret this incident,"] == "Granite Bay Power"
    assert got["The evidence shows a pattern of conduct,"] == "Harbour Ethics Committee"
    assert got["Crews should be prepared,"] == "Office of Ports and Harbours"


def test_a_campaign_committee_is_an_organisation_and_the_campaign_it_names():
    text = (
        "Debates\n\nMarsh's campaign, Marsh for Senate, accepted within minutes. “We will "
        "take all three,” the campaign posted.\n\nThe mayor's re-election campaign, Quill for "
        "Ohio, said in a statement that the remarks were “a cheap attempt to score points.”"
    )
    got = speakers(text)
    assert got["We will take all three,"] == "Marsh for Senate"
    assert got["a cheap attempt to score points."] == "Quill for Ohio"


def test_repeated_is_a_cue_but_not_after_a_possessive():
    text = (
        "Hearing\n\n“Did you see this email?” Rep. Bo Kowal asked.\n\n“I did not see it in "
        "February,” Administrator Hana Marsh-Cole said.\n\n“June,” Kowal repeated. “Four "
        "months later.”\n\nThe charity she worked for, Open Shelves International, said in a "
        "statement that it had suspended its work. “The safety of our staff comes first,” the "
        "organization said.\n\nKowal also decried Marsh-Cole’s repeated delays, noting the "
        "agency had “wasted a year.”"
    )
    got = speakers(text)
    assert got["June,"] == "Bo Kowal"
    assert got["The safety of our staff comes first,"] == "Open Shelves International"
    assert got["wasted a year."] == "Bo Kowal"


def test_a_clause_of_the_speaker_s_doings_before_a_colon_and_officials_left_unnamed():
    text = (
        "Rally\n\nSenator Mara Quell faced hecklers in Dunmore. “We are sorry you feel that "
        "way,” Quell said. “It's huge,” she said, doing her best Vance impression.\n\nShe "
        "then addressed the supporters again: “Here is what I regret.”\n\nQuell delivered a "
        "snappy retort: “No one is tearing this up.”\n\nThe Harbour Agency declined to "
        "comment. “It was the right call,” said one former senior agency official."
    )
    got = speakers(text)
    assert got["Here is what I regret."] == "Mara Quell"
    assert got["No one is tearing this up."] == "Mara Quell"
    assert got["It was the right call,"] is None


def test_father_and_son_of_one_name_told_apart_by_suffix_and_the_elder():
    text = (
        "Forum\n\nBusinessman Luis de la Vega Jr. said credits were not enough. “I have 14 "
        "openings,” De la Vega said.\n\nLuis de la Vega Sr., the candidate's father, sat in the "
        "front row. “He talks too fast,” the elder De la Vega said."
    )
    got = speakers(text)
    assert got["I have 14 openings,"] == "Luis de la Vega Jr."
    assert got["He talks too fast,"] == "Luis de la Vega Sr."


def test_the_office_is_not_someone_whose_role_only_names_its_holder():
    text = (
        "Leaks\n\nGov. Ben Harrow faced questions on Thursday. His chief of staff, Cara Lind, "
        "the governor’s closest aide, wrote the messages.\n\nHarrow said on Thursday that he "
        "had not seen them. “My staff were under a lot of pressure,” the governor said."
    )
    assert speakers(text)["My staff were under a lot of pressure,"] == "Ben Harrow"


def test_the_campaign_is_the_one_last_named_by_its_candidate():
    text = (
        "Report\n\nThe Quill campaign rejected the report on Monday. “It is false,” the "
        "campaign said.\n\nMayor Jo Roe's campaign also answered. “We welcome it,” the "
        "campaign said in a statement."
    )
    got = speakers(text)
    assert got["It is false,"] == "Quill campaign"
    assert got["We welcome it,"] == "Roe campaign"


def test_a_name_only_in_the_headline_yields_to_the_body_s_when_it_is_the_same_person():
    text = (
        "Ken Starr praises harbour plan as Understated Vance sits out\n\nFormer prosecutor "
        "Kenneth Starr spoke on Monday. “It has remarkable merits,” Starr said.\n\nHarbour "
        "minister Thomas Vance said little. “We will see,” Vance said."
    )
    got = speakers(text)
    assert got["It has remarkable merits,"] == "Kenneth Starr"
    assert got["We will see,"] == "Thomas Vance"


def test_a_name_only_in_the_headline_stays_the_subject_of_an_obituary():
    text = (
        "Hollis Breck, printer who founded the Gazette, dies at 87\n\nBreck set type by hand "
        "until he was 80. “I never retired,” Breck told the Gazette in 2010. His son, Marcus "
        "Breck, runs the shop now."
    )
    assert speakers(text)["I never retired,"] == "Hollis Breck"


def test_a_question_in_a_subordinate_clause_does_not_make_its_asker_the_pronoun():
    text = (
        "Interview\n\nSpeaker Tom Reyes told WKTV's Jake Tapley on Sunday that the party must "
        "unify. “We must unify,” he said.\n\n“I was pretty clear,” Reyes continued.\n\nReyes "
        "has previously called out Dan Tripp. He has often been careful not to mention Tripp "
        "by name.\n\nReyes also did not exude confidence when Tapley asked whether the party "
        "would hold the House.\n\n“You always run like everything is on the line,” he said."
    )
    assert speakers(text)["You always run like everything is on the line,"] == "Tom Reyes"


def test_the_subject_opening_the_sentence_before_outranks_a_name_it_mentions():
    text = (
        "Test\n\nRepublicans took shots at the White House on Wednesday.\n\nSen. Mark Rubin "
        "responded first, ripping into President Al Oberg late Tuesday night. “I have been "
        "warning that the north is run by a lunatic while President Oberg has stood idly by,” "
        "the Ohio senator and Republican presidential candidate said in a statement. “If this "
        "test is confirmed, it will be the latest failure,” he added."
    )
    got = speakers(text)
    assert got["If this test is confirmed, it will be the latest failure,"] == "Mark Rubin"


def test_a_state_body_written_in_lower_case_and_a_campaign_s_statement():
    text = (
        "Islands\n\nThe Quill campaign on Tuesday responded that it had moved to larger "
        "offices. “Also, Mr. Quill pays the rent himself,” the statement said.\n\nVennmark's "
        "foreign ministry also weighed in. “Countries outside the region should keep their "
        "promises,” the ministry said in a statement."
    )
    got = speakers(text)
    assert got["Countries outside the region should keep their promises,"] == (
        "Vennmark's foreign ministry"
    )
    assert got["Also, Mr. Quill pays the rent himself,"] == "Quill campaign"
