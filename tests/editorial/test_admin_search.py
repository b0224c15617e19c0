"""An editor's searches in the admin lists come from the full-text index: words in any form,
a web address, an outlet, a speaker's name."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.editorial.conftest import client_for
from tests.factories import make_article, make_outlet, make_quote, make_speaker, make_story

pytestmark = pytest.mark.django_db


def listed(client, url_name: str, q: str) -> str:
    response = client.get(reverse(url_name), {"q": q})
    assert response.status_code == 200
    return response.content.decode()


def test_editors_find_articles_by_body_words_web_address_and_outlet(editor):
    client = client_for(editor)
    gazette = make_outlet("The Example Gazette")
    ferry = make_article(outlet=gazette, headline="Ferry back", body="Islanders cheered the boats.")
    other = make_article(headline="Budget", body="The council set its budget.")
    url = "admin:articles_article_changelist"
    assert "Ferry back" in listed(client, url, "islander cheering")
    assert "Budget" not in listed(client, url, "islander cheering")
    assert "Budget" in listed(client, url, other.url)
    found = listed(client, url, "The Example Gazette")
    assert "Ferry back" in found and "Budget" not in found
    assert ferry.headline in listed(client, url, '"cheered the boats"')


def test_editors_find_quotes_by_words_speaker_and_story(editor):
    client = client_for(editor)
    story = make_story("Harbour ferry returns", published=False)
    article = make_article(story=story, body="“We kept our promise,” Roe said.")
    make_quote(
        story=story, article=article, speaker=make_speaker("Jane Roe"), text="We kept our promise"
    )
    for term in ("promises", "Roe", "harbour ferry"):
        assert "We kept our promise" in listed(client, "admin:articles_quote_changelist", term)
    for term in ("Roe", "harbour ferry"):
        assert "We kept our promise" in listed(
            client, "admin:articles_quoteappearance_changelist", term
        )
    assert "We kept our promise" not in listed(client, "admin:articles_quote_changelist", "budget")
    assert "We kept our promise" not in listed(
        client, "admin:articles_quoteappearance_changelist", "budget"
    )


def test_hostile_admin_searches_are_only_text(editor):
    client = client_for(editor)
    make_article(headline="Ferry back", body="Islanders cheered.")
    for term in ['"', "NEAR(", "body:x", "*", "' OR 1=1 --"]:
        listed(client, "admin:articles_article_changelist", term)
