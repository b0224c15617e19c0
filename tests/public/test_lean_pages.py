"""A long story stays a page a reader can take in and the server renders fast: each speaker's
first quotes with a link to the rest (the story's quotes page, paged), its first articles in
the coverage table and timeline with a link to all of them, no template render per quote or
article, one object per article however many quotes it carries."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from articles.models import Quote, QuoteAppearance
from articles.public.pages.coverage import COVERAGE_SHOWN, OutletCoverage, shown_coverage
from articles.public.pages.quotes import QUOTES_ON_PAGE, QUOTES_SHOWN
from articles.public.pages.quotes_page import QUOTES_PER_PAGE
from tests.factories import make_speaker
from tests.story_builders import build_story

pytestmark = pytest.mark.django_db


def _quote_ids(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'class="quote" id="quote-(\d+)"', html)]


def _more_link(html: str) -> str:
    [href] = re.findall(r'<p class="speaker__more"><a href="([^"]+)"', html)
    return href.replace("&amp;", "&")


def test_a_story_page_shows_each_speakers_first_quotes_and_links_to_the_rest(client):
    built = build_story(articles=2, quotes=QUOTES_SHOWN + 2)
    response = client.get(built.story.get_absolute_url())
    html = response.content.decode()
    assert len(_quote_ids(html)) == QUOTES_SHOWN
    assert "2 more quotes from Mayor Jane Roe" in html
    # Every quote still counts where the page counts them.
    assert response.context["page"].quote_count == QUOTES_SHOWN + 2

    rest = client.get(_more_link(html))
    assert rest.status_code == 200
    listed = _quote_ids(rest.content.decode())
    # The link leads to every quote of the speaker in this story, the two left off included,
    # in the story page's order.
    assert sorted(listed) == sorted(q.pk for q in built.quotes)
    assert listed[:QUOTES_SHOWN] == _quote_ids(html)
    assert "Quotes from Mayor Jane Roe" in rest.content.decode()


def test_the_story_quotes_page_is_paged_and_keeps_the_speaker_across_pages(client):
    built = build_story(articles=2, quotes=QUOTES_PER_PAGE + 3)
    first = client.get(_more_link(client.get(built.story.get_absolute_url()).content.decode()))
    html = first.content.decode()
    assert len(_quote_ids(html)) == QUOTES_PER_PAGE
    assert "Page 1 of 2" in html
    [following] = re.findall(r'<a href="\?([^"]+)" rel="next">', html)
    second = client.get(
        built.story.get_absolute_url() + "quotes/?" + following.replace("&amp;", "&")
    )
    assert "speaker=mayor-jane-roe" in following
    assert len(_quote_ids(second.content.decode())) == 3
    assert set(_quote_ids(html)) | set(_quote_ids(second.content.decode())) == {
        q.pk for q in built.quotes
    }


def test_quotes_by_speakers_not_identified_have_their_more_link_too(client):
    built = build_story(articles=1, quotes=0)
    for n in range(QUOTES_SHOWN + 1):
        quote = Quote.objects.create(story=built.story, speaker=None, text=f"It opens soon ({n})")
        QuoteAppearance.objects.create(
            quote=quote,
            article=built.articles[0],
            text=quote.text,
            start=n * 100,
            end=n * 100 + 10,
            review_state="approved",
        )
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert "One more quote by a speaker not identified" in html
    rest = client.get(_more_link(html)).content.decode()
    assert len(_quote_ids(rest)) == QUOTES_SHOWN + 1
    assert "Speaker not identified" in rest


def test_the_story_quotes_page_refuses_a_speaker_the_story_does_not_quote(client):
    built = build_story(articles=1, quotes=1)
    other = build_story(articles=1, quotes=0, headline="Northfield library reopens")
    quotes = built.story.get_absolute_url() + "quotes/"
    assert client.get(quotes + "?speaker=no-such-person").status_code == 404
    assert (
        client.get(other.story.get_absolute_url() + "quotes/?speaker=mayor-jane-roe").status_code
        == 404
    )
    assert client.get(quotes + "?speaker=mayor-jane-roe").status_code == 200


def test_the_story_quotes_page_of_an_unpublished_story_is_not_found(client):
    built = build_story(articles=1, quotes=1, published=False)
    assert client.get(built.story.get_absolute_url() + "quotes/").status_code == 404


@pytest.mark.parametrize("size", [10, 60])
def test_the_story_quotes_page_runs_a_fixed_number_of_queries(
    client, django_assert_num_queries, size
):
    built = build_story(articles=2, quotes=size)
    # The content generation, the story, its articles, the quote index and its speakers'
    # names, the page's wordings.
    with django_assert_num_queries(6):
        response = client.get(built.story.get_absolute_url() + "quotes/")
    assert len(_quote_ids(response.content.decode())) == min(size, QUOTES_PER_PAGE)


def test_a_story_page_grows_with_its_quotes_only_up_to_the_cap(client):
    few = build_story(articles=2, quotes=QUOTES_SHOWN, headline="Northfield bridge, few quotes")
    many = build_story(articles=2, quotes=40, headline="Northfield bridge, many quotes")
    small = len(client.get(few.story.get_absolute_url()).content)
    large = len(client.get(many.story.get_absolute_url()).content)
    assert large < small * 1.1


def _quoted_by(built, speakers: int) -> None:
    """One more quote each by ``speakers`` more people, in the story's first article."""
    for n in range(speakers):
        quote = Quote.objects.create(
            story=built.story, speaker=make_speaker(f"Jo Quill {n}"), text=f"Point {n}."
        )
        QuoteAppearance.objects.create(
            quote=quote,
            article=built.articles[0],
            text=quote.text,
            start=1000 + n * 100,
            end=1010 + n * 100,
            review_state="approved",
        )


def test_the_templates_a_story_page_renders_do_not_grow_with_its_quotes_or_articles(client):
    few = build_story(articles=2, quotes=1, headline="Northfield bridge, one quote")
    many = build_story(articles=12, quotes=QUOTES_SHOWN, headline="Northfield bridge, many")
    _quoted_by(many, 3)
    rendered = [
        [t.name for t in client.get(built.story.get_absolute_url()).templates]
        for built in (few, many)
    ]
    assert rendered[0] == rendered[1]


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


def test_a_story_with_many_speakers_shows_every_speaker_within_the_page_budget(client):
    built = build_story(articles=2, quotes=0)
    speakers = [make_speaker(f"Jane Roe {n}") for n in range(8)]
    for n in range(8 * QUOTES_SHOWN):
        quote = Quote.objects.create(
            story=built.story, speaker=speakers[n % 8], text=f"The bridge, point {n}."
        )
        QuoteAppearance.objects.create(
            quote=quote,
            article=built.articles[n % 2],
            text=quote.text,
            start=n * 100,
            end=n * 100 + 10,
            review_state="approved",
        )
    response = client.get(built.story.get_absolute_url())
    html = response.content.decode()
    groups = response.context["page"].speaker_quotes
    # Every speaker is there with at least their first quote, and a link to the rest.
    assert {g.speaker.name for g in groups} == {s.name for s in speakers}
    # QUOTES_SHOWN a speaker until the page holds QUOTES_ON_PAGE, then one each.
    assert [len(g.shown) for g in groups] == [QUOTES_SHOWN] * 5 + [1] * 3
    assert len(_quote_ids(html)) == QUOTES_ON_PAGE + 3
    assert sum(g.count for g in groups) == 8 * QUOTES_SHOWN
    for group in groups:
        if group.more:
            assert f"{group.more} more quotes from {group.speaker.name}" in html


def test_a_long_story_shows_twenty_of_its_two_hundred_quotes_and_links_to_the_rest(client):
    """Ten speakers quoted twenty times each: the five most quoted show their first three
    quotes, the other five their first, and every one of them links to the rest."""
    built = build_story(articles=2, quotes=0)
    speakers = [make_speaker(f"Jane Roe {n}") for n in range(10)]
    for n in range(200):
        quote = Quote.objects.create(
            story=built.story, speaker=speakers[n % 10], text=f"The bridge, point {n}."
        )
        QuoteAppearance.objects.create(
            quote=quote,
            article=built.articles[n % 2],
            text=quote.text,
            start=n * 100,
            end=n * 100 + 10,
            review_state="approved",
        )
    response = client.get(built.story.get_absolute_url())
    html = response.content.decode()
    assert len(_quote_ids(html)) == 20
    assert html.count("17 more quotes from Jane Roe") == 5
    assert html.count("19 more quotes from Jane Roe") == 5
    assert response.context["page"].quote_count == 200


def test_the_story_prefetch_names_every_relation_it_loads():
    from articles.public.pages.story import STORY_RELATIONS, story_prefetches

    assert tuple(p.prefetch_to for p in story_prefetches()) == STORY_RELATIONS


def test_a_renamed_story_s_old_quotes_address_redirects_with_its_query(client):
    built = build_story(articles=1, quotes=2)
    story = built.story
    old = story.get_absolute_url() + "quotes/"
    story.slug = "harbour-vote-renamed"
    story.save()
    response = client.get(old + "?speaker=mayor-jane-roe&page=1")
    assert response.status_code == 301
    assert (
        response["Location"] == story.get_absolute_url() + "quotes/?speaker=mayor-jane-roe&page=1"
    )
    assert client.get(response["Location"]).status_code == 200


def test_unidentified_zero_lists_every_speaker(client):
    built = build_story(articles=1, quotes=2)
    quotes = built.story.get_absolute_url() + "quotes/"
    assert _quote_ids(client.get(quotes + "?unidentified=0").content.decode()) == _quote_ids(
        client.get(quotes).content.decode()
    )


def _coverage_rows(html: str) -> list[str]:
    """The article links of the coverage table, in order."""
    start = html.index('<table class="coverage-table">')
    table = html[start : html.index("</table>", start)]
    return re.findall(r'<td><a href="([^"]+)"', table)


def _timeline_dots(html: str) -> int:
    return html.count('<circle class="timeline__dot"')


def _by_outlet(built, articles) -> list[str]:
    """The addresses of ``articles`` in the coverage table's order: by outlet, earliest first."""
    return [a.get_absolute_url() for o in built.outlets for a in articles if a.outlet_id == o.pk]


def test_a_long_story_shows_its_first_articles_and_links_to_all_of_them(client):
    built = build_story(articles=COVERAGE_SHOWN + 8, quotes=0)
    response = client.get(built.story.get_absolute_url())
    html = response.content.decode()
    # The earliest articles (``build_story`` publishes them in order), each outlet heading rows.
    assert _coverage_rows(html) == _by_outlet(built, built.articles[:COVERAGE_SHOWN])
    assert _timeline_dots(html) == COVERAGE_SHOWN
    for outlet in built.outlets:
        assert f'id="coverage-{outlet.slug}"' in html
    # The counts are the story's, not the table's.
    assert "Reported by 2 outlets" in html
    assert f"show {COVERAGE_SHOWN} of the story's {COVERAGE_SHOWN + 8} articles" in html
    [href] = re.findall(r'<p class="coverage-more" id="coverage-more">[^<]*<a href="([^"]+)"', html)
    assert f">Show all {COVERAGE_SHOWN + 8} articles</a>" in html

    # The same queries either way: the page reads every article (its figures, people and
    # quotes need them) and writes fewer.
    with CaptureQueriesContext(connection) as first:
        cache.clear()
        client.get(built.story.get_absolute_url())
    with CaptureQueriesContext(connection) as all_of_them:
        cache.clear()
        everything = client.get(built.story.get_absolute_url() + href.split("#")[0])
    assert len(all_of_them) == len(first)
    assert everything.status_code == 200
    every = everything.content.decode()
    assert _coverage_rows(every) == _by_outlet(built, built.articles)
    assert _timeline_dots(every) == COVERAGE_SHOWN + 8
    # And a way back to the first ones.
    [back] = re.findall(r'<p class="coverage-more" id="coverage-more"><a href="([^"]+)"', every)
    assert back == built.story.get_absolute_url() + "#coverage-heading"
    assert f">Show only the first {COVERAGE_SHOWN} articles</a>" in every
    assert "Show all" not in every
    # Each cached under its own address.
    assert 'class="coverage-more"' in client.get(built.story.get_absolute_url()).content.decode()
    again = client.get(built.story.get_absolute_url() + "?articles=all").content.decode()
    assert _coverage_rows(again) == _coverage_rows(every)


def test_a_short_story_shows_every_article_with_no_link(client):
    built = build_story(articles=COVERAGE_SHOWN, quotes=0)
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert _coverage_rows(html) == _by_outlet(built, built.articles)
    assert _timeline_dots(html) == COVERAGE_SHOWN
    assert 'class="coverage-more"' not in html
    every = client.get(built.story.get_absolute_url() + "?articles=all").content.decode()
    assert 'class="coverage-more"' not in every


def test_every_outlet_keeps_its_first_article_however_many_outlets():
    outlets = [SimpleNamespace(slug=f"outlet-{n}") for n in range(COVERAGE_SHOWN + 2)]
    start = datetime(2026, 3, 1, tzinfo=UTC)
    coverage, pk = [], 0
    for n, outlet in enumerate(outlets):
        articles = []
        for k in range(3):
            pk += 1
            articles.append(SimpleNamespace(pk=pk, published_at=start + timedelta(hours=n + k)))
        coverage.append(OutletCoverage(outlet, articles))
    shown = shown_coverage(coverage)
    assert [item.articles for item in shown] == [[item.articles[0]] for item in coverage]

    # Fewer outlets: their first articles, then the earliest others, in publication order.
    few = shown_coverage(coverage[:3], limit=4)
    assert [[a.pk for a in item.articles] for item in few] == [[1, 2], [4], [7]]
