"""History with restore: every change kept with who and when; a restore reproduces a version."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.urls import reverse

from articles.core.story_state import WorkflowError
from articles.editorial.history import story_restore_version
from articles.models import Attribution, AuditEntry, KeyPoint, Story, SummaryParagraph
from tests.editorial.conftest import change_form_data, client_for, make_ready_story
from tests.factories import make_outlet, make_paragraph

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _snapshot(story: Story) -> dict:
    story.refresh_from_db()
    return {
        "story": (story.headline, story.slug, story.dek),
        "points": [
            (p.pk, p.position, p.text, p.evidence_override, p.override_note)
            for p in KeyPoint.objects.filter(story=story).order_by("pk")
        ],
        "paragraphs": [
            (p.pk, p.position, p.text, p.evidence_override)
            for p in SummaryParagraph.objects.filter(story=story).order_by("pk")
        ],
        "attributions": sorted(
            (a.pk, a.key_point_id, a.paragraph_id, a.outlet_id, a.article_id, a.passage)
            for a in Attribution.objects.filter(key_point__story=story)
            | Attribution.objects.filter(paragraph__story=story)
        ),
    }


def _edit_in_admin(client, story: Story, **overrides) -> None:
    url = reverse("admin:articles_story_change", args=[story.pk])
    data = change_form_data(client.get(url), **overrides)
    response = client.post(url, data)
    assert response.status_code == 302, response.context["errors"]


def test_inline_key_point_changes_are_recorded_with_the_editor(editor, ready_story):
    client = client_for(editor)
    point = ready_story.key_points.get()
    _edit_in_admin(client, ready_story, **{"key_points-0-text": "The council approved it 7-2."})
    record = point.history.first()
    assert record.text == "The council approved it 7-2."
    assert record.history_user == editor
    assert ready_story.history.first().history_user == editor


def test_restore_reproduces_an_earlier_version_exactly(editor):
    with time_machine.travel(T0, tick=False):
        story = make_ready_story(dek="First dek")
        outlet = make_outlet()
        make_paragraph(story, "The council met on Tuesday.", outlets=[outlet])
    client = client_for(editor)

    with time_machine.travel(T0 + timedelta(hours=1), tick=False):
        _edit_in_admin(
            client,
            story,
            headline="Council approves bridge",
            **{
                "key_points-0-text": "The council approved the bridge 7-2.",
                "key_points-1-text": "Mayor Jane Roe welcomed the vote.",
            },
        )
    wanted = _snapshot(story)
    version = story.history.order_by("-history_date").first().history_id

    with time_machine.travel(T0 + timedelta(hours=2), tick=False):
        _edit_in_admin(
            client,
            story,
            headline="Council approves bridge after long debate",
            dek="Second dek",
            **{
                "key_points-0-text": "The vote was 7-2.",
                "key_points-1-DELETE": "on",
                "paragraphs-0-DELETE": "on",
            },
        )
        point = story.key_points.get()
        Attribution.objects.filter(key_point=point).delete()
        KeyPoint.objects.create(story=story, position=5, text="A point added later.")
    assert _snapshot(story) != wanted

    with time_machine.travel(T0 + timedelta(hours=3), tick=False):
        story_restore_version(story=story, history_id=version, user=editor)

    assert _snapshot(story) == wanted
    entry = AuditEntry.objects.get(action="restore")
    assert entry.user == editor and entry.detail["history_id"] == version


def test_restore_keeps_the_status_and_is_itself_a_new_version(editor, ready_story):
    first = ready_story.history.first().history_id
    ready_story.headline = "Renamed"
    ready_story.save()
    versions = ready_story.history.count()
    story_restore_version(story=ready_story, history_id=first, user=editor)
    ready_story.refresh_from_db()
    assert ready_story.headline == "Northfield council approves new bridge"
    assert ready_story.status == Story.Status.REVIEW
    assert ready_story.history.count() == versions + 1


def test_reporter_cannot_restore(reporter, ready_story):
    with pytest.raises(WorkflowError, match="restore"):
        story_restore_version(
            story=ready_story, history_id=ready_story.history.first().history_id, user=reporter
        )


def test_a_version_of_another_story_cannot_be_restored(editor, ready_story):
    other = make_ready_story("Another story")
    with pytest.raises(WorkflowError, match="does not belong"):
        story_restore_version(
            story=ready_story, history_id=other.history.first().history_id, user=editor
        )


def test_editor_compares_a_version_and_restores_it_in_the_admin(editor, ready_story):
    first = ready_story.history.order_by("history_date").first().history_id
    ready_story.headline = "Renamed by mistake"
    ready_story.save()
    client = client_for(editor)
    url = reverse("admin:articles_story_simple_history", args=[ready_story.pk, first])

    page = client.get(url)
    assert page.status_code == 200
    content = page.content.decode()
    assert "Renamed by mistake" in content and "(changed)" in content
    assert "Restore this version" in content

    response = client.post(url)
    assert response.status_code == 302
    ready_story.refresh_from_db()
    assert ready_story.headline == "Northfield council approves new bridge"


def test_reporter_sees_versions_but_cannot_restore_them(reporter, ready_story):
    ready_story.status = Story.Status.DRAFT
    ready_story.save()
    first = ready_story.history.order_by("history_date").first().history_id
    client = client_for(reporter)
    url = reverse("admin:articles_story_simple_history", args=[ready_story.pk, first])
    page = client.get(url)
    assert page.status_code == 200
    assert "Restore this version" not in page.content.decode()
    assert client.post(url).status_code == 403


def test_the_history_list_shows_who_changed_what(editor, ready_story):
    client = client_for(editor)
    _edit_in_admin(client, ready_story, headline="Council approves bridge")
    page = client.get(reverse("admin:articles_story_history", args=[ready_story.pk]))
    content = page.content.decode()
    assert "Council approves bridge" in content
    assert editor.username in content
    # No link to a user's page an editor may not open (it was a 403).
    assert f"/admin/auth/user/{editor.pk}/change/" not in content


def test_a_version_before_a_merge_holds_none_of_the_merged_key_points(editor):
    """The merge opens a new version of the story it keeps: the version before lists only
    its own key points, and restoring it does not bring the other story's back."""
    from articles.editorial.history import story_state_at
    from articles.stories.restructure import story_merge
    from tests.factories import make_key_point, make_story

    kept, merged = make_story("Bridge vote passes"), make_story("Bridge vote, council says")
    make_key_point(kept, "The council approved the bridge.")
    make_key_point(merged, "The vote was seven to two.")
    kept.headline = "Bridge vote passes, seven to two"
    kept.save()
    before = kept.history.order_by("-history_date", "-history_id").first()
    story_merge(target=kept, others=[merged], user=editor)
    state = story_state_at(story=kept, history_id=before.history_id)
    assert [p.text for p in state["key_points"].values()] == ["The council approved the bridge."]
    assert sorted(kept.key_points.values_list("text", flat=True)) == [
        "The council approved the bridge.",
        "The vote was seven to two.",
    ]
