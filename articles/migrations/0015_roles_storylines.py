"""Let editors name storylines and check the links the machine suggests."""

import importlib

from django.db import migrations

roles_migration = importlib.import_module("articles.migrations.0003_roles")


class Migration(migrations.Migration):
    dependencies = [("articles", "0014_storylines_and_redirects")]

    operations = [migrations.RunPython(roles_migration.create_roles, migrations.RunPython.noop)]
