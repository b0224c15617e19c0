"""The content generation's slots (ops.generation): made here, each at 0."""

from django.db import migrations, models

SLOTS = 16


def make_slots(apps, schema_editor):
    ContentGeneration = apps.get_model("ops", "ContentGeneration")
    ContentGeneration.objects.using(schema_editor.connection.alias).bulk_create(
        [ContentGeneration(slot=slot, value=0) for slot in range(SLOTS)], ignore_conflicts=True
    )


class Migration(migrations.Migration):
    dependencies = [("ops", "0001_roles")]

    operations = [
        migrations.CreateModel(
            name="ContentGeneration",
            fields=[
                ("slot", models.PositiveSmallIntegerField(primary_key=True, serialize=False)),
                ("value", models.BigIntegerField(default=0)),
                ("changed_at", models.DateTimeField(null=True)),
            ],
            options={"verbose_name": "content generation slot"},
        ),
        migrations.RunPython(make_slots, migrations.RunPython.noop),
    ]
