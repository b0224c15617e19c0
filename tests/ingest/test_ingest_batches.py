"""Ingestion commits in batches: one transaction per batch of items, a savepoint per item. An
item that fails inside a batch rolls back alone, with its own error, while the others of the
batch are stored; a batch that fails as a whole leaves none of its articles, and the run goes
on without the rows it had cached. All text is fictional."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from articles.ingest import ingestor as ingest_run
from articles.ingest.parsers import ParsedItem
from articles.ingest.service import Ingestor, ingest_each, ingest_payloads
from articles.models import Article, ArticlePerson, Figure, Quote, QuoteAppearance
from jobs.models import Job
from jobs.runner import job_execute
from jobs.services import job_payloads
from sources.models import Outlet, Speaker
from tests.ingest.test_ingest_bulk import FIRST, _event_payload

pytestmark = pytest.mark.django_db


def _payloads() -> list[dict]:
    return [
        _event_payload("The Example Gazette", [FIRST], 1),
        # The second article names a speaker nobody else names, from an outlet nobody else is.
        {
            "outlet": "Harbourside Weekly",
            "headline": "Ferry timetable changes",
            "url": "https://harbourside.example/ferry",
            "body": "“The ferry will run every hour,” Tom Quill said. It carries 300 people.",
        },
        _event_payload("Exampleton Herald", [FIRST], 3),
    ]


def _fail_on_harbourside(monkeypatch):
    real_place = ingest_run.article_place

    def place(*, article, **kwargs):
        if article.outlet.name == "Harbourside Weekly":
            raise RuntimeError("placement failed")
        return real_place(article=article, **kwargs)

    monkeypatch.setattr(ingest_run, "article_place", place)


def test_an_item_failing_inside_a_batch_rolls_back_alone_with_its_own_error(
    fake_engine, monkeypatch, settings
):
    settings.NEWSROOM_INGEST_BATCH = 10  # all three in one transaction
    _fail_on_harbourside(monkeypatch)
    report = ingest_payloads(_payloads(), source="api")
    assert [i.status for i in report.items] == ["created", "error", "created"]
    assert report.items[1].error == "RuntimeError: placement failed"
    assert [i.error for i in (report.items[0], report.items[2])] == [None, None]
    # The others are stored whole, in one story, their quotes joined.
    urls = set(Article.objects.values_list("url", flat=True))
    assert urls == {"https://the-example-gazette.example/1", "https://exampleton-herald.example/3"}
    assert report.items[0].story == report.items[2].story
    assert QuoteAppearance.objects.count() == 2 and Quote.objects.count() == 1
    # Nothing of the failed item: no article, wording, person, figure, speaker or outlet.
    assert not Article.objects.filter(url="https://harbourside.example/ferry").exists()
    assert not Speaker.objects.filter(name="Tom Quill").exists()
    assert not Outlet.objects.filter(name="Harbourside Weekly").exists()
    assert not Figure.objects.filter(text__contains="300").exists()
    assert not ArticlePerson.objects.filter(speaker__name="Tom Quill").exists()
    assert not Article.history.filter(url="https://harbourside.example/ferry").exists()
    # Nor history rows of its quote (written at the batch's end, those of the others only).
    ferry = "The ferry will run every hour"
    assert not Quote.history.filter(text__contains=ferry).exists()
    assert not QuoteAppearance.history.filter(text__contains=ferry).exists()
    assert QuoteAppearance.history.filter(history_type="+").count() == 2


def test_a_batch_failing_as_a_whole_leaves_none_of_its_articles_and_the_run_goes_on(
    fake_engine, settings
):
    settings.NEWSROOM_INGEST_BATCH = 2
    ingestor = Ingestor()
    items = [ParsedItem(f"api#{n}", payload=p) for n, p in enumerate(_payloads(), 1)]
    outcomes = ingest_each(ingestor, items)
    first = next(outcomes)
    assert first.status == "created"
    with pytest.raises(RuntimeError):
        outcomes.throw(RuntimeError("the worker is going down"))  # inside the open batch
    assert not Article.objects.exists() and not Speaker.objects.exists()
    assert ingestor.features == {}  # the batch's articles are gone: nothing to consolidate
    # The same run imports them again: its caches no longer point at rolled-back rows.
    again = list(ingest_each(ingestor, items))
    assert [i.status for i in again] == ["created"] * 3
    assert Speaker.objects.filter(name="Jane Roe").count() == 1
    speakers = sorted(Quote.objects.values_list("speaker__name", flat=True))
    assert speakers == ["Jane Roe", "Tom Quill"]


def test_batches_commit_by_size(fake_engine, settings, django_capture_on_commit_callbacks):
    settings.NEWSROOM_INGEST_BATCH = 2
    ingestor = Ingestor()
    items = [ParsedItem(f"api#{n}", payload=p) for n, p in enumerate(_payloads(), 1)]
    opened = []
    real_batch = ingestor.batch

    def batch():
        opened.append(True)
        return real_batch()

    ingestor.batch = batch
    assert [i.status for i in ingest_each(ingestor, items)] == ["created"] * 3
    assert len(opened) == 2  # two items, then one


def test_a_job_item_failing_inside_a_batch_keeps_its_error_and_the_others_are_stored(
    fake_engine, monkeypatch, settings
):
    settings.NEWSROOM_INGEST_BATCH = 10
    _fail_on_harbourside(monkeypatch)
    job = job_payloads(_payloads(), enqueue=False)
    assert job_execute(job.pk) == Job.State.SUCCEEDED
    job.refresh_from_db()
    assert (job.done, job.total) == (3, 3)
    rows = list(job.items.values_list("position", "unit", "status", "error"))
    assert rows == [
        (0, 0, "created", ""),
        (0, 1, "error", "RuntimeError: placement failed"),
        (0, 2, "created", ""),
    ]
    assert Article.objects.count() == 2
    created = job.items.filter(status="created").values_list("article_id", flat=True)
    assert set(created) == set(Article.objects.values_list("pk", flat=True))


def _waits(monkeypatch) -> list[str]:
    """Every query the driver sends and waits for the answer to (a message of several
    statements counts once)."""
    from django.db.backends.postgresql.base import Cursor

    sent: list[str] = []
    real = Cursor.execute

    def execute(self, query, params=None, **kwargs):
        sent.append(str(query))
        return real(self, query, params, **kwargs)

    monkeypatch.setattr(Cursor, "execute", execute)
    return sent


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="PostgreSQL's multi-statement messages"
)
def test_an_import_batch_waits_on_the_server_far_less_often_than_it_runs_statements(
    fake_engine, settings, monkeypatch
):
    settings.NEWSROOM_INGEST_BATCH = 10  # one transaction for the three
    settings.NEWSROOM_PG_GROUPED_WRITES = True  # (the default, whatever the environment says)
    payloads = [
        _event_payload("The Example Gazette", [FIRST], 1),
        _event_payload("Exampleton Herald", [FIRST], 2),
        _event_payload("Northfield Courier", [FIRST], 3),
    ]
    waits = _waits(monkeypatch)
    with CaptureQueriesContext(connection) as statements:
        report = ingest_payloads(payloads, source="api")
    assert [i.status for i in report.items] == ["created"] * 3
    assert Article.objects.count() == 3 and QuoteAppearance.objects.count() == 3
    assert Article.history.count() == 6  # created, then placed: each article's two rows
    # Before, every statement was a message of its own, waited for.
    assert len(waits) <= 0.7 * len(statements), (len(waits), len(statements))
