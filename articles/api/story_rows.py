"""A story's detail in the API, read as plain rows and written out as JSON-ready dicts.

``StoryDetailSerializer`` documents the answer (the schema) and is what it must equal: a test
holds the two equal on the same stories. Built from model instances, a story of 50 articles
cost some 400 instances, Django's prefetch machinery and 15 queries, most of the answer's
time; here each part is one query of plain values (``values()``) under the same visibility
rules (``articles.core.visibility``), in the same order, written out as the serializers write
it: the listed story's fields and topics, its articles, key points and summary paragraphs with
their sources (one query for both), figures, people, corrections, and the first page of its
quotes with every wording (``first_quote_ids``: their ids, then their wordings).
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Q

from articles.api.fields import address, attach_topics, datetime_text
from articles.api.story_serializers import (
    StorySerializer,
    first_quote_ids,
    next_quotes_url,
)
from articles.core.visibility import (
    reader_appearances,
    reader_attributions,
    visible_figures,
    visible_people,
    visible_story_articles,
)
from articles.models import Correction, KeyPoint, Story, SummaryParagraph

OUTLET = ("slug", "name", "country", "kind")
SPEAKER = ("slug", "name", "kind", "role", "role_checked")


def _related(relation: str, names: tuple[str, ...]) -> list[str]:
    return [f"{relation}_id", *(f"{relation}__{name}" for name in names)]


class _Summaries:
    """Outlets' and speakers' summaries (``OutletSummarySerializer``,
    ``SpeakerSummarySerializer``) from plain rows, each written once a request: a story's
    wordings, figures and sources name the same few again and again."""

    def __init__(self):
        self.done: dict[tuple[str, int], dict] = {}

    def of(self, row: dict, relation: str, names: tuple[str, ...]) -> dict | None:
        pk = row[f"{relation}_id"]
        if pk is None:
            return None
        key = (names, pk)
        summary = self.done.get(key)
        if summary is None:
            summary = self.done[key] = {name: row[f"{relation}__{name}"] for name in names}
        return summary

    def outlet(self, row: dict, relation: str = "outlet") -> dict:
        return self.of(row, relation, OUTLET)

    def speaker(self, row: dict, relation: str = "speaker") -> dict | None:
        return self.of(row, relation, SPEAKER)


ARTICLE_FIELDS = (
    *("id", "headline", "url", "byline", "published_at", "language", "is_translation"),
    *_related("outlet", OUTLET),
)


def _articles(story: Story, user, context: dict, summaries: _Summaries) -> list[dict]:
    rows = visible_story_articles(user).filter(story=story.pk).values(*ARTICLE_FIELDS)
    return [
        {
            "id": row["id"],
            "api_url": address(context, "api:article-detail", "pk", row["id"]),
            "outlet": summaries.outlet(row),
            "headline": row["headline"],
            "url": row["url"],
            "byline": row["byline"],
            "published_at": datetime_text(row["published_at"]),
            "language": row["language"],
            "is_translation": row["is_translation"],
        }
        for row in rows
    ]


CLAIM_FIELDS = ("id", "position", "text", "evidence_override")
SOURCE_FIELDS = (
    *("key_point_id", "paragraph_id", "article_id", "article__url"),
    *("passage", "origin", "review_state"),
    *_related("outlet", OUTLET),
)


def _claims(story: Story, summaries: _Summaries) -> tuple[list[dict], list[dict]]:
    """The key points and the summary paragraphs, each with its sources readers may see."""
    key_points = list(KeyPoint.objects.filter(story=story.pk).values(*CLAIM_FIELDS))
    paragraphs = list(SummaryParagraph.objects.filter(story=story.pk).values(*CLAIM_FIELDS))
    sources: dict[tuple[str, int], list[dict]] = defaultdict(list)
    if key_points or paragraphs:
        rows = reader_attributions().filter(
            Q(key_point__in=[k["id"] for k in key_points])
            | Q(paragraph__in=[p["id"] for p in paragraphs])
        )
        for row in rows.values(*SOURCE_FIELDS):
            claim = (
                ("k", row["key_point_id"]) if row["key_point_id"] else ("p", row["paragraph_id"])
            )
            sources[claim].append(
                {
                    "outlet": summaries.outlet(row),
                    "article": row["article_id"],
                    "article_url": row["article__url"] if row["article_id"] else None,
                    "passage": row["passage"],
                    "origin": row["origin"],
                    "review_state": row["review_state"],
                }
            )

    def written(claims: list[dict], kind: str) -> list[dict]:
        return [
            {
                "position": claim["position"],
                "text": claim["text"],
                "evidence_override": claim["evidence_override"],
                "sources": sources[(kind, claim["id"])],
            }
            for claim in claims
        ]

    return written(key_points, "k"), written(paragraphs, "p")


FIGURE_FIELDS = ("article_id", "text", "value", "unit", "per", "period", "qualifier", "kind")
PERSON_FIELDS = ("article_id", "role", *_related("speaker", SPEAKER))


def _figures_and_people(articles: list[dict], user) -> tuple[list[dict], list[dict]]:
    """The figures of the story's articles (article by article, each in text order) and the
    people they name (by name, each with the roles and outlets that name them)."""
    if not articles:
        return [], []
    ids = [article["id"] for article in articles]
    figures = defaultdict(list)
    rows = visible_figures(user).filter(article__in=ids).order_by("start", "id")
    for row in rows.values(*FIGURE_FIELDS):
        figures[row["article_id"]].append(row)
    mentions = defaultdict(list)
    summaries = _Summaries()
    for row in visible_people(user).filter(article__in=ids).order_by("id").values(*PERSON_FIELDS):
        mentions[row["article_id"]].append(row)
    written_figures, people = [], {}
    for article in articles:
        outlet = article["outlet"]
        for row in figures[article["id"]]:
            written_figures.append(
                {
                    **{name: row[name] for name in FIGURE_FIELDS[1:]},
                    "article": article["id"],
                    "outlet": outlet,
                }
            )
        for row in mentions[article["id"]]:
            entry = people.setdefault(
                row["speaker_id"],
                {"speaker": summaries.speaker(row), "roles": [], "outlets": []},
            )
            if row["role"] and row["role"] not in entry["roles"]:
                entry["roles"].append(row["role"])
            if outlet["slug"] not in entry["outlets"]:
                entry["outlets"].append(outlet["slug"])
    return written_figures, sorted(people.values(), key=lambda e: e["speaker"]["name"])


WORDING_FIELDS = (
    *("quote_id", "quote__text", *_related("quote__speaker", SPEAKER)),
    *("article_id", "article__url", "article__published_at", *_related("article__outlet", OUTLET)),
    *("text", "start", "end", "cue", "speaker_mention", "match", "match_score", "review_state"),
)


def _quotes(story: Story, context: dict, summaries: _Summaries) -> tuple[list[dict], int, str]:
    """The first page of the story's quotes (``first_quote_ids``), each with every wording
    readers may see and the outlets that carried it; how many there are; the next page."""
    ids, more, visible = first_quote_ids(story)
    quotes: dict[int, dict] = {}
    outlets: dict[int, dict[int, dict]] = defaultdict(dict)
    for row in reader_appearances().filter(quote__in=ids).values(*WORDING_FIELDS):
        pk = row["quote_id"]
        quote = quotes.get(pk)
        if quote is None:
            quote = quotes[pk] = {
                "id": pk,
                "api_url": address(context, "api:quote-detail", "pk", pk),
                "text": row["quote__text"],
                "speaker": summaries.speaker(row, "quote__speaker"),
                "story": story.slug,
                "outlets": [],
                "appearances": [],
            }
        outlet = summaries.outlet(row, "article__outlet")
        outlets[pk].setdefault(row["article__outlet_id"], outlet)
        quote["appearances"].append(
            {
                "text": row["text"],
                "outlet": outlet,
                "article": row["article_id"],
                "article_url": row["article__url"],
                "published_at": datetime_text(row["article__published_at"]),
                **{name: row[name] for name in WORDING_FIELDS[-7:]},
            }
        )
    for pk, quote in quotes.items():
        quote["outlets"] = list(outlets[pk].values())
    page = [quotes[pk] for pk in ids if pk in quotes]
    count = visible.count() if more else len(page)
    return page, count, next_quotes_url(story, ids, context) if more else None


def story_detail(story: Story, *, user, context: dict) -> dict:
    """``StoryDetailSerializer``'s representation of ``story`` as ``user`` may see it."""
    attach_topics([story])
    summaries = _Summaries()
    articles = _articles(story, user, context, summaries)
    key_points, summary = _claims(story, summaries)
    quotes, quote_count, quotes_next = _quotes(story, context, summaries)
    figures, people = _figures_and_people(articles, user)
    outlets = {article["outlet"]["slug"]: article["outlet"] for article in articles}
    corrections = Correction.objects.filter(story=story.pk).values("kind", "text", "published_at")
    return {
        **StorySerializer(context=context).to_representation(story),
        "key_points": key_points,
        "summary": summary,
        "quotes": quotes,
        "quote_count": quote_count,
        "quotes_next": quotes_next,
        "figures": figures,
        "people": people,
        "outlets": sorted(outlets.values(), key=lambda outlet: outlet["name"]),
        "articles": articles,
        "corrections": [
            {**row, "published_at": datetime_text(row["published_at"])} for row in corrections
        ],
        "jsonld_url": address(context, "api:story-jsonld", "slug", story.slug),
        "ninjs_url": address(context, "api:story-ninjs", "slug", story.slug),
    }
