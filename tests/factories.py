"""Small factories for fictional test data (fictional outlets and people only)."""

from __future__ import annotations

import itertools
from datetime import timedelta

from django.utils import timezone

from articles.models import (
    Article,
    Attribution,
    Correction,
    KeyPoint,
    Quote,
    QuoteAppearance,
    Story,
    SummaryParagraph,
)
from sources.models import Outlet, Speaker

_seq = itertools.count(1)


def make_outlet(name: str | None = None, **kw) -> Outlet:
    name = name or f"The Example Gazette {next(_seq)}"
    kw.setdefault("homepage", "https://gazette.example/")
    kw.setdefault("country", "GB")
    return Outlet.objects.create(name=name, **kw)


def make_speaker(name: str | None = None, **kw) -> Speaker:
    name = name or f"Jane Roe {next(_seq)}"
    return Speaker.objects.create(name=name, **kw)


def make_story(headline: str | None = None, *, published: bool = True, **kw) -> Story:
    headline = headline or f"Northfield council approves new bridge {next(_seq)}"
    if published:
        kw.setdefault("status", Story.Status.PUBLISHED)
        kw.setdefault("published_at", timezone.now() - timedelta(hours=1))
    return Story.objects.create(headline=headline, **kw)


def make_article(*, outlet: Outlet | None = None, story: Story | None = None, **kw) -> Article:
    n = next(_seq)
    kw.setdefault("headline", f"Council backs bridge plan {n}")
    kw.setdefault(
        "body",
        f"Council backs bridge plan {n}\n\n"
        "Mayor Jane Roe said the bridge would open next spring.\n\n"
        "“We have waited long enough,” Roe told reporters on Tuesday.",
    )
    kw.setdefault("published_at", timezone.now() - timedelta(hours=2))
    kw.setdefault("url", f"https://gazette.example/news/{n}")
    return Article.objects.create(outlet=outlet or make_outlet(), story=story, **kw)


def make_quote(
    *, story: Story, article: Article, speaker: Speaker | None, text: str, **kw
) -> Quote:
    quote = Quote.objects.create(story=story, speaker=speaker, text=text)
    start = article.body.find(text)
    if start < 0:
        start = 0
    QuoteAppearance.objects.create(
        quote=quote,
        article=article,
        text=text,
        start=start,
        end=start + max(len(text), 1),
        cue=kw.get("cue", "said"),
        review_state=kw.get("review_state", "approved"),
    )
    return quote


def make_key_point(story: Story, text: str, *, outlets=(), position: int = 0) -> KeyPoint:
    point = KeyPoint.objects.create(story=story, text=text, position=position)
    for i, outlet in enumerate(outlets):
        Attribution.objects.create(key_point=point, outlet=outlet, position=i)
    return point


def make_paragraph(story: Story, text: str, *, outlets=(), position: int = 0):
    paragraph = SummaryParagraph.objects.create(story=story, text=text, position=position)
    for i, outlet in enumerate(outlets):
        Attribution.objects.create(paragraph=paragraph, outlet=outlet, position=i)
    return paragraph


def make_correction(story: Story, text: str = "An earlier version misspelled a name.", **kw):
    return Correction.objects.create(story=story, text=text, **kw)
