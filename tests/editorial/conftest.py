"""Users in each role, logged-in clients, and a story ready for an editor's decision."""

from __future__ import annotations

import pytest
from django import forms
from django.contrib.auth.models import Group, User
from django.test import Client

from articles.editorial.roles import ADMINISTRATOR, EDITOR, REPORTER
from articles.models import Attribution, Story
from tests.factories import make_article, make_key_point, make_outlet, make_story
from tests.ingest.conftest import fake_engine  # noqa: F401 (the admin review tests read with it)

ROLES = [REPORTER, EDITOR, ADMINISTRATOR]


def make_user(role: str | None, username: str | None = None) -> User:
    user = User.objects.create_user(
        username=username or (role or "reader").lower(),
        password="correct horse battery staple",
        is_staff=role is not None,
    )
    if role:
        user.groups.add(Group.objects.get(name=role))
    return user


@pytest.fixture
def reporter(db):
    return make_user(REPORTER)


@pytest.fixture
def editor(db):
    return make_user(EDITOR)


@pytest.fixture
def administrator(db):
    return make_user(ADMINISTRATOR)


@pytest.fixture
def user_for(db):
    """The user of a role by name; ``None`` is the anonymous visitor."""

    def build(role: str | None):
        return None if role is None else make_user(role, username=f"{role.lower()}-matrix")

    return build


def client_for(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def make_ready_story(headline: str = "Northfield council approves new bridge", **kw) -> Story:
    """A story in review with one article and one key point backed by it."""
    kw.setdefault("status", Story.Status.REVIEW)
    story = make_story(headline, published=False, **kw)
    outlet = make_outlet()
    article = make_article(outlet=outlet, story=story)
    point = make_key_point(story, "The council approved the bridge.")
    Attribution.objects.create(key_point=point, outlet=outlet, article=article)
    return story


@pytest.fixture
def ready_story(db):
    return make_ready_story()


def change_form_data(response, **overrides) -> dict:
    """The POST data of an admin change form as the browser would send it unchanged."""
    data: dict = {}

    def add(bound) -> None:
        field, name, value = bound.field, bound.html_name, bound.value()
        widget = getattr(field.widget, "widget", field.widget)
        if isinstance(field, forms.ModelMultipleChoiceField):
            data[name] = [str(v) for v in value or []]
        elif isinstance(widget, forms.MultiWidget):
            for i, part in enumerate(widget.decompress(value)):
                data[f"{name}_{i}"] = "" if part is None else str(part)
        elif isinstance(widget, forms.CheckboxInput):
            if value:
                data[name] = "on"
        else:
            data[name] = "" if value is None else str(value)

    for bound in response.context["adminform"].form:
        add(bound)
    for inline in response.context["inline_admin_formsets"]:
        formset = inline.formset
        for bound in formset.management_form:
            data[bound.html_name] = str(bound.value())
        for form in formset.forms:
            for bound in form:
                add(bound)
    data.update(overrides)
    return data
