"""Bring the Reporter, Editor and Administrator groups up to date with ``articles.roles``."""

from django.contrib.auth.models import Group, Permission
from django.core.management.base import BaseCommand

from articles.editorial.roles import roles_sync


class Command(BaseCommand):
    help = (
        "Create or update the role groups (Reporter, Editor, Administrator) so each has "
        "exactly the permissions articles/roles.py gives it. Idempotent."
    )

    def handle(self, *args, **options):
        counts = roles_sync(group_model=Group, permission_model=Permission)
        if options["verbosity"] > 0:
            for role, count in counts.items():
                self.stdout.write(f"{role}: {count} permissions")
