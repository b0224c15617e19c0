"""The demo story, made by the product from the two seed documents in ``articles/fixtures/seeds``.

The seeds are the only real news in the project: a machine-translated New York Times report on
ICE leadership changes and a multi-source summary of the same story. ``load_demo`` runs the
product's own path on them (ingest, read, place), then does what an editor would do, as a demo
editor account, through the same services the admin calls:

- the summary is stored as an aggregator's article: its quotes count as wordings, and it never
  counts as an outlet's coverage or as evidence;
- the translation's "the ministry" is resolved to the Department of Homeland Security for this
  story only (a scoped alias), and the article is read again;
- the engine's quotes are approved, and so are the evidence, people and figures it found (the
  editor checks them; whatever the engine got wrong stays visible); the headline, key points
  and summary come from the second seed, each paragraph citing the outlets it names;
- key points that no article in Newsroom supports are vouched for, saying why: the summary
  cites CBS News, Reuters and India Times, which have no article here and get no invented one;
- the story is submitted and published through the workflow's publish gate.

Whatever the engine gets wrong (a speaker, a role) the demo shows as it is. Running it again
changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from django.contrib.auth.models import Group, Permission, User
from django.db import transaction

from articles.core.story_state import story_row_lock, story_save
from articles.editorial.review import findings_review, quote_appearances_review
from articles.editorial.roles import EDITOR, roles_sync
from articles.editorial.workflow import (
    key_point_set_override,
    key_points_without_evidence,
    story_publish,
    story_submit,
)
from articles.engine.citations import parse_cited_outlets
from articles.ingest.inputs import read_source
from articles.ingest.reading import KnownSpeakers, article_read
from articles.ingest.report import CREATED, DUPLICATE
from articles.ingest.service import ingest_payloads
from articles.models import (
    Article,
    ArticlePerson,
    Attribution,
    Figure,
    KeyPoint,
    QuoteAppearance,
    ReviewState,
    Story,
    StorySpeakerAlias,
    SummaryParagraph,
)
from articles.stories.evidence import story_find_evidence
from articles.stories.joining import quotes_connect
from articles.stories.restructure import articles_move
from sources.models import Outlet, OutletAlias, Speaker
from sources.services import speaker_get_or_create

SEEDS = Path(__file__).resolve().parents[1] / "fixtures" / "seeds"
ARTICLE_SEED = "000_8fc3e55ec0384586.txt"
SUMMARY_SEED = "002_f0479d686e6560bf.txt"
STORY_SLUG = "ice-leadership-shake-up"
HEADLINE = "ICE leadership shake-up amid Trump's push for more deportations"
DEK = (
    "Senior officials overseeing deportations leave their roles as the White House presses for "
    "3,000 arrests a day."
)
DEMO_EDITOR = "demo-editor"
AGGREGATOR = "Multi-source summary"

# The outlets as an editor records them (facts about the outlets, not read from any article).
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
        "name": AGGREGATOR,
        "kind": Outlet.Kind.AGGREGATOR,
        "country": "",
        "homepage": "",
        "aliases": [],
        "description": "A summary compiled from several outlets; each paragraph names the "
        "outlets it relies on.",
    },
]

# What the editor resolves for this story: the machine translation's "the ministry" is the
# Department of Homeland Security (the agency ICE belongs to), here and nowhere else.
STORY_ALIASES = [("Department of Homeland Security", Speaker.Kind.ORGANIZATION, "the ministry")]


class DemoError(RuntimeError):
    """The product refused a step of the demo; the message says which and why."""


@dataclass
class DemoResult:
    story: Story
    created: bool


def _seed_text(name: str) -> str:
    return (SEEDS / name).read_text(encoding="utf-8")


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


def _editor() -> User:
    """The demo's editor: staff in the Editor role, with no password (nobody signs in as it)."""
    user, created = User.objects.get_or_create(
        username=DEMO_EDITOR,
        defaults={"is_staff": True, "first_name": "Demo", "last_name": "Editor"},
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    if not Group.objects.filter(name=EDITOR).exists():  # a flushed database: restore the roles
        roles_sync(group_model=Group, permission_model=Permission)
    user.groups.add(Group.objects.get(name=EDITOR))
    return User.objects.get(pk=user.pk)  # a fresh copy: permissions are cached per instance


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


def _ingest(editor: User) -> tuple[Article, Article]:
    """Both seeds through the ingestion service, as an editor's import would send them."""
    [parsed] = read_source(str(SEEDS / ARTICLE_SEED))
    if parsed.error:
        raise DemoError(f"{ARTICLE_SEED}: {parsed.error}")
    article = {
        **parsed.payload,
        "outlet": "The New York Times",
        "language": "en",
        "is_translation": True,
    }
    summary = {"outlet": AGGREGATOR, "headline": HEADLINE, "body": _seed_text(SUMMARY_SEED)}
    report = ingest_payloads([article, summary], source="seeds", user=editor)
    for item in report.items:
        if item.status not in (CREATED, DUPLICATE):
            raise DemoError(f"the seeds could not be imported: {item.source}: {item.error}")
    nyt, aggregated = (Article.objects.get(pk=item.article) for item in report.items)
    return nyt, aggregated


def _edit(story: Story, *, editor: User, outlets: dict[str, Outlet]) -> None:
    """What the editor writes: headline, key points and summary with the outlets it cites."""
    locked = story_row_lock(story)
    locked.headline, locked.dek, locked.slug = HEADLINE, DEK, STORY_SLUG
    story_save(locked, user=editor, fields=["headline", "dek", "slug"], caller_copy=story)
    key_points, paragraphs = split_summary(_seed_text(SUMMARY_SEED), list(outlets))
    cited = {name for _, names in paragraphs for name in names}
    if cited - set(outlets):
        raise DemoError(f"the summary cites outlets the demo does not know: {cited - set(outlets)}")
    for position, text in enumerate(key_points):
        KeyPoint.objects.create(story=story, position=position, text=text)
    for position, (text, names) in enumerate(paragraphs):
        paragraph = SummaryParagraph.objects.create(story=story, position=position, text=text)
        for i, name in enumerate(names):
            Attribution.objects.create(paragraph=paragraph, outlet=outlets[name], position=i)


def _without_articles(story: Story, outlets: dict[str, Outlet]) -> list[str]:
    """Outlets the story's paragraphs cite that have no article in Newsroom's story."""
    present = set(story.articles.values_list("outlet__name", flat=True))
    cited = Attribution.objects.filter(paragraph__story=story).values_list(
        "outlet__name", flat=True
    )
    return [name for name in outlets if name in set(cited) and name not in present]


@transaction.atomic
def demo_load() -> DemoResult:
    existing = Story.objects.filter(slug=STORY_SLUG).first()
    if existing is not None:
        return DemoResult(story=existing, created=False)
    outlets = _outlets()
    editor = _editor()
    nyt, aggregated = _ingest(editor)
    story = nyt.story
    if aggregated.story_id != story.pk:  # placement kept them apart: the editor moves it
        articles_move(articles=[aggregated], target=story, user=editor)

    for name, kind, alias in STORY_ALIASES:
        speaker = speaker_get_or_create(name=name, kind=kind)
        StorySpeakerAlias.objects.get_or_create(story=story, speaker=speaker, alias=alias)
    known = KnownSpeakers()
    for article in Article.objects.filter(story=story).order_by("pk"):
        article_read(article=article, known=known)  # read again, with the story's aliases
        quotes_connect(article=article)

    suggested = QuoteAppearance.objects.filter(
        article__story=story, review_state=ReviewState.SUGGESTED
    )
    quote_appearances_review(appearances=list(suggested), state=ReviewState.APPROVED, user=editor)

    _edit(story, editor=editor, outlets=outlets)
    story_find_evidence(story=story)
    # The editor checks what the machine found (the passages under the key points, the people
    # the articles name and their roles, the figures) and approves it as it is. The summary's
    # paragraphs keep the citations the summary gives them.
    articles = Article.objects.filter(story=story)
    for found in (
        Attribution.objects.filter(key_point__story=story, review_state=ReviewState.SUGGESTED),
        ArticlePerson.objects.filter(article__in=articles, review_state=ReviewState.SUGGESTED),
        Figure.objects.filter(article__in=articles, review_state=ReviewState.SUGGESTED),
    ):
        findings_review(rows=found, state=ReviewState.APPROVED, user=editor)
    missing = _without_articles(story, outlets)
    note = (
        f"Cited by the summary ({', '.join(missing)}); no article in Newsroom."
        if missing
        else "Cited by the summary; no article in Newsroom."
    )
    for point in key_points_without_evidence(KeyPoint.objects.filter(story=story)):
        key_point_set_override(key_point=point, user=editor, override=True, note=note)

    story_submit(story=story, user=editor)
    story_publish(story=story, user=editor)
    return DemoResult(story=story, created=True)
