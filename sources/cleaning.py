"""Every text a row of the newsroom's apps stores is cleaned on save (``clean_text``: NFC, no
control characters; single-line fields on one line), whatever wrote it: the admin, the API,
a service or a command. Bulk writes bypass ``save``; the ingestion service cleans its input
before it reads and stores it, so what it writes in bulk is clean already."""

from __future__ import annotations

from functools import cache

from django.db import models

from articles.engine.text import clean_text

APPS = ("sources", "articles", "jobs")


@cache
def _text_fields(model: type[models.Model]) -> tuple[tuple[str, bool], ...]:
    fields = []
    for field in model._meta.concrete_fields:
        if isinstance(field, models.TextField):
            fields.append((field.attname, True))
        elif isinstance(field, models.CharField) and not field.choices:
            fields.append((field.attname, False))
    return tuple(fields)


def clean_text_fields(sender, instance, raw=False, **kwargs) -> None:
    if raw or sender._meta.app_label not in APPS:
        return
    for name, multiline in _text_fields(sender):
        value = getattr(instance, name)
        if isinstance(value, str) and value:
            cleaned = clean_text(value, multiline=multiline)
            if cleaned is not value and cleaned != value:
                setattr(instance, name, cleaned)
