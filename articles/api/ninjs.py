"""A story as IPTC ninjs 2.x ("News in JSON"), for partners whose systems speak it.

ninjs 2.x names: ``headlines``, ``descriptions`` and ``bodies`` are lists of ``{role, value}``;
people and organisations are ``{name, rel, uri}``; source articles are ``associations``. Every
key point and summary paragraph carries its "according to" line, so the plain-text body keeps
its sources.

The function reads the story's related rows with ``.all()``: when the caller prefetched them
(the API does), it runs no query.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.conf import settings

from articles.core.visibility import checked
from articles.engine.citations import sourced_text
from articles.models import Story
from articles.public.jsonld import absolute_url, iso_datetime
from articles.public.pages.people import people_named
from articles.public.pages.quotes import wordings_of
from sources.models import Speaker

NINJS_SCHEMA = "http://www.iptc.org/std/ninjs/ninjs-schema_2.1.json"


def _compact(data: dict[str, Any]) -> dict[str, Any]:
    """ninjs leaves a property out rather than sending it empty."""
    return {k: v for k, v in data.items() if v not in (None, "", [])}


def _sourced(claim) -> str:
    """The claim with its one attribution line, as the story page shows it."""
    names = list(dict.fromkeys(a.outlet.name for a in checked(claim.attributions.all())))
    return sourced_text(claim.text, names)


def story_body_text(story: Story) -> str:
    """Key points, then the summary, each with the outlets that support it."""
    points = [f"• {_sourced(p)}" for p in story.key_points.all()]
    paragraphs = [_sourced(p) for p in story.paragraphs.all()]
    return "\n\n".join(part for part in ("\n".join(points), *paragraphs) if part)


def story_ninjs(story: Story, *, request=None) -> dict[str, Any]:
    url = absolute_url(story.get_absolute_url(), request)
    articles = list(story.articles.all())
    body = story_body_text(story)
    modified = getattr(story, "api_modified", None) or story.updated_at
    languages = Counter(a.language for a in articles if a.language)

    speakers: dict[int, Speaker] = {}
    for quote in story.quotes.all():
        if quote.speaker_id and checked(wordings_of(quote)):
            speakers.setdefault(quote.speaker_id, quote.speaker)
    for article in articles:
        for mention in checked(people_named(article)):
            speakers.setdefault(mention.speaker_id, mention.speaker)

    def agent(speaker: Speaker) -> dict[str, Any]:
        entry = {
            "name": speaker.name,
            "rel": "mentions",
            "uri": absolute_url(speaker.get_absolute_url(), request),
        }
        if speaker.role and speaker.role_checked:
            entry["literal"] = speaker.role
        return entry

    ordered = sorted(speakers.values(), key=lambda s: s.name)
    data: dict[str, Any] = {
        "$schema": NINJS_SCHEMA,
        "uri": url,
        "type": "text",
        "mimetype": "text/plain",
        "representationtype": "complete",
        "version": str(story.version),
        "firstcreated": iso_datetime(story.created_at),
        "versioncreated": iso_datetime(modified),
        "contentcreated": iso_datetime(story.published_at),
        "pubstatus": "usable" if story.is_public else "withheld",
        "language": languages.most_common(1)[0][0] if languages else settings.LANGUAGE_CODE[:2],
        "headlines": [{"role": "main", "value": story.headline}],
        "bodies": [
            {
                "role": "main",
                "contenttype": "text/plain",
                "charcount": len(body),
                "wordcount": len(body.split()),
                "value": body,
            }
        ],
        "subjects": [
            {"name": topic.name, "rel": "about", "literal": topic.slug}
            for topic in story.topics.all()
        ],
        "people": [agent(s) for s in ordered if s.kind == Speaker.Kind.PERSON],
        "organisations": [agent(s) for s in ordered if s.kind == Speaker.Kind.ORGANIZATION],
        "associations": [
            _compact(
                {
                    "name": f"source{n}",
                    "type": "text",
                    "uri": absolute_url(article.get_absolute_url(), request),
                    "representationtype": "associated",
                    "headlines": [{"role": "main", "value": article.headline}],
                    "by": article.byline,
                    "copyrightholder": article.outlet.name,
                    "language": article.language,
                    "firstcreated": iso_datetime(article.published_at),
                }
            )
            for n, article in enumerate(articles, start=1)
        ],
    }
    if story.dek:
        data["descriptions"] = [
            {"role": "summary", "contenttype": "text/plain", "value": story.dek}
        ]
    corrections = list(story.corrections.all())
    if corrections:
        data["descriptions"] = [
            *data.get("descriptions", []),
            *({"role": c.kind, "contenttype": "text/plain", "value": c.text} for c in corrections),
        ]
    return _compact(data)
