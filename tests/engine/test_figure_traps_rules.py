"""General rules for figures across outlets (fictional text, not the trap set's)."""

from __future__ import annotations

from articles.engine import extract_figures
from articles.engine.figures_compare import compare_figures


def flagged(a: str, b: str) -> bool:
    items = [("The Example Gazette", f) for f in extract_figures(a)]
    items += [("Lakeshore Courier", f) for f in extract_figures(b)]
    table = compare_figures(items)
    return any(
        r.disagreement
        and {v.outlet for v in r.values} == {"The Example Gazette", "Lakeshore Courier"}
        for r in table.rows
    )


def test_a_dozen_is_twelve_and_two_dozen_twenty_four():
    assert [f.value for f in extract_figures("A dozen lorries queued at Brindle quay.")] == [12]
    assert [f.value for f in extract_figures("Two dozen lorries queued.")] == [24]
    assert not flagged("A dozen lorries queued at the quay.", "12 lorries queued at the quay.")


def test_between_x_and_y_is_one_range_figure():
    figs = extract_figures("Between 200 and 250 guests came to the Fernbrook gala.")
    assert len(figs) == 1 and figs[0].low == 200 and figs[0].value == 250
    assert not flagged("Between 200 and 250 guests came to the gala.", "The gala drew 230 guests.")


def test_figures_tied_to_different_years_are_different_quantities():
    assert extract_figures("The Orrin zoo sold 9,000 tickets in 2023.")[0].year == "2023"
    assert not flagged(
        "The Orrin zoo sold 9,000 tickets in 2023.", "The Orrin zoo sold 7,500 tickets in 2022."
    )
    assert flagged(
        "The Orrin zoo sold 9,000 tickets in 2023.", "The Orrin zoo sold 7,500 tickets in 2023."
    )


def test_running_totals_and_wider_scopes_are_not_the_event_count():
    assert not flagged(
        "The Kestrel shelter housed 80 dogs last week.",
        "Since 2019 the Kestrel shelter has housed 2,400 dogs.",
    )
    assert not flagged(
        "Nine trams run on the Ellwood line.", "The tram maker has 300 trams in service worldwide."
    )


def test_remainder_is_not_the_total():
    assert extract_figures("Water returned to all but 600 homes.")[0].kind == "remainder"
    assert not flagged(
        "The burst main cut water to 9,000 homes in Alder Vale.",
        "Water returned to all but 600 homes in Alder Vale by Friday.",
    )


def test_synonyms_and_compound_heads_line_up():
    assert flagged(
        "Six vessels ran aground off Gullhaven.", "Nine ships ran aground off Gullhaven."
    )
    assert flagged(
        "Three steelworkers were hurt at the Pellham mill.",
        "Five workers were hurt at the Pellham mill.",
    )
    assert flagged(
        "Police held 30 demonstrators in Corvey Square.",
        "Police held 45 protesters in Corvey Square.",
    )


def test_plural_noun_after_a_modifier_is_what_is_counted():
    assert extract_figures("The plan adds 900 rental flats.")[0].unit == "flats"
    assert extract_figures("Some 40 parish councillors signed.")[0].unit == "councillors"
    # A function word is no modifier: "two of us" counts nothing named.
    assert [f.unit for f in extract_figures("There were 3 of us on the ward.")] == [""]


def test_magnitude_is_a_unit():
    assert extract_figures("A 4.9-magnitude tremor shook Dunholt.")[0].unit == "magnitude"
    assert flagged(
        "A 4.9-magnitude tremor shook Dunholt.", "The magnitude 5.4 tremor shook Dunholt."
    )


def test_go_up_to_is_not_a_ceiling():
    assert extract_figures("Ferry tickets go up to $9.50 in May.")[0].qualifier == ""
    assert extract_figures("Tickets cost up to $9.50.")[0].qualifier == "up to"
