"""Direct quotations: find quoted spans, keep the ones that are speech, attribute them.

Quoted spans are paired per paragraph ( “ ”, " ", « », „ “, ‹ › ); a paragraph that opens a
quote without closing it continues into the next paragraph when that one opens with a quote
mark again (news style). Single quotes (‘ ’ and ') count only in the unambiguous UK-style
shape: opening after a space, closing after punctuation. Scare quotes, titles and nicknames are
dropped: a span is speech when it has a reporting cue next to it, continues an attributed
quote, or reads as a sentence on its own.

HTML entities (``&quot;``, ``&#8220;``) are not quote marks here: offsets must index the text
as given, and a six-character mark would break that. Callers decode entities (``html.unescape``)
before reading; undecoded remnants are harmless but their quotes are not found.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass

from articles.engine import lexicon as lx
from articles.engine.aliases import AliasIndex
from articles.engine.cues import Attribution, find_after, find_before, find_lead_in, with_partner
from articles.engine.entities import Registry, build_registry
from articles.engine.speakers import Resolver
from articles.engine.text import Layout, build_layout, occurrences, paragraph_spans
from articles.engine.types import KnownSpeaker, Quote, new_quote

_MARKS = re.compile(r"[“”„«»‹›\"]")
# A single mark opening a quote: at a line's start or after a space, bracket or dash. Written
# mark first (then what is before it) so that the search jumps from mark to mark.
_SINGLE_OPEN = re.compile(r"[‘'](?<=(?<![^\s(\[—–])[‘'])(?=[^\W_])")
_SINGLE_CLOSE = re.compile(
    r"[’'](?:(?<=[,.!?…—–][’'])(?=[\s)\]]|$)"
    # UK partial quotes close before the punctuation: ‘the conscience of the place’.
    r"|(?<=[^\W\d_][’'])(?=[.,;:!?)](?:\s|$)))"
)
# A one-to-four word single-quoted phrase closed mid-sentence, before a lower-case word.
_SHORT_SINGLE = re.compile(r"(?:[^\W\d_][\w\-]*[ \t]+){0,3}[^\W\d_][\w\-]*[’'](?=[ \t]+[a-z])")
_CLOSERS = {"“": "”", "„": "“”", "«": "»", "‹": "›", '"': '"”', "”": "”"}
# Words that introduce a name or a scare quote rather than speech ("the so-called “plan”"),
# with up to three plain words between them and the quote ("calls the new policy “...”").
_SCARE_ONE = frozenset(
    """so-called called calling calls dubbed labeled labelled termed nicknamed titled entitled
    named slogan headlined marked flagged classified designated""".split()
)
_SCARE_TWO = frozenset({"known as", "the word", "the words", "the phrase", "the term"})
_CHARACTERISE = frozenset({"called", "calls", "described", "describes"})
_PLAIN_WORD = re.compile(r"[\w’'\-]+")


def _scare_before(before: str) -> bool:
    """Does ``before`` end with a naming word and at most three plain words?"""
    words = before.split()[-6:]
    n = len(words)
    for i in range(n - 1, max(-1, n - 5), -1):
        w = words[i]
        low = w.lower().lstrip("(“\"‘'")
        if low in _SCARE_ONE or i > 0 and f"{words[i - 1].lower()} {low}" in _SCARE_TWO:
            return True
        if not _PLAIN_WORD.fullmatch(w):
            return False
    return False


_END_PUNCT = ".,!?…:;—–-"


@dataclass(slots=True)
class _Span:
    open: int  # index of the opening mark
    close: int  # index of the closing mark (paragraph end when it runs on)
    start: int  # text offsets without marks and surrounding spaces
    end: int
    para: int
    single: bool = False
    runs_on: bool = False  # opened and not closed: continues in the next paragraph
    continued: bool = False  # opens a paragraph that continues the previous quote


def _strip(text: str, s: int, e: int) -> tuple[int, int]:
    while s < e and text[s].isspace():
        s += 1
    while e > s and text[e - 1].isspace():
        e -= 1
    return s, e


def _opens_ok(text: str, i: int, pe: int) -> bool:
    return i + 1 < pe and not text[i + 1].isspace()


def _scan_paragraph(
    text: str, ps: int, pe: int, para: int, out: list[_Span], marks: list[int]
) -> _Span | None:
    """Pair double quote marks in one paragraph; return a span left open at its end.

    ``marks`` are where the text has a character of ``_MARKS``."""
    open_at = -1
    mark = ""
    k = bisect_left(marks, ps)
    n_marks = len(marks)
    while k < n_marks and marks[k] < pe:
        i = marks[k]
        k += 1
        ch = text[i]
        if open_at < 0:
            if ch in "“„«‹" or ch == '"' and _opens_ok(text, i, pe):
                open_at, mark = i, ch
            elif ch == "”" and (i == ps or text[i - 1].isspace()) and _opens_ok(text, i, pe):
                open_at, mark = i, ch  # a wrongly curled opener
            continue
        closers = _CLOSERS[mark]
        if (
            mark == "“"
            and ch == '"'
            and not text[i - 1].isspace()
            and (i + 1 >= pe or not text[i + 1].isalnum())
        ):
            closers = '"'  # “...," Roe said: a straight mark closing a curly one
        if ch in closers and not (mark == "“" and ch == "“"):
            s, e = _strip(text, open_at + 1, i)
            if s < e:
                out.append(_Span(open_at, i, s, e, para))
            open_at = -1
        elif mark == "“" and ch == "“":
            prev_space = text[i - 1].isspace()
            if not prev_space and (i + 1 >= pe or not text[i + 1].isalnum()):
                s, e = _strip(text, open_at + 1, i)  # “...“ used as a closer
                if s < e:
                    out.append(_Span(open_at, i, s, e, para))
                open_at = -1
            else:
                open_at = i  # the earlier opener was never closed
    if open_at >= 0:
        s, e = _strip(text, open_at + 1, pe)
        if s < e:
            return _Span(open_at, pe, s, e, para, runs_on=True)
    return None


def _scan_single(
    text: str, ps: int, pe: int, para: int, taken: list[_Span], out: list[_Span]
) -> set[int]:
    """UK single quotes; returns the opens of double-quoted spans nested inside them."""
    nested: set[int] = set()
    for om in _SINGLE_OPEN.finditer(text, ps, pe):
        o = om.start()
        if any(sp.open <= o <= sp.close for sp in taken):
            continue
        cm = _SINGLE_CLOSE.search(text, o + 1, pe)
        short = _SHORT_SINGLE.match(text, o + 1, pe)
        if short and text[o + 1].islower() and (not cm or cm.start() > short.end() - 1):
            c = short.end() - 1  # ‘still fighting’ for the cap: closed before a plain word
        elif cm:
            c = cm.start()
        else:
            continue
        inner = text[o + 1 : c]
        inside = [sp for sp in taken if o < sp.open < c]
        if not inner.strip():
            continue
        if inside or _MARKS.search(inner):
            # ‘He said “give us your bag” and I said no.’: double quotes nested in speech.
            if text[c - 1] not in ",.!?…—–" or any(sp.close > c for sp in inside):
                continue
            nested.update(sp.open for sp in inside)
        s, e = _strip(text, o + 1, c)
        out.append(_Span(o, c, s, e, para, single=True))
    return nested


def find_spans(text: str, paragraphs: list[tuple[int, int]] | None = None) -> list[_Span]:
    """All quoted spans, in text order (not yet judged as speech)."""
    spans: list[_Span] = []
    if paragraphs is None:
        paragraphs = paragraph_spans(text)
    pending: _Span | None = None
    marks = occurrences(text, '“”„«»‹›"')  # where a character of ``_MARKS`` is
    for idx, (ps, pe) in enumerate(paragraphs):
        first_len = len(spans)
        left_open = _scan_paragraph(text, ps, pe, idx, spans, marks)
        opens_with_mark = text[ps] in '“„«"'
        if pending is not None and opens_with_mark:
            spans.insert(first_len, pending)  # keep order: pending precedes this paragraph
            first_len += 1
            if len(spans) > first_len and spans[first_len].open == ps:
                spans[first_len].continued = True
            elif left_open is not None and left_open.open == ps:
                left_open.continued = True
        pending = left_open
        # Two apostrophes ('') stand for a double quote mark in some wire and archive text;
        # a single apostrophe pair in such a paragraph is a quote within that quote.
        if (text.find("‘", ps, pe) >= 0 or text.find("'", ps, pe) >= 0) and text.find(
            "''", ps, pe
        ) < 0:
            para_spans = spans[first_len:]  # (this paragraph's: the last ones found)
            extra: list[_Span] = []
            nested = _scan_single(text, ps, pe, idx, para_spans, extra)
            if nested:
                spans[:] = [sp for sp in spans if sp.para != idx or sp.open not in nested]
            if extra:
                spans.extend(extra)
                spans.sort(key=lambda sp: sp.open)
    _single_runs(text, paragraphs, spans)
    return spans


def _single_runs(text: str, paragraphs: list[tuple[int, int]], spans: list[_Span]) -> None:
    """‘...  ‘...  ‘...’: a paragraph opening a single quote it never closes continues in the
    next paragraph when that one opens with the same mark (UK style, like double quotes)."""
    opens = {sp.open: sp for sp in spans}
    added = False
    prev_runs = False
    for idx, (ps, pe) in enumerate(paragraphs):
        here = opens.get(ps)
        if prev_runs and here is not None and here.single:
            here.continued = True
        prev_runs = False
        if here is not None or text[ps] not in "‘'" or idx + 1 >= len(paragraphs):
            continue
        if text.startswith("''", ps):
            continue  # two apostrophes: a double quote mark, not a single one
        nps = paragraphs[idx + 1][0]
        if text[nps] != text[ps] or not _opens_ok(text, ps, pe):
            continue
        if any(sp.open < ps <= sp.close for sp in spans):
            continue
        s, e = _strip(text, ps + 1, pe)
        if len(text[s:e].split()) < 3:
            continue
        sp = _Span(ps, pe, s, e, idx, single=True, runs_on=True, continued=prev_runs)
        spans.append(sp)
        opens[ps] = sp
        added = prev_runs = True
    if added:
        spans.sort(key=lambda sp: sp.open)


def _colon_before(text: str, open_pos: int) -> int:
    """Index of a colon right before the opening mark (across a paragraph break), or -1."""
    lo = max(0, open_pos - 8)
    pre = text[lo:open_pos].rstrip(" \t\u00a0")
    if pre.endswith(":"):
        return lo + len(pre) - 1
    if not pre.endswith("\n"):
        return -1
    pre = pre.rstrip()
    return lo + len(pre) - 1 if pre.endswith(":") else -1


_NEXT_WORD = re.compile(r"[^\W\d_][\w’']*")
_TITLE_SMALL = frozenset("of the a an and in on to for at with is from by vs vs. versus".split())


def _is_title_like(words: list[str], longest: int = 8) -> bool:
    if len(words) < 2 or len(words) > longest:
        return False
    if words[-1][-1:] in ".!?":
        return False
    if any(w[-1:] == "." and len(w) > 4 for w in words[:-1]):
        return False  # “Like Brenmoor. Or Quillhaven,”: sentences, not a title
    # Every word capitalised (or not starting with a letter), or a small lower-case word.
    caps = 0
    for w in words:
        first = w[:1]
        if first.isupper() or not first.isalpha():
            caps += 1
        elif not (first.islower() and w in _TITLE_SMALL):
            return False
    return words[0][:1].isupper() and caps >= 2


# Words that put a name of a show, book or film right after them: "said on “Meet the
# Press.”", "NBC's “This Week,”", "the documentary “Harbour Lights.”".
_TITLE_LEAD = frozenset(
    "on in of with titled entitled called memoir book film movie documentary show podcast "
    "program programme series column novel album song epic thriller drama comedy musical "
    "sitcom opera play single track poem essay".split()
)
# `“The Harbour at Night,” by Jane Roe`: the title of a piece and its author.
_BY_AUTHOR = re.compile(r"[ \t]*\(?by[ \t]+(?:the[ \t]+)?[A-Z]")


def _titled_in_context(words: list[str], before: str) -> bool:
    """A title whose American-style punctuation sits inside the marks, after a title lead."""
    if not words or len(words) > 12 or words[-1][-1:] not in ".,":
        return False
    b = before.rstrip()
    if not b:
        return False
    p = b[-40:].split()[-1].rstrip(",")  # "her memoir, “Tough Choices.”"
    if not (p.lower() in _TITLE_LEAD or p.endswith(("’s", "'s"))):
        return False
    trimmed = words[:-1] + [words[-1][:-1]]
    if len(trimmed) == 1:
        if not trimmed[0][:1].isupper() or not trimmed[0][1:].islower():
            return False
    elif not _is_title_like(trimmed, 12):
        return False
    return True


def _starts_sentence(text: str, layout: Layout, sp: _Span) -> bool:
    ss = layout.sentence_start(sp.open)
    return ss >= sp.open or not text[ss : sp.open].strip()


def _governed_partial(
    text: str, layout: Layout, sp: _Span, att: Attribution, words: list[str]
) -> bool:
    """A short phrase ("Roe said the plan was “poisonous”") is a partial quote when a named
    speaker and a reporting verb before it govern it in the same sentence; without them a
    one-to-three word phrase stays a scare quote."""
    if not att.before or att.mention is None or not words or not words[0][:1].islower():
        return False
    if not layout.sentence_start(sp.open) <= att.cue_start < sp.open:
        return False
    gap = text[att.cue_start : sp.open]
    return not _MARKS.search(gap) and "‘" not in gap


def _named(mention: str | None) -> bool:
    """A speaker named by a capitalised name ("Roe", "Mayor Jane Roe"), not "the memo"."""
    if not mention:
        return False
    first = mention.split()[0]
    return first[:1].isupper() and first.lower() not in lx.STOP_CAPS


def _judge(text: str, layout: Layout, sp: _Span, att: Attribution | None, words: list[str]) -> bool:
    """Is this span a direct quotation rather than a scare quote, title or nickname?

    ``words`` are the quotation's words (``text[sp.start : sp.end].split()``)."""
    inner = text[sp.start : sp.end]
    ends = inner.rstrip("’'\"”»")[-1:] in _END_PUNCT
    before = text[max(0, sp.open - 60) : sp.open]
    after = text[sp.close + 1 : sp.close + 3]
    if _is_title_like(words):
        return False
    if _titled_in_context(words, before):
        return False
    if len(words) <= 2 and inner.endswith(":"):
        return False  # "Related:", "Update:": a label
    if len(words) <= 16 and inner.endswith(",") and _BY_AUTHOR.match(text, sp.close + 1):
        return False  # “A headline,” by Jane Roe: a title, then its author
    # A nickname sits between a given name and a surname.
    if (
        len(words) <= 3
        and before.rstrip()[-1:].isalpha()
        and before.rstrip().split()[-1][:1].isupper()
        and (after.strip()[:1].isupper())
    ):
        return False
    # "Roe called the plan “a betrayal of every family”": a named speaker's words, not a
    # scare quote; "the so-called “plan”" has no speaker and stays out.
    partial = (
        att is not None
        and att.before
        and att.cue in _CHARACTERISE
        and layout.sentence_start(sp.open) <= att.cue_start < sp.open  # its own cue
        and (len(words) >= 3 or _named(att.mention))
        and sum(w[:1].isupper() for w in words[1:]) * 2 < len(words) - 1  # not a name
        and words[0][:1].islower()
    )
    if (
        len(words) <= 8
        and not partial
        and not (att and att.before is False)
        and _scare_before(before)
    ):
        return False
    if att is not None:
        if len(words) <= 3 and not ends:
            return _governed_partial(text, layout, sp, att, words)
        return True
    if len(words) >= 4 and ends:
        return True
    return len(words) >= 5 and _starts_sentence(text, layout, sp) and len(words) >= 5


def _primary_marks(spans: list[_Span]) -> list[_Span]:
    """US style quotes with double marks and keeps single ones for quotes within quotes;
    there, a single-quoted span standing alone is a headline's or subhead's words ("Roe calls
    plan ‘reckless’"), not a quotation. A text with at least twice as many double-quoted spans
    as single-quoted ones (and at least two) is written that way; UK style, single marks first,
    keeps them all."""
    singles = sum(1 for sp in spans if sp.single)
    doubles = len(spans) - singles
    if not singles or doubles < 2 or doubles < 2 * singles:
        return spans
    return [sp for sp in spans if not sp.single]


def extract_quotes_with(
    text: str, layout: Layout, registry: Registry, spans: list[_Span]
) -> list[Quote]:
    """Judge and attribute ``spans``; the worker behind :func:`extract_quotes`."""
    resolver = Resolver(registry)
    spans = _primary_marks(spans)
    quotes: list[Quote] = []
    prev: _Span | None = None
    prev_quote: Quote | None = None
    prev_att: Attribution | None = None
    before_prev: tuple[_Span, Quote] | None = None
    for k, sp in enumerate(spans):
        nxt_open = spans[k + 1].open if k + 1 < len(spans) else len(text)
        att: Attribution | None = None
        # `Roe said: “...”`: a cue before a colon introduces this quote; the words after it
        # belong to the next sentence.
        colon = _colon_before(text, sp.open) if not sp.continued else -1
        if colon >= 0:
            # `Roe said:` may end the paragraph before a quote set as a block of its own.
            lead_end = (
                sp.open if colon == sp.open - 1 or "\n" not in text[colon : sp.open] else colon + 1
            )
            bstart = layout.sentence_start(lead_end - 1)
            if prev is not None and prev.close + 1 > bstart:
                bstart = prev.close + 1
            if bstart < lead_end:
                if not _is_headline(text, layout, sp):
                    att = find_lead_in(text, bstart, lead_end, registry.names_someone)
                att = att or find_before(text, bstart, lead_end)
        if att is None and not sp.runs_on:
            limit = layout.sentence_end(sp.close)
            inner_end = text[sp.start : sp.end].rstrip("’'")[-1:]
            introduces_next = False
            if limit <= sp.close + 1 and sp.close + 2 < len(text):
                # `"Who is it for?" Barnes asked.`: the sentence end sits on the closing mark.
                j = sp.close + 1
                while j < len(text) and text[j] in " \t":
                    j += 1
                word = _NEXT_WORD.match(text, j)
                opens_sentence = (
                    word is not None
                    and word.group()[:1].isupper()
                    and word.group().lower() in lx.STOP_CAPS
                    and word.group().lower() not in lx.SUBJECT_PRONOUNS
                )  # `“Ferries now!” Her father said ...`: a new sentence, not the quote's cue
                if (inner_end in "?!—–-" and not opens_sentence) or (
                    j < len(text) and text[j].islower()
                ):
                    limit = layout.sentence_end(j)
                    # `“Why now?” Quill then writes back, “Looking good.”`: a sentence that
                    # goes on into the next quote introduces that one, not this.
                    introduces_next = nxt_open < limit and text[j : j + 1].isupper()
            limit = min(limit, nxt_open)
            att = find_after(text, sp.close + 1, limit) if limit > sp.close + 1 else None
            if (
                att is not None
                and introduces_next
                and _CUE_THEN_QUOTE.fullmatch(text, att.cue_start, nxt_open)
            ):
                att = None
        if att is None and not sp.continued:
            bstart = layout.sentence_start(sp.open)
            if prev is not None and prev.close + 1 > bstart:
                bstart = prev.close + 1
            if bstart < sp.open:
                att = find_before(text, bstart, sp.open)
        if att is None and not sp.runs_on:
            att = _short_sentence_after(text, sp.close + 1, nxt_open)
        if att is None and not sp.continued:
            att = _inverted_before(text, sp.open)
        if att is None and not sp.continued:
            att = _from_the_document(text, sp.open)
        if att is None and not sp.runs_on:
            att = _quote_from_after(text, sp.close + 1)
        if att is None and not sp.continued and not _is_headline(text, layout, sp):
            # "Roe was blunt: “...”", "More from Roe: “...”", "As Roe put it, “...”"
            bstart = layout.sentence_start(sp.open)
            if prev is not None and prev.close + 1 > bstart:
                bstart = prev.close + 1
            if bstart < sp.open:
                att = find_lead_in(text, bstart, sp.open, registry.names_someone)
        if att is None and sp.para <= 1:
            att = _headline_attribution(text, layout, sp)
        if att is None and _is_headline(text, layout, sp):
            # "Roe: Council Has ‘Lost Its Way’" above the story: a headline restates the
            # body's quote (or shortens it); with no speaker named it is not a quotation.
            continue
        att = with_partner(text, att)
        shares_prev = (
            att is not None and prev_att is not None and att.cue_start == prev_att.cue_start
        )
        follows = prev_quote is not None and (
            shares_prev
            or sp.continued
            or (att is None and sp.para == prev.para)
            or (
                att is None
                and sp.para == prev.para + 1
                and layout.para_starts[sp.para] == sp.open
                and _starts_sentence(text, layout, sp)
            )
        )
        words = text[sp.start : sp.end].split()
        if follows:
            if not _judge(text, layout, sp, prev_att or att, words):
                continue
        elif not _judge(text, layout, sp, att, words):
            continue
        continues = False
        cue = None
        speaker = kind = mention = None
        ms = me = None
        if att is not None and not shares_prev:
            cue = att.cue
            mention, ms, me = att.mention, att.mention_start, att.mention_end
            speaker, kind = resolver.resolve(mention or "", ms or sp.open)
            speaker, kind = _answerer(quotes, mention, speaker, kind, text, resolver)
            if _goes_on_unnamed(prev_quote, mention, cue, sp.open) and speaker != _most_named(
                registry
            ):
                # "“...,” the party's candidate said. “...,” he went on": the same speaker
                # goes on, whom the text never named; not someone else "he" might be (but the
                # person the article is about, whom such descriptions mostly mean).
                speaker = kind = None
            elif _goes_on_named(prev_quote, mention, cue, sp.open, text, registry):
                # "“...,” Ada Quist, an aide to Senator Mary Holt told the Gazette. “...,”
                # she added": whoever spoke just before goes on.
                speaker, kind = prev_quote.speaker, prev_quote.speaker_kind
        elif follows:
            continues = True
            speaker, kind = prev_quote.speaker, prev_quote.speaker_kind
            mention = prev_quote.speaker_mention
            ms, me = prev_quote.mention_start, prev_quote.mention_end
        resumed = _resumed_after_aside(text, before_prev, prev, prev_quote, sp)
        if resumed is not None:
            # `He said, “We will build it” - at which point the crowd chanted “Build it!” -
            # “and we will pay for it.”`: words taken up in lower case after an aside between
            # dashes go on with the quote the aside broke into, not the aside's.
            speaker, kind = resumed.speaker, resumed.speaker_kind
            mention, ms, me = resumed.speaker_mention, resumed.mention_start, resumed.mention_end
            cue, continues, att = None, True, None
        if att is None and speaker is None and not continues:
            # "HOW THE SLUMP SPREADS “...” [Example Gazette.]": a digest's paragraph quotes
            # the source its closing brackets credit.
            speaker, kind = _bracket_credit(text, layout, sp, registry)
        cs = layout.sentence_start(sp.open)
        ce = layout.sentence_end(sp.close if sp.close < len(text) else len(text) - 1)
        if att is not None and att.mention_end is not None:
            cs = min(cs, att.mention_start or cs)
            ce = max(ce, att.mention_end)
        q = new_quote(  # (every field of a Quote, in order)
            text[sp.start : sp.end],  # text
            sp.start,  # start
            sp.end,  # end
            speaker,
            kind,  # speaker_kind
            mention,  # speaker_mention
            cue,
            continues,
            cs,  # context_start
            max(ce, sp.end),  # context_end
            ms,  # mention_start
            me,  # mention_end
        )
        quotes.append(q)
        resolver.note_speaker(speaker, kind, sp.open)
        if prev is not None and prev_quote is not None:
            before_prev = (prev, prev_quote)
        prev, prev_quote = sp, q
        prev_att = att if att is not None else (prev_att if continues else None)
    return _introduced_runs(_backfill_runs(quotes, spans), spans, resolver, text, layout)


_DASH_GAP = re.compile(r"[ \t]*[-–—]+[ \t]*")


def _resumed_after_aside(
    text: str,
    before: tuple[_Span, Quote] | None,
    prev: _Span | None,
    prev_quote: Quote | None,
    sp: _Span,
) -> Quote | None:
    """The quote a dashed aside quoting someone else broke into mid-sentence (“We will build
    it” - at which point the crowd chanted “Build it!” - “and pay for it”), when ``sp``
    takes it up in lower case right after the aside; else None."""
    if before is None or prev is None or prev_quote is None:
        return None
    bsp, bq = before
    if (
        not text[sp.start : sp.start + 1].islower()
        or bsp.para != sp.para
        or bq.speaker is None
        or bq.speaker == prev_quote.speaker
        or text[bsp.start : bsp.end].rstrip()[-1:] in (".", "!", "?")
    ):
        return None
    if not _DASH_GAP.fullmatch(text, prev.close + 1, sp.open):
        return None
    return bq if _DASH_GAP.match(text, bsp.close + 1) else None


_GOES_ON = frozenset({"went on", "continued", "continues", "added", "adds"})
# A source credited in brackets closing a paragraph: "[WaPo.]", "[Example Gazette]"
_BRACKET_CREDIT = re.compile(r"[ \t]*\[([A-Z][\w’'&.\- ]{0,40}?)\.?\][ \t]*$")
_NOT_CREDITS = frozenset(
    "applause laughter cheers cheering crosstalk inaudible sic video photo audio music".split()
)


def _bracket_credit(
    text: str, layout: Layout, sp: _Span, registry: Registry
) -> tuple[str | None, str | None]:
    """The source a paragraph's closing brackets credit, for a quote in it that nothing else
    attributes: a news digest's habit ("HEADLINE “...” [NYT.]"). An organisation by its
    known name ("WaPo" is The Washington Post), or a person the story names."""
    if not layout.paragraphs or sp.para >= len(layout.paragraphs):
        return None, None
    pend = layout.paragraphs[sp.para][1]
    if pend - sp.close > 600:
        return None, None
    bm = _BRACKET_CREDIT.search(text, sp.close, pend)
    if bm is None or "“" in text[sp.close : bm.start()] or '"' in text[sp.close : bm.start()]:
        return None, None  # (the credit belongs to a later quote of the paragraph)
    if text[max(0, sp.open - 3) : sp.open].rstrip().endswith(":"):
        return None, None  # ("- Ada Quist and Bo Lind: “...” [Gallup]": the lead-in's people)
    name = bm.group(1).strip()
    if name.lower() in _NOT_CREDITS:
        return None, None
    ks = registry.aliases.lookup(name)
    if ks is not None:
        return ks.name, ks.kind
    if name in registry.persons:
        return name, "person"
    org = registry.org_for(name)
    return (org.name if org else name), "organization"


def _most_named(registry: Registry) -> str | None:
    """The person the text names most often."""
    people = [p for p in registry.persons.values() if p.mentions]
    return max(people, key=lambda p: len(p.mentions)).name if people else None


def _goes_on_unnamed(prev: Quote | None, mention: str | None, cue: str | None, at: int) -> bool:
    """Does "he went on" (continued, added) carry on a quote just before whose speaker, a
    description ("the party's candidate"), the text never named?"""
    return (
        prev is not None
        and prev.speaker is None
        and (mention or "").lower() in ("he", "she")
        and (cue or "").lower() in _GOES_ON
        and (prev.speaker_mention or "").lower().startswith("the ")
        and at - prev.end < 400
    )


def _goes_on_named(
    prev: Quote | None, mention: str | None, cue: str | None, at: int, text: str, reg: Registry
) -> bool:
    """Does "she added" (went on, continued) carry on the quote right before it, with
    nothing written between, by a person of that pronoun's gender?"""
    if prev is None or prev.speaker_kind != "person" or prev.speaker not in reg.persons:
        return False
    low = (mention or "").lower()
    if low not in ("he", "she") or (cue or "").lower() not in _GOES_ON:
        return False
    gender = reg.persons[prev.speaker].gender
    if gender and gender != ("m" if low == "he" else "f"):
        return False
    return not text[max(prev.context_end, prev.end + 1) : at].strip()


# "writes back, " / "said: " right before a quote's opening mark: a cue introducing it.
_CUE_THEN_QUOTE = re.compile(r"[\w’'\-]+(?:\s+[\w’'\-]+){0,3}\s*[,:]\s*")
_ASKING = frozenset({"asked", "asks", "wondered", "pressed", "queried"})


def _answerer(
    quotes: list[Quote],
    mention: str | None,
    speaker: str | None,
    kind: str | None,
    text: str,
    resolver: Resolver,
) -> tuple[str | None, str | None]:
    """In an exchange, the answer to a question is not the asker's.

    `"Is that you?" Borger asked. "That would be me," the senator said.`: a pronoun or a
    description that resolved to the one who just asked means the one asked: the person
    named after the asking verb (`Roe asked Colby, "...?" "Yes," he responded.`), or else
    the one who spoke before the question.
    """
    if len(quotes) < 2 or not mention or mention[:1].isupper():
        return speaker, kind
    question, before = quotes[-1], quotes[-2]
    low = mention.lower()
    if not (
        (question.speaker == speaker or low in ("he", "she"))
        and question.speaker
        and (question.cue or "").split()[:1]
        and question.cue.split()[0] in _ASKING
        and question.text.rstrip("”’\"' ").endswith("?")
    ):
        return speaker, kind
    for am in _ASKED_WHOM.finditer(text, question.context_start, question.end):
        asked, asked_kind = resolver.resolve(am.group(1), am.start(1))
        if asked and asked_kind == "person" and asked != question.speaker:
            # (“Yes,” he responded: the one asked, when a "he" or "she" can mean them,
            # whoever else the text named before)
            person = resolver.reg.persons.get(asked)
            gender = person.gender if person is not None else ""
            if low not in ("he", "she") or gender in ("", "m" if low == "he" else "f"):
                return asked, asked_kind
    if speaker == question.speaker and before.speaker_kind == "person":
        if before.speaker not in (None, speaker):
            return before.speaker, before.speaker_kind
    return speaker, kind


# `Roe asked Colby, “...?”`: the one asked, named right after the verb.
_ASKED_WHOM = re.compile(
    r"\b(?:asked|asks|pressed|questioned)\s+((?:[A-Z][\w’'.\-]+\s+){0,2}[A-Z][\w’'\-]+)"
)


# "‘We will not be bullied’: Harlow defiant ..." or "“No surrender” – Roe": a headline quote
# and its speaker's name.
_HEADLINE_NAME = re.compile(
    r"[ \t]*(?::[ \t]+|[ \t]*[–—][ \t]*)((?:[A-Z][\w’'\-]+[ \t]){0,2}[A-Z][\w’'\-]+)\b"
)


_CUE_ALT = "|".join(lx.CUE_VERBS)
_NAME = r"(?:[A-Z][\w’'.\-]+\s+){0,3}[A-Z][\w’'\-]+"
# `“...”. Roe said.` / `“...” Roe said on Monday.`: the quote's own short sentence after it;
# `“...” – Roe.`: a fact check's or a list's closing dash and name.
_SHORT_AFTER = re.compile(
    rf"[.,]?[ \t]+({_NAME})[ \t]+({_CUE_ALT})(?:[ \t]+[a-z]+){{0,2}}[ \t]*[.!]"
    # "“...” – Roe." / "“...” -Michelle Quill, Port Alder." / "-Mayor Jo Roe, tweeting"
    rf"|\s*[–—-][ \t]*({_NAME})[ \t]*(?:\.|,[^\n“”\"]{{1,100}}?(?:\.|\n|$))"
)
# `Said Roe, “...”` / `Continued Roe: “...”`: the verb first, opening its sentence.
_INVERTED_BEFORE = re.compile(
    rf"(?:^|[.!?”\"][ \t]+|\n)({_CUE_ALT})[ \t]+({_NAME})"
    r"(?:,[ \t]+(?:who|a|an|the)\b[^“”\"\n.!?]{0,90}?)?[ \t]*[,:][ \t]*$",
    re.IGNORECASE,
)


def _short_sentence_after(text: str, pos: int, limit: int) -> Attribution | None:
    m = _SHORT_AFTER.match(text, pos, limit)
    if m is None:
        return None
    g = 1 if m.group(1) else 3
    if m.group(g).split()[0] in ("The", "It", "He", "She", "They", "This", "That"):
        return None
    cue = m.group(2) or "–"
    return Attribution(cue, m.start(), m.group(g), m.start(g), m.end(g), before=False)


# `“...” That quote from Mayor Jane Roe appeared ...`: the next sentence names the source.
_QUOTE_FROM = re.compile(
    r"[.,!?]?[ \t]*(?:That|This|The)[ \t]+(?:quote|remark|comment|line|statement|message|tweet)"
    r"[ \t]+(?:came[ \t]+)?(?:from|by)[ \t]+"
    r"((?:[A-Z][\w’'.\-]*[ \t]+){0,5}[A-Z][\w’'\-]+)"
)


def _quote_from_after(text: str, pos: int) -> Attribution | None:
    m = _QUOTE_FROM.match(text, pos, min(len(text), pos + 160))
    if m is None:
        return None
    return Attribution("from", m.start(), m.group(1), m.start(1), m.end(1), before=False)


# "From the report: “...”", "More from the letter: “...”": a document quoted, whose author
# speaks.
_FROM_DOCUMENT = re.compile(
    r"\b(?:[Ff]rom|[Ii]n)[ \t]+((?:the|a|an|its|his|her|their)[ \t]+(?:[\w\-]+[ \t]+){0,2}?"
    r"(?:report|study|letter|memo|statement|ruling|decision|complaint|lawsuit|filing|indictment"
    r"|editorial|survey|analysis|email|post|speech|release|paper))[ \t]*:[ \t]*$"
)


def _from_the_document(text: str, open_pos: int) -> Attribution | None:
    lo = max(0, open_pos - 80)
    # (the pattern ends with a colon: searched only where there is one)
    m = _FROM_DOCUMENT.search(text, lo, open_pos) if ":" in text[lo:open_pos] else None
    if m is None:
        return None
    return Attribution("from", m.start(), m.group(1), *m.span(1), before=True)


def _inverted_before(text: str, open_pos: int) -> Attribution | None:
    tail = text[max(0, open_pos - 3) : open_pos].rstrip()
    if not tail or tail[-1] not in ",:":
        return None
    m = _INVERTED_BEFORE.search(text, max(0, open_pos - 180), open_pos)
    if m is None or not m.group(1)[:1].isupper():
        return None
    return Attribution(m.group(1).lower(), m.start(1), m.group(2), *m.span(2), before=True)


def _is_headline(text: str, layout: Layout, sp: _Span) -> bool:
    """Is ``sp`` on the article's first line, a short line with the story below it?"""
    if sp.para != 0 or len(layout.para_starts) < 2:
        return False
    end = layout.para_starts[1]
    line = text[layout.para_starts[0] : end].strip()
    return "\n" in text[:end] and len(line.split()) <= 25


def _headline_attribution(text: str, layout: Layout, sp: _Span) -> Attribution | None:
    """A quote in a headline or standfirst line, named by a trailing ": Name" or "– Name"."""
    ps = layout.para_starts[sp.para]
    pe = text.find("\n", sp.close)
    line = text[ps : pe if pe >= 0 else len(text)]
    if sp.para >= len(layout.para_starts) - 1 or line.rstrip()[-1:] in ".!?”’\"'":
        return None  # a body paragraph ends a sentence; a headline does not
    m = _HEADLINE_NAME.match(text, sp.close + 1)
    if m is None:
        return None
    return Attribution(":", m.start(), m.group(1), m.start(1), m.end(1), before=False)


# A transcript's speaker label opening the quoted words: "Jane Roe: ...", "ROE: ...".
_SPEAKER_LABEL = re.compile(r"((?:[A-Z][\w.’'\-]+\s){0,3}[A-Z][\w’'\-]+):\s")


# A press conference's answers by topic: "On the budget: “...”".
_TOPIC_LABEL = re.compile(r"On\s+[^:.!?;“”\"\n]{1,60}:\s*")


def _introduced_runs(
    quotes: list[Quote], spans: list[_Span], resolver: Resolver, text: str, layout: Layout
) -> list[Quote]:
    """A quote over paragraphs with no attribution at all, after a paragraph introducing a
    statement, belongs to the person that paragraph is about; so do answers set out by
    topic after a sentence introducing them ("Roe took questions for an hour. On the
    budget: “...”")."""
    from dataclasses import replace

    by_start = {sp.start: sp for sp in spans}
    out = list(quotes)
    topical: Quote | None = None  # the last quote after a topic label, with its speaker
    for i, q in enumerate(out):
        sp = by_start.get(q.start)
        if q.speaker is not None or q.cue is not None or q.continues or sp is None:
            continue
        j = i + 1
        while j < len(out) and out[j].continues and out[j].speaker is None and not out[j].cue:
            j += 1
        inline = not sp.runs_on
        if inline and not _starts_sentence(text, layout, sp):
            ss = layout.sentence_start(sp.open)
            if not _TOPIC_LABEL.fullmatch(text, ss, sp.open):
                continue
            if topical is not None and layout.paragraph_index(topical.start) + 1 >= sp.para:
                # "On the strike: “...”" after "On the budget: “...”": the same speaker
                who = (topical.speaker, topical.speaker_kind, topical.speaker_mention)
                where = (topical.mention_start, topical.mention_end)
            else:
                intro = resolver.speech_intro(ss, True)
                if intro is None:
                    continue
                who, where = intro[:3], intro[3:]
            for k in range(i, j):
                out[k] = replace(
                    out[k],
                    speaker=who[0],
                    speaker_kind=who[1],
                    speaker_mention=who[2],
                    mention_start=where[0],
                    mention_end=where[1],
                )
            topical = out[j - 1]
            continue
        label = _SPEAKER_LABEL.match(q.text)
        if label:
            # “Jane Roe: Seriously, about this ...”: a transcript names its own speaker (a
            # person the text names; “Missouri: Remember in November” addresses a place).
            said = label.group(1)
            said = said.title() if said.isupper() else said
            name, kind = resolver.resolve(said, q.start)
            if name and kind == "person" and resolver.reg.names_someone(said.split()[-1]):
                out[i] = replace(
                    q,
                    speaker=name,
                    speaker_kind=kind,
                    speaker_mention=label.group(1),
                    mention_start=q.start,
                    mention_end=q.start + label.end(1),
                )
            continue
        intro = resolver.speech_intro(sp.open, inline)
        if intro is None and i > 0 and out[i - 1].speaker:
            # "“...,” Roe said. ¶ The crowd cheered. ¶ “...”": a speech goes on past its
            # audience's applause
            prev = out[i - 1]
            if _after_applause(text, layout, sp, prev):
                intro = (
                    prev.speaker,
                    prev.speaker_kind,
                    prev.speaker_mention,
                    prev.mention_start,
                    prev.mention_end,
                )
        if intro is None:
            continue
        name, kind, mention, ms, me = intro
        for k in range(i, j):
            out[k] = replace(
                out[k],
                speaker=name,
                speaker_kind=kind,
                speaker_mention=mention,
                mention_start=ms,
                mention_end=me,
            )
    return out


# A paragraph of the audience's answer without words: "The crowd cheered.", "The audience
# rose to its feet." (not "The crowd booed" or "chanted": their words may be what follows).
_APPLAUSE = re.compile(
    r"\s*(?:(?:The|Her|His|Their)\s+)?(?:[\w\-]+\s+){0,2}?"
    r"(?:crowd|audience|room|hall|supporters|delegates|arena|students|guests|faithful)\s+"
    r"(?:\w+ly\s+|then\s+|again\s+)?"
    r"(?:cheered|applauded|laughed|roared|erupted|clapped|whooped|rose|stood|gasped|went\s+wild"
    r"|fell\s+silent|cheers|applauds|laughs|roars|erupts|claps|rises|stands)\b[^.!?“”\"\n]*"
    r"[.!]\s*"
)


def _after_applause(text: str, layout: Layout, sp: _Span, prev: Quote) -> bool:
    """Is the paragraph before ``sp`` only an audience's applause, and ``prev`` (the quote
    before) in the paragraph before that?"""
    k = sp.para
    if k < 2 or layout.paragraph_index(prev.start) != k - 2:
        return False
    ps, pe = layout.para_starts[k - 1], layout.para_starts[k]
    return _APPLAUSE.fullmatch(text, ps, pe) is not None


def _backfill_runs(quotes: list[Quote], spans: list[_Span]) -> list[Quote]:
    """A quote running over paragraphs is often attributed only in its last paragraph."""
    from dataclasses import replace

    by_start = {sp.start: sp for sp in spans}
    out = list(quotes)
    i = 0
    while i < len(out):
        q = out[i]
        sp = by_start.get(q.start)
        if q.speaker is None and q.cue is None and sp is not None and sp.runs_on:
            j = i + 1
            while j < len(out) and out[j].continues and out[j].cue is None:
                j += 1
            if j < len(out) and out[j].cue is not None:
                src = by_start.get(out[j].start)
                if src is not None and src.continued:
                    head = out[j]
                    out[i] = replace(
                        q,
                        speaker=head.speaker,
                        speaker_kind=head.speaker_kind,
                        speaker_mention=head.speaker_mention,
                        cue=head.cue,
                        mention_start=head.mention_start,
                        mention_end=head.mention_end,
                    )
                    for k in range(i + 1, j + 1):
                        out[k] = replace(
                            out[k],
                            speaker=head.speaker,
                            speaker_kind=head.speaker_kind,
                            speaker_mention=head.speaker_mention,
                            mention_start=head.mention_start,
                            mention_end=head.mention_end,
                            cue=None,
                            continues=True,
                        )
                    i = j
        i += 1
    return out


def prepare(text: str, known: Iterable[KnownSpeaker] = ()) -> tuple[Layout, Registry, list]:
    """Spans, layout and entity registry for one text (shared by quotes and entities)."""
    paragraphs = paragraph_spans(text)
    spans = find_spans(text, paragraphs)
    layout = build_layout(text, [(sp.open, sp.close) for sp in spans], paragraphs)
    registry = build_registry(text, AliasIndex(known), layout)
    return layout, registry, spans


def extract_quotes(text: str, *, known: Iterable[KnownSpeaker] = ()) -> list[Quote]:
    """Direct quotations in ``text`` with their resolved speakers, in text order."""
    if not text:
        return []
    layout, registry, spans = prepare(text, known)
    return extract_quotes_with(text, layout, registry, spans)
