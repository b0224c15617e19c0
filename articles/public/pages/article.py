"""The article page: the body with the passages and quotes an editor linked highlighted."""

from __future__ import annotations

import re
from dataclasses import dataclass

from articles.core.visibility import reader_appearances
from articles.models import (
    Article,
    QuoteAppearance,
)


@dataclass
class Segment:
    text: str
    appearance: QuoteAppearance | None = None
    in_passage: bool = False  # part of the evidence passage a story page linked to
    passage_start: bool = False  # the first piece of that passage (the link's target)


def parse_passage(value: str | None, body: str) -> tuple[int, int] | None:
    """ "120-245" from a link to an evidence passage, when it is a span of ``body``."""
    match = re.fullmatch(r"(\d{1,9})-(\d{1,9})", value or "")
    if not match:
        return None
    start, end = int(match[1]), int(match[2])
    return (start, end) if 0 <= start < end <= len(body) else None


def highlighted_body(
    article: Article, *, passage: tuple[int, int] | None = None
) -> list[list[Segment]]:
    """The article body as paragraphs of segments, with the visible quotes marked and, when
    given, the evidence ``passage`` (character offsets) flagged.

    Quote spans that fall outside the body or overlap an earlier one are left unmarked.
    """
    body = article.body
    spans: list[QuoteAppearance] = []
    cursor = 0
    for appearance in sorted(
        (
            a
            for a in reader_appearances().filter(article=article).select_related("quote__speaker")
            if 0 <= a.start < a.end <= len(body)
        ),
        key=lambda a: a.start,
    ):
        if appearance.start >= cursor:
            spans.append(appearance)
            cursor = appearance.end

    cuts = {0, len(body)}
    for appearance in spans:
        cuts.update((appearance.start, appearance.end))
    if passage:
        cuts.update(passage)
    bounds = sorted(cuts)
    starts = {a.start: a for a in spans}
    segments: list[Segment] = []
    current: QuoteAppearance | None = None
    for lo, hi in zip(bounds, bounds[1:], strict=False):
        if current is not None and lo >= current.end:
            current = None
        current = starts.get(lo, current)
        inside = bool(passage) and passage[0] <= lo < passage[1]
        segments.append(Segment(body[lo:hi], current, inside, inside and lo == passage[0]))

    paragraphs: list[list[Segment]] = [[]]
    for segment in segments:
        if segment.appearance is not None:
            paragraphs[-1].append(segment)
            continue
        pending = segment.passage_start
        for i, part in enumerate(re.split(r"\n\s*\n", segment.text)):
            if i:
                paragraphs.append([])
            if part.strip():
                paragraphs[-1].append(Segment(part, None, segment.in_passage, pending))
                pending = False
            elif part:
                paragraphs[-1].append(Segment(part))
    return [p for p in paragraphs if any(s.text.strip() for s in p)]
