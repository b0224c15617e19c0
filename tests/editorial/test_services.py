"""The workflow services: transitions, who may make them, the publishing rules, corrections."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core.exceptions import ValidationError

from articles.core.story_state import WorkflowError
from articles.editorial.workflow import (
    correction_add,
    key_point_set_override,
    story_archive,
    story_publish,
    story_return_to_draft,
    story_submit,
    story_unpublish,
)
from articles.models import Attribution, AuditEntry, Correction, Story
from tests.editorial.conftest import make_ready_story
from tests.factories import make_article, make_key_point, make_outlet, make_story

NOON = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _frozen_clock():
    with time_machine.travel(NOON, tick=False):
        yield


def test_workflow_error_is_a_validation_error_with_a_human_message(reporter, ready_story):
    with pytest.raises(ValidationError) as caught:
        story_publish(story=ready_story, user=reporter)
    assert isinstance(caught.value, WorkflowError)
    assert str(caught.value) == "You do not have permission to publish stories."


def test_reporter_submits_a_draft_for_review(reporter):
    story = make_story(published=False)
    story_submit(story=story, user=reporter)
    story.refresh_from_db()
    assert story.status == Story.Status.REVIEW
    assert story.updated_by == reporter
    entry = AuditEntry.objects.get()
    assert (entry.action, entry.story, entry.user) == ("submit", story, reporter)


def test_reporter_cannot_publish(reporter, ready_story):
    with pytest.raises(WorkflowError, match="permission to publish"):
        story_publish(story=ready_story, user=reporter)
    ready_story.refresh_from_db()
    assert ready_story.status == Story.Status.REVIEW
    assert not AuditEntry.objects.exists()


def test_editor_publishes_a_story_in_review_now(editor, ready_story):
    story_publish(story=ready_story, user=editor)
    ready_story.refresh_from_db()
    assert ready_story.status == Story.Status.PUBLISHED
    assert ready_story.published_at == NOON
    assert Story.objects.published().get() == ready_story
    entry = AuditEntry.objects.get()
    assert entry.action == "publish" and entry.user == editor
    assert entry.detail["scheduled"] is False


def test_administrator_publishes_too(administrator, ready_story):
    story_publish(story=ready_story, user=administrator)
    assert ready_story.status == Story.Status.PUBLISHED


def test_publishing_at_a_future_time_schedules_the_story(editor, ready_story):
    at = NOON + timedelta(hours=3)
    story_publish(story=ready_story, user=editor, at=at)
    assert ready_story.published_at == at
    assert not Story.objects.published().exists()
    assert AuditEntry.objects.get().detail["scheduled"] is True
    with time_machine.travel(at + timedelta(seconds=1), tick=False):
        assert Story.objects.published().get() == ready_story


def test_a_future_publication_time_already_set_is_kept_as_the_schedule(editor):
    at = NOON + timedelta(days=1)
    story = make_ready_story(published_at=at)
    story_publish(story=story, user=editor)
    assert story.published_at == at
    assert not story.is_public


def test_a_story_without_articles_cannot_be_published(editor):
    story = make_story(published=False, status=Story.Status.REVIEW)
    with pytest.raises(WorkflowError, match="at least one article"):
        story_publish(story=story, user=editor)


def test_a_story_whose_articles_wait_for_acceptance_says_so_when_published(editor):
    # Articles split off a published story, where they were waiting to join, into a draft.
    story = make_story(published=False, status=Story.Status.REVIEW)
    make_article(story=story, review_state="suggested")
    make_article(story=story, review_state="suggested")
    with pytest.raises(WorkflowError, match="its 2 article.s. were placed by machine and wait"):
        story_publish(story=story, user=editor)


def test_the_publish_gate_tells_every_problem_at_once(editor):
    from tests.factories import make_quote, make_speaker

    story = make_story(published=False, status=Story.Status.REVIEW)
    waiting = make_article(story=story, review_state="suggested")
    make_quote(
        story=story,
        article=waiting,
        speaker=make_speaker("Mayor Jane Roe"),
        text="We will rebuild the pier,",
        review_state="suggested",
    )
    with pytest.raises(WorkflowError) as refused:
        story_publish(story=story, user=editor)
    said = str(refused.value)
    assert "wait for an editor" in said  # the article first
    assert "key point" in said.lower()
    assert "1 quote(s) found by machine are not checked yet" in said  # and its quote too


def test_a_key_point_cited_only_to_an_outlet_is_not_evidence(editor):
    story = make_ready_story()
    make_key_point(story, "The bridge will open next spring.", outlets=[make_outlet()])
    with pytest.raises(WorkflowError, match="1 key point.*open next spring"):
        story_publish(story=story, user=editor)


def test_an_editor_override_lets_a_key_point_without_evidence_through(editor):
    story = make_ready_story()
    point = make_key_point(story, "The bridge will open next spring.")
    key_point_set_override(key_point=point, user=editor, override=True, note="Confirmed by phone")
    story_publish(story=story, user=editor)
    assert story.status == Story.Status.PUBLISHED


def test_reporter_cannot_vouch_for_a_key_point(reporter, ready_story):
    point = ready_story.key_points.get()
    with pytest.raises(WorkflowError, match="vouch"):
        key_point_set_override(key_point=point, user=reporter, override=True)


def test_an_attribution_with_an_article_is_evidence(editor):
    story = make_ready_story()
    point = make_key_point(story, "Mayor Jane Roe backed the plan.")
    article = story.articles.get()
    Attribution.objects.create(key_point=point, outlet=article.outlet, article=article)
    story_publish(story=story, user=editor)
    assert story.status == Story.Status.PUBLISHED


def test_a_draft_goes_to_review_before_it_is_published(editor):
    story = make_ready_story(status=Story.Status.DRAFT)
    with pytest.raises(WorkflowError, match="is draft; it cannot be published"):
        story_publish(story=story, user=editor)


def test_editor_unpublishes_a_published_story_back_to_draft(editor, ready_story):
    story_publish(story=ready_story, user=editor)
    story_unpublish(story=ready_story, user=editor)
    assert ready_story.status == Story.Status.DRAFT
    assert not Story.objects.published().exists()
    assert [e.action for e in AuditEntry.objects.order_by("id")] == ["publish", "unpublish"]


def test_reporter_cannot_unpublish(reporter, editor, ready_story):
    story_publish(story=ready_story, user=editor)
    with pytest.raises(WorkflowError, match="permission to unpublish"):
        story_unpublish(story=ready_story, user=reporter)


def test_only_a_published_story_can_be_unpublished(editor, ready_story):
    with pytest.raises(WorkflowError, match="not published"):
        story_unpublish(story=ready_story, user=editor)


@pytest.mark.parametrize("status", ["draft", "review", "published"])
def test_any_story_can_be_archived_and_is_then_hidden(editor, status):
    story = make_ready_story(status=status, published_at=NOON - timedelta(hours=1))
    story_archive(story=story, user=editor)
    assert story.status == Story.Status.ARCHIVED
    assert not Story.objects.published().exists()
    assert AuditEntry.objects.get().detail == {"previous_status": status}


def test_an_archived_story_comes_back_as_a_draft(editor):
    story = make_ready_story(status=Story.Status.ARCHIVED)
    story_return_to_draft(story=story, user=editor)
    assert story.status == Story.Status.DRAFT


def test_an_archived_story_cannot_be_published_directly(editor):
    story = make_ready_story(status=Story.Status.ARCHIVED)
    with pytest.raises(WorkflowError, match="archived; it cannot be published"):
        story_publish(story=story, user=editor)


def test_an_archived_story_cannot_be_submitted(reporter):
    story = make_ready_story(status=Story.Status.ARCHIVED)
    with pytest.raises(WorkflowError, match="cannot be submitted"):
        story_submit(story=story, user=reporter)


def test_an_editor_sends_a_story_in_review_back_to_draft(editor, ready_story):
    story_return_to_draft(story=ready_story, user=editor)
    assert ready_story.status == Story.Status.DRAFT


def test_every_transition_bumps_the_version_and_records_history_with_the_user(editor, ready_story):
    before = ready_story.version
    story_publish(story=ready_story, user=editor)
    story_unpublish(story=ready_story, user=editor)
    assert ready_story.version == before + 2
    latest = ready_story.history.first()
    assert (latest.status, latest.history_user, latest.version) == (
        "draft",
        editor,
        before + 2,
    )


def test_an_inactive_editor_cannot_publish(editor, ready_story):
    editor.is_active = False
    editor.save()
    with pytest.raises(WorkflowError):
        story_publish(story=ready_story, user=editor)


@pytest.mark.parametrize("kind", ["correction", "clarification", "update"])
def test_a_correction_is_typed_dated_touches_the_story_and_is_audited(editor, kind):
    story = make_story()
    with time_machine.travel(NOON + timedelta(hours=2), tick=False):
        correction = correction_add(
            story=story, user=editor, kind=kind, text="An earlier version misspelled Roe."
        )
    correction.refresh_from_db()
    story.refresh_from_db()
    assert correction.kind == kind
    assert correction.published_at == NOON + timedelta(hours=2)
    assert correction.created_by == editor
    assert story.updated_at == NOON + timedelta(hours=2)
    entry = AuditEntry.objects.get()
    assert entry.action == "correct"
    assert entry.detail["kind"] == kind and entry.detail["correction"] == correction.pk


def test_reporter_cannot_add_a_correction(reporter):
    with pytest.raises(WorkflowError, match="add corrections"):
        correction_add(story=make_story(), user=reporter, kind="correction", text="Fix.")
    assert not Correction.objects.exists()


def test_a_correction_needs_a_known_kind_and_a_text(editor):
    story = make_story()
    with pytest.raises(WorkflowError, match="not a kind"):
        correction_add(story=story, user=editor, kind="retraction", text="Fix.")
    with pytest.raises(WorkflowError, match="needs a text"):
        correction_add(story=story, user=editor, kind="correction", text="  ")


def test_the_article_of_another_story_still_counts_as_evidence(editor):
    # Evidence is any real supporting article, whichever story it was filed under.
    story = make_ready_story()
    other = make_article()
    point = make_key_point(story, "The vote was unanimous.")
    Attribution.objects.create(key_point=point, outlet=other.outlet, article=other)
    story_publish(story=story, user=editor)
    assert story.status == Story.Status.PUBLISHED
