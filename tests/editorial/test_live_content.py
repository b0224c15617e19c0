"""Roles that hold on live stories: a reporter sees a published story's content in the admin but
cannot change it; an import that joins a published story changes nothing readers see until an
editor accepts it."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.urls import reverse
from django.utils import timezone

from articles.admin.live import StoryContentAdminMixin
from articles.admin.workflow import StoryWorkflowAdminMixin
from articles.models import (
    Article,
    ArticlePerson,
    Attribution,
    Figure,
    KeyPoint,
    QuoteAppearance,
    ReviewState,
    Story,
)
from tests.editorial.conftest import change_form_data, client_for, make_ready_story
from tests.factories import (
    make_correction,
    make_key_point,
    make_paragraph,
    make_quote,
    make_speaker,
)


def _live_rows(story):
    article = story.articles.get()
    quote = make_quote(
        story=story, article=article, speaker=make_speaker("Mayor Jane Roe"), text="We waited"
    )
    return {
        "articles_article": article,
        "articles_keypoint": story.key_points.get(),
        "articles_summaryparagraph": make_paragraph(story, "The council met on Monday."),
        "articles_attribution": Attribution.objects.get(key_point__story=story),
        "articles_quote": quote,
        "articles_quoteappearance": quote.appearances.get(),
        "articles_figure": Figure.objects.create(
            article=article, text="7 votes", value=7, start=0, end=7
        ),
        "articles_articleperson": ArticlePerson.objects.create(
            article=article, speaker=quote.speaker, role="Mayor"
        ),
        "articles_correction": make_correction(story),
    }


@pytest.fixture
def live_story(db):
    story = make_ready_story()
    Story.objects.filter(pk=story.pk).update(
        status=Story.Status.PUBLISHED, published_at=timezone.now()
    )
    story.refresh_from_db()
    return story


ROW_NAMES = [
    "articles_article",
    "articles_keypoint",
    "articles_summaryparagraph",
    "articles_attribution",
    "articles_quote",
    "articles_quoteappearance",
    "articles_figure",
    "articles_articleperson",
    "articles_correction",
]


@pytest.mark.parametrize("name", ROW_NAMES)
def test_a_reporter_sees_live_content_read_only_with_the_reason(name, reporter, live_story):
    row = _live_rows(live_story)[name]
    client = client_for(reporter)
    url = reverse(f"admin:{name}_change", args=[row.pk])
    page = client.get(url)
    assert page.status_code == 200
    text = page.content.decode()
    if reporter.has_perm(f"{row._meta.app_label}.change_{row._meta.model_name}"):
        # A reporter could change it on a draft: the page says why not here.
        assert "is published: only an editor can change it now" in text
    assert 'name="_save"' not in text
    before = {f.attname: getattr(row, f.attname) for f in row._meta.concrete_fields}
    assert client.post(url, {"version": getattr(row, "version", 1)}).status_code == 403
    delete = reverse(f"admin:{name}_delete", args=[row.pk])
    assert client.post(delete, {"post": "yes"}).status_code == 403
    row.refresh_from_db()
    assert {f.attname: getattr(row, f.attname) for f in row._meta.concrete_fields} == before


@pytest.mark.parametrize("name", ["articles_keypoint", "articles_summaryparagraph"])
def test_an_editor_changes_live_content(name, editor, live_story):
    row = _live_rows(live_story)[name]
    client = client_for(editor)
    url = reverse(f"admin:{name}_change", args=[row.pk])
    data = change_form_data(client.get(url), text="Edited by an editor.")
    assert client.post(url, data).status_code == 302
    row.refresh_from_db()
    assert row.text == "Edited by an editor."


def test_a_reporter_cannot_add_a_key_point_to_a_live_story(reporter, live_story):
    client = client_for(reporter)
    url = reverse("admin:articles_keypoint_add")
    data = change_form_data(client.get(url), story=str(live_story.pk), text="Sneaked in.")
    refused = client.post(url, data)
    assert refused.status_code == 200
    errors = " ".join(refused.context["adminform"].form.non_field_errors())
    assert "is published: only an editor can change it now" in errors
    assert not KeyPoint.objects.filter(text="Sneaked in.").exists()


def test_a_reporter_still_works_on_a_draft(reporter):
    story = make_ready_story(status=Story.Status.DRAFT)
    point = make_key_point(story, "A draft point.")
    client = client_for(reporter)
    url = reverse("admin:articles_keypoint_change", args=[point.pk])
    assert client.post(url, change_form_data(client.get(url), text="Better.")).status_code == 302
    point.refresh_from_db()
    assert point.text == "Better."


def test_a_reporter_cannot_approve_findings_by_editing_their_state(reporter, db):
    story = make_ready_story(status=Story.Status.DRAFT)
    attribution = Attribution.objects.get(key_point__story=story)
    client = client_for(reporter)
    url = reverse("admin:articles_attribution_change", args=[attribution.pk])
    form = client.get(url).context["adminform"].form
    assert "review_state" not in form.fields


def test_every_admin_of_a_storys_content_holds_the_rule():
    """Walks the admin site: each model that belongs to a story (directly or through its
    article, quote, key point or paragraph) has an admin that refuses reporters on live
    stories."""
    unguarded = []
    for model, model_admin in admin.site._registry.items():
        names = {f.name for f in model._meta.get_fields()}
        belongs = names & {"story", "article", "quote", "key_point", "paragraph"}
        if model is Story or not belongs or model._meta.app_label != "articles":
            continue
        if model.__name__ in {"AuditEntry", "StorySpeakerAlias"}:
            continue  # written by the system / scoped to a story's reading, not public content
        if isinstance(model_admin, StoryWorkflowAdminMixin | StoryContentAdminMixin):
            continue
        unguarded.append(model.__name__)
    assert unguarded == []


PASTED = """Northfield council approves river bridge
Outlet: The Example Courier
Published: 2026-03-09T11:00:00Z

The Northfield council approved the river bridge on Monday by seven votes to two, after a
long debate about its cost of 40 million pounds.

“It costs far too much,” Councillor John Doe told reporters after the vote.
"""

FIRST = """Northfield council approves river bridge
Outlet: The Example Gazette
Published: 2026-03-09T10:00:00Z

The Northfield council approved the river bridge on Monday by seven votes to two. The bridge
will cost 40 million pounds.

“We have waited long enough,” Mayor Jane Roe told reporters after the vote.
"""


def test_a_reporters_import_into_a_published_story_waits_for_an_editor(reporter, editor):
    import_url = reverse("admin:articles_article_import")
    assert "Created 1" in client_for(editor).post(import_url, {"text": FIRST}).content.decode()
    first = Article.objects.get()
    story = first.story
    QuoteAppearance.objects.update(review_state=ReviewState.APPROVED)
    Story.objects.filter(pk=story.pk).update(
        status=Story.Status.PUBLISHED, published_at=timezone.now()
    )
    public_url = story.get_absolute_url()
    before = client_for(None).get(public_url).content.decode()
    assert "The Example Gazette" in before

    page = client_for(reporter).post(import_url, {"text": PASTED}).content.decode()
    assert "Created 1" in page
    second = Article.objects.get(outlet__name="The Example Courier")
    assert second.story == story and second.review_state == ReviewState.SUGGESTED
    after = client_for(None).get(public_url).content.decode()
    assert "The Example Courier" not in after and "It costs far too much" not in after

    dashboard = client_for(editor).get(reverse("admin:articles_story_dashboard")).content
    assert 'New articles waiting to join published stories: <span class="count">1' in (
        dashboard.decode()
    )
    accepted = client_for(editor).post(
        reverse("admin:articles_article_changelist"),
        {"action": "accept_into_story", "_selected_action": [second.pk]},
        follow=True,
    )
    assert "Accepted 1 article(s)" in accepted.content.decode()
    shown = client_for(None).get(public_url).content.decode()
    assert "The Example Courier" in shown
    # Its quote still waits for its own review.
    assert "It costs far too much" not in shown
