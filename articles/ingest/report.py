"""What an import reports: each item's outcome (``IngestItem``) and the run's (``IngestReport``),
and errors described without ever raising (split from ``articles.ingest.service``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import ProtectedError, RestrictedError

CREATED, DUPLICATE, ERROR = "created", "duplicate", "error"


@dataclass
class IngestItem:
    source: str
    status: str
    article: int | None = None
    story: int | None = None
    quotes: int = 0
    error: str | None = None
    notes: list[str] = field(default_factory=list)  # human output only (created an outlet...)

    def as_dict(self) -> dict:
        return {
            "source": self.source,
            "status": self.status,
            "article": self.article,
            "story": self.story,
            "quotes": self.quotes,
            "error": self.error,
        }


@dataclass
class IngestReport:
    items: list[IngestItem] = field(default_factory=list)
    # Split drafts merged at the end of the run: old story id -> surviving story id. The
    # items already point at the survivors; human output lists these (not in ``as_dict``).
    merged: dict[int, int] = field(default_factory=dict)

    @property
    def created(self) -> int:
        return sum(1 for i in self.items if i.status == CREATED)

    @property
    def duplicates(self) -> int:
        return sum(1 for i in self.items if i.status == DUPLICATE)

    @property
    def errors(self) -> int:
        return sum(1 for i in self.items if i.status == ERROR)

    @property
    def ok(self) -> bool:
        return self.errors == 0

    def as_dict(self) -> dict:
        return {
            "items": [i.as_dict() for i in self.items],
            "created": self.created,
            "duplicates": self.duplicates,
            "errors": self.errors,
        }


def source_of(item) -> str:
    try:
        return str(item.source)
    except Exception:
        return "(unknown source)"


def describe_error(exc: BaseException, *, plain: bool = False) -> str:
    """The error as the report shows it, without ever raising.

    A ``ProtectedError`` (or ``RestrictedError``) is described by its message alone: its full
    text lists the rows involved, and showing a row may need the database, which a failed
    transaction has just rolled back (that ``Article.DoesNotExist`` used to end the run)."""
    name = type(exc).__name__
    try:
        if isinstance(exc, ProtectedError | RestrictedError) and exc.args:
            text = str(exc.args[0])
        else:
            text = str(exc)
    except Exception as inner:
        text = f"(the error could not be shown: {type(inner).__name__})"
    return text if plain else f"{name}: {text}"
