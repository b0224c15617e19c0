"""``{% translate %}`` from ``articles/templatetags/phrases.py`` (a fixed phrase translated
once for each language) writes what Django's own tag writes, in every language and for
every form of the tag."""

from __future__ import annotations

from django.template import Context, Engine
from django.utils import translation

ENGINE = Engine(
    libraries={"i18n": "django.templatetags.i18n", "phrases": "articles.templatetags.phrases"}
)

TAGS = (
    '{% translate "Yes" %}|{% trans "No" %}|{% translate "Yes" noop %}|'
    '{% translate "May" context "month name" %}|{% translate answer %}|'
    '{% translate "Yes" as yes %}{{ yes }}|{% translate "Yes"|upper %}|'
    '{% translate "<b>Yes</b>" %}'
)


def _render(libraries: str, language: str, answer: str) -> str:
    template = ENGINE.from_string("{% load " + libraries + " %}" + TAGS)
    with translation.override(language):
        return template.render(Context({"answer": answer}))


def test_each_phrase_is_written_as_django_writes_it_in_every_language():
    written = {}
    for language in ("en", "fr", "de", "fr", "en"):  # each again, from what was kept
        for answer in ("Yes", "No"):
            ours = _render("i18n phrases", language, answer)
            assert ours == _render("i18n", language, answer), (language, answer)
            written[language, answer] = ours
    assert written["fr", "Yes"].startswith("Oui|Non|")
    assert written["de", "Yes"].startswith("Ja|Nein|")
    assert written["en", "Yes"] != written["en", "No"]  # a phrase from a variable follows it
