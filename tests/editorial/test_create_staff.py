"""``manage.py create_staff``: an account with a role, in one command."""

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client

PASSWORD = "correct horse battery staple"


def _run(monkeypatch, *args, password=PASSWORD):
    monkeypatch.setattr("sys.stdin", io.StringIO(password + "\n"))
    out = io.StringIO()
    call_command("create_staff", *args, stdout=out)
    return out.getvalue()


def test_a_new_editor_signs_in_and_may_publish(db, monkeypatch):
    out = _run(monkeypatch, "jroe", "--role", "Editor", "--email", "jroe@gazette.example")
    assert "Created jroe: staff, Editor." in out
    user = User.objects.get(username="jroe")
    assert user.is_staff and user.has_perm("articles.publish_story")
    client = Client()
    # Through the admin's login form (the throttled path: Client.login has no request).
    signed_in = client.post("/admin/login/", {"username": "jroe", "password": PASSWORD})
    assert signed_in.status_code == 302
    assert client.get("/admin/").status_code == 200


def test_an_existing_account_gets_a_role_and_keeps_its_password(db, monkeypatch):
    User.objects.create_user("jdoe", password=PASSWORD)
    out = _run(monkeypatch, "jdoe", "--role", "Reporter", "--keep-password")
    assert "Updated jdoe" in out
    user = User.objects.get(username="jdoe")
    assert user.is_staff and user.groups.filter(name="Reporter").exists()
    assert user.check_password(PASSWORD)
    assert not user.has_perm("articles.publish_story")


def test_a_weak_password_is_refused_and_nothing_is_created(db, monkeypatch):
    with pytest.raises(CommandError, match="Password refused"):
        _run(monkeypatch, "jroe", "--role", "Editor", password="123")
    assert not User.objects.filter(username="jroe").exists()


def test_an_unknown_role_is_refused(db):
    with pytest.raises(CommandError, match="invalid choice"):
        call_command("create_staff", "jroe", "--role", "Publisher")
