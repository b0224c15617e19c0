"""``manage.py backup_database PATH``: a consistent copy of the database, the site running.

SQLite through its online backup API, PostgreSQL through ``pg_dump`` (see ``ops/backup.py``).
Restore with ``manage.py restore_database PATH``.
"""

from django.core.management.base import BaseCommand, CommandError

from ops.backup import BackupError, database_backup


class Command(BaseCommand):
    help = "Back up the whole database into a new file (SQLite file or pg_dump archive)."

    def add_arguments(self, parser):
        parser.add_argument("path", help="the backup file to write (must not exist)")
        parser.add_argument("--database", default="default", help="database alias")

    def handle(self, *args, path, database, **options):
        try:
            result = database_backup(path=path, using=database)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        if options["verbosity"]:
            self.stdout.write(
                f"Backed up the {result.vendor} database to {path} ({result.size} bytes)"
            )
