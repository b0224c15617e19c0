"""The same quote across outlets: a speaker's statement carried by several articles of one
story is one ``Quote`` with several wordings (``QuoteAppearance``), the first outlet's being
the original.

Joining reads the wordings of the story's quotes by the article's speakers, with their quotes,
once (one query), decides in memory, and writes in bulk: the moved wordings, the quotes whose
original wording changed and the quotes left empty, each with the history row and version
step their ``save()`` or ``delete()`` would give (``articles.core.history``), and one touch of
the story's update time (what ``articles.signals`` does for a changed wording).

A quote is joined only to a quote that other articles carry too. Joining it to another quote
of the same article would be wrong (the article says both) and was the cause of a
``ProtectedError``: the second quote, once joined elsewhere in turn, still held the first
one's wordings and could not be deleted.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from articles.core.bulk import rows_update
from articles.core.history import CHANGED, DELETED, history_bulk, story_touch
from articles.core.prepared import prepared_objects
from articles.engine.quote_match import group_quotes, match_quote
from articles.models import (
    Article,
    Quote,
    QuoteAppearance,
    ReviewState,
)
from sources.versioning import versions_next


def _statement(appearances: Iterable[QuoteAppearance]) -> str:
    return " ".join(a.text.strip() for a in sorted(appearances, key=lambda a: a.start))


def _wordings(appearances: Iterable[QuoteAppearance]) -> list[str]:
    by_article: dict[int, list[QuoteAppearance]] = {}
    for appearance in appearances:
        if appearance.review_state != ReviewState.REJECTED:
            by_article.setdefault(appearance.article_id, []).append(appearance)
    return [_statement(group) for group in by_article.values()]


def _wordings_query(story_id: int, article_id: int):
    speakers = (
        Quote.objects.filter(story_id=story_id, appearances__article=article_id)
        .exclude(speaker__isnull=True)
        .values("speaker_id")
    )
    return (
        QuoteAppearance.objects.filter(quote__story_id=story_id, quote__speaker_id__in=speakers)
        .select_related("quote")
        .annotate(
            article_published_at=F("article__published_at"),
            article_created_at=F("article__created_at"),
        )
        .select_for_update(of=("self", "quote"))
        # Quotes in id order, each one's wordings in their own order (article, start).
        .order_by("quote_id", *QuoteAppearance._meta.ordering)
    )


@transaction.atomic(savepoint=False)  # inside an import's article, which fails as a whole
def quotes_connect(*, article: Article) -> int:
    """Join the article's quotes to the same statements already in its story.

    Only quotes of the same speaker in the same story are compared, and only with quotes that
    other articles carry. Returns how many quotes were joined to an existing one."""
    if article.story_id is None:
        return 0
    # Every wording of the article's speakers' quotes in the story, with its quote, in one
    # query (and locked on PostgreSQL until the import's transaction ends, as each save's
    # version check would have guarded them). A quote without wordings has no part here.
    # Compiled once (``prepared_objects``): built by the ORM for every article, it cost more
    # than it took to run.
    wordings = prepared_objects(
        ("story wordings of an article's speakers",), _wordings_query, article.story_id, article.pk
    )
    # The article's own quotes that no other article carries yet move; those already joined
    # to other outlets' wordings stay where they are.
    return _join(
        wordings,
        article.story_id,
        movable=lambda held: all(a.article_id == article.pk for a in held),
        earlier_only=False,
    )


@transaction.atomic
def quote_groups_join(*, story_id: int, speaker_ids: Iterable[int] | None = None) -> int:
    """Join, within a story, quotes of one speaker that are the same statement told by
    different articles, whoever carries them: after a merge brings two stories' quotes
    together, or after an editor's speaker fix makes two quotes one speaker's. Each quote is
    joined to an older one (the older keeps its id and history) and never to a quote that
    an article of its own carries too. ``speaker_ids``: only these speakers' quotes. Returns
    how many quotes were joined to another."""
    wordings = _story_wordings_query(story_id, speaker_ids)
    return _join(wordings, story_id, movable=lambda held: True, earlier_only=True)


def _story_wordings_query(story_id: int, speaker_ids: Iterable[int] | None):
    rows = QuoteAppearance.objects.filter(quote__story_id=story_id, quote__speaker__isnull=False)
    if speaker_ids is not None:
        rows = rows.filter(quote__speaker_id__in=list(speaker_ids))
    return (
        rows.select_related("quote")
        .annotate(
            article_published_at=F("article__published_at"),
            article_created_at=F("article__created_at"),
        )
        .select_for_update(of=("self", "quote"))
        .order_by("quote_id", *QuoteAppearance._meta.ordering)
    )


def _join(wordings, story_id: int, *, movable, earlier_only: bool) -> int:
    """Join quotes of ``wordings`` (a story's wordings with their quotes, in quote order) to
    the same statement of the same speaker carried by other articles, and write the result.
    ``movable(held)``: whether a quote with these wordings may move; ``earlier_only``: a
    quote moves only into an older one. Returns how many quotes were joined."""
    quotes: dict[int, Quote] = {}
    held: dict[int, list[QuoteAppearance]] = {}
    for wording in wordings:
        quotes.setdefault(wording.quote_id, wording.quote)
        held.setdefault(wording.quote_id, []).append(wording)
    if not quotes:
        return 0
    carriers = {pk: {a.article_id for a in rows} for pk, rows in held.items()}
    texts = {pk: _wordings(rows) for pk, rows in held.items()}
    by_speaker: dict[int, list[int]] = {}
    for quote in quotes.values():
        by_speaker.setdefault(quote.speaker_id, []).append(quote.pk)
    moved: dict[int, QuoteAppearance] = {}
    emptied: list[Quote] = []
    targets: dict[int, Quote] = {}
    for quote in list(quotes.values()):
        appearances = held[quote.pk]
        if not appearances or not movable(appearances):
            continue
        own = carriers[quote.pk]
        # Never a quote one of its own articles carries too: that article says both.
        candidates = {
            pk: texts[pk]
            for pk in by_speaker[quote.speaker_id]
            if pk != quote.pk
            and held[pk]
            and texts[pk]
            and not (earlier_only and pk > quote.pk)
            and not (carriers[pk] & own)
        }
        match = group_quotes(_statement(appearances), candidates) if candidates else None
        if match is None:
            continue
        target = quotes[match.key]
        for appearance in appearances:
            appearance.quote = target
            appearance.match = match.match.kind
            appearance.match_score = round(match.match.score, 3)
            moved[appearance.pk] = appearance
        held[target.pk].extend(appearances)
        held[quote.pk] = []
        carriers[target.pk] |= own
        texts[target.pk] = _wordings(held[target.pk])
        emptied.append(quote)
        targets.pop(quote.pk, None)
        targets[target.pk] = target
    if not emptied:
        return 0
    retexted: list[Quote] = []
    for target in targets.values():
        if _mark_original(target, held[target.pk], moved):
            retexted.append(target)
    _write(story_id, list(moved.values()), retexted, emptied)
    return len(emptied)


def _mark_original(
    quote: Quote, appearances: list[QuoteAppearance], changed: dict[int, QuoteAppearance]
) -> bool:
    """The first outlet to carry the quote holds the original wording (in memory: changed
    wordings go into ``changed``; returns whether the quote's text changed)."""
    first = min(
        appearances,
        key=lambda a: (
            a.article_published_at is None,
            a.article_published_at or a.article_created_at,
            a.article_id,
            a.start,
        ),
    )
    original = _statement(a for a in appearances if a.article_id == first.article_id)
    retext = quote.text != original
    quote.text = original
    for appearance in appearances:
        if appearance.article_id == first.article_id:
            if appearance.match != QuoteAppearance.Match.ORIGINAL:
                appearance.match = QuoteAppearance.Match.ORIGINAL
                appearance.match_score = None
                changed[appearance.pk] = appearance
        elif appearance.match == QuoteAppearance.Match.ORIGINAL:
            m = match_quote(appearance.text, first.text)
            appearance.match = m.kind or QuoteAppearance.Match.PARAPHRASE
            appearance.match_score = round(m.score, 3)
            changed[appearance.pk] = appearance
    return retext


def _write(
    story_id: int,
    moved: list[QuoteAppearance],
    retexted: list[Quote],
    emptied: list[Quote],
) -> None:
    versions_next(moved)
    rows_update(QuoteAppearance, moved, ["quote", "match", "match_score", "version"])
    history_bulk(QuoteAppearance, moved, CHANGED)
    now = timezone.now()
    versions_next(retexted)
    for quote in retexted:
        quote.updated_at = now
    rows_update(Quote, retexted, ["text", "updated_at", "version"])
    history_bulk(Quote, retexted, CHANGED)
    # Every wording has moved to its target: nothing protects these quotes any more.
    history_bulk(Quote, emptied, DELETED)
    Quote.objects.filter(pk__in=[q.pk for q in emptied])._raw_delete(Quote.objects.db)
    story_touch(story_id)
