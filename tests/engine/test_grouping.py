"""Grouping articles into stories: features, the story index, and the dev-set gate."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date, datetime

import pytest

from articles.engine.grouping import (
    EVENT_CONFLICT,
    FIGURE_CONFLICT,
    LEAD_CONFLICT,
    WRITTEN_CONFLICT,
    StoryIndex,
    cluster,
    core_coverage,
    featurize,
    named_years,
    split_events,
)
from articles.engine.similarity import extract_names, mentioned_date
from articles.engine.weights import DocumentFrequencies
from scripts.eval_grouping import (
    DEV,
    HAND,
    HELDOUT,
    LONG,
    bcubed,
    load,
    run_baseline,
    run_engine,
    shuffled,
)

PASS_HEADLINE = "Senate passes stopgap bill, averting state shutdown"
PASS_BODY = (
    "The Examplia state Senate voted 31-17 on Tuesday to pass a stopgap funding bill that keeps "
    "state agencies open until June 30. The measure sets aside $45 million for flood repairs. "
    "Majority Leader Olivia Marsh called it a bridge. The bill goes to Governor Alan Doe."
)
SIGN_HEADLINE = "Governor Doe signs stopgap funding bill into law"
SIGN_BODY = (
    "Governor Alan Doe on Thursday signed the stopgap funding bill that keeps Examplia's state "
    "agencies open until June 30, two days after it passed the Senate. Olivia Marsh attended."
)


def article_features(headline, body, when):
    return featurize(headline=headline, body=body, published_at=when)


def test_featurize_boosts_headline_terms_and_finds_names_and_numbers():
    f = article_features(PASS_HEADLINE, PASS_BODY, datetime(2025, 3, 4, 19, 0))
    assert f.terms["stopgap"] > f.terms["flood"]
    assert {"olivia", "marsh", "alan", "doe"} <= f.names
    assert "45000000" in f.numbers
    assert f.event == "pass"
    assert f.event_date == date(2025, 3, 4)


def test_weekday_mention_resolves_to_the_most_recent_such_day():
    assert mentioned_date("signed on Tuesday", date(2025, 3, 6)) == date(2025, 3, 4)
    assert mentioned_date("free Saturday and Sunday buses", date(2025, 4, 2)) is None


def test_sentence_initial_common_words_are_not_names():
    names = extract_names("Officials said Mayor Jane Roe would speak. Police closed the road.")
    assert names == ["Jane Roe"]


def test_paraphrased_report_of_the_same_event_joins_the_story():
    index = StoryIndex()
    index.add("s1", article_features(PASS_HEADLINE, PASS_BODY, datetime(2025, 3, 4, 19)))
    other = article_features(
        "Lawmakers buy time: Senate approves temporary spending plan",
        "State senators approved a temporary spending plan on Tuesday night by 31-17, funding "
        "agencies through June 30. Olivia Marsh said the $45 million for floods could not wait. "
        "Governor Alan Doe is expected to act within days.",
        datetime(2025, 3, 4, 21),
    )
    assert index.place(other) == "s1"


def test_signing_two_days_after_the_vote_starts_a_new_story():
    index = StoryIndex()
    index.add("vote", article_features(PASS_HEADLINE, PASS_BODY, datetime(2025, 3, 4, 19)))
    signing = article_features(SIGN_HEADLINE, SIGN_BODY, datetime(2025, 3, 6, 16))
    assert index.place(signing) is None


def test_candidates_skip_stories_outside_the_time_window():
    index = StoryIndex(window_days=7)
    index.add("old", article_features(PASS_HEADLINE, PASS_BODY, datetime(2025, 1, 4)))
    later = article_features(PASS_HEADLINE, PASS_BODY, datetime(2025, 3, 4))
    assert index.candidates(later) == []


def test_candidates_are_chosen_again_after_a_story_is_added_or_its_days_change():
    index = StoryIndex(window_days=7)
    index.add("old", article_features(PASS_HEADLINE, PASS_BODY, datetime(2025, 1, 4)))
    later = article_features(PASS_HEADLINE, PASS_BODY, datetime(2025, 3, 4))
    later = replace(later, keys=("stopgap",))
    assert index.candidates(later) == []
    index.add("new", article_features(PASS_HEADLINE, PASS_BODY, datetime(2025, 3, 3)))
    assert index.candidates(later) == ["new"]
    # Days changed in place (a profile read after its key rows): forgotten, chosen again.
    index.stories["old"].last = later.published.toordinal()
    index.forget_candidates()
    assert set(index.candidates(later)) == {"old", "new"}


def test_index_state_round_trips_and_places_the_same_way():
    index = StoryIndex()
    index.add("s1", article_features(PASS_HEADLINE, PASS_BODY, datetime(2025, 3, 4, 19)))
    restored = StoryIndex.from_state(json.loads(json.dumps(index.state())))
    again = article_features(PASS_HEADLINE, PASS_BODY, datetime(2025, 3, 4, 20))
    assert restored.place(again) == index.place(again) == "s1"
    assert restored.df.as_dict() == index.df.as_dict()


def test_document_frequencies_count_each_document_once():
    df = DocumentFrequencies()
    df.add(["bill", "bill", "senate"])
    df.add(["bill"])
    assert df.as_dict() == {"n_docs": 2, "df": {"bill": 2, "senate": 1}}
    assert df.idf("unseen") > df.idf("senate") > df.idf("bill")


def test_bcubed_is_perfect_for_identical_clusterings_and_penalises_merges():
    assert bcubed(["a", "a", "b"], [1, 1, 2]) == (1.0, 1.0, 1.0)
    precision, recall, _ = bcubed(["a", "a", "b"], [1, 1, 1])
    assert recall == 1.0 and precision < 1.0


@pytest.mark.parametrize("path", [DEV, HELDOUT], ids=["dev", "heldout"])
def test_dev_sets_hold_fictional_events_with_several_outlets(path):
    rows = load(path)
    events = {r["event"] for r in rows}
    assert len(events) >= (25 if path == DEV else 10)
    assert all(len({r["outlet"] for r in rows if r["event"] == e}) >= 3 for e in events)


def test_grouping_dev_set_f1_stays_above_the_gate_and_beats_the_baseline():
    rows = load(DEV)
    gold = [r["event"] for r in rows]
    _, _, f1 = bcubed(gold, run_engine(rows))
    _, _, baseline = bcubed(gold, run_baseline(rows))
    assert f1 >= 0.95
    assert f1 > baseline


def test_long_set_holds_real_length_articles_with_same_topic_follow_ups():
    rows = load(LONG)
    events = {r["event"] for r in rows}
    assert len(events) >= 15
    assert all(3 <= sum(r["event"] == e for r in rows) <= 5 for e in events)
    long_enough = [r for r in rows if len(r["body"].split()) >= 240]
    assert len(long_enough) >= len(rows) - 3  # only the wire flashes are short
    families = {}
    for r in rows:
        families.setdefault(r["family"], set()).add(r["event"])
    assert sum(len(v) > 1 for v in families.values()) >= 4
    assert any(r["published_at"] is None for r in rows)


@pytest.mark.parametrize("order", ["in-order", "shuffled"])
def test_grouping_long_set_f1_stays_above_the_gate_and_beats_the_baseline(order):
    rows = load(LONG)
    if order == "shuffled":
        rows = shuffled(rows)
    gold = [r["event"] for r in rows]
    _, _, f1 = bcubed(gold, run_engine(rows))
    _, _, baseline = bcubed(gold, run_baseline(rows))
    assert f1 >= 0.97
    assert f1 > baseline + 0.15


def test_hand_set_holds_hand_written_events_with_hard_negatives():
    rows = load(HAND)
    events = {r["event"] for r in rows}
    assert len(events) >= 12
    assert all(3 <= len({r["outlet"] for r in rows if r["event"] == e}) <= 4 for e in events)
    assert all(150 <= len(r["body"].split()) <= 400 for r in rows)
    assert any(not r.get("published_at") for r in rows)
    # Hard negatives: two events that share their people and place a few days apart.
    for first, second in [
        ("ravensworth-speech", "ravensworth-resigns"),
        ("marlow-dunmore-match", "marlow-sack-brandt"),
        ("velmora-earthquake", "velmora-aftershock"),
        ("quillon-launch", "quillon-breach"),
        ("strake-fraud-verdict", "bus-driver-acquitted"),
    ]:
        assert {first, second} <= events


@pytest.mark.parametrize("order", ["in-order", "shuffled"])
def test_grouping_hand_set_f1_stays_above_the_gate_and_beats_the_baseline(order):
    rows = load(HAND)
    if order == "shuffled":
        rows = shuffled(rows)
    gold = [r["event"] for r in rows]
    _, _, f1 = bcubed(gold, run_engine(rows))
    _, _, baseline = bcubed(gold, run_baseline(rows))
    assert f1 >= 0.97
    assert f1 > baseline + 0.1


def test_grouping_hand_set_holds_up_in_other_arrival_orders():
    rows = load(HAND)
    scores = []
    for seed in range(8):
        order = shuffled(rows, seed=seed)
        scores.append(bcubed([r["event"] for r in order], run_engine(order))[2])
    assert sum(scores) / len(scores) >= 0.97
    assert min(scores) >= 0.93


MATCH_HEADLINE = "Marlow beaten 4-1 by Dunmore as pressure grows on Brandt"
MATCH_BODY = (
    "Marlow Athletic lost 4-1 at home to Dunmore Rovers on Saturday, a fifth straight defeat for "
    "manager Teodor Brandt. Sami Okoro scored twice for Dunmore, once early in the second half, "
    "and Jonas Pyke added a first-half penalty. Chairman Gordon Hale did not comment."
)


def test_a_match_report_s_halves_are_not_reporting_periods():
    match = article_features(MATCH_HEADLINE, MATCH_BODY, datetime(2025, 11, 8, 17))
    assert match.periods == frozenset()
    results = article_features(
        "Helio first-half profit rises",
        "Helio Telecom said its first-half profit rose 8 percent.",
        datetime(2025, 7, 30),
    )
    assert results.periods == {"h1"}


def test_a_sacking_after_a_match_report_starts_a_new_story():
    index = StoryIndex()
    index.add("match", article_features(MATCH_HEADLINE, MATCH_BODY, datetime(2025, 11, 8, 17)))
    index.add(
        "match",
        article_features(
            "Okoro double lifts Dunmore past Marlow and Brandt",
            "Sami Okoro scored twice as Dunmore Rovers won 4-1 at Marlow Athletic on Saturday. "
            "Jonas Pyke scored a penalty. Manager Teodor Brandt said it was not good enough.",
            datetime(2025, 11, 8, 19),
        ),
    )
    sacking = article_features(
        "Marlow sack manager Teodor Brandt",
        "Marlow Athletic sacked manager Teodor Brandt on Monday after a 4-1 home defeat by Dunmore "
        "Rovers. Chairman Gordon Hale thanked Brandt. Sami Okoro's goals had sealed his fate.",
        datetime(2025, 11, 10, 10),
    )
    assert sacking.event == "dismiss"
    assert index.place(sacking) is None


def test_an_undated_article_is_matched_on_its_text():
    index = StoryIndex()
    index.add("vote", article_features(PASS_HEADLINE, PASS_BODY, datetime(2025, 3, 4, 19)))
    other = article_features(
        "Lawmakers buy time: Senate approves temporary spending plan",
        "State senators approved a temporary spending plan on Tuesday night by 31-17, funding "
        "agencies through June 30. Olivia Marsh said the $45 million for floods could not wait.",
        None,
    )
    assert index.place(other) == "vote"


def test_background_frequencies_give_sensible_idf_on_an_empty_corpus():
    df = DocumentFrequencies()
    assert df.idf("arson") > df.idf("council") > df.idf("work")


def test_spelled_out_figures_count_as_numbers():
    from articles.engine.similarity import extract_numbers

    values = extract_numbers("Forty-one rescued, fourteen million pounds lost, 41 in hospital")
    assert values.count(41.0) == 2
    assert 14_000_000.0 in values


FIRE_HEADLINE = "Fire destroys warehouse on Example Pier"
FIRE_BODY = (
    "A fire destroyed a timber warehouse on Example Pier in Northfield overnight, the Northfield "
    "Fire Service said. Mayor Jane Roe thanked the 40 firefighters who fought the blaze. Chief "
    "Officer Sam Hale said the cause was not yet known and the pier would stay closed."
)


def test_stamped_date_reads_the_time_stamp_line_at_the_top():
    from articles.engine.similarity import stamped_date

    assert stamped_date("Fire on the pier", "Posted: March 14th, 2024 5:22 AM EDT\nText.") == (
        date(2024, 3, 14)
    )
    assert stamped_date("Sunday 23 Jun 2024", "Text.") == date(2024, 6, 23)
    assert stamped_date("Fire on the pier", "Updated 06/24/2024 09:10\nText.") == date(2024, 6, 24)
    # 05/02/24 is May 2nd or 5 February: no date rather than a wrong one.
    assert stamped_date("Fire on the pier", "05/02/24\nText.") is None
    # A date inside a sentence is the article's background, not its time stamp.
    background = "The pier, which reopened on March 3, 2019, after a long repair, burned again."
    assert stamped_date("Fire on the pier", background) is None


def test_dateline_stamps_are_not_names():
    assert extract_names("Posted: Nov. 5, 2024 3:12 PM EST. Mayor Jane Roe spoke.") == ["Jane Roe"]


# Another fire on the same pier, with the same mayor and town: a different event.
CAFE_FIRE_HEADLINE = "Cafe fire on Example Pier"
CAFE_FIRE_BODY = (
    "Flames broke out in the cafe at the far end of Example Pier on Friday night. Mayor Jane "
    "Roe said it was a sad sight for Northfield. Chief Officer Ola Brandt said no one was "
    "hurt and the cafe owners had been told."
)


def test_an_undated_article_stamped_years_after_the_story_starts_a_new_story():
    # The same pier, mayor and town three years on, in an article that came without a publish
    # date but with its page's time stamp: another fire.
    index = StoryIndex()
    index.add("2021", article_features(FIRE_HEADLINE, FIRE_BODY, datetime(2021, 8, 2, 7)))
    body, headline = CAFE_FIRE_BODY, CAFE_FIRE_HEADLINE
    unstamped = article_features(headline, body, None)
    assert index.place(unstamped) == "2021"  # all it has is what it shares with the story
    later = article_features(headline, "Posted: August 30, 2024\n" + body, None)
    assert later.written == date(2024, 8, 30)
    assert index.place(later) is None
    # Stamped the day after the story's article, it would be the same fire.
    next_day = article_features(headline, "Posted: August 3, 2021\n" + body, None)
    assert index.place(next_day) == "2021"


def test_an_article_written_years_after_every_year_an_undated_story_names_starts_a_new_story():
    # Undated reports of a warehouse fire that name their year, then an article stamped years
    # later about another fire on the same pier, with the same mayor and town.
    index = StoryIndex()
    for body in (
        FIRE_BODY + " The warehouse was built in 2019.",
        "Example Pier stays shut after the warehouse fire, the worst of this 2021 summer in "
        "Northfield. Mayor Jane Roe said repairs would take months.",
    ):
        index.add("old", article_features(FIRE_HEADLINE, body, None))
    body, headline = CAFE_FIRE_BODY, CAFE_FIRE_HEADLINE
    unstamped = article_features(headline, body, None)
    assert index.score(unstamped, "old").conflict_penalty == 0.0  # nothing says when
    assert index.place(unstamped) == "old"
    later = article_features(headline, "Posted: August 30, 2025\n" + body, None)
    assert later.written == date(2025, 8, 30)
    assert index.score(later, "old").conflict_penalty == WRITTEN_CONFLICT
    assert index.place(later) is None
    # Stamped in a year the story names, it may be the same fire.
    same_year = article_features(headline, "Posted: May 3, 2021\n" + body, None)
    assert index.score(same_year, "old").conflict_penalty == 0.0
    assert index.place(same_year) == "old"


def test_named_years_are_years_not_amounts():
    found = named_years("In 2019, the 2020-21 season; $2013, 2,014 and 2015.5 are amounts. 2016.")
    assert found == {2016, 2019, 2020}


# What a story's articles agree on: four outlets' reports of one fictional quake.
QUAKE_REPORTS = [
    (
        "Magnitude 6.1 quake shakes Example Island",
        "A magnitude 6.1 earthquake struck Example Island on Monday, killing 14 people in the "
        "port town of Lowmere, the Example Geological Office said. Governor Jane Roe visited "
        "the harbour.",
    ),
    (
        "Deadly earthquake hits Lowmere",
        "At least 14 people died when a 6.1 magnitude quake hit Lowmere on Example Island, "
        "officials said. Governor Jane Roe called it a dark day for the island.",
    ),
    (
        "Example Island counts its dead after quake",
        "Rescuers in Lowmere pulled survivors from rubble after the 6.1 earthquake that killed "
        "14 on Example Island. Governor Jane Roe asked for tents.",
    ),
    (
        "Quake leaves 14 dead on Example Island",
        "The Example Geological Office put the quake at magnitude 6.1. Lowmere's mayor, Rita "
        "Vale, said 14 people were killed; Governor Jane Roe flew in.",
    ),
]


def quake_story() -> StoryIndex:
    index = StoryIndex()
    for headline, body in QUAKE_REPORTS:
        index.add("quake", article_features(headline, body, None))
    return index


def test_an_article_giving_none_of_the_figures_a_story_agrees_on_is_held_back():
    # Another quake on the same island, with the same governor: its own magnitude and toll.
    index = quake_story()
    other = article_features(
        "Quake rattles Example Island",
        "A magnitude 5.2 earthquake shook Example Island, injuring 23 people near the village "
        "of Crestby, the Example Geological Office said. Governor Jane Roe visited Crestby.",
        None,
    )
    assert index.score(other, "quake").conflict_penalty >= FIGURE_CONFLICT
    # A report of the same quake that gives its toll further down is not held back.
    same = article_features(
        "Island mourns as rescuers end search",
        "Rescuers ended their search in Lowmere on Example Island on Wednesday. Governor Jane "
        "Roe thanked the teams. The quake of magnitude 6.1 killed 14 people.",
        None,
    )
    assert index.score(same, "quake").conflict_penalty == 0.0
    assert index.place(same) == "quake"


def test_a_magnitude_is_a_figure_of_its_event_though_smaller_than_ten():
    # Another quake on the island whose only figures are its magnitude and a small toll in
    # words: the magnitude alone says it is not the 6.1 quake the story's reports agree on.
    index = quake_story()
    other = article_features(
        "Quake rattles Example Island",
        "A magnitude 5.2 earthquake shook Example Island, injuring five people in Lowmere, the "
        "Example Geological Office said. Governor Jane Roe visited the harbour.",
        None,
    )
    assert "5.2" in other.numbers
    assert index.score(other, "quake").conflict_penalty >= FIGURE_CONFLICT
    # A report of the same quake giving only its magnitude shares it and joins.
    same = article_features(
        "Lowmere counts the cost of the quake",
        "Boats in the harbour of Lowmere on Example Island were wrecked by the magnitude 6.1 "
        "earthquake, Governor Jane Roe said.",
        None,
    )
    assert index.score(same, "quake").conflict_penalty == 0.0
    assert index.score(same, "quake").numbers > 0
    assert index.place(same) == "quake"
    # Small whole numbers are not figures: "two days", "three people" tell no event apart.
    assert article_features("Two days on", "Three people were hurt.", None).numbers == set()


def test_an_article_without_the_names_a_story_agrees_on_gets_less_from_the_names_it_shares():
    # The governor the reports all name, but neither Lowmere nor the island: another event.
    index = quake_story()
    other = article_features(
        "Governor tours flooded Crestby",
        "Governor Jane Roe toured flooded Crestby. Mayor Tom Hale asked for pumps.",
        None,
    )
    same = article_features(
        "Governor tours Lowmere",
        "Governor Jane Roe toured Lowmere on Example Island. Mayor Tom Hale asked for tents.",
        None,
    )
    profile = index.stories["quake"]
    assert core_coverage(same.all_names, profile, index.df.idf) == 1.0
    assert core_coverage(other.all_names, profile, index.df.idf) < 1.0
    assert index.score(other, "quake").names < index.score(same, "quake").names


def test_a_name_only_one_article_of_a_story_gives_counts_less_than_one_they_all_give():
    index = StoryIndex()
    for headline, body in QUAKE_REPORTS[:3]:
        index.add("quake", article_features(headline, body, None))
    # The Geological Office is named by one of the three reports, Lowmere by all of them.
    by_one = article_features("Update", "Reporters heard from the Geological Office.", None)
    by_all = article_features("Update", "Reporters heard from officials in Lowmere.", None)
    assert index.score(by_one, "quake").names < index.score(by_all, "quake").names


def test_an_arrest_and_charges_told_together_are_one_report_whichever_step_leads():
    index = StoryIndex()
    arrest = (
        "Police arrest man over Example Street break-in",
        "Police in Northfield arrested John Doe, 34, on Monday and charged him with burglary "
        "after a break-in at the Example Street jeweller, Inspector Ola Brandt said.",
    )
    index.add("s1", article_features(*arrest, datetime(2025, 5, 5)))
    index.add("s1", article_features(*arrest, datetime(2025, 5, 5)))
    charged = article_features(
        "Man charged with Example Street jewellery burglary",
        "John Doe, 34, was charged with burglary on Monday after police arrested him over the "
        "break-in at the Example Street jeweller in Northfield, Inspector Ola Brandt said.",
        datetime(2025, 5, 5),
    )
    assert index.score(charged, "s1").conflict_penalty == 0.0
    assert index.place(charged) == "s1"
    # Charges brought days later, after an arrest story whose ledes never name them, clash.
    later = StoryIndex()
    later.add(
        "s1",
        article_features(
            "Police arrest man over Example Street break-in",
            "Police in Northfield arrested John Doe, 34, on Monday over a break-in at the "
            "Example Street jeweller, Inspector Ola Brandt said.",
            datetime(2025, 5, 5),
        ),
    )
    assert later.score(charged, "s1").conflict_penalty >= EVENT_CONFLICT


# A club's season in a newsroom's archive: its name, coach and ground are in many stories.
CLUB_BACKGROUND = [
    "The Example City Harriers beat the Northfield Rovers at Brookfield Park. Coach Ann Pike "
    "praised the defence.",
    "The Example City Harriers will build a new stand at Brookfield Park, coach Ann Pike said.",
    "The Example City Harriers drew with Lakeside United. Ann Pike kept the same team.",
    "Ann Pike signed a new contract with the Example City Harriers on Monday.",
]
VALE_REPORTS = [
    (
        "Harriers lose Tom Vale for the season",
        "The Example City Harriers placed forward Tom Vale on the injured list, ending his "
        "season. Vale tore a ligament in his left knee against the Northfield Rovers. Coach Ann "
        "Pike said Vale would have surgery. Vale scored nine goals this season.",
    ),
    (
        "Knee injury ends Vale's season",
        "Tom Vale will miss the rest of the season after the Harriers put him on the injured "
        "list. Vale was hurt against the Rovers. Pike called Vale the heart of the team. Vale "
        "joined the Harriers in the spring.",
    ),
    (
        "Harriers forward Vale out with torn ligament",
        "Example City forward Tom Vale is out for the season with a torn knee ligament, the "
        "Harriers said. Vale, who was injured against Northfield, will have surgery next week. "
        "Coach Ann Pike said the club would miss Vale.",
    ),
]

VALE_SURGERY = (
    "Vale to have knee surgery after season-ending injury",
    "Tom Vale of the Example City Harriers will have knee surgery after a season-ending injury "
    "against Northfield. Coach Ann Pike said Vale was in good spirits. Vale is on the injured "
    "list.",
)


def test_dates_and_clock_times_are_not_figures():
    found = article_features(
        "Harbour cranes stopped",
        "Posted March 14, 2025 | 4:17 PM\nDock workers in Valmora stopped 12 cranes on "
        "Thursday, 21 March, at 8 p.m. and 5:45pm, a 48-hour stoppage over 2,300 jobs.",
        None,
    )
    assert found.numbers == {"12", "48", "2300"}


def test_a_story_stamped_on_one_day_holds_no_figure_against_a_report_of_the_next():
    # Four pages stamped on the 14th, none giving a figure of the event: the day and the
    # clock times of their stamps are no figures the story's articles agree on, that a
    # report written on the 15th would lack.
    stamps = [
        "March 14, 2025 9:30 AM",
        "14 March 2025 | 11:15 am",
        "Posted March 14, 2025 at 10:45 AM",
        "March 14, 2025 4:20 PM",
    ]
    index = StoryIndex()
    for stamp, (headline, body) in zip(stamps, [*VALE_REPORTS, VALE_SURGERY], strict=True):
        index.add("vale", article_features(headline, f"{stamp}\n{body}", None))
    late = article_features(
        "Vale's season is over",
        "March 15, 2025 | 10:05 AM\nTom Vale of the Harriers is out for the season with a knee "
        "injury, coach Ann Pike said.",
        None,
    )
    score = index.score(late, "vale")
    assert score.conflict_penalty == 0
    assert score.numbers == 0  # no figure shared either: "10" of "10:05" and "10:45" is none


def _vale_story() -> StoryIndex:
    """An index knowing the club's background, holding the story of Vale's injury ("vale")."""
    index = StoryIndex()
    for body in CLUB_BACKGROUND:
        index.df.add(article_features("", body, None).df_terms())
    for headline, body in VALE_REPORTS:
        index.add("vale", article_features(headline, body, None))
    return index


def test_another_player_of_the_club_out_for_the_season_is_another_event():
    # Both reports undated, same club, coach, injury and season: what tells them apart is
    # whom each is about, named again and again (Vale in the story, Reed in the new report).
    index = _vale_story()
    reed = article_features(
        "Reed out for the season",
        "Sam Reed will miss the rest of the season with a torn ligament in his left knee, the "
        "Harriers said. Reed was hurt in training. Reed will have surgery next week, Pike said. "
        "Reed scored eleven goals this season. Reed joined from Lakeside. Reed is out until "
        "spring.",
        None,
    )
    same = article_features(*VALE_SURGERY, None)
    assert index.score(reed, "vale").salient < index.score(same, "vale").salient
    assert index.place(reed) is None
    assert index.place(same) == "vale"


# The same club a week apart: another player hurt in training (the second event of the subject).
REED_REPORTS = [
    (
        "Harriers place Sam Reed on injured list",
        "The Example City Harriers placed midfielder Sam Reed on the injured list with a broken "
        "ankle. Reed fell in training at Brookfield Park. Coach Ann Pike said Reed would be out "
        "for three months. Reed has made forty appearances.",
    ),
    (
        "Broken ankle sidelines Reed",
        "Sam Reed broke his ankle in training and will be out for three months, the Harriers "
        "said. Reed was carried off at Brookfield Park. Pike said Reed would have an operation. "
        "Reed joined from Lakeside.",
    ),
    (
        "Harriers midfielder Reed breaks ankle",
        "Example City midfielder Sam Reed is out for three months after breaking his ankle in "
        "training, the Harriers said. Reed, who joined from Lakeside, had an operation on "
        "Friday. Coach Ann Pike said Reed would recover.",
    ),
]


def _with_frequencies(reports):
    found = [article_features(headline, body, None) for headline, body in reports]
    df = DocumentFrequencies()
    for features in found:
        df.add(features.df_terms())
    return found, df


def test_a_story_that_took_in_two_events_is_read_as_two():
    # Undated and in arrival order, both players' reports land in one story one by one.
    reports = [VALE_REPORTS[0], REED_REPORTS[0], VALE_REPORTS[1], REED_REPORTS[1]]
    reports += [VALE_REPORTS[2], REED_REPORTS[2]]
    found, df = _with_frequencies(reports)
    index = StoryIndex(df=DocumentFrequencies())
    assert len(set(cluster(found, index=index))) == 1
    assert split_events(found, df) == ([0, 2, 4], [1, 3, 5])


# More reports of Vale's injury, and two of a later turn of it a few outlets told.
MORE_VALE_REPORTS = [
    (
        "Vale ruled out for the rest of the season",
        "The Harriers have ruled forward Tom Vale out for the rest of the season with a torn "
        "knee ligament. Vale was hurt against the Northfield Rovers. Coach Ann Pike said the "
        "injury was a blow.",
    ),
    (
        "Harriers put Vale on injured list",
        "Example City put Tom Vale on the injured list after he tore a ligament in his knee "
        "against Northfield. Vale will have surgery, coach Ann Pike said.",
    ),
    (
        "Season over for Harriers forward Tom Vale",
        "Tom Vale's season is over. The Example City Harriers forward tore a knee ligament "
        "against the Rovers and goes on the injured list, Ann Pike said.",
    ),
]
VALE_LEAVES_HOSPITAL = [
    (
        "Vale leaves hospital after knee operation",
        "Tom Vale left hospital on Thursday after his knee operation and began rehabilitation "
        "at the club's training ground, his agent said. Vale thanked the doctors.",
    ),
    (
        "Vale starts rehabilitation",
        "Forward Tom Vale has left hospital and started rehabilitation after the operation on "
        "his knee, his agent told reporters. Vale thanked the hospital's doctors.",
    ),
]


def test_a_few_reports_of_a_later_turn_are_not_split_off_a_large_story():
    # Two reports that fit the other seven less well: a later turn a few outlets told, not
    # a second event the draft took in (that would be a body of coverage of its own).
    reports = [*VALE_REPORTS, VALE_SURGERY, *MORE_VALE_REPORTS, *VALE_LEAVES_HOSPITAL]
    found, df = _with_frequencies(reports)
    assert split_events(found, df) is None


def test_a_story_of_one_event_is_not_split():
    found, df = _with_frequencies([*VALE_REPORTS, VALE_SURGERY])
    assert split_events(found, df) is None
    # Too few articles to tell two events apart: left as it is.
    found, df = _with_frequencies([VALE_REPORTS[0], REED_REPORTS[0], VALE_REPORTS[1]])
    assert split_events(found, df) is None


# One sinking, told by outlets whose articles came without headlines: the import takes each
# one's first line, its opening sentence, as its headline.
FERRY_REPORTS = [
    "The ferry Northern Star, launched in May, sank off Example Point on Tuesday with 40 "
    "passengers aboard, all of whom were rescued by the Example Bay coastguard.\n"
    "Captain Lena Frost said the hull had struck rocks in fog.",
    "All 40 passengers of the ferry Northern Star were rescued on Tuesday after it sank off "
    "Example Point in thick fog, the Example Bay coastguard said.\n"
    "Captain Lena Frost was the last to leave the ship.",
    "The Example Bay coastguard rescued 40 passengers on Tuesday from the Northern Star, a "
    "ferry that sank off Example Point after striking rocks in fog.\n"
    "Its captain, Lena Frost, thanked the crews.",
]


def _untitled(body):
    from articles.ingest.payloads import headline_from_text

    return article_features(headline_from_text(body), body, None)


def test_an_opening_sentence_taken_as_headline_names_no_headline_event():
    # The story's first report opens on the ferry's launch in May, this one on the harbour
    # closed for a regatta: background both, not a launch against a closure.
    index = StoryIndex()
    for body in FERRY_REPORTS:
        index.add("ferry", _untitled(body))
    later = _untitled(
        "Harbour crews who had closed the port for a regatta helped bring ashore the "
        "passengers of the ferry that went down off the point on Tuesday.\n"
        "Skipper Lena Frost said fog hid the rocks."
    )
    assert later.event == ""
    assert index.place(later) == "ferry"
    # A headline still names its event.
    titled = article_features("Operator closes Example Point ferry route", FERRY_REPORTS[0], None)
    assert titled.event == "close"


def test_a_report_leading_with_another_player_of_the_club_is_another_event():
    # The club's second player out for the season, told in the story's own words: the same
    # club, coach, ground, injury list and season. The report names Reed only where it leads
    # (so how often each is named tells little), and never the player the story's ledes agree
    # on; a report of Vale's injury that leads with him still joins.
    index = _vale_story()
    reed = article_features(
        "Harriers lose Sam Reed for the season",
        "The Example City Harriers placed defender Sam Reed on the injured list, ending his "
        "season with a torn knee ligament. The Harriers were beaten by the Northfield Rovers. "
        "Coach Ann Pike said the club would have to manage without a key player for the rest "
        "of the season. Pike said the injury was a blow to the team.",
        None,
    )
    same = article_features(
        "Harriers lose Tom Vale for the rest of the season",
        "The Example City Harriers placed forward Tom Vale on the injured list with a torn knee "
        "ligament, ending his season. The injury came against the Northfield Rovers. Coach Ann "
        "Pike said the club would have to manage without a key player.",
        None,
    )
    assert index.place(reed) is None
    assert index.place(same) == "vale"
    assert index.score(reed, "vale").conflict_penalty == LEAD_CONFLICT
    assert index.score(same, "vale").conflict_penalty == 0


def test_the_people_a_lede_names_are_people_with_a_given_name():
    found = article_features(
        "Jane Roe Checks Into Lakeview Clinic",
        "Roe, 41, arrived at the Lakeview Clinic on Monday with lawyer Tom Q. Vale, and "
        "later visited Sam's Diner. Roe had a long week with Mayor Ann Pike.",
        None,
    )
    # "Jane Roe" opens a title-case run; "Q." is an initial; "Sam's Diner" is a place; Pike
    # is named after the lede.
    assert found.leads == {"roe", "vale"}


def test_a_given_name_in_a_place_name_is_not_a_person():
    # "Diego", "Louis" and "Clara" are given names, but "San Diego Comets", "St. Louis
    # Harriers" and "Santa Clara County" are a team, a team and a county: not people whom a
    # lede leads with, or every report of the club would lead with the same "person".
    found = article_features(
        "San Diego Comets' Tom Vale arrested",
        "San Diego Comets forward Tom Vale was arrested in Santa Clara County after the game "
        "against the St. Louis Harriers, police said. Vale was released on bail.",
        None,
    )
    assert found.leads == {"vale"}
    assert article_features("SAN Diego Comets' Tom Vale held", "Vale was held.", None).leads == {
        "vale"
    }


def test_a_given_name_of_the_wider_lists_opens_a_person_too():
    # "Maurice" and "Oksana" are in the census and world lists of given names, not in the
    # engine's own shorter list; the people they open are people a lede leads with.
    found = article_features(
        "Harriers sign Maurice Quillon",
        "The Example City Harriers signed forward Maurice Quillon from Lakeside, coach Oksana "
        "Varrow said. Quillon scored eleven goals last season, Varrow added.",
        None,
    )
    assert found.leads == {"quillon", "varrow"}


def test_a_wider_list_given_name_before_a_word_never_named_alone_is_not_a_person():
    # "Ivy" is a given name of the census lists, but "Ivy Vantor" is a chip: news names a
    # person by the surname alone after the first mention ("Vantor said"), never a product
    # line. An ordinary word after such a name is not a surname either ("Ivy Hall").
    chip = article_features(
        "Lumen unveils laptops with Ivy Vantor chips",
        "Lumen unveiled laptops running its Ivy Vantor chips. The Ivy Vantor line is faster.",
        None,
    )
    assert chip.leads == frozenset()
    person = article_features(
        "Ivy Vantor joins Lumen",
        "Lumen hired Ivy Vantor as its chief engineer. Vantor starts in May.",
        None,
    )
    assert person.leads == {"vantor"}
    word = article_features(
        "Ivy Hall reopens", "The Ivy Hall music venue reopened on Friday. Hall staff cheered.", None
    )
    assert word.leads == frozenset()


def test_a_report_leading_with_another_player_of_a_wider_list_given_name_is_another_event():
    # The club's second player out for the season, whose given name only the census list
    # holds: read as nobody, his report led with no one and joined Vale's story.
    index = _vale_story()
    other = article_features(
        "Harriers lose Maurice Quillon for the season",
        "The Example City Harriers placed defender Maurice Quillon on the injured list, ending "
        "his season with a torn knee ligament. The Harriers were beaten by the Northfield "
        "Rovers. Coach Ann Pike said the club would have to manage without a key player for the "
        "rest of the season. Quillon will have surgery next week.",
        None,
    )
    assert other.leads == {"quillon"}
    assert index.score(other, "vale").conflict_penalty == LEAD_CONFLICT
    assert index.place(other) is None


def test_a_reaction_piece_leading_with_a_fan_quoted_once_is_not_another_event():
    # A report of the same injury told through a fan's reaction: its lede names her, once,
    # and leaves out the player, named further down. Someone named once is a voice of the
    # story, not whom the report is about (the other player's report names him again and
    # again), so the report is not held back as another event.
    index = _vale_story()
    fan = article_features(
        "Harriers fans stunned by season-ending knee injury",
        "Season-ticket holder Rosa Marsh said the whole ground went quiet when the forward "
        "went down against Northfield. The club's best player is out for the season. Tom Vale "
        "tore a ligament in his left knee and will have surgery, coach Ann Pike said. Vale "
        "scored nine goals for the Harriers this season.",
        None,
    )
    assert fan.leads == {"marsh"}
    assert index.score(fan, "vale").conflict_penalty == 0
    assert index.place(fan) == "vale"


def test_a_report_leading_with_another_player_of_a_club_named_for_its_city_is_another_event():
    # Every lede names the club, "San Diego Comets"; taken for a person ("Diego Comets"), the
    # club was someone both players' reports led with, and the second arrest joined the first.
    index = StoryIndex()
    for headline, body in (
        (
            "San Diego Comets' Tom Vale arrested",
            "San Diego Comets forward Tom Vale was arrested "
            "on suspicion of drunk driving, the Highway Patrol said.",
        ),
        (
            "Comets forward arrested",
            "Tom Vale of the San Diego Comets was arrested early on "
            "Sunday on suspicion of drunk driving, the Highway Patrol said.",
        ),
        (
            "Vale arrested",
            "The San Diego Comets said forward Tom Vale had been arrested on "
            "suspicion of drunk driving. Vale was released on bail.",
        ),
    ):
        index.add("vale", article_features(headline, body, None))
    reed = article_features(
        "San Diego Comets' Sam Reed arrested",
        "San Diego Comets defender Sam Reed was arrested on suspicion of drunk driving, the "
        "Highway Patrol said. Reed was released on bail.",
        None,
    )
    assert reed.leads == {"reed"}
    assert index.score(reed, "vale").conflict_penalty == LEAD_CONFLICT
    assert index.place(reed) is None


def test_a_report_leading_with_the_victim_a_story_s_lede_names_joins_the_suspect_s_story():
    # One event, two people: most ledes lead with the man charged, one with the woman hurt.
    # A report leading with her is the same event, as one of the story's ledes named her.
    index = StoryIndex()
    reports = [
        (
            "Dan Crane charged over Harbour Road crash",
            "Police in Example City charged driver Dan Crane over the crash on Harbour Road "
            "that injured cyclist Lisa Moor. Crane was released on bail.",
        ),
        (
            "Driver charged after cyclist hurt",
            "Dan Crane, 34, was charged with dangerous driving after the Harbour Road crash in "
            "Example City, police said. Crane will appear in court next month.",
        ),
        (
            "Crane to appear in court over crash",
            "Example City driver Dan Crane has been charged over the Harbour Road crash, police "
            "said. The cyclist was taken to hospital.",
        ),
    ]
    for headline, body in reports:
        index.add("crash", article_features(headline, body, None))
    victim = article_features(
        "Cyclist Lisa Moor recovering after Harbour Road crash",
        "Lisa Moor, the cyclist hurt in the Harbour Road crash in Example City, is recovering "
        "in hospital, her family said. Moor was struck by a car. Police charged the driver, "
        "Dan Crane, with dangerous driving.",
        None,
    )
    assert victim.leads == {"moor"}
    assert index.score(victim, "crash").conflict_penalty == 0
    assert index.place(victim) == "crash"


# Two players of the club out for the season, each report naming the other player too, further
# down: which is hurt is told by whom its headline and lede name.
VALE_OUT = [
    (
        "Harriers lose forward Tom Vale for the season",
        "The Example City Harriers placed forward Tom Vale on the injured list with a torn knee "
        "ligament, ending his season. Coach Ann Pike said the club would miss a key player. "
        "Defender Sam Reed is fit.",
    ),
    (
        "Tom Vale out for the season",
        "Example City forward Tom Vale is out for the season with a torn knee ligament, the "
        "Harriers said. Coach Ann Pike called it a blow. Sam Reed is fit.",
    ),
    (
        "Season over for Tom Vale",
        "The Harriers' Tom Vale will miss the rest of the season with a torn knee ligament, "
        "coach Ann Pike said. The club is short of players. Sam Reed is fit.",
    ),
]
REED_OUT = [
    (
        "Harriers lose defender Sam Reed for the season",
        "The Example City Harriers placed defender Sam Reed on the injured list with a torn knee "
        "ligament, ending his season. Coach Ann Pike said the club would miss a key player. "
        "Forward Tom Vale was hurt last month.",
    ),
    (
        "Sam Reed out for the season",
        "Example City defender Sam Reed is out for the season with a torn knee ligament, the "
        "Harriers said. Coach Ann Pike called it a blow. Tom Vale was hurt last month.",
    ),
    (
        "Season over for Sam Reed",
        "The Harriers' Sam Reed will miss the rest of the season with a torn knee ligament, "
        "coach Ann Pike said. The club is short of players. Tom Vale was hurt last month.",
    ),
]


def test_a_story_of_two_players_hurt_is_read_as_two_by_whom_the_ledes_name():
    reports = [VALE_OUT[0], REED_OUT[0], VALE_OUT[1], REED_OUT[1], VALE_OUT[2], REED_OUT[2]]
    found, df = _with_frequencies(reports)
    assert split_events(found, df) == ([0, 2, 4], [1, 3, 5])
