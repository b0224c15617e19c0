"""Said by whom: a role the machine read is shown as the outlet's words ("described by The
Example Gazette as ..."), marked when the text was a translation; only a role an editor
checked is shown as a fact, in the page, its JSON-LD and the API."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from articles.models import ArticlePerson
from tests.factories import make_article, make_outlet, make_quote, make_speaker, make_story

pytestmark = pytest.mark.django_db


@pytest.fixture
def story():
    gazette = make_outlet("The Example Gazette")
    story = make_story("Harbour ferry returns")
    article = make_article(
        outlet=gazette, story=story, is_translation=True, body="“We kept our promise,” Roe said."
    )
    roe = make_speaker("Jane Roe", role="the harbour's best mayor")  # as the machine read it
    ArticlePerson.objects.create(article=article, speaker=roe, role="the harbour's best mayor")
    make_quote(story=story, article=article, speaker=roe, text="We kept our promise")
    return story, roe


def test_a_machine_read_role_is_the_outlets_words_not_a_fact(client, story):
    story, roe = story
    page = client.get(story.get_absolute_url()).content.decode()
    assert "described by The Example Gazette as “the harbour&#x27;s best mayor”" in page
    assert "(in a translation)" in page
    assert '"jobTitle"' not in page
    person = client.get(roe.get_absolute_url()).content.decode()
    assert '<p class="dek">' not in person
    assert "described by The Example Gazette as" in person
    assert APIClient().get(f"/api/v1/speakers/{roe.slug}/").json()["role_checked"] is False


def test_a_role_an_editor_checked_is_shown_as_a_fact(client, story):
    story, roe = story
    roe.role, roe.role_checked = "Mayor of Northfield", True
    roe.save()
    page = client.get(story.get_absolute_url()).content.decode()
    assert '<p class="speaker__role">Mayor of Northfield</p>' in page
    assert '"jobTitle": "Mayor of Northfield"' in page
