"""schema.org ``NewsArticle`` JSON-LD for a story.

Interim version written for the API export until the public pages' version lands on main; it
keeps the agreed signature ``story_jsonld(story, *, request=None) -> dict``. It reads related
rows with ``.all()``, so a caller that prefetched them (the API does) runs no query.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

from articles.models import Story
from sources.models import Speaker


def _absolute(path: str, request=None) -> str:
    if path.startswith(("http://", "https://")):
        return path
    if request is not None:
        return request.build_absolute_uri(path)
    return getattr(settings, "NEWSROOM_SITE_URL", "").rstrip("/") + path


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def _agent(speaker: Speaker, request=None) -> dict[str, Any]:
    kind = "Organization" if speaker.kind == Speaker.Kind.ORGANIZATION else "Person"
    agent: dict[str, Any] = {
        "@type": kind,
        "name": speaker.name,
        "url": _absolute(speaker.get_absolute_url(), request),
    }
    if speaker.role:
        agent["jobTitle" if kind == "Person" else "description"] = speaker.role
    return agent


def story_jsonld(story: Story, *, request=None) -> dict[str, Any]:
    """The story as a ``NewsArticle``: its source articles (``isBasedOn``), its quotes as
    ``Quotation`` items with their ``creator`` (``citation``), and its corrections."""
    url = _absolute(story.get_absolute_url(), request)
    articles = list(story.articles.all())
    key_points = [p.text for p in story.key_points.all()]
    quotations = []
    for quote in story.quotes.all():
        appearances = list(quote.appearances.all())
        if not appearances:
            continue
        item: dict[str, Any] = {
            "@type": "Quotation",
            "text": quote.text,
            "isBasedOn": list(
                dict.fromkeys(_absolute(a.article.get_absolute_url(), request) for a in appearances)
            ),
        }
        wordings = list(dict.fromkeys(a.text for a in appearances if a.text != quote.text))
        if wordings:
            item["alternateName"] = wordings
        if quote.speaker is not None:
            item["creator"] = _agent(quote.speaker, request)
        quotations.append(item)

    data: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "NewsArticle",
        "@id": url,
        "url": url,
        "mainEntityOfPage": url,
        "headline": story.headline,
        "description": story.dek or (key_points[0] if key_points else story.headline),
        "datePublished": _iso(story.published_at),
        "dateModified": _iso(getattr(story, "api_modified", None) or story.updated_at),
        "publisher": {"@type": "Organization", "name": "Newsroom"},
        "isBasedOn": [
            {
                "@type": "NewsArticle",
                "url": _absolute(a.get_absolute_url(), request),
                "headline": a.headline,
                "publisher": {"@type": "NewsMediaOrganization", "name": a.outlet.name},
                **({"datePublished": _iso(a.published_at)} if a.published_at else {}),
            }
            for a in articles
        ],
        "citation": quotations,
        "correction": [
            {
                "@type": "CorrectionComment",
                "text": c.text,
                "datePublished": _iso(c.published_at),
            }
            for c in story.corrections.all()
        ],
    }
    if key_points:
        data["abstract"] = " ".join(key_points)
    return data
