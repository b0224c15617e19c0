"""Evaluate story grouping through the real database path, as an import would run it.

For each set (short dev, held-out, long) and each arrival order (publish order, shuffled), a
fresh temporary SQLite database is created (``newsroom.settings.dev`` with ``DATABASE_URL``
pointing at a temp file, then ``migrate``), the set's articles are imported with
``articles.ingest.service.ingest_payloads`` (which reads each article and calls
``place_article``), and the story ids of the import report are scored with B-cubed against the
gold events. The plain TF-IDF baseline of ``scripts/eval_grouping.py`` is printed alongside,
on the same order.

    /work/main/.venv/bin/python scripts/eval_grouping_db.py [--sets dev,held-out,long,hand]
        [--orders in-order,shuffled] [--seeds 7] [--errors]

Each database is its own file, deleted afterwards; an inherited ``DATABASE_URL`` is ignored.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_TMP = tempfile.mkdtemp(prefix="eval-grouping-db-")
os.environ["DJANGO_SETTINGS_MODULE"] = "newsroom.settings.dev"
os.environ["DATABASE_URL"] = f"sqlite:///{_TMP}/eval.sqlite3"

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from scripts.eval_grouping import (  # noqa: E402
    SETS,
    bcubed,
    load,
    print_errors,
    run_baseline,
    shuffled,
)

PAYLOAD_FIELDS = ("outlet", "headline", "body", "published_at")


def _reset_database() -> None:
    """Empty every model's table: as good as a fresh database, without re-running migrations.

    Only the models' tables: the full-text index's tables follow them through their triggers
    (emptying those directly would leave the index and its triggers at odds)."""
    with connection.cursor() as cursor:
        tables = connection.introspection.django_table_names(only_existing=True)
        cursor.execute("PRAGMA foreign_keys = OFF")
        for table in tables:
            cursor.execute(f'DELETE FROM "{table}"')
        cursor.execute("PRAGMA foreign_keys = ON")


def run_db(rows: list[dict]) -> list:
    """Import ``rows`` in the given order into an empty database; the story id of each."""
    from articles.ingest.service import ingest_payloads

    _reset_database()
    payloads = [{k: row[k] for k in PAYLOAD_FIELDS if row.get(k)} for row in rows]
    report = ingest_payloads(payloads, source="eval")
    labels = []
    for row, item in zip(rows, report.items, strict=True):
        if item.story is None:
            raise SystemExit(f"{row['id']}: {item.status} {item.error}")
        labels.append(item.story)
    return labels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default="dev,held-out,long,hand")
    parser.add_argument("--orders", default="in-order,shuffled")
    parser.add_argument("--seeds", default="7", help="shuffle seeds, comma-separated")
    parser.add_argument("--errors", action="store_true", help="list merged and split stories")
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    wanted = args.sets.split(",")
    try:
        for name, path in SETS:
            if name not in wanted:
                continue
            runs = [
                (order, seed)
                for order in args.orders.split(",")
                for seed in (args.seeds.split(",") if order == "shuffled" else [""])
            ]
            for order, seed in runs:
                rows = load(path)
                if order == "shuffled":
                    rows = shuffled(rows, seed=int(seed))
                    order = f"shuf-{seed}"
                gold = [r["event"] for r in rows]
                labels = run_db(rows)
                for system, predicted in (("db", labels), ("baseline", run_baseline(rows))):
                    p, r, f = bcubed(gold, predicted)
                    print(
                        f"{name:8s} {order:8s} {system:8s} "
                        f"B3 precision {p:.3f}  recall {r:.3f}  F1 {f:.3f}",
                        flush=True,
                    )
                if args.errors:
                    print_errors(rows, labels)
    finally:
        connection.close()
        for leftover in Path(_TMP).iterdir():
            leftover.unlink()
        Path(_TMP).rmdir()


if __name__ == "__main__":
    main()
