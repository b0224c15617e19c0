"""An editor, with an editor's permissions only, builds a story by hand in the admin: the
outlet, the speaker with an alias, the story with its key points, the article and a quote."""

from articles.models import Article, Attribution, KeyPoint, Quote, Story
from sources.models import Outlet, Speaker
from tests.editorial.conftest import change_form_data, client_for


def _post_add(client, admin_url, **fields):
    form = client.get(admin_url)
    assert form.status_code == 200, admin_url
    response = client.post(admin_url, change_form_data(form, **fields))
    if response.status_code != 302:
        adminform = response.context["adminform"]
        inline_errors = [f.errors for f in response.context["inline_admin_formsets"]]
        raise AssertionError(f"{adminform.form.errors} {inline_errors}")
    return response


def test_editor_builds_a_story_by_hand(editor):
    client = client_for(editor)
    _post_add(
        client,
        "/admin/sources/outlet/add/",
        name="The Example Gazette",
        slug="the-example-gazette",
        kind="newspaper",
        country="GB",
        **{"aliases-0-alias": "Gazette"},
    )
    outlet = Outlet.objects.get(name="The Example Gazette")
    assert [a.alias for a in outlet.aliases.all()] == ["Gazette"]

    _post_add(
        client,
        "/admin/sources/speaker/add/",
        name="Jane Roe",
        slug="jane-roe",
        kind="person",
        role="Mayor of Northfield",
        **{"aliases-0-alias": "Roe"},
    )
    speaker = Speaker.objects.get(name="Jane Roe")

    _post_add(
        client,
        "/admin/articles/story/add/",
        headline="Northfield approves its river bridge",
        slug="northfield-bridge",
        dek="The council backs the plan by seven votes to two.",
        **{
            "key_points-0-position": "0",
            "key_points-0-text": "The council approved the river bridge by seven votes to two.",
            "paragraphs-0-position": "0",
            "paragraphs-0-text": "Councillors backed the bridge on Monday.",
        },
    )
    story = Story.objects.get(slug="northfield-bridge")
    assert story.status == Story.Status.DRAFT
    assert KeyPoint.objects.filter(story=story).count() == 1

    _post_add(
        client,
        "/admin/articles/article/add/",
        outlet=outlet.pk,
        headline="Council approves river bridge",
        url="https://gazette.example/bridge",
        body="The council approved the river bridge by seven votes to two, "
        "Mayor Jane Roe said on Monday.",
        story=story.pk,
        language="en",
    )
    article = Article.objects.get(url="https://gazette.example/bridge")
    assert article.story == story

    _post_add(
        client,
        "/admin/articles/quote/add/",
        speaker=speaker.pk,
        story=story.pk,
        text="We have waited long enough.",
    )
    assert Quote.objects.get(story=story).speaker == speaker

    point = story.key_points.get()
    _post_add(
        client,
        "/admin/articles/attribution/add/",
        key_point=point.pk,
        outlet=outlet.pk,
        article=article.pk,
        origin="editor",
        review_state="approved",
        position="0",
    )
    assert Attribution.objects.filter(key_point=point, article=article).exists()


def test_key_points_added_together_are_numbered_in_order(editor):
    """ "Add another key point" gives each new row the same position: they are numbered after
    the others, in the order written."""
    client = client_for(editor)
    _post_add(
        client,
        "/admin/articles/story/add/",
        headline="Northfield approves its river bridge",
        slug="northfield-bridge",
        **{
            "key_points-TOTAL_FORMS": "3",
            "key_points-0-position": "0",
            "key_points-0-text": "The council approved the river bridge.",
            "key_points-1-position": "0",
            "key_points-1-text": "The vote was seven to two.",
            "key_points-2-position": "0",
            "key_points-2-text": "Work starts in the spring.",
        },
    )
    story = Story.objects.get(slug="northfield-bridge")
    assert list(story.key_points.values_list("position", "text")) == [
        (0, "The council approved the river bridge."),
        (1, "The vote was seven to two."),
        (2, "Work starts in the spring."),
    ]
