"""A story's detail in the API, read as plain rows and written out as JSON-ready dicts.

``StoryDetailSerializer`` documents the answer (the schema) and is what it must equal: a test
holds the two byte for byte equal on the same stories (tests/api/test_story_rows.py). Built
from model instances, a story of 50 articles cost some 400 instances, Django's prefetch
machinery and 15 queries, most of the answer's time. Here each part is one query of plain
values (``values()``) for the story's id, built from the same visibility rules
(``articles.core.visibility``) and compiled once (``prepared_rows``), and written out in the
serializers' order: the listed story's fields and topics, its articles, key points and summary
paragraphs with their sources, figures, people, corrections, and the first page of its quotes
(their ids, then their wordings; and how many there are when there are more).
"""

from __future__ import annotations

from collections import defaultdict
from operator import itemgetter

from django.db.models import Count

from articles.api.fields import TOPICS, address, context_zone, datetime_text
from articles.api.story_serializers import (
    QUOTES_IN_DETAIL,
    StorySerializer,
    figure_disagreements,
    next_quotes_url,
    storyline_summary,
    visible_quotes,
)
from articles.core.prepared import prepared_rows
from articles.core.visibility import (
    reader_appearances,
    reader_attributions,
    visible_figures,
    visible_people,
    visible_story_articles,
)
from articles.models import (
    Correction,
    KeyPoint,
    Story,
    SummaryParagraph,
    Topic,
    may_preview,
    reader_review_states,
)

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
CLAIM_FIELDS = ("id", "position", "text", "evidence_override")
SOURCE_FIELDS = (
    *("article_id", "article__url", "passage", "origin", "review_state"),
    *_related("outlet", OUTLET),
)
FIGURE_FIELDS = (
    *("article_id", "text", "value", "unit", "per", "period", "qualifier", "kind"),
    *("year", "low", "event"),
)
PERSON_FIELDS = ("article_id", "role", *_related("speaker", SPEAKER))
WORDING_FIELDS = (
    *("quote_id", "quote__text", *_related("quote__speaker", SPEAKER)),
    *("article_id", "article__url", "article__published_at", *_related("article__outlet", OUTLET)),
    *("text", "start", "end", "cue", "speaker_mention", "match", "match_score", "review_state"),
)


def _story_articles(user, story_id):
    return visible_story_articles(user).filter(story=story_id)


def _queries(user) -> dict:
    """Each part's query, for a story id, as ``user`` may see it; compiled once for each
    audience and review policy (``prepared_rows``)."""
    return {
        "topics": lambda s: Topic.objects.filter(stories=s).values("slug", "name"),
        "articles": lambda s: _story_articles(user, s).values(*ARTICLE_FIELDS),
        "key points": lambda s: KeyPoint.objects.filter(story=s).values(*CLAIM_FIELDS),
        "paragraphs": lambda s: SummaryParagraph.objects.filter(story=s).values(*CLAIM_FIELDS),
        # Joined to their claim's story, one query each: an OR of the two would scan.
        "key point sources": lambda s: (
            reader_attributions().filter(key_point__story=s).values("key_point_id", *SOURCE_FIELDS)
        ),
        "paragraph sources": lambda s: (
            reader_attributions().filter(paragraph__story=s).values("paragraph_id", *SOURCE_FIELDS)
        ),
        # By the story's articles they join: the same rows as ``article__in`` the story's
        # articles the user may see (the reader rules already ask for an accepted article),
        # which SQLite ran as a read of every such row in the database.
        "figures": lambda s: (
            visible_figures(user)
            .filter(article__story=s)
            .order_by("start", "id")
            .values(*FIGURE_FIELDS)
        ),
        "people": lambda s: (
            visible_people(user).filter(article__story=s).order_by("id").values(*PERSON_FIELDS)
        ),
        "quote ids": lambda s: (
            visible_quotes(s).order_by("-id").values("id")[: QUOTES_IN_DETAIL + 1]
        ),
        # The first page's wordings: the quotes of "quote ids" without the one too many.
        # In no order (``_quotes`` sorts them): in the model's (article, place), SQLite read
        # every wording of the database down that unique index rather than these quotes'.
        "wordings": lambda s: (
            reader_appearances()
            .filter(quote__in=visible_quotes(s).order_by("-id").values("id")[:QUOTES_IN_DETAIL])
            .values(*WORDING_FIELDS)
            .order_by()
        ),
        "quote count": lambda s: (
            visible_quotes(s).order_by().values("story").annotate(count=Count("id")).values("count")
        ),
        "corrections": lambda s: Correction.objects.filter(story=s).values(
            "kind", "text", "published_at"
        ),
    }


def _rows(part: str, story: Story, user) -> list[dict]:
    preview = may_preview(user)
    key = ("story detail", part, preview, reader_review_states())
    return prepared_rows(key, lambda s: _queries(user)[part](s), story.pk)


def _articles(story: Story, user, context: dict, summaries: _Summaries) -> list[dict]:
    return [
        {
            "id": row["id"],
            "api_url": address(context, "api:article-detail", "pk", row["id"]),
            "outlet": summaries.outlet(row),
            "headline": row["headline"],
            "url": row["url"],
            "byline": row["byline"],
            "published_at": datetime_text(row["published_at"], context_zone(context)),
            "language": row["language"],
            "is_translation": row["is_translation"],
        }
        for row in _rows("articles", story, user)
    ]


def _claims(story: Story, user, summaries: _Summaries) -> tuple[list[dict], list[dict]]:
    """The key points and the summary paragraphs, each with its sources readers may see."""

    def written(kind: str, relation: str) -> list[dict]:
        claims = _rows(f"{kind}s", story, user)
        sources = defaultdict(list)
        if claims:
            for row in _rows(f"{kind} sources", story, user):
                sources[row[f"{relation}_id"]].append(
                    {
                        "outlet": summaries.outlet(row),
                        "article": row["article_id"],
                        "article_url": row["article__url"] if row["article_id"] else None,
                        "passage": row["passage"],
                        "origin": row["origin"],
                        "review_state": row["review_state"],
                    }
                )
        return [
            {
                "position": claim["position"],
                "text": claim["text"],
                "evidence_override": claim["evidence_override"],
                "sources": sources[claim["id"]],
            }
            for claim in claims
        ]

    return written("key point", "key_point"), written("paragraph", "paragraph")


def _figures_and_people(story: Story, articles: list[dict], user) -> tuple[list, list]:
    """The figures of the story's articles (article by article, each in text order) and the
    people they name (by name, each with the roles and outlets that name them)."""
    if not articles:
        return [], []
    figures, mentions = defaultdict(list), defaultdict(list)
    for row in _rows("figures", story, user):
        figures[row["article_id"]].append(row)
    for row in _rows("people", story, user):
        mentions[row["article_id"]].append(row)
    summaries = _Summaries()
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


# The wordings' own order, the model's: their article, then place (unique, with the end).
_WORDING_ORDER = itemgetter("article_id", "start", "end")


def _quotes(story: Story, user, context: dict, summaries: _Summaries) -> tuple[list, int, str]:
    """The first page of the story's quotes, newest first, each with every wording readers
    may see and the outlets that carried it; how many there are; the next page's address."""
    ids = [row["id"] for row in _rows("quote ids", story, user)]
    more, ids = len(ids) > QUOTES_IN_DETAIL, ids[:QUOTES_IN_DETAIL]
    quotes: dict[int, dict] = {}
    outlets: dict[int, dict[int, dict]] = defaultdict(dict)
    zone = context_zone(context)
    rows = sorted(_rows("wordings", story, user), key=_WORDING_ORDER) if ids else ()
    for row in rows:
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
                "published_at": datetime_text(row["article__published_at"], zone),
                **{name: row[name] for name in WORDING_FIELDS[-7:]},
            }
        )
    for pk, quote in quotes.items():
        quote["outlets"] = list(outlets[pk].values())
    page = [quotes[pk] for pk in ids if pk in quotes]
    count = _rows("quote count", story, user)[0]["count"] if more else len(page)
    return page, count, next_quotes_url(story, ids, context) if more else None


def story_detail(story: Story, *, user, context: dict) -> dict:
    """``StoryDetailSerializer``'s representation of ``story`` as ``user`` may see it."""
    setattr(story, TOPICS, _rows("topics", story, user))
    summaries = _Summaries()
    articles = _articles(story, user, context, summaries)
    key_points, summary = _claims(story, user, summaries)
    quotes, quote_count, quotes_next = _quotes(story, user, context, summaries)
    figures, people = _figures_and_people(story, articles, user)
    outlets = {article["outlet"]["slug"]: article["outlet"] for article in articles}
    corrections = _rows("corrections", story, user)
    return {
        **StorySerializer(context=context).to_representation(story),
        "key_points": key_points,
        "summary": summary,
        "quotes": quotes,
        "quote_count": quote_count,
        "quotes_next": quotes_next,
        "figures": figures,
        "figure_disagreements": figure_disagreements(
            (figure["outlet"]["name"], figure) for figure in figures
        ),
        "people": people,
        "outlets": sorted(outlets.values(), key=lambda outlet: outlet["name"]),
        "storyline": storyline_summary(story, context),
        "articles": articles,
        "corrections": [
            {**row, "published_at": datetime_text(row["published_at"], context_zone(context))}
            for row in corrections
        ],
        "jsonld_url": address(context, "api:story-jsonld", "slug", story.slug),
        "ninjs_url": address(context, "api:story-ninjs", "slug", story.slug),
    }
