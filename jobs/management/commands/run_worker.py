"""Run a background worker for the configured task backend, with the scheduler beside it.

NEWSROOM_TASKS=database (the default) runs django-tasks-db's worker on this database;
NEWSROOM_TASKS=redis runs a Celery worker on REDIS_URL. Start as many as you like, on as many
machines as share the database (or Redis): they share one queue. The scheduler (due feeds,
stalled jobs, retries) runs in a thread of each worker unless ``--no-scheduler``; several
schedulers are safe.
"""

from __future__ import annotations

import gc
import logging
import os
import threading
import time

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import OperationalError, close_old_connections

logger = logging.getLogger("jobs.scheduler")


def scheduler_loop(stop: threading.Event, interval: float) -> None:
    from jobs.scheduler import tick

    while not stop.is_set():
        close_old_connections()
        try:
            result = tick()
            if result.feeds or result.recovered or result.retried or result.interrupted:
                logger.info("scheduler: %s", result)
        except Exception:  # the next round tries again
            logger.exception("scheduler round failed")
        finally:
            close_old_connections()
        stop.wait(interval)


class Command(BaseCommand):
    help = "Run a background worker (and the scheduler) for the configured task backend."

    def add_arguments(self, parser):
        parser.add_argument(
            "--no-scheduler",
            action="store_true",
            help="Do not poll feeds or recover stalled jobs from this worker.",
        )
        parser.add_argument(
            "--processes",
            type=int,
            default=1,
            help="Worker processes (Celery only; run more commands on the database backend).",
        )
        parser.add_argument(
            "--nice",
            type=int,
            default=10,
            help="Lower this worker's CPU priority by this much (0 to keep it), so pages stay "
            "fast for readers on a machine that also serves them (default: 10).",
        )
        parser.add_argument(
            "--batch",
            action="store_true",
            help="Run what is queued now, then exit (database backend).",
        )

    def handle(self, *args, no_scheduler=False, processes=1, batch=False, nice=10, **options):
        backend = settings.NEWSROOM_TASKS
        if nice and hasattr(os, "nice"):
            os.nice(nice)
        if backend == "immediate":
            raise CommandError(
                "NEWSROOM_TASKS=immediate runs tasks in the caller's process: there is no "
                "queue for a worker. Use database (the default) or redis."
            )
        worker_startup()
        stop = threading.Event()
        if not no_scheduler and not batch:
            thread = threading.Thread(
                target=scheduler_loop,
                args=(stop, settings.NEWSROOM_SCHEDULER_INTERVAL),
                name="newsroom-scheduler",
                daemon=True,
            )
            thread.start()
        try:
            if backend == "redis":
                from newsroom.celery import app

                argv = ["worker", "--loglevel=INFO", f"--concurrency={max(processes, 1)}"]
                if batch:
                    raise CommandError("--batch is for the database backend.")
                app.worker_main(argv)
            else:
                run_db_worker(batch=batch, verbosity=options.get("verbosity", 1))
        finally:
            stop.set()


def worker_startup() -> None:
    """What the worker's jobs run (the import service, the reading engine and its tables)
    loaded once, then frozen out of the garbage collector's generations, as
    ``ops/gunicorn.conf.py`` freezes each web worker: it lives as long as the worker, and a
    full collection walked all of it several times per job (about a twentieth of an import's
    CPU, ``bench/README.md``). Forked workers (Celery's) share it unwritten."""
    import jobs.runner  # noqa: F401 (the import service and the engine, loaded now)

    gc.collect()
    gc.freeze()


# How long the worker waits before starting again after a database error, at most.
MAX_RESTART_DELAY = 60.0


def run_db_worker(*, batch: bool, verbosity: int) -> None:
    """django-tasks-db's worker, started again after a database error ("database is locked"
    when a long write holds SQLite past its busy timeout, a PostgreSQL restart) instead of
    leaving the queue without a worker: after 1 s, then twice as long each time in a row, up
    to a minute; a worker that ran a minute or more before failing starts again at 1 s."""
    delay = 1.0
    while True:
        started = time.monotonic()
        try:
            call_command(
                "db_worker", queue_name="*", reload=False, batch=batch, verbosity=verbosity
            )
            return
        except OperationalError as exc:
            if time.monotonic() - started >= MAX_RESTART_DELAY:
                delay = 1.0
            logger.warning(
                "worker stopped on a database error (%s); starting again in %.0f s", exc, delay
            )
            close_old_connections()
            time.sleep(delay)
            delay = min(delay * 2, MAX_RESTART_DELAY)
