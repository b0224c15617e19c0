"""P7: search at 100,000 stored articles, against a case-insensitive substring search of the
same fields, on SQLite (FTS5) or PostgreSQL (GIN indexes).

Usage:
    python bench/bench_search.py [--articles 100000] [--queries 60] [--database-url URL]

Articles come from ``bench_grouping``'s generator (Zipf-distributed words, names, figures),
lengthened to news length (about 450 to 750 words). They are written with ``bulk_create``,
so the index is built the way every import builds it: SQLite's triggers, PostgreSQL's GIN
index. Queries are single words drawn from stored articles, in three classes by how many
articles hold them (rare: under 0.1%, medium: 0.1-3%, common: over 3%), plus two-word
queries. For each query it times what the reader's search page asks (the 20 best articles
by rank, and how many match) and what a substring search of headline and body asks (the 20
newest matching, and how many), and prints p50 and p95 in milliseconds per class, with the
ratio of the medians. The database rules are ``bench_placement_db``'s: a temporary SQLite
file by default; a named database must contain "bench" and is dropped and made again.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import time
from datetime import UTC
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_grouping import Generator  # noqa: E402
from bench.bench_placement_db import prepare_database, setup_django  # noqa: E402

TARGET_P50_MS = 10.0
TARGET_RATIO = 20.0


class LongGenerator(Generator):
    """The grouping bench's articles, at news length."""

    def article(self, topic, names, figures, j):
        head, body = super().article(topic, names, figures, j)
        more = [super(LongGenerator, self).article(topic, names, figures, j)[1] for _ in range(4)]
        return head, " ".join([body, *more])


def fill(n: int) -> list[str]:
    """Store ``n`` articles; return a sample of their bodies for drawing queries."""
    from articles.models import Article
    from sources.models import Outlet

    outlets = [
        Outlet.objects.create(name=f"The Example Gazette {i}", homepage="https://gazette.example/")
        for i in range(12)
    ]
    gen = LongGenerator(n)
    batch, sample = [], []
    started = time.perf_counter()
    for i, (_, when, headline, body) in enumerate(gen.events()):
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        batch.append(
            Article(
                outlet=outlets[i % len(outlets)],
                headline=headline[:500],
                body=body,
                published_at=when,
                content_hash=hashlib.sha256(f"{i}".encode()).hexdigest(),
            )
        )
        if i % 500 == 0:
            sample.append(body)
        if len(batch) == 2000:
            Article.objects.bulk_create(batch)
            batch = []
            print(f"\r  stored {i + 1:,} articles", end="", flush=True)
    if batch:
        Article.objects.bulk_create(batch)
    print(f"\r  stored {n:,} articles in {time.perf_counter() - started:.0f} s")
    return sample


def stored_sample(n: int) -> list[str]:
    """The sample ``fill(n)`` returned, read back from the articles it stored."""
    from articles.models import Article

    if Article.objects.count() != n:
        raise SystemExit(f"--reuse: the database does not hold the {n:,} articles of a fill")
    first = Article.objects.order_by("pk").values_list("pk", flat=True).first()
    ids = range(first, first + n, 500)
    return list(Article.objects.filter(pk__in=ids).order_by("pk").values_list("body", flat=True))


def draw_queries(sample: list[str], n: int, rng: random.Random) -> dict[str, list[str]]:
    from articles.models import Article

    total = Article.objects.count()
    words = sorted({w.strip(".,").lower() for body in sample for w in body.split() if len(w) > 3})
    rng.shuffle(words)
    classes: dict[str, list[str]] = {"rare": [], "medium": [], "common": [], "two words": []}
    share = {}
    for word in words:
        if all(len(v) >= n // 4 for k, v in classes.items() if k != "two words"):
            break
        # How many hold it, from the index (a substring count over 100,000 bodies is slow).
        from articles.core.search import matching

        hits = matching(Article.objects.all(), word, key="article").count()
        share[word] = hits / total
        kind = "rare" if hits / total < 0.001 else "medium" if hits / total <= 0.03 else "common"
        if len(classes[kind]) < n // 4:
            classes[kind].append(word)
    mediums = classes["medium"] or words[:10]
    classes["two words"] = [f"{rng.choice(mediums)} {rng.choice(mediums)}" for _ in range(n // 4)]
    return classes


def timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000


def run_queries(classes: dict[str, list[str]]) -> list[tuple]:
    from django.db.models import Q

    from articles.core.search import ranked
    from articles.models import Article

    def indexed(q: str):
        rows = ranked(Article.objects.all(), q, key="article")
        list(rows.values_list("pk", flat=True)[:20])
        rows.count()

    def substring(q: str):
        cond = Q()
        for word in q.split():
            cond &= Q(headline__icontains=word) | Q(body__icontains=word)
        rows = Article.objects.filter(cond).order_by("-published_at")
        list(rows.values_list("pk", flat=True)[:20])
        rows.count()

    table = []
    for kind, queries in classes.items():
        if not queries:
            continue
        indexed(queries[0])  # warm the caches the same way for both
        substring(queries[0])
        fast = [timed(lambda q=q: indexed(q)) for q in queries]
        slow = [timed(lambda q=q: substring(q)) for q in queries]
        table.append((kind, len(queries), fast, slow))
    return table


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--articles", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=60)
    parser.add_argument("--database-url")
    parser.add_argument("--keep-db", action="store_true")
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="with --database-url: use the articles a --keep-db run left there (same --articles)",
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="figures as JSON on the last line")
    args = parser.parse_args()
    if args.reuse and not args.database_url:
        parser.error("--reuse needs --database-url")
    if args.reuse:
        url, cleanup = args.database_url, lambda: None
    else:
        url, cleanup = prepare_database(args.database_url, args.keep_db)
    try:
        setup_django(url)
        from django.db import connection

        print(f"database: {connection.vendor}, {args.articles:,} articles")
        sample = stored_sample(args.articles) if args.reuse else fill(args.articles)
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        classes = draw_queries(sample, args.queries, random.Random(args.seed))
        table = run_queries(classes)
        print(
            f"{'queries':<10} {'n':>3} {'index p50':>10} {'p95':>8} {'substring p50':>14} "
            f"{'p95':>8} {'ratio p50':>10}"
        )
        all_fast, all_slow = [], []
        for kind, n, fast, slow in table:
            all_fast += fast
            all_slow += slow
            f50, s50 = statistics.median(fast), statistics.median(slow)
            print(
                f"{kind:<10} {n:>3} {f50:>9.1f}  {p95(fast):>7.1f} {s50:>13.1f}  "
                f"{p95(slow):>7.1f} {s50 / f50:>9.1f}x"
            )
        f50, s50 = statistics.median(all_fast), statistics.median(all_slow)
        verdict = "met" if f50 <= TARGET_P50_MS and s50 / f50 >= TARGET_RATIO else "NOT met"
        print(
            f"{'all':<10} {len(all_fast):>3} {f50:>9.1f}  {p95(all_fast):>7.1f} {s50:>13.1f}  "
            f"{p95(all_slow):>7.1f} {s50 / f50:>9.1f}x"
        )
        print(f"P7 goal (p50 <= {TARGET_P50_MS:.0f} ms and >= {TARGET_RATIO:.0f}x): {verdict}")
        if args.json:
            figures = {
                "database": connection.vendor,
                "articles": args.articles,
                "queries": len(all_fast),
                "p50_ms": f50,
                "p95_ms": p95(all_fast),
                "substring_p50_ms": s50,
                "ratio": s50 / f50,
            }
            print(json.dumps(figures))
    finally:
        cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
