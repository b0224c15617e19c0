"""A person's role is a fact for readers once an editor writes it in the admin."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.editorial.conftest import change_form_data, client_for
from tests.factories import make_speaker

pytestmark = pytest.mark.django_db


def test_an_editor_writing_a_role_makes_it_a_checked_fact(editor):
    client = client_for(editor)
    roe = make_speaker("Jane Roe", role="the harbour's best mayor")
    url = reverse("admin:sources_speaker_change", args=[roe.pk])
    unchanged = client.post(url, change_form_data(client.get(url)))
    assert unchanged.status_code == 302
    roe.refresh_from_db()
    assert roe.role_checked is False  # saving without touching the role checks nothing
    response = client.post(url, change_form_data(client.get(url), role="Mayor of Northfield"))
    assert response.status_code == 302
    roe.refresh_from_db()
    assert (roe.role, roe.role_checked) == ("Mayor of Northfield", True)
