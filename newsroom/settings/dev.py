"""Local development: debug on, a throwaway secret key, the SQLite file by default."""

import os

from .base import *  # noqa: F403

DEBUG = True
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or "dev-only-insecure-key-do-not-use-in-production"
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
INTERNAL_IPS = ["127.0.0.1"]
