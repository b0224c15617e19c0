"""Editors' review of machine findings: approve or reject wordings, fix their speaker."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from articles.editorial.workflow import content_refusal, may_change_content
from articles.models import (
    Article,
    ArticlePerson,
    Attribution,
    Figure,
    QuoteAppearance,
    ReviewState,
)
from articles.stories.joining import quote_groups_join
from sources.models import Speaker

REVIEW_PERMISSION = "articles.review_quoteappearance"


def quote_appearances_review(*, appearances: Iterable[QuoteAppearance], state: str, user) -> int:
    """Approve, reject (or return to suggested) appearances, stamping who and when.

    Only editors (``articles.review_quoteappearance``) rule on quotes."""
    if state not in ReviewState.values:
        raise ValueError(f"unknown review state {state!r}")
    if user is not None and not user.has_perm(REVIEW_PERMISSION):
        raise PermissionDenied("Only editors may approve or reject quotes.")
    now = timezone.now()
    count = 0
    with transaction.atomic():
        for appearance in appearances:
            appearance.review_state = state
            appearance.reviewed_by = user if state != ReviewState.SUGGESTED else None
            appearance.reviewed_at = now if state != ReviewState.SUGGESTED else None
            appearance.save(update_fields=["review_state", "reviewed_by", "reviewed_at"])
            count += 1
    return count


def quote_appearance_set_speaker(
    *, appearance: QuoteAppearance, speaker: Speaker | None, user
) -> QuoteAppearance:
    """An editor fixes who said it: the quote (one statement, in every outlet that carried
    it) gets ``speaker``, and the appearance is stamped as reviewed, so reading the article
    again keeps the fix. Joining follows the fix: the same statement from other outlets,
    already given to ``speaker``, becomes one quote with it."""
    quote_appearances_set_speaker(appearances=[appearance], speaker=speaker, user=user)
    appearance.refresh_from_db(fields=["quote", "reviewed_by", "reviewed_at", "version"])
    return appearance


def quote_appearances_set_speaker(
    *, appearances: Iterable[QuoteAppearance], speaker: Speaker | None, user
) -> int:
    """``quote_appearance_set_speaker`` for many appearances at once, all or nothing: each
    quote is changed once however many of its wordings are chosen. Those who review quotes
    (``articles.review_quoteappearance``) fix speakers anywhere; others only in stories
    still theirs to change (a draft: ``may_change_content``), the whole change refused
    otherwise. Returns how many quotes changed speaker."""
    ids = [a.pk for a in appearances]
    now = timezone.now()
    changed_quotes = []
    with transaction.atomic():
        rows = list(
            QuoteAppearance.objects.select_for_update(of=("self",))
            .filter(pk__in=ids)
            .select_related("quote__story")
            .order_by("pk")
        )
        reviewer = user is None or user.has_perm(REVIEW_PERMISSION)
        for story in {a.quote.story for a in rows}:
            if not reviewer and not may_change_content(user, story):
                raise PermissionDenied(content_refusal(story))
        quotes = {a.quote_id: a.quote for a in rows}  # one copy of each quote
        for quote in quotes.values():
            if quote.speaker_id != (speaker.pk if speaker else None):
                quote.speaker = speaker
                quote.save(update_fields=["speaker", "updated_at"])
                changed_quotes.append(quote)
        for appearance in rows:
            appearance.reviewed_by = user
            appearance.reviewed_at = now
            appearance.save(update_fields=["reviewed_by", "reviewed_at"])
        if changed_quotes and speaker is not None:
            # The fixed quotes may now be statements the speaker's other quotes tell too.
            for story_id in sorted({q.story_id for q in changed_quotes}):
                quote_groups_join(story_id=story_id, speaker_ids=[speaker.pk])
    return len(changed_quotes)


def articles_accept(*, articles: Iterable[Article], user) -> int:
    """An editor accepts articles the machine placed in a published story: readers see them,
    with their approved quotes, people and figures, from now on."""
    if not (user is not None and user.has_perm(REVIEW_PERMISSION)):
        raise PermissionDenied("Only editors may accept articles into a published story.")
    count = 0
    with transaction.atomic():
        for article in Article.objects.select_for_update().filter(
            pk__in=[a.pk for a in articles], review_state=ReviewState.SUGGESTED
        ):
            article.review_state = ReviewState.APPROVED
            article._history_user = user
            article.save(update_fields=["review_state", "updated_at"])
            count += 1
    return count


def findings_review(
    *, rows: Iterable[Attribution | ArticlePerson | Figure], state: str, user
) -> int:
    """Approve or reject machine findings other than wordings: evidence passages, the people
    (and roles) an article names, its figures. Row by row, so history records each decision;
    only editors rule on them, as on quotes."""
    if state not in ReviewState.values:
        raise ValueError(f"unknown review state {state!r}")
    if user is not None and not user.has_perm(REVIEW_PERMISSION):
        raise PermissionDenied("Only editors may approve or reject what the machine found.")
    count = 0
    with transaction.atomic():
        for row in rows:
            if row.review_state != state:
                row.review_state = state
                row.save(update_fields=["review_state"])
            count += 1
    return count
