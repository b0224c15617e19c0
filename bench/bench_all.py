"""Every goal of issue #15 ("Fast at scale") in one table: P1 to P8, each with its goal and
verdict, from quick runs of the individual scripts.

Usage: python bench/bench_all.py [--full] [--only P1,P8] [--database-url URL]

Each script runs in its own process (each sets up Django with its own settings and database)
with ``--json`` and prints its own report as usual; this script reads the figures from the
JSON line each prints last and makes the table. Quick sizes by default, so that the whole
run takes a few minutes; ``--full`` runs every script with its own defaults (the sizes the
goals name: 100,000 articles for P5 and P7, 64 users for 60 s for P8; about 40 minutes on
SQLite). Page speeds (P1 to P3, and P8's mixed ratio) are ratios against a trivial view
measured in the same run; the engine, placement and ingestion (P4 to P6) are CPU figures
stated absolutely (a ratio against a web view would mean nothing for them).

``--database-url``: a PostgreSQL (or SQLite) database for P5 to P8, as the scripts take it
(the name must contain "bench": they drop and recreate it). P1 to P4 need none.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# (goal, script, quick arguments, full arguments, takes --database-url)
RUNS = {
    "pages": ("bench_pages.py", ["--rounds", "15"], [], False),
    "engine": ("bench_engine.py", ["--articles", "200"], [], False),
    "placement": (
        "bench_placement_db.py",
        ["--total", "10000", "--checkpoints", "10000", "--probes", "30"],
        [],
        True,
    ),
    "ingest": (
        "bench_ingest.py",
        ["--stored", "2000", "--articles", "100", "--batch", "50"],
        [],
        True,
    ),
    "search": ("bench_search.py", ["--articles", "10000", "--queries", "20"], [], True),
    "load": ("bench_load.py", ["--users", "64", "--seconds", "15"], [], True),
}
GOALS = {  # goal: the run it reads
    "P1": "pages",
    "P2": "pages",
    "P3": "pages",
    "P4": "engine",
    "P5": "placement",
    "P6": "ingest",
    "P7": "search",
    "P8": "load",
}
INGEST_TARGET = {"sqlite": 50, "postgresql": 30}  # articles per second (bench_ingest.py)


def run(name: str, *, full: bool, database_url: str | None) -> dict | None:
    script, quick, whole, takes_db = RUNS[name]
    command = [sys.executable, str(ROOT / "bench" / script), *(whole if full else quick)]
    if takes_db and database_url:
        command += ["--database-url", database_url]
    command.append("--json")
    print(f"== {' '.join(command[1:])}", flush=True)
    started = time.monotonic()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    lines = done.stdout.splitlines()
    figures = next((json.loads(line) for line in reversed(lines) if line.startswith("{")), None)
    print("\n".join(line for line in lines if not line.startswith("{")))
    if done.returncode or figures is None:
        print(done.stderr[-2000:], file=sys.stderr)
        print(f"   {script} failed (exit status {done.returncode})")
        return None
    figures["_seconds"] = time.monotonic() - started
    return figures


def rows(results: dict) -> list[tuple[str, str, str, str, str]]:
    """(goal, what, figure, target, verdict) for each goal whose run gave figures."""

    def verdict(ok: bool) -> str:
        return "met" if ok else "NOT met"

    out = []
    pages = results.get("pages")
    if pages:
        wall, cpu = pages["goals"], pages["goals_cpu"]

        def ratio(goal: str, what: str, target: float, extra: str = "") -> None:
            figure = f"{wall[goal]:.4f}x wall, {cpu[goal]:.4f}x CPU{extra}"
            ok = min(wall[goal], cpu[goal]) >= target
            out.append((goal.split()[0], what, figure, f">= {target}x", verdict(ok)))

        ratio("P1", "story page, cache hit (50 articles)", 0.6)
        grows = pages["story50_bytes"] / pages["story10_bytes"]
        ratio(
            "P2",
            "story page uncached, 50 articles / 200 quotes",
            0.05,
            f"; {pages['story50_queries']} queries (10 articles: {pages['story10_queries']}),"
            f" HTML x{grows:.2f} for 5x the story",
        )
        ratio("P3 list", "API story list of 50", 0.1)
        ratio(
            "P3 detail",
            "API story detail, 50 articles",
            0.05,
            f"; {pages['story50_api_queries']} queries (10 articles:"
            f" {pages['story10_api_queries']}), JSON"
            f" x{pages['story50_api_bytes'] / pages['story10_api_bytes']:.2f} for 5x the story",
        )
    engine = results.get("engine")
    if engine:
        rate = engine["per_cpu_second"]
        out.append(
            (
                "P4",
                f"engine, {engine['articles']} articles",
                f"{rate:.0f} articles per CPU-s",
                ">= 300",
                verdict(rate >= 300),
            )
        )
    placement = results.get("placement")
    if placement:
        ms = placement["cpu_p95_ms"]
        out.append(
            (
                "P5",
                f"placement at {placement['stored']:,} stored ({placement['database']})",
                f"{ms:.1f} ms CPU p95 ({placement['p95_ms']:.1f} wall)",
                "<= 50 ms",
                verdict(ms <= 50),
            )
        )
    ingest = results.get("ingest")
    if ingest:
        rate, target = ingest["per_cpu_second"], INGEST_TARGET.get(ingest["database"], 50)
        out.append(
            (
                "P6",
                f"ingest, {ingest['stored']:,} stored ({ingest['database']})",
                f"{rate:.1f} articles per CPU-s ({ingest['per_second']:.1f} wall)",
                f">= {target}",
                verdict(rate >= target and not ingest["errors"]),
            )
        )
    search = results.get("search")
    if search:
        ok = search["p50_ms"] <= 10 and search["ratio"] >= 20
        out.append(
            (
                "P7",
                f"search at {search['articles']:,} articles ({search['database']})",
                f"p50 {search['p50_ms']:.1f} ms, {search['ratio']:.0f}x substring",
                "<= 10 ms, >= 20x",
                verdict(ok),
            )
        )
    load = results.get("load")
    if load:
        ok = load["errors"] == 0 and load["p99_over_p50"] <= 10
        out.append(
            (
                "P8",
                f"gunicorn, {load['users']} users x {load['seconds']:.0f} s ({load['database']})",
                f"{load['errors']} errors, p99/p50 {load['p99_over_p50']:.1f}, "
                f"mixed ratio {load['mixed_ratio']:.2f}",
                "0 errors, <= 10",
                verdict(ok),
            )
        )
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="the scripts' own (full) sizes")
    parser.add_argument("--only", default="", help="goals to run, e.g. P1,P8")
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    wanted = [g.strip().upper() for g in args.only.split(",") if g.strip()] or list(GOALS)
    names = list(dict.fromkeys(GOALS[g] for g in wanted if g in GOALS))
    load_before = os.getloadavg()[0]
    results = {name: run(name, full=args.full, database_url=args.database_url) for name in names}
    table = [row for row in rows(results) if row[0] in wanted]
    print(
        f"\nIssue #15, {'full' if args.full else 'quick'} sizes; load average "
        f"{load_before:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} CPUs"
    )
    widths = [
        max(len(r[i]) for r in [("goal", "what", "figure", "target", "verdict"), *table])
        for i in range(5)
    ]
    header = ("goal", "what", "figure", "target", "verdict")
    for row in (header, *table):
        cells = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        print("  ".join(cells).rstrip())
    missing = [name for name, figures in results.items() if figures is None]
    if missing:
        print(f"no figures from: {', '.join(missing)} (see above)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
