"""Cached pages, feeds and API answers (articles/public/cache.py): a change readers could see
is on the very next request to every page it touches; nothing else is ever served stale."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.apps import apps
from django.db import transaction
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from articles.editorial.review import quote_appearances_review
from articles.editorial.workflow import correction_add
from articles.models import QuoteAppearance, ReviewState, Story
from articles.public.cache import cached_answer, freshness
from articles.signals import NOT_SHOWN, SHOWN
from articles.stories.restructure import story_merge
from ops.generation import content_changed
from tests.factories import make_article, make_outlet, make_quote, make_speaker, make_story
from tests.story_builders import build_story

pytestmark = pytest.mark.django_db


@pytest.fixture
def editor(django_user_model):
    return django_user_model.objects.create_user(
        "jroe", password="pw", is_staff=True, is_superuser=True
    )


def pages_of(built) -> dict[str, str]:
    """Every public address showing the built story."""
    story, outlet, mayor = built.story, built.outlets[0], built.mayor
    return {
        "story": story.get_absolute_url(),
        "home": reverse("articles:home"),
        "corrections": reverse("articles:correction-list"),
        "rss": reverse("articles:story-feed-rss"),
        "atom": reverse("articles:story-feed-atom"),
        "outlet": outlet.get_absolute_url(),
        "outlet-rss": reverse("articles:outlet-feed-rss", kwargs={"slug": outlet.slug}),
        "person": mayor.get_absolute_url(),
        "person-atom": reverse("articles:speaker-feed-atom", kwargs={"slug": mayor.slug}),
        "sitemap": "/sitemap.xml",
        "api-story": f"/api/v1/stories/{story.slug}/",
        "api-stories": "/api/v1/stories/",
        "api-jsonld": f"/api/v1/stories/{story.slug}/jsonld/",
        "api-quotes": "/api/v1/quotes/",
        "api-speaker": f"/api/v1/speakers/{mayor.slug}/",
    }


def warm(client, urls) -> None:
    """Request every page twice: the second answer comes from the cache."""
    for url in urls:
        assert client.get(url).status_code == 200, url
        assert client.get(url).status_code == 200, url


def text(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_a_readers_second_request_is_answered_from_the_cache(client, django_assert_num_queries):
    built = build_story(articles=3, quotes=3)
    url = built.story.get_absolute_url()
    first = client.get(url)
    with django_assert_num_queries(1):  # the content generation, nothing else
        again = client.get(url)
    assert again.content == first.content
    assert again["ETag"] == first["ETag"]


def test_api_answers_are_cached_for_readers(django_assert_num_queries):
    built = build_story(articles=3, quotes=3)
    anon = APIClient()
    url = f"/api/v1/stories/{built.story.slug}/"
    first = anon.get(url)
    with django_assert_num_queries(1):  # the content generation, nothing else
        again = anon.get(url)
    assert again.content == first.content
    assert again["Vary"] == first["Vary"]


def test_a_published_correction_is_on_the_next_request_to_every_page_it_touches(client, editor):
    built = build_story()
    urls = pages_of(built)
    warm(client, urls.values())
    correction_add(
        story=built.story, user=editor, kind="correction", text="The vote was on Wednesday."
    )
    for name in ("story", "corrections", "rss", "atom", "outlet-rss", "person-atom"):
        assert "The vote was on Wednesday." in text(client, urls[name]), name
    for name in ("api-story", "api-jsonld"):
        assert "The vote was on Wednesday." in text(client, urls[name]), name


def test_a_merge_is_on_the_next_request_to_every_page_it_touches(client, editor):
    built = build_story(headline="Northfield council approves new bridge")
    other = make_story("Northfield bridge vote: the count")
    courier = make_outlet("The Sample Courier")
    moved = make_article(outlet=courier, story=other, headline="Sample Courier counts the vote")
    make_quote(
        story=other, article=moved, speaker=built.mayor, text="Every vote was counted twice."
    )
    urls = pages_of(built)
    courier_url = courier.get_absolute_url()
    other_url = other.get_absolute_url()
    warm(client, [*urls.values(), courier_url, other_url])

    story_merge(target=built.story, others=[other], user=editor)

    for name in ("story", "person", "api-story", "api-quotes", "api-jsonld"):
        page = text(client, urls[name])
        assert "Every vote was counted twice." in page, name
    for name in ("story", "api-story"):
        assert "Sample Courier counts the vote" in text(client, urls[name]), name
    for name in ("home", "rss", "atom", "api-stories", "sitemap"):
        assert "the count" not in text(client, urls[name]), name
    gone = client.get(other_url)  # merged: its old address leads to the survivor
    assert (gone.status_code, gone["Location"]) == (301, built.story.get_absolute_url())
    assert built.story.headline in text(client, courier_url)
    assert "The Sample Courier" in text(client, urls["home"])


def test_an_approval_is_on_the_next_request_to_every_page_it_touches(client, editor):
    built = build_story()
    article = built.articles[0]
    make_quote(
        story=built.story,
        article=article,
        speaker=built.mayor,
        text="The bridge will carry buses too.",
        review_state=ReviewState.SUGGESTED,
    )
    urls = pages_of(built)
    warm(client, urls.values())
    for name in ("story", "person", "api-story", "api-quotes", "api-speaker"):
        assert "The bridge will carry buses too." not in text(client, urls[name]), name

    waiting = QuoteAppearance.objects.filter(review_state=ReviewState.SUGGESTED)
    quote_appearances_review(appearances=waiting, state=ReviewState.APPROVED, user=editor)

    for name in ("story", "person", "api-story", "api-quotes", "api-jsonld"):
        assert "The bridge will carry buses too." in text(client, urls[name]), name


def test_speaker_and_outlet_edits_are_on_the_next_request(client):
    built = build_story()
    urls = pages_of(built)
    warm(client, urls.values())
    built.mayor.role = "Mayor of Greater Northfield"
    built.mayor.save()
    gazette = built.outlets[0]
    gazette.name = "The Example Gazette and Herald"
    gazette.save()
    for name in ("story", "person", "api-speaker", "api-story"):
        assert "Mayor of Greater Northfield" in text(client, urls[name]), name
    for name in ("story", "home", "outlet", "api-story"):
        assert "The Example Gazette and Herald" in text(client, urls[name]), name


def test_a_scheduled_story_appears_when_its_time_comes_with_no_write(client):
    now = timezone.now()
    with time_machine.travel(now, tick=False):
        built = build_story(
            headline="Northfield bridge opens", published_at=now + timedelta(hours=1)
        )
        home = reverse("articles:home")
        warm(client, [home, "/api/v1/stories/", reverse("articles:story-feed-rss")])
        assert "Northfield bridge opens" not in text(client, home)
        assert client.get(built.story.get_absolute_url()).status_code == 404
        # The cached entries end when the story goes live, not later.
        assert freshness().seconds_left(timezone.now()) <= 3600
    with time_machine.travel(now + timedelta(hours=1, seconds=1), tick=False):
        assert "Northfield bridge opens" in text(client, home)
        assert "Northfield bridge opens" in text(client, "/api/v1/stories/")
        assert "Northfield bridge opens" in text(client, reverse("articles:story-feed-rss"))
        assert client.get(built.story.get_absolute_url()).status_code == 200


def test_an_embargoed_story_appears_when_the_embargo_lifts(client):
    now = timezone.now()
    with time_machine.travel(now, tick=False):
        story = make_story("Northfield budget agreed", embargo_until=now + timedelta(minutes=10))
        warm(client, [reverse("articles:home")])
        assert "Northfield budget agreed" not in text(client, reverse("articles:home"))
    with time_machine.travel(now + timedelta(minutes=10), tick=False):
        assert "Northfield budget agreed" in text(client, reverse("articles:home"))
        assert client.get(story.get_absolute_url()).status_code == 200


def test_a_staff_preview_is_never_cached_for_readers(client, editor):
    draft = build_story(headline="Northfield draft", published=False).story
    url = draft.get_absolute_url()
    client.force_login(editor)
    preview = client.get(url)
    assert preview.status_code == 200
    assert "private" in preview["Cache-Control"]
    client.logout()
    assert client.get(url).status_code == 404


def test_staff_answers_are_not_stored_for_readers(client, editor, django_assert_num_queries):
    built = build_story()
    url = built.story.get_absolute_url()
    client.force_login(editor)
    client.get(url)
    client.logout()
    response = client.get(url)  # rendered anew: the staff answer was not stored
    assert response.status_code == 200
    assert "private" not in response["Cache-Control"]
    with django_assert_num_queries(1):
        client.get(url)


def test_each_answer_gets_its_own_request_id_and_policy_from_the_cache(client):
    built = build_story()
    url = built.story.get_absolute_url()
    first, second = client.get(url), client.get(url)
    assert first.content == second.content
    assert first["X-Request-ID"] != second["X-Request-ID"]
    assert "script-src 'self'" in second["Content-Security-Policy"]
    assert "Cookie" in second["Vary"]  # staff get their own answer at this address
    assert "nonce" not in second.content.decode()


def test_an_answer_that_used_the_csp_nonce_is_never_stored_so_each_gets_its_own():
    from django.utils.csp import LazyNonce

    make_story()
    factory = RequestFactory()
    calls = []

    def build(request):
        from django.http import HttpResponse

        calls.append(1)
        return HttpResponse(f'<script nonce="{request._csp_nonce}"></script>')

    bodies = []
    for _ in range(2):
        request = factory.get("/nonce-page/")
        request._csp_nonce = LazyNonce()
        from django.contrib.auth.models import AnonymousUser

        request.user = AnonymousUser()
        bodies.append(cached_answer(request, lambda r=request: build(r)).content)
    assert len(calls) == 2
    assert bodies[0] != bodies[1]


@pytest.mark.parametrize("name", ["story", "home", "rss", "person", "sitemap"])
def test_pages_and_feeds_answer_304_when_unchanged(client, name):
    built = build_story()
    url = pages_of(built)[name]
    first = client.get(url)
    assert first["ETag"] and first["Last-Modified"]
    assert "must-revalidate" in first["Cache-Control"]
    by_etag = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert by_etag.status_code == 304
    assert by_etag.content == b""
    by_date = client.get(url, HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
    assert by_date.status_code == 304


def test_a_change_gets_a_new_etag_and_a_full_answer(client, editor):
    built = build_story()
    url = built.story.get_absolute_url()
    first = client.get(url)
    correction_add(story=built.story, user=editor, kind="update", text="Buses will use it.")
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert again["ETag"] != first["ETag"]
    assert "Buses will use it." in again.content.decode()


def test_every_model_readers_could_see_moves_the_generation():
    models = {
        m
        for label in ("articles", "sources")
        for m in apps.get_app_config(label).get_models()
        if not m.__name__.startswith("Historical")
    }
    assert models == set(SHOWN) | set(NOT_SHOWN)
    assert not set(SHOWN) & set(NOT_SHOWN)


def test_the_generation_moves_once_per_transaction_and_not_for_a_rollback():
    start = freshness().generation
    with transaction.atomic():
        make_speaker("Jane Roe")
        make_speaker("Sam Public")
    assert freshness().generation == start + 1
    with pytest.raises(RuntimeError), transaction.atomic():
        make_speaker("Alex Doe")
        raise RuntimeError
    assert freshness().generation == start + 1
    with transaction.atomic():
        with pytest.raises(RuntimeError), transaction.atomic():
            make_speaker("Alex Doe")
            raise RuntimeError
        content_changed()  # the rolled-back savepoint took its move with it
    assert freshness().generation == start + 2


def test_bulk_moves_in_a_merge_move_the_generation(editor):
    built = build_story()
    other = make_story()
    make_article(story=other)
    start = freshness().generation
    story_merge(target=built.story, others=[other], user=editor)
    assert freshness().generation > start
    assert Story.objects.get(pk=other.pk).status == Story.Status.ARCHIVED


def test_an_accepted_article_is_on_the_next_request_to_every_page_it_touches(client, editor):
    from articles.editorial.review import articles_accept

    built = build_story()
    courier = make_outlet("The Sample Courier")
    waiting = make_article(
        outlet=courier,
        story=built.story,
        headline="Sample Courier sees the bridge vote",
        review_state=ReviewState.SUGGESTED,
    )
    urls = pages_of(built)
    warm(client, urls.values())
    assert client.get(courier.get_absolute_url()).status_code == 404  # no public article yet

    articles_accept(articles=[waiting], user=editor)

    for name in ("story", "api-story"):
        assert "Sample Courier sees the bridge vote" in text(client, urls[name]), name
    assert waiting.get_absolute_url() in text(client, urls["api-jsonld"])
    assert "The Sample Courier" in text(client, urls["home"])
    assert built.story.headline in text(client, courier.get_absolute_url())


def test_an_anonymous_readers_cached_page_is_answered_before_the_session_and_auth(client):
    built = build_story()
    url = built.story.get_absolute_url()
    first = client.get(url)
    again = client.get(url)
    assert again.content == first.content
    # CachedPageMiddleware answered: authentication never ran, the outer middleware did.
    assert not hasattr(again.wsgi_request, "user")
    for header in ("Content-Security-Policy", "X-Frame-Options", "X-Request-ID", "ETag"):
        assert header in again, header
    assert again["Content-Length"] == str(len(again.content))


def test_staff_are_never_answered_from_the_readers_cache(client, editor):
    built = build_story()
    url = built.story.get_absolute_url()
    client.get(url)  # a reader's answer, stored
    client.force_login(editor)
    response = client.get(url)
    assert response.wsgi_request.user == editor
    assert "private" in response["Cache-Control"]


def test_a_signed_in_reader_gets_the_readers_cached_page_through_the_view(
    client, django_user_model
):
    reader = django_user_model.objects.create_user("reader", password="pw")
    built = build_story()
    url = built.story.get_absolute_url()
    first = client.get(url)
    client.force_login(reader)
    again = client.get(url)
    assert again.wsgi_request.user == reader  # the session was read to tell
    assert again.content == first.content
    assert "private" not in again["Cache-Control"]


def test_api_answers_are_left_to_the_api_whose_throttles_count_every_request():
    built = build_story()
    anon = APIClient()
    url = f"/api/v1/stories/{built.story.slug}/"
    anon.get(url)
    again = anon.get(url)
    assert again.status_code == 200
    assert hasattr(again.wsgi_request, "user")  # through DRF, not CachedPageMiddleware


def test_a_link_with_trackers_or_its_parameters_reordered_is_the_same_cached_page(
    client, django_assert_num_queries
):
    built = build_story(articles=3, quotes=3)
    url = built.story.get_absolute_url()
    first = client.get(f"{url}?articles=all&lang=en")
    shared = (
        f"{url}?lang=en&articles=all",
        f"{url}?articles=all&utm_source=newsletter&utm_medium=email&lang=en",
        f"{url}?fbclid=AbC123&articles=all&lang=en",
    )
    for address in shared:
        with django_assert_num_queries(1):  # the content generation, nothing else
            again = client.get(address)
        assert again.content == first.content, address


def test_parameters_a_page_reads_still_make_their_own_cached_pages(client):
    built = build_story(articles=14, quotes=3)
    url = built.story.get_absolute_url()
    first_few = text(client, url)
    every = text(client, f"{url}?articles=all&utm_campaign=spring")
    assert every != first_few
    assert text(client, f"{url}?utm_campaign=spring") == first_few
    assert text(client, f"{url}?articles=all") == every


def test_api_answers_with_parameters_in_another_order_share_their_cached_answer(
    django_assert_num_queries,
):
    build_story(articles=3, quotes=3)
    build_story(articles=2, quotes=1, headline="Northfield ferry timetable")
    anon = APIClient()
    first = anon.get("/api/v1/stories/?page_size=2&outlet=the-example-gazette")
    assert first.status_code == 200
    with django_assert_num_queries(1):
        again = anon.get("/api/v1/stories/?outlet=the-example-gazette&page_size=2")
    assert again.content == first.content
    assert anon.get("/api/v1/stories/?page_size=1").content != first.content
    # The API refuses a parameter it does not know, trackers too, cached answer or not.
    tracked = anon.get("/api/v1/stories/?outlet=the-example-gazette&page_size=2&gclid=x1")
    assert tracked.status_code == 400


def test_addresses_kept_as_pages_or_not_are_bounded_and_still_answered_right(client):
    """The middleware keeps whether an address is a cached page (``_is_cached_page``), but
    not for a long address anyone could make up: memory stays bounded, answers stay right."""
    from articles.public import cache as page_cache

    built = build_story(articles=2, quotes=1)
    page_cache._CACHED_PAGES.clear()
    assert client.get(built.story.get_absolute_url()).status_code == 200
    long_path = "/stories/" + "x" * 300 + "/"
    assert client.get(long_path).status_code == 404
    assert client.get(long_path).status_code == 404
    kept = {path for _, path in page_cache._CACHED_PAGES}
    assert built.story.get_absolute_url() in kept
    assert long_path not in kept
