"""A summary that names its source ("…, according to The Example Gazette") gets that outlet's
passage as evidence, even when other outlets' near-identical reports score higher. All
outlets are fictional."""

from __future__ import annotations

import pytest

from articles.models import Attribution
from articles.stories.evidence import story_find_evidence, story_flags
from tests.factories import make_article, make_outlet, make_paragraph, make_story

pytestmark = pytest.mark.django_db

REPORTS = {
    "Fictional Tribune": "The Exampleville bridge will close for repairs for six weeks, "
    "the council said on Monday.",
    "Sample Daily": "The Exampleville bridge will close for repairs for six weeks from "
    "Monday, the council said.",
    "The Example Gazette": "The council said on Monday that the Exampleville bridge would "
    "shut for six weeks of repairs.",
}


OTHER = (
    "Traffic will be sent along the ring road. Shops near the river fear a quiet spring. "
    "Mayor Jane Roe said the work could not wait any longer. Buses will run every ten minutes."
)


def test_the_outlet_a_summary_names_backs_it_among_near_identical_reports():
    story = make_story()
    for outlet, body in REPORTS.items():
        make_article(story=story, outlet=make_outlet(outlet), body=f"{body} {OTHER}")
    paragraph = make_paragraph(
        story,
        "The Exampleville bridge will close for repairs for six weeks, according to "
        "The Example Gazette.",
    )
    story_find_evidence(story=story)
    outlets = set(
        Attribution.objects.filter(paragraph=paragraph).values_list("outlet__name", flat=True)
    )
    assert "The Example Gazette" in outlets
    assert not [f for f in story_flags(story=story) if f.kind == "typed-citation"]
