"""Logging: request ids and users on every record, a JSON-lines formatter, import summaries.

``logging_config()`` builds ``settings.LOGGING``: records go to standard error, as text or,
with ``NEWSROOM_LOG_FORMAT=json``, one JSON object a line (``time``, ``level``, ``logger``,
``message``, ``request_id``, ``user``, and ``exception`` with the traceback for errors). Django's
request errors (500s) are logged by ``django.request`` with their traceback.
"""

from __future__ import annotations

import json
import logging
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from django.utils.functional import LazyObject, empty

#: What the current request is: set by ``ops.middleware.RequestIdMiddleware``.
request_context: ContextVar[dict[str, Any] | None] = ContextVar("request_context", default=None)

import_logger = logging.getLogger("newsroom.imports")


def _current_user(context: dict[str, Any]) -> str | None:
    request = context.get("request")
    user = getattr(request, "user", None) if request is not None else None
    # ``request.user`` is lazy: a log call must not query the database (it may be down) just
    # to name the user, so a user nobody has looked at yet stays unnamed.
    if user is None or isinstance(user, LazyObject) and user._wrapped is empty:
        return None
    if not getattr(user, "is_authenticated", False):
        return None
    return user.get_username()


class RequestContextFilter(logging.Filter):
    """Adds ``request_id`` and ``user`` to every record (``-`` outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        context = request_context.get()
        if not hasattr(record, "request_id"):
            record.request_id = context["request_id"] if context else "-"
        if not hasattr(record, "user"):
            record.user = (_current_user(context) if context else None) or "-"
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per record, on one line; extra fields given with ``extra=`` are kept."""

    _standard = set(vars(logging.makeLogRecord({}))) | {"message", "asctime"}

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in self._standard and key not in entry:
                entry[key] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s %(user)s] %(message)s"


def logging_config(*, fmt: str = "text", level: str = "INFO") -> dict[str, Any]:
    """``settings.LOGGING``: one handler on standard error, text or JSON lines."""
    if fmt not in {"text", "json"}:
        raise ValueError(f"NEWSROOM_LOG_FORMAT must be text or json, not {fmt!r}")
    formatter = {"()": JsonFormatter} if fmt == "json" else {"format": TEXT_FORMAT}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request_context": {"()": RequestContextFilter}},
        "formatters": {"default": formatter},
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "filters": ["request_context"],
                "formatter": "default",
            }
        },
        "root": {"handlers": ["console"], "level": "WARNING"},
        "loggers": {
            # The project's own records (import summaries among them) at the chosen level.
            name: {"level": level}
            for name in ("newsroom", "articles", "sources", "jobs", "ops")
        },
    }


def log_import_summary(report: Any, source: str | None = None) -> None:
    """One INFO line for a finished import run: where from, and how many of each outcome.

    ``report`` is the ingest service's report (anything with ``items``, each with a
    ``status``; ``created``, ``duplicates`` and ``errors`` are read when present).
    """
    items = list(getattr(report, "items", None) or [])
    if source is None:
        # "feed.xml", or "a.txt and 2 more": the item sources without their "#n" suffixes.
        names = list(dict.fromkeys(str(getattr(i, "source", "")).split("#")[0] for i in items))
        if names:
            source = names[0] + (f" and {len(names) - 1} more" if len(names) > 1 else "")
    counts: dict[str, int] = {}
    for item in items:
        status = str(getattr(item, "status", None) or "unknown")
        counts[status] = counts.get(status, 0) + 1
    summary = {
        "source": source or "-",
        "items": len(items),
        "created": getattr(report, "created", counts.get("created", 0)),
        "duplicates": getattr(report, "duplicates", counts.get("duplicate", 0)),
        "errors": getattr(report, "errors", counts.get("error", 0)),
        "skipped": counts.get("skipped", 0),
    }
    import_logger.info(
        "import finished: %(source)s: %(items)s items, %(created)s created, "
        "%(duplicates)s duplicates, %(errors)s errors, %(skipped)s skipped",
        summary,
        extra={"import_summary": summary},
    )
