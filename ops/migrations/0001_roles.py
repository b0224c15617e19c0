"""Give the Administrator role django-axes' permissions: see and lift sign-in lock-outs."""

import importlib

from django.db import migrations

roles_migration = importlib.import_module("articles.migrations.0003_roles")


class Migration(migrations.Migration):
    dependencies = [
        ("axes", "0010_accessattemptexpiration"),
        ("jobs", "0002_roles"),
    ]

    operations = [migrations.RunPython(roles_migration.create_roles, migrations.RunPython.noop)]
