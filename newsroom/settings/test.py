"""Settings for the test suite: fast hashing, no throttling surprises, a fixed secret."""

import os

from .base import *  # noqa: F403
from .base import REST_FRAMEWORK

DEBUG = False
SECRET_KEY = "test-only-insecure-key"
ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": {"anon": "100000/hour", "user": "100000/hour", "ingest": "1000/hour"},
}

# Tasks run at once in tests (one end-to-end test starts a real worker with its own settings).
if os.environ.get("NEWSROOM_TASKS", "immediate") == "immediate":
    TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}

# Ingestion's transaction batches end by their size alone in tests (no wall clock), unless
# the environment sets a limit (the worker tests run real processes with their own).
NEWSROOM_INGEST_BATCH_SECONDS = float(os.environ.get("NEWSROOM_INGEST_BATCH_SECONDS", "3600"))
