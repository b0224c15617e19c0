"""The anonymous limit counts callers by the address that connects, never by a header."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.throttling import AnonRateThrottle


@pytest.fixture
def two_a_minute():
    original = AnonRateThrottle.THROTTLE_RATES
    AnonRateThrottle.THROTTLE_RATES = {**original, "anon": "2/minute"}
    cache.clear()
    yield
    AnonRateThrottle.THROTTLE_RATES = original
    cache.clear()


def test_a_forged_forwarded_for_header_does_not_reset_the_count(anon, two_a_minute, db):
    codes = [
        anon.get("/api/v1/stories/", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}").status_code
        for n in range(4)
    ]
    assert codes == [200, 200, 429, 429]


def test_behind_one_proxy_each_client_address_has_its_own_count(anon, two_a_minute, db, settings):
    # (DRF reloads its settings when the fixture changes them, and again when it restores them.)
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    first = [
        anon.get("/api/v1/stories/", HTTP_X_FORWARDED_FOR="203.0.113.7").status_code
        for _ in range(3)
    ]
    other = anon.get("/api/v1/stories/", HTTP_X_FORWARDED_FOR="203.0.113.8").status_code
    assert first == [200, 200, 429]
    assert other == 200
