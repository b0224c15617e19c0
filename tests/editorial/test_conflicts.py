"""No lost updates: the second of two editors saving the same story gets a conflict."""

from __future__ import annotations

from django.urls import reverse

from articles.editorial.workflow import story_publish
from articles.models import Story
from tests.editorial.conftest import change_form_data, client_for, make_user


def _open(client, story):
    url = reverse("admin:articles_story_change", args=[story.pk])
    return url, change_form_data(client.get(url))


def test_the_second_save_is_refused_with_what_changed(editor, ready_story):
    other = make_user("Editor", username="second-editor")
    first, second = client_for(editor), client_for(other)
    url, first_form = _open(first, ready_story)
    _, second_form = _open(second, ready_story)

    saved = first.post(url, {**first_form, "headline": "Council approves bridge 7-2"})
    assert saved.status_code == 302

    refused = second.post(url, {**second_form, "headline": "Bridge vote passes"})
    assert refused.status_code == 200
    errors = refused.context["adminform"].form.non_field_errors()
    message = " ".join(errors)
    assert "editor changed this story after you opened it" in message
    assert "Headline: now “Council approves bridge 7-2”, in your form “Bridge vote passes”" in (
        message
    )
    assert "not saved" in message
    ready_story.refresh_from_db()
    assert ready_story.headline == "Council approves bridge 7-2"


def test_inline_changes_of_the_second_editor_are_not_saved_either(editor, ready_story):
    other = make_user("Editor", username="second-editor")
    first, second = client_for(editor), client_for(other)
    url, first_form = _open(first, ready_story)
    _, second_form = _open(second, ready_story)
    assert first.post(url, {**first_form, "dek": "A new dek"}).status_code == 302

    refused = second.post(url, {**second_form, "key_points-0-text": "Overwritten point"})
    assert refused.status_code == 200
    assert ready_story.key_points.get().text == "The council approved the bridge."


def test_a_save_after_reloading_goes_through(editor, ready_story):
    client = client_for(editor)
    url, form = _open(client, ready_story)
    assert client.post(url, {**form, "dek": "One"}).status_code == 302
    url, form = _open(client, ready_story)
    assert client.post(url, {**form, "dek": "Two"}).status_code == 302
    ready_story.refresh_from_db()
    assert ready_story.dek == "Two"


def test_a_workflow_change_meanwhile_also_conflicts(editor, ready_story):
    client = client_for(editor)
    url, form = _open(client, ready_story)
    story_publish(story=Story.objects.get(pk=ready_story.pk), user=editor)
    refused = client.post(url, {**form, "dek": "Late edit"})
    assert refused.status_code == 200
    assert "Status: now “published”" in " ".join(
        refused.context["adminform"].form.non_field_errors()
    )
    ready_story.refresh_from_db()
    assert ready_story.dek == ""


def test_each_save_bumps_the_version(editor, ready_story):
    client = client_for(editor)
    before = ready_story.version
    url, form = _open(client, ready_story)
    client.post(url, {**form, "dek": "One"})
    ready_story.refresh_from_db()
    assert ready_story.version == before + 1


def test_a_conflict_lists_only_what_differs_in_an_editors_words(editor, ready_story):
    other = make_user("Editor", username="second-editor")
    first, second = client_for(editor), client_for(other)
    url, first_form = _open(first, ready_story)
    _, second_form = _open(second, ready_story)
    changed = {**first_form, "key_points-0-text": "The council approved the bridge 7-2."}
    assert first.post(url, changed).status_code == 302

    refused = second.post(url, {**second_form, "key_points-0-text": "The vote was close."})
    assert refused.status_code == 200
    formsets = [inline.formset for inline in refused.context["inline_admin_formsets"]]
    said = " ".join(
        [*refused.context["adminform"].form.non_field_errors()]
        + [str(error) for formset in formsets for error in formset.errors]
    )
    assert "Key points (edited since you opened the form)" in said
    assert "“changed”" not in said and "Id:" not in said and "id: now" not in said
    assert "The council approved the bridge 7-2." in said  # the other editor's words
