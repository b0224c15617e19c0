"""An import's placements read the story index once (``PlacementReads``): the frequencies of
a term, the key rows of a key and a candidate's profile are read the first time a placement
needs them and kept, across the import's batches, told of every placement's writes. What a
placement gets is always what reading the database then gives. All text is fictional."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from articles.ingest import ingestor as ingest_run
from articles.ingest.service import ingest_payloads
from articles.models import Article, TermFrequency
from articles.stories import consolidation, placement_reads
from articles.stories.candidates import _profiles
from articles.stories.key_rows import KeyRows, _key_rows
from articles.stories.placement import document_frequencies
from articles.stories.placement_reads import PlacementReads
from tests.ingest.test_consolidate import LAYOFFS, RATES, _payloads
from tests.ingest.test_ingest_bulk import FIRST, _event_payload

pytestmark = pytest.mark.django_db

OUTLETS = ["The Example Gazette", "Exampleton Herald", "Northfield Courier", "Harbourside Weekly"]


def _same_report(outlet: str, n: int) -> dict:
    # The same words from each outlet: the same terms and keys, so that only the first
    # placement has anything to read.
    payload = _event_payload("The Example Gazette", [FIRST], 1)
    return {**payload, "outlet": outlet, "url": f"https://example.test/{n}"}


@pytest.fixture
def checked(monkeypatch):
    """Every frequency, profile and key row the import's reads give is held to a fresh read
    of the database at that moment (with the batch's document counts written first)."""
    calls = []
    real_frequencies, real_profiles = PlacementReads.frequencies, PlacementReads.profiles
    real_groups = KeyRows.groups

    def groups(self, keys, since):
        given = real_groups(self, keys, since)
        if given is not None:  # each key's rows in the query's order
            expected: dict[str, list] = {}
            for key, story_id, first, last in _key_rows(list(keys), since, with_days=True):
                expected.setdefault(key, []).append((story_id, (first, last)))
            found = {k: list(zip(ids, spans, strict=True)) for k, ids, spans in given}
            assert found == expected
            calls.append("key rows")
        return given

    def frequencies(self, terms):
        terms = set(terms)
        given = real_frequencies(self, terms)
        if self.mark():  # documents counted, waiting for the batch's end: as if written now
            waiting = (list(self._new), dict(self._waiting), list(self._counted))
            saved = transaction.savepoint()
            self.flush()
            fresh = document_frequencies(terms)
            transaction.savepoint_rollback(saved)
            self._new, self._waiting, self._counted = waiting
        else:
            fresh = document_frequencies(terms)
        assert (given.n_docs, given.df) == (fresh.n_docs, fresh.df)
        calls.append("frequencies")
        return given

    def profiles(self, story_ids):
        story_ids = list(story_ids)
        given = real_profiles(self, story_ids)
        fresh = _profiles(story_ids)
        assert {k: p.as_dict() for k, p in given.items()} == {
            k: p.as_dict() for k, p in fresh.items()
        }
        calls.append("profiles")
        return given

    monkeypatch.setattr(PlacementReads, "frequencies", frequencies)
    monkeypatch.setattr(PlacementReads, "profiles", profiles)
    monkeypatch.setattr(KeyRows, "groups", groups)
    return calls


def _index_reads(queries) -> list[str]:
    """The frequencies and the candidates' key rows read (not the rows a story holds,
    which placement reads to write its own)."""
    found = []
    for query in queries:
        sql = query["sql"]
        if not sql.startswith("SELECT"):
            continue
        if "articles_termfrequency" in sql or (
            "articles_storyindexkey" in sql and "last_day" in sql.partition("WHERE")[2]
        ):
            found.append(sql)
    return found


def test_an_imports_later_batches_read_no_frequency_or_key_row_read_before(fake_engine, settings):
    settings.NEWSROOM_INGEST_BATCH = 1  # one transaction per article
    placed = []
    real_place = ingest_run.article_place

    def place(**kwargs):
        with CaptureQueriesContext(connection) as queries:
            found = real_place(**kwargs)
        placed.append(_index_reads(queries.captured_queries))
        return found

    ingest_run.article_place, saved = place, ingest_run.article_place
    try:
        report = ingest_payloads(
            [_same_report(o, n) for n, o in enumerate(OUTLETS[:3])], source="api"
        )
    finally:
        ingest_run.article_place = saved
    assert [i.status for i in report.items] == ["created"] * 3
    assert len({i.story for i in report.items}) == 1
    assert placed[0]  # the first placement reads what it needs
    if connection.vendor == "sqlite":  # elsewhere each batch reads its own again
        assert placed[1:] == [[], []]


def test_what_the_reads_give_is_what_the_database_holds_across_batches_and_a_failed_item(
    fake_engine, settings, monkeypatch, checked
):
    settings.NEWSROOM_INGEST_BATCH = 2
    real_connect = ingest_run.quotes_connect

    def connect(*, article):
        if article.outlet.name == "Northfield Courier":
            raise RuntimeError("joining failed")  # after its placement counted and wrote
        return real_connect(article=article)

    monkeypatch.setattr(ingest_run, "quotes_connect", connect)
    payloads = [_same_report(o, n) for n, o in enumerate(OUTLETS)]
    payloads += [_event_payload(o, [FIRST], n + 2) for n, o in enumerate(OUTLETS)]
    report = ingest_payloads(payloads, source="api")
    assert [i.status for i in report.items].count("error") == 2
    assert Article.objects.count() == 6
    assert checked.count("frequencies") >= 8  # every placement, the failed ones too
    # A second import, after the first one's consolidation, reads afresh what it changed.
    more = [_event_payload(o, [FIRST], n + 6) for n, o in enumerate(OUTLETS[:2])]
    again = ingest_payloads(more, source="api")
    assert [(i.status, i.error) for i in again.items] == [("created", None)] * 2


def test_a_batch_writes_its_document_counts_at_its_end_without_a_failed_items(
    fake_engine, settings, monkeypatch, checked
):
    """A batch counts its articles' terms when it ends: the placements after a failed item
    (which read every frequency again) still see the earlier articles' counts, and the
    failed article is never counted."""
    settings.NEWSROOM_INGEST_BATCH = 3
    real_connect = ingest_run.quotes_connect

    def connect(*, article):
        if article.outlet.name == "Northfield Courier":
            raise RuntimeError("joining failed")  # after its placement counted
        return real_connect(article=article)

    monkeypatch.setattr(ingest_run, "quotes_connect", connect)
    outlets = ["The Example Gazette", "Northfield Courier", "Harbourside Weekly"]
    report = ingest_payloads([_same_report(o, n) for n, o in enumerate(outlets)], source="api")
    assert [i.status for i in report.items] == ["created", "error", "created"]
    assert checked.count("frequencies") >= 3
    counts = dict(TermFrequency.objects.values_list("term", "df"))
    assert counts[TermFrequency.DOCUMENT_COUNT] == 2  # the two articles stored
    assert max(counts.values()) == 2 and min(counts.values()) >= 1


@pytest.mark.parametrize("batch", [1, 3, 25])
def test_consolidation_goes_on_from_the_placements_reads_through_its_merges(
    fake_engine, settings, checked, batch
):
    """Two events whose first reports placement splits: consolidation merges the pieces,
    reading key rows, profiles and frequencies from what the placements read, each held to
    the database's as the merges change it."""
    settings.NEWSROOM_INGEST_BATCH = batch
    ids = [x for pair in zip(LAYOFFS, RATES, strict=True) for x in pair]
    merged = []
    real_changed = consolidation.Matches.changed

    def changed(self, story_ids):
        merged.append(set(story_ids))
        return real_changed(self, story_ids)

    consolidation.Matches.changed, saved = changed, consolidation.Matches.changed
    try:
        report = ingest_payloads(_payloads(ids), source="t")
    finally:
        consolidation.Matches.changed = saved
    by_event = [{i.story for i in report.items[k::2]} for k in (0, 1)]
    assert all(len(s) == 1 for s in by_event)
    assert by_event[0] != by_event[1]
    assert merged  # the pieces were merged
    if connection.vendor == "sqlite":
        assert "key rows" in checked


def test_a_batch_reads_everything_again_when_another_connection_has_committed(
    fake_engine, settings, monkeypatch
):
    if connection.vendor != "sqlite":
        pytest.skip("kept across batches on SQLite only")
    settings.NEWSROOM_INGEST_BATCH = 1
    versions = iter(range(100))  # a commit by someone else before every batch
    monkeypatch.setattr(placement_reads, "_data_version", lambda: next(versions))
    placed = []
    real_place = ingest_run.article_place

    def place(**kwargs):
        with CaptureQueriesContext(connection) as queries:
            found = real_place(**kwargs)
        placed.append(_index_reads(queries.captured_queries))
        return found

    monkeypatch.setattr(ingest_run, "article_place", place)
    ingest_payloads([_same_report(o, n) for n, o in enumerate(OUTLETS[:2])], source="api")
    assert all(placed)  # the second placement read its frequencies and key rows again
