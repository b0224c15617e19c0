"""Throttled logins: wrong admin passwords and guessed API tokens are locked out (django-axes,
the real mechanism, on the test database)."""

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery-staple-7"
ADDRESS, OTHER_ADDRESS = "192.0.2.10", "198.51.100.20"


@pytest.fixture
def editor():
    return get_user_model().objects.create_user(
        "jroe", password=PASSWORD, is_staff=True, is_superuser=True
    )


@pytest.fixture
def reporter():
    return get_user_model().objects.create_user("asmith", password=PASSWORD, is_staff=True)


def _login(client, username, password, address=ADDRESS):
    return client.post(
        "/admin/login/?next=/admin/",
        {"username": username, "password": password, "next": "/admin/"},
        REMOTE_ADDR=address,
    )


def _fail(client, username, times, address=ADDRESS):
    for _ in range(times):
        _login(client, username, "wrong-password", address)


def _signed_in(response) -> bool:
    return response.status_code == 302 and response.headers["Location"] == "/admin/"


def test_the_right_password_is_refused_after_the_configured_number_of_wrong_ones(client, editor):
    limit = settings.AXES_FAILURE_LIMIT
    assert limit >= 3  # a sensible default, not one that locks at the first typo
    _fail(client, "jroe", limit - 1)
    assert _signed_in(_login(client, "jroe", PASSWORD)), "one failure short of the limit"

    client.logout()
    _fail(client, "jroe", limit)
    response = _login(client, "jroe", PASSWORD)
    assert response.status_code == 429
    assert "Sign-in locked" in response.text
    assert "Too many failed sign-ins" in response.text
    assert int(response.headers["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()
    assert "_auth_user_id" not in client.session


def test_a_success_before_the_limit_starts_the_count_again(client, editor):
    limit = settings.AXES_FAILURE_LIMIT
    _fail(client, "jroe", limit - 1)
    assert _signed_in(_login(client, "jroe", PASSWORD))
    client.logout()
    _fail(client, "jroe", limit - 1)
    assert _signed_in(_login(client, "jroe", PASSWORD))


def test_a_locked_user_is_locked_from_every_address(client, editor):
    _fail(client, "jroe", settings.AXES_FAILURE_LIMIT, address=ADDRESS)
    assert _login(client, "jroe", PASSWORD, address=OTHER_ADDRESS).status_code == 429


def test_a_locked_address_is_locked_for_every_user(client, editor, reporter):
    # An attacker at one address trying several user names, a few each.
    limit = settings.AXES_FAILURE_LIMIT
    _fail(client, "jroe", limit - 1)
    _fail(client, "nobody-here", 1)
    assert _login(client, "asmith", PASSWORD).status_code == 429
    # The same colleague from another address is not affected.
    assert _signed_in(_login(client, "asmith", PASSWORD, address=OTHER_ADDRESS))


def test_unlocking_in_the_admin_restores_access(client, editor, reporter):
    _fail(client, "asmith", settings.AXES_FAILURE_LIMIT, address=OTHER_ADDRESS)
    assert _login(client, "asmith", PASSWORD, address=OTHER_ADDRESS).status_code == 429

    admin_client = type(client)()
    admin_client.force_login(editor)
    listing = admin_client.get("/admin/axes/accessattempt/")
    assert listing.status_code == 200
    assert "asmith" in listing.text and OTHER_ADDRESS in listing.text
    attempts = list(AccessAttempt.objects.filter(username="asmith").values_list("pk", flat=True))
    assert attempts
    response = admin_client.post(
        "/admin/axes/accessattempt/",
        {"action": "delete_selected", "_selected_action": attempts, "post": "yes"},
    )
    assert response.status_code == 302

    assert _signed_in(_login(client, "asmith", PASSWORD, address=OTHER_ADDRESS))


def test_the_administrator_role_may_unlock(db):
    # As the migrations leave it on a fresh database (ops/migrations/0001_roles.py).
    from django.contrib.auth.models import Group

    from articles.editorial.roles import ADMINISTRATOR

    perms = set(
        Group.objects.get(name=ADMINISTRATOR).permissions.values_list("codename", flat=True)
    )
    assert {"view_accessattempt", "delete_accessattempt"} <= perms


# --- API tokens ------------------------------------------------------------------------------


def _api(token: str, address=ADDRESS):
    client = APIClient(REMOTE_ADDR=address)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def test_guessed_tokens_lock_the_address_out_even_with_a_real_token(reporter):
    limit = settings.AXES_FAILURE_LIMIT
    real = Token.objects.create(user=reporter).key
    for n in range(limit - 1):
        assert _api(f"guess{n:035d}").get("/api/v1/stories/").status_code == 401
    assert _api(real).get("/api/v1/stories/").status_code == 200, "under the limit"

    response = _api("guess-that-reaches-the-limit").get("/api/v1/stories/")
    assert response.status_code == 429
    assert response.json() == {"detail": str(settings.AXES_COOLOFF_MESSAGE)}
    assert int(response.headers["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()

    refused = _api(real).get("/api/v1/stories/")
    assert refused.status_code == 429
    assert set(refused.json()) == {"detail"}
    # Another address with the real token is served; a failed token names no user to lock.
    assert _api(real, address=OTHER_ADDRESS).get("/api/v1/stories/").status_code == 200
    assert not AccessAttempt.objects.exclude(username=None).exists()


def test_the_token_itself_is_never_recorded(reporter):
    secret = "f" * 40
    _api(secret).get("/api/v1/stories/")
    recorded = AccessAttempt.objects.get()
    assert secret not in " ".join(
        str(v) for v in AccessAttempt.objects.values().get(pk=recorded.pk).values()
    )


def test_requests_without_a_token_are_not_counted(db):
    for _ in range(settings.AXES_FAILURE_LIMIT + 1):
        assert APIClient(REMOTE_ADDR=ADDRESS).get("/api/v1/stories/").status_code == 200
    assert not AccessAttempt.objects.exists()


def test_the_reset_command_lifts_a_users_lock_out(client, editor):
    from django.core.management import call_command

    _fail(client, "jroe", settings.AXES_FAILURE_LIMIT)
    assert _login(client, "jroe", PASSWORD).status_code == 429
    call_command("axes_reset_username", "jroe", verbosity=0)
    assert _signed_in(_login(client, "jroe", PASSWORD))


def test_an_address_locked_for_passwords_is_locked_for_tokens_too(client, reporter):
    real = Token.objects.create(user=reporter).key
    _fail(client, "asmith", settings.AXES_FAILURE_LIMIT, address=ADDRESS)
    response = _api(real, address=ADDRESS).get("/api/v1/stories/")
    assert response.status_code == 429
    assert set(response.json()) == {"detail"}
    assert "for this user name or from this address" in response.json()["detail"]
