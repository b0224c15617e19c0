"""The editors' dashboard: what waits for someone, as cards with counts, short lists and a link
to the full, filtered list."""

from __future__ import annotations

from django.urls import reverse
from django.utils import timezone

from articles.editorial.workflow import key_points_without_evidence
from articles.models import (
    Article,
    ArticlePerson,
    Figure,
    KeyPoint,
    QuoteAppearance,
    ReviewState,
    Story,
    published_q,
)
from jobs.models import Job


def _waiting(model):
    """Findings of ``model`` (people, figures) still to check in stories being worked on:
    readers see none of them until an editor approves them."""
    return model.objects.filter(
        review_state=ReviewState.SUGGESTED, article__story__isnull=False
    ).exclude(article__story__status=Story.Status.ARCHIVED)


def dashboard_cards(now) -> list[dict]:
    in_review = Story.objects.in_review().order_by("-updated_at")
    scheduled = Story.objects.filter(status=Story.Status.PUBLISHED).exclude(published_q(now))
    unsupported = key_points_without_evidence(
        KeyPoint.objects.exclude(story__status=Story.Status.ARCHIVED)
    )
    suggested = QuoteAppearance.objects.filter(review_state=ReviewState.SUGGESTED)
    unplaced = Article.objects.unplaced()
    cards = [
        {
            "title": "Stories in review",
            "count": in_review.count(),
            "url": reverse("admin:articles_story_changelist") + "?status__exact=review",
            "stories": list(in_review[:10]),
        },
        {
            "title": "Suggested quotes waiting for review",
            "count": suggested.count(),
            "url": reverse("admin:articles_quoteappearance_changelist")
            + "?review_state__exact=suggested",
        },
        {
            "title": "Suggested people waiting for review",
            "count": _waiting(ArticlePerson).count(),
            "url": reverse("admin:articles_articleperson_changelist")
            + "?review_state__exact=suggested",
        },
        {
            "title": "Suggested figures waiting for review",
            "count": _waiting(Figure).count(),
            "url": reverse("admin:articles_figure_changelist") + "?review_state__exact=suggested",
        },
        {
            "title": "Key points without evidence",
            "count": unsupported.count(),
            "url": reverse("admin:articles_keypoint_changelist") + "?evidence=missing",
        },
        {
            "title": "New articles waiting to join published stories",
            "count": Article.objects.pending().count(),
            "url": reverse("admin:articles_article_changelist") + "?review_state__exact=suggested",
        },
        {
            "title": "New articles not yet in a story",
            "count": unplaced.count(),
            "url": reverse("admin:articles_article_changelist") + "?story__isempty=1",
        },
        {
            "title": "Scheduled or embargoed",
            "count": None,
            "url": reverse("admin:articles_story_changelist") + "?upcoming=yes",
            "stories": list(scheduled.order_by("published_at")[:10]),
        },
    ]
    active = Job.objects.exclude(state__in=Job.FINAL)
    failed = Job.objects.filter(
        state=Job.State.FAILED, finished_at__gte=now - timezone.timedelta(days=7)
    )
    cards[1:1] = [
        {
            "title": "Imports in progress",
            "count": active.count(),
            "url": reverse("admin:jobs_job_changelist") + "?state__in=queued,running,retrying",
            "jobs": list(active.order_by("created_at")[:10]),
        }
    ]
    if failed.exists():
        cards.append(
            {
                "title": "Imports that failed this week",
                "count": failed.count(),
                "url": reverse("admin:jobs_job_changelist") + "?state__exact=failed",
                "jobs": list(failed.order_by("-finished_at")[:5]),
            }
        )
    return cards
