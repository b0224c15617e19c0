from django.apps import AppConfig
from django.db.models.signals import pre_save


class SourcesConfig(AppConfig):
    name = "sources"
    verbose_name = "Outlets and speakers"

    def ready(self):
        from sources.cleaning import clean_text_fields

        pre_save.connect(clean_text_fields, dispatch_uid="newsroom-clean-text")
