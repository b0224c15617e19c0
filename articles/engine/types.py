"""Plain data types produced by the text-reading engine.

The engine is ORM-free: it reads strings and returns these frozen dataclasses. Services in
the Django apps turn them into rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Literal

# "group": people named together ("Jane Roe and John Doe"); "people": people the text names
# only as a group of the public ("protesters", "the crowd": ``groups``), no one to look up.
SpeakerKind = Literal["person", "organization", "group", "people"]
# The kinds ``extract_quotes --json`` may print (DESIGN.md: person, organization or null):
# people named together are people; a group of the public is a collective, as a body is.
_PRINTED_KIND: dict[str | None, str] = {"group": "person", "people": "organization"}


@dataclass(frozen=True, slots=True)
class KnownSpeaker:
    """A speaker the caller already knows (e.g. from the database), with its aliases.

    Aliases are matched case-sensitively first, then case-insensitively ("Ice", "ice" -> ICE).
    """

    name: str
    kind: SpeakerKind = "person"
    aliases: tuple[str, ...] = ()
    role: str = ""
    is_outlet: bool = False  # a news outlet (an organisation): the caller's own outlet list


@dataclass(frozen=True, slots=True)
class Quote:
    """One direct quotation found in a text.

    ``start``/``end`` are Python string offsets of ``text`` (the words without their quotation
    marks) in the input. ``context_start``/``context_end`` span the sentence(s) around the
    quote, for showing evidence to an editor.
    """

    text: str
    start: int
    end: int
    speaker: str | None
    speaker_kind: SpeakerKind | None
    speaker_mention: str | None
    cue: str | None
    continues: bool = False
    context_start: int = 0
    context_end: int = 0
    mention_start: int | None = None
    mention_end: int | None = None

    def as_dict(self) -> dict:
        return {
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "speaker": self.speaker,
            "speaker_kind": _PRINTED_KIND.get(self.speaker_kind, self.speaker_kind),
            "speaker_mention": self.speaker_mention,
            "cue": self.cue,
        }


@dataclass(frozen=True, slots=True)
class Entity:
    """A person or organisation named in a text, with the roles the text gives it.

    ``is_outlet`` marks an organisation that is a news outlet ("Northfield Courier", a known
    speaker passed with ``is_outlet=True``), so callers can tell sources from actors.
    """

    name: str
    kind: SpeakerKind
    role: str = ""
    mentions: tuple[str, ...] = ()
    is_outlet: bool = False


@dataclass(frozen=True, slots=True)
class Figure:
    """A number with what it counts.

    ``value`` is normalised (``"3,000"`` -> 3000.0, ``"1.2 million"`` -> 1200000.0).
    ``unit`` is what is counted (``"arrests"``), ``per`` the rate period if any (``"day"``),
    ``period`` a span the count covers if any (``"100 days"``), ``qualifier`` words such as
    ``"more than"``, ``"at least"``, ``"around"``, and ``kind`` ``"target"``, ``"average"``,
    ``"total"`` or ``""`` when the text does not say. ``year`` is a calendar year the
    sentence ties the figure to (``"2025"``), and ``low`` the lower end of a range written
    out ("between 40 and 50 patients": ``low`` 40, ``value`` 50). ``event`` is what happened to
    what is counted when the text says it right by the figure ("four people were injured",
    "rescued six people": ``"injured"``, ``"rescued"``), from a fixed list of outcomes.
    """

    text: str
    start: int
    end: int
    value: float
    unit: str = ""
    per: str = ""
    period: str = ""
    qualifier: str = ""
    kind: str = ""
    year: str = ""
    low: float | None = None
    event: str = ""


@dataclass(frozen=True, slots=True)
class Reading:
    """Everything the engine found in one article."""

    quotes: tuple[Quote, ...] = ()
    entities: tuple[Entity, ...] = ()
    figures: tuple[Figure, ...] = ()
    warnings: tuple[str, ...] = field(default_factory=tuple)


def _maker(cls):
    """A constructor for the frozen type ``cls`` taking every field, in order: the same object
    as ``cls(*values)``, built at a third of the cost. A frozen dataclass's ``__init__`` sets
    each field through ``object.__setattr__``; this sets the slots directly, one statement a
    field (written out once here, so no loop runs per object; none of these types has a
    ``__post_init__``). The engine builds its results with it, a few dozen per text."""
    names = [f.name for f in fields(cls)]
    scope = {"new": object.__new__, "cls": cls}
    lines = [f"def make({', '.join(names)}):", "    obj = new(cls)"]
    for i, name in enumerate(names):
        scope[f"set_{i}"] = cls.__dict__[name].__set__
        lines.append(f"    set_{i}(obj, {name})")
    lines.append("    return obj")
    exec("\n".join(lines), scope)  # (field names are identifiers: nothing else is written)
    make = scope["make"]
    make.__name__ = make.__qualname__ = f"new_{cls.__name__.lower()}"
    return make


new_quote = _maker(Quote)
new_entity = _maker(Entity)
new_figure = _maker(Figure)
