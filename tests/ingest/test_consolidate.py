"""Consolidation at the end of an import: drafts that online placement split one event into
are merged, the report points at the survivor, and edited or different stories stay apart."""

import json
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from articles.ingest import service
from articles.ingest.service import ingest_payloads
from articles.models import Article, AuditEntry, KeyPoint, Story
from articles.stories import consolidation
from articles.stories.consolidation import stories_consolidate

DEV = Path(__file__).parent.parent / "engine" / "data_connect" / "grouping_devset.jsonl"
# A vague first report ("Tech giant axes staff by video call") then the detailed ones: the
# vague one starts a story of its own and the detailed ones another.
LAYOFFS = ["dev-014", "dev-007", "dev-009", "dev-006"]
RATES = ["dev-025", "dev-020", "dev-023", "dev-019"]


def _payloads(ids: list[str]) -> list[dict]:
    rows = {}
    with DEV.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                row = json.loads(line)
                rows[row["id"]] = row
    fields = ("outlet", "headline", "body", "published_at")
    return [{k: rows[i][k] for k in fields if rows[i].get(k)} for i in ids]


def _split_import(monkeypatch, ids: list[str]):
    """Import without consolidation nor joining (as placement alone leaves it)."""
    with monkeypatch.context() as m:
        m.setattr(service, "stories_consolidate", lambda **kw: {})
        m.setattr(service, "stories_join", lambda **kw: {})
        return ingest_payloads(_payloads(ids), source="t")


@pytest.mark.django_db
def test_placement_alone_splits_the_event(fake_engine, monkeypatch):
    report = _split_import(monkeypatch, LAYOFFS)
    assert len({i.story for i in report.items}) == 2


@pytest.mark.django_db
def test_split_event_ends_up_in_one_story_and_the_report_says_so(fake_engine):
    report = ingest_payloads(_payloads(LAYOFFS), source="t")
    stories = {i.story for i in report.items}
    assert len(stories) == 1
    [story_id] = stories
    assert set(Article.objects.values_list("story_id", flat=True)) == {story_id}
    # The emptied machine draft is gone, the merge is in the audit log.
    assert list(Story.objects.values_list("pk", flat=True)) == [story_id]
    assert AuditEntry.objects.filter(action=AuditEntry.Action.MERGE, story_id=story_id).exists()


@pytest.mark.django_db
def test_different_events_stay_apart(fake_engine):
    ids = [x for pair in zip(LAYOFFS, RATES, strict=True) for x in pair]
    report = ingest_payloads(_payloads(ids), source="t")
    by_event = [{i.story for i in report.items[k::2]} for k in (0, 1)]
    assert all(len(s) == 1 for s in by_event)
    assert by_event[0] != by_event[1]


@pytest.mark.django_db
def test_stories_with_editorial_work_are_never_merged_away(fake_engine, monkeypatch):
    report = _split_import(monkeypatch, LAYOFFS)
    vague, detailed = report.items[0].story, report.items[1].story
    KeyPoint.objects.create(story_id=vague, text="Staff were told by video call.", position=0)
    # The draft of the same event may join it (as placement would have), never the reverse.
    assert vague not in stories_consolidate(story_ids=[vague, detailed])
    assert Article.objects.filter(story_id=vague).exists()


@pytest.mark.django_db
def test_published_stories_are_never_merged_away(fake_engine, monkeypatch):
    report = _split_import(monkeypatch, LAYOFFS)
    vague, detailed = report.items[0].story, report.items[1].story
    Story.objects.filter(pk=vague).update(status=Story.Status.PUBLISHED)
    assert vague not in stories_consolidate(story_ids=[vague, detailed])
    assert Story.objects.get(pk=vague).status == Story.Status.PUBLISHED


@pytest.mark.django_db
def test_a_draft_larger_than_a_split_s_pieces_is_never_merged_away(fake_engine, monkeypatch):
    report = _split_import(monkeypatch, LAYOFFS)
    vague, detailed = report.items[0].story, report.items[1].story
    # With no draft small enough to be a piece of a split, nothing merges.
    monkeypatch.setattr(consolidation, "CONSOLIDATE_MAX_ARTICLES", 0)
    assert stories_consolidate(story_ids=[vague, detailed]) == {}
    monkeypatch.setattr(consolidation, "CONSOLIDATE_MAX_ARTICLES", 1)
    assert stories_consolidate(story_ids=[vague, detailed]) == {vague: detailed}


@pytest.mark.django_db
def test_only_the_given_stories_are_merged_away(fake_engine, monkeypatch):
    report = _split_import(monkeypatch, LAYOFFS)
    vague = report.items[0].story
    assert vague not in stories_consolidate(story_ids=[report.items[1].story])
    assert Article.objects.filter(story_id=vague).exists()


@pytest.mark.django_db
def test_no_consolidation_in_a_dry_run(fake_engine, monkeypatch):
    calls = []
    monkeypatch.setattr(service, "stories_consolidate", lambda **kw: calls.append(kw) or {})
    ingest_payloads(_payloads(LAYOFFS), source="t", dry_run=True)
    assert calls == []


def _consolidation_queries(monkeypatch, extra: list[str]) -> tuple[int, int, int]:
    """Queries other than candidate profile reads, candidate profile reads, and the
    candidate look-ups (one per article scored)."""
    if extra:
        _split_import(monkeypatch, extra)
    report = _split_import(monkeypatch, LAYOFFS)
    ids = {i.story for i in report.items}
    lookups = []
    real = consolidation.story_index_for
    monkeypatch.setattr(
        consolidation, "story_index_for", lambda *a, **kw: lookups.append(1) or real(*a, **kw)
    )
    with CaptureQueriesContext(connection) as ctx:
        mapping = stories_consolidate(story_ids=ids)
    monkeypatch.setattr(consolidation, "story_index_for", real)
    assert len(mapping) == 1
    reads = [
        q["sql"]
        for q in ctx.captured_queries
        if q["sql"].startswith('SELECT "articles_storyindexprofile"."story_id"')
    ]
    return len(ctx.captured_queries) - len(reads), len(reads), len(lookups)


@pytest.mark.django_db
def test_query_count_does_not_grow_with_stored_stories(fake_engine, monkeypatch):
    # Only candidates' profiles are read, in one query per look-up that found any: a look-up
    # finding none (an event alone in the database) reads none. Every other query is the same.
    alone, alone_reads, lookups = _consolidation_queries(monkeypatch, [])
    Article.objects.all().delete()
    Story.objects.all().delete()
    others = ["dev-003", "dev-040", "dev-049", "dev-030", "dev-035", *RATES]
    queries, reads, more_lookups = _consolidation_queries(monkeypatch, others)
    assert queries == alone
    assert more_lookups == lookups
    assert alone_reads <= reads <= lookups


@pytest.mark.django_db
def test_command_json_report_matches_the_database(fake_engine, tmp_path):
    import io

    from django.core.management import call_command

    for n, payload in enumerate(_payloads(LAYOFFS)):
        (tmp_path / f"{n}.json").write_text(json.dumps(payload), encoding="utf-8")
    files = sorted(str(p) for p in tmp_path.iterdir())
    out = io.StringIO()
    call_command("ingest", *files, "--report", "json", stdout=out)
    items = json.loads(out.getvalue())["items"]
    assert len({i["story"] for i in items}) == 1
    for item in items:
        assert Article.objects.get(pk=item["article"]).story_id == item["story"]


# A vague late report of the injury in tests.engine.test_grouping (no player named): it fits
# the injury's story less than placement asks of one article, and no other story at all.
VAGUE_INJURY = (
    "Harriers forward out for season",
    "The Harriers forward hurt against Northfield will miss the rest of the season with a "
    "knee injury, the club said.",
)


def _club_payloads(reports) -> list[dict]:
    return [
        {"outlet": f"The Example Courier {i}", "headline": headline, "body": body}
        for i, (headline, body) in enumerate(reports)
    ]


@pytest.mark.django_db
def test_a_vague_report_placement_left_alone_joins_its_event_at_the_end(fake_engine, monkeypatch):
    from tests.engine.test_grouping import VALE_REPORTS, VALE_SURGERY

    reports = [*VALE_REPORTS, VALE_SURGERY, VAGUE_INJURY]
    placed = _club_payloads(reports)
    with monkeypatch.context() as m:
        m.setattr(service, "stories_consolidate", lambda **kw: {})
        m.setattr(service, "stories_join", lambda **kw: {})
        alone = ingest_payloads(placed, source="t")
    assert alone.items[-1].story != alone.items[0].story  # placement alone leaves it apart
    Article.objects.all().delete()
    Story.objects.all().delete()
    report = ingest_payloads(placed, source="t")
    assert {i.story for i in report.items} == {report.items[0].story}


@pytest.mark.django_db
def test_the_club_s_other_player_hurt_stays_another_story(fake_engine):
    # Same club, coach, ground and kind of injury, but another player: two events, however
    # low the bar for merging drafts at the end of the import.
    from tests.engine.test_grouping import REED_REPORTS, VALE_REPORTS, VALE_SURGERY

    report = ingest_payloads(
        _club_payloads([*VALE_REPORTS, VALE_SURGERY, *REED_REPORTS]), source="t"
    )
    stories = [i.story for i in report.items]
    assert len(set(stories[:4])) == 1
    assert len(set(stories[4:])) == 1
    assert stories[0] != stories[4]


@pytest.mark.django_db
def test_a_draft_kept_apart_from_one_merged_away_earlier_still_merges(monkeypatch):
    """Draft A was told apart from draft B; B joins C, then A joins D. A's list of what it is
    apart from still names B, merged away by then: it is passed over (C, where B went, is
    already on the list), not looked up (it raised KeyError and failed the import's end)."""
    from tests.factories import make_article, make_story

    c, d, a, b = (make_story(f"Example story {k}", published=False) for k in "CDAB")
    for story in (c, d, a, b):
        make_article(story=story, headline=f"Report for {story.headline}")
    targets = {b.pk: c.pk, a.pk: d.pk}

    def scripted(story_id, cache, known=None, apart=(), **kw):
        target = targets.get(story_id)
        return None if target is None or target in set(apart) else (target, 0.9)

    monkeypatch.setattr(consolidation, "_story_match", scripted)
    mapping = stories_consolidate(story_ids=[a.pk, b.pk, c.pk, d.pk], apart=[(a.pk, b.pk)])
    assert mapping == {b.pk: c.pk, a.pk: d.pk}


@pytest.mark.django_db
def test_a_draft_s_match_is_found_again_only_when_a_story_it_was_read_from_changed(monkeypatch):
    """A merge changes two stories: the drafts whose key rows named one of them, or whose keys
    one of them holds now, are scored again; the others keep the match found before."""
    from articles.models import StoryIndexKey
    from tests.factories import make_story

    a, b, c, target = (make_story(f"Example story {k}", published=False) for k in "ABCT")
    read_from = {
        a.pk: ({"n:roe"}, set()),
        b.pk: ({"harbour"}, {target.pk}),
        c.pk: ({"n:doe"}, set()),
    }
    calls = []

    def scripted(story_id, cache, known=None, apart=(), *, read=None, scores=None, reads=None):
        calls.append(story_id)
        read[0].update(read_from[story_id][0])
        read[1].update(read_from[story_id][1])
        return None

    monkeypatch.setattr(consolidation, "_story_match", scripted)
    matches = consolidation.Matches()
    for _ in range(2):
        for story in (a, b, c):
            matches.find(story.pk, {})
    assert calls == [a.pk, b.pk, c.pk]
    # The target took in a draft that named Jane Roe: it holds A's key now, and B read its rows.
    StoryIndexKey.objects.create(key="n:roe", story=target, first_day=1, last_day=1)
    matches.changed([target.pk])
    for story in (a, b, c):
        matches.find(story.pk, {})
    assert calls == [a.pk, b.pk, c.pk, a.pk, b.pk]
