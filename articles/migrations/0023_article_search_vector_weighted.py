"""PostgreSQL: the articles' stored search vector weighs the headline above the body.

Ranking added ``3 * ts_rank(to_tsvector(headline), query)`` to the vector's own rank, so every
ranked article had its headline parsed again: about a third of the cost of ranking a common
word's thousand newest matches. The headline's words now carry weight A and the body's weight
D in the stored vector, and ``ts_rank``'s weights (1.0 for A, 0.1 for D) rank a headline match
first, from the vector alone. The column is made again (PostgreSQL 15 cannot change a
generated column's expression), with its index and statistics; other databases are left as
they are.
"""

from django.db import migrations

WEIGHTED = (
    "setweight(to_tsvector('english'::regconfig, COALESCE(headline, '')), 'A') || "
    "setweight(to_tsvector('english'::regconfig, COALESCE(body, '')), 'D')"
)
PLAIN = "to_tsvector('english'::regconfig, COALESCE(headline, '') || ' ' || COALESCE(body, ''))"


def _vector(schema_editor, expression: str) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("DROP INDEX IF EXISTS articles_article_search_vector")
    schema_editor.execute("ALTER TABLE articles_article DROP COLUMN IF EXISTS search_vector")
    schema_editor.execute(
        "ALTER TABLE articles_article ADD COLUMN search_vector tsvector "
        f"GENERATED ALWAYS AS ({expression}) STORED"
    )
    schema_editor.execute(
        "CREATE INDEX articles_article_search_vector ON articles_article USING gin (search_vector)"
    )
    # The planner's statistics of the new column (how common each word is: ``search_plans``),
    # when there are articles to read them from (an empty table's would say "no rows" later).
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT EXISTS (SELECT 1 FROM articles_article)")
        if cursor.fetchone()[0]:
            cursor.execute("ANALYZE articles_article")


def weighted(apps, schema_editor):
    _vector(schema_editor, WEIGHTED)


def plain(apps, schema_editor):
    _vector(schema_editor, PLAIN)


class Migration(migrations.Migration):
    dependencies = [("articles", "0022_index_key_covering")]

    operations = [migrations.RunPython(weighted, plain)]
