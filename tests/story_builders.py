"""A complete fictional story for page, feed and browser tests (built on tests/factories.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.utils import timezone

from articles.models import (
    Article,
    ArticlePerson,
    Attribution,
    Figure,
    Quote,
    QuoteAppearance,
    Story,
)
from sources.models import Outlet, Speaker
from tests.factories import (
    make_article,
    make_correction,
    make_key_point,
    make_outlet,
    make_paragraph,
    make_speaker,
    make_story,
)

BODY = (
    "Northfield council approves new bridge\n\n"
    "Mayor Jane Roe said the bridge would open next spring at a cost of 12 million pounds.\n\n"
    "“We have waited long enough for this bridge,” Roe told reporters on Tuesday.\n\n"
    "The council said 3,000 vehicles per day would use it."
)
QUOTE = "We have waited long enough for this bridge,"


@dataclass
class BuiltStory:
    story: Story
    outlets: list[Outlet]
    articles: list[Article]
    mayor: Speaker
    quotes: list[Quote] = field(default_factory=list)


def build_story(
    *,
    articles: int = 2,
    quotes: int = 1,
    headline: str = "Northfield council approves new bridge",
    slug: str | None = None,
    published: bool = True,
    **story_kw,
) -> BuiltStory:
    """A story with ``articles`` articles (alternating between two fictional outlets) and
    ``quotes`` quotes by Mayor Jane Roe, each carried by every article in two wordings, plus
    key points, a summary paragraph with evidence, figures, people and a correction."""
    now = timezone.now()
    if slug:
        story_kw["slug"] = slug
    story = make_story(
        headline,
        published=published,
        dek="The Example Gazette and the Northfield Courier report on the vote.",
        **story_kw,
    )
    gazette = Outlet.objects.filter(name="The Example Gazette").first() or make_outlet(
        "The Example Gazette", homepage="https://gazette.example/", kind="newspaper"
    )
    courier = Outlet.objects.filter(name="Northfield Courier").first() or make_outlet(
        "Northfield Courier", homepage="https://courier.example/", kind="digital"
    )
    mayor = Speaker.objects.filter(name="Mayor Jane Roe").first() or make_speaker(
        "Mayor Jane Roe", role="Mayor of Northfield", role_checked=True
    )
    engineer = Speaker.objects.filter(name="Sam Public").first() or make_speaker(
        "Sam Public", role="Chief engineer"
    )
    outlets = [gazette, courier]
    built_articles = []
    for i in range(articles):
        outlet = outlets[i % 2]
        body = BODY + f"\n\nReport {story.pk}-{i}."
        article = make_article(
            outlet=outlet,
            story=story,
            headline=f"{outlet.name} report {i + 1} on the Northfield bridge",
            body=body,
            published_at=now - timedelta(hours=6) + timedelta(minutes=7 * i),
        )
        ArticlePerson.objects.create(article=article, speaker=mayor, role="Mayor of Northfield")
        ArticlePerson.objects.create(article=article, speaker=engineer, role="Council engineer")
        start = body.index("12 million")
        Figure.objects.create(
            article=article,
            text="12 million pounds",
            start=start,
            end=start + len("12 million pounds"),
            value=12_000_000 if outlet == gazette else 14_000_000,
            unit="GBP",
            kind="money",
        )
        built_articles.append(article)

    built = BuiltStory(story, outlets, built_articles, mayor)
    appearances = []
    for q in range(quotes):
        quote = Quote.objects.create(story=story, speaker=mayor, text=f"{QUOTE} ({q})")
        for i, article in enumerate(built_articles):
            start = article.body.index(QUOTE)
            variant = i % 2 == 1
            appearances.append(
                QuoteAppearance(
                    quote=quote,
                    article=article,
                    text=QUOTE if not variant else "We've waited long enough for this bridge,",
                    # Distinct spans per quote so several quotes fit in one article.
                    start=start + q * 1000,
                    end=start + len(QUOTE) + q * 1000,
                    cue="told reporters",
                    match="original" if i == 0 else ("variant" if variant else "verbatim"),
                    review_state="approved",
                )
            )
        built.quotes.append(quote)
    QuoteAppearance.objects.bulk_create(appearances)

    point = make_key_point(story, "The council approved the bridge.", outlets=outlets)
    Attribution.objects.filter(key_point=point, outlet=gazette).update(
        article=built_articles[0],
        passage="Mayor Jane Roe said the bridge would open next spring.",
    )
    make_key_point(story, "The bridge opens next spring.", outlets=[courier], position=1)
    make_paragraph(
        story,
        "The council voted on Tuesday to build the bridge, which the mayor says opens in spring.",
        outlets=outlets,
    )
    make_correction(
        story,
        "An earlier version gave the wrong day of the vote.",
        published_at=now - timedelta(minutes=30),
    )
    return built
