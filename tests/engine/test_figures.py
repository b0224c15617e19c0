"""Figures: value, unit, rate, period, qualifier and kind."""

from __future__ import annotations

from articles.engine import extract_figures


def _one(text: str):
    (f,) = extract_figures(text)
    return f


def test_rate_per_day_is_read_from_a_day_each_day_and_daily():
    assert _one("stop 3,000 people a day").per == "day"
    assert _one("a minimum of 3,000 arrests for the agency each day").per == "day"
    assert _one("approximately 660 arrests daily").per == "day"


def test_period_is_attached_to_the_count_not_a_figure_of_its_own():
    f = _one("The agency arrested more than 66,000 people in the first 100 days.")
    assert (f.value, f.unit, f.qualifier, f.period) == (66000.0, "people", "more than", "100 days")


def test_money_and_percent_units():
    figs = extract_figures("The city will spend $1.2 billion and fares rise by 4.5% in May.")
    assert [(f.value, f.unit) for f in figs] == [(1.2e9, "USD"), (4.5, "%")]


def test_spelled_numbers_and_multipliers():
    figs = extract_figures("Twelve people were hurt and three hundred volunteers helped.")
    assert [(f.value, f.unit) for f in figs] == [(12.0, "people"), (300.0, "volunteers")]


def test_years_dates_times_and_ages_are_skipped():
    text = (
        "In 2019 the 54-year-old left; she returned on 3 March 2023 at 5 p.m. "
        "with Ann Lee, 34, in tow."
    )
    assert extract_figures(text) == []


def test_kind_target_and_average_come_from_nearby_words():
    assert _one("Our goal is to hire at least 5,000 nurses.").kind == "target"
    assert _one("an average of around 660 arrests per day").kind == "average"


def test_digits_of_any_script_and_a_currency_sign_start_a_figure():
    """The scan for where figures start takes every decimal digit, not only 0-9."""
    f = _one("The port counted ٣٠٠ ships on Tuesday.")
    assert (f.value, f.unit) == (300.0, "ships")
    assert _one("The repair cost €4.5 million.").unit == "EUR"


def test_a_number_passed_in_code_is_no_figure():
    from articles.engine import extract_figures

    assert extract_figures("Someone typed alert(3) into the comment box.") == []
    assert [f.value for f in extract_figures("The ferry (40 seats) left at noon.")] == [40.0]


def test_a_date_or_a_label_before_a_number_makes_it_no_count():
    figs = extract_figures("Voting ends on Nov. 3 and 40 polling stations will open.")
    assert [(f.value, f.unit) for f in figs] == [(40.0, "stations")]
    figs = extract_figures("The ferry sails again on Sept. 14 with 200 passengers.")
    assert [(f.value, f.unit) for f in figs] == [(200.0, "passengers")]
    figs = extract_figures("Lot No. 7 sold for $40,000.")
    assert [(f.value, f.unit) for f in figs] == [(40000.0, "USD")]


def test_what_happened_to_the_counted_is_read_from_the_verb_before_it():
    assert _one("The blast killed 26 people.").event == "killed"
    assert _one("The storm injured four dockworkers at the pier.").event == "injured"
