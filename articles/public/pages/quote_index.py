"""A story's quote index: every quote readers may see, by speaker, in the pages' order, from
plain rows (the story page and the story's quotes page show only some of them in full)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from articles.core.prepared import instance_maker, prepared_values_list
from articles.core.visibility import reader_articles
from articles.models import Article, QuoteAppearance, reader_review_states
from sources.models import Speaker


@dataclass
class SpeakerIndex:
    """One speaker's quotes in a story, from the quote index: ids earliest first."""

    speaker_id: int | None
    name: str
    slug: str
    quote_ids: list[int]
    widest: int = 0  # the most outlets that carried one of these quotes
    # The speaker as the pages show them (``SPEAKER_COLUMNS``), for the quotes worked out in
    # full (``wordings.wording_rows``); None for quotes of speakers not identified.
    speaker: Speaker | None = None

    @property
    def order(self) -> tuple:
        """Most-quoted first, then the most widely carried, then by name; unattributed last."""
        return (self.speaker_id is None, -len(self.quote_ids), -self.widest, self.name)


# The quote index's columns: a wording's quote, article and place, and the quote's speaker.
INDEX = ("quote_id", "article_id", "start", "quote__speaker_id")


def _index_query(story_id: int):
    """The story's wordings of a state readers may see, whatever their article: the index
    keeps those of the articles readers may see (``quote_index``). In no order: the index
    orders the quotes itself (SQLite sorted the rows for nothing)."""
    return (
        QuoteAppearance.objects.filter(
            review_state__in=reader_review_states(), quote__story=story_id
        )
        .values(*INDEX)
        .order_by()
    )


# What the pages read of a speaker (``SpeakerIndex.speaker``). Read here, a row a speaker,
# rather than joined to each wording of the quotes a page shows (``wordings.wording_rows``):
# that join and its columns took about a third of that query.
SPEAKER_COLUMNS = ("id", "version", "name", "slug", "kind", "role", "role_checked")


def _speakers(*speaker_ids: int):
    return Speaker.objects.filter(pk__in=speaker_ids).values_list(*SPEAKER_COLUMNS).order_by()


def quote_index(story_id: int, articles: dict[int, Article]) -> list[SpeakerIndex]:
    """Every quote of a story readers may see, by speaker in the pages' order, each speaker's
    earliest first, from one query of plain rows (and one of the speakers' names): no model
    object for the quotes a page does not show, and each speaker once (``SpeakerIndex.speaker``).

    ``articles``: the story's articles readers may see (``reader_articles``), by id, with
    their outlets. A wording counts where readers may see its article: one of these, or an
    article of another story that carries it (left behind by a move), added to ``articles``
    with one more query, only then. (Joining every wording to its article in SQL cost more
    than the rest of the query.)"""
    key = ("quote index", reader_review_states())
    rows = prepared_values_list(key, _index_query, story_id)
    missing = {row[1] for row in rows} - articles.keys()
    if missing:
        articles.update(reader_articles().select_related("outlet").defer("body").in_bulk(missing))
        rows = [row for row in rows if row[1] in articles]

    # Each article's place in time as one number (a wording's: its article's, its start).
    def place(pk: int) -> tuple:
        published = articles[pk].published_at
        return (published is None, published or datetime.min, pk)

    rank = {pk: n for n, pk in enumerate(sorted(articles, key=place))}
    outlet_of = {pk: article.outlet_id for pk, article in articles.items()}
    first, outlets, speaker_of = {}, {}, {}  # by quote: first place, outlets, speaker
    for quote_id, article_id, start, speaker_id in rows:
        key, known = (rank[article_id], start), first.get(quote_id)
        if known is None:
            speaker_of[quote_id], outlets[quote_id] = speaker_id, set()
        if known is None or key < known:
            first[quote_id] = key
        outlets[quote_id].add(outlet_of[article_id])
    ids = sorted({pk for pk in speaker_of.values() if pk is not None})
    make_speaker = instance_maker(Speaker, SPEAKER_COLUMNS)
    speakers = {
        row[0]: make_speaker(row)
        for row in (
            prepared_values_list(("quote index speaker rows", len(ids)), _speakers, *ids)
            if ids
            else ()
        )
    }
    groups: dict[int | None, SpeakerIndex] = {}
    for quote_id in sorted(first, key=first.__getitem__):
        speaker_id = speaker_of[quote_id]
        group = groups.get(speaker_id)
        if group is None:
            speaker = speakers.get(speaker_id)
            name, slug = (speaker.name, speaker.slug) if speaker else ("", "")
            group = groups[speaker_id] = SpeakerIndex(speaker_id, name, slug, [], speaker=speaker)
        group.quote_ids.append(quote_id)
        group.widest = max(group.widest, len(outlets[quote_id]))
    return sorted(groups.values(), key=lambda g: g.order)
