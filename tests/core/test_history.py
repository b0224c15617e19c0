"""``history_bulk`` writes the historical rows a ``save()`` would write, value for value."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from articles.core.history import CHANGED, CREATED, history_bulk
from articles.models import Article, Quote
from tests.factories import make_article, make_quote, make_speaker, make_story


def _rows(model, pk: int) -> list[dict]:
    skip = {"history_id", "history_date"}
    rows = [
        {k: v for k, v in row.items() if k not in skip}
        for row in model.history.filter(id=pk).order_by("history_id").values()
    ]
    for row in rows:
        # Without a reason a save() stores NULL and the bulk path (as before) an empty string.
        row["history_change_reason"] = row["history_change_reason"] or ""
    return rows


@pytest.mark.django_db
def test_history_bulk_writes_the_rows_a_save_writes():
    story = make_story("Bridge closes")
    article = make_article(story=story, published_at=None)
    quote = make_quote(
        story=story,
        article=article,
        speaker=make_speaker("Jane Roe"),
        text="We will reopen the bridge",
    )
    editor = get_user_model().objects.create_user("editor")
    for obj, model in ((article, Article), (quote, Quote)):
        saved = _rows(model, obj.pk)[0]
        assert saved["history_type"] == CREATED
        history_bulk(model, [obj], CREATED)
        assert _rows(model, obj.pk)[1] == saved
        obj._history_user = editor
        obj._change_reason = "merged"
        obj.save()
        by_save = _rows(model, obj.pk)[-1]
        history_bulk(model, [obj], CHANGED)
        assert _rows(model, obj.pk)[-1] == by_save
        assert by_save["history_user_id"] == editor.pk
        assert by_save["history_change_reason"] == "merged"


@pytest.mark.django_db
def test_history_bulk_can_leave_a_missing_change_reason_null_as_a_save_does():
    article = make_article(story=make_story("Bridge closes"), published_at=None)
    saved = Article.history.filter(id=article.pk).values().get()
    history_bulk(Article, [article], CREATED, no_reason=None)
    rows = list(Article.history.filter(id=article.pk).order_by("history_id").values())
    skip = {"history_id", "history_date"}
    assert {k: v for k, v in rows[1].items() if k not in skip} == {
        k: v for k, v in saved.items() if k not in skip
    }
    assert rows[1]["history_change_reason"] is None


@pytest.mark.django_db
def test_article_insert_writes_the_rows_and_history_a_save_writes():
    from articles.core.history import article_insert
    from tests.factories import make_outlet

    outlet = make_outlet("The Example Gazette")

    def article(n: int) -> Article:
        # A body with runs of spaces and an odd dash, as the text cleaner sees them.
        return Article(
            outlet=outlet,
            headline=f"Quillmart  closes {n}",
            url="",
            body=f"Mayor Jane Roe said  the shop {n} shut \u2013 for good.",
        )

    saved, inserted = article(1), article(2)
    saved.save()
    article_insert(inserted)
    skip = {"id", "headline", "body", "content_hash", "created_at", "updated_at"}
    rows = {a.pk: Article.objects.filter(pk=a.pk).values().get() for a in (saved, inserted)}
    ours, theirs = rows[inserted.pk], rows[saved.pk]
    assert {k: v for k, v in ours.items() if k not in skip} == {
        k: v for k, v in theirs.items() if k not in skip
    }
    assert ours["headline"] == theirs["headline"].replace("1", "2")
    assert ours["body"] == theirs["body"].replace("1", "2")
    history = {a.pk: _rows(Article, a.pk) for a in (saved, inserted)}
    assert [r["history_type"] for r in history[inserted.pk]] == [CREATED]
    by_save, by_insert = history[saved.pk][0], history[inserted.pk][0]
    for row in (by_save, by_insert):
        for key in ("id", "headline", "content_hash", "created_at", "updated_at"):
            row.pop(key)
    assert by_insert == by_save
    assert Article.history.get(id=inserted.pk).history_change_reason is None


@pytest.mark.django_db
def test_story_insert_writes_the_rows_and_history_a_save_writes():
    from articles.core.history import story_insert
    from articles.models import Story

    editor = get_user_model().objects.create_user("editor")

    def story() -> Story:
        # A headline over two lines, which the text cleaner puts on one; the same headline
        # twice gets a second address.
        return Story(headline="Bridge\ncloses", created_by=editor, updated_by=editor)

    saved, inserted = story(), story()
    saved.save()
    story_insert(inserted)
    skip = {"id", "slug", "created_at", "updated_at"}
    rows = {s.pk: Story.objects.filter(pk=s.pk).values().get() for s in (saved, inserted)}
    ours, theirs = rows[inserted.pk], rows[saved.pk]
    assert {k: v for k, v in ours.items() if k not in skip} == {
        k: v for k, v in theirs.items() if k not in skip
    }
    assert theirs["headline"] == "Bridge closes"
    assert (theirs["slug"], ours["slug"]) == ("bridge-closes", "bridge-closes-2")
    history = {s.pk: _rows(Story, s.pk) for s in (saved, inserted)}
    assert [r["history_type"] for r in history[inserted.pk]] == [CREATED]
    by_save, by_insert = history[saved.pk][0], history[inserted.pk][0]
    for row in (by_save, by_insert):
        for key in ("id", "slug", "created_at", "updated_at"):
            row.pop(key)
    assert by_insert == by_save
    assert Story.history.get(id=inserted.pk).history_change_reason is None
    # Its address is kept as a loaded story's is: renaming it later leaves a redirect.
    inserted.slug = "bridge-reopens"
    inserted.save()
    assert inserted.redirects.filter(old_slug="bridge-closes-2").exists()
