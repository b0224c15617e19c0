"""Key points and summary paragraphs with their sources, as the story page shows them: a chip
per outlet, the evidence behind it, and outlets cited with no article in the story."""

from __future__ import annotations

from dataclasses import dataclass

from articles.engine.citations import attribution_line, sourced_text
from articles.models import (
    Article,
    Attribution,
    KeyPoint,
    ReviewState,
    SummaryParagraph,
)
from sources.addresses import cached_reverse
from sources.models import Outlet

# Engine evidence at or above this score reads as a "strong match"; below it (down to the
# engine's own threshold) as a "moderate match". Readers get words, not raw scores.
STRONG_EVIDENCE = 0.6


def _machine_found(attribution: Attribution) -> bool:
    """Found by the engine and not yet checked by an editor."""
    return (
        attribution.origin == Attribution.Origin.ENGINE
        and attribution.review_state == ReviewState.SUGGESTED
    )


@dataclass
class Evidence:
    """One passage of one article of the story that supports a claim."""

    attribution: Attribution

    @property
    def anchor(self) -> str:
        return f"evidence-{self.attribution.pk}"

    @property
    def outlet(self) -> Outlet:
        return self.attribution.outlet

    @property
    def article(self) -> Article:
        return self.attribution.article

    @property
    def passage(self) -> str:
        return self.attribution.passage

    @property
    def machine_found(self) -> bool:
        return _machine_found(self.attribution)

    @property
    def strength(self) -> str:
        """ "strong" or "moderate" for engine scores; "" when an editor chose the passage."""
        score = self.attribution.score
        if score is None:
            return ""
        return "strong" if score >= STRONG_EVIDENCE else "moderate"

    @property
    def href(self) -> str:
        """The story's own copy of the article, with the passage highlighted. Its address is
        reversed once (``cached_reverse``: ``reverse`` took about 30 microseconds a call)."""
        url = cached_reverse("articles:article-detail", kwargs={"pk": self.attribution.article_id})
        start, end = self.attribution.start, self.attribution.end
        if start is not None and end is not None and start < end:
            return f"{url}?passage={start}-{end}#passage"
        return url


@dataclass
class CitedOutlet:
    """An outlet a claim cites with no article of it in the story."""

    outlet: Outlet
    machine_found: bool
    # Where the citation comes from, when it is a summary paragraph of this story.
    paragraph_anchor: str = ""
    paragraph_number: int = 0

    @property
    def anchor(self) -> str:
        return f"cited-{self.outlet.slug}"


@dataclass
class SourceChip:
    """One outlet under a claim. ``kind`` says where the chip leads:

    - ``evidence``: a passage of one of its articles, listed under the claim;
    - ``article``: its article in this story (cited by an editor, no passage given);
    - ``coverage``: its articles in the coverage table;
    - ``cited``: the explanation under the claim, since no article of it is in this story.
    """

    outlet: Outlet
    href: str
    kind: str
    machine_found: bool = False

    @property
    def evidence_id(self) -> str | None:
        return self.href.removeprefix("#") if self.kind == "evidence" else None


@dataclass
class SourcedText:
    """A key point or a summary paragraph with the outlets that support it."""

    obj: KeyPoint | SummaryParagraph
    anchor: str
    chips: list[SourceChip]
    evidence: list[Evidence]
    cited: list[CitedOutlet]
    attributions: list[Attribution]

    @property
    def text(self) -> str:
        return self.obj.text

    @property
    def outlets(self) -> list[Outlet]:
        return [chip.outlet for chip in self.chips]

    @property
    def cited_anchor(self) -> str:
        return f"{self.anchor}-cited"

    @property
    def vouched(self) -> str:
        """An editor's note vouching for a key point no article supports ("" when none)."""
        if isinstance(self.obj, KeyPoint) and self.obj.evidence_override:
            return self.obj.override_note or "Vouched for by an editor."
        return ""

    @property
    def has_details(self) -> bool:
        return bool(self.evidence or self.cited or self.vouched)

    @property
    def machine_found(self) -> bool:
        """Every source shown was found by the engine and awaits an editor."""
        return bool(self.chips) and all(chip.machine_found for chip in self.chips)

    @property
    def backing_outlets(self) -> list[str]:
        """The outlets an editor stands behind, in the editor's order."""
        names: list[str] = []
        for attribution in self.attributions:
            if not _machine_found(attribution) and attribution.outlet.name not in names:
                names.append(attribution.outlet.name)
        return names

    @property
    def according_to(self) -> str:
        """ "according to A and B" from the outlets an editor stands behind."""
        return attribution_line(self.backing_outlets)

    @property
    def sourced_text(self) -> str:
        """The text with one attribution line, the same one every export prints."""
        return sourced_text(self.text, self.backing_outlets)


def sourced(
    obj: KeyPoint | SummaryParagraph,
    anchor: str,
    coverage_anchor: dict[int, str],
    paragraph_anchors: dict[str, tuple[str, int]],
    attributions: list[Attribution] | None = None,
) -> SourcedText:
    """Chips (one per outlet, in the editor's order) and the evidence behind them.
    ``attributions``: the claim's sources when the caller has them (the story page's
    ``story_rows``); by default its prefetched ``attributions``."""
    if attributions is None:
        attributions = list(obj.attributions.all())
    by_outlet: dict[int, list[Attribution]] = {}
    for attribution in attributions:
        by_outlet.setdefault(attribution.outlet_id, []).append(attribution)

    chips: list[SourceChip] = []
    evidence: list[Evidence] = []
    cited: list[CitedOutlet] = []
    for rows in by_outlet.values():
        outlet = rows[0].outlet
        machine = all(_machine_found(a) for a in rows)
        passages = [Evidence(a) for a in rows if a.article_id and a.passage]
        with_article = [a for a in rows if a.article_id]
        if passages:
            evidence.extend(passages)
            chips.append(SourceChip(outlet, f"#{passages[0].anchor}", "evidence", machine))
        elif with_article:
            href = with_article[0].article.get_absolute_url()
            chips.append(SourceChip(outlet, href, "article", machine))
        elif outlet.pk in coverage_anchor:
            chips.append(SourceChip(outlet, f"#{coverage_anchor[outlet.pk]}", "coverage", machine))
        else:
            where = next(
                (paragraph_anchors[a.passage] for a in rows if a.passage in paragraph_anchors),
                ("", 0),
            )
            cited.append(CitedOutlet(outlet, machine, *where))
            chips.append(SourceChip(outlet, f"#{anchor}-cited", "cited", machine))
    return SourcedText(obj, anchor, chips, evidence, cited, attributions)
