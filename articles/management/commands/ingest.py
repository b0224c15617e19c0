"""Import articles from files, directories, stdin (``-``) and http(s) URLs.

Plain text, JSON (one object, a list, or JSON Lines), HTML pages and RSS/Atom feeds. The import
is a job (listed in the admin with the others) run in this process, with its progress here. Each
article is stored with its quotes, people and figures in one transaction; importing the same
article again reports it as a duplicate. ``--report json`` prints the machine-readable report
(README, "Gather"); the exit status is 0 when every item was created or a duplicate, 1 otherwise.
"""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from articles.ingest.inputs import expand_sources
from articles.ingest.outlets import OUTLET_MISSING
from articles.ingest.report import CREATED, DUPLICATE, IngestItem
from articles.ingest.service import ingest_sources
from jobs.runner import job_run_here
from jobs.services import job_sources

PROGRESS_MIN_SOURCES = 5


class Command(BaseCommand):
    stealth_options = ("stdin",)
    help = (
        "Import articles from PATH|URL... (text, JSON, JSON Lines, HTML, RSS/Atom; a directory "
        "imports its files, - reads stdin). Unknown outlets are created."
    )

    def add_arguments(self, parser):
        parser.add_argument("sources", nargs="+", metavar="PATH|URL")
        parser.add_argument(
            "--outlet",
            metavar="NAME",
            help="Outlet for items that do not name their own (matched by name or alias).",
        )
        parser.add_argument(
            "--report", choices=["json"], help="Print a JSON report on stdout instead."
        )
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="Parse and read the articles, but write nothing.",
        )

    def handle(self, *args, sources, outlet=None, report=None, dry_run=False, **options):
        verbosity = options.get("verbosity", 1)
        as_json = report == "json"
        show_progress = (
            not as_json and verbosity >= 1 and self._stderr_is_tty() and len(sources) >= 1
        )
        bar = None

        def progress(units):
            nonlocal bar
            if not show_progress or len(units) < PROGRESS_MIN_SOURCES:
                return iter(units)
            from tqdm import tqdm

            bar = tqdm(units, file=sys.stderr, unit="source", leave=False)
            return iter(bar)

        def on_item(item: IngestItem):
            if as_json:
                return
            line = self._line(item, dry_run=dry_run, verbosity=verbosity)
            if line is None:
                return
            stream, text = line
            if bar is not None:
                bar.write(text, file=sys.stderr if stream is self.stderr else sys.stdout)
            else:
                stream.write(text)

        if dry_run:  # writes nothing, not even a job
            result = ingest_sources(
                sources,
                default_outlet=outlet,
                dry_run=True,
                stdin=options.get("stdin"),
                on_item=on_item,
                progress=progress,
            )
        else:
            # A job like any other (it shows in the admin's job list), run here, now.
            job = job_sources(expand_sources(sources), outlet=outlet)
            result = job_run_here(
                job, on_item=on_item, progress=progress, stdin=options.get("stdin")
            )
        if bar is not None:
            bar.close()
        if as_json:
            self.stdout.write(json.dumps(result.as_dict(), ensure_ascii=False))
        elif verbosity >= 1:
            for old, new in sorted(result.merged.items()):
                self.stdout.write(f"merged story {old} into story {new} (same event)")
            prefix = "Dry run: would create" if dry_run else "Created"
            self.stdout.write(
                f"{prefix} {result.created}, duplicates {result.duplicates}, "
                f"errors {result.errors}."
            )
        if not result.ok:
            raise CommandError(
                f"{result.errors} of {len(result.items)} items could not be imported",
                returncode=1,
            )

    def _stderr_is_tty(self) -> bool:
        stream = getattr(self.stderr, "_out", sys.stderr)
        return bool(getattr(stream, "isatty", lambda: False)())

    def _line(self, item: IngestItem, *, dry_run: bool, verbosity: int):
        if item.status == CREATED:
            if verbosity < 1:
                return None
            what = "would create" if dry_run else f"created article {item.article}"
            extra = f", {item.quotes} quotes"
            if item.story:
                extra += f", story {item.story}"
            if verbosity >= 2 and item.notes:
                extra += "; " + "; ".join(item.notes)
            return self.stdout, self.style.SUCCESS(f"{item.source}: {what}{extra}")
        if item.status == DUPLICATE:
            if verbosity < 1:
                return None
            return self.stdout, f"{item.source}: duplicate of article {item.article}"
        hint = ""
        if item.error and item.error.startswith(OUTLET_MISSING):
            hint = "; give --outlet, or an 'outlet' field in the file"
        return self.stderr, self.style.ERROR(f"{item.source}: error: {item.error}{hint}")
