"""Separation reading a story as two events, and the people a lede leads with (fictional)."""

from __future__ import annotations

from articles.engine.grouping import featurize, split_events
from articles.engine.weights import DocumentFrequencies
from tests.engine.test_grouping import VALE_OUT


def _features(reports):
    found = [featurize(headline=h, body=b, published_at=None) for h, b in reports]
    df = DocumentFrequencies()
    for features in found:
        df.add(features.df_terms())
    return found, df


# A report that fits none of the others (another subject's, taken in by a draft).
SIDEBAR = (
    "Storm warning for the coast",
    "Forecasters warned of gales along the coast on Saturday, with ferries cancelled and "
    "flood barriers raised at three harbours.",
)


def test_reports_of_one_event_are_not_read_as_two():
    found, df = _features(VALE_OUT + [SIDEBAR])
    assert split_events(found, df) is None


def test_a_person_a_clinic_is_named_for_is_not_whom_a_lede_leads_with():
    # Every report of the actress's stay names the clinic in its lede; read as a person
    # ("Betty Roe"), the clinic was someone the ledes led with, and a report of the same stay
    # leading with her lawyer instead was read as another event.
    report = featurize(
        headline="Actress Mia Vance checks into Betty Roe Center",
        body="Actress Mia Vance checked into the Betty Roe Center on Friday, her lawyer Tom "
        "Hale said. Vance must stay at Betty Roe for ninety days, a judge ruled. Vance thanked "
        "her fans.",
        published_at=None,
    )
    assert "vance" in report.leads and "roe" not in report.leads
