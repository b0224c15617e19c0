"""The ingest service: validation, outlets, one transaction per article, idempotence."""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from articles.engine.types import Reading
from articles.ingest import ingestor as ingest_run
from articles.ingest.parsers import ParsedItem
from articles.ingest.payloads import PayloadError, validate_payload
from articles.ingest.service import Ingestor, ingest_payloads
from articles.models import Article, ArticlePerson, Figure, Quote, QuoteAppearance, Story
from sources.models import Outlet, OutletAlias, Speaker, SpeakerAlias
from tests.factories import make_outlet

BODY = (
    "Mayor Jane Roe said the bridge would open next spring.\n\n"
    "“We have waited long enough,” Roe told reporters on Tuesday, after 8 votes to 2."
)


def payload(**kw):
    return {"outlet": "The Example Gazette", "headline": "Bridge", "body": BODY, **kw}


@pytest.mark.django_db
def test_article_is_stored_with_quotes_people_and_figures(fake_engine):
    report = ingest_payloads([payload(url="https://gazette.example/b")], source="api")
    [item] = report.items
    assert (item.status, item.quotes, item.error) == ("created", 1, None)
    article = Article.objects.get(pk=item.article)
    assert article.outlet.name == "The Example Gazette" and article.source == "api"
    appearance = QuoteAppearance.objects.get(article=article)
    assert appearance.review_state == "suggested"
    assert appearance.text == "We have waited long enough,"
    assert article.body[appearance.start : appearance.end] == appearance.text
    assert appearance.quote.speaker.name == "Jane Roe"
    assert ArticlePerson.objects.get(article=article).role == "Mayor"
    assert Figure.objects.filter(article=article).count() == 1
    assert article.read_at is not None


@pytest.mark.django_db
def test_report_dict_has_exactly_the_documented_keys(fake_engine):
    report = ingest_payloads([payload(), {"body": "x"}], source="api").as_dict()
    assert set(report) == {"items", "created", "duplicates", "errors"}
    assert all(
        set(i) == {"source", "status", "article", "story", "quotes", "error"}
        for i in report["items"]
    )
    assert (report["created"], report["duplicates"], report["errors"]) == (1, 0, 1)
    assert [i["source"] for i in report["items"]] == ["api#1", "api#2"]


@pytest.mark.django_db
def test_same_payload_twice_is_a_duplicate_with_the_existing_id(fake_engine):
    first = ingest_payloads([payload()], source="api").items[0]
    again = ingest_payloads([payload(headline="Another headline")], source="api").items[0]
    assert again.status == "duplicate" and again.article == first.article
    assert again.quotes == 1
    assert Article.objects.count() == 1
    assert len(fake_engine.calls) == 1  # a known article is not read again


@pytest.mark.django_db
def test_same_url_with_different_text_is_a_duplicate(fake_engine):
    first = ingest_payloads([payload(url="https://gazette.example/a")], source="api").items[0]
    again = ingest_payloads(
        [payload(url="https://gazette.example/a", body="Updated text entirely.")], source="api"
    ).items[0]
    assert (again.status, again.article) == ("duplicate", first.article)


@pytest.mark.django_db
def test_whitespace_changes_do_not_make_a_new_article(fake_engine):
    ingest_payloads([payload()], source="api")
    again = ingest_payloads([payload(body=BODY.replace(" ", "  "))], source="api").items[0]
    assert again.status == "duplicate"


@pytest.mark.django_db
def test_a_lost_race_is_caught_by_the_constraint_and_reported_duplicate(fake_engine, monkeypatch):
    existing = ingest_payloads([payload()], source="first").items[0].article
    real_existing = ingest_run._existing
    calls = iter([None])  # the early look-up misses, as if the other import had not committed
    monkeypatch.setattr(
        ingest_run, "_existing", lambda **kw: next(calls, "real") and real_existing(**kw)
    )
    item = ingest_payloads([payload()], source="second").items[0]
    assert (item.status, item.article) == ("duplicate", existing)
    assert Article.objects.count() == 1 and Quote.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_imports_store_the_article_once(fake_engine):
    if connection.vendor != "postgresql":
        pytest.skip("concurrent writers need PostgreSQL; SQLite serialises them")
    barrier = threading.Barrier(4)
    results = []

    def run():
        try:
            barrier.wait()
            results.extend(ingest_payloads([payload()], source="thread").items)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(i.status for i in results) == ["created", "duplicate", "duplicate", "duplicate"]
    assert len({i.article for i in results}) == 1
    assert Article.objects.count() == 1
    assert Outlet.objects.count() == 1
    assert Speaker.objects.filter(name="Jane Roe").count() == 1


@pytest.mark.django_db
def test_a_failure_while_storing_leaves_nothing_behind(fake_engine, monkeypatch):
    def broken_place(article, **kwargs):
        raise RuntimeError("grouping failed")

    monkeypatch.setattr(ingest_run, "article_place", broken_place)
    [item] = ingest_payloads([payload(outlet="Brand New Outlet")], source="api").items
    assert item.status == "error" and "grouping failed" in item.error
    assert not Article.objects.exists()
    assert not Quote.objects.exists() and not QuoteAppearance.objects.exists()
    assert not Outlet.objects.filter(name="Brand New Outlet").exists()
    assert not Speaker.objects.exists()


@pytest.mark.django_db
def test_the_story_placement_chose_is_reported_and_given_to_the_quotes(fake_engine):
    [item] = ingest_payloads([payload()], source="api").items
    story = Article.objects.get(pk=item.article).story
    assert story is not None and item.story == story.pk
    assert Quote.objects.get().story == story


@pytest.mark.django_db
def test_an_imported_article_starts_a_draft_story_and_the_next_report_joins_it(fake_engine):
    first = payload(
        headline="Northfield council approves river bridge",
        body="The Northfield council approved the river bridge on Monday by seven votes to two. "
        "Mayor Jane Roe said the bridge would cost 40 million pounds.",
        published_at="2026-03-09T10:00:00Z",
    )
    second = payload(
        outlet="Northfield Courier",
        headline="River bridge gets council approval",
        body="Councillors backed the Northfield river bridge by seven votes to two on Monday. "
        "Mayor Jane Roe put its cost at 40 million pounds.",
        published_at="2026-03-09T15:00:00Z",
    )
    a, b = ingest_payloads([first, second], source="api").items
    assert a.story is not None and a.story == b.story
    assert Story.objects.get(pk=a.story).status == Story.Status.DRAFT


@pytest.mark.django_db
def test_outlet_is_matched_by_name_or_alias_ignoring_case(fake_engine):
    gazette = make_outlet("The Example Gazette")
    OutletAlias.objects.create(outlet=gazette, alias="Gazette")
    a = ingest_payloads([payload(outlet="the example gazette")], source="a").items[0]
    b = ingest_payloads([payload(outlet="GAZETTE", body="Other text.")], source="b").items[0]
    assert {Article.objects.get(pk=i.article).outlet for i in (a, b)} == {gazette}
    assert Outlet.objects.count() == 1


@pytest.mark.django_db
def test_unknown_outlet_is_created_with_a_slug(fake_engine):
    [item] = ingest_payloads([payload(outlet="Northfield Daily")], source="a").items
    outlet = Article.objects.get(pk=item.article).outlet
    assert (outlet.name, outlet.slug) == ("Northfield Daily", "northfield-daily")


@pytest.mark.django_db
def test_item_outlet_wins_over_default_and_default_fills_missing(fake_engine):
    own = ingest_payloads([payload(outlet="Own")], source="a", default_outlet="Default")
    missing = {"body": "Some other text here."}
    default = ingest_payloads([missing], source="b", default_outlet="Default")
    assert Article.objects.get(pk=own.items[0].article).outlet.name == "Own"
    assert Article.objects.get(pk=default.items[0].article).outlet.name == "Default"


@pytest.mark.django_db
def test_missing_outlet_is_an_error_naming_the_field(fake_engine):
    [item] = ingest_payloads([{"body": BODY}], source="api").items
    assert item.status == "error"
    assert item.error == "outlet: missing (nothing names the outlet that published it)"


@pytest.mark.django_db
def test_page_domain_maps_to_a_known_outlet_before_a_new_site_name(fake_engine):
    gazette = make_outlet("The Example Gazette", homepage="https://www.gazette.example/")
    item = ParsedItem(
        source="page.html",
        payload={"headline": "H", "body": BODY},
        outlet_hints=["Gazette Online"],
        domain="gazette.example",
    )
    result = Ingestor().ingest(item)
    assert Article.objects.get(pk=result.article).outlet == gazette


@pytest.mark.django_db
def test_default_outlet_wins_over_a_pages_site_name(fake_engine):
    item = ParsedItem(source="p", payload={"body": BODY}, outlet_hints=["Site Name"])
    result = Ingestor(default_outlet="Chosen Outlet").ingest(item)
    assert Article.objects.get(pk=result.article).outlet.name == "Chosen Outlet"


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ({"body": None}, "body: missing"),
        ({"body": "   "}, "body: missing"),
        ({"body": 42}, "body: must be a string, not int"),
        ({"headline": "x" * 501}, "headline: too long (501 characters, at most 500)"),
        ({"url": "not a url"}, "url: not a valid http(s) URL"),
        ({"url": "ftp://gazette.example/a"}, "url: not a valid http(s) URL"),
        ({"published_at": "yesterday"}, "published_at: not a date or date-time Newsroom reads"),
        ({"published_at": "31 February 2026"}, "published_at: not a date or date-time"),
        ({"published_at": 20250501}, "published_at: must be a string"),
        ({"is_translation": "yes"}, "is_translation: must be true or false"),
        ({"language": "english-language-code"}, "language: too long"),
    ],
)
def test_invalid_fields_are_named_in_the_error(bad, message):
    with pytest.raises(PayloadError, match=message.replace("(", r"\(").replace(")", r"\)")):
        validate_payload(payload(**bad))


@pytest.mark.parametrize(
    ("written", "moment"),
    [
        ("3 December 2026", "2026-12-03T00:00:00+00:00"),
        ("December 3, 2026", "2026-12-03T00:00:00+00:00"),
        ("Dec. 3, 2026 2:30 PM", "2026-12-03T14:30:00+00:00"),
        ("3rd Dec 2026 14:30", "2026-12-03T14:30:00+00:00"),
    ],
)
def test_a_date_written_out_in_english_is_read(written, moment):
    assert validate_payload(payload(published_at=written))["published_at"].isoformat() == moment


def test_every_bad_field_is_reported_at_once():
    with pytest.raises(PayloadError) as exc:
        validate_payload({"outlet": 1, "url": "x", "body": "ok"})
    assert str(exc.value) == "outlet: must be a string, not int; url: not a valid http(s) URL ('x')"


def test_published_at_accepts_dates_datetimes_and_offsets():
    assert validate_payload(payload(published_at="2025-05-01"))["published_at"].isoformat() == (
        "2025-05-01T00:00:00+00:00"
    )
    clean = validate_payload(payload(published_at="2025-05-01T09:30:00+01:00"))
    assert clean["published_at"].isoformat() == "2025-05-01T09:30:00+01:00"


def test_missing_headline_is_taken_from_the_text():
    clean = validate_payload({"outlet": "X", "body": "Bridge opens today\n\nMore text."})
    assert clean["headline"] == "Bridge opens today"


@pytest.mark.django_db
def test_known_speakers_from_the_text_are_given_to_the_engine(fake_engine):
    roe = Speaker.objects.create(name="Jane Roe", role="Mayor of Northfield")
    SpeakerAlias.objects.create(speaker=roe, alias="Roe")
    Speaker.objects.create(name="Someone Unrelated")
    ingest_payloads([payload(body="“Open it,” Roe said. The mayor agreed.")], source="a")
    [(_, known)] = fake_engine.calls
    assert [k.name for k in known] == ["Jane Roe"]
    assert known[0].aliases == ("Roe",) and known[0].role == "Mayor of Northfield"
    assert QuoteAppearance.objects.get().quote.speaker == roe


@pytest.mark.django_db
def test_speaker_is_matched_by_alias_not_duplicated(fake_engine):
    roe = Speaker.objects.create(name="Jane Roe")
    SpeakerAlias.objects.create(speaker=roe, alias="Mayor Roe")
    fake_engine.override = lambda text, known: Reading(
        quotes=(services_quote(text, "Open it", speaker="mayor roe"),)
    )
    ingest_payloads([payload(body="“Open it,” the mayor said.")], source="a")
    assert QuoteAppearance.objects.get().quote.speaker == roe
    assert Speaker.objects.count() == 1


@pytest.mark.django_db
def test_unresolved_speaker_leaves_the_quote_without_one(fake_engine):
    ingest_payloads([payload(body="“Open it,” someone shouted.")], source="a")
    assert QuoteAppearance.objects.get().quote.speaker is None


@pytest.mark.django_db
def test_dry_run_reads_but_writes_nothing(fake_engine):
    report = ingest_payloads([payload(outlet="New One")], source="a", dry_run=True)
    assert report.items[0].status == "created" and report.items[0].quotes == 1
    assert report.items[0].article is None
    assert not Article.objects.exists() and not Outlet.objects.exists()


@pytest.mark.django_db
def test_engine_failure_is_an_error_for_that_item_only(fake_engine):
    def fail_on_boom(text, known):
        if "boom" in text:
            raise ValueError("engine exploded")
        from tests.ingest.conftest import fake_read_article

        return fake_read_article(text, known=known)

    fake_engine.override = fail_on_boom
    report = ingest_payloads([payload(body="boom"), payload()], source="a")
    assert [i.status for i in report.items] == ["error", "created"]
    assert "engine exploded" in report.items[0].error


def services_quote(text, words, *, speaker):
    from articles.engine.types import Quote as EngineQuote

    start = text.index(words)
    return EngineQuote(
        text=words,
        start=start,
        end=start + len(words),
        speaker=speaker,
        speaker_kind="person",
        speaker_mention="the mayor",
        cue="said",
    )


def test_a_publication_time_in_the_future_is_refused_with_the_time_it_gave():
    ahead = (timezone.now() + timedelta(days=3)).replace(microsecond=0)
    with pytest.raises(PayloadError) as exc:
        validate_payload(payload(published_at=ahead.isoformat()))
    assert str(exc.value).startswith(f"published_at: in the future ({ahead.isoformat()})")
    # a feed's clock a few hours ahead is still read
    soon = timezone.now() + timedelta(hours=5)
    assert validate_payload(payload(published_at=soon.isoformat()))["published_at"] == soon


@pytest.mark.django_db
def test_an_item_from_the_future_is_an_error_of_its_own_and_the_rest_is_imported(fake_engine):
    ahead = (timezone.now() + timedelta(days=30)).isoformat()
    report = ingest_payloads(
        [payload(headline="Ferry returns"), payload(headline="Pier reopens", published_at=ahead)],
        source="a",
    )
    assert [a.headline for a in Article.objects.all()] == ["Ferry returns"]
    assert [i.status for i in report.items] == ["created", "error"]
    assert report.items[1].error.startswith("published_at: in the future")
