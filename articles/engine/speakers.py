"""Who said it: reporting cues next to a quote, the words naming the speaker, and resolution
of those words to a full name.

Attribution is looked for right after the closing mark (`"...," Homan told journalists`,
`"...," said Miller`, `"...," according to X`) and, failing that, before the opening mark in
the same sentence (`Smith said: "..."`, `Roe argued that "..."`). Resolution turns "Homan",
"Mr. Trump", "the mayor", "she" or "the ministry's announcement" into a full name using the
entity registry, the caller's known aliases and simple salience (recent subject, last
speaker). When the evidence is thin it answers None rather than guess.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass

from articles.engine import lexicon as lx
from articles.engine.entities import Mention, Registry
from articles.engine.text import alternation

_VERB_ALT = alternation(set(lx.CUE_VERBS))
_VERB_OR_MULTI = alternation({*lx.CUE_VERBS, "pointed out", "went on"})
_ANY_CUE = alternation({*lx.CUE_VERBS, *lx.CUE_PARTICIPLES, "pointed out", "went on"})
_MEDIUM_ALT = alternation(lx.CUE_MEDIUM)
_ADVERB = (
    r"(?:(?:also|later|then|simply|quietly|flatly|bluntly|again|once|recently|previously"
    r"|earlier|\w+ly)\s+)?"
)
_MEDIUM = (
    r"(?:\s+(?:in|on|during)\s+(?:a|an|the|his|her|their|its)\s+(?:[\w\-]+\s+){0,2}?"
    rf"(?:{_MEDIUM_ALT}))?"
)

# `, said Miller` / `wrote Todd Lyons, ...`
_INVERTED = re.compile(
    rf"[\s,—–-]*(?:(?:has|have|had)\s+)?({_VERB_ALT})\b({_MEDIUM})\s+(?=\S)", re.IGNORECASE
)
# `, according to the fire service`
_ACCORDING_AFTER = re.compile(r"[\s,—–-]*(according to)\s+(?=\S)", re.IGNORECASE)
# `, Homan told journalists` / `, a spokeswoman for the authority said`
_NORMAL = re.compile(
    rf"[\s,—–-]*([^!?;“”\"«»„]{{1,140}}?)\s+{_ADVERB}"
    rf"({_VERB_OR_MULTI})\b({_MEDIUM})",
)
_VERB_ANY = re.compile(rf"\b({_ANY_CUE})\b({_MEDIUM})", re.IGNORECASE)
_ACCORDING_BEFORE = re.compile(r"\b[Aa]ccording to\s+([^,“”\"«»„]{2,80}?)\s*,?\s*$")
_MENTION_STOP = re.compile(
    r"\s+(?:on|in|at|during|after|before|while|when|who|whose|which|that|as|to|from|"
    r"outside|inside|with|via|about|last|this|yesterday|today|earlier|later|adding|"
    r"before|and|but)\b|\s+[—–-]\s+|[,;:()“”\"«»„]"
)
_DETERMINERS = frozenset(
    {
        "the",
        "a",
        "an",
        "one",
        "another",
        "two",
        "three",
        "several",
        "his",
        "her",
        "its",
        "their",
        "our",
        "some",
        "many",
        "both",
        "each",
        "this",
        "that",
    }
)
_STOP_BACK = frozenset(
    {
        "and",
        "but",
        "or",
        "that",
        "which",
        "who",
        "when",
        "while",
        "because",
        "so",
        "then",
        "as",
        "if",
        "said",
        "says",
        "told",
        "was",
        "is",
        "were",
        "are",
        "has",
        "have",
        "had",
    }
)
_FUNCTION_WORDS = frozenset(
    "the a an his her their its our your my from of for at in on with by to and or".split()
)
_QUOTE_CHARS = re.compile(r"[“”‘«»„\"]")
# "A midwife at the unit, who asked not to be named, said...": someone left unnamed.
_INDEFINITE_PERSON = re.compile(
    r"\b(?:[Aa]n?|[Oo]ne|[Aa]nother)\s+(?:[\w’'\-]+\s+){0,3}?("
    + "|".join(
        sorted(
            lx.ROLE_NOUNS
            | {
                "man",
                "woman",
                "source",
                "mp",
                "person",
                "friend",
                "relative",
                "diplomat",
                "rebel",
                "witness",
                "mother",
                "father",
                "insider",
                "aide",
                "shopper",
                "passenger",
            }
        )
    )
    + r")\b",
    re.IGNORECASE,
)
_ROLE_GAP = re.compile(r"(?:[’']s)?,?\s+(?:[a-z][\w\-]*,?\s+){1,3}")
_SPEECH_WORDS = re.compile(
    r"\b(?:statement|speech|remarks|address|addressed|spoke|speaking|told|testimony|"
    r"reproduced|following|wrote|letter|remembers|remembered|recalls|recalled)\b"
)
# "He spoke ...", "This week he spoke ...", "At 91, she still remembers ...".
_INTRO_PRONOUN = re.compile(r"(?:[A-Z][a-z]*(?: [a-z0-9]+){0,3},? )?([Hh]e|[Ss]he)\b")
_GAVE_NAME = re.compile(
    r"[^.!?;\n“”\"]{0,60}?\bwho (?:gave|would give|would only give) (?:his|her|their) "
    r"(?:name|full name)(?: only)? as ((?:[A-ZÀ-ÖØ-Þ][\w’'\-]+)(?:\s+[A-ZÀ-ÖØ-Þ][\w’'\-]+){0,2})"
)
_PLURAL_PEOPLE = re.compile(
    r"(?:They|Both(?: men| women)?|The (?:two|pair|couple|brothers|sisters|men|women)|"
    r"The \w+ (?:men|women))\b(?![’'])"
)
_NAME_LINKS = frozenset({"of", "for", "and", "on", "the"})
_PERSON_OF = re.compile(r"((?:[A-Z][\w’'\-]+ ){1,2}[A-Z][\w’'\-]+) of [A-Z]")
_GAP_STOP = re.compile(r"[.!?;]")
_WORD = re.compile(r"[\w’'.\-]+")
_TRAILING_AGE = re.compile(r",\s*\d{1,3}\s*,?\s*$")
# ", Pauline Carver" right after a role mention: the name in apposition.
_APPOSED_NAME = re.compile(
    r",[ \t\u00a0]+((?:[A-Z][\w’'\-]*\.?[ \t\u00a0]+){1,3}[A-Z][\w’'\-]*)(?=[ \t]*[,.;:!?]|\s*$)"
)
# Auxiliaries between a subject and its reporting verb: "She has promised", "Kim had said".
_AUX_BACK = re.compile(r"\s+(?:has|have|had|will|would|also|has also|had also)\s*$", re.IGNORECASE)
_SPOKES_FOR = re.compile(
    r"\b(?:spokes(?:man|woman|person)|representative)\s+(?:for|of|from)\s+([^,.;:“”\"\n]{2,60})"
)


@dataclass(slots=True)
class Attribution:
    cue: str
    cue_start: int
    mention: str | None
    mention_start: int | None
    mention_end: int | None
    before: bool  # the attribution precedes the quote


def _cue_text(verb: str, medium: str) -> str:
    return (verb + medium).strip() if medium else verb


def _trim(text: str, s: int, e: int) -> tuple[int, int]:
    while s < e and text[s] in " \t,—–-":
        s += 1
    while e > s and text[e - 1] in " \t,.;:—–-":
        e -= 1
    return s, e


def _mention_after_verb(text: str, s: int, limit: int) -> tuple[int, int] | None:
    """The speaker words after an inverted cue: up to a comma or a clause word."""
    seg_end = min(limit, s + 120)
    m = _MENTION_STOP.search(text, s, seg_end)
    e = m.start() if m else seg_end
    s, e = _trim(text, s, e)
    # After a name, a lower-case word ends it ("sagte Albers am Montag").
    seen_cap = False
    for wm in _WORD.finditer(text, s, e):
        w = wm.group()
        if w[:1].isupper():
            seen_cap = True
        elif seen_cap and w not in lx.NAME_PARTICLES and w not in lx.ORG_CONNECTORS:
            e = wm.start()
            break
    s, e = _trim(text, s, e)
    # "Ramon Estrada of the county fire department": no trailing "of the".
    while s < e:
        tail = text[s:e].rsplit(None, 1)
        if len(tail) < 2 or tail[1] not in lx.ORG_CONNECTORS:
            break
        e = s + len(tail[0])
    if s >= e or len(text[s:e].split()) > 9:
        return None
    return s, e


_SOURCE_OF = re.compile(r"\s+(?:from|of|by|for|at)\s+(?=\S)")


def _with_source(text: str, span: tuple[int, int], limit: int) -> tuple[int, int]:
    """ "a statement" + " from the ministry": keep whose statement it is."""
    words = text[span[0] : span[1]].split()
    if not words or words[-1].lower() not in lx.SPOKES_HEADS:
        return span
    m = _SOURCE_OF.match(text, span[1], limit)
    if not m:
        return span
    tail = _mention_after_verb(text, m.end(), limit)
    if not tail or tail[0] != m.end():
        return span
    return span[0], tail[1]


def _valid_subject(phrase: str, inverted: bool = False) -> bool:
    words = phrase.split()
    if not words or len(words) > 10:
        return False
    if inverted and any(w[:1].isupper() for w in words[:4]):
        return True
    first = words[0]
    low = first.lower()
    return (
        first[:1].isupper()
        or low in _DETERMINERS
        or low in lx.SUBJECT_PRONOUNS
        or low in lx.ORG_HEADS
        or low in {"police", "officials", "prosecutors", "investigators", "witnesses"}
    )


def _looks_like_name(phrase: str) -> bool:
    """ "Eleanor Shaw", "The Example Heart Association"; not "Outside court" or "Later"."""
    words = phrase.split()
    if words and words[0] in ("The", "the") and len(words) > 1:
        words = words[1:]
    if not words or len(words) > 6 or words[0].lower() in lx.STOP_CAPS:
        return False
    return words[0][:1].isupper() and all(
        w[:1].isupper() or w in lx.NAME_PARTICLES or w in lx.ORG_CONNECTORS for w in words
    )


def _trailing_mention(text: str, s: int, e: int) -> tuple[int, int] | None:
    """The noun phrase ending right before a verb: "the company", "Tom Homan", "she".

    An apposition between commas is skipped ("Eleanor Shaw, a senior economist, remarked").
    """
    s, e = _trim(text, s, e)
    if s >= e:
        return None
    seg = text[s:e]
    # "Jo Quinn, 52, a teacher, said": an age between commas is not the speaker.
    while True:
        am = _TRAILING_AGE.search(seg)
        if not am:
            break
        seg = seg[: am.start()] + " " * (len(seg) - am.start())
        e = s + len(seg.rstrip())
        seg = text[s:e]
    parts = [p for p in seg.split(",") if not p.strip().isdigit()]
    if len(parts) >= 2:
        last = parts[-1].strip()
        prev = parts[-2].strip()
        last_low = last.split()[0].lower() if last else ""
        if last and (
            last_low in {"a", "an", "the", "who", "which"} or last_low.endswith(("’s", "'s"))
        ):
            if _looks_like_name(prev):
                # apposition: "Name, a role," -> "Name"
                off = s + seg.rfind(prev, 0, len(seg) - len(parts[-1]) - 1)
                return _trailing_mention(text, off, off + len(prev))
        if last and last[:1].isupper() and not last_low.endswith(("’s", "'s")):
            off = s + len(seg) - len(parts[-1])
            return _trim(text, off, e)
        off = s + len(seg) - len(parts[-1])
        s = off
        s, e = _trim(text, s, e)
        seg = text[s:e]
    words = list(_WORD.finditer(text, s, e))
    if not words:
        return None
    # Walk back to the start of the noun phrase.
    start_i = len(words) - 1
    w_last = words[-1].group().lower()
    if w_last in lx.SUBJECT_PRONOUNS:
        return words[-1].start(), words[-1].end()
    i = len(words) - 1
    best = None
    while i >= 0 and len(words) - i <= 9:
        w = words[i].group()
        low = w.lower()
        if low in _STOP_BACK or low in lx.SUBJECT_PRONOUNS and i != len(words) - 1:
            break
        if low in _DETERMINERS or w[:1].isupper() or low in lx.ORG_HEADS or low == "police":
            best = i
        i -= 1
    if best is None:
        best = start_i
    ms = words[best].start()
    return ms, e


def find_after(text: str, close_end: int, limit: int) -> Attribution | None:
    """Attribution starting right after a quote's closing mark, before ``limit``."""
    m = _INVERTED.match(text, close_end, limit)
    if m:
        span = _mention_after_verb(text, m.end(), limit)
        if span and not text[span[0]].isupper():
            ap = _APPOSED_NAME.match(text, span[1], limit + 1)
            if ap:
                span = ap.start(1), ap.end(1)
        if span and _valid_subject(text[span[0] : span[1]], inverted=True):
            return Attribution(
                _cue_text(m.group(1), m.group(2)),
                m.start(1),
                text[span[0] : span[1]],
                *span,
                before=False,
            )
    m = _ACCORDING_AFTER.match(text, close_end, limit)
    if m:
        span = _mention_after_verb(text, m.end(), limit)
        if span:
            span = _with_source(text, span, limit)
            return Attribution("according to", m.start(1), text[span[0] : span[1]], *span, False)
    m = _NORMAL.match(text, close_end, limit)
    if m:
        span = _trailing_mention(text, m.start(1), m.end(1))
        if span and _valid_subject(text[span[0] : span[1]]):
            # Everything between the quote and the speaker must be an apposition at most.
            return Attribution(
                _cue_text(m.group(2), m.group(3)),
                m.start(2),
                text[span[0] : span[1]],
                *span,
                before=False,
            )
    return None


def find_before(text: str, start: int, open_pos: int) -> Attribution | None:
    """Attribution in the same sentence before a quote's opening mark."""
    if open_pos - start > 400:
        start = open_pos - 400
    window = text[start:open_pos]
    m = _ACCORDING_BEFORE.search(window) if "ccording to" in window else None
    if m:
        s, e = _trim(text, start + m.start(1), start + m.end(1))
        return Attribution("according to", start + m.start(), text[s:e], s, e, True)
    last = None
    for vm in _VERB_ANY.finditer(text, start, open_pos):
        if vm.start() > 0 and text[vm.start() - 1] == "-":
            continue  # "so-called" is no reporting verb
        last = vm
    if last is None:
        return None
    gap = text[last.end() : open_pos]
    if len(gap) > 80 or _GAP_STOP.search(gap):
        return None
    verb_start = last.start(1)
    verb = last.group(1)
    if verb.lower() in lx.CUE_PARTICIPLES:
        # "..., adding that ..." reports the subject of the main verb before it.
        earlier = None
        for vm in _VERB_ANY.finditer(text, start, verb_start):
            if vm.group(1).lower() not in lx.CUE_PARTICIPLES:
                earlier = vm
        if earlier is None:
            return None
        span = _trailing_mention(text, start, earlier.start(1))
        cue_start = earlier.start(1)
    else:
        aux = _AUX_BACK.search(text, start, verb_start)
        span = _trailing_mention(text, start, aux.start() if aux else verb_start)
        cue_start = verb_start
    if not span or not _valid_subject(text[span[0] : span[1]]):
        return None
    return Attribution(
        _cue_text(verb, last.group(2)), cue_start, text[span[0] : span[1]], *span, True
    )


# -- resolution -----------------------------------------------------------------------------

_TITLE_STRIP = re.compile(
    r"^(?:(?:[A-Z][\w.]*|[a-z]+)\s+)*?(?:"
    + "|".join(sorted(lx.TITLES, key=len, reverse=True)).replace(".", r"\.")
    + r")\.?\s+",
    re.IGNORECASE,
)


class Resolver:
    """Turns speaker words into (full name, kind), remembering the last speakers."""

    def __init__(self, registry: Registry) -> None:
        self.reg = registry
        self.last_person: tuple[str, int] | None = None
        self.last_org: tuple[str, int] | None = None
        self.spokes_org: str | None = None
        self._mention_starts = [m.start for m in registry.mentions]

    def note_speaker(self, name: str | None, kind: str | None, pos: int) -> None:
        if not name:
            return
        if kind == "person":
            self.last_person = (name, pos)
        elif kind == "organization":
            self.last_org = (name, pos)

    def resolve(self, mention: str, pos: int) -> tuple[str | None, str | None]:
        m = " ".join(mention.split()).rstrip(".")
        if not m:
            return None, None
        low = m.lower()
        words = low.split()
        if low in {"he", "she"}:
            return self._pronoun("m" if low == "he" else "f", pos), "person"
        if low == "they":
            if self.last_org and pos - self.last_org[1] < 600:
                return self.last_org[0], "organization"
            return None, "person"
        if low == "it":
            # "“...,” it said in a statement": the organisation just named.
            if self.last_org and pos - self.last_org[1] < 600:
                return self.last_org[0], "organization"
            org = self._sentence_subject(pos, "organization")
            return (org, "organization") if org else (None, None)
        if low in {"i", "we"}:
            return None, None
        if words[0] in {"a", "an"}:
            # "said a man who gave his name as Marek Hollis"
            gm = _GAVE_NAME.match(self.reg.text, pos + len(mention))
            if gm:
                return self.resolve(gm.group(1), gm.start(1))
        ks = self.reg.aliases.lookup(m)
        if ks is not None:
            return ks.name, ks.kind
        po = _PERSON_OF.match(m)
        if po and not any(w.lower() in lx.ORG_WORDS for w in po.group(1).split()):
            # "Ravi Subramaniam of Clearwater Securities": the person, not the firm.
            return self._name(po.group(1), pos)
        org = self.reg.org_for(m) or self.reg.org_for(_strip_det(m))
        if org is not None:
            return org.name, "organization"
        if m[:1].isupper() and words[0] not in _DETERMINERS and not m.split()[-1][:1].islower():
            return self._name(m, pos)
        caps = re.search(r"(?:[A-ZÀ-ÖØ-Þ][\w’'.\-]*\s*)+$", m)
        if (
            caps
            and caps.start() > 0
            and (words[0] not in _DETERMINERS or len(caps.group().split()) >= 2)
            and not any(w.lower() in lx.ORG_WORDS for w in caps.group().split())
        ):
            # "station commander Ruth Ibsen": role words, then the name.
            return self._name(caps.group().strip(), pos)
        if len(words) == 2 and words[0] == "the" and m.split()[1][:1].isupper():
            orgs = [o for o in self.reg.orgs.values() if m.split()[1] in o.name.split()]
            if len(orgs) == 1:
                return orgs[0].name, "organization"
        body = m.split()[1:]
        if (
            words[0] == "the"
            and len(body) >= 3
            and body[-1][:1].isupper()
            and all(w[:1].isupper() or w in _NAME_LINKS for w in body)
            and body[0].lower().rstrip(".") not in lx.TITLES_MALE | lx.TITLES_FEMALE
        ):
            # "The Harrowby Cycling Campaign": a proper name the registry did not hold.
            return " ".join(body), "organization"
        return self._noun_phrase(m, pos)

    # A capitalised mention: "Homan", "Mr. Achebe", "Councillor Priya Okafor".
    def _name(self, m: str, pos: int) -> tuple[str | None, str | None]:
        reg = self.reg
        core = _TITLE_STRIP.sub("", m).strip() or m
        if len(core.split()) >= 3 and core.split()[-1] in lx.POST_NOMINALS:
            core = core.rsplit(None, 1)[0]
        if core.isupper() and " " in core:
            core = core.title()
        gender = ""
        first = m.split()[0].lower().rstrip(".")
        if first in {x.rstrip(".") for x in lx.TITLES_MALE}:
            gender = "m"
        elif first in {x.rstrip(".") for x in lx.TITLES_FEMALE}:
            gender = "f"
        # "Dame Carys", "Sir Roland": these titles go with the given name.
        if first in {"sir", "dame"} and " " not in core:
            full = [
                p
                for p in reg.persons.values()
                if len(p.name.split()) > 1 and p.name.split()[0] == core
            ]
            if len(full) == 1:
                return full[0].name, "person"
        # A name inside a longer phrase: "station commander Ruth Ibsen", "an HCTA spokesperson".
        if core in reg.persons:
            return core, "person"
        toks = core.split()
        for k in range(len(toks)):
            cand = " ".join(toks[k:])
            if cand in reg.persons:
                return cand, "person"
            o = reg.org_for(cand)
            if o is not None:
                return o.name, "organization"
        if any(t.lower() in lx.ORG_WORDS for t in toks):
            return core, "organization"
        last = toks[-1].rstrip("’'s") if toks[-1].endswith(("’s", "'s")) else toks[-1]
        cands = reg.person_by_surname(last) or [reg.persons[n] for n in reg.given.get(last, ())]
        if gender and len(cands) > 1:
            cands = [p for p in cands if p.gender in ("", gender)]
        if len(cands) > 1:
            cands = [p for p in cands if p.mentions and p.mentions[0][0] < pos] or cands
        if len(cands) == 1:
            return cands[0].name, "person"
        if len(cands) > 1:
            return None, "person"
        return core, "person"

    def _noun_phrase(self, m: str, pos: int) -> tuple[str | None, str | None]:
        reg = self.reg
        low = m.lower()
        words = re.findall(r"[\w’'\-]+", low)
        # "a spokeswoman for the authority", "a statement from the ministry"
        pm = re.search(r"\b(?:for|of|from|at|with)\s+(.+)$", m)
        if pm and any(
            w in lx.SPOKES_HEADS | lx.ORG_HEADS
            for w in words[: words.index(pm.group(0).split()[0].lower())]
            if w
        ):
            name, kind = self.resolve(pm.group(1), pos)
            if name and kind == "organization":
                self.spokes_org = name
                return name, "organization"
            if kind == "organization" or name is None:
                return None, "organization"
        # "the ministry’s announcement": the possessor speaks.
        poss = re.match(r"^(.+?)[’']s?\s+(\w+)$", m)
        if poss and poss.group(2).lower() in lx.ORG_HEADS:
            name, kind = self.resolve(poss.group(1), pos)
            if kind == "organization" or poss.group(2).lower() in lx.SPOKES_HEADS:
                return name, "organization"
        head = words[-1] if words else ""
        # "an HCTA spokesperson", "a ministry spokesman"
        if head in lx.SPOKES_HEADS and len(words) >= 3:
            toks = m.split()[:-1]
            k = len(toks)
            while k > 1 and toks[k - 1][:1].isupper() and toks[k - 2][:1].isupper():
                k -= 1
            mod = " ".join(toks[k - 1 :]) if toks[-1][:1].isupper() else toks[-1]
            name, kind = self.resolve(mod, pos) if mod[:1].isupper() else (None, None)
            if kind == "organization":
                return name, kind
            if mod.lower() in lx.ORG_HEADS:
                return self._org_head(mod.lower(), pos), "organization"
        if head in lx.SPOKES_HEADS - {"official", "officials"}:
            if self.spokes_org:
                return self.spokes_org, "organization"
            back = None
            for bm in _SPOKES_FOR.finditer(self.reg.text, max(0, pos - 1500), pos):
                back = bm
            if back is not None:
                phrase = back.group(1)
                cut = [
                    x.start() for x in (_MENTION_STOP.search(phrase), _VERB_ANY.search(phrase)) if x
                ]
                phrase = phrase[: min(cut)] if cut else phrase
                name, kind = self.resolve(phrase, back.start(1))
                if kind == "organization" and name:
                    return name, kind
            # "The ministry said it did not comment. “...,” a spokesperson said."
            if len(words) <= 3:
                org = self._sentence_subject(pos, "organization")
                if org:
                    return org, "organization"
            return None, "organization"
        if head in lx.ORG_HEADS and head not in lx.SPOKES_HEADS:
            if head in {"report", "family", "team", "campaign"}:
                return None, "organization"
            return self._org_head(head, pos), "organization"
        # "the mayor", "the minister", "the chief executive": a role held by one person.
        holders = [
            p
            for p in reg.persons.values()
            if p.role and re.search(rf"\b{re.escape(head)}\b", p.role.lower())
        ]
        if len(holders) == 1 and low.startswith("the "):
            return holders[0].name, "person"
        # "Asante, 19, was making his third appearance. “...,” the teenager said": a definite
        # description with no role holder refers back to the person just written about,
        # unless the story introduced someone new with it ("a state official ... the official").
        if low.startswith("the ") and head and not holders and not self._introduced(head, pos):
            who = self._sentence_subject(pos, "person")
            if who:
                return who, "person"
        return None, "person"

    def speech_intro(self, pos: int) -> tuple[str, str, str, int, int] | None:
        """The speaker of an unattributed quote running over paragraphs, from the paragraph
        before it when that introduces a statement ("She spoke for several minutes to the
        crowd.", "Judge Harriet Okafor opened the hearing with a long statement.")."""
        reg = self.reg
        text = reg.text
        j = pos - 1
        while j > 0 and text[j].isspace():
            j -= 1
        if j <= 0 or "\n" not in text[j:pos]:
            return None
        ss = reg.layout.sentence_start(j)
        sentence = text[ss : j + 1]
        if _QUOTE_CHARS.search(sentence) or not (
            sentence.endswith(":") or _SPEECH_WORDS.search(sentence)
        ):
            return None
        pm = _INTRO_PRONOUN.match(sentence)
        if pm:
            ps = ss + pm.start(1)
            name, kind = self.resolve(pm.group(1), ps)
            if name:
                return name, kind or "person", pm.group(1), ps, ps + len(pm.group(1))
            return None
        i = bisect_left(self._mention_starts, ss)
        while i < len(reg.mentions) and reg.mentions[i].start <= j:
            mm = reg.mentions[i]
            if mm.kind == "person":
                return mm.key, "person", text[mm.start : mm.end], mm.start, mm.end
            i += 1
        return None

    def _plural_antecedent(self, pos: int) -> bool:
        """ "Both men have hired accountants. “...,” he said": after a sentence about two
        people together, "he" or "she" alone could be either of them."""
        reg = self.reg
        layout = reg.layout
        ss = layout.sentence_start(pos)
        q = _QUOTE_CHARS.search(reg.text, ss, pos)
        if reg.text[ss] != "'" and (q is None or q.start() != ss):
            return False
        for _ in range(2):
            j = ss - 1
            while j > 0 and reg.text[j].isspace():
                j -= 1
            if j <= 0:
                return False
            ss = layout.sentence_start(j)
            head = reg.text[ss : ss + 40]
            if _PLURAL_PEOPLE.match(head):
                return True
            if not re.match(r"(?:He|She)\b", head):
                return False
        return False

    def _unnamed_antecedent(self, pos: int) -> bool:
        """Whether the person last written about, just before ``pos``, is left unnamed."""
        reg = self.reg
        layout = reg.layout
        ss = layout.sentence_start(pos)
        q = _QUOTE_CHARS.search(reg.text, ss, pos)
        if reg.text[ss] != "'" and (q is None or q.start() != ss):
            return False  # only for a cue after a quote that opens its sentence
        j = ss - 1
        while j > 0 and reg.text[j].isspace():
            j -= 1
        if j <= 0:
            return False
        prev_ss = layout.sentence_start(j)
        seg_end = _QUOTE_CHARS.search(reg.text, prev_ss, j + 1)
        seg_end = seg_end.start() if seg_end else j + 1
        last = None
        for m in _INDEFINITE_PERSON.finditer(reg.text, prev_ss, seg_end):
            if not any(w.lower() in _FUNCTION_WORDS for w in m.group(0).split()[1:-1]):
                last = m
        if last is None:
            return False
        # Anyone named in that sentence ("Lucia Ferrante, a teacher, said...") may be meant.
        i = bisect_left(self._mention_starts, seg_end) - 1
        while i >= 0 and reg.mentions[i].start >= prev_ss:
            if reg.mentions[i].kind == "person":
                return False
            i -= 1
        return True

    def _introduced(self, head: str, pos: int) -> bool:
        """Whether an indefinite phrase ("a senior official", "one MP") brought in ``head``."""
        lo = max(0, pos - 3000)
        pat = (
            rf"\b(?:an?|one|another|second|third)\s+((?:[\w’'\-]+\s+){{0,3}}?){re.escape(head)}s?\b"
        )
        for m in re.finditer(pat, self.reg.text[lo:pos], re.IGNORECASE):
            if not any(w.lower() in _FUNCTION_WORDS for w in m.group(1).split()):
                return True
        return False

    def _sentence_subject(self, pos: int, kind: str) -> str | None:
        """The subject of the sentence holding ``pos`` (before it) or of the one before."""
        reg = self.reg
        layout = reg.layout
        ss = layout.sentence_start(pos)
        j = ss - 1
        while j > 0 and reg.text[j].isspace():
            j -= 1
        prev_ss = layout.sentence_start(j) if j > 0 else ss
        i = bisect_left(self._mention_starts, pos) - 1
        found = None
        while i >= 0 and reg.mentions[i].start >= prev_ss:
            mm = reg.mentions[i]
            i -= 1
            # Names inside a quotation are not the sentence's subject.
            sent0 = ss if mm.start >= ss else prev_ss
            if _QUOTE_CHARS.search(reg.text, sent0, mm.start) or reg.text[sent0] == "'":
                continue
            if mm.subject and mm.start < pos:
                if mm.start >= ss:
                    return mm.key if mm.kind == kind else None
                if found is None:
                    found = mm
        if (
            found is not None
            and found.kind == kind
            and not (kind == "person" and reg.text[found.end : found.end + 2] in ("’s", "'s"))
        ):
            return found.key
        possessive = found is not None and reg.text[found.end : found.end + 2] in ("’s", "'s")
        if found is not None and kind == "person" and (found.kind != kind or possessive):
            # "Cabinet minister Gideon Farr came...", "Greyfield's director, Sanjay Trivedi,
            # said...": role words tie the organisation to the person who is the subject.
            k = bisect_left(self._mention_starts, found.end)
            if k < len(reg.mentions) and reg.mentions[k].kind == "person":
                gap = reg.text[found.end : reg.mentions[k].start]
                if reg.mentions[k].start < pos and _ROLE_GAP.fullmatch(gap):
                    return reg.mentions[k].key
        return None

    def _org_head(self, head: str, pos: int) -> str | None:
        reg = self.reg
        best = None
        for org in reg.orgs.values():
            if head in org.name.lower().split() and org.mentions:
                p = max((s for s, _ in org.mentions if s < pos), default=-1)
                if best is None or p > best[0]:
                    best = (p, org.name)
        if best:
            return best[1]
        if head in lx.GENERIC_ORG_HEADS or head in {"agency", "authority", "regulator"}:
            recent = [
                (max((s for s, _ in o.mentions if s < pos), default=-1), o.name)
                for o in reg.orgs.values()
                if not o.media and o.mentions
            ]
            recent = [r for r in recent if r[0] >= 0]
            if recent:
                return max(recent)[1]
        return None

    def _pronoun(self, gender: str, pos: int) -> str | None:
        """Most recent compatible person, preferring subjects and the last speaker."""
        reg = self.reg
        lo = pos - 1500
        cands: list[tuple[Mention, str]] = []
        seen: set[str] = set()
        i = bisect_left(self._mention_starts, pos) - 1
        while i >= 0 and reg.mentions[i].start >= lo:
            mm = reg.mentions[i]
            i -= 1
            if mm.kind != "person" or mm.key in seen:
                continue
            seen.add(mm.key)
            g = reg.persons[mm.key].gender
            if g and g != gender:
                continue
            cands.append((mm, g))
        if self._unnamed_antecedent(pos) or self._plural_antecedent(pos):
            return None
        if not cands:
            return None
        if len(cands) == 1:
            return cands[0][0].key
        # "Neil Varley was furious. “...,” he said": the subject of the sentence right
        # before (or of this one) outranks an earlier speaker.
        layout = reg.layout
        ss = layout.sentence_start(pos)
        j = ss - 1
        while j > 0 and reg.text[j].isspace():
            j -= 1
        prev_ss = layout.sentence_start(j) if j > 0 else 0
        top = cands[0][0]
        if top.subject and top.start >= prev_ss and top.start < pos:
            return top.key
        known = [c for c in cands if c[1] == gender]
        # "Cabinet minister Gideon Farr came to Mr Harlow's defence. “...,” he said": the
        # subject of the sentence before outranks a name later in it.
        subj = self._sentence_subject(pos, "person")
        if subj and any(c[0].key == subj for c in cands):
            return subj
        # "Brunner said she would travel on. “...,” she said": someone of the right gender
        # who became the subject of a sentence after the last quote outranks its speaker.
        if self.last_person and any(c[0].key == self.last_person[0] for c in cands):
            newer = [
                c
                for c in known
                if c[0].subject
                and self.last_person[1] < c[0].start < pos
                and c[0].key != self.last_person[0]
            ]
            if len({c[0].key for c in newer}) == 1:
                return newer[0][0].key
        if self.last_person and any(c[0].key == self.last_person[0] for c in cands):
            if pos - self.last_person[1] < 800:
                return self.last_person[0]
        if len(known) == 1 and all(c[1] for c in cands):
            return known[0][0].key
        subjects = [c for c in cands if c[0].subject]
        if subjects and subjects[0] is cands[0]:
            return cands[0][0].key
        if known and known[0] is cands[0]:
            return cands[0][0].key
        return None


def _strip_det(m: str) -> str:
    parts = m.split(None, 1)
    if len(parts) == 2 and parts[0].lower() in _DETERMINERS:
        return parts[1]
    return m
