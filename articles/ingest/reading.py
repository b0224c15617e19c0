"""Reading an article into rows: the engine's quotes, people and figures for one stored
article, with the speakers the database already knows passed to the engine.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from types import SimpleNamespace

from django.db import transaction
from django.db.models import Count
from django.utils import timezone

from articles import engine
from articles.core.bulk import dicts_create, dicts_insert, objs_create, objs_insert
from articles.core.history import CREATED, history_bulk, story_touch
from articles.core.prepared import prepared_update
from articles.engine.types import KnownSpeaker, Reading
from articles.ingest.speakers import (  # noqa: F401 (their home was here: callers import them)
    KnownSpeakers,
    SpeakerResolver,
    _outlet_names,
    name_candidates,
)
from articles.models import (
    Article,
    ArticlePerson,
    Attribution,
    Figure,
    Quote,
    QuoteAppearance,
    ReviewState,
)
from sources.models import Speaker

logger = logging.getLogger(__name__)


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
    # The speakers of the article's people in row order, when they were all just created
    # (a new article): placement needs them, and they need no query then.
    names: list[str] | None = None
    # The quotes this reading created, as stored: of a new article, all of its quotes, which
    # placement then moves into the story without looking them up.
    created_quotes: list[Quote] = field(default_factory=list)


def article_read(
    *,
    article: Article,
    reading: Reading | None = None,
    known: KnownSpeakers | Iterable[KnownSpeaker] | None = None,
    speakers: SpeakerResolver | None = None,
    new: bool = False,
) -> ReadResult:
    """Store what the engine finds in ``article``: its quotes (suggested for review), the
    people it names with their roles, and its figures. All or nothing.

    Reading again never loses an editor's work: appearances an editor approved, rejected or
    gave a speaker (``reviewed_at`` set) are kept as they are, and findings overlapping them
    are not suggested again; suggestions the engine still finds are refreshed; new findings are
    added as suggested; suggestions it no longer finds are removed. People are added (as
    suggested) or updated while still suggested, never removed (an editor may have added
    them); suggested figures follow the engine, approved or rejected ones stay as decided.

    New rows are written in bulk, a constant number of queries however many quotes the
    article has, with the history rows their ``save()`` would write and one touch of the
    story's update time (``articles.core.history``); rows already there (a reading again) are
    changed or removed one by one, through ``save()``/``delete()``. ``speakers`` shares the
    speaker look-ups of an import run; ``new`` says the article was just created and has no
    rows yet (spares the look-ups of existing rows).
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
    resolver = speakers if speakers is not None else SpeakerResolver()

    # A just-created article is read inside the transaction that created it, which fails as
    # a whole: no savepoint of its own then.
    with transaction.atomic(savepoint=not new):
        roles = {e.name.strip().casefold(): e.role for e in reading.entities}
        quotes = _plan_quotes(article, reading, result, new)
        people = _plan_people(article, reading, new, resolver)
        wanted = [
            (q.speaker, q.speaker_kind, roles.get((q.speaker or "").casefold(), ""))
            for q, _ in quotes[0]
        ] + [(e.name, e.kind, e.role) for e in people[0]]
        by_key = resolver.resolve(wanted)

        def speaker_for(name: str | None) -> Speaker | None:
            if not name or not name.strip():
                return None
            return by_key[name.strip().casefold()]

        created = _write_quotes(article, quotes, result, speaker_for)
        created += _write_people(article, people, result, speaker_for)
        created += _store_figures(article, reading, result, new)
        if created:
            story_touch(article.story_id)  # what the signals did for each new row in a story
        now = timezone.now()
        prepared_update(("article read",), _read_at, article.pk, now, counted=False)
        article.read_at = now
    return result


def _read_at(article_id: int, now):
    return Article.objects.filter(pk=article_id), {"read_at": now}


def _plan_quotes(article, reading, result, new: bool):
    """(the engine's quotes to store, each with its existing appearance or None; the existing
    appearances by span; the spans found)."""
    body_len = len(article.body)
    existing = (
        {}
        if new
        else {
            (a.start, a.end): a
            for a in QuoteAppearance.objects.filter(article=article).select_related("quote")
        }
    )
    decided = [a for a in existing.values() if _is_decided(a)]
    found: set[tuple[int, int]] = set()
    plan = []
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
        if q.speaker_kind == "people":
            # "the crowd chanted": people named only as a group are no one to look up or give
            # a page (one story's protesters are not another's); the wording keeps the words.
            q = replace(q, speaker=None, speaker_kind=None)
        plan.append((q, current))
    return plan, existing, found


def joined_statement(first: str, then: str) -> str:
    """One statement from two pieces an attribution split ("We worked together," Roe said.
    "The volunteers stayed."): the comma that led into the attribution ends the first
    sentence when the second piece starts one; otherwise the pieces run on as written."""
    first = first.rstrip()
    if first.endswith(",") and then[:1].isupper():
        first = first[:-1] + "."
    return f"{first} {then}"


def _write_quotes(article, planned, result, speaker_for) -> int:
    plan, existing, found = planned
    new_quotes: list[Quote] = []
    new_appearances: list[tuple[Quote, dict]] = []
    previous: Quote | None = None  # the statement a continuation carries on
    for q, current in plan:
        speaker = speaker_for(q.speaker)
        speaker_id = speaker.pk if speaker else None
        fields = {
            "text": q.text,
            "cue": (q.cue or "")[:100],
            "speaker_mention": (q.speaker_mention or "")[:300],
            "continues": q.continues,
        }
        if current is None:
            if q.continues and previous is not None and previous.speaker_id == speaker_id:
                # One statement split by its attribution ("A," he said. "B."): one quote.
                quote = previous
                quote.text = joined_statement(quote.text, q.text)
                if quote.pk is not None:  # a stored quote (a reading again)
                    quote.save(update_fields=["text", "updated_at"])
            else:
                quote = Quote(story=article.story, speaker=speaker, text=q.text)
                new_quotes.append(quote)
            row = {"article_id": article.pk, "start": q.start, "end": q.end, **fields}
            row |= {"match": QuoteAppearance.Match.ORIGINAL, "review_state": ReviewState.SUGGESTED}
            new_appearances.append((quote, row))  # (a new row's values: no instance needed)
            result.added += 1
            previous = quote
        else:
            changed = [k for k, v in fields.items() if getattr(current, k) != v]
            for k in changed:
                setattr(current, k, fields[k])
            if changed:
                current.save(update_fields=changed)
            quote = current.quote
            if quote.speaker_id != speaker_id:
                if quote.appearances.count() == 1:  # never re-attribute other outlets' words
                    quote.speaker, quote.text = speaker, q.text
                    quote.save(update_fields=["speaker", "text", "updated_at"])
            result.updated += 1
            previous = quote
    if new_quotes:
        objs_create(Quote, new_quotes)
        history_bulk(Quote, new_quotes, CREATED)
        result.created_quotes = new_quotes
    if new_appearances:
        rows = [{"quote_id": quote.pk, **row} for quote, row in new_appearances]
        dicts_create(QuoteAppearance, rows)
        history_bulk(QuoteAppearance, [SimpleNamespace(**row) for row in rows], CREATED)
    result.quotes = len(found)
    stale = [a for span, a in existing.items() if span not in found and not _is_decided(a)]
    for appearance in stale:
        quote_id = appearance.quote_id
        appearance.delete()
        Quote.objects.filter(pk=quote_id).annotate(n=Count("appearances")).filter(n=0).delete()
        result.removed += 1
    result.kept += sum(1 for span, a in existing.items() if span not in found and _is_decided(a))
    return len(new_appearances)


def _is_decided(appearance: QuoteAppearance) -> bool:
    return appearance.review_state != ReviewState.SUGGESTED or appearance.reviewed_at is not None


def _plan_people(article, reading, new: bool, resolver: SpeakerResolver):
    """(the entities that are people or organisations in the story, the existing rows)."""
    rows: dict[int, ArticlePerson] = (
        {} if new else {p.speaker_id: p for p in ArticlePerson.objects.filter(article=article)}
    )
    outlets = resolver.outlet_names({e.name for e in reading.entities})
    entities = [
        e
        for e in reading.entities
        # A publisher named in the text is coverage, not a person in the story.
        if not (getattr(e, "is_outlet", False) or e.name.casefold() in outlets)
    ]
    return entities, rows


def _write_people(article, planned, result, speaker_for) -> int:
    entities, rows = planned
    new: dict[int, ArticlePerson] = {}
    for entity in entities:
        speaker = speaker_for(entity.name)
        if speaker is None:
            continue
        mentions = list(dict.fromkeys(entity.mentions))
        person = rows.get(speaker.pk)
        if person is None:
            rows[speaker.pk] = new[speaker.pk] = ArticlePerson(
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
                if person.pk is not None:  # a stored row; a new one is written below
                    person.save(update_fields=["role", "mentions"])
        result.people += 1
    if new:
        objs_insert(ArticlePerson, list(new.values()))
    if len(new) == len(rows):  # every row is new: their order is the order created
        result.names = [p.speaker.name for p in new.values()]
    return len(new)


def _store_figures(article, reading, result, new: bool) -> int:
    body_len = len(article.body)
    existing = {} if new else {(f.start, f.end): f for f in Figure.objects.filter(article=article)}
    seen = set()
    created: list[dict] = []
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
            "year": fig.year[:4],
            "low": fig.low,
            "event": fig.event[:30],
        }
        row = existing.get(span)
        if row is None:  # (a new row's values: no instance needed to write it)
            created.append(
                {
                    "article_id": article.pk,
                    "start": fig.start,
                    "end": fig.end,
                    "review_state": ReviewState.SUGGESTED,
                    **values,
                }
            )
        elif row.review_state != ReviewState.SUGGESTED:
            continue  # an editor's decision stands
        elif any(getattr(row, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(row, k, v)
            row.save()
    if created:
        dicts_insert(Figure, created)
    stale = [
        f.pk
        for span, f in existing.items()
        if span not in seen and f.review_state == ReviewState.SUGGESTED
    ]
    if stale:
        Figure.objects.filter(pk__in=stale).delete()
    result.figures = len(seen)
    return len(created)


def article_body_changed(*, article: Article, before: str) -> ReadResult:
    """An editor changed ``article``'s text (from ``before``): what was found in the old text
    must not outlive it. Each finding whose words are still in the text, at its place or
    moved (found once elsewhere), keeps its decision, its span following the words; one whose
    words are gone loses it (an editor ruled on words no longer there) and goes, as every
    stale suggestion does, when the article is read again here. A person named in the article
    whom the new text no longer names waits for an editor again; evidence passages taken
    from the old text go, or, an editor's, wait for review. All or nothing."""
    body = article.body
    if body == before:
        return ReadResult()

    def follow(row, text: str) -> bool:
        """Whether ``text`` is still in the body (``row``'s span moved to it if needed)."""
        if body[row.start : row.end] == text:
            return True
        at = body.find(text) if text else -1
        if at < 0 or body.find(text, at + 1) >= 0:
            return False
        row.start, row.end = at, at + len(text)
        row.save(update_fields=["start", "end"])
        return True

    with transaction.atomic():
        for appearance in QuoteAppearance.objects.filter(article=article):
            if not follow(appearance, appearance.text) and _is_decided(appearance):
                appearance.review_state = ReviewState.SUGGESTED
                appearance.reviewed_at = None
                appearance.save(update_fields=["review_state", "reviewed_at"])
        for figure in Figure.objects.filter(article=article):
            if not follow(figure, figure.text) and figure.review_state != ReviewState.SUGGESTED:
                figure.review_state = ReviewState.SUGGESTED
                figure.save(update_fields=["review_state"])
        for person in ArticlePerson.objects.filter(article=article).exclude(
            review_state=ReviewState.SUGGESTED
        ):
            if person.mentions and not any(m in body for m in person.mentions):
                person.review_state = ReviewState.SUGGESTED
                person.save(update_fields=["review_state"])
        for evidence in Attribution.objects.filter(article=article).exclude(passage=""):
            if evidence.start is not None and follow(evidence, evidence.passage):
                continue
            if evidence.start is None and evidence.passage in body:
                continue
            if evidence.origin == Attribution.Origin.ENGINE:
                evidence.delete()
            elif evidence.review_state != ReviewState.SUGGESTED:
                evidence.review_state = ReviewState.SUGGESTED
                evidence.save(update_fields=["review_state"])
        return article_read(article=article)
