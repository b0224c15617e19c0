"""Moving articles between stories, merging and splitting stories, as services and as an
editor in the admin."""

import pytest
from django.contrib.auth.models import Permission, User

from articles.models import AuditEntry, Quote, QuoteAppearance, Story
from articles.stories.restructure import ConnectError, articles_move, story_merge, story_split
from tests.factories import (
    make_article,
    make_key_point,
    make_outlet,
    make_quote,
    make_speaker,
    make_story,
)


@pytest.fixture
def editor(db):
    user = User.objects.create_user("eddie", password="pw", is_staff=True)
    codenames = ["view_article", "change_article", "view_story", "change_story", "merge_story"]
    user.user_permissions.set(Permission.objects.filter(codename__in=codenames))
    return user


@pytest.fixture
def two_stories(db):
    gazette, courier = make_outlet("The Example Gazette"), make_outlet("Northfield Courier")
    roe = make_speaker("Jane Roe")
    first = make_story("Bridge vote passes")
    second = make_story("Bridge vote passes, council says")
    a1 = make_article(outlet=gazette, story=first)
    a2 = make_article(outlet=courier, story=second)
    make_quote(story=first, article=a1, speaker=roe, text="We have waited long enough,")
    make_key_point(first, "The council approved the bridge.")
    make_key_point(second, "The vote was 7 to 2.")
    return first, second, a1, a2


def test_merging_moves_articles_quotes_and_key_points_and_archives_the_other(two_stories):
    first, second, a1, a2 = two_stories
    story_merge(target=first, others=[second])
    second.refresh_from_db()
    assert second.status == Story.Status.ARCHIVED
    assert set(first.articles.all()) == {a1, a2}
    assert [p.text for p in first.key_points.all()] == [
        "The council approved the bridge.",
        "The vote was 7 to 2.",
    ]
    assert AuditEntry.objects.filter(action="merge", story=first).count() == 1
    assert first.history.count() >= 2


def test_merging_joins_the_same_statement_told_on_both_sides(two_stories):
    first, second, a1, a2 = two_stories
    roe = Quote.objects.get().speaker
    make_quote(story=second, article=a2, speaker=roe, text="We've waited long enough,")
    story_merge(target=first, others=[second])
    [quote] = Quote.objects.filter(story=first)  # one statement, with both wordings
    assert sorted(a.article_id for a in quote.appearances.all()) == sorted([a1.pk, a2.pk])


def _carried_by_two(story, articles, speaker, text):
    """One quote of ``speaker`` told by both ``articles`` (already joined, as an import
    leaves a statement two outlets carry)."""
    quote = make_quote(story=story, article=articles[0], speaker=speaker, text=text)
    QuoteAppearance.objects.create(
        quote=quote, article=articles[1], text=text, start=0, end=len(text), match="exact"
    )
    return quote


def test_merging_joins_a_statement_each_side_already_had_from_two_outlets(two_stories):
    first, second, a1, a2 = two_stories
    roe = Quote.objects.get().speaker
    b1 = make_article(outlet=make_outlet("Exampleton Herald"), story=first)
    b2 = make_article(outlet=make_outlet("Harbor Wire"), story=second)
    kept = _carried_by_two(first, [a1, b1], roe, "The bridge will open before winter,")
    _carried_by_two(second, [a2, b2], roe, "The bridge will be open before the winter,")
    story_merge(target=first, others=[second])
    quote = Quote.objects.get(pk=kept.pk)  # the older quote holds all four wordings
    assert sorted(a.article_id for a in quote.appearances.all()) == sorted(
        [a1.pk, b1.pk, a2.pk, b2.pk]
    )
    assert Quote.objects.filter(story=first, appearances__isnull=True).count() == 0
    assert Quote.objects.filter(story=first).count() == 2  # and the other statement


def test_merging_never_joins_two_statements_one_article_tells(two_stories):
    first, second, a1, a2 = two_stories
    roe = Quote.objects.get().speaker
    b1 = make_article(outlet=make_outlet("Exampleton Herald"), story=first)
    _carried_by_two(first, [a1, b1], roe, "The bridge will open before winter,")
    _carried_by_two(second, [a2, a1], roe, "The bridge will be open before the winter,")
    story_merge(target=first, others=[second])
    assert Quote.objects.filter(story=first, text__contains="bridge").count() == 2


def test_splitting_off_and_merging_back_leaves_one_quote(two_stories):
    first, second, a1, a2 = two_stories
    story_merge(target=first, others=[second])
    roe = Quote.objects.get().speaker
    make_quote(story=first, article=a2, speaker=roe, text="We have waited long enough,")
    from articles.stories.joining import quotes_connect

    a2.refresh_from_db()
    quotes_connect(article=a2)
    assert Quote.objects.filter(story=first).count() == 1
    new = story_split(story=first, articles=[a2], headline="Bridge vote, courier")
    assert Quote.objects.filter(story=new).count() == 1
    story_merge(target=first, others=[new])
    assert Quote.objects.filter(story=first).count() == 1


def test_merging_a_story_with_itself_is_refused(two_stories):
    first, *_ = two_stories
    with pytest.raises(ConnectError):
        story_merge(target=first, others=[first])


def test_splitting_moves_the_articles_and_their_quotes_to_a_new_draft(two_stories):
    first, second, a1, a2 = two_stories
    articles_move(articles=[a2], target=first)
    new = story_split(story=first, articles=[a1], headline="A different event")
    assert new.status == Story.Status.DRAFT
    assert list(new.articles.all()) == [a1]
    assert Quote.objects.get(appearances__article=a1).story == new
    assert AuditEntry.objects.filter(action="split").exists()


def test_a_quote_carried_on_both_sides_of_a_split_is_split_too(two_stories):
    first, second, a1, a2 = two_stories
    articles_move(articles=[a2], target=first)
    quote = Quote.objects.get()
    QuoteAppearance.objects.create(
        quote=quote, article=a2, text="We have waited long enough", start=0, end=26
    )
    new = story_split(story=first, articles=[a2])
    assert Quote.objects.get(story=first).appearances.get().article == a1
    assert Quote.objects.get(story=new).appearances.get().article == a2


def test_a_split_must_leave_an_article_behind(two_stories):
    first, _, a1, _ = two_stories
    with pytest.raises(ConnectError, match="at least one article"):
        story_split(story=first, articles=[a1])


def test_editor_moves_articles_to_another_story_in_the_admin(client, editor, two_stories):
    first, second, a1, a2 = two_stories
    client.force_login(editor)
    response = client.post(
        "/admin/articles/article/",
        {"action": "move_to_story", "_selected_action": [a2.pk]},
    )
    assert response.status_code == 200
    assert b"Move articles to a story" in response.content
    response = client.post(
        "/admin/articles/article/",
        {
            "action": "move_to_story",
            "_selected_action": [a2.pk],
            "confirm": "yes",
            "story": first.pk,
        },
        follow=True,
    )
    assert b"Moved 1 articles" in response.content
    a2.refresh_from_db()
    assert a2.story == first


def _merge_in_admin(client, editor, stories, *, target):
    client.force_login(editor)
    return client.post(
        "/admin/articles/story/",
        {
            "action": "merge_stories",
            "_selected_action": [s.pk for s in stories],
            "confirm": "yes",
            "target": target.pk,
        },
        follow=True,
    )


def test_editor_merges_two_stories_in_the_admin(client, editor, two_stories):
    first, second, *_ = two_stories
    response = _merge_in_admin(client, editor, [first, second], target=first)
    assert b"Merged 1 stories" in response.content
    second.refresh_from_db()
    assert second.status == Story.Status.ARCHIVED


def test_a_published_story_is_not_merged_away_into_a_draft(client, editor, two_stories):
    """Merged away, a published story is archived: it left the site, its address a 404, with
    no warning. The editor is told to keep the published one."""
    first, second, *_ = two_stories
    Story.objects.filter(pk=first.pk).update(status=Story.Status.DRAFT, published_at=None)
    response = _merge_in_admin(client, editor, [first, second], target=first)
    assert "is published and" in response.content.decode()
    second.refresh_from_db()
    assert second.status == Story.Status.PUBLISHED
    assert second.articles.count() == 1
    story_merge(target=second, others=[Story.objects.get(pk=first.pk)])  # the other way round
    assert second.articles.count() == 2


def test_staff_without_the_merge_permission_is_not_offered_the_actions(client, two_stories):
    user = User.objects.create_user("rita", password="pw", is_staff=True)
    user.user_permissions.set(
        Permission.objects.filter(codename__in=["view_story", "change_story"])
    )
    client.force_login(user)
    response = client.get("/admin/articles/story/")
    assert b"merge_stories" not in response.content
