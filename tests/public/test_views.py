"""The public story pages: what readers see, what they never see, and how many queries it takes."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from articles.models import Attribution, Correction, Figure, QuoteAppearance, Story
from articles.public.jsonld import story_jsonld
from articles.templatetags.newsroom import according_to
from sources.models import Outlet
from tests.factories import make_article, make_correction, make_outlet, make_story
from tests.story_builders import build_story

NOW = datetime(2025, 3, 4, 12, 0, tzinfo=UTC)

# Query budgets, each with the content generation read first for the page's cache key
# (articles/public/cache.py). The story page: the story, its articles, the outlets of its articles
# and sources, their figures, the people they name and those people, the quote index (plain rows of
# every wording) and its speakers' names, the wordings of the quotes it shows with their quotes and
# speakers, key points and their attributions, summary paragraphs and their attributions,
# corrections, related stories, the cited outlets' ratings, the kinds of outlet known, its lead
# image. The home page: the page count, the stories (with their article counts), the outlets with
# an article in them, the outlets their claims cite.
STORY_PAGE_QUERIES = 19
HOME_PAGE_QUERIES = 5
CORRECTIONS_PAGE_QUERIES = 3

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def frozen_clock(time_machine):
    time_machine.move_to(NOW, tick=False)


@pytest.fixture
def staff_client(client):
    user = get_user_model().objects.create_user("editor", password="x", is_staff=True)
    client.force_login(user)
    return client


def hidden_story(state: str) -> Story:
    """A story in one of the states readers must never see."""
    kw = {
        "draft": {"published": False, "status": Story.Status.DRAFT},
        "review": {"published": False, "status": Story.Status.REVIEW},
        "archived": {
            "published": False,
            "status": Story.Status.ARCHIVED,
            "published_at": NOW - timedelta(days=3),
        },
        "scheduled": {"published_at": NOW + timedelta(hours=2)},
        "embargoed": {"embargo_until": NOW + timedelta(hours=2)},
    }[state]
    return build_story(headline=f"Secret {state} story about the bridge", **kw).story


HIDDEN_STATES = ["draft", "review", "archived", "scheduled", "embargoed"]


# --- attribution line ---------------------------------------------------------------------
# The wording itself is the engine's (tests/engine/test_evidence.py); the page names each
# outlet once, in the editor's order.


def test_according_to_names_each_outlet_once_in_order():
    gazette = Outlet(name="The Example Gazette")
    assert according_to([gazette, "Northfield Courier", "The Example Gazette"]) == (
        "according to The Example Gazette and Northfield Courier"
    )
    assert according_to([]) == ""


# --- home ---------------------------------------------------------------------------------


def test_home_lists_published_stories_with_the_outlets_that_reported_them(client):
    built = build_story(articles=3)
    response = client.get(reverse("articles:home"))

    assert response.status_code == 200
    html = response.content.decode()
    assert built.story.headline in html
    assert built.story.dek in html
    outlets = {a.outlet_id for a in built.story.articles.all()}
    assert f"Reported by {len(outlets)} outlets" in html
    assert "The Example Gazette" in html and "Northfield Courier" in html


def test_home_is_paginated_newest_first(client):
    for i in range(25):
        make_story(f"Bridge story number {i:02d}", published_at=NOW - timedelta(hours=25 - i))
    first = client.get(reverse("articles:home")).content.decode()
    second = client.get(reverse("articles:home") + "?page=2").content.decode()

    assert first.index("Bridge story number 24") < first.index("Bridge story number 23")
    assert "Bridge story number 04" not in first
    assert "Bridge story number 04" in second
    assert "Page 2 of 2" in second


@pytest.mark.parametrize("stories", [1, 20])
def test_home_runs_a_fixed_number_of_queries(client, django_assert_num_queries, stories):
    for _ in range(stories):
        story = make_story()
        make_article(story=story, outlet=make_outlet())
        make_article(story=story, outlet=make_outlet())
    with django_assert_num_queries(HOME_PAGE_QUERIES):
        response = client.get(reverse("articles:home"))
    assert len(response.context["stories"]) == stories


# --- story page ---------------------------------------------------------------------------


def test_story_page_shows_key_points_with_source_chips(client):
    built = build_story()
    html = client.get(built.story.get_absolute_url()).content.decode()

    assert "The council approved the bridge." in html
    evidence = Attribution.objects.get(key_point__position=0, outlet__name="The Example Gazette")
    # A chip with a passage links to the evidence listed on the page ...
    assert f'href="#evidence-{evidence.pk}"' in html
    assert f'id="evidence-{evidence.pk}"' in html
    assert 'The Example Gazette<span class="visually-hidden">: see the evidence</span>' in html
    # ... one without links to the outlet's coverage.
    assert 'href="#coverage-northfield-courier"' in html
    assert 'id="coverage-northfield-courier"' in html


def test_story_page_generates_according_to_lines_from_attributions(client):
    built = build_story()
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert "(according to The Example Gazette and Northfield Courier)" in html


def test_story_page_puts_typed_dated_corrections_above_the_key_points(client):
    built = build_story()
    make_correction(
        built.story,
        "We have clarified who chairs the committee.",
        kind=Correction.Kind.CLARIFICATION,
        published_at=NOW - timedelta(minutes=5),
    )
    html = client.get(built.story.get_absolute_url()).content.decode()

    assert html.index("Corrections and updates") < html.index("Key points")
    assert "Clarification" in html and "We have clarified who chairs the committee." in html
    assert "An earlier version gave the wrong day of the vote." in html
    assert '<time datetime="2025-03-04T11:55:00+00:00">4 March 2025</time>' in html


def test_story_page_groups_quotes_by_speaker_with_every_wording_and_outlet(client):
    built = build_story(articles=2, quotes=1)
    response = client.get(built.story.get_absolute_url())
    html = response.content.decode()

    group = response.context["page"].speaker_quotes[0]
    assert group.speaker == built.mayor
    view = group.shown[0]
    assert [w.text for w in view.wordings] == [
        "We have waited long enough for this bridge,",
        "We've waited long enough for this bridge,",
    ]
    assert [w.outlets[0].name for w in view.wordings] == [
        "The Example Gazette",
        "Northfield Courier",
    ]
    assert view.first_reported_by.name == "The Example Gazette"
    assert f'<a href="{built.mayor.get_absolute_url()}">Mayor Jane Roe</a>' in html
    assert "Mayor of Northfield" in html
    assert re.search(r"first reported by\s*<a [^>]*>The Example Gazette</a>", html)
    assert "Variant wording" in html


def test_a_wording_holding_the_first_ones_words_and_more_is_verbatim_only_in_part(client):
    built = build_story(articles=2, quotes=1)
    later = QuoteAppearance.objects.get(text__startswith="We've")
    later.text = "We have waited long enough for this bridge, and the town with us,"
    later.match = "verbatim"
    later.save()
    response = client.get(built.story.get_absolute_url())
    view = response.context["page"].speaker_quotes[0].shown[0]
    assert [w.match_label for w in view.wordings[1:]] == ["Verbatim in part"]
    assert "Verbatim in part" in response.content.decode()


def test_story_page_hides_rejected_wordings(client):
    built = build_story(articles=2, quotes=1)
    QuoteAppearance.objects.filter(text__startswith="We've").update(review_state="rejected")
    html = client.get(built.story.get_absolute_url()).content.decode()

    assert "We&#x27;ve waited long enough" not in html
    assert "We have waited long enough for this bridge," in html


def test_story_page_orders_wordings_by_earliest_outlet(client):
    built = build_story(articles=2, quotes=1)
    courier_article = built.articles[1]
    courier_article.published_at = NOW - timedelta(days=1)
    courier_article.save()
    response = client.get(built.story.get_absolute_url())

    view = response.context["page"].speaker_quotes[0].shown[0]
    assert view.first_reported_by.name == "Northfield Courier"
    assert view.wordings[0].text == "We've waited long enough for this bridge,"


def test_story_page_flags_figures_on_which_outlets_disagree(client):
    built = build_story(articles=2)
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert '<tbody class="disagree">' in html
    assert "Outlets disagree" in html

    for figure in Figure.objects.all():  # saved as the admin does: the cached page goes
        figure.value = 12_000_000
        figure.save()
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert "Outlets disagree" not in html


def test_figures_table_has_a_row_per_quantity_and_a_column_per_outlet(client):
    built = build_story(articles=2)
    Figure.objects.all().delete()
    gazette, courier = built.articles

    def figure(article, text, value, **kw):
        start = len(article.body) - 5 - len(text)
        Figure.objects.create(
            article=article, text=text, start=start, end=start + len(text), value=value, **kw
        )

    # A target and an average are two quantities, not a disagreement; 66,000 in 100 days
    # agrees with 660 a day.
    figure(gazette, "3,000 arrests a day", 3000, unit="arrests", per="day", kind="target")
    figure(courier, "66,000 arrests", 66000, unit="arrests", period="100 days", kind="total")
    start = 0
    Figure.objects.create(
        article=gazette,
        text="660",
        start=start,
        end=3,
        value=660,
        unit="arrests",
        per="day",
        qualifier="around",
        kind="average",
    )
    response = client.get(built.story.get_absolute_url())
    table = response.context["page"].figures

    assert [o.name for o in table.outlets] == ["The Example Gazette", "Northfield Courier"]
    rows = {view.row.label: view for view in table.rows}
    assert set(rows) == {"arrests per day (target)", "arrests per day (average)"}
    assert [len(cell) for cell in rows["arrests per day (average)"].cells] == [1, 1]
    assert [len(cell) for cell in rows["arrests per day (target)"].cells] == [1, 0]
    assert not table.disagree
    html = response.content.decode()
    assert "Outlets disagree" not in html
    assert '<th scope="col">Northfield Courier</th>' in html


def test_figures_table_flags_a_disagreement_with_the_engines_note(client):
    built = build_story(articles=4)  # 12 million pounds vs 14 million pounds, twice each
    response = client.get(built.story.get_absolute_url())
    html = response.content.decode()
    assert "The Example Gazette says 12,000,000; Northfield Courier says 14,000,000" in html
    [row] = response.context["page"].figures.rows
    assert [len(cell) for cell in row.cells] == [1, 1]  # a repeated figure is shown once


def test_story_page_draws_an_accessible_timeline_with_a_table_fallback(client):
    built = build_story(articles=4)
    html = client.get(built.story.get_absolute_url()).content.decode()

    svg = re.search(r"<svg[^>]*>.*?</svg>", html, re.S).group(0)
    # A group, not an image: its dots are links.
    assert 'role="group"' in svg and 'aria-labelledby="timeline-title timeline-desc"' in svg
    assert '<title id="timeline-title">Who published when</title>' in svg
    # A dot per article, each inside its link with a wider target around it.
    assert svg.count('class="timeline__dot"') == 4
    assert svg.count("<a href=") == 4
    assert "style=" not in svg
    assert "Articles by outlet, earliest first" in html
    for article in built.articles:
        assert article.headline in html


def test_story_page_lists_people_with_their_roles(client):
    built = build_story()
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert "People and organisations" in html
    assert "Sam Public" in html and "Council engineer" in html
    assert "quoted once" in html


def test_story_page_carries_news_article_json_ld(client):
    built = build_story(articles=2)
    html = client.get(built.story.get_absolute_url()).content.decode()

    block = re.search(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)
    data = json.loads(block.group(1))
    assert data["@type"] == "NewsArticle"
    assert data["headline"] == built.story.headline
    assert data["description"] == built.story.dek
    assert data["datePublished"] == "2025-03-04T11:00:00+00:00"
    assert data["dateModified"]
    assert data["isBasedOn"] == [a.url for a in built.articles]
    quotation = data["citation"][0]
    assert quotation["@type"] == "Quotation"
    assert quotation["creator"] == {
        "@type": "Person",
        "name": "Mayor Jane Roe",
        "url": "http://testserver/people/mayor-jane-roe/",
        "jobTitle": "Mayor of Northfield",
    }
    assert {m["name"] for m in data["mentions"]} == {"Mayor Jane Roe", "Sam Public"}
    assert data["correction"][0]["@type"] == "CorrectionComment"
    assert data["correction"][0]["text"] == "An earlier version gave the wrong day of the vote."


def test_json_ld_cannot_close_its_script_element(client):
    built = build_story()
    built.story.headline = "Bridge </script><script>alert(1)</script> & more"
    built.story.save()
    html = client.get(built.story.get_absolute_url()).content.decode()

    block = re.search(r'<script type="application/ld\+json">(.*?)</script>', html, re.S).group(1)
    assert "<" not in block and "&" not in block
    assert json.loads(block)["headline"] == built.story.headline


def test_story_jsonld_works_without_a_request_or_prefetched_rows():
    built = build_story()
    story = Story.objects.get(pk=built.story.pk)
    data = story_jsonld(story)
    assert data["url"] == "/stories/northfield-council-approves-new-bridge/"
    assert len(data["isBasedOn"]) == 2


def test_story_page_uses_no_inline_style_or_script_and_only_local_assets(client):
    built = build_story()
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert "style=" not in html
    assert "<style" not in html
    scripts = re.findall(r"<script[^>]*>", html)
    assert scripts == ['<script type="application/ld+json">']
    # Every stylesheet and icon comes from this site: no CDN, no external fonts.
    for tag in re.findall(r"<link [^>]*>", html):
        if 'rel="canonical"' not in tag:
            assert 'href="/' in tag, tag


@pytest.mark.parametrize("size", [1, 10, 50])
def test_story_page_runs_a_fixed_number_of_queries(client, django_assert_num_queries, size):
    built = build_story(articles=size, quotes=size)
    with django_assert_num_queries(STORY_PAGE_QUERIES):
        response = client.get(built.story.get_absolute_url())
    assert response.status_code == 200
    assert len(response.context["page"].articles) == size
    assert response.context["page"].quote_count == size


# --- what readers never see ---------------------------------------------------------------


@pytest.mark.parametrize("state", HIDDEN_STATES)
def test_story_page_is_not_found_for_unpublished_stories(client, state):
    story = hidden_story(state)
    assert client.get(story.get_absolute_url()).status_code == 404


@pytest.mark.parametrize("state", HIDDEN_STATES)
def test_home_leaves_out_unpublished_stories(client, state):
    story = hidden_story(state)
    build_story(headline="Public bridge story")
    html = client.get(reverse("articles:home")).content.decode()
    assert "Public bridge story" in html
    assert story.headline not in html


@pytest.mark.parametrize("state", HIDDEN_STATES)
def test_article_page_is_not_found_for_articles_of_unpublished_stories(client, state):
    story = hidden_story(state)
    article = story.articles.first()
    url = reverse("articles:article-detail", kwargs={"pk": article.pk})
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("state", HIDDEN_STATES)
def test_corrections_page_leaves_out_unpublished_stories(client, state):
    story = hidden_story(state)
    make_correction(story, "A secret correction.")
    build_story(headline="Public bridge story")
    html = client.get(reverse("articles:correction-list")).content.decode()
    assert "Public bridge story" in html
    assert "A secret correction." not in html
    assert story.headline not in html


def test_article_page_is_not_found_for_articles_in_no_story(client):
    article = make_article()
    url = reverse("articles:article-detail", kwargs={"pk": article.pk})
    assert client.get(url).status_code == 404


def test_scheduled_story_appears_once_its_time_comes(client, time_machine):
    story = hidden_story("scheduled")
    assert client.get(story.get_absolute_url()).status_code == 404
    time_machine.move_to(NOW + timedelta(hours=3), tick=False)
    assert client.get(story.get_absolute_url()).status_code == 200


def test_embargoed_story_appears_once_the_embargo_lifts(client, time_machine):
    story = hidden_story("embargoed")
    assert story.headline not in client.get(reverse("articles:home")).content.decode()
    time_machine.move_to(NOW + timedelta(hours=3), tick=False)
    assert story.headline in client.get(reverse("articles:home")).content.decode()


# --- staff preview ------------------------------------------------------------------------


@pytest.mark.parametrize("state", HIDDEN_STATES)
def test_staff_preview_unpublished_stories_with_a_banner(staff_client, state):
    story = hidden_story(state)
    response = staff_client.get(story.get_absolute_url())
    assert response.status_code == 200
    html = response.content.decode()
    assert "Preview — not published" in html
    assert '<meta name="robots" content="noindex">' in html


def test_staff_see_no_banner_on_published_stories(staff_client):
    built = build_story()
    html = staff_client.get(built.story.get_absolute_url()).content.decode()
    assert "Preview — not published" not in html


def test_staff_preview_articles_of_unpublished_stories(staff_client):
    story = hidden_story("draft")
    url = reverse("articles:article-detail", kwargs={"pk": story.articles.first().pk})
    response = staff_client.get(url)
    assert response.status_code == 200
    assert "Preview — not published" in response.content.decode()


def test_inactive_staff_get_no_preview(client):
    user = get_user_model().objects.create_user(
        "former", password="x", is_staff=True, is_active=False
    )
    client.force_login(user)
    assert client.get(hidden_story("draft").get_absolute_url()).status_code == 404


# --- article and corrections pages --------------------------------------------------------


def test_article_page_shows_the_text_with_quotes_marked(client):
    built = build_story(articles=1)
    article = built.articles[0]
    html = client.get(reverse("articles:article-detail", kwargs={"pk": article.pk})).content
    html = html.decode()

    assert article.headline in html
    assert (
        '<mark class="quote-mark" title="Mayor Jane Roe">'
        "We have waited long enough for this bridge,</mark>"
    ) in html
    assert built.story.get_absolute_url() in html


def test_corrections_page_lists_corrections_newest_first(client):
    built = build_story()
    make_correction(
        built.story,
        "The latest update.",
        kind=Correction.Kind.UPDATE,
        published_at=NOW - timedelta(minutes=1),
    )
    html = client.get(reverse("articles:correction-list")).content.decode()
    assert html.index("The latest update.") < html.index("An earlier version gave")
    assert "Update" in html


@pytest.mark.parametrize("stories", [1, 10])
def test_corrections_page_runs_a_fixed_number_of_queries(
    client, django_assert_num_queries, stories
):
    for _ in range(stories):
        make_correction(make_story())
    with django_assert_num_queries(CORRECTIONS_PAGE_QUERIES):
        client.get(reverse("articles:correction-list"))


def test_unknown_pages_use_the_site_404_page(client):
    response = client.get("/stories/no-such-story/")
    assert response.status_code == 404
    assert "Page not found" in response.content.decode()


def test_story_page_lists_quoted_speakers_not_named_by_any_article(client):
    from articles.models import ArticlePerson

    built = build_story()
    ArticlePerson.objects.filter(speaker=built.mayor).delete()
    response = client.get(built.story.get_absolute_url())

    people = {p.speaker.name: p for p in response.context["page"].people}
    assert people["Mayor Jane Roe"].checked_role == "Mayor of Northfield"  # an editor's, not read
    assert people["Mayor Jane Roe"].roles == []
    assert people["Mayor Jane Roe"].quote_count == 1


def test_undated_articles_are_listed_last_and_left_off_the_chart(client):
    built = build_story(articles=2)
    undated = make_article(
        story=built.story, outlet=built.outlets[1], headline="Undated report", published_at=None
    )
    response = client.get(built.story.get_absolute_url())

    assert response.context["page"].articles[-1] == undated
    html = response.content.decode()
    assert "Undated report" in html
    svg = re.search(r"<svg[^>]*>.*?</svg>", html, re.S).group(0)
    assert "Undated report" not in svg


def test_story_page_does_not_repeat_an_attribution_the_text_already_gives(client):
    built = build_story()
    built.story.paragraphs.update(
        text="The council voted for the bridge, according to The Example Gazette and "
        "Northfield Courier."
    )
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert html.count("according to The Example Gazette and Northfield Courier") == 1


def test_a_continued_quote_is_one_wording(client):
    built = build_story(articles=1, quotes=1)
    first = built.quotes[0].appearances.get()
    QuoteAppearance.objects.create(
        quote=built.quotes[0],
        article=first.article,
        text="It is time.",
        start=first.end + 40,
        end=first.end + 51,
        continues=True,
        review_state="approved",
    )
    response = client.get(built.story.get_absolute_url())

    [wording] = response.context["page"].speaker_quotes[0].shown[0].wordings
    assert wording.text == "We have waited long enough for this bridge, … It is time."


# --- where each claim's sources lead ------------------------------------------------------


def _engine_evidence(point, article, passage, *, score, state="suggested", **kw):
    start = article.body.index(passage)
    return Attribution.objects.create(
        key_point=point,
        outlet=article.outlet,
        article=article,
        passage=passage,
        start=start,
        end=start + len(passage),
        score=score,
        origin=Attribution.Origin.ENGINE,
        review_state=state,
        position=100,
        **kw,
    )


def test_evidence_chips_open_the_passages_under_the_key_point(client, settings):
    settings.NEWSROOM_SHOW_UNCHECKED = True  # this site shows findings before review, labelled
    built = build_story()
    point = built.story.key_points.get(position=1)  # cited to the Courier only
    article = built.articles[1]
    found = _engine_evidence(
        point, article, "Mayor Jane Roe said the bridge would open next spring", score=0.72
    )
    response = client.get(built.story.get_absolute_url())
    html = response.content.decode()

    item = response.context["page"].key_points[1]
    assert [chip.kind for chip in item.chips] == ["evidence"]
    assert item.chips[0].href == f"#evidence-{found.pk}"
    section = re.search(r'<li class="key-point" id="key-point-2">.*?</li>\s*</ol>', html, re.S)
    details = section.group(0)
    assert "<details" in details and f'id="evidence-{found.pk}"' in details
    assert "Mayor Jane Roe said the bridge would open next spring" in details
    assert "Strong match" in details and "0.72" not in details
    assert "found by machine, not yet checked by an editor" in details
    # An editor cites the Courier too, so the chip itself is not the machine's alone.
    assert not item.chips[0].machine_found
    assert 'Northfield Courier<span class="visually-hidden">: see the evidence</span>' in html
    # The passage link opens the story's copy of the article with the passage highlighted.
    assert f"/articles/{article.pk}/?passage={found.start}-{found.end}#passage" in details


def test_a_chip_only_the_engine_found_says_so(client, settings):
    settings.NEWSROOM_SHOW_UNCHECKED = True
    built = build_story()
    point = built.story.key_points.get(position=1)
    Attribution.objects.filter(key_point=point).delete()
    _engine_evidence(point, built.articles[1], "The council said 3,000 vehicles", score=0.5)
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert (
        'Northfield Courier<span class="visually-hidden">: see the evidence, found by '
        "machine</span>" in html
    )
    # The sources are the machine's; the key point's words are still the editors'.
    assert (
        '<span class="claim-sources__status">sources found by machine, not yet checked by an '
        "editor; the text is the editors’"
    ) in html


def test_evidence_no_editor_checked_stays_off_the_page_by_default(client):
    built = build_story()
    point = built.story.key_points.get(position=1)
    Attribution.objects.filter(key_point=point).delete()
    found = _engine_evidence(point, built.articles[1], "The council said 3,000 vehicles", score=0.5)
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert "found by machine" not in html
    assert f'id="evidence-{found.pk}"' not in html
    found.review_state = "approved"
    found.save()
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert f'id="evidence-{found.pk}"' in html
    assert "checked by an editor" in html and "found by machine" not in html


def test_weaker_evidence_reads_as_a_moderate_match_and_approval_drops_the_machine_label(client):
    built = build_story()
    point = built.story.key_points.get(position=1)
    _engine_evidence(
        point, built.articles[1], "The council said 3,000 vehicles", score=0.41, state="approved"
    )
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert "Moderate match" in html
    assert "checked by an editor" in html
    assert "found by machine" not in html


def test_rejected_evidence_never_reaches_readers(client):
    built = build_story()
    point = built.story.key_points.get(position=1)
    _engine_evidence(point, built.articles[1], "The council said 3,000 vehicles", score=0.9)
    Attribution.objects.filter(origin=Attribution.Origin.ENGINE).update(review_state="rejected")
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert "The council said 3,000 vehicles" not in html
    assert "Strong match" not in html


def test_an_outlet_cited_without_an_article_in_the_story_is_shown_as_such(client):
    built = build_story()
    wire = make_outlet("Northern Wire", homepage="https://wire.example/")
    point = built.story.key_points.get(position=1)
    Attribution.objects.create(key_point=point, outlet=wire, position=5)
    response = client.get(built.story.get_absolute_url())
    html = response.content.decode()

    chip = response.context["page"].key_points[1].chips[-1]
    assert (chip.outlet, chip.kind, chip.href) == (wire, "cited", "#key-point-2-cited")
    assert (
        'Northern Wire <span class="chip__note">cited</span><span class="visually-hidden">, no '
        "article" in html
    )
    assert '<ul class="cited-list" id="key-point-2-cited">' in html
    assert "cited, no article in this story" in html
    assert 'Also cited, with no article in this story: <a href="https://wire.example/"' in html
    assert response.context["page"].reporting_outlets[-1] == wire


def test_paragraph_suggestions_wait_for_an_editor(client):
    built = build_story()
    paragraph = built.story.paragraphs.get()
    article = built.articles[0]
    passage = "The council said 3,000 vehicles per day would use it."
    start = article.body.index(passage)
    suggested = Attribution.objects.create(
        paragraph=paragraph,
        outlet=article.outlet,
        article=article,
        passage=passage,
        start=start,
        end=start + len(passage),
        score=0.3,
        origin=Attribution.Origin.ENGINE,
        review_state="suggested",
        position=100,
    )
    assert passage not in client.get(built.story.get_absolute_url()).content.decode()

    suggested.review_state = "approved"
    suggested.save()
    assert passage in client.get(built.story.get_absolute_url()).content.decode()


def test_a_paragraph_that_names_its_sources_as_noted_by_gets_no_second_line(client):
    built = build_story()
    built.story.paragraphs.update(
        text="The bridge will carry 3,000 vehicles, as noted by The Example Gazette and "
        "Northfield Courier."
    )
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert "(according to" not in html


def test_a_paragraph_ending_with_a_rate_still_gets_its_according_to_line(client):
    built = build_story()
    built.story.paragraphs.update(text="The bridge will carry 3,000 vehicles per day.")
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert "(according to The Example Gazette and Northfield Courier)" in html


def test_machine_found_outlets_are_left_out_of_the_according_to_line(client):
    built = build_story()
    wire = make_outlet("Northern Wire")
    Attribution.objects.create(
        paragraph=built.story.paragraphs.get(),
        outlet=wire,
        origin=Attribution.Origin.ENGINE,
        review_state="approved",
        position=9,
    )
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert "(according to The Example Gazette, Northfield Courier, and Northern Wire)" in html


# --- quotes: every wording, and how it differs --------------------------------------------


def test_other_wordings_show_their_word_differences_accessibly_and_escaped(client):
    built = build_story(articles=2, quotes=1)
    QuoteAppearance.objects.filter(text__startswith="We've").update(
        text="We've waited <b>long</b> enough for this bridge,"
    )
    response = client.get(built.story.get_absolute_url())
    html = response.content.decode()

    [other] = response.context["page"].speaker_quotes[0].shown[0].other_wordings
    assert [(p.tag, p.text) for p in other.diff if p.tag] == [
        ("del", "We have"),
        ("ins", "We've"),
        ("del", "long"),
        ("ins", "<b>long</b>"),
    ]
    compare = re.search(r'<details class="compare">.*?</details>', html, re.S).group(0)
    assert "<summary>Compare wordings</summary>" in compare
    assert (
        '<del><span class="visually-hidden">removed: </span>We have</del> '
        '<ins><span class="visually-hidden">added: </span>We&#x27;ve</ins>'
    ) in compare
    assert "&lt;b&gt;long&lt;/b&gt;" in compare and "<b>" not in html


def test_a_quote_in_one_wording_has_nothing_to_compare(client):
    built = build_story(articles=1, quotes=1)
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert "Compare wordings" not in html


# --- coverage without publication times ---------------------------------------------------


def test_coverage_without_publication_times_says_so_instead_of_drawing_an_empty_chart(client):
    built = build_story(articles=2)
    for article in built.articles:
        article.published_at = None
        article.save()
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert "timeline__chart" not in html
    assert "no publication times for these articles" in html


def test_the_chart_says_how_many_undated_articles_it_leaves_out(client):
    built = build_story(articles=2)
    make_article(story=built.story, outlet=make_outlet("Undated Weekly"), published_at=None)
    html = client.get(built.story.get_absolute_url()).content.decode()
    svg = re.search(r"<svg[^>]*>.*?</svg>", html, re.S).group(0)
    assert "Undated Weekly" not in svg  # no empty row for it
    assert "One article has no publication time and is listed only in the table." in html


# --- the article page highlights an evidence passage --------------------------------------


def test_article_page_highlights_the_linked_passage(client):
    built = build_story(articles=1)
    article = built.articles[0]
    passage = "The council said 3,000 vehicles per day would use it."
    start = article.body.index(passage)
    url = reverse("articles:article-detail", kwargs={"pk": article.pk})
    html = client.get(f"{url}?passage={start}-{start + len(passage)}").content.decode()
    assert f'<mark class="passage" id="passage">{passage}</mark>' in html


@pytest.mark.parametrize("value", ["", "abc", "10-5", "0-999999", "-1-4"])
def test_article_page_ignores_a_passage_outside_the_text(client, value):
    built = build_story(articles=1)
    url = reverse("articles:article-detail", kwargs={"pk": built.articles[0].pk})
    response = client.get(f"{url}?passage={value}")
    assert response.status_code == 200
    assert 'class="passage"' not in response.content.decode()


# --- the demo story, as a reader gets it --------------------------------------------------

DEMO_URL = "/stories/ice-leadership-shake-up/"


def _speaker_block(html: str, name: str) -> str:
    quotes = re.search(r'<section class="quotes".*?<section class="coverage"', html, re.S).group(0)
    blocks = re.split(r'<section class="speaker"', quotes)
    [block] = [b for b in blocks if f">{name}</a>" in b]
    return block


@pytest.fixture
def demo_html(client):
    from django.core.management import call_command

    call_command("load_demo", verbosity=0)
    response = client.get(DEMO_URL)
    assert response.status_code == 200
    return response.content.decode()


def test_demo_story_shows_the_homan_quote_once_with_both_wordings_and_sources(demo_html):
    homan = _speaker_block(demo_html, "Tom Homan")
    assert homan.count('<div class="quote"') == 1
    assert homan.count("I am not satisfied with the figures") == 1
    assert homan.count("I’m not satisfied with the numbers") == 1
    assert re.search(r"first reported by\s*<a [^>]*>The New York Times</a>", homan)
    assert re.search(r"Variant wording</span>\s*in\s*<a [^>]*>Multi-source summary</a>", homan)
    assert "Compare wordings" in homan
    # Nowhere else among the quotes does either wording appear again.
    quotes = re.search(r'<section class="quotes".*?<section class="coverage"', demo_html, re.S)
    assert quotes.group(0).count("not satisfied with the") == 2 + 1  # two wordings, one diff


def test_demo_story_shows_miller_and_lyons_with_their_quotes(demo_html):
    miller = _speaker_block(demo_html, "Stephen Miller")
    assert "We are trying to set an objective of a minimum of 3,000 arrests" in miller
    lyons = _speaker_block(demo_html, "Todd Lyons")
    assert "I say that with a complete understanding that the change is difficult" in lyons
    assert "I am proud to work alongside each of you" in lyons


def test_demo_story_names_every_outlet_as_a_source(demo_html):
    chips = re.findall(r'<a class="chip[^"]*"[^>]*>([^<]+)', demo_html)
    assert {"The New York Times", "CBS News", "Reuters", "India Times"} <= {
        c.strip() for c in chips
    }
    assert "Reported by 4 outlets" in demo_html
    assert "Also cited, with no article in this story:" in demo_html
    # The engine's evidence for the key points is shown once the demo's editor checked it.
    assert "Strong match" in demo_html
    assert "checked by an editor" in demo_html
    assert "found by machine" not in demo_html


def test_demo_story_generates_each_paragraphs_attribution_from_its_citations(demo_html):
    assert demo_html.count("according to CBS News and Reuters") == 1
    assert demo_html.count("according to The New York Times and India Times") == 1
    assert (
        demo_html.count("according to CBS News, Reuters, The New York Times, and India Times") == 1
    )
    assert "as noted by" not in demo_html


def test_demo_story_has_no_publication_times_and_draws_no_empty_chart(demo_html):
    assert "timeline__chart" not in demo_html
    assert "no publication times for these articles" in demo_html


def test_demo_story_page_runs_the_same_queries_as_any_story(client, django_assert_num_queries):
    from django.core.management import call_command

    call_command("load_demo", verbosity=0)
    with django_assert_num_queries(STORY_PAGE_QUERIES):
        client.get(DEMO_URL)
