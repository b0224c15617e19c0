"""Who a text may name: the database's speakers that an article's words mention (for the
reading engine), and the speakers and outlets an import run has looked up (for storing).

Split from ``articles.ingest.reading``, which imports these names from here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from django.db.models import Prefetch
from django.db.models.functions import Lower

from articles.engine.types import KnownSpeaker
from articles.models import StorySpeakerAlias
from sources.models import Outlet, OutletAlias, Speaker, SpeakerAlias, is_description
from sources.services import speakers_get_or_create

# --- known speakers ------------------------------------------------------------------------

_TOKEN_RE = re.compile(r"[^\W\d_][\w’'.\-]*", re.UNICODE)
_CONNECTORS = {"of", "and", "for", "the", "de", "del", "da", "van", "von", "al", "bin", "la", "le"}
_MAX_NGRAM = 6
_MAX_CANDIDATES = 20_000
_IN_CHUNK = 500


def name_candidates(text: str) -> set[str]:
    """Lower-cased word sequences of ``text`` that could be a speaker's name or alias: runs of
    capitalised words (with connectors such as "of", as in "Department of Homeland
    Security"), and "the X" descriptions ("the ministry"). Bounded by the text's length."""
    tokens = [
        m.group(0).rstrip(".’'").removesuffix("’s").removesuffix("'s")
        for m in _TOKEN_RE.finditer(text)
    ]
    out: set[str] = set()
    for i, first in enumerate(tokens):
        if not first:
            continue
        description = first.lower() == "the"  # "the ministry", "the Department of ..."
        if not (description or first[0].isupper()):
            continue
        words: list[str] = []
        for word in tokens[i : i + (4 if description else _MAX_NGRAM)]:
            capital = word[:1].isupper() or word.lower() in _CONNECTORS
            if not word or not (capital or (description and len(words) < 3)):
                break
            words.append(word)
            if len(words) > 1 or word.lower() not in _CONNECTORS:
                out.add(" ".join(words).lower())
        if len(out) > _MAX_CANDIDATES:
            break
    return out


class KnownSpeakers:
    """The database's speakers, with their aliases, that a text may mention.

    One instance serves a whole import run: for each text it asks the database only for the
    speakers whose name or alias occurs in it (index-sized ``IN`` queries on candidate word
    sequences), and caches what it loaded, up to ``max_cached`` speakers, so the cost is bounded
    by the text, never by the number of speakers in the database.

    Aliases are scoped: those without an outlet hold everywhere (descriptions such as "the
    ministry" never do); an outlet's aliases hold only for ``outlet_id``'s articles, a story's
    only for ``story_id``'s.

    Within the run, each candidate word sequence is looked up once (what it named, or that it
    named no one), and each outlet's aliases once: the names of a run's own new speakers are
    dropped from that memory by ``forget``, so the next texts find them; speakers or aliases an
    editor adds while the run goes on are seen by the next run.
    """

    def __init__(self, *, max_cached: int = 10_000, max_candidates: int = 200_000):
        self.max_cached = max_cached
        self.max_candidates = max_candidates
        self._by_id: dict[int, KnownSpeaker] = {}
        self._candidates: dict[str, tuple[int, ...]] = {}  # candidate -> speaker ids it names
        self._outlet_aliases: dict[int, list[tuple[int, str]]] = {}

    def forget(self, names: Iterable[str]) -> None:
        """Speakers called ``names`` were just created: look their names up again."""
        for name in names:
            self._candidates.pop(name.strip().lower(), None)
            self._candidates.pop(name.strip().casefold(), None)

    def for_text(
        self,
        text: str,
        *,
        outlet_id: int | None = None,
        story_id: int | None = None,
        candidates: Iterable[str] | None = None,
    ) -> tuple[KnownSpeaker, ...]:
        """The known speakers ``text`` may name. ``candidates``: its ``name_candidates``,
        when the caller has them already."""
        candidates = sorted(name_candidates(text) if candidates is None else candidates)
        unknown = [c for c in candidates if c not in self._candidates]
        if len(self._candidates) + len(unknown) > self.max_candidates:
            self._candidates.clear()
            unknown = candidates
        hits: dict[str, set[int]] = {c: set() for c in unknown}
        for i in range(0, len(unknown), _IN_CHUNK):
            chunk = unknown[i : i + _IN_CHUNK]
            for speaker_id, lname in (
                Speaker.objects.annotate(lname=Lower("name"))
                .filter(lname__in=chunk)
                .values_list("id", "lname")
            ):
                hits.setdefault(lname, set()).add(speaker_id)
            for speaker_id, alias, lalias in (
                SpeakerAlias.objects.annotate(lalias=Lower("alias"))
                .filter(lalias__in=chunk, outlet__isnull=True)
                .values_list("speaker_id", "alias", "lalias")
            ):
                if not is_description(alias):
                    hits.setdefault(lalias, set()).add(speaker_id)
        for candidate in unknown:
            self._candidates[candidate] = tuple(sorted(hits.get(candidate, ())))
        ids: set[int] = set()
        for candidate in candidates:
            ids.update(self._candidates.get(candidate, ()))
        scoped = self._scoped(set(candidates), outlet_id=outlet_id, story_id=story_id)
        ids.update(scoped)
        missing = ids - self._by_id.keys()
        if missing:
            if len(self._by_id) + len(missing) > self.max_cached:
                self._by_id.clear()
            everywhere = SpeakerAlias.objects.filter(outlet__isnull=True)
            for speaker in Speaker.objects.filter(id__in=missing).prefetch_related(
                Prefetch("aliases", queryset=everywhere)
            ):
                self._by_id[speaker.id] = KnownSpeaker(
                    name=speaker.name,
                    kind=speaker.kind,
                    aliases=tuple(
                        a.alias for a in speaker.aliases.all() if not is_description(a.alias)
                    ),
                    role=speaker.role,
                )
        known = []
        for speaker_id in sorted(ids):
            if speaker_id in self._by_id:
                speaker = self._by_id[speaker_id]
                extra = scoped.get(speaker_id)
                known.append(
                    replace(speaker, aliases=speaker.aliases + extra) if extra else speaker
                )
        return tuple(known)

    def _scoped(
        self, candidates: set[str], *, outlet_id: int | None, story_id: int | None
    ) -> dict[int, tuple[str, ...]]:
        """Aliases scoped to the article's outlet or story that occur in its text."""
        rows: list[tuple[int, str]] = []
        if outlet_id is not None:
            if outlet_id not in self._outlet_aliases:
                self._outlet_aliases[outlet_id] = list(
                    SpeakerAlias.objects.filter(outlet_id=outlet_id).values_list(
                        "speaker_id", "alias"
                    )
                )
            rows += self._outlet_aliases[outlet_id]
        if story_id is not None:
            rows += StorySpeakerAlias.objects.filter(story_id=story_id).values_list(
                "speaker_id", "alias"
            )
        found: dict[int, tuple[str, ...]] = {}
        for speaker_id, alias in rows:
            if alias.casefold() in candidates:
                found[speaker_id] = (*found.get(speaker_id, ()), alias)
        return found


def _outlet_names(names: set[str]) -> set[str]:
    """The casefolded ``names`` that are known outlets, by name or alias (two queries)."""
    lowered = [n.casefold() for n in names if n]
    if not lowered:
        return set()
    found = Outlet.objects.annotate(lname=Lower("name")).filter(lname__in=lowered)
    aliases = OutletAlias.objects.annotate(lalias=Lower("alias")).filter(lalias__in=lowered)
    return {n.casefold() for n in found.values_list("name", flat=True)} | {
        a.casefold() for a in aliases.values_list("alias", flat=True)
    }


class SpeakerResolver:
    """Speakers by name, for one import run: each name is looked up (or created) once, the
    names of one article together (``sources.services.speakers_get_or_create``).

    It may hold speakers created in a transaction that is later rolled back: whoever rolls
    back calls ``clear`` (``Ingestor`` does, after a failed item)."""

    def __init__(self, *, max_cached: int = 50_000):
        self.max_cached = max_cached
        self._by_key: dict[str, Speaker] = {}
        self._outlet: dict[str, bool] = {}  # casefolded name -> names a known outlet
        self.created: list[str] = []  # names of the speakers it created, until taken

    def clear(self) -> None:
        self._by_key.clear()
        self._outlet.clear()

    def outlet_names(self, names: set[str]) -> set[str]:
        """``_outlet_names``, asking the database only about names not seen in this run.
        Whoever creates or renames an outlet during the run calls ``clear``."""
        wanted = {n.casefold() for n in names if n}
        unknown = {n for n in wanted if n not in self._outlet}
        if unknown:
            if len(self._outlet) > self.max_cached:
                self._outlet.clear()
            found = _outlet_names(unknown)
            self._outlet.update((n, n in found) for n in unknown)
        return {n for n in wanted if self._outlet[n]}

    def resolve(self, wanted: list[tuple[str | None, str | None, str]]) -> dict[str, Speaker]:
        """Speakers for ``(name, kind, role)`` entries, by ``name.strip().casefold()``."""
        keys = {n.strip().casefold() for n, _, _ in wanted if n and n.strip()}
        missing = [w for w in wanted if w[0] and w[0].strip().casefold() not in self._by_key]
        if missing:
            if len(self._by_key) + len(missing) > self.max_cached:
                self._by_key.clear()
                missing = [w for w in wanted if w[0] and w[0].strip()]
            found = speakers_get_or_create(missing)
            self._by_key.update(found)
            self.created += [s.name for s in found.values() if getattr(s, "_just_created", 0)]
        return {k: self._by_key[k] for k in keys}
