"""P8: gunicorn under 64 concurrent readers for 60 seconds, on loopback, with production settings.

Usage: python bench/bench_load.py [--users 64] [--seconds 60] [--workers N] [--database-url URL]
       [--json]

Sets up a fresh database (a temporary SQLite file by default; a named database must contain
"bench" and is dropped and made again, as for the other benches), loads the demo story,
collects the static files, and starts ``gunicorn -c ops/gunicorn.conf.py`` on a free port of
127.0.0.1 with the production settings (HTTPS redirect off: this is loopback). Then ``--users``
threads, each with its own keep-alive connection, ask for a mix of what readers ask for (home,
the story, the API's story list and story, search, a feed) and for ``/healthz`` (the trivial
answer, measured in the same run) until ``--seconds`` have passed, and stop by themselves.
Prints per address: requests, errors, p50, p95 and p99 in ms; over the mix: requests per
second, errors (by status, or the exception a request raised), p99 against p50, the mixed
ratio (the trivial answer's median over the mix's median) and the load average before and
after. Goal: 0 errors, p99 <= 10x p50. Only 127.0.0.1 is ever contacted. The API's
per-address throttle is raised for the run: every simulated reader shares 127.0.0.1.
``--json``: the figures as one JSON object on the last line (``bench/bench_all.py``).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_placement_db import prepare_database  # noqa: E402

MIX = [  # (weight, path)
    (30, "/"),
    (30, "/stories/ice-leadership-shake-up/"),
    (10, "/api/v1/stories/"),
    (10, "/api/v1/stories/ice-leadership-shake-up/"),
    (10, "/search/?q=deportations"),
    (5, "/feeds/stories.rss"),
    (5, "/people/"),
]
TRIVIAL = "/healthz"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def environment(url: str, port: int) -> dict:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=url,
        DJANGO_SETTINGS_MODULE="newsroom.settings.production",
        DJANGO_SECRET_KEY="bench-only-not-secret",
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_SECURE_HSTS_SECONDS="0",
        GUNICORN_BIND=f"127.0.0.1:{port}",
        NEWSROOM_LOG_LEVEL="WARNING",
        # Every simulated reader comes from 127.0.0.1, which the API's per-address throttles
        # (120 a minute for anonymous callers, and DRF's user rate, 300, which counts them by
        # address too) would answer 429 after the first seconds: that measures the throttles,
        # not serving. Real readers each have their own address.
        NEWSROOM_THROTTLE_ANON="1000000/minute",
        NEWSROOM_THROTTLE_USER="1000000/minute",
    )
    env.pop("REDIS_URL", None)
    return env


def setup(env: dict) -> None:
    python = sys.executable
    for command in (["migrate", "--noinput"], ["load_demo"], ["collectstatic", "--noinput"]):
        subprocess.run([python, "manage.py", *command, "-v", "0"], cwd=ROOT, env=env, check=True)


def wait_ready(port: int, deadline: float) -> None:
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", TRIVIAL)
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.3)
    raise SystemExit("gunicorn did not answer in time")


def user(port: int, stop_at: float, seed: int, results: list, lock: threading.Lock) -> None:
    rng = random.Random(seed)
    weights = [w for w, _ in MIX] + [10]
    paths = [p for _, p in MIX] + [TRIVIAL]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    mine = []
    while time.monotonic() < stop_at:
        path = rng.choices(paths, weights)[0]
        started = time.perf_counter()
        try:
            conn.request("GET", path, headers={"Host": "127.0.0.1"})
            response = conn.getresponse()
            response.read()
            status = response.status
            if response.getheader("Connection", "").lower() == "close":
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        except (OSError, http.client.HTTPException) as error:
            status = type(error).__name__
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine.append((path, (time.perf_counter() - started) * 1000, status))
    conn.close()
    with lock:
        results.extend(mine)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


def run(
    users: int = 64,
    seconds: float = 60,
    workers: int = 0,
    database_url: str | None = None,
    keep_db: bool = False,
) -> dict:
    """Serve, load and measure (see the module's docstring); the figures as a dict."""
    url, cleanup = prepare_database(database_url, keep_db)
    port = free_port()
    env = environment(url, port)
    if workers:
        env["WEB_CONCURRENCY"] = str(workers)
    server = None
    load_before = os.getloadavg()[0]
    try:
        setup(env)
        server = subprocess.Popen(
            [str(Path(sys.executable).with_name("gunicorn")), "-c", "ops/gunicorn.conf.py"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        wait_ready(port, time.monotonic() + 60)
        results: list = []
        lock = threading.Lock()
        stop_at = time.monotonic() + seconds
        threads = [
            threading.Thread(target=user, args=(port, stop_at, n, results, lock))
            for n in range(users)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        if server is not None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
        cleanup()
    by_path: dict[str, list] = {}
    failed: dict[str, int] = {}  # status (or exception) of the failed requests: how many
    for path, ms, status in results:
        ok = isinstance(status, int) and status < 400
        by_path.setdefault(path, []).append((ms, ok))
        if not ok:
            failed[str(status)] = failed.get(str(status), 0) + 1
    paths = {}
    for path, rows in sorted(by_path.items()):
        times = [ms for ms, _ in rows]
        paths[path] = {
            "requests": len(rows),
            "errors": sum(1 for _, ok in rows if not ok),
            "p50": pct(times, 0.5),
            "p95": pct(times, 0.95),
            "p99": pct(times, 0.99),
        }
    mixed = [ms for path, ms, _ in results if path != TRIVIAL]
    trivial = [ms for path, ms, _ in results if path == TRIVIAL]
    p50, p99 = pct(mixed, 0.5), pct(mixed, 0.99)
    return {
        "users": users,
        "seconds": seconds,
        "port": port,
        "database": "PostgreSQL" if url.startswith("postgres") else "SQLite",
        "paths": paths,
        "requests": len(results),
        "throughput": len(results) / seconds,
        "errors": sum(failed.values()),
        "failed": failed,
        "p50": p50,
        "p99": p99,
        "p99_over_p50": p99 / p50,
        "mixed_ratio": statistics.median(trivial) / p50,
        "load_before": load_before,
        "load_after": os.getloadavg()[0],
    }


def report(figures: dict) -> None:
    print(
        f"{figures['users']} users, {figures['seconds']:.0f} s, gunicorn on "
        f"127.0.0.1:{figures['port']}, {figures['database']}; load average "
        f"{figures['load_before']:.1f} before, {figures['load_after']:.1f} after"
    )
    print(f"{'address':<45} {'requests':>8} {'errors':>6} {'p50':>7} {'p95':>7} {'p99':>7}")
    for path, row in figures["paths"].items():
        print(
            f"{path:<45} {row['requests']:>8} {row['errors']:>6} {row['p50']:>7.1f} "
            f"{row['p95']:>7.1f} {row['p99']:>7.1f}"
        )
    failed = ", ".join(f"{n} answered {status}" for status, n in sorted(figures["failed"].items()))
    print(
        f"throughput: {figures['throughput']:.0f} requests/s, errors: {figures['errors']}"
        + (f" ({failed})" if failed else "")
    )
    print(
        f"mix: p50 {figures['p50']:.1f} ms, p99 {figures['p99']:.1f} ms, "
        f"p99/p50 {figures['p99_over_p50']:.1f}"
    )
    print(f"mixed ratio (trivial median / mix median): {figures['mixed_ratio']:.3f}")
    met = figures["errors"] == 0 and figures["p99_over_p50"] <= 10
    print(f"P8 goal (0 errors, p99 <= 10x p50): {'met' if met else 'NOT met'}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--workers", type=int, default=0, help="default: gunicorn.conf.py's")
    parser.add_argument("--database-url")
    parser.add_argument("--keep-db", action="store_true")
    parser.add_argument("--json", action="store_true", help="figures as JSON on the last line")
    args = parser.parse_args()
    figures = run(args.users, args.seconds, args.workers, args.database_url, args.keep_db)
    report(figures)
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
