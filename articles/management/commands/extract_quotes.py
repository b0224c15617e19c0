"""Print the quotes the reading engine finds in one plain-text article.

``extract_quotes FILE|- --json`` prints a JSON list of ``{"text", "start", "end", "speaker",
"speaker_kind", "speaker_mention", "cue"}`` with offsets into the input as Python reads it in
text mode. It never touches the database, so it works without one.
"""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from articles import engine
from articles.ingest.decode import ParseError, decode_bytes


class Command(BaseCommand):
    help = "Print the quotes in one plain-text article (FILE, or - for stdin). No database."
    requires_system_checks = []
    requires_migrations_checks = False
    stealth_options = ("stdin",)

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE|-")
        parser.add_argument(
            "--json", action="store_true", dest="as_json", help="Print a JSON list of quotes."
        )

    def handle(self, *args, file, as_json=False, **options):
        text = self._read(file, stdin=options.get("stdin"))
        quotes = engine.read_article(text).quotes  # (looked up now: tests may replace it)
        if as_json:
            self.stdout.write(_dumps([q.as_dict() for q in quotes]))
            return
        if not quotes:
            self.stdout.write("No quotes found.")
            return
        self.stdout.write(f"{'span':>13}  {'speaker':<24}  {'cue':<12}  quote")
        for q in quotes:
            speaker = q.speaker or (f"? ({q.speaker_mention})" if q.speaker_mention else "?")
            words = q.text if len(q.text) <= 70 else q.text[:69] + "…"
            self.stdout.write(
                f"{q.start:>6}-{q.end:<6}  {speaker[:24]:<24}  {(q.cue or '')[:12]:<12}  “{words}”"
            )

    def _read(self, file: str, *, stdin=None) -> str:
        try:
            if file == "-":
                stream = stdin or sys.stdin
                data = getattr(stream, "buffer", stream).read()
                if isinstance(data, str):
                    data = data.encode("utf-8")
            else:
                with open(file, "rb") as fh:
                    data = fh.read()
        except FileNotFoundError:
            raise CommandError(f"{file}: no such file", returncode=1) from None
        except IsADirectoryError:
            raise CommandError(f"{file}: is a directory, not a file", returncode=1) from None
        except OSError as exc:
            raise CommandError(
                f"{file}: cannot read: {exc.strerror or exc}", returncode=1
            ) from None
        try:
            return decode_bytes(data)
        except ParseError as exc:
            raise CommandError(f"{file}: {exc}", returncode=1) from None


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)
