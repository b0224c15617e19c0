"""Quotes for readers: each statement with every wording and outlet, grouped by speaker."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property

from django.utils.translation import gettext as _

from articles.core.prepared import prepared_objects
from articles.core.visibility import reader_appearances
from articles.engine.diff import diff_segments
from articles.engine.quote_match import normalise
from articles.models import (
    Article,
    Quote,
    QuoteAppearance,
    ReviewState,
    reader_review_states,
)
from articles.public.pages.quote_index import SpeakerIndex, quote_index
from articles.public.pages.wordings import wording_rows
from sources.models import Outlet, Speaker


@dataclass(frozen=True)
class DiffPiece:
    """A ``diff_segments`` segment with its leading space apart, so that a struck-through or
    underlined word does not carry the space before it."""

    space: str
    text: str
    tag: str  # "del", "ins" or ""


def wording_diff(first: str, other: str) -> list[DiffPiece]:
    pieces = []
    for i, segment in enumerate(diff_segments(first, other)):
        text = segment.text.lstrip()
        space = segment.text[: len(segment.text) - len(text)]
        # Segments are whole words; the first word of either wording has no space before it,
        # so "We have" removed then "We've" added would otherwise run together.
        pieces.append(DiffPiece(space or (" " if i else ""), text, segment.tag))
    return pieces


@dataclass
class Wording:
    """One wording of a quote and the outlets that printed it.

    ``parts`` are the printed fragments of one utterance ("I am not satisfied with the figures,"
    and, carried on, "We have to increase."); ``text`` shows them joined by an ellipsis.
    ``diff`` is the word-level difference from the quote's first wording (empty for that one).
    """

    parts: list[str]
    match: str  # QuoteAppearance.Match value of the wording's earliest appearance
    appearances: list[QuoteAppearance] = field(default_factory=list)
    is_first: bool = False
    first_statement: str = ""  # the first wording's statement (later wordings only)

    @property
    def text(self) -> str:
        return " … ".join(self.parts)

    @property
    def shown(self) -> str:
        """The wording as a reader sees it, standing alone between quotation marks: without
        the comma, colon or semicolon that led into its attribution ("…keep it that way," Roe
        said)."""
        text = self.text.rstrip()
        return text[:-1].rstrip() if text.endswith((",", ":", ";")) else text

    @cached_property
    def diff(self) -> list[DiffPiece]:
        """Worked out when a page shows it: a long story shows only some of its quotes."""
        if self.is_first or not self.first_statement:
            return []
        return wording_diff(self.first_statement, self.statement)

    @property
    def unchecked(self) -> bool:
        """Found by machine and not yet checked: shown only where the site shows suggestions
        (``NEWSROOM_SHOW_UNCHECKED``), and then labelled."""
        return bool(self.appearances) and all(
            a.review_state == ReviewState.SUGGESTED for a in self.appearances
        )

    @property
    def statement(self) -> str:
        """The fragments as one statement, as the engine compares them."""
        return " ".join(part.strip() for part in self.parts)

    @property
    def sources(self) -> list[QuoteAppearance]:
        """The earliest appearance of this wording in each outlet, earliest outlet first."""
        seen: set[int] = set()
        out: list[QuoteAppearance] = []
        for appearance in self.appearances:
            if appearance.article.outlet_id not in seen:
                seen.add(appearance.article.outlet_id)
                out.append(appearance)
        return out

    @property
    def outlets(self) -> list[Outlet]:
        return [appearance.article.outlet for appearance in self.sources]

    @property
    def kind(self) -> str:
        """ "original" for the first wording, else how the engine matched it to the first."""
        if self.is_first:
            return QuoteAppearance.Match.ORIGINAL
        return self.match

    @property
    def match_label(self) -> str:
        if not self.is_first and self.match == QuoteAppearance.Match.ORIGINAL:
            # Grouped by an editor before the engine compared it: no claim about how close.
            return _("Other wording")
        if self.in_part:
            return _("Verbatim in part")
        return QuoteAppearance.Match(self.kind).label

    @property
    def in_part(self) -> bool:
        """A later wording matched as verbatim because one holds the other's words (a quote
        trimmed, or one that goes on): the same words as far as they go, not the same quote."""
        return (
            not self.is_first
            and self.match == QuoteAppearance.Match.VERBATIM
            and bool(self.first_statement)
            and normalise(self.statement) != normalise(self.first_statement)
        )


@dataclass
class QuoteView:
    quote: Quote
    wordings: list[Wording]

    @property
    def first_wording(self) -> Wording:
        return self.wordings[0]

    @property
    def other_wordings(self) -> list[Wording]:
        return self.wordings[1:]

    @property
    def first_appearance(self) -> QuoteAppearance:
        return self.wordings[0].appearances[0]

    @property
    def first_reported_by(self) -> Outlet:
        return self.first_appearance.article.outlet

    @property
    def also_carried_by(self) -> list[QuoteAppearance]:
        """Other outlets that printed the first wording word for word."""
        return self.wordings[0].sources[1:]

    @property
    def outlets(self) -> list[Outlet]:
        out: list[Outlet] = []
        for wording in self.wordings:
            out.extend(o for o in wording.outlets if o not in out)
        return out


# A story page shows each speaker's first quotes and links to the rest (the story's quotes
# page, paged), so that a story with hundreds of quotes stays a page a reader can take in
# (and one that renders fast): up to QUOTES_SHOWN a speaker, the most-quoted first, until
# QUOTES_ON_PAGE are shown, then each other speaker's first (ten speakers: 20 quotes).
QUOTES_SHOWN = 3
QUOTES_ON_PAGE = 15


@dataclass
class SpeakerQuotes:
    """A speaker's quotes in a story: the first ones worked out in full, and how many there
    are in all."""

    speaker: Speaker | None
    shown: list[QuoteView]
    count: int

    @property
    def more(self) -> int:
        """How many of the speaker's quotes the story page leaves to the story's quotes page."""
        return max(self.count - len(self.shown), 0)


# Curly quotation marks as straight ones, replaced one by one (``str.translate`` was slower).
_QUOTE_MARKS = (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'))


def _wording_key(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    for mark, straight in _QUOTE_MARKS:
        text = text.replace(mark, straight)
    # Each run of white space as one space: ``str.split`` splits at the characters ``\s``
    # matches (``str.isspace``), and a run at either end, which ``re.sub(r"\s+", " ", ...)``
    # made one space, is stripped below all the same. A fifth of the cost of the regular
    # expression (about 0.95 microseconds on a 30-character wording, 40 wordings a page).
    return " ".join(text.casefold().split()).strip(" .,;:")


def _appearance_order(appearance: QuoteAppearance):
    published = appearance.article.published_at
    return (published is None, published or datetime.min, appearance.article_id, appearance.start)


# Where a page's prefetch puts a quote's wordings readers may see (``Prefetch(to_attr=...)``).
WORDINGS = "reader_wordings"


def wordings_of(quote: Quote) -> list[QuoteAppearance]:
    """A quote's wordings as prefetched: the story page's list, or its related manager's."""
    rows = getattr(quote, WORDINGS, None)
    return rows if rows is not None else list(quote.appearances.all())


def quote_view(quote: Quote) -> QuoteView | None:
    """Every visible wording of a quote, earliest outlet first; None when nothing is visible.

    A fragment marked ``continues`` is joined to the fragment before it in the same article
    ("I am not satisfied with the figures, … We have to increase."), so one utterance is one
    wording. Each later wording carries its word-level difference from the first.
    """
    appearances = sorted(wordings_of(quote), key=_appearance_order)
    if not appearances:
        return None
    utterances: list[tuple[list[str], QuoteAppearance]] = []
    previous: QuoteAppearance | None = None
    for appearance in appearances:
        if appearance.continues and previous and previous.article_id == appearance.article_id:
            utterances[-1][0].append(appearance.text)
        else:
            utterances.append(([appearance.text], appearance))
        previous = appearance
    wordings: dict[str, Wording] = {}
    for parts, appearance in utterances:
        key = _wording_key(" ".join(parts))
        if key not in wordings:
            wordings[key] = Wording(parts, appearance.match)
        wordings[key].appearances.append(appearance)
    ordered = list(wordings.values())
    first = ordered[0]
    first.is_first = True
    for wording in ordered[1:]:
        wording.first_statement = first.statement
    return QuoteView(quote, ordered)


def _wordings_query(*quote_ids: int):
    return (
        reader_appearances()
        .filter(quote__in=quote_ids)
        .select_related("quote__speaker")
        # Moments and texts no page shows: on SQLite, parsing and converting the moments cost
        # more than the rest of the rows.
        .defer(
            *("reviewed_at", "created_at", "quote__created_at", "quote__updated_at"),
            *("quote__speaker__created_at", "quote__speaker__updated_at"),
            "quote__speaker__description",
        )
    )


def quotes_with_wordings(ids: Iterable[int], articles: dict[int, Article]) -> dict[int, Quote]:
    """The quotes ``ids`` with their speakers and the wordings readers may see (``WORDINGS``,
    as ``wordings_of`` reads them), in one query (two when a wording is printed in an article
    of another story). Each wording gets the caller's copy of its article (``articles``, by
    id, with its outlet; an article missing from it is added), so one object per article
    however many quotes it carries. A quote with no such wording is left out."""
    quotes: dict[int, Quote] = {}
    set_quote = QuoteAppearance.quote.field.set_cached_value
    set_article = QuoteAppearance.article.field.set_cached_value
    ids = list(ids)
    # Compiled once for each number of quotes (``prepared_objects``), their ids put in.
    key = ("quote wordings", len(ids), reader_review_states())
    rows = prepared_objects(key, _wordings_query, *ids) if ids else []
    missing = {appearance.article_id for appearance in rows} - articles.keys()
    if missing:
        articles.update(Article.objects.select_related("outlet").defer("body").in_bulk(missing))
    for appearance in rows:
        quote = quotes.get(appearance.quote_id)
        if quote is None:
            quote = quotes[appearance.quote_id] = appearance.quote
            setattr(quote, WORDINGS, [])
        else:
            set_quote(appearance, quote)
        set_article(appearance, articles[appearance.article_id])
        getattr(quote, WORDINGS).append(appearance)
    return quotes


def quote_views(
    ids: Iterable[int], articles: dict[int, Article], speakers: dict[int, Speaker]
) -> dict[int, QuoteView]:
    """The quotes ``ids`` worked out in full (wordings, outlets), in one query of plain rows
    (``wording_rows``: each wording a ``WordingRow``), their speakers from ``speakers``."""
    views = {}
    for pk, (quote, rows) in wording_rows(list(ids), articles, speakers).items():
        setattr(quote, WORDINGS, rows)
        view = quote_view(quote)
        if view is not None:
            views[pk] = view
    return views


def speaker_groups(
    entries: Iterable[tuple[SpeakerIndex, list[int]]], articles: dict[int, Article]
) -> list[SpeakerQuotes]:
    """For each speaker of the index, the quotes ``ids`` worked out in full, in one query."""
    entries = list(entries)
    speakers = {entry.speaker_id: entry.speaker for entry, _ in entries if entry.speaker}
    views = quote_views((pk for _, ids in entries for pk in ids), articles, speakers)
    groups = []
    for entry, ids in entries:
        shown = [views[pk] for pk in ids if pk in views]
        if shown:
            groups.append(SpeakerQuotes(shown[0].quote.speaker, shown, len(entry.quote_ids)))
    return groups


def speaker_quotes(story_id: int, articles: dict[int, Article]) -> list[SpeakerQuotes]:
    """Each speaker's quotes in the story, the first ones worked out in full (see
    ``QUOTES_ON_PAGE``): two queries however many quotes the story holds."""
    entries, left = [], QUOTES_ON_PAGE
    for group in quote_index(story_id, articles):
        shown = min(QUOTES_SHOWN, max(left, 1))
        entries.append((group, group.quote_ids[:shown]))
        left -= shown
    return speaker_groups(entries, articles)
