"""Benchmark: reader pages and API answers as ratios against a trivial view, in one process.

Times, through Django's test client (the whole middleware stack, no network), a trivial
``HttpResponse("ok")`` view and: the demo story page, a 10-article / 40-quote and a 50-article
/ 200-quote story page (ten speakers, each quote in two articles), uncached (the cache cleared
before every request) and from the cache; the API's story detail of the large story, uncached
and cached; and the API's story list of 50. Each figure is the trivial view's median time over
the page's median time, the two timed in turns within the same rounds, so the machine's load
drifts out (1.0 is as fast as the trivial view), by the wall clock and by this process's CPU
time (on a loaded machine the CPU ratio is the steadier). It also prints the queries and HTML
size of the two generated stories, and of their API details (each should grow far less than
the story).

    .venv/bin/python bench/bench_pages.py [--rounds 30] [--json] [--profile]

``--json``: the figures as one JSON object on the last line (``bench/bench_all.py`` reads it).
``--profile``: a cProfile of the uncached large story page, by cumulative time.
A fresh in-memory SQLite database with the test settings (local-memory cache); nothing is
written elsewhere.

Measured as the production server runs: once the data is written, the process's objects are
frozen out of the garbage collector's generations (``gc.freeze()``, as each gunicorn worker
does after loading the project, ``ops/gunicorn.conf.py``), and templates render as a server
renders them (not instrumented for tests' assertions, which copies every template's context).
``--like-tests`` measures as the rounds before did: neither.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "newsroom.settings.test")

import django  # noqa: E402

django.setup()

from django.core.cache import cache  # noqa: E402
from django.db import connection  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.template import Template  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import (  # noqa: E402
    CaptureQueriesContext,
    override_settings,
    setup_test_environment,
)
from django.urls import include, path  # noqa: E402

TRIVIAL = "/trivial/"

# The goals (#15), as ratios against the trivial view.
GOALS = {
    "P1": 0.6,  # story page from the cache
    "P2": 0.05,  # large story page uncached
    "P3 list": 0.1,  # API list of 50
    "P3 detail": 0.05,  # API story detail of 50 articles
}


def trivial(request):
    return HttpResponse("ok")


urlpatterns = [path("trivial/", trivial), path("", include("newsroom.urls"))]


def paired_ratio(client: Client, url: str, rounds: int, *, clear: bool) -> dict:
    """The trivial view's median over the page's, timed in turns, by the wall clock and by
    this process's CPU time; and the page's medians in ms."""

    def timed(address: str) -> tuple[float, float]:
        wall, cpu = time.perf_counter(), time.process_time()
        response = client.get(address)
        timing = time.perf_counter() - wall, time.process_time() - cpu
        assert response.status_code == 200, (address, response.status_code)
        return timing

    client.get(url)  # warm: templates compiled, cache filled
    base, page = [], []
    for _ in range(rounds):
        base.extend(timed(TRIVIAL) for _ in range(3))
        if clear:
            cache.clear()
        page.append(timed(url))
    base_wall, base_cpu = (statistics.median(t[i] for t in base) for i in (0, 1))
    wall, cpu = (statistics.median(t[i] for t in page) for i in (0, 1))
    return {
        "ratio": base_wall / wall,
        "cpu_ratio": base_cpu / cpu if cpu else 0.0,
        "ms": wall * 1000,
        "cpu_ms": cpu * 1000,
        "trivial_ms": base_wall * 1000,
        "trivial_cpu_ms": base_cpu * 1000,
    }


def build_large_story(articles: int = 50, quotes: int = 200, speakers: int = 10):
    """``articles`` articles in two outlets, ``quotes`` quotes by ``speakers`` speakers, each
    quote in two articles."""
    from articles.models import Quote, QuoteAppearance
    from sources.models import Speaker
    from tests.factories import make_speaker
    from tests.story_builders import build_story

    built = build_story(
        articles=articles, quotes=0, headline=f"Northfield bridge: {articles} articles"
    )
    people = [
        Speaker.objects.filter(name=f"Jane Roe {n}").first() or make_speaker(f"Jane Roe {n}")
        for n in range(speakers)
    ]
    appearances = []
    for n in range(quotes):
        quote = Quote.objects.create(
            story=built.story, speaker=people[n % speakers], text=f"The bridge matters, point {n}."
        )
        for article in (built.articles[n % articles], built.articles[(n + 1) % articles]):
            appearances.append(
                QuoteAppearance(
                    quote=quote,
                    article=article,
                    text=quote.text,
                    start=n * 10,  # one span per quote in each article
                    end=n * 10 + 5,
                    review_state="approved",
                )
            )
    QuoteAppearance.objects.bulk_create(appearances)
    return built.story


def prepare(like_tests: bool = False):
    """A fresh test database with the demo story, a 10- and a 50-article story and 50 small
    ones; returns the rows to time as (key, label, url). Unless ``like_tests``, the process is
    then set as a production worker runs (the module's note)."""
    from django.core.management import call_command

    from articles.models import Story
    from tests.story_builders import build_story

    render = Template._render
    setup_test_environment()  # its settings (outgoing mail kept in memory, hosts)
    if not like_tests:
        Template._render = render  # no test signal and context copy for every template
    connection.creation.create_test_db(verbosity=0)
    call_command("load_demo", verbosity=0)
    small = build_large_story(articles=10, quotes=40)
    large = build_large_story()
    for n in range(50):
        build_story(articles=1, quotes=1, headline=f"Northfield council story {n}")
    demo = Story.objects.published().order_by("id").first()
    if not like_tests:
        # The planner statistics the worker's scheduler refreshes every hour on SQLite
        # (jobs.scheduler.statistics_refresh); a production database has them.
        from jobs.scheduler import statistics_refresh

        statistics_refresh(force=True)
        gc.freeze()  # what a worker does once the project is loaded (ops/gunicorn.conf.py)
    return small, large, demo


def page_facts(client: Client, url: str) -> tuple[int, int]:
    """Queries and bytes of one uncached answer."""
    with CaptureQueriesContext(connection) as queries:
        cache.clear()
        html = client.get(url).content
    return len(queries), len(html)


def measure(rounds: int = 30, like_tests: bool = False) -> dict:
    """Every figure this script prints, as a dict (ratios, queries, sizes, milliseconds)."""
    small, large, demo = prepare(like_tests)
    client = Client()
    rows = [
        ("demo", "demo story page", demo.get_absolute_url(), True),
        ("story10", "story page, 10 articles / 40 quotes", small.get_absolute_url(), True),
        ("story50", "story page, 50 articles / 200 quotes", large.get_absolute_url(), True),
        ("api_detail", "API story detail, 50 articles", f"/api/v1/stories/{large.slug}/", True),
        ("api_list", "API story list of 50", "/api/v1/stories/?page_size=50", True),
    ]
    figures: dict = {"rounds": rounds, "like_tests": like_tests, "rows": {}}
    with override_settings(ROOT_URLCONF=__name__):
        for key, story in (("story10", small), ("story50", large)):
            queries, size = page_facts(client, story.get_absolute_url())
            figures[f"{key}_queries"], figures[f"{key}_bytes"] = queries, size
            queries, size = page_facts(client, f"/api/v1/stories/{story.slug}/")
            figures[f"{key}_api_queries"], figures[f"{key}_api_bytes"] = queries, size
        trivial_ms, trivial_cpu_ms = [], []
        for key, label, url, cached in rows:
            row = {"label": label}
            runs = [("uncached", paired_ratio(client, url, rounds, clear=True))]
            if cached:
                runs.append(("cached", paired_ratio(client, url, rounds * 2, clear=False)))
            for name, run in runs:
                row.update(
                    {
                        name: run["ratio"],
                        f"{name}_cpu": run["cpu_ratio"],
                        f"{name}_ms": run["ms"],
                        f"{name}_cpu_ms": run["cpu_ms"],
                    }
                )
                trivial_ms.append(run["trivial_ms"])
                trivial_cpu_ms.append(run["trivial_cpu_ms"])
            figures["rows"][key] = row
        figures["trivial_ms"] = statistics.median(trivial_ms)
        figures["trivial_cpu_ms"] = statistics.median(trivial_cpu_ms)
    r = figures["rows"]
    picks = {
        "P1": ("story50", "cached"),
        "P2": ("story50", "uncached"),
        "P3 list": ("api_list", "uncached"),
        "P3 detail": ("api_detail", "uncached"),
    }
    figures["goals"] = {name: r[key][kind] for name, (key, kind) in picks.items()}
    figures["goals_cpu"] = {name: r[key][f"{kind}_cpu"] for name, (key, kind) in picks.items()}
    return figures


def report(figures: dict) -> None:
    print(
        f"trivial view: {figures['trivial_ms']:.2f} ms wall, {figures['trivial_cpu_ms']:.2f} ms"
        f" CPU (medians); {figures['rounds']} rounds; ratios: trivial median / page median"
    )
    if figures["like_tests"]:
        print("measured as tests run (--like-tests): collector not frozen, templates instrumented")
    for key, label in (("story10", "10 articles / 40 quotes"), ("story50", "50 / 200")):
        print(
            f"story page, {label}: {figures[f'{key}_queries']} queries uncached, "
            f"{figures[f'{key}_bytes'] / 1024:.0f} KB of HTML; API detail: "
            f"{figures[f'{key}_api_queries']} queries, {figures[f'{key}_api_bytes'] / 1024:.0f} KB"
        )
    print(f"{'':38} {'uncached':>26}  {'cached':>26}")
    print(f"{'page':38} {'wall':>8} {'CPU':>8} {'CPU ms':>8}  {'wall':>8} {'CPU':>8} {'CPU ms':>8}")
    for row in figures["rows"].values():
        line = f"{row['label']:38} "
        for kind in ("uncached", "cached"):
            if kind in row:
                line += f"{row[kind]:8.4f} {row[f'{kind}_cpu']:8.4f} {row[f'{kind}_cpu_ms']:8.2f}  "
        print(line.rstrip())
    print(f"{'goal':10} {'wall':>8} {'CPU':>8} {'target':>8}  verdict (both ratios)")
    for name, value in figures["goals"].items():
        cpu = figures["goals_cpu"][name]
        verdict = "met" if min(value, cpu) >= GOALS[name] else "NOT met"
        print(f"{name:10} {value:8.4f} {cpu:8.4f} {GOALS[name]:8.2f}  {verdict}")


def profile(rounds: int, like_tests: bool) -> None:
    import cProfile
    import pstats

    _, large, _ = prepare(like_tests)
    client = Client()
    with override_settings(ROOT_URLCONF=__name__):
        client.get(large.get_absolute_url())
        profiler = cProfile.Profile()
        for _ in range(rounds):
            cache.clear()
            profiler.enable()
            client.get(large.get_absolute_url())
            profiler.disable()
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(50)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--json", action="store_true", help="figures as JSON on the last line")
    parser.add_argument("--profile", action="store_true", help="cProfile the large story page")
    parser.add_argument(
        "--like-tests",
        action="store_true",
        help="as the rounds before measured: no gc.freeze(), templates instrumented for tests",
    )
    args = parser.parse_args()
    if args.profile:
        profile(args.rounds, args.like_tests)
        return 0
    figures = measure(args.rounds, args.like_tests)
    report(figures)
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
