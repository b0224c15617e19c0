"""Background work: import jobs with their item-by-item results, and subscribed feeds.

A job is the record people see (state, progress, each item's outcome); the task backend
(``django.tasks``: the database worker by default, Celery on Redis to scale out) only carries
its id to a worker. So a job reads the same whatever the backend, and a worker that dies
mid-job leaves a record another worker can pick up (``jobs.scheduler.jobs_recover``).
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.validators import URLValidator
from django.db import models
from django.urls import reverse
from django.utils import timezone


class Job(models.Model):
    class Kind(models.TextChoices):
        PAYLOADS = "payloads", "Articles sent through the API"
        UPLOAD = "upload", "Imported in the admin (text, file or URL)"
        SOURCES = "sources", "Files, URLs or feeds"
        FEED = "feed", "Subscribed feed"
        REREAD = "reread", "Read articles again"

    class State(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        RETRYING = "retrying", "Waiting to retry"
        SUCCEEDED = "succeeded", "Finished"
        FAILED = "failed", "Failed"

    FINAL = (State.SUCCEEDED, State.FAILED)

    kind = models.CharField(max_length=20, choices=Kind)
    state = models.CharField(max_length=20, choices=State, default=State.QUEUED, db_index=True)
    label = models.CharField(
        max_length=300, blank=True, help_text="What was imported, in a few words."
    )
    # What to do: payload dicts, source strings, article ids; ``data`` holds uploaded bytes.
    input = models.JSONField(default=list, blank=True)
    data = models.BinaryField(null=True, blank=True, editable=False)
    default_outlet = models.CharField(max_length=200, blank=True)
    feed = models.ForeignKey(
        "jobs.Feed", null=True, blank=True, on_delete=models.SET_NULL, related_name="jobs"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # A running job's worker touches this after every item; a stale one is picked up again.
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    claim = models.CharField(max_length=64, blank=True, editable=False)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    units_done = models.JSONField(
        default=list, blank=True, editable=False, help_text="Units (inputs) run to their end."
    )
    total = models.PositiveIntegerField(default=0, help_text="Items found so far.")
    done = models.PositiveIntegerField(default=0, help_text="Items finished.")
    error = models.TextField(blank=True, help_text="Why the job failed or is retrying.")
    merged = models.JSONField(
        default=dict, blank=True, help_text="Drafts merged at the end: old story id → survivor."
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["state", "heartbeat_at"], name="jobs_job_state_beat")]

    def __str__(self) -> str:
        return f"Job {self.pk}: {self.label or self.get_kind_display()}"

    def get_absolute_url(self) -> str:
        return reverse("admin:jobs_job_change", args=[self.pk])

    @property
    def finished(self) -> bool:
        return self.state in self.FINAL

    @property
    def percent(self) -> int:
        if self.finished and self.state == self.State.SUCCEEDED:
            return 100
        return int(100 * self.done / self.total) if self.total else 0

    def counts(self) -> dict[str, int]:
        rows = self.items.values("status").annotate(n=models.Count("id"))
        found = {r["status"]: r["n"] for r in rows}
        return {status: found.get(status, 0) for status in JobItem.Status.values}

    def report(self) -> dict:
        """The ingestion report, as ``manage.py ingest --report json`` prints it."""
        items = [item.as_dict() for item in self.items.all()]
        counts = self.counts()
        return {
            "items": items,
            "created": counts["created"],
            "duplicates": counts["duplicate"],
            "errors": counts["error"],
        }


class JobItem(models.Model):
    """One item of a job with its outcome; ``unit`` and ``position`` say where it came from
    (the n-th source, the n-th article in it), so a job picked up again skips what is done."""

    class Status(models.TextChoices):
        CREATED = "created", "Created"
        DUPLICATE = "duplicate", "Duplicate"
        ERROR = "error", "Error"
        SKIPPED = "skipped", "Skipped"
        READ = "read", "Read again"

    job = models.ForeignKey(Job, on_delete=models.CASCADE, related_name="items")
    unit = models.PositiveIntegerField()
    position = models.PositiveIntegerField()
    source = models.CharField(max_length=1000)
    status = models.CharField(max_length=20, choices=Status)
    # Article and story ids rather than keys: a job's report outlives a merged story.
    article_id = models.BigIntegerField(null=True, blank=True)
    story_id = models.BigIntegerField(null=True, blank=True)
    quotes = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    # A network error: the unit is fetched again when the job retries.
    retryable = models.BooleanField(default=False)

    class Meta:
        ordering = ["unit", "position"]
        constraints = [
            models.UniqueConstraint(fields=["job", "unit", "position"], name="jobs_item_once")
        ]

    def __str__(self) -> str:
        return f"{self.source}: {self.status}"

    def as_dict(self) -> dict:
        return {
            "source": self.source,
            "status": self.status,
            "article": self.article_id,
            "story": self.story_id,
            "quotes": self.quotes,
            "error": self.error or None,
        }


class Feed(models.Model):
    """An RSS or Atom feed the worker polls on its own, with conditional GET."""

    url = models.URLField(
        max_length=1000,
        unique=True,
        verbose_name="feed URL",
        # The worker fetches only http(s) (articles.ingest.fetch): say so before saving.
        validators=[URLValidator(schemes=["http", "https"])],
    )
    name = models.CharField(max_length=200, blank=True)
    outlet = models.ForeignKey(
        "sources.Outlet",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        help_text="Outlet for items that do not name their own; else the feed's title names it.",
    )
    interval = models.DurationField(
        default=timedelta(minutes=15), help_text="How often to poll it (at least a minute)."
    )
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    next_poll_at = models.DateTimeField(default=timezone.now, db_index=True)
    last_polled_at = models.DateTimeField(null=True, blank=True)
    last_status = models.CharField(max_length=200, blank=True)
    last_error = models.TextField(blank=True)
    errors_in_a_row = models.PositiveIntegerField(default=0)
    etag = models.CharField(max_length=500, blank=True, editable=False)
    last_modified = models.CharField(max_length=100, blank=True, editable=False)

    class Meta:
        ordering = ["name", "url"]

    def __str__(self) -> str:
        return self.name or self.url

    def backoff(self) -> timedelta:
        """Wait after a failed poll: the interval, doubled for each error in a row, at most a
        day (and never less than the interval)."""
        factor = 2 ** min(self.errors_in_a_row, 10)
        return max(self.interval, min(self.interval * factor, timedelta(days=1)))
