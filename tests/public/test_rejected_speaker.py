"""A speaker an editor rejected (the only wording given to them, and the only mention of them,
rejected) is on no public surface: story page, JSON-LD, ninjs, the API, the sitemap, their own
page."""

from __future__ import annotations

import pytest
from django.test import Client

from articles.models import ArticlePerson, ReviewState
from tests.factories import make_article, make_outlet, make_quote, make_speaker, make_story

pytestmark = pytest.mark.django_db


@pytest.fixture
def rejected():
    story = make_story("Northfield bridge opens")
    article = make_article(outlet=make_outlet("The Example Gazette"), story=story)
    kept = make_speaker("Mayor Jane Roe", slug="jane-roe")
    wrong = make_speaker("Councillor Rex Wrong", slug="rex-wrong")
    make_quote(story=story, article=article, speaker=kept, text="We have waited long enough,")
    make_quote(
        story=story,
        article=article,
        speaker=wrong,
        text="Council backs bridge plan",
        review_state=ReviewState.REJECTED,
    )
    ArticlePerson.objects.create(article=article, speaker=kept, role="Mayor")
    ArticlePerson.objects.create(
        article=article, speaker=wrong, role="Councillor", review_state=ReviewState.REJECTED
    )
    return story, kept, wrong


def test_a_rejected_speaker_is_on_no_public_surface(rejected):
    story, kept, wrong = rejected
    client = Client()
    surfaces = {
        "page": client.get(story.get_absolute_url()).content.decode(),
        "jsonld": client.get(f"/api/v1/stories/{story.slug}/jsonld/").content.decode(),
        "ninjs": client.get(f"/api/v1/stories/{story.slug}/ninjs/").content.decode(),
        "api": client.get(f"/api/v1/stories/{story.slug}/").content.decode(),
        "speakers": client.get("/api/v1/speakers/").content.decode(),
        "sitemap": client.get("/sitemap.xml").content.decode(),
    }
    for name, body in surfaces.items():
        assert wrong.name not in body and wrong.slug not in body, name
    # The checks mean something: the speaker kept is there.
    for name in ("page", "jsonld", "ninjs", "api", "speakers", "sitemap"):
        assert kept.name in surfaces[name] or kept.slug in surfaces[name], name
    assert client.get(wrong.get_absolute_url()).status_code == 404
    assert client.get(kept.get_absolute_url()).status_code == 200


def test_machine_exports_carry_checked_findings_only_even_where_the_site_shows_unchecked(
    rejected, settings
):
    """JSON-LD and ninjs have no "not yet checked" label: with the site showing suggested
    findings to readers (labelled), partners still get only what an editor approved."""
    settings.NEWSROOM_SHOW_UNCHECKED = True
    story, kept, _ = rejected
    article = story.articles.get()
    waiting = make_speaker("Alderman Sam Poe", slug="sam-poe")
    make_quote(
        story=story,
        article=article,
        speaker=waiting,
        text="Mayor Jane Roe said",
        review_state=ReviewState.SUGGESTED,
    )
    ArticlePerson.objects.create(
        article=article, speaker=waiting, review_state=ReviewState.SUGGESTED
    )
    client = Client()
    page = client.get(story.get_absolute_url()).content.decode()
    # Readers on this site see it, labelled.
    assert "Mayor Jane Roe said" in page
    assert "found by machine, not yet checked by an editor" in page
    for export in ("jsonld", "ninjs"):
        body = client.get(f"/api/v1/stories/{story.slug}/{export}/").content.decode()
        assert waiting.name not in body, export
        assert kept.name in body, export
