"""Let reporters and editors scope speaker aliases to a story."""

import importlib

from django.db import migrations

roles_migration = importlib.import_module("articles.migrations.0003_roles")


class Migration(migrations.Migration):
    dependencies = [
        ("articles", "0009_story_speaker_alias"),
        ("sources", "0003_speaker_alias_outlet_scope"),
    ]

    operations = [migrations.RunPython(roles_migration.create_roles, migrations.RunPython.noop)]
