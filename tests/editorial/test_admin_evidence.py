"""An editor sees the story's evidence checks in the admin and links evidence on demand."""

from articles.models import Article, Attribution
from tests.editorial.conftest import client_for
from tests.factories import make_key_point, make_outlet, make_paragraph, make_story


def _story():
    gazette, wire = make_outlet("The Example Gazette"), make_outlet("Example Wire")
    story = make_story("Bridge approved", published=False)
    Article.objects.create(
        story=story,
        outlet=gazette,
        headline="Council approves river bridge",
        body="The Northfield council approved the river bridge on Monday by seven votes to two.",
    )
    make_key_point(story, "The council approved the river bridge by seven votes to two.")
    make_key_point(story, "The mayor's cat won a beauty contest.", position=1)
    make_paragraph(story, "The bridge was approved.", outlets=[wire])
    return story


def test_editor_sees_unsupported_points_and_outlets_cited_without_articles(editor):
    story = _story()
    response = client_for(editor).get(f"/admin/articles/story/{story.pk}/change/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Key point 2 has no supporting article" in page
    assert "Example Wire is cited (paragraph 1) but none of its articles is in the story." in page


def test_editor_links_evidence_with_the_admin_action(editor):
    story = _story()
    response = client_for(editor).post(
        "/admin/articles/story/",
        {"action": "find_evidence", "_selected_action": [story.pk]},
        follow=True,
    )
    assert b"supporting passages" in response.content
    point = story.key_points.get(position=0)
    evidence = point.attributions.get(origin=Attribution.Origin.ENGINE)
    assert evidence.article.outlet.name == "The Example Gazette"
    assert "seven votes to two" in evidence.passage


def test_editor_sees_the_word_level_difference_between_wordings(editor):
    from django.core.management import call_command

    from articles.models import Quote

    call_command("load_demo", verbosity=0)
    homan = Quote.objects.get(speaker__name="Tom Homan")
    page = client_for(editor).get(f"/admin/articles/quote/{homan.pk}/change/").content.decode()
    assert "Multi-source summary" in page and "Variant wording" in page
    assert "<del> figures,</del><ins> numbers.</ins>" in page
    assert "<del> have</del><ins> need</ins>" in page


def test_publishing_warns_the_editor_about_flags_the_rules_allow(editor):
    from articles.models import Story

    story = _story()
    Story.objects.filter(pk=story.pk).update(status=Story.Status.REVIEW)
    for point in story.key_points.all():
        point.evidence_override = True
        point.save()
    response = client_for(editor).post(
        "/admin/articles/story/",
        {"action": "publish", "_selected_action": [story.pk]},
        follow=True,
    )
    page = response.content.decode()
    assert "1 story(ies) published." in page
    assert "Example Wire is cited (paragraph 1)" in page


def test_editor_approves_machine_found_evidence_in_bulk(editor):
    story = _story()
    client = client_for(editor)
    client.post(
        "/admin/articles/story/", {"action": "find_evidence", "_selected_action": [story.pk]}
    )
    found = list(Attribution.objects.filter(origin=Attribution.Origin.ENGINE))
    assert found and all(a.review_state == "suggested" for a in found)
    response = client.post(
        "/admin/articles/attribution/",
        {"action": "approve_findings", "_selected_action": [a.pk for a in found]},
        follow=True,
    )
    assert f"Approved {len(found)} evidence link(s)." in response.content.decode()
    assert set(
        Attribution.objects.filter(origin=Attribution.Origin.ENGINE).values_list(
            "review_state", flat=True
        )
    ) == {"approved"}
