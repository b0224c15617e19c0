"""A long story stays a page a reader can take in and the server renders fast: each speaker's
first quotes with a link to the rest, one template render per speaker rather than per quote,
one object per article however many quotes it carries."""

from __future__ import annotations

import pytest

from articles.public.pages.quotes import QUOTES_SHOWN
from tests.story_builders import build_story

pytestmark = pytest.mark.django_db


def test_a_story_page_shows_each_speakers_first_quotes_and_links_to_the_rest(client):
    built = build_story(articles=2, quotes=QUOTES_SHOWN + 2)
    response = client.get(built.story.get_absolute_url())
    html = response.content.decode()
    assert html.count('class="quote" id="quote-') == QUOTES_SHOWN
    assert "2 more quotes from Mayor Jane Roe" in html
    assert f'href="{built.mayor.get_absolute_url()}">2 more quotes' in html
    # Every quote still counts where the page counts them.
    assert response.context["page"].quote_count == QUOTES_SHOWN + 2


def test_a_story_page_grows_with_its_quotes_only_up_to_the_cap(client):
    few = build_story(articles=2, quotes=QUOTES_SHOWN, headline="Northfield bridge, few quotes")
    many = build_story(articles=2, quotes=40, headline="Northfield bridge, many quotes")
    small = len(client.get(few.story.get_absolute_url()).content)
    large = len(client.get(many.story.get_absolute_url()).content)
    assert large < small * 1.1


def test_quotes_render_once_per_speaker_not_once_per_quote(client):
    built = build_story(articles=3, quotes=QUOTES_SHOWN)
    response = client.get(built.story.get_absolute_url())
    names = [t.name for t in response.templates]
    assert names.count("includes/quotes.html") == len(response.context["page"].speaker_quotes)


def test_every_wording_of_a_story_shares_the_story_page_article_objects(client):
    built = build_story(articles=4, quotes=3)
    page = client.get(built.story.get_absolute_url()).context["page"]
    articles = {id(a) for a in page.articles}
    outlets = {id(a.outlet) for a in page.articles}
    for group in page.speaker_quotes:
        for view in group.shown:
            for wording in view.wordings:
                for appearance in wording.appearances:
                    assert id(appearance.article) in articles
                    assert id(appearance.article.outlet) in outlets


def test_the_json_ld_cites_the_quotes_the_page_shows(client):
    built = build_story(articles=2, quotes=QUOTES_SHOWN + 3)
    jsonld = client.get(built.story.get_absolute_url()).context["jsonld"]
    assert len(jsonld["citation"]) == QUOTES_SHOWN
    export = client.get(f"/api/v1/stories/{built.story.slug}/jsonld/").json()
    assert len(export["citation"]) == QUOTES_SHOWN + 3
