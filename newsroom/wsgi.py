"""WSGI entry point. Production servers set DJANGO_SETTINGS_MODULE=newsroom.settings.production."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "newsroom.settings.dev")

application = get_wsgi_application()
