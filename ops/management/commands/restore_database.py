"""``manage.py restore_database PATH``: replace the database by a backup, all or nothing.

The file is checked first (right kind, whole, a Newsroom database, not from newer code);
anything else is refused and the database left as it was. It asks before replacing unless
``--no-input``; ``--dry-run`` only checks the file. Run ``manage.py migrate`` afterwards when
the backup is older than the code. Stop the web processes and workers first: whatever they
write during the restore is lost.
"""

from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from ops.backup import BackupError, backup_check, database_restore


class Command(BaseCommand):
    help = "Replace the whole database by a backup made with backup_database."

    def add_arguments(self, parser):
        parser.add_argument("path", help="the backup file")
        parser.add_argument("--database", default="default", help="database alias")
        parser.add_argument("--no-input", action="store_false", dest="interactive")
        parser.add_argument("--dry-run", action="store_true", help="check the file, change nothing")

    def handle(self, *args, path, database, interactive, dry_run, **options):
        settings_dict = connections[database].settings_dict
        try:
            kind = backup_check(path=path, settings_dict=settings_dict)
            if dry_run:
                self.stdout.write(f"{path}: a {kind} backup that can be restored")
                return
            if interactive:
                answer = input(
                    f"This replaces everything in the database {settings_dict['NAME']} by "
                    f"{path}. Type 'yes' to go on: "
                )
                if answer.strip() != "yes":
                    raise CommandError("Restore cancelled; nothing was changed.")
            database_restore(path=path, using=database)
        except BackupError as exc:
            raise CommandError(f"{exc}. Nothing was changed.") from exc
        if options["verbosity"]:
            self.stdout.write(f"Restored {path}; run manage.py migrate if the backup is older")
