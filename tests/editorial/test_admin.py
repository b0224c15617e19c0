"""The story admin by role: who sees which action, whose action goes through, the dashboard,
the read-only audit log, and stories that are archived rather than deleted."""

from __future__ import annotations

import pytest
from django.contrib.admin import helpers
from django.contrib.auth.models import Group
from django.urls import reverse

from articles.editorial.roles import ADMINISTRATOR, EDITOR, REPORTER
from articles.models import AuditEntry, KeyPoint, QuoteAppearance, Story
from tests.editorial.conftest import client_for, make_ready_story
from tests.factories import make_article, make_key_point, make_quote, make_speaker, make_story

ANONYMOUS = None

# action name → (status before, status after, roles allowed)
ACTIONS = {
    "submit_for_review": ("draft", "review", {REPORTER, EDITOR, ADMINISTRATOR}),
    "publish": ("review", "published", {EDITOR, ADMINISTRATOR}),
    "unpublish": ("published", "draft", {EDITOR, ADMINISTRATOR}),
    "return_to_draft": ("review", "draft", {EDITOR, ADMINISTRATOR}),
    "archive": ("published", "archived", {EDITOR, ADMINISTRATOR}),
    "merge_stories": (None, None, {EDITOR, ADMINISTRATOR}),
}
ROLES = [ANONYMOUS, REPORTER, EDITOR, ADMINISTRATOR]


def _post_action(client, action: str, stories, *, on_form: bool = False):
    if on_form:
        (story,) = stories
        url = reverse("admin:articles_story_change", args=[story.pk])
        data = {"CHANGE_FORM-action": action, helpers.ACTION_CHECKBOX_NAME: [story.pk]}
    else:
        url = reverse("admin:articles_story_changelist")
        data = {"action": action, helpers.ACTION_CHECKBOX_NAME: [s.pk for s in stories]}
    return client.post(url, data)


def _offered(client, action: str) -> bool:
    response = client.get(reverse("admin:articles_story_changelist"))
    return response.status_code == 200 and any(
        name == action for name, _ in response.context["action_form"].fields["action"].choices
    )


@pytest.mark.parametrize("role", ROLES, ids=lambda r: r or "anonymous")
@pytest.mark.parametrize("action", [a for a in ACTIONS if ACTIONS[a][0]])
def test_story_actions_follow_the_role(role, action, user_for):
    before, after, allowed = ACTIONS[action]
    story = make_ready_story(status=before)
    client = client_for(user_for(role))

    response = _post_action(client, action, [story])

    story.refresh_from_db()
    if role is None:
        assert response.status_code == 302
        assert reverse("admin:login") in response["Location"]
        assert story.status == before
    elif role in allowed:
        assert _offered(client, action)
        assert story.status == after
        assert AuditEntry.objects.filter(story=story, user__isnull=False).exists()
    else:
        assert not _offered(client, action)
        assert story.status == before


@pytest.mark.parametrize("role", ROLES, ids=lambda r: r or "anonymous")
def test_merge_is_offered_to_editors_and_administrators_only(role, user_for):
    client = client_for(user_for(role))
    if role is None:
        response = client.get(reverse("admin:articles_story_changelist"))
        assert response.status_code == 302
    else:
        assert _offered(client, "merge_stories") == (role in ACTIONS["merge_stories"][2])


def test_actions_are_offered_on_the_change_form_too(editor, ready_story):
    client = client_for(editor)
    page = client.get(reverse("admin:articles_story_change", args=[ready_story.pk]))
    choices = dict(page.context["action_form"].fields["action"].choices)
    assert {"publish", "archive", "submit_for_review"} <= set(choices)
    response = _post_action(client, "publish", [ready_story], on_form=True)
    assert response.status_code == 302
    ready_story.refresh_from_db()
    assert ready_story.status == Story.Status.PUBLISHED


def test_a_refused_publish_reports_the_reason_for_each_story(editor):
    good = make_ready_story("Good story")
    empty = make_story("Story without articles", published=False, status="review")
    response = _post_action(client_for(editor), "publish", [good, empty])
    messages = [str(m) for m in response.wsgi_request._messages]
    assert any("Story without articles" in m and "at least one article" in m for m in messages)
    assert any("1 story(ies) published" in m for m in messages), messages
    good.refresh_from_db()
    empty.refresh_from_db()
    assert (good.status, empty.status) == ("published", "review")


def test_reporter_edits_drafts_but_only_views_submitted_stories(reporter):
    client = client_for(reporter)
    draft = make_ready_story(status="draft")
    submitted = make_ready_story("Submitted story", status="review")
    draft_page = client.get(reverse("admin:articles_story_change", args=[draft.pk]))
    assert draft_page.context["has_change_permission"] is True
    submitted_page = client.get(reverse("admin:articles_story_change", args=[submitted.pk]))
    assert submitted_page.status_code == 200
    assert submitted_page.context["has_change_permission"] is False
    url = reverse("admin:articles_story_change", args=[submitted.pk])
    assert client.post(url, {"headline": "Sneaky"}).status_code == 403


def test_status_is_changed_only_through_the_workflow(editor, ready_story):
    page = client_for(editor).get(reverse("admin:articles_story_change", args=[ready_story.pk]))
    form = page.context["adminform"].form
    assert "status" not in form.fields
    assert "published_at" in form.fields


def test_reporter_cannot_schedule_or_vouch(reporter):
    story = make_ready_story(status="draft")
    page = client_for(reporter).get(reverse("admin:articles_story_change", args=[story.pk]))
    assert "published_at" not in page.context["adminform"].form.fields
    assert "embargo_until" not in page.context["adminform"].form.fields
    key_points = next(
        i for i in page.context["inline_admin_formsets"] if i.formset.model is KeyPoint
    )
    assert "evidence_override" not in key_points.formset.forms[0].fields


@pytest.mark.parametrize("role", [REPORTER, EDITOR, ADMINISTRATOR])
def test_only_administrators_may_delete_stories(role, user_for):
    client = client_for(user_for(role))
    story = make_story(published=False)
    response = client.get(reverse("admin:articles_story_delete", args=[story.pk]))
    assert (response.status_code == 200) == (role == ADMINISTRATOR)
    assert not _offered(client, "delete_selected")


@pytest.mark.parametrize("role", ROLES, ids=lambda r: r or "anonymous")
def test_the_audit_log_is_read_only_and_hidden_from_reporters(role, user_for):
    client = client_for(user_for(role))
    entry = AuditEntry.objects.create(action="publish", story=make_story())
    changelist = client.get(reverse("admin:articles_auditentry_changelist"))
    add = client.get(reverse("admin:articles_auditentry_add"))
    delete = client.get(reverse("admin:articles_auditentry_delete", args=[entry.pk]))
    if role is None:
        assert changelist.status_code == 302
        return
    assert changelist.status_code == (403 if role == REPORTER else 200)
    assert add.status_code == 403
    assert delete.status_code == 403


def test_roles_are_groups_created_by_the_migration(db):
    groups = {g.name: g for g in Group.objects.prefetch_related("permissions__content_type")}
    assert set(groups) >= {REPORTER, EDITOR, ADMINISTRATOR}

    def perms(role):
        return {f"{p.content_type.app_label}.{p.codename}" for p in groups[role].permissions.all()}

    reporter, editor, admin = perms(REPORTER), perms(EDITOR), perms(ADMINISTRATOR)
    assert "articles.publish_story" not in reporter
    assert {"articles.change_story", "articles.add_article", "sources.add_speaker"} <= reporter
    assert reporter < editor
    assert {
        "articles.publish_story",
        "articles.override_evidence",
        "articles.merge_story",
        "articles.add_correction",
        "articles.view_historicalstory",
    } <= editor
    assert editor < admin
    assert {"auth.add_user", "auth.change_group", "articles.delete_story"} <= admin
    assert not any(p.startswith("articles.change_historical") for p in admin)


@pytest.fixture
def newsroom_backlog(db):
    in_review = make_ready_story("Waiting for an editor")
    make_story("Published one")
    make_key_point(in_review, "A point nobody has sourced yet.")
    article = make_article(story=in_review)
    speaker = make_speaker("Mayor Jane Roe")
    make_quote(
        story=in_review,
        article=article,
        speaker=speaker,
        text="We have waited long enough",
        review_state="suggested",
    )
    make_article(story=None)
    make_article(story=None)
    return in_review


def test_dashboard_counts_the_editors_work_with_links(
    editor, newsroom_backlog, django_assert_num_queries
):
    client = client_for(editor)
    client.get(reverse("admin:index"))  # warm the session
    # Session, user, permissions (2), eight counts, three short lists, whether an import
    # failed: however long the lists.
    with django_assert_num_queries(16):
        page = client.get(reverse("admin:articles_story_dashboard"))
    for n in range(5):
        make_story(f"Another story in review {n}", published=False, status="review")
    with django_assert_num_queries(16):
        client.get(reverse("admin:articles_story_dashboard"))
    cards = {c["title"]: c for c in page.context["cards"]}
    assert cards["Stories in review"]["count"] == 1
    assert cards["Stories in review"]["stories"] == [newsroom_backlog]
    assert cards["Suggested quotes waiting for review"]["count"] == 1
    assert cards["Key points without evidence"]["count"] == 1
    assert cards["New articles not yet in a story"]["count"] == 2
    for card in cards.values():
        assert client.get(card["url"]).status_code == 200


def test_the_scheduled_card_opens_the_stories_going_live_later(editor):
    from datetime import timedelta

    from django.utils import timezone

    soon = make_story("Bridge opens on Friday")
    soon.published_at = timezone.now() + timedelta(days=2)
    soon.save()
    make_story("Bridge vote passes")  # live already
    client = client_for(editor)
    page = client.get(reverse("admin:articles_story_dashboard"))
    card = {c["title"]: c for c in page.context["cards"]}["Scheduled or embargoed"]
    listed = client.get(card["url"]).content.decode()
    assert "Bridge opens on Friday" in listed
    assert "Bridge vote passes" not in listed


def test_dashboard_shows_imports_in_progress_and_failures(editor):
    from django.utils import timezone

    from jobs.models import Job

    running = Job.objects.create(
        kind=Job.Kind.UPLOAD, label="harbour.json", input=[], state="running", total=4, done=1
    )
    Job.objects.create(kind=Job.Kind.UPLOAD, label="old.json", input=[], state="succeeded")
    Job.objects.create(
        kind=Job.Kind.FEED,
        label="Gazette feed",
        input=[],
        state="failed",
        error="RuntimeError: disk full",
        finished_at=timezone.now(),
    )
    client = client_for(editor)
    page = client.get(reverse("admin:articles_story_dashboard"))
    cards = {c["title"]: c for c in page.context["cards"]}
    assert cards["Imports in progress"]["jobs"] == [running]
    assert cards["Imports that failed this week"]["count"] == 1
    html = page.content.decode()
    assert f'href="{running.get_absolute_url()}"' in html and 'value="25"' in html
    assert "RuntimeError: disk full" in html
    listed = client.get(cards["Imports in progress"]["url"])
    assert list(listed.context["cl"].result_list) == [running]


def test_dashboard_links_open_the_matching_filtered_lists(editor, newsroom_backlog):
    client = client_for(editor)
    page = client.get(reverse("admin:articles_story_dashboard"))
    cards = {c["title"]: c for c in page.context["cards"]}
    points = client.get(cards["Key points without evidence"]["url"])
    assert [p.text for p in points.context["cl"].result_list] == ["A point nobody has sourced yet."]
    quotes = client.get(cards["Suggested quotes waiting for review"]["url"])
    assert list(quotes.context["cl"].result_list) == list(
        QuoteAppearance.objects.filter(review_state="suggested")
    )


def test_people_and_figures_left_unchecked_are_told_on_the_story_and_the_dashboard(editor):
    from articles.models import ArticlePerson, Figure

    story = make_ready_story("Valmora ferry returns")
    other = make_ready_story("Port Alder library opens")
    article = story.articles.get()
    roe = ArticlePerson.objects.create(
        article=article,
        speaker=make_speaker("Mayor Jane Roe"),
        role="mayor",
        review_state="suggested",
    )
    figure = Figure.objects.create(
        article=article,
        text="40 crossings",
        start=0,
        end=12,
        value=40,
        unit="crossings",
        review_state="suggested",
    )
    # another story's findings are not this story's to check
    Figure.objects.create(
        article=other.articles.get(),
        text="9 shelves",
        start=0,
        end=9,
        value=9,
        review_state="suggested",
    )
    client = client_for(editor)
    checks = client.get(reverse("admin:articles_story_change", args=[story.pk])).content.decode()
    assert "1 person found by machine is not checked yet" in checks
    assert "1 figure found by machine is not checked yet" in checks
    people_url = (
        f"{reverse('admin:articles_articleperson_changelist')}?story={story.pk}"
        "&review_state__exact=suggested"
    )
    assert people_url.replace("&", "&amp;") in checks
    listed = client.get(people_url)
    assert list(listed.context["cl"].result_list) == [roe]
    figures = client.get(
        f"{reverse('admin:articles_figure_changelist')}?story={story.pk}"
        "&review_state__exact=suggested"
    )
    assert list(figures.context["cl"].result_list) == [figure]
    cards = {
        c["title"]: c
        for c in client.get(reverse("admin:articles_story_dashboard")).context["cards"]
    }
    assert cards["Suggested people waiting for review"]["count"] == 1
    assert cards["Suggested figures waiting for review"]["count"] == 2

    # Publishing is not held up, but the editor is told what readers will not see yet.
    published = client.post(
        reverse("admin:articles_story_changelist"),
        {"action": "publish", "_selected_action": [story.pk]},
        follow=True,
    )
    said = [str(m) for m in published.context["messages"]]
    assert "1 story(ies) published." in said
    assert any(
        "1 person and 1 figure found by machine are not checked yet; readers see them once" in m
        for m in said
    ), said

    # The editor approves them from the filtered list: the story's checks no longer ask.
    client.post(
        reverse("admin:articles_articleperson_changelist"),
        {"action": "approve_findings", "_selected_action": [roe.pk]},
    )
    client.post(
        reverse("admin:articles_figure_changelist"),
        {"action": "approve_findings", "_selected_action": [figure.pk]},
    )
    checks = client.get(reverse("admin:articles_story_change", args=[story.pk])).content.decode()
    assert "not checked yet" not in checks


def test_the_admin_index_links_to_the_dashboard(editor):
    page = client_for(editor).get(reverse("admin:index"))
    assert reverse("admin:articles_story_dashboard") in page.content.decode()


def test_anonymous_visitors_are_sent_to_log_in_from_the_dashboard(client, db):
    response = client.get(reverse("admin:articles_story_dashboard"))
    assert response.status_code == 302
    assert reverse("admin:login") in response["Location"]


def test_adding_a_correction_in_the_story_admin_goes_through_the_service(editor):
    from tests.editorial.conftest import change_form_data

    story = make_story()
    client = client_for(editor)
    url = reverse("admin:articles_story_change", args=[story.pk])
    data = change_form_data(client.get(url))
    data.update(
        {
            "corrections-TOTAL_FORMS": "1",
            "corrections-0-kind": "clarification",
            "corrections-0-text": "The vote was held on Tuesday, not Monday.",
            "corrections-0-published_at_0": "2026-03-02",
            "corrections-0-published_at_1": "12:00:00",
        }
    )
    assert client.post(url, data).status_code == 302
    correction = story.corrections.get()
    assert correction.kind == "clarification" and correction.created_by == editor
    assert AuditEntry.objects.filter(action="correct", story=story, user=editor).exists()


def test_rewording_a_key_point_sends_its_evidence_back_to_an_editor(editor, client):
    """Evidence is checked for one wording: a published key point saved with other words
    loses its chips until an editor checks the evidence again (a typo fix keeps them)."""
    from tests.editorial.conftest import change_form_data

    story = make_ready_story("Valmora dam spillway gives way")  # one approved evidence link
    point = story.key_points.get()
    editors = client_for(editor)
    editors.post(
        reverse("admin:articles_story_changelist"),
        {"action": "publish", "_selected_action": [story.pk]},
    )
    story.refresh_from_db()
    assert client.get(story.get_absolute_url()).status_code == 200
    url = reverse("admin:articles_story_change", args=[story.pk])

    def reword(text):
        data = change_form_data(editors.get(url))
        data["key_points-0-text"] = text
        response = editors.post(url, data)
        assert response.status_code == 302, response.content.decode()[:2000]
        point.refresh_from_db()

    reword("The council approved the bridge .")  # a stray space: the same claim
    assert point.attributions.get(origin="editor").review_state == "approved"
    page = client.get(story.get_absolute_url()).content.decode()
    assert "No source linked yet" not in page

    reword("Governor Jane Roe resigned over the collapse.")
    assert point.text == "Governor Jane Roe resigned over the collapse."
    assert not point.attributions.filter(review_state="approved").exists(), list(
        point.attributions.values("origin", "review_state", "article_id")
    )
    page = client.get(story.get_absolute_url()).content.decode()
    assert "No source linked yet" in page  # no chip vouches for words nobody checked
    checks = editors.get(url).content.decode()
    assert (
        "Key point 1&#x27;s evidence was checked for other words and awaits review: "
        "“Governor Jane Roe resigned over the collapse.”" in checks
    )


def test_editing_an_articles_text_drops_what_the_old_text_said(editor):
    """Findings whose words the editor took out of the text go; those still there keep the
    editor's decision, at their new place; the new words wait for review."""
    from articles.ingest.service import ingest_payloads
    from articles.models import Article, Figure
    from tests.editorial.conftest import change_form_data

    body = (
        "The Valmora dam spillway gave way on Monday, forcing the evacuation of 1,200 "
        "residents.\n\n"
        "“The main wall is holding,” said Mayor Jane Roe.\n\n"
        "“We will rebuild the spillway by spring,” Roe said."
    )
    report = ingest_payloads(
        [{"outlet": "The Example Gazette", "headline": "Spillway gives way", "body": body}],
        source="test",
    )
    article = Article.objects.get(pk=report.items[0].article)
    article.appearances.update(review_state="approved")
    Figure.objects.filter(article=article).update(review_state="approved")
    client = client_for(editor)
    url = reverse("admin:articles_article_change", args=[article.pk])
    data = change_form_data(client.get(url))
    data["body"] = (
        "The Valmora dam spillway gave way on Monday, forcing the evacuation of 900 "
        "residents.\n\n"
        "“We have no idea what happened,” said Mayor Jane Roe.\n\n"
        "“We will rebuild the spillway by spring,” Roe said."
    )
    response = client.post(url, data, follow=True)
    assert response.status_code == 200
    said = " ".join(str(m) for m in response.context["messages"])
    assert "The text changed, so it was read again" in said
    states = {a.text: a.review_state for a in article.appearances.all()}
    assert "The main wall is holding," not in states
    assert states["We will rebuild the spillway by spring,"] == "approved"  # moved, kept
    assert states["We have no idea what happened,"] == "suggested"
    figures = {f.text: f.review_state for f in Figure.objects.filter(article=article)}
    assert "1,200 residents" not in figures and figures["900 residents"] == "suggested"
    for appearance in article.appearances.all():  # every span still holds its words
        assert data["body"][appearance.start : appearance.end] == appearance.text


def test_a_story_image_without_alt_text_is_on_the_storys_checks(editor):
    from articles.models import ArticleImage

    story = make_ready_story("Valmora ferry returns")
    image = ArticleImage.objects.create(
        article=story.articles.get(),
        source_url="https://gazette.example/ferry.jpg",
        state=ArticleImage.State.READY,
    )
    client = client_for(editor)
    url = reverse("admin:articles_story_change", args=[story.pk])
    assert "The story's image has no alt text" in client.get(url).content.decode()
    image.alt = "The ferry at the Valmora pier at dawn"
    image.save()
    assert "image has no alt text" not in client.get(url).content.decode()
