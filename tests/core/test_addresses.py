"""Addresses reversed once (``sources.addresses.cached_reverse``) are the addresses
``reverse`` gives, under whatever URL configuration and prefix are in force when asked."""

from __future__ import annotations

import pytest
from django.test import override_settings
from django.urls import NoReverseMatch, get_script_prefix, reverse, set_script_prefix

from sources.addresses import cached_reverse
from tests.factories import make_speaker


def test_an_address_is_what_reverse_gives():
    assert cached_reverse("articles:speaker-detail", kwargs={"slug": "jane-roe"}) == reverse(
        "articles:speaker-detail", kwargs={"slug": "jane-roe"}
    )
    assert cached_reverse("articles:home") == reverse("articles:home")
    assert cached_reverse("articles:article-detail", kwargs={"pk": 7}) == "/articles/7/"


def test_another_url_configuration_or_prefix_gets_its_own_addresses():
    before = cached_reverse("articles:speaker-detail", kwargs={"slug": "jane-roe"})
    with override_settings(ROOT_URLCONF="tests.core.moved_urls"):
        moved = cached_reverse("articles:speaker-detail", kwargs={"slug": "jane-roe"})
        assert moved == "/news" + before
    prefix = get_script_prefix()
    set_script_prefix("/valmora/")
    try:
        assert cached_reverse("articles:speaker-detail", kwargs={"slug": "jane-roe"}) == (
            "/valmora" + before
        )
    finally:
        set_script_prefix(prefix)
    assert cached_reverse("articles:speaker-detail", kwargs={"slug": "jane-roe"}) == before


def test_an_address_that_does_not_exist_is_refused_every_time():
    for _ in range(2):
        with pytest.raises(NoReverseMatch):
            cached_reverse("articles:speaker-detail", kwargs={"slug": "not a slug"})


@pytest.mark.django_db
def test_a_renamed_speaker_links_to_their_new_address():
    speaker = make_speaker("Jane Roe")
    first = speaker.get_absolute_url()
    speaker.slug = "mayor-jane-roe"
    assert speaker.get_absolute_url() == reverse(
        "articles:speaker-detail", kwargs={"slug": "mayor-jane-roe"}
    )
    assert speaker.get_absolute_url() != first


def _render(source: str, **context) -> str:
    from django.template import Context, Engine

    engine = Engine(
        libraries={
            "addresses": "articles.templatetags.addresses",
            "static": "django.templatetags.static",
        }
    )
    return engine.from_string(source).render(Context(context))


@pytest.mark.parametrize(
    "tag",
    [
        "{% url 'articles:home' %}",
        "{% url 'articles:story-updates-rss' slug %}",
        "{% url 'articles:speaker-detail' slug=slug %}",
        "{% url name slug=slug %}",
        "{% url 'articles:speaker-detail' slug=slug as there %}[{{ there }}]",
        "{% url 'articles:speaker-detail' slug=bad as there %}[{{ there }}]",
    ],
)
def test_the_url_tag_writes_what_djangos_writes(tag):
    context = {"slug": "jane-roe", "bad": "not a slug", "name": "articles:speaker-detail"}
    assert _render("{% load addresses %}" + tag, **context) == _render(tag, **context)
    written = _render("{% load addresses %}" + tag, **context)
    assert written == "[]" if "bad" in tag else written.strip("[]").startswith("/")


def test_the_url_tag_refuses_an_address_that_does_not_exist():
    with pytest.raises(NoReverseMatch):
        _render("{% load addresses %}{% url 'articles:speaker-detail' slug='not a slug' %}")


@pytest.mark.parametrize(
    "tag",
    [
        "{% static 'css/site.css' %}",
        "{% static path %}",
        "{% static 'icons/logo 512.png' as there %}[{{ there }}]",
        "{% static '<tag>&.css' %}",
    ],
)
def test_the_static_tag_writes_what_djangos_writes_as_the_settings_stand(tag):
    context = {"path": "icons/favicon.svg"}
    for static_url in ("/static/", "https://cdn.example/assets/", "/static/"):
        with override_settings(STATIC_URL=static_url):
            ours = _render("{% load static addresses %}" + tag, **context)
            assert ours == _render("{% load static %}" + tag, **context)
            assert static_url in ours
