"""Figures side by side across outlets."""

from __future__ import annotations

from articles.engine.figures_compare import compare_figures, normalise_unit, period_days
from articles.engine.types import Figure


def fig(value, unit="", per="", period="", qualifier="", kind="", text=""):
    return Figure(text or str(value), 0, 0, float(value), unit, per, period, qualifier, kind)


SEED = [
    ("The New York Times", fig(3000, "people", "day", kind="target")),
    ("The New York Times", fig(66000, "people", period="100 days", qualifier="more than")),
    ("The New York Times", fig(660, "arrests", "day", qualifier="around", kind="average")),
    ("The New York Times", fig(3000, "arrests", "day", qualifier="a minimum of", kind="target")),
    ("India Times", fig(3000, "arrests", "day", qualifier="at least", kind="target")),
    ("India Times", fig(660, "arrests", "daily", qualifier="approximately", kind="average")),
]


def test_target_and_average_are_different_quantities_not_a_disagreement():
    table = compare_figures(SEED)
    labels = sorted(row.label for row in table.rows)
    assert labels == ["arrests per day (average)", "arrests per day (target)"]
    assert table.disagreements == ()


def test_total_over_a_period_agrees_with_the_daily_average():
    table = compare_figures(SEED)
    average = next(r for r in table.rows if r.kind == "average")
    assert any(v.figure.value == 66000 for v in average.values)
    assert not average.disagreement


def test_generic_people_count_joins_the_specific_row_it_agrees_with():
    table = compare_figures(SEED)
    target = next(r for r in table.rows if r.kind == "target")
    assert {v.figure.unit for v in target.values} == {"people", "arrests"}


def test_different_counts_of_the_same_unit_are_flagged_with_a_note():
    table = compare_figures(
        [
            ("The Example Gazette", fig(1200, "jobs", kind="total")),
            ("Northfield Courier", fig(1500, "jobs", kind="total")),
        ]
    )
    (row,) = table.rows
    assert row.disagreement
    assert row.note == "The Example Gazette says 1,200; Northfield Courier says 1,500"
    assert table.outlets == ("The Example Gazette", "Northfield Courier")


def test_rates_are_compared_per_day():
    table = compare_figures(
        [
            ("Valley Wire Service", fig(28000, "vehicles", "day", kind="average")),
            ("Metro Morning Post", fig(196000, "vehicles", "week", kind="average")),
        ]
    )
    assert len(table.rows) == 1 and not table.rows[0].disagreement


def test_approximate_values_within_ten_percent_agree():
    table = compare_figures(
        [
            ("The Example Gazette", fig(700, "people", qualifier="about", kind="total")),
            ("Northfield Courier", fig(680, "people", kind="total")),
        ]
    )
    assert table.disagreements == ()


def test_generic_counts_far_apart_are_separate_quantities():
    table = compare_figures(
        [
            ("The Example Gazette", fig(2, "people")),
            ("Northfield Courier", fig(700, "people")),
        ]
    )
    assert len(table.rows) == 2 and table.disagreements == ()


def test_units_and_periods_are_normalised():
    assert normalise_unit("arrests per day") == ("arrest", "day")
    assert normalise_unit("Persons") == ("people", "")
    assert period_days("the first 100 days") == 100
    assert period_days("two weeks") == 7


def _read(*articles: tuple[str, str]):
    from articles.engine import extract_figures

    return compare_figures(
        [(outlet, f) for outlet, text in articles for f in extract_figures(text)]
    )


def test_counts_of_different_outcomes_are_different_quantities():
    table = _read(
        ("The Example Gazette", "Four people were injured when the ferry hit Pier 9 on Monday."),
        ("Northfield Courier", "Three people were rescued from the water after the ferry hit."),
    )
    assert table.disagreements == ()
    assert sorted(row.label for row in table.rows) == ["people injured", "people rescued"]


def test_counts_of_the_same_outcome_still_disagree_whatever_the_wording():
    table = _read(
        ("The Example Gazette", "The floods killed 26 people in Valmora, officials said."),
        ("Northfield Courier", "At least 31 people died in the Valmora floods."),
    )
    [row] = table.disagreements
    assert row.label == "people killed"
    # a count the text gives no outcome for joins the only outcome there is, as before
    table = _read(
        ("The Example Gazette", "Four dockworkers were injured when a crane fell."),
        ("Northfield Courier", "Five dockworkers were taken to hospital after a crane fell."),
    )
    assert len(table.disagreements) == 1


def test_a_measure_keeps_its_dimension_and_a_moment_is_no_quantity():
    from articles.engine import extract_figures

    [volume] = extract_figures("The reservoir holds 2.4 million cubic metres of water.")
    assert volume.unit == "cubic metres"
    # "eight days after" and "within 90 days" say when, not how many: nothing to compare
    table = _read(
        ("The Example Gazette", "Repairs began eight days after the collapse."),
        ("Northfield Courier", "The council must report within 90 days."),
    )
    assert table.rows == ()
    # how long something lasted is still a quantity outlets can disagree on
    table = _read(
        ("The Example Gazette", "The harbour road was closed for 6 weeks."),
        ("Northfield Courier", "The harbour road was closed for 10 weeks."),
    )
    assert len(table.disagreements) == 1
