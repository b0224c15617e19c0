"""An XSS corpus through every way in, onto every public surface.

Fifty-one hostile strings go into headlines, bylines, quotes, outlet names and addresses, by
the API, files of each format (text, JSON, HTML, RSS) and the admin's paste box. Once an editor
has approved what was found and published the stories, every page and feed is parsed: no
script but our own, no event handler, no ``javascript:`` address, and JSON-LD that cannot
close its own script element. The payloads may show, as text; they never run."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from xml.dom import minidom

import pytest
from django.apps import apps
from django.contrib.auth.models import Permission, User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from articles.ingest.service import ingest_sources
from articles.models import Article, Story
from sources.models import Outlet, Speaker
from tests.editorial.conftest import make_user

pytestmark = pytest.mark.django_db

PAYLOADS = [
    "<script>alert(1)</script>",
    '"><script>alert(2)</script>',
    "'><img src=x onerror=alert(3)>",
    "<svg onload=alert(4)>",
    "javascript:alert(5)",
    '<a href="javascript:alert(6)">x</a>',
    '<iframe src="javascript:alert(7)"></iframe>',
    "<body onload=alert(8)>",
    '<img src="x" onerror="alert(9)">',
    "<details open ontoggle=alert(10)>",
    "</title><script>alert(11)</script>",
    "</script><script>alert(12)</script>",
    "</textarea><script>alert(13)</script>",
    "<style>*{background:url(javascript:alert(14))}</style>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(15)>",
    "{{ 7|add:7 }} {% now 'Y' %}",
    "${alert(16)}",
    '<object data="javascript:alert(17)">',
    '<embed src="javascript:alert(18)">',
    "<input autofocus onfocus=alert(19)>",
    "<marquee onstart=alert(20)>",
    "<video><source onerror=alert(21)>",
    '<base href="javascript:alert(22)//">',
    '<link rel=stylesheet href="javascript:alert(23)">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(24)">',
    "&lt;script&gt;alert(25)&lt;/script&gt;",
    "&#60;script&#62;alert(26)&#60;/script&#62;",
    "\\u003cscript\\u003ealert(27)\\u003c/script\\u003e",
    "<scr<script>ipt>alert(28)</scr</script>ipt>",
    "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
    "<img src=`x`onerror=alert(30)>",
    '" onmouseover="alert(31)',
    "' onmouseover='alert(32)",
    '<form action="javascript:alert(33)"><button>go</button></form>',
    "<svg><script>alert(34)</script></svg>",
    '<svg><a xlink:href="javascript:alert(35)"><text>x</text></a></svg>',
    "data:text/html,<script>alert(36)</script>",
    "<![CDATA[<script>alert(37)</script>]]>",
    "<!--<script>alert(38)</script>-->",
    "]]><script>alert(39)</script>",
    '<?xml version="1.0"?><script>alert(40)</script>',
    '"}}</script><script>alert(41)</script>',
    "</script><!--",
    '\\"><script>alert(43)</script>',
    "<isindex action=javascript:alert(44) type=image>",
    '<table background="javascript:alert(45)">',
    '<div style="width:expression(alert(46))">',
    '<a href=" &#14;  javascript:alert(47)">x</a>',
    '<img srcset="x 1x, javascript:alert(48) 2x">',
    '<noscript><p title="</noscript><img src=x onerror=alert(49)>">',
    "<select><template><script>alert(50)</script></template></select>",
]
assert len(PAYLOADS) >= 50


def article(n: int, payload: str) -> dict:
    return {
        "outlet": f"The Example Gazette {n % 3} {payload}" if n % 4 == 0 else "The Example Gazette",
        "headline": f"Harbour vote {n}: {payload}",
        "url": f"https://gazette.example/harbour/{n}?q={n}",
        "byline": f"Alex Doe {payload}",
        "published_at": "2026-03-02T09:00:00Z",
        "body": f"The harbour board met on Monday for vote {n}.\n\n"
        f"“Vote {n} says {payload} and we stand by it,” Mayor Jane Roe said.",
    }


def text_file(a: dict) -> str:
    return (
        f"{a['headline']}\nOutlet: {a['outlet']}\nURL: {a['url']}\nByline: {a['byline']}\n"
        f"Published: {a['published_at']}\n\n{a['body']}\n"
    )


def html_file(a: dict) -> str:
    from html import escape

    paragraphs = "".join(f"<p>{escape(p)}</p>" for p in a["body"].split("\n\n"))
    return (
        f"<html><head><title>{escape(a['headline'])}</title>"
        f'<meta property="og:site_name" content="{escape(a["outlet"])}"></head>'
        f"<body><article><h1>{escape(a['headline'])}</h1>{paragraphs}"
        "<p>The board will meet again next month to review the harbour budget and the "
        "timetable for the repairs, a spokesperson for the harbour board said.</p>"
        "</article></body></html>"
    )


def rss_file(items: list[dict]) -> str:
    from xml.sax.saxutils import escape

    entries = "".join(
        f"<item><title>{escape(a['headline'])}</title><link>{escape(a['url'])}</link>"
        f"<pubDate>Mon, 02 Mar 2026 09:00:00 GMT</pubDate>"
        f"<description>{escape(a['body'])}</description></item>"
        for a in items
    )
    return (
        '<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel>'
        f"<title>The Example Gazette</title><link>https://gazette.example/</link>{entries}"
        "</channel></rss>"
    )


@pytest.fixture
def hostile_site(tmp_path, django_capture_on_commit_callbacks):
    """Every payload imported by one of the ways in, approved and published."""
    writer = User.objects.create_user("xss-writer", "w@example.com", "pw")
    writer.user_permissions.add(Permission.objects.get(codename="add_article"))
    api = APIClient()
    api.force_authenticate(writer)
    editor = Client()
    editor.force_login(make_user("Editor", "xss-editor"))
    rss_batch, files = [], []
    for n, payload in enumerate(PAYLOADS):
        a = article(n, payload)
        way = n % 6
        if way == 0:
            assert api.post("/api/v1/articles/", a, format="json").status_code == 201
        elif way == 1:
            (path := tmp_path / f"{n}.txt").write_text(text_file(a))
            files.append(str(path))
        elif way == 2:
            (path := tmp_path / f"{n}.json").write_text(json.dumps(a))
            files.append(str(path))
        elif way == 3:
            (path := tmp_path / f"{n}.html").write_text(html_file(a))
            files.append(str(path))
        elif way == 4:
            rss_batch.append(a)
        else:
            response = editor.post(
                "/admin/articles/article/import/", {"text": text_file(a), "outlet": ""}
            )
            assert response.status_code == 200
    (feed := tmp_path / "feed.xml").write_text(rss_file(rss_batch))
    report = ingest_sources([*files, str(feed)], default_outlet="The Example Gazette")
    assert report.errors == 0, [i.error for i in report.items if i.error]
    assert Article.objects.count() == len(PAYLOADS)
    # The editor's work: everything found is approved, every story published.
    for model in apps.get_app_config("articles").get_models():
        if any(f.name == "review_state" for f in model._meta.fields):
            model.objects.update(review_state="approved")
    Story.objects.update(status=Story.Status.PUBLISHED, published_at=timezone.now())
    return Client()


class Scan(HTMLParser):
    """What a browser would run or follow in a page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self._in_script: str | None = None
        self.scripts: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name, value in attrs.items():
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=...>")
            if value and name in ("href", "src", "action", "formaction", "data", "background"):
                if "".join(value.split()).lower().startswith(("javascript:", "data:text")):
                    self.problems.append(f"<{tag} {name}={value[:40]!r}>")
        if tag in ("iframe", "object", "embed", "base", "isindex", "marquee"):
            self.problems.append(f"<{tag}>")
        if tag == "script":
            kind = attrs.get("type", "")
            src = attrs.get("src", "")
            if kind != "application/ld+json" and not src.startswith("/static/"):
                self.problems.append(f"<script {attrs}>")
            self._in_script = kind

    def handle_data(self, data):
        if self._in_script is not None:
            self.scripts.append(data)

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = None


def scan(html: str) -> list[str]:
    parser = Scan()
    parser.feed(html)
    problems = parser.problems
    for block in parser.scripts:
        try:
            json.loads(block)  # JSON-LD stays JSON: nothing closed it early
        except ValueError:
            problems.append(f"a script block that is not JSON: {block[:80]!r}")
        if "<" in block:
            problems.append("a '<' inside JSON-LD")
    return problems


def public_urls() -> list[str]:
    urls = ["/", "/corrections/", "/feeds/stories.rss", "/feeds/stories.atom"]
    urls += [s.get_absolute_url() for s in Story.objects.all()]
    urls += [
        reverse("articles:article-detail", args=[pk])
        for pk in Article.objects.values_list("pk", flat=True)
    ]
    for outlet in Outlet.objects.all():
        urls += [outlet.get_absolute_url(), f"/feeds/outlets/{outlet.slug}.rss"]
    for speaker in Speaker.objects.all():
        urls += [speaker.get_absolute_url(), f"/feeds/people/{speaker.slug}.atom"]
    return urls


def test_no_payload_runs_on_any_public_surface(hostile_site):
    found: dict[str, list[str]] = {}
    seen, missing = 0, []
    for url in public_urls():
        response = hostile_site.get(url)
        if response.status_code == 404:
            missing.append(url)
            continue  # e.g. a person without a published quote
        assert response.status_code == 200, url
        seen += 1
        body = response.content.decode()
        if "xml" in response["Content-Type"]:
            document = minidom.parseString(response.content)  # well-formed XML
            for tag in ("description", "summary", "content"):  # titles are plain text
                for node in document.getElementsByTagName(tag):
                    text = "".join(c.data for c in node.childNodes if c.nodeType in (3, 4))
                    if problems := scan(text):  # feed readers render these as HTML
                        found[f"{url} <{tag}>"] = problems
        elif problems := scan(body):
            found[url] = problems
    assert not missing and seen >= len(PAYLOADS)  # every article page, at least
    assert found == {}, json.dumps(found, indent=1)[:4000]


def test_the_api_serves_the_payloads_as_json_data(hostile_site):
    api = APIClient()
    for story in Story.objects.all()[:10]:
        for path in (f"/api/v1/stories/{story.slug}/", f"/api/v1/stories/{story.slug}/jsonld/"):
            response = api.get(path)
            assert response.status_code == 200
            assert response["Content-Type"].startswith(("application/json", "application/ld"))
            response.json()
