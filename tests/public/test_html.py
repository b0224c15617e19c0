"""Every public page is well-formed HTML: balanced elements, unique ids, one h1, a language,
alt text on images, labels that point at something. A small checker on the standard library's
parser, run over the demo story's pages."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.core.management import call_command

from articles.models import Article, Story
from sources.models import Outlet, Speaker

VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}
# Elements whose end tag HTML lets an author leave out; the templates close them anyway, but
# the checker does not insist.
OPTIONAL_END = {"p", "li", "dt", "dd", "tr", "td", "th", "option", "thead", "tbody"}


class Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.ids: set[str] = set()
        self.label_for: list[str] = []
        self.h1 = 0
        self.lang = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = bool(attrs.get("lang"))
        if tag == "h1":
            self.h1 += 1
        if tag == "img" and "alt" not in attrs:
            self.problems.append(f"<img> without alt: {attrs.get('src')}")
        if "style" in attrs:
            self.problems.append(f"inline style on <{tag}>")
        if tag == "script" and attrs.get("type") != "application/ld+json" and "src" not in attrs:
            self.problems.append("inline script")
        if attrs.get("id"):
            if attrs["id"] in self.ids:
                self.problems.append(f"duplicate id {attrs['id']!r}")
            self.ids.add(attrs["id"])
        if tag == "label" and attrs.get("for"):
            self.label_for.append(attrs["for"])
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1] == tag:
            self.stack.pop()  # <svg/>-style self-closing foreign elements

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        while self.stack and self.stack[-1] != tag and self.stack[-1] in OPTIONAL_END:
            self.stack.pop()
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"unexpected </{tag}> (open: {self.stack[-3:]})")
            return
        self.stack.pop()

    def check(self) -> list[str]:
        problems = list(self.problems)
        left = [t for t in self.stack if t not in OPTIONAL_END]
        if left:
            problems.append(f"unclosed elements: {left}")
        if self.h1 != 1:
            problems.append(f"{self.h1} <h1> elements")
        if not self.lang:
            problems.append("<html> without lang")
        problems += [f"label for missing id {i!r}" for i in self.label_for if i not in self.ids]
        return problems


@pytest.fixture
def demo(db):
    call_command("load_demo", verbosity=0)


def _pages():
    story = Story.objects.get()
    article = Article.objects.filter(story=story).first()
    outlet = Outlet.objects.get(name="The New York Times")
    speaker = Speaker.objects.get(name="Tom Homan")
    return [
        "/",
        story.get_absolute_url(),
        f"/articles/{article.pk}/",
        outlet.get_absolute_url(),
        speaker.get_absolute_url(),
        "/corrections/",
        "/no-such-page/",
    ]


def test_every_public_page_is_well_formed_and_accessible(client, demo):
    for url in _pages():
        response = client.get(url)
        assert response.status_code in (200, 404), url
        checker = Checker()
        checker.feed(response.content.decode())
        checker.close()
        assert checker.check() == [], url


@pytest.mark.django_db
def test_the_masthead_marks_the_section_of_each_page_though_rendered_once(client):
    """The masthead is rendered once for each kind of page (``site_part``) and reused: each
    section's page marks its own link, whichever page came first, and pages of no section
    mark none; a setting changed (here the script prefix's source, the URL configuration
    reloaded) renders it again."""
    from django.test import override_settings

    from articles.templatetags import addresses

    links = {"/": "Stories", "/topics/": "Topics", "/people/": "People", "/outlets/": "Outlets"}
    for _ in range(2):
        for url, section in links.items():
            html = client.get(url).content.decode()
            assert html.count('aria-current="page"') == 1
            assert f'aria-current="page">{section}</a>' in html
    assert addresses._parts
    with override_settings(FORCE_SCRIPT_NAME="/news"):
        assert not addresses._parts
    html = client.get("/stories/no-such-story/").content.decode()
    assert 'aria-current="page"' not in html and "masthead" in html
