"""Reading an article into rows: the engine's quotes, people and figures for one stored
article, with the speakers the database already knows passed to the engine.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from django.db import transaction
from django.db.models import Count, Prefetch
from django.db.models.functions import Lower
from django.utils import timezone

from articles import engine
from articles.engine.types import KnownSpeaker, Reading
from articles.models import (
    Article,
    ArticlePerson,
    Figure,
    Quote,
    QuoteAppearance,
    ReviewState,
    StorySpeakerAlias,
)
from sources.models import Outlet, OutletAlias, Speaker, SpeakerAlias, is_description
from sources.services import speaker_get_or_create

logger = logging.getLogger(__name__)


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
    """

    def __init__(self, *, max_cached: int = 10_000):
        self.max_cached = max_cached
        self._by_id: dict[int, KnownSpeaker] = {}

    def for_text(
        self, text: str, *, outlet_id: int | None = None, story_id: int | None = None
    ) -> tuple[KnownSpeaker, ...]:
        candidates = sorted(name_candidates(text))
        ids: set[int] = set()
        for i in range(0, len(candidates), _IN_CHUNK):
            chunk = candidates[i : i + _IN_CHUNK]
            ids.update(
                Speaker.objects.annotate(lname=Lower("name"))
                .filter(lname__in=chunk)
                .values_list("id", flat=True)
            )
            ids.update(
                speaker_id
                for speaker_id, alias in SpeakerAlias.objects.annotate(lalias=Lower("alias"))
                .filter(lalias__in=chunk, outlet__isnull=True)
                .values_list("speaker_id", "alias")
                if not is_description(alias)
            )
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

    @staticmethod
    def _scoped(
        candidates: set[str], *, outlet_id: int | None, story_id: int | None
    ) -> dict[int, tuple[str, ...]]:
        """Aliases scoped to the article's outlet or story that occur in its text."""
        rows: list[tuple[int, str]] = []
        if outlet_id is not None:
            rows += SpeakerAlias.objects.filter(outlet_id=outlet_id).values_list(
                "speaker_id", "alias"
            )
        if story_id is not None:
            rows += StorySpeakerAlias.objects.filter(story_id=story_id).values_list(
                "speaker_id", "alias"
            )
        found: dict[int, tuple[str, ...]] = {}
        for speaker_id, alias in rows:
            if alias.casefold() in candidates:
                found[speaker_id] = (*found.get(speaker_id, ()), alias)
        return found


def read_text(*, text: str, known: Iterable[KnownSpeaker] = ()) -> Reading:
    """Run the reading engine (no database)."""
    return engine.read_article(text, known=tuple(known))


# --- reading an article --------------------------------------------------------------------


@dataclass
class ReadResult:
    quotes: int = 0  # appearances the engine found in the article
    added: int = 0  # new suggestions stored
    updated: int = 0  # suggestions refreshed in place
    kept: int = 0  # editors' decisions left as they were
    removed: int = 0  # stale suggestions removed
    people: int = 0
    figures: int = 0
    warnings: tuple[str, ...] = ()


def article_read(
    *,
    article: Article,
    reading: Reading | None = None,
    known: KnownSpeakers | Iterable[KnownSpeaker] | None = None,
) -> ReadResult:
    """Store what the engine finds in ``article``: its quotes (suggested for review), the
    people it names with their roles, and its figures. All or nothing.

    Reading again never loses an editor's work: appearances an editor approved, rejected or
    gave a speaker (``reviewed_at`` set) are kept as they are, and findings overlapping them
    are not suggested again; suggestions the engine still finds are refreshed; new findings are
    added as suggested; suggestions it no longer finds are removed. People are added (as
    suggested) or updated while still suggested, never removed (an editor may have added
    them); suggested figures follow the engine, approved or rejected ones stay as decided.
    """
    if reading is None:
        if known is None:
            known = KnownSpeakers()
        if isinstance(known, KnownSpeakers):
            known = known.for_text(
                article.body, outlet_id=article.outlet_id, story_id=article.story_id
            )
        reading = read_text(text=article.body, known=known)
    result = ReadResult(warnings=tuple(reading.warnings))
    speakers: dict[str, Speaker] = {}

    def speaker_for(name: str | None, kind: str | None, role: str = "") -> Speaker | None:
        if not name or not name.strip():
            return None
        key = name.strip().casefold()
        if key not in speakers:
            speakers[key] = speaker_get_or_create(name=name, kind=kind, role=role)
        return speakers[key]

    with transaction.atomic():
        roles = {e.name.strip().casefold(): e.role for e in reading.entities}
        _store_quotes(article, reading, result, speaker_for, roles)
        _store_people(article, reading, result, speaker_for)
        _store_figures(article, reading, result)
        now = timezone.now()
        Article.objects.filter(pk=article.pk).update(read_at=now)
        article.read_at = now
    return result


def _store_quotes(article, reading, result, speaker_for, roles) -> None:
    body_len = len(article.body)
    existing = {
        (a.start, a.end): a
        for a in QuoteAppearance.objects.filter(article=article).select_related("quote")
    }
    decided = [a for a in existing.values() if _is_decided(a)]
    found: set[tuple[int, int]] = set()
    previous: Quote | None = None  # the statement a continuation carries on
    for q in reading.quotes:
        span = (q.start, q.end)
        if not (0 <= q.start < q.end <= body_len) or span in found:
            continue  # a span outside the body, or one already seen, cannot be stored
        found.add(span)
        current = existing.get(span)
        if current is not None and _is_decided(current):
            result.kept += 1
            continue
        if current is None and any(a.start < q.end and q.start < a.end for a in decided):
            continue  # an editor has already ruled on these words
        speaker = speaker_for(
            q.speaker, q.speaker_kind, roles.get((q.speaker or "").casefold(), "")
        )
        fields = {
            "text": q.text,
            "cue": (q.cue or "")[:100],
            "speaker_mention": (q.speaker_mention or "")[:300],
            "continues": q.continues,
        }
        if current is None:
            if q.continues and previous is not None and previous.speaker == speaker:
                # One statement split by its attribution ("A," he said. "B."): one quote.
                quote = previous
                quote.text = f"{quote.text} {q.text}"
                quote.save(update_fields=["text", "updated_at"])
            else:
                quote = Quote.objects.create(story=article.story, speaker=speaker, text=q.text)
            QuoteAppearance.objects.create(
                quote=quote,
                article=article,
                start=q.start,
                end=q.end,
                match=QuoteAppearance.Match.ORIGINAL,
                review_state=ReviewState.SUGGESTED,
                **fields,
            )
            result.added += 1
            previous = quote
        else:
            changed = [k for k, v in fields.items() if getattr(current, k) != v]
            for k in changed:
                setattr(current, k, fields[k])
            if changed:
                current.save(update_fields=changed)
            quote = current.quote
            if quote.speaker_id != (speaker.pk if speaker else None):
                if quote.appearances.count() == 1:  # never re-attribute other outlets' words
                    quote.speaker, quote.text = speaker, q.text
                    quote.save(update_fields=["speaker", "text", "updated_at"])
            result.updated += 1
            previous = quote
    result.quotes = len(found)
    stale = [a for span, a in existing.items() if span not in found and not _is_decided(a)]
    for appearance in stale:
        quote_id = appearance.quote_id
        appearance.delete()
        Quote.objects.filter(pk=quote_id).annotate(n=Count("appearances")).filter(n=0).delete()
        result.removed += 1
    result.kept += sum(1 for span, a in existing.items() if span not in found and _is_decided(a))


def _is_decided(appearance: QuoteAppearance) -> bool:
    return appearance.review_state != ReviewState.SUGGESTED or appearance.reviewed_at is not None


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


def _store_people(article, reading, result, speaker_for) -> None:
    rows: dict[int, ArticlePerson] = {
        p.speaker_id: p for p in ArticlePerson.objects.filter(article=article)
    }
    outlets = _outlet_names({e.name for e in reading.entities})
    for entity in reading.entities:
        if getattr(entity, "is_outlet", False) or entity.name.casefold() in outlets:
            continue  # a publisher named in the text is coverage, not a person in the story
        speaker = speaker_for(entity.name, entity.kind, entity.role)
        if speaker is None:
            continue
        mentions = list(dict.fromkeys(entity.mentions))
        person = rows.get(speaker.pk)
        if person is None:
            rows[speaker.pk] = ArticlePerson.objects.create(
                article=article,
                speaker=speaker,
                role=entity.role[:300],
                mentions=mentions,
                review_state=ReviewState.SUGGESTED,
            )
        elif person.review_state == ReviewState.SUGGESTED:
            role = person.role or entity.role[:300]
            merged = list(dict.fromkeys([*person.mentions, *mentions]))
            if (role, merged) != (person.role, person.mentions):
                person.role, person.mentions = role, merged
                person.save(update_fields=["role", "mentions"])
        result.people += 1


def _store_figures(article, reading, result) -> None:
    body_len = len(article.body)
    existing = {(f.start, f.end): f for f in Figure.objects.filter(article=article)}
    seen = set()
    for fig in reading.figures:
        span = (fig.start, fig.end)
        if not (0 <= fig.start < fig.end <= body_len) or span in seen:
            continue
        seen.add(span)
        values = {
            "text": fig.text[:500],
            "value": fig.value,
            "unit": fig.unit[:100],
            "per": fig.per[:50],
            "period": fig.period[:100],
            "qualifier": fig.qualifier[:50],
            "kind": fig.kind[:30],
        }
        row = existing.get(span)
        if row is None:
            Figure.objects.create(
                article=article,
                start=fig.start,
                end=fig.end,
                review_state=ReviewState.SUGGESTED,
                **values,
            )
        elif row.review_state != ReviewState.SUGGESTED:
            continue  # an editor's decision stands
        elif any(getattr(row, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(row, k, v)
            row.save()
    stale = [
        f.pk
        for span, f in existing.items()
        if span not in seen and f.review_state == ReviewState.SUGGESTED
    ]
    if stale:
        Figure.objects.filter(pk__in=stale).delete()
    result.figures = len(seen)
