"""A query compiled once answers what its queryset answers, for every value it is run with."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db.models import F
from django.db.models.signals import post_init
from django.test import override_settings
from django.utils import timezone

from articles.core.prepared import (
    instance_maker,
    prepared_objects,
    prepared_rows,
    prepared_update,
    prepared_values_list,
)
from articles.models import Article, Quote, QuoteAppearance, Story
from tests.story_builders import build_story

pytestmark = pytest.mark.django_db


def articles_of(story_id):
    return Article.objects.filter(story=story_id).values(
        "id", "headline", "published_at", "is_translation", "outlet__name"
    )


def test_a_prepared_query_gives_the_rows_and_types_its_queryset_gives():
    first = build_story(articles=3, quotes=0, headline="Northfield bridge opens").story
    second = build_story(articles=2, quotes=0, headline="Northfield ferry stops").story
    Article.objects.filter(story=second).update(is_translation=True, published_at=None)
    for story in (first, second, first):
        rows = prepared_rows(("test", "articles"), articles_of, story.pk)
        assert rows == list(articles_of(story.pk))
        assert all(type(row["is_translation"]) is bool for row in rows)


def test_a_queryset_that_ignores_its_value_is_refused():
    with pytest.raises(ValueError):
        prepared_rows(("test", "constant"), lambda _: Story.objects.values("id"), 1)


def test_a_prepared_query_takes_a_slug_and_a_moment():
    now = timezone.now()
    scheduled = build_story(articles=1, quotes=0, published_at=now + timedelta(hours=1)).story

    def published(slug, moment):
        return Story.objects.published(moment).filter(slug=slug).values("id")

    for moment, expected in ((now, []), (now + timedelta(hours=2), [{"id": scheduled.pk}])):
        rows = prepared_rows(("test", "published"), published, scheduled.slug, moment)
        assert rows == expected == list(published(scheduled.slug, moment))


def test_prepared_values_list_takes_each_value_of_a_list_and_gives_tuples():
    stories = [build_story(articles=1, quotes=0).story for _ in range(3)]
    ids = [s.pk for s in stories]

    def headlines(*pks):
        return Story.objects.filter(pk__in=pks).order_by("pk").values_list("pk", "headline")

    for chosen in (ids[:2], ids[1:], [ids[0], ids[2]]):
        rows = prepared_values_list(("test", "in", len(chosen)), headlines, *chosen)
        assert rows == list(headlines(*chosen))
        assert [pk for pk, _ in rows] == sorted(chosen)


def test_a_prepared_query_converts_its_moments_as_the_settings_stand_at_each_run():
    """Its columns' converters are kept between runs, and made again when a setting changes:
    moments come back as the ORM gives them with time zones on, then off, then on."""
    story = build_story(articles=2, quotes=0).story
    for use_tz in (True, False, True):
        with override_settings(USE_TZ=use_tz):
            rows = prepared_rows(("test", "moments"), articles_of, story.pk)
            assert rows == list(articles_of(story.pk))
            assert all(timezone.is_aware(row["published_at"]) is use_tz for row in rows)


def _state(obj) -> dict:
    return {name: value for name, value in obj.__dict__.items() if name != "_state"}


def appearances_of(story_id):
    """Instances with two levels of joined rows (one of them may be missing) and a deferred
    column."""
    return (
        QuoteAppearance.objects.filter(quote__story=story_id)
        .select_related("quote__speaker", "article")
        .defer("article__body")
        .order_by("id")
    )


def test_prepared_objects_are_the_instances_the_orm_makes():
    story = build_story(articles=2, quotes=3, headline="Northfield bridge opens").story
    Quote.objects.filter(pk=Quote.objects.filter(story=story).order_by("id")[0].pk).update(
        speaker=None
    )
    made = prepared_objects(("test", "appearances"), appearances_of, story.pk)
    expected = list(appearances_of(story.pk))
    assert made == expected and len(made) >= 3
    for ours, theirs in zip(made, expected, strict=True):
        assert _state(ours) == _state(theirs)
        assert (ours._state.adding, ours._state.db) == (False, "default")
        assert ours.get_deferred_fields() == theirs.get_deferred_fields()
        assert _state(ours.quote) == _state(theirs.quote)
        assert ours.quote._state.adding is False
        assert ours.quote.speaker == theirs.quote.speaker
        if theirs.quote.speaker is not None:
            assert _state(ours.quote.speaker) == _state(theirs.quote.speaker)
        assert ours.article.get_deferred_fields() == {"body"}
        assert ours.article.body == theirs.article.body  # loaded on demand, as the ORM's


def test_prepared_objects_go_through_init_while_a_receiver_listens():
    story = build_story(articles=1, quotes=1).story
    seen = []

    def receiver(sender, instance, **kwargs):
        seen.append(instance)

    post_init.connect(receiver, sender=QuoteAppearance)
    try:
        made = prepared_objects(("test", "appearances"), appearances_of, story.pk)
    finally:
        post_init.disconnect(receiver, sender=QuoteAppearance)
    assert made and seen == made


def test_an_instance_maker_makes_what_from_db_makes_and_init_while_a_receiver_listens():
    story = build_story(articles=1, quotes=2).story
    names = ("id", "version", "story_id", "speaker_id", "text")
    for row in Quote.objects.filter(story=story).values_list(*names):
        ours, theirs = instance_maker(Quote, names)(row), Quote.from_db("default", names, row)
        assert _state(ours) == _state(theirs)
        assert (ours._state.adding, ours._state.db) == (False, "default")
        assert ours.get_deferred_fields() == theirs.get_deferred_fields()
    seen = []

    def receiver(sender, instance, **kwargs):
        seen.append(instance)

    post_init.connect(receiver, sender=Quote)
    try:
        made = instance_maker(Quote, names)(row)
    finally:
        post_init.disconnect(receiver, sender=Quote)
    assert seen == [made]


def test_a_prepared_update_changes_the_rows_its_queryset_would():
    first = build_story(articles=2, quotes=0, headline="Northfield bridge opens").story
    second = build_story(articles=2, quotes=0, headline="Northfield ferry stops").story
    moment = timezone.now()

    def build(story_id, when):
        return Article.objects.filter(story_id=story_id), {
            "read_at": when,
            "version": F("version") + 1,
        }

    for story in (first, first):
        assert prepared_update(("test", "read"), build, story.pk, moment) == 2
    read = dict(Article.objects.values_list("story_id", "version").distinct())
    assert read == {first.pk: 3, second.pk: 1}
    assert set(Article.objects.filter(story=first).values_list("read_at", flat=True)) == {moment}
    assert set(Article.objects.filter(story=second).values_list("read_at", flat=True)) == {None}


def test_a_prepared_query_puts_in_a_value_compared_with_an_integer_column():
    story = build_story(articles=1, quotes=0, headline="Northfield bridge opens").story
    Article.objects.update(version=5)

    def build(version):
        return Article.objects.filter(version__gte=version).values_list("story_id", flat=False)

    assert prepared_values_list(("test", "version"), build, 5) == [(story.pk,)]
    assert prepared_values_list(("test", "version"), build, 6) == []


def test_prepared_objects_carry_their_annotations():
    story = build_story(articles=2, quotes=0, headline="Northfield bridge opens").story

    def build(story_id):
        return (
            Article.objects.filter(story_id=story_id)
            .annotate(outlet_name=F("outlet__name"))
            .order_by("pk")
        )

    made = prepared_objects(("test", "annotated"), build, story.pk)
    assert [(a.pk, a.outlet_name) for a in made] == [(a.pk, a.outlet_name) for a in build(story.pk)]
