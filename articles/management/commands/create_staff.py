"""Create an editorial account with a role, or give an existing account one."""

import getpass
import sys

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from articles.editorial.roles import ROLE_PERMISSIONS, staff_account


class Command(BaseCommand):
    help = (
        "Create a staff account in a role (Reporter, Editor or Administrator), or put an "
        "existing account in that role. Asks for the password, or reads one line from "
        "standard input when it is not a terminal."
    )

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--role", required=True, choices=list(ROLE_PERMISSIONS))
        parser.add_argument("--email", default="")
        parser.add_argument(
            "--keep-password",
            action="store_true",
            help="For an existing account: change its role only.",
        )

    def _password(self) -> str:
        if not sys.stdin.isatty():
            return sys.stdin.readline().rstrip("\n")
        first = getpass.getpass("Password: ")
        if first != getpass.getpass("Password (again): "):
            raise CommandError("The two passwords differ; nothing was changed.")
        return first

    def handle(self, *args, username, role, email, keep_password, **options):
        password = None if keep_password else self._password()
        try:
            user, created = staff_account(
                user_model=get_user_model(),
                group_model=Group,
                username=username,
                role=role,
                password=password,
                email=email,
            )
        except ValidationError as error:
            raise CommandError("Password refused: " + " ".join(error.messages)) from None
        except ValueError as error:
            message = str(error)
            raise CommandError(
                f"{message[:1].upper()}{message[1:]}; nothing was changed."
            ) from None
        verb = "Created" if created else "Updated"
        self.stdout.write(f"{verb} {user.username}: staff, {role}. Sign in at /admin/.")
