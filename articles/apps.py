from django.apps import AppConfig


class ArticlesConfig(AppConfig):
    name = "articles"
    verbose_name = "Stories and articles"

    def ready(self) -> None:
        from articles import signals

        signals.connect()
