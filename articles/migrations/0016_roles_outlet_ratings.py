"""Let editors keep outlets' third-party ratings."""

import importlib

from django.db import migrations

roles_migration = importlib.import_module("articles.migrations.0003_roles")


class Migration(migrations.Migration):
    dependencies = [
        ("articles", "0015_roles_storylines"),
        ("sources", "0005_outlet_owner_and_ratings"),
    ]

    operations = [migrations.RunPython(roles_migration.create_roles, migrations.RunPython.noop)]
