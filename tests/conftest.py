"""Fixtures shared by the whole suite."""

import pytest


@pytest.fixture(autouse=True)
def _media_and_cache(settings):
    # Each test starts with an empty cache so cached pages never leak between tests.
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


from tests.jobs.conftest import feed_server  # noqa: E402, F401  (a local feed server, for any test)
