"""Evidence and checks: the passages supporting each key point and summary sentence, the
figures side by side, and the flags an editor sees before publishing.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q

from articles.engine.citations import outlet_key, parse_cited_outlets, typed_outlets_unbacked
from articles.engine.evidence import (
    EvidenceHit,
    Passage,
    find_evidence,
    passages_from_article,
)
from articles.engine.figures_compare import FigureTable, compare_figures
from articles.engine.similarity import split_sentences
from articles.models import (
    Attribution,
    Figure,
    KeyPoint,
    ReviewState,
    Story,
    SummaryParagraph,
    engine_figure,
)
from sources.models import Outlet


def story_figure_table(*, story: Story) -> FigureTable:
    """The story's figures per outlet, with disagreements flagged."""
    rows = Figure.objects.filter(article__story=story).select_related("article__outlet")
    items = [
        (row.article.outlet.name, engine_figure(row))
        for row in rows.order_by("article__published_at", "article_id", "start")
    ]
    return compare_figures(items)


@dataclass(frozen=True)
class StoryFlag:
    """Something an editor should look at before publishing."""

    kind: str  # "unsupported" or "cited-without-article"
    message: str
    key_point: KeyPoint | None = None
    paragraph: SummaryParagraph | None = None


def _article_passages(story: Story) -> list[Passage]:
    passages: list[Passage] = []
    articles = story.articles.select_related("outlet").exclude(outlet__kind=Outlet.Kind.AGGREGATOR)
    for article in articles:
        passages += passages_from_article(article.pk, article.outlet.name, article.body)
    return passages


# A summary sentence packs several facts, so its words are only partly in any one passage; its
# suggestions go to an editor for review, never straight to readers' chips unreviewed.
SENTENCE_THRESHOLD = 0.24


@transaction.atomic
def story_find_evidence(*, story: Story) -> int:
    """Link each key point and summary paragraph to the passages that support it.

    Engine rows an editor has not touched are replaced; editors' own citations and reviewed
    rows stay. Key points also inherit the outlets cited by the summary paragraphs that
    support them. Returns how many evidence rows were written."""
    outlets = {o.name: o for o in Outlet.objects.filter(articles__story=story).distinct()}
    articles = {a.pk: a for a in story.articles.all()}
    passages = _article_passages(story)
    by_outlet: dict[str, list[Passage]] = {}
    for passage in passages:
        by_outlet.setdefault(passage.outlet, []).append(passage)
    Attribution.objects.filter(
        Q(key_point__story=story) | Q(paragraph__story=story),
        origin=Attribution.Origin.ENGINE,
        review_state=ReviewState.SUGGESTED,
    ).delete()
    paragraphs = list(story.paragraphs.prefetch_related("attributions__outlet"))
    written = 0

    def link(hits, **target) -> int:
        taken = set(
            Attribution.objects.filter(**target).values_list("outlet_id", "article_id", "start")
        )
        count = 0
        for position, hit in enumerate(hits):
            article = articles[hit.passage.article_key]
            key = (outlets[hit.passage.outlet].pk, article.pk, hit.passage.start)
            if key in taken:
                continue
            Attribution.objects.create(
                outlet=outlets[hit.passage.outlet],
                article=article,
                passage=hit.passage.text,
                start=hit.passage.start,
                end=hit.passage.end,
                score=hit.score,
                origin=Attribution.Origin.ENGINE,
                review_state=ReviewState.SUGGESTED,
                position=100 + position,
                **target,
            )
            taken.add(key)
            count += 1
        return count

    # Summary paragraphs that support a key point lend it the outlets they cite.
    summary = [
        Passage(p.pk, "", p.text, 0, len(p.text)) for p in paragraphs if p.attributions.all()
    ]
    cited = {p.pk: p for p in paragraphs}
    for point in story.key_points.all():
        hits = find_evidence(point.text, passages, limit=3)
        hits += _named_source_hits([point.text], point.text, by_outlet)
        written += link(hits, key_point=point)
        have = set(point.attributions.values_list("outlet_id", flat=True))
        for hit in find_evidence(point.text, summary, limit=2):
            for attribution in cited[hit.passage.article_key].attributions.all():
                if attribution.article_id is None and attribution.outlet_id not in have:
                    Attribution.objects.create(
                        key_point=point,
                        outlet=attribution.outlet,
                        passage=hit.passage.text,
                        score=hit.score,
                        origin=Attribution.Origin.ENGINE,
                        review_state=ReviewState.SUGGESTED,
                        position=50 + len(have),
                    )
                    have.add(attribution.outlet_id)
                    written += 1
    for paragraph in paragraphs:
        # Each sentence of a paragraph is its own claim; the paragraph collects their support.
        hits = []
        sentences = [paragraph.text[start:end] for start, end in split_sentences(paragraph.text)]
        for sentence in sentences:
            hits += find_evidence(sentence, passages, threshold=SENTENCE_THRESHOLD, limit=2)
        hits += _named_source_hits(
            sentences, paragraph.text, by_outlet, threshold=SENTENCE_THRESHOLD
        )
        hits.sort(key=lambda h: -h.score)
        written += link(hits, paragraph=paragraph)
    return written


def _named_source_hits(
    claims: list[str], text: str, by_outlet: dict[str, list[Passage]], **options
) -> list[EvidenceHit]:
    """The best supporting passage from each outlet that ``text`` names as its source
    ("…, according to The Example Gazette."), when that outlet has an article here: found
    among that outlet's passages alone (``by_outlet``), so near-identical reports from other
    outlets do not crowd out the one the editor cited."""
    _, typed = parse_cited_outlets(text, list(by_outlet))
    wanted = {outlet_key(name) for name in typed}
    found: list[EvidenceHit] = []
    for name, own in sorted(by_outlet.items()):
        if outlet_key(name) not in wanted:
            continue
        best = [h for claim in claims for h in find_evidence(claim, own, limit=1, **options)]
        if best:
            found.append(max(best, key=lambda h: h.score))
    return found


def story_flags(*, story: Story) -> list[StoryFlag]:
    """Claims no article of the story supports, and outlets cited without any article."""
    flags: list[StoryFlag] = []
    story_outlets = set(story.articles.values_list("outlet_id", flat=True))
    points = story.key_points.prefetch_related("attributions__outlet__aliases")
    paragraphs = story.paragraphs.prefetch_related("attributions__outlet__aliases")
    orphans: dict[Outlet, list[str]] = {}
    for label, claims, field in (
        ("Key point", points, "key_point"),
        ("Paragraph", paragraphs, "paragraph"),
    ):
        for position, claim in enumerate(claims, start=1):
            attributions = list(claim.attributions.all())
            found = [a for a in attributions if a.article_id]
            supported = any(a.review_state == ReviewState.APPROVED for a in found)
            if not supported and not claim.evidence_override:
                waiting = [a for a in found if a.review_state == ReviewState.SUGGESTED]
                if any(a.origin == Attribution.Origin.EDITOR for a in waiting):
                    problem = "'s evidence was checked for other words and awaits review"
                elif waiting:
                    problem = "'s evidence was found by machine and awaits review"
                else:
                    problem = " has no supporting article"
                flags.append(
                    StoryFlag(
                        "unsupported",
                        f"{label} {position}{problem}: “{str(claim)[:80]}”",
                        **{field: claim},
                    )
                )
            backed = {
                a.outlet.name: [a.outlet.name, *(alias.alias for alias in a.outlet.aliases.all())]
                for a in attributions
                if a.review_state != ReviewState.REJECTED
            }
            for name in typed_outlets_unbacked(claim.text, backed):
                flags.append(
                    StoryFlag(
                        "typed-citation",
                        f"{label} {position} names “{name}” as its source, but nothing from "
                        f"“{name}” backs it here: add its article and evidence, cite it as a "
                        "source, or reword the attribution.",
                        **{field: claim},
                    )
                )
            for attribution in attributions:
                if attribution.article_id is None and attribution.outlet_id not in story_outlets:
                    where = f"{label.lower()} {position}"
                    cited_in = orphans.setdefault(attribution.outlet, [])
                    if where not in cited_in:
                        cited_in.append(where)
    for outlet, places in orphans.items():
        flags.append(
            StoryFlag(
                "cited-without-article",
                f"{outlet} is cited ({', '.join(places)}) but none of its articles is in the "
                "story.",
            )
        )
    return flags
