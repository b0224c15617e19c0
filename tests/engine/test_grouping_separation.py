"""Separation reading a story as two events, and the people a lede leads with (fictional)."""

from __future__ import annotations

from datetime import date

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


# Two emergency patches of one browser years apart: the older reports undated, naming only
# years long before the newer reports were written.
OLDER_PATCH = [
    (
        "Example Soft rushes out emergency browser patch",
        "Example Soft released an emergency patch for its Wayfarer browser on Wednesday to "
        "close a flaw attackers were using to take over computers. The company said every "
        "version of Wayfarer was affected. It was the first patch outside its monthly cycle "
        "since 2024, security chief Dana Holt said.",
    ),
    (
        "Example Soft patches Wayfarer flaw",
        "Example Soft has patched a critical flaw in the Wayfarer browser that criminals "
        "exploited to install malware, the company said on Wednesday. Every version of "
        "Wayfarer was affected. Users should install the update at once, said security chief "
        "Dana Holt, as in 2024.",
    ),
    (
        "Emergency fix for Wayfarer browser",
        "An emergency update from Example Soft fixes a Wayfarer browser flaw used in attacks "
        "on millions of users, the company said on Wednesday. The last such update came in "
        "2025, said Dana Holt.",
    ),
]
NEWER_PATCH = [
    (
        "Example Soft issues emergency fix for Wayfarer",
        "Example Soft issued an emergency fix for its Wayfarer browser on Tuesday after "
        "attackers exploited a flaw in every version, the company said. Security chief Lee "
        "Marsh urged users to update.",
    ),
    (
        "Wayfarer browser flaw patched",
        "Example Soft has released a temporary fix for a Wayfarer browser flaw that attackers "
        "used against a limited number of users, the company said. Marsh said a full patch "
        "would follow.",
    ),
    (
        "Example Soft rushes Wayfarer fix as attacks spread",
        "Example Soft rushed out a fix for the Wayfarer browser on Tuesday as attacks on the "
        "flaw spread, the company said. Lee Marsh said every version was affected.",
    ),
]


def _patches(written):
    found = [featurize(headline=h, body=b, published_at=None) for h, b in OLDER_PATCH]
    found += [featurize(headline=h, body=b, published_at=written) for h, b in NEWER_PATCH]
    df = DocumentFrequencies()
    for features in found:
        df.add(features.df_terms())
    return found, df


def test_undated_reports_naming_only_years_long_before_the_others_were_written_are_apart():
    found, df = _patches(date(2031, 9, 17))
    assert split_events(found, df) == ([0, 1, 2], [3, 4, 5])
    # Written a year after the years the undated reports name: the same subject's reports,
    # nothing says another event.
    found, df = _patches(date(2026, 9, 17))
    assert split_events(found, df) is None
