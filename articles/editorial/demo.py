"""The demo story, built from the two seed documents shipped in ``articles/fixtures/seeds``.

The seeds are the only real news in the project: a machine-translated New York Times report on
ICE leadership changes and a multi-source summary of the same story. ``load_demo`` turns them
into one published story; running it again changes nothing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from django.db import transaction
from django.utils import timezone

from articles.engine.citations import parse_cited_outlets
from articles.ingest.reading import article_read
from articles.models import (
    Article,
    Attribution,
    KeyPoint,
    ReviewState,
    Story,
    SummaryParagraph,
    content_hash,
)
from articles.stories.evidence import story_find_evidence
from articles.stories.joining import quotes_connect
from articles.stories.placement import article_place
from sources.models import Outlet, OutletAlias, Speaker, SpeakerAlias

SEEDS = Path(__file__).resolve().parents[1] / "fixtures" / "seeds"
ARTICLE_SEED = "000_8fc3e55ec0384586.txt"
SUMMARY_SEED = "002_f0479d686e6560bf.txt"
STORY_SLUG = "ice-leadership-shake-up"

OUTLETS = [
    {
        "name": "The New York Times",
        "kind": Outlet.Kind.NEWSPAPER,
        "country": "US",
        "homepage": "https://www.nytimes.com/",
        "aliases": ["New York Times", "NYT", "the Times"],
    },
    {
        "name": "CBS News",
        "kind": Outlet.Kind.BROADCASTER,
        "country": "US",
        "homepage": "https://www.cbsnews.com/",
        "aliases": ["CBS"],
    },
    {
        "name": "Reuters",
        "kind": Outlet.Kind.WIRE,
        "country": "GB",
        "homepage": "https://www.reuters.com/",
        "aliases": ["Thomson Reuters"],
    },
    {
        "name": "India Times",
        "kind": Outlet.Kind.DIGITAL,
        "country": "IN",
        "homepage": "https://www.indiatimes.com/",
        "aliases": ["IndiaTimes", "Indiatimes"],
    },
    {
        "name": "Multi-source summary",
        "kind": Outlet.Kind.AGGREGATOR,
        "country": "",
        "homepage": "",
        "aliases": [],
        "description": "A summary compiled from several outlets; each paragraph names the "
        "outlets it relies on.",
    },
]

# Organisations named in the seeds, with the aliases a reader (or a machine translation) uses.
ORGANIZATIONS = [
    {
        "name": "U.S. Immigration and Customs Enforcement",
        "role": "Federal immigration enforcement agency",
        "aliases": ["ICE", "Ice", "Immigration and Customs Enforcement"],
    },
    {
        "name": "Department of Homeland Security",
        "role": "Federal executive department",
        "aliases": ["DHS", "Homeland Security", "the ministry", "Internal security"],
    },
    {"name": "White House", "role": "Office of the President", "aliases": ["the White House"]},
    {"name": "Fox News", "role": "Broadcaster", "aliases": []},
]


@dataclass
class DemoResult:
    story: Story
    created: bool


def _seed_text(name: str) -> str:
    return (SEEDS / name).read_text(encoding="utf-8")


def annotations() -> dict:
    return json.loads(_seed_text("annotations.json"))


def _people(doc: dict) -> list[dict]:
    return doc.get("people", [])


def _alias_candidates(name: str, mentions: list[str]) -> list[str]:
    surname = name.split()[-1]
    return sorted({surname, *(m for m in mentions if m != name)})


def _outlets() -> dict[str, Outlet]:
    result = {}
    for spec in OUTLETS:
        outlet, _ = Outlet.objects.get_or_create(
            name=spec["name"],
            defaults={
                "kind": spec["kind"],
                "country": spec["country"],
                "homepage": spec["homepage"],
                "description": spec.get("description", ""),
            },
        )
        for alias in spec["aliases"]:
            if not OutletAlias.objects.filter(alias__iexact=alias).exists():
                OutletAlias.objects.create(outlet=outlet, alias=alias)
        result[outlet.name] = outlet
    return result


def _speakers(notes: dict) -> dict[str, Speaker]:
    speakers: dict[str, Speaker] = {}
    article_doc = notes["documents"][0]
    for person in _people(article_doc):
        speaker, _ = Speaker.objects.get_or_create(
            name=person["name"],
            kind=Speaker.Kind.PERSON,
            defaults={"role": person.get("role", "")},
        )
        for alias in _alias_candidates(person["name"], person.get("mentions", [])):
            SpeakerAlias.objects.get_or_create(speaker=speaker, alias=alias)
        speakers[speaker.name] = speaker
    for org in ORGANIZATIONS:
        speaker, _ = Speaker.objects.get_or_create(
            name=org["name"],
            kind=Speaker.Kind.ORGANIZATION,
            defaults={"role": org["role"]},
        )
        for alias in org["aliases"]:
            if not SpeakerAlias.objects.filter(speaker=speaker, alias__iexact=alias).exists():
                SpeakerAlias.objects.create(speaker=speaker, alias=alias)
        speakers[speaker.name] = speaker
    return speakers


def split_summary(
    text: str, known_outlets: list[str]
) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """Key points (bulleted lines) and paragraphs, each paragraph without its closing
    "according to ..." and with the outlets it cites: the page generates that line from the
    stored attributions, so it cannot drift from them."""
    blocks = [b.strip() for b in re.split(r"\n\s*\n", text.strip()) if b.strip()]
    key_points: list[str] = []
    paragraphs: list[tuple[str, list[str]]] = []
    for block in blocks:
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        if all(line.startswith("•") for line in lines):
            key_points += [line.lstrip("• ").strip() for line in lines]
            continue
        paragraphs.append(parse_cited_outlets(block, known_outlets))
    return key_points, paragraphs


def _article(*, outlet: Outlet, body: str, headline: str, **fields) -> Article:
    candidate = Article(outlet=outlet, body=body, headline=headline, **fields)
    candidate.content_hash = ""
    existing = Article.objects.filter(content_hash=content_hash(outlet.name, body)).first()
    if existing:
        return existing
    candidate.save()
    return candidate


def _read(article: Article) -> None:
    """Let the reading engine find the article's quotes, people and figures (once)."""
    if article.read_at is not None:
        return
    article_read(article=article)
    # The demo stands for a story an editor has reviewed: the engine's findings are approved.
    article.appearances.filter(review_state=ReviewState.SUGGESTED).update(
        review_state=ReviewState.APPROVED, reviewed_at=timezone.now()
    )


@transaction.atomic
def demo_load() -> DemoResult:
    notes = annotations()
    outlets = _outlets()
    _speakers(notes)
    article_doc = notes["documents"][0]
    key_points, paragraphs = split_summary(_seed_text(SUMMARY_SEED), list(outlets))

    story = Story.objects.filter(slug=STORY_SLUG).first()
    created = story is None
    if created:
        story = Story.objects.create(
            slug=STORY_SLUG,
            headline="ICE leadership shake-up amid Trump's push for more deportations",
            dek=(
                "Senior officials overseeing deportations leave their roles as the White House "
                "presses for 3,000 arrests a day."
            ),
            status=Story.Status.PUBLISHED,
            published_at=timezone.now(),
        )
        for position, text in enumerate(key_points):
            point = KeyPoint.objects.create(story=story, position=position, text=text)
            del point
        cited = {name for _, names in paragraphs for name in names}
        missing = cited - set(outlets)
        if missing:
            raise ValueError(f"The summary cites outlets the demo does not know: {missing}")
        for position, (text, names) in enumerate(paragraphs):
            paragraph = SummaryParagraph.objects.create(story=story, position=position, text=text)
            for i, name in enumerate(names):
                Attribution.objects.create(paragraph=paragraph, outlet=outlets[name], position=i)

    body = _seed_text(ARTICLE_SEED)
    nyt = _article(
        outlet=outlets["The New York Times"],
        body=body,
        headline=article_doc["headline"],
        language="en",
        is_translation=True,
        source=f"seeds/{ARTICLE_SEED}",
        story=story,
    )
    summary = _article(
        outlet=outlets["Multi-source summary"],
        body=_seed_text(SUMMARY_SEED),
        headline=story.headline,
        language="en",
        source=f"seeds/{SUMMARY_SEED}",
        story=story,
    )
    for article in (nyt, summary):
        if article.story_id != story.id:
            article.story = story
            article.save(update_fields=["story"])

    for article in (nyt, summary):
        _read(article)
        article_place(article=article)
        quotes_connect(article=article)
    if created:
        story_find_evidence(story=story)
    return DemoResult(story=story, created=created)
