"""Give the Editor role the new permission to approve and reject quotes."""

import importlib

from django.db import migrations

roles_migration = importlib.import_module("articles.migrations.0003_roles")


class Migration(migrations.Migration):
    dependencies = [("articles", "0005_quote_review_permission")]

    operations = [migrations.RunPython(roles_migration.create_roles, migrations.RunPython.noop)]
