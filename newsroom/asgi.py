"""ASGI entry point. Production servers set DJANGO_SETTINGS_MODULE=newsroom.settings.production."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "newsroom.settings.dev")

application = get_asgi_application()
