"""GIN indexes for the API's full-text search on PostgreSQL (``articles.core.search``).

Each index covers exactly the expression Django's ``SearchVector(..., config="english")``
produces, so PostgreSQL can answer ``q`` from the index. Other databases search by substring
and get no index here.
"""

from django.db import migrations

INDEXES = {
    "articles_story_search": (
        "articles_story",
        "COALESCE(headline, '') || ' ' || COALESCE(dek, '')",
    ),
    "articles_keypoint_search": ("articles_keypoint", "COALESCE(text, '')"),
    "articles_quote_search": ("articles_quote", "COALESCE(text, '')"),
    "articles_quoteappearance_search": ("articles_quoteappearance", "COALESCE(text, '')"),
}


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, (table, document) in INDEXES.items():
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {name} ON {table} "
            f"USING gin (to_tsvector('english'::regconfig, {document}))"
        )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name in INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [("articles", "0007_people_named_plural")]

    operations = [migrations.RunPython(create, drop)]
