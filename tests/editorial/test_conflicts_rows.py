"""No lost updates on any row an editor can change: two editors open the same change form in
the admin, both save; the second gets a conflict that says what changed, and the first
editor's change stays."""

from __future__ import annotations

import threading

import pytest
from django.core.management import call_command
from django.db import connection
from django.urls import reverse

from articles.models import QuoteAppearance
from sources.models import Speaker
from sources.versioning import StaleVersion
from tests.editorial.conftest import change_form_data, client_for, make_user
from tests.factories import (
    make_article,
    make_correction,
    make_outlet,
    make_paragraph,
    make_quote,
    make_speaker,
)


def _article(story):
    return story.articles.get()


def _quote(story):
    return make_quote(
        story=story, article=_article(story), speaker=make_speaker("Mayor Jane Roe"), text="Go"
    )


# (admin URL name, how to make the row from a story, field, first editor's value, second's)
ROWS = [
    ("articles_article", _article, "headline", "Bridge approved 7-2", "Bridge vote passes"),
    ("articles_keypoint", lambda s: s.key_points.get(), "text", "Seven votes to two.", "Close."),
    (
        "articles_summaryparagraph",
        lambda s: make_paragraph(s, "The council met on Monday."),
        "text",
        "The council met on Monday night.",
        "The council met.",
    ),
    ("articles_quote", _quote, "text", "Go ahead", "Go now"),
    (
        "articles_quoteappearance",
        lambda s: QuoteAppearance.objects.get(quote=_quote(s)),
        "review_state",
        "rejected",
        "suggested",
    ),
    ("sources_speaker", lambda s: make_speaker("Jane Roe"), "role", "Mayor", "Councillor"),
    (
        "sources_outlet",
        lambda s: make_outlet("The Example Courier"),
        "name",
        "The Example Courier & Post",
        "The Courier",
    ),
    ("articles_correction", make_correction, "text", "A date was wrong.", "A name was wrong."),
]


def _open(client, name, row):
    url = reverse(f"admin:{name}_change", args=[row.pk])
    response = client.get(url)
    assert response.status_code == 200
    return url, change_form_data(response)


@pytest.mark.parametrize(("name", "make", "field", "first_value", "second_value"), ROWS)
def test_the_second_of_two_editors_gets_a_conflict_and_nothing_is_lost(
    editor, ready_story, name, make, field, first_value, second_value
):
    row = make(ready_story)
    other = make_user("Editor", username="second-editor")
    first, second = client_for(editor), client_for(other)
    url, first_form = _open(first, name, row)
    _, second_form = _open(second, name, row)

    saved = first.post(url, {**first_form, field: first_value})
    assert saved.status_code == 302, saved.context["adminform"].form.errors

    refused = second.post(url, {**second_form, field: second_value})
    assert refused.status_code == 200
    message = " ".join(refused.context["adminform"].form.non_field_errors())
    assert "after you opened it" in message and "not saved" in message
    label = refused.context["adminform"].form.fields[field].label
    assert f"{label}: now “" in message
    row.refresh_from_db()
    assert str(getattr(row, field)) == first_value

    # Reloading shows the first editor's change; a save from there goes through.
    url, fresh = _open(second, name, row)
    assert second.post(url, {**fresh, field: second_value}).status_code == 302
    row.refresh_from_db()
    assert str(getattr(row, field)) == second_value


def test_a_key_point_changed_on_its_own_page_is_not_overwritten_by_the_story_form(
    editor, ready_story
):
    point = ready_story.key_points.get()
    other = make_user("Editor", username="second-editor")
    first, second = client_for(editor), client_for(other)
    story_url = reverse("admin:articles_story_change", args=[ready_story.pk])
    story_form = change_form_data(second.get(story_url))
    url, point_form = _open(first, "articles_keypoint", point)
    assert (
        first.post(url, {**point_form, "text": "Approved by seven votes to two."}).status_code
        == 302
    )

    refused = second.post(story_url, {**story_form, "key_points-0-text": "Approved."})
    assert refused.status_code == 200
    point.refresh_from_db()
    assert point.text == "Approved by seven votes to two."


def test_a_form_without_its_version_is_refused(editor, ready_story):
    article = make_article(story=ready_story)
    client = client_for(editor)
    url, form = _open(client, "articles_article", article)
    del form["version"]
    refused = client.post(url, {**form, "headline": "Changed"})
    assert refused.status_code == 200
    assert "missing the version" in " ".join(refused.context["adminform"].form.non_field_errors())


def test_a_stale_copy_saved_by_code_raises_instead_of_overwriting(db):
    speaker = make_speaker("Jane Roe")
    first, second = Speaker.objects.get(pk=speaker.pk), Speaker.objects.get(pk=speaker.pk)
    first.role = "Mayor"
    first.save()
    second.role = "Councillor"
    with pytest.raises(StaleVersion):
        second.save()
    speaker.refresh_from_db()
    assert (speaker.role, speaker.version) == ("Mayor", 2)


def _save_at_once(barrier, results, client, url, form, role):
    try:
        barrier.wait()
        response = client.post(url, {**form, "role": role})
        results.append((role, response.status_code, response.get("Location", "")))
    finally:
        connection.close()


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_two_concurrent_saves_exactly_one_wins_in_each_of_100_runs():
    if connection.vendor != "postgresql":
        pytest.skip("concurrent admin saves need PostgreSQL's row locks; SQLite serialises them")
    call_command("sync_roles", verbosity=0)  # an earlier transactional test flushed the groups
    clients = [client_for(make_user("Editor", username=f"editor-{i}")) for i in range(2)]
    speaker = make_speaker("Jane Roe")
    url = reverse("admin:sources_speaker_change", args=[speaker.pk])
    saved_to = reverse("admin:sources_speaker_changelist")
    outcomes = []
    for run in range(100):
        forms = [change_form_data(client.get(url)) for client in clients]
        barrier, results = threading.Barrier(2), []
        threads = [
            threading.Thread(
                target=_save_at_once,
                args=(barrier, results, client, url, form, f"role {run}-{i}"),
            )
            for i, (client, form) in enumerate(zip(clients, forms, strict=True))
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        won = [role for role, status, to in results if status == 302 and to.endswith(saved_to)]
        speaker.refresh_from_db()
        outcomes.append((run, len(results), won, speaker.role))
    # Each run: both saves answered, exactly one went through, and it is the one kept.
    assert all(n == 2 and won == [role] for _, n, won, role in outcomes), outcomes
    assert speaker.version == 101
