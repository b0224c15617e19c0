"""Search over everything (``articles.core.search``).

PostgreSQL: a GIN index over the articles' headline and body (the expression Django's
``SearchVector("headline", "body", config="english")`` produces, like those of migration
0008), and trigram GIN indexes (``pg_trgm``) over speakers' names and aliases.

SQLite: FTS5 tables with triggers, built from the rows already stored
(``articles.core.search_index.ensure_index``, which also runs after every ``migrate``).
"""

from django.db import migrations

from articles.core.search_index import drop_index, ensure_index

PG_INDEXES = {
    "articles_article_search": (
        "articles_article USING gin (to_tsvector('english'::regconfig, "
        "COALESCE(headline, '') || ' ' || COALESCE(body, '')))"
    ),
    "sources_speaker_name_trgm": "sources_speaker USING gin (name gin_trgm_ops)",
    "sources_speakeralias_alias_trgm": "sources_speakeralias USING gin (alias gin_trgm_ops)",
}


def create(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor == "postgresql":
        schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        for name, target in PG_INDEXES.items():
            schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON {target}")
    else:
        ensure_index(connection)


def drop(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor == "postgresql":
        for name in PG_INDEXES:
            schema_editor.execute(f"DROP INDEX IF EXISTS {name}")
    else:
        drop_index(connection)


class Migration(migrations.Migration):
    dependencies = [
        ("articles", "0012_versions"),
        ("sources", "0004_versions"),
    ]

    operations = [migrations.RunPython(create, drop)]
