"""Benchmark placing one article into a story through the database (``article_place``).

The issue asks for: "a script in ``bench/`` stores 100,000 generated articles and reports the
time to place one more: at most 50 ms per article on SQLite, and how it grows from 10,000 to
100,000". This is that script.

    /work/main/.venv/bin/python bench/bench_placement_db.py \
        [--total 100000] [--checkpoints 10000,50000,100000] [--probes 100] \
        [--database-url postgres://postgres@127.0.0.1:5432/newsroom_bench] \
        [--rollback] [--profile] [--keep-db]

Database. Django is set up by the script itself (``DJANGO_SETTINGS_MODULE`` defaults to
``newsroom.settings.dev``). The database is *only* ``--database-url``; an inherited
``DATABASE_URL`` is ignored on purpose, so the script can never fill a developer's database.
Without ``--database-url`` it creates a temporary SQLite file (deleted at the end unless
``--keep-db``). A given database must have "bench" in its name: the script drops and recreates
it (PostgreSQL: ``DROP DATABASE ... WITH (FORCE)`` / ``CREATE DATABASE`` through the
``postgres`` maintenance database; SQLite: the file is deleted). Then ``migrate``.

Articles. The synthetic stream of ``bench/bench_grouping.py`` (``Generator``, fixed seed,
about 3.5 articles per event over a year, in publish order), published at UTC times, spread
over a handful of outlets. No ``ArticlePerson`` rows (the generator has no resolved people).

Fill (bulk, not through ``article_place``). Placing 100,000 articles one by one through the ORM
would take hours, so the script *replays* ``article_place`` in memory and writes the result in
bulk. The replay uses the engine's own objects and follows ``articles/connect.py`` step by
step, so the tables hold what ``article_place`` would have written:

- features: ``featurize`` without ``df``, then ``index_keys`` with the document frequencies
  of the article's own terms before it is counted (``document_frequencies``: only those terms plus
  document count, so IDF of every other term is that of an unseen term, as on the DB side);
- candidates: the rows ``story_index_for`` would read (keys of the article, story ``last_day`` in
  the window, ordered by ``(last_day, story_id)``, first ``MAX_CANDIDATE_ROWS``), put into a
  ``StoryIndex`` with the same restricted ``df`` and window, then ``StoryIndex.best`` and the
  same threshold: join the best story or start a new draft story (headline and slug as
  ``Story.save`` makes them, ids in insertion order);
- update: ``StoryIndex.add`` into the story's profile with a scratch index (as
  ``article_place``), term counts as ``_count_documents`` (terms cut to 200 characters, plus
  the ``TermFrequency.DOCUMENT_COUNT`` row), keys as ``_save_profile`` (union of the story's
  article keys, every key row carrying the story's ``first_day`` and ``last_day``).

On PostgreSQL the replay reads profiles back in jsonb's key order, as ``article_place`` does.

At each checkpoint the new rows are written with ``bulk_create``: ``Outlet``, ``Story``,
``Article`` (with its ``content_hash``), and upserts (``update_conflicts``) of the
``StoryIndexProfile`` (profile JSON, ``first_day``, ``last_day``), ``StoryIndexKey`` (key,
story, ``first_day``, ``last_day``) and ``TermFrequency`` rows touched since the previous
checkpoint. On PostgreSQL the script then runs ``ANALYZE`` (what autovacuum would do after
such a load). Not written: ``simple_history`` rows for the bulk articles and stories
(placement never reads them) and audit rows (placement writes none). Stories never become
archived.

Probes. At each checkpoint the *next* ``--probes`` articles of the stream are saved as
``Article`` rows (untimed) and placed with ``article_place`` (timed: wall time of the call
only), one transaction each, committed (the default: like an import). The replay runs in
lock step and every probe is checked against it: same decision (join or new), same story,
same score, and afterwards the same profile JSON, key rows and term counts in the database.
So the probes also verify that the bulk fill is what ``article_place`` produces. With
``--rollback`` the probes run inside one outer transaction that is rolled back instead (each
``article_place`` is then a savepoint, so commit cost is not measured); the bulk fill writes
those articles afterwards.

Per checkpoint it prints the fill time so far (replay and bulk writes), the table sizes, and
for the probes: median, p95 and max ms per ``article_place``, SQL queries per placement, the
share of time spent in SQL, the slowest query shapes, and the number of candidate key rows
(against the ``MAX_CANDIDATE_ROWS`` cap). ``--profile`` adds a cProfile of one more batch of
probes after the last checkpoint (not counted in the figures). A final table says whether the
50 ms target holds.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import os
import pstats
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import replace
from datetime import UTC
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_grouping import Generator  # noqa: E402

TARGET_MS = 50.0
N_OUTLETS = 12


# Database set-up ------------------------------------------------------------------------------


def prepare_database(url: str | None, keep: bool) -> tuple[str, callable]:
    """Return the DATABASE_URL to use (fresh, empty) and a clean-up function."""
    if url is None:
        folder = tempfile.mkdtemp(prefix="newsroom-benchdb-")
        path = Path(folder) / "bench.sqlite3"

        def cleanup() -> None:
            if keep:
                print(f"kept database: {path}")
            else:
                shutil.rmtree(folder, ignore_errors=True)

        return f"sqlite:///{path}", cleanup
    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if "bench" not in Path(name).name:
        raise SystemExit(
            f"refusing to drop and recreate {name!r}: the database name must contain 'bench'"
        )
    if parts.scheme.startswith("sqlite"):
        path = Path("/" + name) if url.startswith("sqlite:////") else Path(name)
        if path.resolve() == (ROOT / "db.sqlite3").resolve():
            raise SystemExit("refusing to use the developer database db.sqlite3")
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        return url, (lambda: None if keep else path.unlink(missing_ok=True))
    if parts.scheme.startswith("postgres"):
        import psycopg
        from psycopg import sql

        admin = urlunsplit(parts._replace(path="/postgres"))
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))

        def cleanup() -> None:
            if keep:
                print(f"kept database: {name}")
                return
            from django.conf import settings
            from django.db import connections

            if settings.configured:  # bench_load.py serves from other processes, not its own
                connections.close_all()
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(
                    sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
                )

        return url, cleanup
    raise SystemExit(f"unsupported database URL scheme: {parts.scheme}")


def setup_django(url: str) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "newsroom.settings.dev")
    os.environ["DATABASE_URL"] = url  # never an inherited one, see the docstring
    import django

    django.setup()
    from django.conf import settings

    # The dev settings log every query when DEBUG is on: with bulk inserts that is gigabytes.
    # Queries of the probes are counted with an execute wrapper instead.
    settings.DEBUG = False
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


# The replay of article_place -----------------------------------------------------------------


class Replay:
    """``article_place`` over in-memory copies of its tables, written to the DB in bulk."""

    def __init__(self) -> None:
        from django.db import connection

        from articles.models import TermFrequency
        from articles.stories.candidates import PLACEMENT_WINDOW_DAYS
        from articles.stories.key_rows import MAX_CANDIDATE_ROWS

        # PostgreSQL's jsonb gives object keys back sorted (shorter first, then bytewise), not
        # in insertion order, and the engine's tie-breaks follow dict order (which 40 terms a
        # profile keeps, the most common event date): the replay must see profiles the same way.
        self.jsonb = connection.vendor == "postgresql"

        self.window = PLACEMENT_WINDOW_DAYS
        self.max_rows = MAX_CANDIDATE_ROWS
        self.doc_key = TermFrequency.DOCUMENT_COUNT
        self.tf: dict[str, int] = {}  # TermFrequency
        self.profiles: dict = {}  # StoryIndexProfile: story id -> engine StoryProfile
        self.story_keys: dict[int, set[str]] = {}  # StoryIndexKey: story id -> keys
        # Posting lists of the stories that can still be in some future article's window.
        self.live: dict[str, dict[int, None]] = {}
        self.next_story = 1
        self.next_article = 1
        self.max_day = 0
        self.since_prune = 0
        # Rows not yet in the database.
        self.new_stories: list[tuple[int, str, str]] = []
        self.new_articles: list[tuple] = []
        self.dirty_stories: set[int] = set()
        self.dirty_terms: set[str] = set()
        self.slugs: set[str] = set()

    def features(self, headline: str, body: str, published_at):
        from articles.engine.grouping import featurize

        # article_features(): no ArticlePerson rows, so no resolved names.
        return featurize(headline=headline, body=body, published_at=published_at, names=[])

    def place(self, headline: str, body: str, published_at, outlet: int) -> dict:
        """Place one article; returns what ``article_place`` should have done."""
        from articles.engine.grouping import StoryIndex, StoryProfile, index_keys
        from articles.engine.weights import DocumentFrequencies

        features = self.features(headline, body, published_at)
        # document_frequencies: only the article's own terms, and the document count.
        terms = features.df_terms()
        df = DocumentFrequencies(
            n_docs=self.tf.get(self.doc_key, 0),
            df={t: self.tf[t] for t in terms if t in self.tf},
        )
        features = replace(features, keys=tuple(index_keys(features, df)))
        day = features.published.toordinal()
        self._check_order(day)

        # story_index_for: key rows in the window, oldest first, capped.
        rows = []
        for key in dict.fromkeys(features.keys):
            for sid in self.live.get(key, ()):
                last = self.profiles[sid].last
                if last is None or last >= day - self.window:
                    rows.append((last if last is not None else -1, sid, key))
        n_rows = len(rows)
        rows.sort(key=lambda r: (r[0], r[1]))
        postings: dict[str, dict[int, None]] = {}
        for _, sid, key in rows[: self.max_rows]:
            postings.setdefault(key, {})[sid] = None
        index = StoryIndex(df=df, window_days=self.window)
        index.postings = postings
        index.stories = {sid: self.profiles[sid] for p in postings.values() for sid in p}
        best = index.best(features)

        article_id = self.next_article
        self.next_article += 1
        if best is not None and best[1].total >= index.threshold:
            story, created, score = best[0], False, best[1].total
        else:
            story, created = self.next_story, True
            score = best[1].total if best else None
            self.next_story += 1
            title = headline[:300] or "Untitled story"
            self.new_stories.append((story, title, self._slug(title)))
        self.new_articles.append((article_id, story, outlet, headline, body, published_at))

        # The profile update, _count_documents and _save_profile.
        profile = self.profiles.get(story) or StoryProfile()
        scratch = StoryIndex(df=df)
        scratch.stories[story] = profile
        scratch.add(story, features)
        if self.jsonb:
            profile = StoryProfile.from_dict(jsonb_order(profile.as_dict()))
        self.profiles[story] = profile
        for term in {t[:200] for t in terms} | {self.doc_key}:
            self.tf[term] = self.tf.get(term, 0) + 1
            self.dirty_terms.add(term)
        keys = self.story_keys.setdefault(story, set())
        for key in {k[:200] for k in features.keys}:
            if key not in keys:
                keys.add(key)
                self.live.setdefault(key, {})[story] = None
        self.dirty_stories.add(story)
        return {
            "article": article_id,
            "story": story,
            "created": created,
            "score": score,
            "rows": n_rows,
            "terms": terms,
        }

    def _check_order(self, day: int) -> None:
        """Drop stories no future article can reach from the live postings.

        The stream is in publish order within 36 hours, so no later article is published
        before ``max_day - 2``; a story whose last day is older than that minus the window is
        never a candidate again (its rows would be filtered out by ``last_day`` anyway)."""
        if day < self.max_day - 2:
            raise RuntimeError("the article stream is not in publish order; pruning is unsafe")
        self.max_day = max(self.max_day, day)
        self.since_prune += 1
        if self.since_prune < 2000:
            return
        self.since_prune = 0
        floor = self.max_day - 3 - self.window
        for key in list(self.live):
            posting = self.live[key]
            for sid in [s for s in posting if self.profiles[s].last < floor]:
                del posting[sid]
            if not posting:
                del self.live[key]

    def _slug(self, headline: str) -> str:
        """``unique_slug(Story, headline, max_length=100)`` against the stories so far."""
        from django.utils.text import slugify

        base = slugify(headline)[:100].strip("-") or "item"
        slug, n = base, 2
        while slug in self.slugs:
            suffix = f"-{n}"
            slug = f"{base[: 100 - len(suffix)]}{suffix}"
            n += 1
        self.slugs.add(slug)
        return slug

    # Writing -----------------------------------------------------------------------------------

    def flush(self, outlets: list) -> None:
        from django.db import transaction

        from articles.models import (
            Article,
            Story,
            StoryIndexKey,
            StoryIndexProfile,
            TermFrequency,
            content_hash,
        )

        batch = 2000
        with transaction.atomic():
            Story.objects.bulk_create(
                [
                    Story(id=sid, headline=title, slug=slug, status=Story.Status.DRAFT)
                    for sid, title, slug in self.new_stories
                ],
                batch_size=batch,
            )
            Article.objects.bulk_create(
                [
                    Article(
                        id=aid,
                        story_id=sid,
                        outlet_id=outlets[oi].pk,
                        headline=headline,
                        body=body,
                        published_at=published_at,
                        content_hash=content_hash(outlets[oi].name, body),
                    )
                    for aid, sid, oi, headline, body, published_at in self.new_articles
                ],
                batch_size=batch,
            )
            StoryIndexProfile.objects.bulk_create(
                [
                    StoryIndexProfile(
                        story_id=sid,
                        profile=self.profiles[sid].as_dict(),
                        first_day=self.profiles[sid].first,
                        last_day=self.profiles[sid].last,
                    )
                    for sid in sorted(self.dirty_stories)
                ],
                batch_size=batch,
                update_conflicts=True,
                unique_fields=["story"],
                update_fields=["profile", "first_day", "last_day"],
            )
            StoryIndexKey.objects.bulk_create(
                [
                    StoryIndexKey(
                        key=key,
                        story_id=sid,
                        first_day=self.profiles[sid].first,
                        last_day=self.profiles[sid].last,
                    )
                    for sid in sorted(self.dirty_stories)
                    for key in sorted(self.story_keys[sid])
                ],
                batch_size=batch,
                update_conflicts=True,
                unique_fields=["key", "story"],
                update_fields=["first_day", "last_day"],
            )
            TermFrequency.objects.bulk_create(
                [TermFrequency(term=t, df=self.tf[t]) for t in sorted(self.dirty_terms)],
                batch_size=batch,
                update_conflicts=True,
                unique_fields=["term"],
                update_fields=["df"],
            )
        self.new_stories.clear()
        self.new_articles.clear()
        self.dirty_stories.clear()
        self.dirty_terms.clear()
        reset_sequences()
        analyze()


def analyze() -> None:
    """Fresh planner statistics after a bulk load, as autovacuum would soon give them."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def jsonb_order(value):
    """``value`` with its object keys in the order PostgreSQL's jsonb returns them."""
    if isinstance(value, dict):
        keys = sorted(value, key=lambda k: (len(k.encode()), k.encode()))
        return {k: jsonb_order(value[k]) for k in keys}
    return value


def reset_sequences() -> None:
    """After rows with explicit ids, PostgreSQL sequences must follow (SQLite's do)."""
    from django.core.management.color import no_style
    from django.db import connection

    from articles.models import Article, Story, StoryIndexKey, TermFrequency

    if connection.vendor != "postgresql":
        return
    sqls = connection.ops.sequence_reset_sql(
        no_style(), [Story, Article, StoryIndexKey, TermFrequency]
    )
    with connection.cursor() as cursor:
        for statement in sqls:
            cursor.execute(statement)


# Probes --------------------------------------------------------------------------------------


class QueryLog:
    """Counts and times the SQL of the wrapped calls (cheaper than Django's debug cursor)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, float]] = []

    def __call__(self, execute, sql, params, many, context):
        t0 = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.calls.append((sql, time.perf_counter() - t0))


_SHAPE = [
    (re.compile(r"IN \((?:%s|\?)(?:, (?:%s|\?))*\)"), "IN (…)"),
    (re.compile(r"VALUES \(.*\)"), "VALUES (…)"),
    (re.compile(r"'[^']*'"), "'…'"),
    (re.compile(r"\b\d+\b"), "N"),
    (re.compile(r"\"s\d+_x\d+\""), "s…"),
]


def query_shape(sql: str) -> str:
    for pattern, repl in _SHAPE:
        sql = pattern.sub(repl, sql)
    sql = re.sub(r'"articles_(\w+)"\."(\w+)"', r"\2", sql)
    sql = re.sub(r"SELECT .*? FROM", "SELECT … FROM", sql, count=1)
    return sql[:150]


def check_against_db(expected: dict, placement, replay: Replay) -> list[str]:
    """Differences between the replay and what article_place wrote (empty when equal)."""
    from articles.models import StoryIndexKey, StoryIndexProfile, TermFrequency

    problems = []
    if placement.created != expected["created"]:
        problems.append(f"created {placement.created} != replay {expected['created']}")
    if placement.story.pk != expected["story"]:
        problems.append(f"story {placement.story.pk} != replay {expected['story']}")
    a, b = placement.score, expected["score"]
    if (a is None) != (b is None) or (a is not None and abs(a - b) > 1e-9):
        problems.append(f"score {a} != replay {b}")
    sid = placement.story.pk
    row = StoryIndexProfile.objects.filter(story_id=sid).first()
    if row is None or row.profile != replay.profiles[expected["story"]].as_dict():
        problems.append("profile JSON differs")
    keys = {
        key: (first, last)
        for key, first, last in StoryIndexKey.objects.filter(story_id=sid).values_list(
            "key", "first_day", "last_day"
        )
    }
    days = (replay.profiles[expected["story"]].first, replay.profiles[expected["story"]].last)
    if keys != dict.fromkeys(replay.story_keys[expected["story"]], days):
        problems.append("index keys differ")
    terms = [t[:200] for t in expected["terms"]] + [replay.doc_key]
    stored = dict(TermFrequency.objects.filter(term__in=terms).values_list("term", "df"))
    if stored != {t: replay.tf[t] for t in terms}:
        problems.append("term frequencies differ")
    return problems


def run_probes(replay: Replay, stream, outlets, n: int, rollback: bool, profiler) -> dict:
    from django.db import connection, transaction

    from articles.models import Article
    from articles.stories.placement import article_place

    times, cpu, queries, sql_ms, rows, mismatches = [], [], [], [], [], []
    shapes: Counter = Counter()
    shape_counts: Counter = Counter()
    created = 0
    outer = transaction.atomic()
    if rollback:
        outer.__enter__()
    try:
        for _ in range(n):
            _, when, headline, body, oi = next(stream)
            expected = replay.place(headline, body, when, oi)
            article = Article(
                id=expected["article"],
                outlet=outlets[oi],
                headline=headline,
                body=body,
                published_at=when,
            )
            article.save(force_insert=True)
            log = QueryLog()
            with connection.execute_wrapper(log):
                if profiler:
                    profiler.enable()
                c0, t0 = time.process_time(), time.perf_counter()
                placement = article_place(article=article)
                elapsed = time.perf_counter() - t0
                cpu.append((time.process_time() - c0) * 1000)
                if profiler:
                    profiler.disable()
            times.append(elapsed * 1000)
            queries.append(len(log.calls))
            sql_ms.append(sum(d for _, d in log.calls) * 1000)
            rows.append(expected["rows"])
            created += placement.created
            for sql, d in log.calls:
                shape = query_shape(sql)
                shapes[shape] += d * 1000
                shape_counts[shape] += 1
            problems = check_against_db(expected, placement, replay)
            if problems:
                mismatches.append((expected["article"], problems))
                if not rollback:
                    raise SystemExit(
                        f"article {expected['article']}: article_place and the replay differ: "
                        f"{problems}; the bulk fill cannot continue in commit mode"
                    )
    finally:
        if rollback:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
    if rollback:
        reset_sequences()
    else:
        # Committed by article_place: the replay's pending articles and stories (only the
        # probes', the fill was flushed just before) are in the database already. The
        # profile, key and term upserts stay pending: they rewrite the same values.
        replay.new_articles.clear()
        replay.new_stories.clear()
    return {
        "times": times,
        "cpu": cpu,
        "queries": queries,
        "sql_ms": sql_ms,
        "rows": rows,
        "created": created,
        "mismatches": mismatches,
        "shapes": shapes,
        "shape_counts": shape_counts,
    }


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1]


def table_sizes() -> dict:
    from articles.models import Article, Story, StoryIndexKey, TermFrequency

    return {
        "articles": Article.objects.count(),
        "stories": Story.objects.count(),
        "keys": StoryIndexKey.objects.count(),
        "terms": TermFrequency.objects.count(),
    }


# Main ----------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--total", type=int, default=100_000)
    parser.add_argument("--checkpoints", default="10000,50000,100000")
    parser.add_argument("--probes", type=int, default=100)
    parser.add_argument("--database-url", default=None, help="default: a temporary SQLite file")
    parser.add_argument(
        "--rollback", action="store_true", help="roll the probes back instead of committing them"
    )
    parser.add_argument("--profile", action="store_true", help="cProfile the last probes")
    parser.add_argument("--keep-db", action="store_true")
    parser.add_argument("--json", action="store_true", help="figures as JSON on the last line")
    args = parser.parse_args()
    checkpoints = sorted(
        {int(c) for c in args.checkpoints.split(",") if c.strip() and int(c) <= args.total}
        | {args.total}
    )

    url, cleanup = prepare_database(args.database_url, args.keep_db)
    try:
        setup_django(url)
        return run(args, checkpoints, url)
    finally:
        cleanup()


def run(args, checkpoints: list[int], url: str) -> int:
    from django.db import connection

    from sources.models import Outlet

    shown = re.sub(r"//([^:@/]*):[^@/]*@", r"//\1:***@", url)
    print(
        f"database: {connection.vendor} ({shown}); "
        f"probes {'rolled back' if args.rollback else 'committed'}; "
        f"{args.probes} probes at {', '.join(f'{c:,}' for c in checkpoints)} stored articles",
        flush=True,
    )
    outlets = [
        Outlet.objects.create(name=f"Bench Outlet {i + 1}", slug=f"bench-outlet-{i + 1}")
        for i in range(N_OUTLETS)
    ]
    n_probes = args.probes * (len(checkpoints) + args.profile)
    gen = Generator(args.total + n_probes)

    def articles():
        for i, (event_id, when, headline, body) in enumerate(gen.events()):
            yield event_id, when.replace(tzinfo=UTC), headline, body, i % N_OUTLETS

    stream = articles()
    replay = Replay()
    results = []
    stored = 0
    replay_s = write_s = 0.0
    profiler = None
    for checkpoint in checkpoints:
        t0 = time.perf_counter()
        while stored < checkpoint:
            _, when, headline, body, oi = next(stream)
            replay.place(headline, body, when, oi)
            stored += 1
        t1 = time.perf_counter()
        replay.flush(outlets)
        t2 = time.perf_counter()
        replay_s += t1 - t0
        write_s += t2 - t1
        sizes = table_sizes()
        # The replay holds millions of objects a server would not: keep them out of the
        # collector's full passes, which would otherwise land inside some timed calls.
        gc.collect()
        gc.freeze()
        r = run_probes(replay, stream, outlets, args.probes, args.rollback, None)
        stored += args.probes
        r.update(
            checkpoint=checkpoint,
            sizes=sizes,
            replay_s=replay_s,
            write_s=write_s,
            median=statistics.median(r["times"]),
            p95=p95(r["times"]),
            max=max(r["times"]),
        )
        results.append(r)
        print(
            f"\n== {sizes['articles']:,} articles stored ({sizes['stories']:,} stories, "
            f"{sizes['keys']:,} key rows, {sizes['terms']:,} terms); "
            f"fill so far {replay_s + write_s:.0f} s (replay {replay_s:.0f} s, "
            f"bulk writes {write_s:.0f} s)",
        )
        q = r["queries"]
        print(
            f"   article_place x{args.probes}: median {r['median']:.1f} ms, "
            f"p95 {r['p95']:.1f} ms, max {r['max']:.1f} ms (CPU of this process: "
            f"median {statistics.median(r['cpu']):.1f} ms, p95 {p95(r['cpu']):.1f} ms); "
            f"SQL queries {statistics.median(q):.0f} median ({min(q)}-{max(q)}); "
            f"time in SQL {statistics.median(r['sql_ms']):.1f} ms median; "
            f"new stories {r['created']}/{args.probes}"
        )
        print(
            f"   candidate key rows: median {statistics.median(r['rows']):.0f}, "
            f"max {max(r['rows'])} (cap {replay.max_rows}, over the cap: "
            f"{sum(x > replay.max_rows for x in r['rows'])}); "
            f"replay vs database: {args.probes - len(r['mismatches'])}/{args.probes} identical"
        )
        for article_id, problems in r["mismatches"][:5]:
            print(f"   mismatch at article {article_id}: {'; '.join(problems)}")
        print("   slowest query shapes (total ms over the probes, count):")
        for shape, ms in r["shapes"].most_common(4):
            print(f"     {ms:8.1f} ms {r['shape_counts'][shape]:5d}x  {shape}")
        sys.stdout.flush()

    if args.profile:
        # A separate batch, so that the profiler's overhead stays out of the figures above.
        replay.flush(outlets)
        gc.collect()
        gc.freeze()
        profiler = cProfile.Profile()
        run_probes(replay, stream, outlets, args.probes, args.rollback, profiler)

    print(
        "\n stored   | stories | key rows  | fill s | median ms | p95 ms | max ms | CPU median"
        " | CPU p95 | queries"
    )
    print(
        "----------+---------+-----------+--------+-----------+--------+--------+-----------"
        "+---------+--------"
    )
    for r in results:
        s = r["sizes"]
        print(
            f" {s['articles']:>8,} | {s['stories']:>7,} | {s['keys']:>9,} | "
            f"{r['replay_s'] + r['write_s']:>6.0f} | {r['median']:>9.1f} | {r['p95']:>6.1f} | "
            f"{r['max']:>6.1f} | {statistics.median(r['cpu']):>10.1f} | {p95(r['cpu']):>7.1f} | "
            f"{statistics.median(r['queries']):>6.0f}"
        )
    first, last = results[0], results[-1]
    if len(results) > 1:
        print(
            f"growth {first['sizes']['articles']:,} -> {last['sizes']['articles']:,} articles: "
            f"median x{last['median'] / first['median']:.2f}, p95 x{last['p95'] / first['p95']:.2f}"
        )
    holds = last["p95"] <= TARGET_MS
    print(
        f"target {TARGET_MS:.0f} ms per article at {last['sizes']['articles']:,} on "
        f"{connection.vendor}: {'HOLDS' if holds else 'MISSED'} "
        f"(p95 {last['p95']:.1f} ms, median {last['median']:.1f} ms wall; "
        f"CPU p95 {p95(last['cpu']):.1f} ms; load average {os.getloadavg()[0]:.1f} "
        f"on {os.cpu_count()} CPUs)"
    )
    if args.json:
        figures = {
            "database": connection.vendor,
            "stored": last["sizes"]["articles"],
            "probes": args.probes,
            "median_ms": last["median"],
            "p95_ms": last["p95"],
            "cpu_median_ms": statistics.median(last["cpu"]),
            "cpu_p95_ms": p95(last["cpu"]),
            "queries": statistics.median(last["queries"]),
        }
        print(json.dumps(figures))
    if profiler is not None:
        print(f"\ncProfile of {args.probes} more article_place calls after the last checkpoint:")
        stats = pstats.Stats(profiler, stream=sys.stdout)
        stats.sort_stats("cumulative").print_stats(25)
        stats.sort_stats("tottime").print_stats(15)
    return 0  # figures, not a test: the verdict is printed (see bench/README.md)


if __name__ == "__main__":
    raise SystemExit(main())
