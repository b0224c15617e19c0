"""PostgreSQL: the articles' search vector stored in a generated column, GIN-indexed.

Migration 0013 indexed the expression ``to_tsvector('english', headline || ' ' || body)``.
That finds matches from the index, but ranking them parses every matching body again: a word
held by tens of thousands of articles took seconds. A stored vector is parsed once, when the
row is written (PostgreSQL keeps the generated column up to date on every insert and update,
bulk ones included), and ranking reads it. Other databases are left as they are.
"""

from django.db import migrations

VECTOR = (
    "to_tsvector('english'::regconfig, COALESCE(headline, '') || ' ' || COALESCE(body, ''))"
)


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        "ALTER TABLE articles_article ADD COLUMN IF NOT EXISTS search_vector tsvector "
        f"GENERATED ALWAYS AS ({VECTOR}) STORED"
    )
    schema_editor.execute(
        "CREATE INDEX IF NOT EXISTS articles_article_search_vector "
        "ON articles_article USING gin (search_vector)"
    )
    schema_editor.execute("DROP INDEX IF EXISTS articles_article_search")


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS articles_article_search ON articles_article USING gin ({VECTOR})"
    )
    schema_editor.execute("DROP INDEX IF EXISTS articles_article_search_vector")
    schema_editor.execute("ALTER TABLE articles_article DROP COLUMN IF EXISTS search_vector")


class Migration(migrations.Migration):
    dependencies = [("articles", "0018_article_images")]

    operations = [migrations.RunPython(create, drop)]
