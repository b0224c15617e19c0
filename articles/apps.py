from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _ensure_search_index(sender, using, **kwargs) -> None:
    """SQLite drops a table's triggers when a migration remakes it: put the full-text
    triggers back (and rebuild that index) after every ``migrate``."""
    from django.db import connections

    from articles.core.search_index import ensure_index

    ensure_index(connections[using])


class ArticlesConfig(AppConfig):
    name = "articles"
    verbose_name = "Stories and articles"

    def ready(self) -> None:
        from articles import signals

        signals.connect()
        post_migrate.connect(_ensure_search_index, sender=self)
