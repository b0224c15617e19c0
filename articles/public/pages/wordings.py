"""The wordings of the quotes a page shows, read as plain rows.

The story page and the story's quotes page work out 25 to 30 quotes in full. Read as model
instances through ``select_related``, each wording row made three objects (the wording, its
quote and its speaker), two of them thrown away again for every quote printed more than
once, and each put together through Django's field caches: for a story of 50 articles that
was about a tenth of the page. Here one query of plain values gives each wording as a
``WordingRow`` (the few fields the pages read) and each quote as one model instance however
many wordings name it, with its speaker as the quote index read them (one instance a speaker).
The API keeps its model instances (``quotes.quotes_with_wordings``): its serializers read them.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from articles.core.prepared import instance_maker, prepared_values_list
from articles.core.visibility import reader_appearances
from articles.models import Article, Quote, reader_review_states, speaker_words
from sources.models import Speaker


class WordingRow:
    """One printed wording of a quote (a ``QuoteAppearance`` readers may see), as the pages
    read it: its article is the page's own copy (with its outlet)."""

    __slots__ = (
        "pk",
        "quote_id",
        "article_id",
        "text",
        "start",
        "continues",
        "match",
        "review_state",
        "speaker_mention",
        "article",
    )

    def __init__(self, row: Sequence, article: Article) -> None:
        (
            self.pk,
            self.quote_id,
            self.article_id,
            self.text,
            self.start,
            self.continues,
            self.match,
            self.review_state,
            self.speaker_mention,
        ) = row
        self.article = article

    @property
    def id(self) -> int:
        return self.pk

    @property
    def speaker_as_written(self) -> str:
        return speaker_words(self.speaker_mention)

    def __repr__(self) -> str:
        return f"<WordingRow {self.pk} of quote {self.quote_id} in article {self.article_id}>"


# The wording's own columns (as ``WordingRow`` takes them), then its quote's.
_OWN = (
    *("id", "quote_id", "article_id", "text", "start", "continues", "match", "review_state"),
    "speaker_mention",
)
_QUOTE = ("quote__id", "quote__version", "quote__story_id", "quote__speaker_id", "quote__text")
# The same columns as the model names them, for ``instance_maker``.
_QUOTE_NAMES = ("id", "version", "story_id", "speaker_id", "text")


def _query(*quote_ids: int):
    # In no order (``wording_rows`` sorts them): ordered by the model's article and place,
    # SQLite read the wordings of the whole database down that unique index to spare a sort
    # rather than the few of these quotes down the quote's.
    return reader_appearances().filter(quote__in=quote_ids).values_list(*_OWN, *_QUOTE).order_by()


# A row's article, place and id: the wordings' own order (the model's, article then place).
_ORDER = itemgetter(2, 4, 0)


def wording_rows(
    ids: Sequence[int], articles: dict[int, Article], speakers: dict[int, Speaker]
) -> dict[int, tuple[Quote, list[WordingRow]]]:
    """The quotes ``ids`` (each with its speaker, from ``speakers``, by id: the quote
    index's) and the wordings readers may see, in one query compiled once for each number of
    quotes (two when a wording is printed in an article of another story: that article is
    added to ``articles``; and when a quote's speaker is not among ``speakers``: it is read
    then). A quote with no such wording is left out."""
    if not ids:
        return {}
    key = ("quote wording rows", len(ids), reader_review_states())
    rows = sorted(prepared_values_list(key, _query, *ids), key=_ORDER)
    missing = {row[2] for row in rows} - articles.keys()
    if missing:
        articles.update(Article.objects.select_related("outlet").defer("body").in_bulk(missing))
    own = len(_OWN)
    make_quote = instance_maker(Quote, _QUOTE_NAMES)
    quotes: dict[int, tuple[Quote, list[WordingRow]]] = {}
    for row in rows:
        entry = quotes.get(row[1])
        if entry is None:
            entry = quotes[row[1]] = (make_quote(row[own:]), [])
        entry[1].append(WordingRow(row[:own], articles[row[2]]))
    unknown = {quote.speaker_id for quote, _ in quotes.values()} - speakers.keys() - {None}
    if unknown:  # a speaker given to a quote since the index was read
        speakers = {**speakers, **Speaker.objects.in_bulk(unknown)}
    set_speaker = Quote.speaker.field.set_cached_value
    for quote, _ in quotes.values():
        set_speaker(quote, speakers.get(quote.speaker_id))
    return quotes
