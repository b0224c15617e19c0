"""No lost updates: a version on every row an editor can change, checked on every save.

``Versioned`` gives a model a ``version`` that each ``save()`` of an existing row moves on by
one, with a compare-and-set: the row is updated only if it still holds the version this copy
was loaded with. A copy that went stale (another editor, or a job, saved the row since) raises
``StaleVersion`` instead of overwriting what the other save wrote. ``VersionedAdminMixin``
carries the version an editor opened in the admin form and, when the row moved on, shows what
changed and keeps the editor's input on the page.

It lives in the lowest Django tier so that ``sources`` and ``articles`` share it. Stories keep
their own, richer lock (``articles/core/story_state.py``), which also covers their key points
and paragraphs.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.db.models import F
from django.forms.models import InlineForeignKeyField
from django.http import HttpResponseRedirect


class StaleVersion(Exception):
    """A save based on a version of the row that is no longer the current one."""

    def __init__(self, instance: models.Model, version: int) -> None:
        self.instance = instance
        self.version = version
        name = instance._meta.verbose_name
        super().__init__(
            f"This {name} was changed by someone else after you opened it; your changes were "
            "not saved. Reload it, then apply them again."
        )


class Versioned(models.Model):
    version = models.PositiveIntegerField(
        default=1, help_text="Moves on with every save; a save from an older copy is refused."
    )

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None and not self._state.adding:
            opened = self.version
            # Compare-and-set: only the save that still holds the current version moves it on.
            moved = (
                type(self)
                ._base_manager.filter(pk=self.pk, version=opened)
                .update(version=opened + 1)
            )
            if not moved:
                raise StaleVersion(self, opened)
            self.version = opened + 1
            update_fields = kwargs.get("update_fields")
            if update_fields is not None:
                kwargs["update_fields"] = {*update_fields, "version"}
        super().save(*args, **kwargs)


def versions_bump(model: type[models.Model], objs: Iterable[models.Model], **values) -> None:
    """Save ``values`` on the existing rows ``objs`` in one UPDATE, moving each ``version``
    on by one as ``Versioned.save`` would (the copies in memory follow)."""
    objs = list(objs)
    if not objs:
        return
    model._base_manager.filter(pk__in=[o.pk for o in objs]).update(
        version=F("version") + 1, **values
    )
    for obj in objs:
        obj.version += 1
        for name, value in values.items():
            setattr(obj, name, value)


def versioned_update(obj: models.Model, **values) -> None:
    """``obj.save(update_fields=values)`` for a ``Versioned`` row in one UPDATE: refused with
    ``StaleVersion`` when the row moved on since ``obj`` was loaded, as the save would be."""
    opened = obj.version
    moved = (
        type(obj)
        ._base_manager.filter(pk=obj.pk, version=opened)
        .update(version=opened + 1, **values)
    )
    if not moved:
        raise StaleVersion(obj, opened)
    obj.version = opened + 1
    for name, value in values.items():
        setattr(obj, name, value)


def versions_next(objs: Iterable[models.Model]) -> None:
    """Move the copies' versions on by one in memory, for a ``bulk_update`` that writes
    ``version`` with the change (of rows the caller holds locked, or just loaded in its
    transaction): what each row's ``save()`` would have done."""
    for obj in objs:
        obj.version += 1


def _show(value: Any) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, models.QuerySet | list | set | tuple):
        return ", ".join(sorted(str(v) for v in value)) or "—"
    return str(value)


def _current_value(instance: models.Model, name: str) -> Any:
    field = instance._meta.get_field(name)
    if field.many_to_many:
        return set(getattr(instance, name).all())
    return getattr(instance, name)


def _changed_by(instance: models.Model) -> str | None:
    history = getattr(type(instance), "history", None)
    if history is None:
        return None
    last = history.filter(id=instance.pk).order_by("-history_date").first()
    user = getattr(last, "history_user", None)
    return user.get_username() if user else None


class VersionCheckForm(forms.ModelForm):
    """Refuses a save from a form opened at an older version, saying what changed since."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if "version" in self.fields:
            self.fields["version"].widget = forms.HiddenInput()
            # A new row starts at the default; an existing one is checked in ``clean``.
            self.fields["version"].required = False

    def clean(self):
        cleaned = super().clean()
        if not self.instance.pk or "version" not in self.fields:
            return cleaned
        opened = cleaned.get("version")
        if opened is None:
            raise forms.ValidationError(
                "This form is missing the version it was opened at: reload the page.",
                code="conflict",
            )
        model = type(self.instance)
        # Inside the admin's transaction: the row stays locked until the save that follows.
        current = model._base_manager.select_for_update().get(pk=self.instance.pk)
        if current.version != opened:
            changes = []
            for name, field in self.fields.items():
                if name in ("version", model._meta.pk.name) or name not in cleaned:
                    continue  # the lock itself, and an inline row's own id
                if isinstance(field, InlineForeignKeyField):
                    continue  # the row's parent, which the page holds
                try:
                    now = _current_value(current, name)
                except FieldDoesNotExist:  # a form field that is not a model field
                    continue
                yours = cleaned[name]
                if isinstance(now, set):
                    yours = set(yours or ())
                if now != yours:
                    label = field.label or name
                    changes.append(f"{label}: now “{_show(now)}”, in your form “{_show(yours)}”")
            who = _changed_by(current) or "Someone else"
            listed = "; ".join(changes) or "nothing your form shows"
            raise forms.ValidationError(
                f"{who} changed this {model._meta.verbose_name} after you opened it (now "
                f"version {current.version}). Differences: {listed}. Your changes were not "
                "saved: reload the page, then apply them again.",
                code="conflict",
            )
        self.instance.version = opened
        return cleaned


class VersionedAdminMixin:
    """For the ``ModelAdmin`` of a ``Versioned`` model: the opened version rides in the form."""

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        if not issubclass(form, VersionCheckForm):
            form = type(form.__name__, (VersionCheckForm, form), {})
        return form

    def get_fieldsets(self, request, obj=None):
        fieldsets = list(super().get_fieldsets(request, obj))
        named = [f for _, options in fieldsets for f in options["fields"]]
        if "version" in named:
            return fieldsets
        last_name, last = fieldsets[-1]
        return [*fieldsets[:-1], (last_name, {**last, "fields": [*last["fields"], "version"]})]

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except StaleVersion as stale:
            # Two saves passed the form's check at once (SQLite takes no row lock): the
            # transaction was rolled back, and the editor is told rather than overwritten.
            self.message_user(request, str(stale), messages.ERROR)
            return HttpResponseRedirect(request.get_full_path())


class VersionedInlineMixin:
    """For an inline of a ``Versioned`` model: each row carries the version it was opened at."""

    form = VersionCheckForm

    def get_fields(self, request, obj=None):
        fields = list(super().get_fields(request, obj))
        return fields if "version" in fields else [*fields, "version"]
