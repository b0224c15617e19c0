"""The same quote across outlets: a speaker's statement carried by several articles of one
story is one ``Quote`` with several wordings (``QuoteAppearance``), the first outlet's being
the original.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from articles.engine.quote_match import group_quotes, match_quote
from articles.models import (
    Article,
    Quote,
    QuoteAppearance,
    ReviewState,
)


def _statement(appearances: Iterable[QuoteAppearance]) -> str:
    return " ".join(a.text.strip() for a in sorted(appearances, key=lambda a: a.start))


def _wordings(quote: Quote) -> list[str]:
    by_article: dict[int, list[QuoteAppearance]] = {}
    for appearance in quote.appearances.all():
        if appearance.review_state != ReviewState.REJECTED:
            by_article.setdefault(appearance.article_id, []).append(appearance)
    return [_statement(group) for group in by_article.values()]


@transaction.atomic
def quotes_connect(*, article: Article) -> int:
    """Join the article's quotes to the same statements already in its story.

    Only quotes of the same speaker in the same story are compared. Returns how many quotes
    were joined to an existing one."""
    if article.story_id is None:
        return 0
    joined = 0
    own = list(
        Quote.objects.filter(story_id=article.story_id, appearances__article=article)
        .exclude(speaker__isnull=True)
        .distinct()
        .prefetch_related("appearances")
    )
    if not own:
        return 0
    # Every quote of the same speakers in the story, loaded once: the candidates for joining.
    wordings: dict[int, dict[int, list[str]]] = {}
    for other in Quote.objects.filter(
        story_id=article.story_id, speaker_id__in={q.speaker_id for q in own}
    ).prefetch_related("appearances"):
        wordings.setdefault(other.speaker_id, {})[other.pk] = _wordings(other)
    for quote in own:
        appearances = list(quote.appearances.all())
        if any(a.article_id != article.pk for a in appearances):
            continue  # already joined to other outlets' wordings
        statement = _statement(appearances)
        groups = {
            pk: texts
            for pk, texts in wordings.get(quote.speaker_id, {}).items()
            if pk != quote.pk and texts
        }
        match = group_quotes(statement, groups)
        if match is None:
            continue
        target = Quote.objects.get(pk=match.key)
        for appearance in appearances:
            appearance.quote = target
            appearance.match = match.match.kind
            appearance.match_score = round(match.match.score, 3)
            appearance.save(update_fields=["quote", "match", "match_score"])
        joined_pk = quote.pk
        quote.delete()
        speaker_groups = wordings[quote.speaker_id]
        speaker_groups.pop(joined_pk, None)
        speaker_groups[target.pk].append(statement)
        joined += 1
        _mark_original(target)
    return joined


def _mark_original(quote: Quote) -> None:
    """The first outlet to carry the quote holds the original wording."""
    appearances = list(quote.appearances.select_related("article"))
    first = min(
        appearances,
        key=lambda a: (
            a.article.published_at is None,
            a.article.published_at or a.article.created_at,
            a.article_id,
            a.start,
        ),
    )
    original = _statement(a for a in appearances if a.article_id == first.article_id)
    if quote.text != original:
        quote.text = original
        quote.save(update_fields=["text", "updated_at"])
    for appearance in appearances:
        if appearance.article_id == first.article_id:
            if appearance.match != QuoteAppearance.Match.ORIGINAL:
                appearance.match = QuoteAppearance.Match.ORIGINAL
                appearance.match_score = None
                appearance.save(update_fields=["match", "match_score"])
        elif appearance.match == QuoteAppearance.Match.ORIGINAL:
            m = match_quote(appearance.text, first.text)
            appearance.match = m.kind or QuoteAppearance.Match.PARAPHRASE
            appearance.match_score = round(m.score, 3)
            appearance.save(update_fields=["match", "match_score"])
