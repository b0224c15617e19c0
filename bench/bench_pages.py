"""Benchmark: reader pages and API answers as ratios against a trivial view, in one process.

Times, through Django's test client (the whole middleware stack, no network), a trivial
``HttpResponse("ok")`` view and: the demo-sized story page and a 50-article / 200-quote story
page (each quote in two articles), uncached (the cache cleared before every request) and from
the cache; the API's story detail of the large story, uncached and cached; and the API's story
list of 50. Each figure is the trivial view's median time over the page's median time, from
the same run, so the machine's load drifts out (1.0 is as fast as the trivial view). It also
prints the queries and HTML size of the large page. On a code base without the page cache the
"cached" rows are skipped.

    .venv/bin/python bench/bench_pages.py [--rounds 30]

A fresh in-memory SQLite database with the test settings; nothing is written elsewhere.
"""

from __future__ import annotations

import argparse
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
from django.test import Client  # noqa: E402
from django.test.utils import (  # noqa: E402
    CaptureQueriesContext,
    override_settings,
    setup_test_environment,
)
from django.urls import include, path  # noqa: E402


def trivial(request):
    return HttpResponse("ok")


urlpatterns = [path("trivial/", trivial), path("", include("newsroom.urls"))]


def median_seconds(client: Client, url: str, rounds: int, *, clear: bool) -> float:
    times = []
    client.get(url)  # warm: templates compiled, cache filled
    for _ in range(rounds):
        if clear:
            cache.clear()
        started = time.perf_counter()
        response = client.get(url)
        times.append(time.perf_counter() - started)
        assert response.status_code == 200, (url, response.status_code)
    return statistics.median(times)


def build_large_story():
    """50 articles in two outlets, 200 quotes by ten speakers, each quote in two articles."""
    from articles.models import Quote, QuoteAppearance
    from tests.factories import make_speaker
    from tests.story_builders import build_story

    built = build_story(articles=50, quotes=0, headline="Northfield bridge: the long story")
    speakers = [make_speaker(f"Jane Roe {n}") for n in range(10)]
    appearances = []
    for n in range(200):
        quote = Quote.objects.create(
            story=built.story, speaker=speakers[n % 10], text=f"The bridge matters, point {n}."
        )
        for article in (built.articles[n % 50], built.articles[(n + 1) % 50]):
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()

    setup_test_environment()
    connection.creation.create_test_db(verbosity=0)
    from django.core.management import call_command

    from tests.story_builders import build_story

    call_command("load_demo", verbosity=0)
    large = build_large_story()
    for n in range(50):
        build_story(articles=1, quotes=1, headline=f"Northfield council story {n}")

    try:
        import articles.public.cache  # noqa: F401

        has_cache = True
    except ImportError:
        has_cache = False

    client = Client()
    rows = [
        ("demo story page", "/stories/" + _demo_slug() + "/"),
        ("story page, 50 articles / 200 quotes", large.get_absolute_url()),
        ("API story detail, 50 articles", f"/api/v1/stories/{large.slug}/"),
        ("API story list of 50", "/api/v1/stories/?page_size=50"),
    ]
    with override_settings(ROOT_URLCONF=__name__):
        base = median_seconds(client, "/trivial/", args.rounds * 4, clear=False)
        with CaptureQueriesContext(connection) as queries:
            cache.clear()
            html = client.get(large.get_absolute_url()).content
        print(f"trivial view: {base * 1000:.2f} ms median")
        print(
            f"large story page: {len(queries)} queries uncached, {len(html) / 1024:.0f} KB of HTML"
        )
        print(f"{'page':40} {'uncached':>10} {'cached':>10}")
        for label, url in rows:
            uncached = base / median_seconds(client, url, args.rounds, clear=True)
            cached = (
                f"{base / median_seconds(client, url, args.rounds, clear=False):10.3f}"
                if has_cache
                else f"{'-':>10}"
            )
            print(f"{label:40} {uncached:10.4f} {cached}")
    return 0


def _demo_slug() -> str:
    from articles.models import Story

    return Story.objects.published().order_by("id").first().slug


if __name__ == "__main__":
    sys.exit(main())
