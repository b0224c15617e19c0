"""schema.org ``NewsArticle`` JSON-LD for a story.

Used by the story page (in a ``<script type="application/ld+json">`` data block) and reusable by
the API for an export. It reads the story's related rows through ``selectors.prefetch_story``, so
on the story page, where they are already loaded, it runs no query at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings

from articles.core.visibility import checked
from articles.models import Story
from articles.public.pages.people import people_named
from articles.public.pages.quotes import QuoteView, quote_view
from articles.public.pages.story import StoryPage, prefetch_story
from sources.addresses import cached_static, page_address
from sources.models import Speaker


def absolute_url(path: str, request=None) -> str:
    if path.startswith(("http://", "https://")):
        return path
    if request is not None:
        return request.build_absolute_uri(path)
    return getattr(settings, "NEWSROOM_SITE_URL", "").rstrip("/") + path


# An absolute path that ``HttpRequest.build_absolute_uri`` only puts after the request's scheme
# and host: no "." or ".." segment, and only characters its ``iri_to_uri`` keeps as they are.
_PLAIN_PATH = re.compile(r"/(?!/)[A-Za-z0-9_.~/#%\[\]=:;$&()+,!?*@'-]*")


def absolute_urls(request=None) -> Callable[[str], str]:
    """``absolute_url`` for one request's many addresses: the scheme and host worked out once
    (``build_absolute_uri`` splits and quotes every address and checks the host again)."""
    if request is None:
        return absolute_url
    prefix = request.build_absolute_uri("/")[:-1]

    def absolute(path: str) -> str:
        if _PLAIN_PATH.fullmatch(path) and "/./" not in path and "/../" not in path:
            return prefix + path
        return absolute_url(path, request)

    return absolute


def iso_datetime(moment) -> str | None:
    return moment.isoformat() if moment else None


def _agent(speaker: Speaker, absolute: Callable[[str], str], urls: dict) -> dict[str, Any]:
    kind = "Organization" if speaker.kind == Speaker.Kind.ORGANIZATION else "Person"
    agent: dict[str, Any] = {
        "@type": kind,
        "name": speaker.name,
        "url": absolute(page_address(urls, speaker)),
    }
    if speaker.role and speaker.role_checked and kind == "Person":
        agent["jobTitle"] = speaker.role
    elif speaker.role and speaker.role_checked:
        agent["description"] = speaker.role
    return agent


def _outlet(outlet) -> dict[str, Any]:
    data = {"@type": "NewsMediaOrganization", "name": outlet.name}
    if outlet.homepage:
        data["url"] = outlet.homepage
    return data


def story_jsonld(
    story: Story,
    *,
    request=None,
    quote_views: Iterable[QuoteView] | None = None,
    page: StoryPage | None = None,
) -> dict[str, Any]:
    """The story as a schema.org ``NewsArticle``: its sources (``isBasedOn``), its quotes as
    ``Quotation`` items with their ``creator`` (``citation``), the people and organisations it
    quotes or names (``mentions``), and its corrections (``correction``).

    ``quote_views``: the quotes to cite, already worked out (the story page passes those it
    shows); by default every quote of the story. ``page``: the story's page, whose rows it
    reads rather than the story's prefetched ones (with ``quote_views``)."""
    if page is None:
        prefetch_story(story, quotes=quote_views is None)
        articles = list(story.articles.all())
        corrections = list(story.corrections.all())
        key_points = [p.text for p in story.key_points.all()]
    else:
        articles, corrections = page.articles, page.corrections
        key_points = [p.text for p in page.key_points]
        if quote_views is None:  # the quotes the page shows
            quote_views = [view for group in page.speaker_quotes for view in group.shown]
    absolute = absolute_urls(request)
    # The page's addresses, which its body names again (``page_address``).
    urls = page.urls if page is not None else {}
    url = absolute(story.get_absolute_url())
    # Each article's address worked out once (by its id), however many quotes it carries.
    article_urls: dict[int, str] = {}

    def article_url(article) -> str:
        address = article_urls.get(article.id)
        if address is None:
            address = article_urls[article.id] = absolute(article.get_absolute_url())
        return address

    if quote_views is None:
        quote_views = (quote_view(q) for q in story.quotes.all())

    modified = max(
        [m for m in (story.updated_at, story.published_at) if m]
        + [c.published_at for c in corrections]
    )

    quotations = []
    mentioned: dict[int, dict[str, Any]] = {}
    for view in quote_views:
        wordings = [w for w in view.wordings if checked(w.appearances)] if view else []
        if not wordings:
            continue
        quote = view.quote
        item: dict[str, Any] = {
            "@type": "Quotation",
            "text": wordings[0].text,
            "isBasedOn": list(
                dict.fromkeys(
                    article_url(a.article) for w in wordings for a in checked(w.appearances)
                )
            ),
        }
        if len(wordings) > 1:
            item["alternateName"] = [w.text for w in wordings[1:]]
        if quote.speaker is not None:
            if quote.speaker.pk not in mentioned:
                mentioned[quote.speaker.pk] = _agent(quote.speaker, absolute, urls)
            item["creator"] = mentioned[quote.speaker.pk]
        quotations.append(item)
    for article in articles:
        for person in checked(people_named(article)):
            if person.speaker_id not in mentioned:
                mentioned[person.speaker_id] = _agent(person.speaker, absolute, urls)

    # Each outlet once, by its id (as model objects compare), in the order they come.
    outlets: dict[int, Any] = {}
    for article in articles:
        outlets.setdefault(article.outlet_id, article.outlet)

    data: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "NewsArticle",
        "@id": url,
        "url": url,
        "mainEntityOfPage": url,
        "headline": story.headline,
        "description": story.dek or (key_points[0] if key_points else story.headline),
        "datePublished": iso_datetime(story.published_at),
        "dateModified": iso_datetime(modified),
        "publisher": {
            "@type": "Organization",
            "name": "Newsroom",
            "logo": {
                "@type": "ImageObject",
                "url": absolute(cached_static("icons/logo-512.png")),
                "width": 512,
                "height": 512,
            },
        },
        # Written by the desk from the outlets' reporting (``isBasedOn``), not by one reporter.
        "author": {"@type": "Organization", "name": "Newsroom editors"},
        "isBasedOn": list(dict.fromkeys(article_url(a) for a in articles)),
        "sourceOrganization": [_outlet(o) for o in outlets.values()],
        "citation": quotations,
        "mentions": list(mentioned.values()),
        "correction": [
            {
                "@type": "CorrectionComment",
                "name": c.get_kind_display(),
                "text": c.text,
                "datePublished": iso_datetime(c.published_at),
            }
            for c in corrections
        ],
    }
    if key_points:
        data["abstract"] = " ".join(key_points)
    return data
