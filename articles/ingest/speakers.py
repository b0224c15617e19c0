"""Who a text may name: the database's speakers that an article's words mention (for the
reading engine), and the speakers and outlets an import run has looked up (for storing).

Split from ``articles.ingest.reading``, which imports these names from here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from django.db.models.functions import Lower

from articles.core.prepared import prepared_objects, prepared_values_list
from articles.engine.types import KnownSpeaker
from articles.models import StorySpeakerAlias
from sources.models import Outlet, OutletAlias, Speaker, SpeakerAlias, is_description
from sources.services import speakers_get_or_create, speakers_named

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
        t.rstrip(".’'").removesuffix("’s").removesuffix("'s") for t in _TOKEN_RE.findall(text)
    ]
    lows = [t.lower() for t in tokens]  # a phrase's lower case is its words' lower cases
    connectors = _CONNECTORS
    out: set[str] = set()
    for i, first in enumerate(tokens):
        if not first:
            continue
        description = lows[i] == "the"  # "the ministry", "the Department of ..."
        if not (description or first[0].isupper()):
            continue
        phrase = ""
        n = 0  # words in the phrase
        for j in range(i, min(len(tokens), i + (4 if description else _MAX_NGRAM))):
            word, low = tokens[j], lows[j]
            if not word or not (word[0].isupper() or low in connectors or (description and n < 3)):
                break
            phrase = f"{phrase} {low}" if n else low
            n += 1
            if n > 1 or low not in connectors:
                out.add(phrase)
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

    A run that reads more than one text loads, at its second text, every name and global alias
    once (two queries, the names lower-cased by the database as the look-ups compare them), as
    long as there are at most ``max_index`` of them: each text then costs no query at all but
    for the names ``forget`` marked, looked up again when a text has them. A run of one text,
    or a database with more names than that, looks each text's candidates up as above.
    """

    def __init__(
        self, *, max_cached: int = 10_000, max_candidates: int = 200_000, max_index: int = 100_000
    ):
        self.max_cached = max_cached
        self.max_candidates = max_candidates
        self.max_index = max_index
        self._by_id: dict[int, KnownSpeaker] = {}
        self._candidates: dict[str, tuple[int, ...]] = {}  # candidate -> speaker ids it names
        self._outlet_aliases: dict[int, list[tuple[int, str]]] = {}
        self._texts = 0  # texts read so far in this run
        # Every lower-cased name and global alias -> the speaker ids it names, once loaded
        # (``_load_index``); ``_stale``: names ``forget`` marked since, to look up again.
        self._index: dict[str, tuple[int, ...]] | None = None
        self._index_failed = False  # more names than ``max_index``: never load it this run
        self._stale: set[str] = set()

    def forget(self, names: Iterable[str]) -> None:
        """Speakers called ``names`` were just created: look their names up again."""
        for name in names:
            for key in (name.strip().lower(), name.strip().casefold()):
                self._candidates.pop(key, None)
                if self._index is not None:
                    self._stale.add(key)

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
        if self._texts and self._index is None and not self._index_failed:
            self._load_index()
        self._texts += 1
        ids: set[int] = set()
        if self._index is not None:
            index = self._index
            stale = [c for c in candidates if c in self._stale]
            if stale:
                hits = _lookup(stale)
                for candidate in stale:
                    index[candidate] = tuple(sorted(hits.get(candidate, ())))
                self._stale.difference_update(stale)
            for candidate in candidates:
                found = index.get(candidate)
                if found:
                    ids.update(found)
        else:
            unknown = [c for c in candidates if c not in self._candidates]
            if len(self._candidates) + len(unknown) > self.max_candidates:
                self._candidates.clear()
                unknown = candidates
            hits = _lookup(unknown)
            for candidate in unknown:
                self._candidates[candidate] = tuple(sorted(hits.get(candidate, ())))
            for candidate in candidates:
                ids.update(self._candidates.get(candidate, ()))
        scoped = self._scoped(set(candidates), outlet_id=outlet_id, story_id=story_id)
        ids.update(scoped)
        missing = ids - self._by_id.keys()
        if missing:
            if len(self._by_id) + len(missing) > self.max_cached:
                self._by_id.clear()
            # Their rows and global aliases (in the aliases' order), by queries compiled once
            # for each number of speakers.
            wanted = sorted(missing)
            key = len(wanted)
            aliases: dict[int, list[str]] = {}
            for speaker_id, alias in prepared_values_list(
                ("speaker aliases", key), _aliases, *wanted
            ):
                if not is_description(alias):
                    aliases.setdefault(speaker_id, []).append(alias)
            for speaker_id, name, kind, role in prepared_values_list(
                ("speakers", key), _speakers, *wanted
            ):
                self._by_id[speaker_id] = KnownSpeaker(
                    name=name, kind=kind, aliases=tuple(aliases.get(speaker_id, ())), role=role
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

    def _load_index(self) -> None:
        """Every speaker's lower-cased name and global name-form alias, at most
        ``max_index`` of them (else the run goes on looking each text's names up)."""
        limit = self.max_index + 1
        names = list(
            Speaker.objects.annotate(lname=Lower("name")).values_list("id", "lname")[:limit]
        )
        aliases = list(
            SpeakerAlias.objects.filter(outlet__isnull=True)
            .annotate(lalias=Lower("alias"))
            .values_list("speaker_id", "alias", "lalias")[:limit]
        )
        if len(names) + len(aliases) > self.max_index:
            self._index_failed = True
            return
        hits: dict[str, set[int]] = {}
        for speaker_id, lname in names:
            hits.setdefault(lname, set()).add(speaker_id)
        for speaker_id, alias, lalias in aliases:
            if not is_description(alias):
                hits.setdefault(lalias, set()).add(speaker_id)
        self._index = {name: tuple(sorted(ids)) for name, ids in hits.items()}
        self._candidates.clear()

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


def _speakers(*ids: int):
    return Speaker.objects.filter(id__in=ids).values_list("id", "name", "kind", "role")


def _aliases(*ids: int):
    rows = SpeakerAlias.objects.filter(outlet__isnull=True, speaker_id__in=ids)
    return rows.order_by(*SpeakerAlias._meta.ordering).values_list("speaker_id", "alias")


def _lookup(candidates: list[str]) -> dict[str, set[int]]:
    """The speaker ids each of ``candidates`` names, by name or global name-form alias
    (compared lower-cased by the database), in index-sized ``IN`` queries."""
    hits: dict[str, set[int]] = {}
    for i in range(0, len(candidates), _IN_CHUNK):
        chunk = candidates[i : i + _IN_CHUNK]
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
    return hits


def _speakers_named(names: list[str], lowered: list[str]) -> list[Speaker]:
    """``speakers_named`` from its SQL compiled once for each number of names."""
    split = len(names)
    return prepared_objects(
        ("speakers named", split, len(lowered)),
        lambda *values: speakers_named(list(values[:split]), list(values[split:])),
        *names,
        *lowered,
    )


def _outlet_names(names: set[str]) -> set[str]:
    """The casefolded ``names`` that are known outlets, by name or alias (one query)."""
    lowered = [n.casefold() for n in names if n]
    if not lowered:
        return set()
    found = prepared_values_list(("outlet names", len(lowered)), _outlets_named, *lowered)
    return {n.casefold() for (n,) in found}


def _outlets_named(*lowered: str):
    """The outlets' names and aliases among ``lowered`` (lower-cased as the database does)."""
    named = Outlet.objects.annotate(lname=Lower("name")).filter(lname__in=lowered)
    aliased = OutletAlias.objects.annotate(lalias=Lower("alias")).filter(lalias__in=lowered)
    return (
        named.order_by()
        .values_list("name")
        .union(aliased.order_by().values_list("alias"), all=True)
    )


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
            found = speakers_get_or_create(missing, named=_speakers_named)
            self._by_key.update(found)
            self.created += [s.name for s in found.values() if getattr(s, "_just_created", 0)]
        return {k: self._by_key[k] for k in keys}
