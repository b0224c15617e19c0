"""An editor moves a story between storylines from the story's own form in the admin: the
storyline it leaves goes away when one story is left in it, and readers' timelines follow on
the next request. All stories are fictional."""

from __future__ import annotations

import pytest

from articles.models import Story, Storyline
from articles.stories.storylines import storyline_link
from tests.editorial.conftest import change_form_data, client_for
from tests.factories import make_story

pytestmark = pytest.mark.django_db


def _set_storyline(client, story: Story, storyline: Storyline | None) -> None:
    url = f"/admin/articles/story/{story.pk}/change/"
    form = client.get(url)
    assert form.status_code == 200
    data = change_form_data(form, storyline=storyline.pk if storyline else "")
    response = client.post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors


def test_a_storyline_left_with_one_story_by_the_story_form_goes_away(editor, client):
    vote, signed = make_story("Bridge vote in Northfield"), make_story("Bridge bill signed")
    fire, inquiry = make_story("Fire at Exampleton mill"), make_story("Mill fire inquiry opens")
    bridge = storyline_link(story=signed, to=vote, name="The Northfield bridge")
    mill = storyline_link(story=inquiry, to=fire, name="The Exampleton mill fire")
    page = client.get(vote.get_absolute_url())
    assert "Bridge bill signed" in page.content.decode()  # the timeline, as readers see it

    _set_storyline(client_for(editor), signed, mill)  # filed under the wrong storyline

    vote.refresh_from_db()
    assert vote.storyline is None and not Storyline.objects.filter(pk=bridge.pk).exists()
    assert set(mill.stories.values_list("headline", flat=True)) == {
        "Fire at Exampleton mill",
        "Mill fire inquiry opens",
        "Bridge bill signed",
    }
    # The next request shows it: no storyline on the bridge vote, the new event on the fire's.
    assert "Bridge bill signed" not in client.get(vote.get_absolute_url()).content.decode()
    assert "Bridge bill signed" in client.get(fire.get_absolute_url()).content.decode()


def test_taking_a_story_out_of_a_storyline_of_three_keeps_the_other_two(editor):
    a, b, c = make_story("Bridge vote"), make_story("Bridge signed"), make_story("Bridge opens")
    line = storyline_link(story=b, to=a)
    storyline_link(story=c, to=b)

    _set_storyline(client_for(editor), c, None)

    assert set(line.stories.all()) == {a, b}
    c.refresh_from_db()
    assert c.storyline is None
