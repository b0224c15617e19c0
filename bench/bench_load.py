"""P8: gunicorn under 64 concurrent readers for 60 seconds, on loopback, with production settings.

Usage: python bench/bench_load.py [--users 64] [--seconds 60] [--workers N] [--database-url URL]

Sets up a fresh database (a temporary SQLite file by default; a named database must contain
"bench" and is dropped and made again, as for the other benches), loads the demo story,
collects the static files, and starts ``gunicorn -c ops/gunicorn.conf.py`` on a free port of
127.0.0.1 with the production settings (HTTPS redirect off: this is loopback). Then ``--users``
threads, each with its own keep-alive connection, ask for a mix of what readers ask for (home,
the story, the API's story list and story, search, a feed) and for ``/healthz`` (the trivial
answer, measured in the same run) until ``--seconds`` have passed, and stop by themselves.
Prints per address: requests, errors, p50, p95 and p99 in ms; over the mix: requests per
second, errors, p99 against p50, and the mixed ratio (the trivial answer's median over the
mix's median). Goal: 0 errors, p99 <= 10x p50. Only 127.0.0.1 is ever contacted.
"""

from __future__ import annotations

import argparse
import http.client
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
            ok = response.status < 400
            if response.getheader("Connection", "").lower() == "close":
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        except (OSError, http.client.HTTPException):
            ok = False
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine.append((path, (time.perf_counter() - started) * 1000, ok))
    conn.close()
    with lock:
        results.extend(mine)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--workers", type=int, default=0, help="default: gunicorn.conf.py's")
    parser.add_argument("--database-url")
    parser.add_argument("--keep-db", action="store_true")
    args = parser.parse_args()
    url, cleanup = prepare_database(args.database_url, args.keep_db)
    port = free_port()
    env = environment(url, port)
    if args.workers:
        env["WEB_CONCURRENCY"] = str(args.workers)
    server = None
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
        stop_at = time.monotonic() + args.seconds
        threads = [
            threading.Thread(target=user, args=(port, stop_at, n, results, lock))
            for n in range(args.users)
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
    print(f"{args.users} users, {args.seconds:.0f} s, gunicorn on 127.0.0.1:{port}")
    print(f"{'address':<45} {'requests':>8} {'errors':>6} {'p50':>7} {'p95':>7} {'p99':>7}")
    by_path: dict[str, list] = {}
    for path, ms, ok in results:
        by_path.setdefault(path, []).append((ms, ok))
    for path, rows in sorted(by_path.items()):
        times = [ms for ms, _ in rows]
        errors = sum(1 for _, ok in rows if not ok)
        print(
            f"{path:<45} {len(rows):>8} {errors:>6} {pct(times, 0.5):>7.1f} "
            f"{pct(times, 0.95):>7.1f} {pct(times, 0.99):>7.1f}"
        )
    mixed = [ms for path, ms, _ in results if path != TRIVIAL]
    trivial = [ms for path, ms, _ in results if path == TRIVIAL]
    errors = sum(1 for *_, ok in results if not ok)
    p50, p99 = pct(mixed, 0.5), pct(mixed, 0.99)
    print(f"throughput: {len(results) / args.seconds:.0f} requests/s, errors: {errors}")
    print(f"mix: p50 {p50:.1f} ms, p99 {p99:.1f} ms, p99/p50 {p99 / p50:.1f}")
    print(f"mixed ratio (trivial median / mix median): {statistics.median(trivial) / p50:.3f}")
    verdict = "met" if errors == 0 and p99 <= 10 * p50 else "NOT met"
    print(f"P8 goal (0 errors, p99 <= 10x p50): {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
