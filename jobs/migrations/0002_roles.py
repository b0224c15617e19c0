"""Give the role groups their permissions on jobs and feeds."""

import importlib

from django.db import migrations

roles_migration = importlib.import_module("articles.migrations.0003_roles")


class Migration(migrations.Migration):
    dependencies = [
        ("jobs", "0001_initial"),
        ("articles", "0012_versions"),
    ]

    operations = [migrations.RunPython(roles_migration.create_roles, migrations.RunPython.noop)]
