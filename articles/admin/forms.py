"""Small forms the admin actions share: choose a story or a speaker, name a new story."""

from django import forms
from django.contrib.admin import helpers
from django.contrib.admin.widgets import AutocompleteSelect
from django.db import models
from django.template.response import TemplateResponse

from articles.models import (
    Article,
    Quote,
    Story,
)
from sources.models import Speaker


class _AutocompleteChoiceForm(forms.Form):
    """A one-field form choosing a row with the admin's autocomplete widget.

    ``relation`` is the model field whose admin search serves the autocomplete."""

    relation: models.Field

    def __init__(self, *args, admin_site, **kwargs):
        super().__init__(*args, **kwargs)
        (field,) = self.fields.values()
        field.widget = AutocompleteSelect(self.relation, admin_site)
        field.widget.choices = field.iterator(field)


class ChooseStoryForm(_AutocompleteChoiceForm):
    relation = Article._meta.get_field("story")
    story = forms.ModelChoiceField(queryset=Story.objects.exclude(status=Story.Status.ARCHIVED))


class ChooseSpeakerForm(_AutocompleteChoiceForm):
    relation = Quote._meta.get_field("speaker")
    speaker = forms.ModelChoiceField(queryset=Speaker.objects.all())


class NewStoryForm(forms.Form):
    headline = forms.CharField(
        max_length=300, required=False, help_text="Empty: the earliest article's headline."
    )


class MergeForm(forms.Form):
    target = forms.ModelChoiceField(
        queryset=Story.objects.none(),
        label="Keep this story",
        help_text="The other stories move into it and are archived.",
    )


def choose_in_form(modeladmin, request, queryset, *, form, action, title, intro, submit_label):
    context = {
        **modeladmin.admin_site.each_context(request),
        "opts": modeladmin.model._meta,
        "title": title,
        "intro": intro,
        "submit_label": submit_label,
        "queryset": queryset,
        "form": form,
        "media": modeladmin.media + form.media,
        "action": action,
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
    }
    return TemplateResponse(request, "admin/articles/choose_story.html", context)
