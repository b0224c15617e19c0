"""``articles.core.bulk`` writes what ``bulk_create`` and ``bulk_update`` write."""

from __future__ import annotations

import pytest
from django.db import connection

from articles.core.bulk import _unchanged, objs_create, objs_insert, rows_update
from articles.models import Figure, Quote, QuoteAppearance, TermFrequency
from tests.factories import make_article, make_quote, make_speaker, make_story


def _figure(article, start: int, **kw) -> Figure:
    return Figure(article=article, text="12 people", start=start, end=start + 9, value=12.0, **kw)


@pytest.mark.django_db
def test_objs_insert_writes_the_rows_bulk_create_writes():
    article = make_article(body="Twelve people, 12 people, were there.")
    Figure.objects.bulk_create([_figure(article, 0, unit="people"), _figure(article, 20)])
    by_orm = list(Figure.objects.order_by("start").values("text", "start", "unit", "kind"))
    Figure.objects.all().delete()
    objs_insert(Figure, [_figure(article, 0, unit="people"), _figure(article, 20)])
    assert list(Figure.objects.order_by("start").values("text", "start", "unit", "kind")) == (
        by_orm
    )


@pytest.mark.django_db
def test_objs_insert_can_leave_existing_rows_alone():
    TermFrequency.objects.create(term="bridge", df=3)
    objs_insert(
        TermFrequency,
        [TermFrequency(term="bridge", df=0), TermFrequency(term="river", df=0)],
        ignore_conflicts=True,
    )
    assert dict(TermFrequency.objects.values_list("term", "df")) == {"bridge": 3, "river": 0}


@pytest.mark.django_db
def test_rows_update_sets_each_rows_own_values():
    story = make_story("Bridge closes")
    article = make_article(story=story, body="We will reopen it. We will pay for it.")
    speaker = make_speaker("Jane Roe")
    first = make_quote(story=story, article=article, speaker=speaker, text="We will reopen it")
    second = make_quote(story=story, article=article, speaker=speaker, text="We will pay for it")
    wordings = list(QuoteAppearance.objects.order_by("start"))
    for wording, score in zip(wordings, (0.5, None), strict=True):
        wording.quote = first
        wording.match = QuoteAppearance.Match.PARAPHRASE
        wording.match_score = score
        wording.version += 1
    rows_update(QuoteAppearance, wordings, ["quote", "match", "match_score", "version"])
    assert list(
        QuoteAppearance.objects.order_by("start").values_list(
            "quote_id", "match", "match_score", "version"
        )
    ) == [(first.pk, "paraphrase", 0.5, 2), (first.pk, "paraphrase", None, 2)]
    assert second.appearances.count() == 0


@pytest.mark.django_db
def test_objs_create_writes_the_rows_bulk_create_writes_and_gives_their_ids():
    story = make_story("Harbour wall gives way")
    article = make_article(story=story, body="“We will rebuild it,” said Jane Roe.")
    speaker = make_speaker("Jane Roe")

    def quotes():
        return [
            Quote(story=story, speaker=speaker, text="We will rebuild it"),
            Quote(story=story, speaker=None, text="Nobody was hurt"),
        ]

    by_orm = Quote.objects.bulk_create(quotes())
    made = quotes()
    objs_create(Quote, made)
    assert [q.pk for q in made] == [max(q.pk for q in by_orm) + 1, max(q.pk for q in by_orm) + 2]
    assert all(not q._state.adding and q._state.db == "default" for q in made)
    columns = ("story_id", "speaker_id", "text", "version")
    stored = {q["id"]: q for q in Quote.objects.values("id", *columns)}
    for ours, theirs in zip(made, by_orm, strict=True):
        assert {k: stored[ours.pk][k] for k in columns} == {
            k: stored[theirs.pk][k] for k in columns
        }
        assert ours.created_at is not None  # filled in as bulk_create fills it
    # A wording pointing at a quote made in the same call gets its id, as with bulk_create.
    wording = QuoteAppearance(
        quote=made[0], article=article, text="We will rebuild it", start=1, end=19
    )
    objs_create(QuoteAppearance, [wording])
    assert QuoteAppearance.objects.get(pk=wording.pk).quote_id == made[0].pk


@pytest.mark.django_db
def test_values_skipping_their_fields_preparation_are_what_it_gives():
    fields = [f for f in QuoteAppearance._meta.concrete_fields if not f.primary_key]
    values = {
        "version": 3,
        "quote": 7,
        "article": None,
        "text": "Valmora",
        "start": 0,
        "end": 5,
        "cue": "",
        "speaker_mention": "Roe",
        "continues": True,
        "match": "original",
        "review_state": "suggested",
        "reviewed_by": None,
    }
    for field in fields:
        if field.name not in values:
            continue
        kept = _unchanged(field, type(connection.ops))
        value = values[field.name]
        if type(value) in kept:
            assert field.get_db_prep_save(value, connection) == value
            assert type(field.get_db_prep_save(value, connection)) is type(value)
    # On SQLite an int column's value passes as it is; PostgreSQL's driver wants it wrapped.
    version = QuoteAppearance._meta.get_field("version")
    assert (int in _unchanged(version, type(connection.ops))) == (connection.vendor == "sqlite")


def test_moments_taking_the_short_way_are_what_their_field_gives():
    """An aware UTC moment skips its field's preparation (``_moment_prepare``); it and every
    other moment come out as ``get_db_prep_save`` gives them, with time zones on and off."""
    from datetime import UTC, datetime
    from zoneinfo import ZoneInfo

    from django.test import override_settings

    from articles.core.bulk import _prepared

    field = Quote._meta.get_field("created_at")
    moments = [
        datetime(2026, 3, 4, 5, 6, 7, 891011, tzinfo=UTC),
        datetime(2026, 3, 4, 5, 6, 7, tzinfo=UTC),  # (no microseconds: written without them)
        datetime(2026, 3, 4, 5, 6, 7, 12, tzinfo=ZoneInfo("Europe/Paris")),
        None,
    ]
    for value in moments:
        [[got]] = _prepared(connection, [field], [[value]])
        assert got == field.get_db_prep_save(value, connection)
        assert type(got) is type(field.get_db_prep_save(value, connection))
    naive = datetime(2026, 3, 4, 5, 6, 7)
    with override_settings(USE_TZ=False):
        [[got]] = _prepared(connection, [field], [[naive]])
        assert got == field.get_db_prep_save(naive, connection)


@pytest.mark.django_db
def test_rows_from_plain_values_are_the_rows_instances_write():
    """``dicts_insert`` and ``dicts_create`` store what ``objs_insert`` and ``objs_create``
    store for the same values (defaults and automatic moments filled in); ``dicts_create``
    gives each row every value as stored, its key among them."""
    from articles.core.bulk import dicts_create, dicts_insert

    article = make_article(body="Twelve people, 12 people, were there.")
    objs_insert(Figure, [_figure(article, 0, unit="people")])
    dicts_insert(
        Figure,
        [{"article_id": article.pk, "text": "12 people", "start": 15, "end": 24, "value": 12.0}],
    )
    figures = list(Figure.objects.order_by("id").values())
    assert {k: v for k, v in figures[0].items() if k != "id"} == {
        k: v for k, v in figures[1].items() if k != "id"
    } | {"unit": "people", "start": 0, "end": 9}
    quote = make_quote(story=article.story, article=article, speaker=None, text="We were")
    given = {"quote_id": quote.pk, "article_id": article.pk, "text": "We", "start": 1, "end": 3}
    made = QuoteAppearance(**given)
    objs_create(QuoteAppearance, [made])
    rows = [given | {"start": 20, "end": 22}]
    dicts_create(QuoteAppearance, rows)
    assert rows[0]["id"] == made.pk + 1
    skip = {"id", "created_at", "start", "end"}
    stored = {a["id"]: a for a in QuoteAppearance.objects.values()}
    assert {k: v for k, v in stored[rows[0]["id"]].items() if k not in skip} == {
        k: v for k, v in stored[made.pk].items() if k not in skip
    }
    assert rows[0] == stored[rows[0]["id"]] | {"created_at": rows[0]["created_at"]}
    assert rows[0]["created_at"] is not None
