"""The Celery app for NEWSROOM_TASKS=redis: ``django.tasks`` tasks run by Celery workers
sharing one Redis queue (``manage.py run_worker`` starts one). Configured from the CELERY_*
settings; the tasks register themselves when ``jobs.tasks`` is imported."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "newsroom.settings.dev")

app = Celery("newsroom")
app.config_from_object("django.conf:settings", namespace="CELERY")


@app.on_after_finalize.connect
def _import_tasks(sender, **kwargs):
    import jobs.tasks  # noqa: F401  (each @task registers itself with this app)
