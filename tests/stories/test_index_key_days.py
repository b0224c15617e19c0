"""Key rows carry their story's first and last day, so that candidates are chosen from the key
rows alone; rows written before the column existed get their story's first day on migration."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from articles.models import Article, StoryIndexKey, StoryIndexProfile
from articles.stories.candidates import PLACEMENT_WINDOW_DAYS
from articles.stories.key_rows import _key_rows
from articles.stories.placement import article_place
from tests.factories import make_outlet

T0 = datetime(2026, 3, 10, 9, 0, tzinfo=UTC)
FERRY = (
    "Alder ferry resumes after storm",
    "The Alder ferry resumed its crossings on Wednesday after three days of storms, the "
    "Valmora Ferry Company said. Captain Ines Varga said the first boat left at six.",
)
FERRY_2 = (
    "Storm halts Alder ferry for third day",
    "The Valmora Ferry Company kept the Alder ferry in port on Tuesday, the third day of "
    "storms. Captain Ines Varga said crossings would resume once the wind dropped.",
)

BEFORE = [("articles", "0019_article_search_vector")]
AFTER = [("articles", "0020_index_key_first_day")]


@pytest.mark.django_db
def test_every_key_row_follows_its_storys_days_when_an_older_article_joins():
    gazette, courier = make_outlet("The Example Gazette"), make_outlet("Northfield Courier")
    later = Article.objects.create(
        outlet=gazette, headline=FERRY[0], body=FERRY[1], published_at=T0 + timedelta(days=1)
    )
    story = article_place(article=later).story
    earlier = Article.objects.create(
        outlet=courier, headline=FERRY_2[0], body=FERRY_2[1], published_at=T0
    )
    assert article_place(article=earlier).story == story
    profile = StoryIndexProfile.objects.get(story=story)
    assert profile.first_day == T0.toordinal()  # the story now starts a day earlier
    days = set(StoryIndexKey.objects.filter(story=story).values_list("first_day", "last_day"))
    assert days == {(profile.first_day, profile.last_day)}


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_old_key_rows_their_storys_first_day():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    Story = apps.get_model("articles", "Story")
    story = Story.objects.create(headline="Alder pier closes", slug="alder-pier-closes")
    apps.get_model("articles", "StoryIndexProfile").objects.create(
        story=story, profile={}, first_day=739000, last_day=739004
    )
    apps.get_model("articles", "StoryIndexKey").objects.create(
        key="alder", story=story, last_day=739004
    )
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    try:
        row = StoryIndexKey.objects.get(story_id=story.pk)
        assert (row.first_day, row.last_day) == (739000, 739004)
    finally:
        # Back to the latest schema: the tests after this one (a transactional test keeps
        # its schema) would otherwise run without the later migrations.
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db
def test_the_key_rows_of_a_dated_article_leave_out_stories_over_before_its_window():
    gazette = make_outlet("The Example Gazette")
    old = Article.objects.create(
        outlet=gazette, headline=FERRY[0], body=FERRY[1], published_at=T0 - timedelta(days=60)
    )
    old_story = article_place(article=old).story
    recent = Article.objects.create(
        outlet=gazette, headline=FERRY_2[0], body=FERRY_2[1], published_at=T0
    )
    recent_story = article_place(article=recent).story
    keys = sorted(set(StoryIndexKey.objects.values_list("key", flat=True)))
    since = (T0 + timedelta(days=1)).toordinal() - PLACEMENT_WINDOW_DAYS
    found = {story_id for _, story_id, *_ in _key_rows(keys, since, with_days=True)}
    # The ferry's storm two months ago is no candidate for an article of tomorrow: on
    # PostgreSQL the window's day used to fall out of the compiled query.
    assert old_story.pk != recent_story.pk
    assert found == {recent_story.pk}


@pytest.mark.django_db
def test_a_busy_window_over_the_cap_keeps_its_newest_rows(monkeypatch):
    from articles.stories import key_rows
    from tests.factories import make_story

    day = T0.toordinal()
    stories = [make_story(f"Harbour report {n}") for n in range(6)]
    for n, story in enumerate(stories):  # one a day, the newest last
        StoryIndexKey.objects.create(
            key="harbour", story=story, first_day=day + n, last_day=day + n
        )
    monkeypatch.setattr(key_rows, "MAX_CANDIDATE_ROWS", 4)
    for since, with_days in ((day, True), (None, False)):
        rows = key_rows._key_rows(["harbour"], since, with_days=with_days)
        # the four newest stories, read back oldest first
        assert [row[1] for row in rows] == [s.pk for s in stories[2:]], since
