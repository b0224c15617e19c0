"""Benchmark ingestion end to end: payload in, article stored with its quotes, people and
figures, placed in a story and its quotes joined, through the real service.

The issue asks for "at least 50 articles/s on SQLite and 30 on PostgreSQL in one worker
process with 10,000 articles already stored, printed by a script in ``bench/`` on generated
fictional articles of realistic length and variety". This is that script.

    /work/main/.venv/bin/python bench/bench_ingest.py [--stored 10000] [--articles 500]
        [--batch 100] [--database-url postgres://postgres@127.0.0.1:5432/newsroom_bench]
        [--profile] [--stages] [--keep-db] [--seed S] [--jobs]

Database: as ``bench/bench_placement_db.py`` (whose set-up it reuses): only
``--database-url`` is used, its name must contain "bench" (the script drops and recreates it),
and without it a temporary SQLite file is used. Then ``migrate``.

Articles: a seeded generator of fictional news (``Stream``). Eight fictional outlets, a pool of
fictional people and organisations with roles, events covered by two to seven articles from
different outlets over a few days; each article is 350 to 900 words with an introduction
naming its people, five to twelve quotations in several attribution styles (the same
statements recur across the articles of an event, verbatim, with a changed word or shortened),
figures and background paragraphs. Articles come in publish order.

Pre-stored articles: the first ``--stored`` articles of the stream are written in bulk without
reading them: the placement replay of ``bench_placement_db.py`` (``Replay``: the grouping
engine's own objects, the steps of ``article_place``), so stories, index profiles, index keys
and term frequencies are what placement would have written. Their quotes and people are not
stored; the pool's speakers are (as if earlier imports had created them), so speaker look-ups
find existing rows, as in a running newsroom.

Timed: the next ``--articles`` articles as JSON payloads through ``articles.ingest.service``
(``ingest_each``, which commits in the service's transaction batches, ``NEWSROOM_INGEST_BATCH``
items, and ``_consolidate`` per run of ``--batch``, which is what ``ingest_payloads`` does),
committed, one process. With ``--jobs``, each run of ``--batch`` articles is a job run here
as a worker runs it (``jobs.runner.job_execute``: its records, progress and heartbeats
included); queries per article are then each job's over its articles. Printed: articles per
second (wall), articles per CPU-second, SQL queries per article (median, max, mean, counted
with an execute wrapper), time in SQL, the most frequent query shapes, history rows written
per article, the reading engine's own CPU time per article on the same texts, and how many
items were created, duplicates or errors. ``--profile`` adds a cProfile of the timed run.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_placement_db import (  # noqa: E402
    QueryLog,
    Replay,
    analyze,
    prepare_database,
    query_shape,
    reset_sequences,
    setup_django,
)

TARGETS = {"sqlite": 50.0, "postgresql": 30.0}
SEED = 20261204
START = datetime(2026, 3, 2, 6, 0, tzinfo=UTC)

OUTLETS = [
    ("The Example Gazette", "gazette.example"),
    ("Northfield Courier", "courier.example"),
    ("Exampleton Herald", "herald.example"),
    ("The Sample Times", "sampletimes.example"),
    ("Riverside Chronicle", "chronicle.example"),
    ("Demo Wire Service", "demowire.example"),
    ("Lakeside Evening Post", "lakeside.example"),
    ("Fictional Broadcasting Network", "fbn.example"),
]
GIVEN = (
    "Jane John Priya Marcus Helena Daniel Lena Rafael Grace Samuel Aisha Victor Ruth Omar "
    "Ingrid Tomas Nadia Felix Clara Hugo Mira Joel Petra Ivan"
).split()
FAMILY = (
    "Roe Doe Okafor Bell Varga Osei Fischer Moreno Whitfield Achebe Rahman Hale Calder "
    "Lindqvist Park Ferreira Novak Brandt Ortega Quinn"
).split()
ROLES = [
    "Mayor of {place}",
    "the council's finance chair",
    "a spokesperson for the {place} fire service",
    "the head of the {place} residents' association",
    "a professor of planning at {place} University",
    "the regional health director",
    "the union's general secretary",
    "a local shop owner",
]
ORG_KINDS = ["City Council", "Water Authority", "Transport Board", "Chamber of Commerce"]
TOPICS = [
    ("bridge", "the new bridge", "construction"),
    ("flood", "the spring floods", "flood defences"),
    ("budget", "the city budget", "spending cuts"),
    ("strike", "the transit strike", "wage talks"),
    ("school", "the school closures", "enrolment"),
    ("hospital", "the hospital wing", "waiting lists"),
    ("festival", "the summer festival", "ticket sales"),
    ("housing", "the housing plan", "rents"),
    ("wildfire", "the hillside fire", "evacuations"),
    ("election", "the council election", "turnout"),
]
SYLLABLES = [c + v for c in "bdfgklmnprstvz" for v in ("a", "e", "i", "o", "u", "ar", "en")]
STATEMENT_WORDS = (
    "we will not accept another delay and the people of this town deserve a clear answer "
    "about the cost the timetable and who is responsible for the decisions made so far our "
    "priority is safety and we are working with every partner to get this right before the "
    "winter nobody should have to wait this long for a plan that was promised years ago"
).split()
FILLER = (
    "officials met on Tuesday evening to discuss the plan in detail residents raised concerns "
    "about traffic noise and the overall cost a fuller report is expected within weeks and the "
    "debate is likely to continue into next month several meetings have been scheduled the "
    "committee will publish its findings online local businesses are watching closely"
).split()
VERBS = ["said", "told reporters", "added", "warned", "explained", "said on Monday"]


def _word(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(n))


def _sentence(rng: random.Random, words: list[str], n: int) -> str:
    start = rng.randrange(len(words))
    s = " ".join(words[(start + i * rng.randint(1, 3)) % len(words)] for i in range(n))
    return s[0].upper() + s[1:]


@dataclass
class Person:
    given: str
    family: str
    role: str

    @property
    def name(self) -> str:
        return f"{self.given} {self.family}"


@dataclass
class Event:
    id: int
    place: str
    topic: tuple[str, str, str]
    people: list[Person]
    org: str
    statements: dict[str, list[str]]
    figures: list[str]
    remaining: int
    day: int


@dataclass
class Generated:
    event: int
    published_at: datetime
    outlet: int
    headline: str
    body: str
    url: str

    def payload(self) -> dict:
        name, domain = OUTLETS[self.outlet]
        return {
            "outlet": name,
            "headline": self.headline,
            "url": self.url,
            "published_at": self.published_at.isoformat(),
            "byline": "Staff reporter",
            "body": self.body,
        }


class Stream:
    """Fictional articles in publish order: about 150 a day, several events running at once."""

    def __init__(self, seed: int = SEED, per_day: int = 150) -> None:
        self.rng = random.Random(seed)
        rng = self.rng
        self.places = sorted({_word(rng, rng.randint(2, 3)).capitalize() for _ in range(400)})
        self.pool = [
            Person(g, f, rng.choice(ROLES).format(place=rng.choice(self.places)))
            for g in GIVEN
            for f in FAMILY
            if rng.random() < 0.4
        ]
        self.per_day = per_day
        self.n = 0
        self.events: list[Event] = []
        self.next_event = 0

    def speakers(self) -> list[tuple[str, str]]:
        """(name, role) of the pool, as earlier imports would have stored them."""
        return [(p.name, p.role) for p in self.pool]

    def _event(self, day: int) -> Event:
        rng = self.rng
        place = rng.choice(self.places)
        people = rng.sample(self.pool, rng.randint(2, 4))
        statements = {
            p.name: [_sentence(rng, STATEMENT_WORDS, rng.randint(8, 20)) for _ in range(3)]
            for p in people
        }
        figures = [
            f"{rng.randint(12, 9_000):,} {rng.choice(['residents', 'homes', 'jobs', 'people'])}",
            f"{rng.randint(2, 90)} million dollars",
            f"{rng.randint(2, 60)} per cent",
        ]
        self.next_event += 1
        return Event(
            id=self.next_event,
            place=place,
            topic=rng.choice(TOPICS),
            people=people,
            org=f"{place} {rng.choice(ORG_KINDS)}",
            statements=statements,
            figures=figures,
            remaining=rng.randint(2, 7),
            day=day,
        )

    def __iter__(self):
        return self

    def __next__(self) -> Generated:
        rng = self.rng
        at = START + timedelta(minutes=24 * 60 * self.n / self.per_day)
        day = self.n // self.per_day
        self.n += 1
        self.events = [e for e in self.events if e.remaining > 0 and day - e.day <= 3]
        if len(self.events) < 25 or rng.random() < 0.3:
            self.events.append(self._event(day))
        event = rng.choice(self.events)
        event.remaining -= 1
        outlet = rng.randrange(len(OUTLETS))
        headline, body = self._article(event, outlet)
        url = f"https://{OUTLETS[outlet][1]}/{at:%Y/%m/%d}/{event.id}-{self.n}"
        return Generated(event.id, at, outlet, headline, body, url)

    def _quote(self, event: Event, person: Person) -> str:
        rng = self.rng
        text = rng.choice(event.statements[person.name])
        roll = rng.random()
        if roll < 0.25:  # one word changed
            words = text.split()
            words[rng.randrange(1, len(words))] = rng.choice(STATEMENT_WORDS)
            text = " ".join(words)
        elif roll < 0.35:  # shortened
            words = text.split()
            text = " ".join(words[: max(5, len(words) * 2 // 3)])
        elif roll < 0.45:  # something new
            text = _sentence(rng, STATEMENT_WORDS, rng.randint(8, 18))
        return text

    def _article(self, event: Event, outlet: int) -> tuple[str, str]:
        rng = self.rng
        key, subject, theme = event.topic
        headline = (
            f"{event.place}: {rng.choice(['row over', 'new twist in', 'what next for', 'vote on'])}"
            f" {subject}"
        )
        people = rng.sample(event.people, rng.randint(2, len(event.people)))
        paras = [
            f"{event.place} was divided on {rng.choice(['Monday', 'Tuesday', 'Thursday'])} over "
            f"{subject}, as {event.org} debated {theme}."
        ]
        for p in people:
            paras.append(f"{p.name}, {p.role}, spoke to {OUTLETS[outlet][0]} about {subject}.")
        target = rng.randint(350, 900)
        words = sum(len(p.split()) for p in paras)
        quotes = 0
        want = rng.randint(5, 12)
        while words < target or quotes < want:
            roll = rng.random()
            person = rng.choice(people)
            if quotes < want and roll < 0.5:
                text = self._quote(event, person)
                style = rng.randrange(4)
                if style == 0:
                    p = f"“{text},” {person.family} {rng.choice(VERBS)}."
                elif style == 1:
                    p = f"“{text},” said {person.name}."
                elif style == 2:
                    second = _sentence(rng, STATEMENT_WORDS, 7)
                    p = f"“{text},” {person.family} said. “{second}.”"
                else:
                    p = f"{event.org} said in a statement: “{text}.”"
                quotes += 1
            elif roll < 0.65:
                p = (
                    f"The {theme} affects {rng.choice(event.figures)}, according to figures "
                    f"from {event.org}, and costs {rng.choice(event.figures)}."
                )
            else:
                filler = _sentence(rng, FILLER, rng.randint(15, 40))
                p = f"{filler} in {event.place}, where {key} remains the main issue."
            paras.append(p)
            words += len(p.split())
        return headline, "\n\n".join(paras)


# Pre-storing -----------------------------------------------------------------------------------


def prestore(stream: Stream, n: int) -> tuple[list, float]:
    """Outlets, the speaker pool and ``n`` articles placed by the replay, in bulk."""
    from django.db import transaction

    from sources.models import Outlet, Speaker

    t0 = time.perf_counter()
    with transaction.atomic():
        outlets = Outlet.objects.bulk_create(
            [
                Outlet(name=name, slug=domain.split(".")[0], homepage=f"https://{domain}/")
                for name, domain in OUTLETS
            ]
        )
        Speaker.objects.bulk_create(
            [
                Speaker(name=name, slug=f"speaker-{i}", role=role)
                for i, (name, role) in enumerate(stream.speakers())
            ]
        )
    outlets = list(Outlet.objects.order_by("id"))
    replay = Replay()
    for i in range(n):
        a = next(stream)
        replay.place(a.headline, a.body, a.published_at, a.outlet)
        if (i + 1) % 5000 == 0 or i + 1 == n:
            replay.flush(outlets)
    reset_sequences()
    analyze()
    return outlets, time.perf_counter() - t0


def prestore_or_copy(stream: Stream, args, url: str) -> float:
    """``prestore``, or with ``--fill-copy`` (SQLite) the pre-stored database copied from that
    file, made by ``prestore`` the first time. Returns the fill's seconds."""
    import sqlite3

    from django.core.management import call_command
    from django.db import connection

    if args.fill_copy and connection.vendor == "postgresql":
        return _prestore_or_copy_pg(stream, args)
    if not args.fill_copy or connection.vendor != "sqlite":
        return prestore(stream, args.stored)[1]
    saved = Path(f"{args.fill_copy}.{args.seed}.{args.stored}.sqlite3")
    own = connection.settings_dict["NAME"]
    t0 = time.perf_counter()
    connection.close()
    if saved.exists():
        for _ in range(args.stored):  # the stream goes on after the stored articles
            next(stream)
        source, target = saved, own
    else:
        prestore(stream, args.stored)
        connection.close()
        source, target = own, saved
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    call_command("migrate", verbosity=0, interactive=False)  # a copy made by older code
    return time.perf_counter() - t0


def _prestore_or_copy_pg(stream: Stream, args) -> float:
    """``prestore_or_copy`` on PostgreSQL: the pre-stored database kept as a template database
    named after the run's (``<name>_fill_<seed>_<stored>``, so it holds "bench" too), made by
    the first run (``prestore``, then ``CREATE DATABASE ... TEMPLATE`` of it); later runs
    recreate their database from it (rows, sequences and planner statistics alike), then
    migrate. ``--fill-copy``'s value only switches this on."""
    import psycopg
    from django.core.management import call_command
    from django.db import connection
    from psycopg import sql

    settings = connection.settings_dict
    own = settings["NAME"]
    saved = f"{own}_fill_{args.seed}_{args.stored}"
    admin = psycopg.connect(
        dbname="postgres",
        user=settings["USER"] or None,
        host=settings["HOST"] or None,
        port=settings["PORT"] or None,
        password=settings["PASSWORD"] or None,
        autocommit=True,
    )
    t0 = time.perf_counter()
    with admin:
        exists = admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [saved]).fetchone()
        if exists:
            for _ in range(args.stored):  # the stream goes on after the stored articles
                next(stream)
            connection.close()
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(own))
            )
            admin.execute(
                sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                    sql.Identifier(own), sql.Identifier(saved)
                )
            )
            call_command("migrate", verbosity=0, interactive=False)  # made by older code
        else:
            prestore(stream, args.stored)
            connection.close()
            admin.execute(
                sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                    sql.Identifier(saved), sql.Identifier(own)
                )
            )
    return time.perf_counter() - t0


# Timed ingestion -------------------------------------------------------------------------------


def history_rows() -> int:
    from django.apps import apps

    return sum(m.objects.count() for m in apps.get_models() if m.__name__.startswith("Historical"))


def run_jobs(payloads: list[dict], batch: int, log, statuses: Counter, errors: list) -> list:
    """Each run of ``batch`` articles as a job, run here as a worker runs it (``job_execute``:
    its records, progress, heartbeats and consolidation included). Returns each job's queries
    per article (a job's queries are not split by article)."""
    from jobs.models import Job
    from jobs.runner import job_execute
    from jobs.services import job_payloads

    per_article = []
    for start in range(0, len(payloads), batch):
        chunk = payloads[start : start + batch]
        job = job_payloads(chunk, source="bench", enqueue=False)
        before = len(log.calls)
        state = job_execute(job.pk)
        per_article += [(len(log.calls) - before) / len(chunk)] * len(chunk)
        if state != Job.State.SUCCEEDED:
            errors.append(f"job {job.pk}: {state}")
        for status, error in job.items.values_list("status", "error"):
            statuses[status] += 1
            if error:
                errors.append(error)
    return per_article


def run_service(payloads: list[dict], batch: int, log, statuses: Counter, errors: list) -> list:
    """Each run of ``batch`` articles through the service, as one API call does: its items
    committed in the service's own transaction batches (``ingest_each``), then consolidated.
    Returns the queries of each article: those between two outcomes are the next article's
    (with the commit and the next BEGIN when a transaction batch ends before it)."""
    from articles.ingest import service
    from articles.ingest.parsers import ParsedItem
    from articles.ingest.report import IngestReport
    from articles.ingest.service import Ingestor

    per_article = []
    for start in range(0, len(payloads), batch):
        ingestor = Ingestor(user=None, default_outlet=None, dry_run=False)
        report = IngestReport()
        items = [
            ParsedItem(source=f"bench#{n}", payload=payload)
            for n, payload in enumerate(payloads[start : start + batch], start + 1)
        ]
        before = len(log.calls)
        for item in service.ingest_each(ingestor, items):
            per_article.append(len(log.calls) - before)
            before = len(log.calls)
            report.items.append(item)
            statuses[item.status] += 1
            if item.error:
                errors.append(item.error)
        service._consolidate(ingestor, report)
    return per_article


class Stages:
    """CPU time spent in each stage of an import, by wrapping the functions the service and
    the job runner call (``--stages``): the stages never nest, so no profiler skews them."""

    def __init__(self) -> None:
        from articles.ingest import ingestor, service
        from jobs import runner

        self.cpu: Counter = Counter()
        targets = [
            ("read (payload, outlet, known speakers, engine)", ingestor.Ingestor, "prepare"),
            ("store the reading (quotes, people, figures)", ingestor, "article_read"),
            ("place in a story", ingestor, "article_place"),
            ("join quotes across articles", ingestor, "quotes_connect"),
            ("consolidate drafts (end of each run)", service, "_consolidate"),
            ("consolidate drafts (end of each run)", runner, "_consolidate"),
        ]
        for label, owner, name in targets:
            setattr(owner, name, self._timed(label, getattr(owner, name), self.cpu))
        # Parts inside the stages above (printed apart, not added up with them).
        from articles.ingest import speakers
        from articles.stories import consolidation, placement, storylines

        self.parts: Counter = Counter()
        parts = [
            ("consolidation: the drafts' matching", consolidation, "_story_match"),
            ("consolidation: merges", consolidation, "story_merge"),
            ("consolidation: storylines", service, "storylines_suggest"),
            ("storing: speakers found or created", speakers, "speakers_get_or_create"),
            ("key rows and candidates (story_index_for), all stages", placement, "story_index_for"),
            (
                "key rows and candidates (story_index_for), all stages",
                consolidation,
                "story_index_for",
            ),
            (
                "key rows and candidates (story_index_for), all stages",
                storylines,
                "story_index_for",
            ),
        ]
        for label, owner, name in parts:
            setattr(owner, name, self._timed(label, getattr(owner, name), self.parts))

    def _timed(self, label: str, func, counter: Counter):
        def timed(*args, **kwargs):
            c0 = time.process_time()
            try:
                return func(*args, **kwargs)
            finally:
                counter[label] += time.process_time() - c0

        return timed

    def print(self, n: int, total: float) -> None:
        print("CPU per article by stage:")
        for label, cpu in self.cpu.most_common():
            print(f"  {1000 * cpu / n:6.1f} ms  {label}")
        rest = total - sum(self.cpu.values())
        print(f"  {1000 * rest / n:6.1f} ms  the rest (article rows, job records, commits, ...)")
        print("parts of the stages above:")
        for label, cpu in sorted(self.parts.items()):
            print(f"  {1000 * cpu / n:6.1f} ms  {label}")


def worker_startup() -> None:
    """What a background worker does once started, before its first job, as the checkout's
    ``run_worker`` does it (nothing where it has no ``worker_startup``)."""
    from jobs.management.commands import run_worker

    startup = getattr(run_worker, "worker_startup", None)
    if startup is not None:
        startup()


def run_ingest(payloads: list[dict], batch: int, profiler, *, jobs: bool = False) -> dict:
    from django.db import connection

    log = QueryLog()
    statuses: Counter = Counter()
    errors: list[str] = []
    history_before = history_rows()
    if jobs:
        worker_startup()  # the bench's process is the worker
    run = run_jobs if jobs else run_service
    kept = _kept()
    server = _server_cpu()
    c0, t0 = time.process_time(), time.perf_counter()
    if profiler:
        profiler.enable()
    with connection.execute_wrapper(log):
        per_article = run(payloads, batch, log, statuses, errors)
    if profiler:
        profiler.disable()
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    after = _server_cpu()
    return {
        "server_cpu": (
            after[1] - server[1] if server and after and server[0] == after[0] else None
        ),
        "kept": [b - a for a, b in zip(kept, _kept(), strict=True)],
        "wall": wall,
        "cpu": cpu,
        "per_article": per_article,
        "log": log,
        "statuses": statuses,
        "errors": errors,
        "history": history_rows() - history_before,
    }


def _server_cpu() -> tuple[int, float] | None:
    """The PostgreSQL server process of this connection and the CPU seconds it has used (its
    ``/proc/PID/stat``: the server runs on this machine), or None (SQLite, another host). A
    figure the other processes' load changes little, unlike the wall clock."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return None
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return pid, (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def _kept() -> tuple[int, int]:
    """Statements sent so far in the same message as a later one less the messages of such
    statements sent on their own and waited for, and the messages sent ahead without waiting
    (``ops.grouped``, PostgreSQL; (0, 0) where the checkout has no such module)."""
    try:
        from ops.grouped import COUNTS
    except ImportError:
        return 0, 0
    return COUNTS["kept"] - COUNTS["alone"], COUNTS.get("ahead", 0)


def engine_cpu(payloads: list[dict]) -> float:
    from articles.engine import read_article

    c0 = time.process_time()
    for p in payloads:
        read_article(p["body"])
    return time.process_time() - c0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stored", type=int, default=10_000)
    parser.add_argument("--articles", type=int, default=500)
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--shapes", type=int, default=8, help="query shapes to list")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument(
        "--stages", action="store_true", help="CPU time per article of each stage of the import"
    )
    parser.add_argument(
        "--profile-out", default=None, help="with --profile, also save the stats to this file"
    )
    parser.add_argument("--keep-db", action="store_true")
    parser.add_argument(
        "--fill-copy",
        default=None,
        help="keep the pre-stored database (SQLite: in this file; PostgreSQL: as a template "
        "database named after the run's, when this is given) made when missing, and start each "
        "run from a copy of it",
    )
    parser.add_argument(
        "--jobs", action="store_true", help="each run of --batch articles as a job (as a worker)"
    )
    parser.add_argument("--json", action="store_true", help="figures as JSON on the last line")
    parser.add_argument(
        "--dump-tables",
        default=None,
        help="after the run, write every model's rows to this file (ids included; times and "
        "job claims left out), to compare two versions' imports (run with PYTHONHASHSEED=0)",
    )
    args = parser.parse_args()

    url, cleanup = prepare_database(args.database_url, args.keep_db)
    try:
        setup_django(url)
        from django.db import connection

        from articles.engine import read_article

        stream = Stream(args.seed)
        fill = prestore_or_copy(stream, args, url)
        payloads = [next(stream).payload() for _ in range(args.articles)]
        read_article(payloads[0]["body"])  # warm the engine's caches (not timed)
        profiler = cProfile.Profile() if args.profile else None
        stages = Stages() if args.stages else None
        result = run_ingest(payloads, args.batch, profiler, jobs=args.jobs)
        if stages:
            stages.print(len(payloads), result["cpu"])
        engine = engine_cpu(payloads)
        report(args, connection.vendor, fill, payloads, result, engine)
        if args.dump_tables:
            dump_tables(args.dump_tables)
        if args.json:
            n = len(payloads)
            figures = {
                "database": connection.vendor,
                "stored": args.stored,
                "articles": n,
                "per_second": n / result["wall"],
                "per_cpu_second": n / result["cpu"],
                "queries_median": statistics.median(result["per_article"]),
                "errors": len(result["errors"]),
            }
            print(json.dumps(figures))
        if profiler:
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(35)
            if args.profile_out:
                profiler.dump_stats(args.profile_out)
    finally:
        from django.db import connections

        connections.close_all()
        cleanup()
    return 0


def dump_tables(path: str) -> None:
    """Every model's rows in id order, one line each, leaving out what differs from run to
    run whatever the code: times (but articles' publication times), job claims and the
    per-process content-generation slots."""
    from django.apps import apps
    from django.db import models

    with open(path, "w", encoding="utf-8") as out:
        for model in sorted(apps.get_models(), key=lambda m: m._meta.label):
            if model._meta.label == "ops.ContentGeneration":
                continue
            names = [
                f.attname
                for f in model._meta.concrete_fields
                if not (isinstance(f, models.DateTimeField) and f.name != "published_at")
                and not (model._meta.label == "jobs.Job" and f.name == "claim")
            ]
            out.write(f"## {model._meta.label}\n")
            for row in model._default_manager.order_by("pk").values_list(*names):
                out.write(repr(row) + "\n")


def report(args, vendor: str, fill: float, payloads, result, engine: float) -> None:
    n = len(payloads)
    words = sum(len(p["body"].split()) for p in payloads)
    per = result["per_article"]
    sql_s = sum(t for _, t in result["log"].calls)
    shapes = Counter(query_shape(sql) for sql, _ in result["log"].calls)
    rate = n / result["wall"]
    print(f"database: {vendor}  stored before the run: {args.stored:,} (bulk fill {fill:.1f} s)")
    print(
        f"ingested: {n} articles ({words / n:.0f} words on average), batches of {args.batch}: "
        + ", ".join(f"{k} {v}" for k, v in sorted(result["statuses"].items()))
    )
    for error in result["errors"][:5]:
        print(f"  error: {error}")
    print(f"articles/second (wall): {rate:.1f}  (wall {result['wall']:.2f} s)")
    print(f"articles/cpu-second: {n / result['cpu']:.1f}  (cpu {result['cpu']:.2f} s)")
    if result.get("server_cpu") is not None:
        both = result["cpu"] + result["server_cpu"]
        print(
            f"server CPU: {1000 * result['server_cpu'] / n:.1f} ms per article; this process "
            f"and its server together: {1000 * both / n:.1f} ms per article"
        )
    if args.jobs:
        print(
            f"SQL queries per article (a job's queries over its articles, its records and "
            f"consolidation included): mean {len(result['log'].calls) / n:.1f}; "
            f"time in SQL {sql_s:.2f} s ({100 * sql_s / result['wall']:.0f}% of wall)"
        )
    else:
        print(
            f"SQL queries per article: median {statistics.median(per):.0f}, max {max(per)}, "
            f"mean {statistics.mean(per):.1f}; time in SQL {sql_s:.2f} s "
            f"({100 * sql_s / result['wall']:.0f}% of wall)"
        )
    if vendor == "postgresql":
        kept, ahead = result["kept"]
        waited = (len(result["log"].calls) - kept) / n
        print(
            f"messages to the server per article: {waited:.1f} waited for, {ahead / n:.1f} "
            f"more sent ahead (their answers read before the next statement)"
        )
    print(f"history rows per article: {result['history'] / n:.1f}")
    print(f"reading engine alone: {1000 * engine / n:.1f} ms CPU per article")
    print("most frequent query shapes:")
    for shape, count in shapes.most_common(args.shapes):
        print(f"  {count / n:6.1f}/article  {shape}")
    spent: Counter = Counter()
    for sql, t in result["log"].calls:
        spent[query_shape(sql)] += t
    print("query shapes taking the most time:")
    for shape, t in spent.most_common(min(args.shapes, 8)):
        print(f"  {1000 * t / n:6.2f} ms/article  {shape}")
    target = TARGETS.get(vendor)
    if target is not None:
        verdict = "meets" if rate >= target else "misses"
        print(f"target {target:.0f} articles/s on {vendor}: {verdict} ({rate:.1f})")


if __name__ == "__main__":
    raise SystemExit(main())
