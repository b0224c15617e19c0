"""Search over everything: the index follows every write, the query syntax is the reader's,
hostile input is only text, and snippets are safe HTML. Runs on SQLite (FTS5) and PostgreSQL."""

from __future__ import annotations

import pytest
from django.db import connection

from articles.core.search import fts5_query, matching, ranked
from articles.core.search_index import ensure_index
from articles.core.search_snippets import snippets
from articles.models import Article, Story
from sources.models import Speaker, SpeakerAlias
from tests.factories import (
    make_article,
    make_key_point,
    make_outlet,
    make_speaker,
    make_story,
)

pytestmark = pytest.mark.django_db


def found(text: str, key: str = "article", model=Article) -> set[int]:
    return set(matching(model.objects.all(), text, key=key).values_list("pk", flat=True))


def test_a_new_article_is_found_by_a_word_of_its_body():
    article = make_article(body="The harbour ferry will run again from Monday, officials said.")
    assert found("ferry") == {article.pk}
    assert found("submarine") == set()


def test_an_edited_article_is_found_by_its_new_words_only():
    article = make_article(body="The harbour ferry will run again.")
    article.body = "The harbour tram will run again."
    article.save()
    assert found("tram") == {article.pk}
    assert found("ferry") == set()


def test_bulk_inserts_and_queryset_updates_reach_the_index():
    outlet = make_outlet()
    Article.objects.bulk_create(
        [
            Article(
                outlet=outlet,
                headline="Lighthouse",
                body="A lighthouse keeper retired.",
                content_hash="a" * 64,
            ),
            Article(
                outlet=outlet, headline="Orchard", body="The orchard opened.", content_hash="b" * 64
            ),
        ]
    )
    assert len(found("lighthouse")) == 1
    Article.objects.filter(headline="Orchard").update(body="The vineyard opened.")
    assert len(found("vineyard")) == 1
    assert found('"orchard opened"') == set()  # the old body is gone from the index


def test_a_deleted_article_leaves_the_index():
    article = make_article(body="A rare word: quincunx.")
    Article.objects.filter(pk=article.pk).delete()
    assert found("quincunx") == set()


def test_words_are_matched_in_any_form_and_case():
    article = make_article(body="Three bridges were CLOSED for repairs.")
    assert found("bridge closing") == {article.pk}


def test_web_search_syntax_phrases_or_and_exclusion():
    ferry = make_article(body="The harbour ferry returns on Monday.")
    tram = make_article(body="The city tram returns on Friday.")
    assert found('"ferry returns"') == {ferry.pk}
    assert found('"returns ferry"') == set()
    assert found("ferry or tram") == {ferry.pk, tram.pk}
    assert found("returns -tram") == {ferry.pk}


@pytest.mark.parametrize(
    "hostile",
    [
        '"',
        '""',
        "NEAR(a b)",
        "body:ferry",
        "ferry*",
        "(",
        "AND",
        "-",
        "^ferry",
        "x\x00y",
        "ferry " * 300,
        "'; DROP TABLE articles_article; --",
        "\u202e\ue000\ue001",
    ],
)
def test_hostile_queries_are_only_text(hostile):
    make_article(body="The harbour ferry returns.")
    found(hostile)  # no error
    list(ranked(Article.objects.all(), hostile, key="article"))
    assert Article.objects.count() == 1


def test_a_headline_match_ranks_above_a_body_match():
    # The headline match is the older article: it comes first by its rank, not by its date.
    in_headline = make_article(headline="Ferry returns", body="Service resumes on Monday.")
    body_only = make_article(headline="Council news", body="Later the ferry was mentioned.")
    order = list(ranked(Article.objects.all(), "ferry", key="article").values_list("pk", flat=True))
    assert order == [in_headline.pk, body_only.pk]


def test_snippets_mark_the_words_and_escape_the_text():
    article = make_article(body="<script>alert(1)</script> The ferry & the tram returned.")
    html = snippets(Article, [article.pk], "ferry", key="article", field="body")[article.pk]
    assert "<mark>ferry</mark>" in html.lower()
    assert "<script>" not in html
    # SQLite shows the tag as text; PostgreSQL's parser leaves tags out of headlines.
    assert "&lt;script&gt;" in html or "script" not in html
    assert "&amp;" in html


def test_stories_are_found_by_their_key_points():
    story = make_story(headline="Council meets")
    make_key_point(story, "The ferry will run again from Monday.")
    assert found("ferry", key="story", model=Story) == set()
    hits = matching(Story.objects.all(), "ferry", key="story", related=[("keypoint", "story_id")])
    assert list(hits) == [story]


def test_names_are_found_by_a_part_and_by_an_alias():
    roe = make_speaker("Mayor Jane Roe")
    make_speaker("Dario Fenwick")
    SpeakerAlias.objects.create(speaker=roe, alias="The Harbour Mayor")
    related = [("speakeralias", "speaker_id")]
    assert list(matching(Speaker.objects.all(), "Roe", key="speaker", related=related)) == [roe]
    assert list(matching(Speaker.objects.all(), "harbour", key="speaker", related=related)) == [roe]


def test_empty_queries_find_nothing():
    make_article(body="The harbour ferry returns.")
    assert found("") == set()
    assert found("   ") == set()
    assert found("-ferry") == set()


def test_fts5_queries_quote_every_term():
    # "or -bus" is an alternative that only excludes: it adds nothing.
    assert fts5_query('ferry "tram line" or -bus') == '("ferry" AND "tram line")'
    assert fts5_query("ferry -bus") == '(("ferry") NOT ("bus"))'
    assert fts5_query("a or b -c") == '("a") OR (("b") NOT ("c"))'
    assert fts5_query('say "hi there') == '("say" AND "hi there")'


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite keeps its index by triggers")
def test_lost_triggers_come_back_and_the_index_is_rebuilt():
    article = make_article(body="The harbour ferry returns.")
    with connection.cursor() as cursor:
        cursor.execute("DROP TRIGGER search_article_au")
    Article.objects.filter(pk=article.pk).update(body="The harbour tram returns.")
    assert "article" in ensure_index(connection)
    assert found("tram") == {article.pk}
    assert found("ferry") == set()


def test_ranking_takes_the_newest_matches_best_first(settings):
    settings.NEWSROOM_SEARCH_RANKED = 2
    old_headline = make_article(headline="Ferry returns", body="Service resumes on Monday.")
    newer = make_article(headline="Council news", body="Later the ferry was mentioned.")
    newest = make_article(headline="Ferry timetable", body="The ferry leaves at nine.")
    rows = ranked(Article.objects.all(), "ferry", key="article")
    assert list(rows.values_list("pk", flat=True)) == [newest.pk, newer.pk]
    assert rows.count() == 2
    assert old_headline.pk in found("ferry")  # still found, only not ranked
