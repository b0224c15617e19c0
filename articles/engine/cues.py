"""Attribution cues: the reporting verb next to a quote and the words naming its speaker.

Attribution is looked for right after the closing mark (`"...," Homan told journalists`,
`"...," said Miller`, `"...," according to X`) and, failing that, before the opening mark in
the same sentence (`Smith said: "..."`, `Roe argued that "..."`). The words found here are
resolved to a full name by `articles.engine.speakers`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from articles.engine import lexicon as lx
from articles.engine.text import alternation, first_letter, may_end_with

_VERB_ALT = alternation(set(lx.CUE_VERBS))


# Verbs of two words that report speech after a quote: "“...,” Roe chimed in."
_PHRASAL_CUES = frozenset(
    {"pointed out", "went on", "shot back", "fired back", "chimed in", "cut in", "piped up"}
)
_VERB_OR_MULTI = alternation({*lx.CUE_VERBS, *lx.CUE_PASSIVE, *_PHRASAL_CUES})


_ANY_CUE_WORDS = frozenset({*lx.CUE_VERBS, *lx.CUE_PARTICIPLES, *lx.CUE_PASSIVE, *_PHRASAL_CUES})
_ANY_CUE = alternation(_ANY_CUE_WORDS)


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
    rf"[\s,—–-]*(?:(?:has|have|had)\s+)?{first_letter(lx.CUE_VERBS)}({_VERB_ALT})\b({_MEDIUM})"
    r"\s+(?=\S)",
    re.IGNORECASE,
)


# `, according to the fire service`
_ACCORDING_AFTER = re.compile(r"[\s,—–-]*(according to)\s+(?=\S)", re.IGNORECASE)


# `, Homan told journalists` / `, a spokeswoman for the authority said`
_NORMAL = re.compile(
    rf"[\s,—–-]*([^!?;“”\"«»„]{{1,200}}?)\s+{_ADVERB}"
    rf"({_VERB_OR_MULTI})\b({_MEDIUM})",
)


# (``first_letter``: each word's end, where no cue starts, fails at once.)
VERB_ANY = re.compile(rf"\b{first_letter(_ANY_CUE_WORDS)}({_ANY_CUE})\b({_MEDIUM})", re.IGNORECASE)


_ACCORDING_BEFORE = re.compile(r"\b[Aa]ccording to\s+([^,“”\"«»„]{2,80}?)\s*,?\s*$")


MENTION_STOP = re.compile(
    r"\s+(?:on|in|at|during|after|before|while|when|who|whose|which|that|as|to|from|"
    r"outside|inside|with|via|about|last|this|yesterday|today|earlier|later|adding|"
    r"before|and|but)\b|\s+[—–-]\s+|[,;:()“”\"«»„]"
)


DETERMINERS = frozenset(
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


# A word right after one of these is a noun ("those claims", "the reports"), not a verb.
_AFTER_DETERMINER = re.compile(
    r"(?:\b(?:the|a|an|those|these|this|that|his|her|its|their|our|such)|\w[’']s)\s+$",
    re.IGNORECASE,
)
# "was branded", "has been hailed", "is being described": a passive, whose subject is the
# one spoken about.
_PASSIVE_BEFORE = re.compile(r"\b(?:was|were|been|being|is|are|be)\s+(?:\w+ly\s+)?$")
_PASSIVE_ENDS = ("was", "were", "been", "being", "is", "are", "be", "ly")
_AFTER_ARTICLE = re.compile(r"(?:\b(?:the|a|an|his|her|its|their|our)|\w[’']s)\s+$", re.IGNORECASE)
# A past verb right before a word in -s makes it a plural noun: "rejected calls to resign".
_AFTER_PAST_VERB = re.compile(r"\b[a-z]{2,}ed\s+$")


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


_GAP_STOP = re.compile(r"[.!?;]")


_WORD = re.compile(r"[\w’'.\-]+")


_TRAILING_AGE = re.compile(r",\s*\d{1,3}\s*,?\s*$")
# "Sen. Jane Roe, D-Ohio, said": a party and state tag between commas is not the speaker.
_TRAILING_PARTY = re.compile(r",\s*\(?[DRI]-[A-Z][A-Za-z.]*\)?\s*,?\s*$")


# ", Pauline Carver" right after a role mention: the name in apposition.
_APPOSED_NAME = re.compile(
    r",[ \t\u00a0]+((?:[A-Z][\w’'\-]*\.?[ \t\u00a0]+){1,3}[A-Z][\w’'\-]*)(?=[ \t]*[,.;:!?]|\s*$)"
)


# Auxiliaries between a subject and its reporting verb: "She has promised", "Kim had said".
_NAME_BEFORE_PARTICIPLE = re.compile(
    r"\b(?:with|as)\s+((?:[A-Z][\w’'.\-]+\s+){0,2}[A-Z][\w’'\-]+)\s+(?:\w+ly\s+)?$"
)
_WHEN_ASKED = re.compile(r"\b(?:when|if|after|before|once|as)\s+$", re.IGNORECASE)
_WHO_BACK = re.compile(
    r"(?:((?:[A-Z][\w’'.\-]+\s+){0,3}[A-Z][\w’'\-]+),"
    # (without the comma, a full name: "from Rikki Dale who tweeted", not "in Pellham who")
    r"|(?<!\bin\s)(?<!\bat\s)((?:[A-Z][\w’'.\-]+\s+){1,3}[A-Z][\w’'\-]+))"
    r"\s+who\s+(?:(?:also|later|then|\w+ly)\s+)?$"
)
_WHICH_BACK = re.compile(
    r"((?:[A-Z][\w’'.\-]+\s+){0,3}[A-Z][\w’'\-]+)(?:[’']s?)?\s+(?:report|study|analysis|"
    r"statement|poll|survey|editorial|article|audit|review),?\s+which\s+"
    r"(?:(?:also|later|then|\w+ly)\s+)?$"
)
_AND_BACK = re.compile(r"\s+and\s+(?:(?:later|then|also|\w+ly)\s+)?$")
_NAMING_VERBS = frozenset({"called", "named", "titled", "dubbed"})
_NAMING_USE = re.compile(r"(?:called|named|titled|dubbed)\s+[“\"‘]")
# "Roe interjected to say", "Roe went on to say", "Roe took to Twitter to say"
_WHAT_CALLED = re.compile(
    r"\b[Ww]hat\s+((?:[A-Z][\w’'.\-]+\s+){0,2}[A-Z][\w’'\-]+|he|she|they|it|we)"
    r"\s+(?:had\s+|has\s+|once\s+)?$"
)
_TO_SAY = re.compile(r"\s+(?:\w+ed|went\s+on|took\s+to\s+\w+)\s+to\s*$")
_ADV_WORDS = (
    "also since already now long repeatedly often never once first initially later then"
    " again still just"
).split()
_ADV_BACK = rf"(?:{'|'.join(_ADV_WORDS)}|[a-z]+ly)"
_AUX_WORDS = "has have had will would may might could can".split()
_SELF_WORDS = "himself herself themselves itself".split()
_HABIT_WORDS = "likes liked loves loved tends tended used".split()  # then "to"


def _either_case(words: list[str]) -> str:
    """An alternation of ``words`` with or without a capital first letter."""
    return "|".join(f"[{w[0].upper()}{w[0]}]{w[1:]}" for w in words)


_AUX_BACK = re.compile(
    rf"\s+(?:(?:{_either_case(_AUX_WORDS)})"
    rf"(?:\s+have)?(?:\s+{_ADV_BACK})?|{_ADV_BACK}"
    # "Lyle himself posted", "Mayor Jo Roe likes to say": the name before them speaks
    rf"|(?:{'|'.join(_SELF_WORDS)})(?:\s+{_ADV_BACK})?"
    rf"|(?:{_either_case(_HABIT_WORDS)})\s+to)\s*$"
)
# The words ``_AUX_BACK`` ends with ("ly" for "[a-z]+ly"), from the lists it is made of.
_AUX_ENDS = (*_ADV_WORDS, "ly", *_AUX_WORDS, *_SELF_WORDS, "to")


def _aux_back(text: str, lo: int, hi: int) -> re.Match | None:
    """``_AUX_BACK.search(text, lo, hi)``, tried only when the last word there could end it
    (the search tries every place of the window)."""
    return _AUX_BACK.search(text, lo, hi) if may_end_with(text[lo:hi], _AUX_ENDS) else None


@dataclass(slots=True)
class Attribution:
    cue: str
    cue_start: int
    mention: str | None
    mention_start: int | None
    mention_end: int | None
    before: bool  # the attribution precedes the quote


# A name of one to three capitalised words: "Ilya Brandt", "Wendel", "Dr. Ann Lee".
NAME_WORDS = r"(?:[A-Z][\w’'.\-]*[ \t\u00a0]+){0,2}[A-Z][\w\-]*"
# "said Brandt and Wendel", "Brandt and Wendel said": a second name joined to the speaker's.
_AND_NAME_AFTER = re.compile(
    rf"[ \t\u00a0]+and[ \t\u00a0]+({NAME_WORDS})"
    r"(?=[ \t\u00a0]*(?:[.,;:!?\n]|$|[a-z]))(?![’']s)"
)
_NAME_AND_BEFORE = re.compile(rf"(?<![\w’'])({NAME_WORDS})[ \t\u00a0]+and[ \t\u00a0]+$")
_BARE_NAME = re.compile(NAME_WORDS)


def _and_before(text: str, s: int) -> bool:
    """Does "and" and a space end the text before ``s`` (or before a newline there), as
    ``_NAME_AND_BEFORE`` needs? A quick test: that search tries every place of its window."""
    head = text[max(0, s - 60) : s]
    if head[-1:] == "\n":
        head = head[:-1]  # ("$" matches before a newline that ends the window too)
    return head[-1:] in (" ", "\t", "\u00a0") and head.rstrip(" \t\u00a0").endswith("and")


def with_partner(text: str, att: Attribution | None) -> Attribution | None:
    """The attribution with a second name joined to its speaker's by "and" ("said Brandt and
    Wendel", "Brandt and Wendel said"), as one mention of the two."""
    if att is None or att.mention_start is None or att.mention_end is None:
        return att
    s, e = att.mention_start, att.mention_end
    if not ("A" <= text[s : s + 1] <= "Z"):
        return att  # (a name of ``_BARE_NAME`` opens with a capital A-Z: "he" is none)
    if not _BARE_NAME.fullmatch(text, s, e) or text[s:e].split()[0].lower() in lx.STOP_CAPS:
        return att
    after = _AND_NAME_AFTER.match(text, e)
    if after and after.group(1).split()[0].lower() not in lx.STOP_CAPS:
        e = after.end(1)
    else:
        before = _NAME_AND_BEFORE.search(text, max(0, s - 60), s) if _and_before(text, s) else None
        if (
            not before
            or before.group(1).split()[0].lower() in lx.STOP_CAPS
            # "Institute for Harbour and Coastal Studies": one organisation's name
            or text[: before.start(1)].rstrip().rsplit(None, 1)[-1:] in (["for"], ["of"], ["&"])
        ):
            return att
        s = before.start(1)
    return replace(att, mention=text[s:e], mention_start=s, mention_end=e)


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
    two = _TWO_OFFICES.match(text, s, seg_end)
    if (
        two
        and two.group(1).split()[0].lower() not in DETERMINERS
        and _office_end(two.group(1))
        and _office_end(two.group(2))
    ):
        return two.span(3)  # "said Quillmart CEO and board chair Tessa Obi": one person
    m = MENTION_STOP.search(text, s, seg_end)
    e = m.start() if m else seg_end
    s, e = _trim(text, s, e)
    if text.startswith(",", e) and _LONE_ADJECTIVE.fullmatch(text, s, e):
        # "said the bespectacled, 71-year-old diplomat": the comma parts two adjectives
        m2 = _DESCRIPTION_STOP.search(text, e + 1, seg_end)
        e2 = m2.start() if m2 else seg_end
        if _COORDINATE_DESCRIPTION.fullmatch(text, s, e2):
            return _trim(text, s, e2)
    # After a name, a lower-case word ends it ("sagte Albers am Montag").
    seen_cap = False
    for wm in _WORD.finditer(text, s, e):
        w = wm.group()
        if _ORDINAL.fullmatch(w):
            continue  # "Valmora Guard 1st Lt. Tia Quill": a rank's ordinal
        if w[:1].isupper() and w.lower() not in _DAY_WORDS:
            seen_cap = True
        elif seen_cap and w not in lx.NAME_PARTICLES and w not in lx.ORG_CONNECTORS:
            # "said Valmora Union president Jane Roe": role words, then the person's name.
            rn = _ROLE_THEN_NAME.match(text, wm.start(), e)
            if rn and not any(x.lower() in _ROLE_GAP_STOP for x in rn.group(1).split()):
                e = rn.end()
                break
            rest = text[wm.start() : e]
            if (
                _ROLE_WORDS.fullmatch(rest)
                and not any(x in _ROLE_GAP_STOP for x in rest.split())
                and _APPOSED_NAME.match(text, e, min(len(text), e + 80))
            ):
                break  # "said Roe's campaign manager, Jo Quill": the name follows the role
            rw = rest.split()
            if (
                len(rw) <= 2
                and text[wm.start() - 2 : wm.start()].rstrip()[-1:] in ("’", "'", "s")
                and rw[-1] in _WHOSE_HEADS
                and re.search(r"[’']s?\s*$", text[s : wm.start()])
            ):
                break  # "said Roe's campaign", "said Reyes' spokesman": whose it is
            wn = _WHOSE_ROLE_NAME.match(text, wm.start(), e)
            if (
                wn
                and re.search(r"[’']s?\s*$", text[s : wm.start()])
                and not any(x in _ROLE_GAP_STOP for x in wn.group().split()[:-1])
            ):
                e = wn.end()  # "said Ms. Roe's sister Odile": the sister speaks
                break
            if w in lx.ROLE_NOUNS and not text[wm.end() : e].strip():
                e = wm.end()  # "says the Kestrel Bay Harriers captain": the team's captain
                break
            if (
                text[s:e].split(None, 1)[0].lower() in ("the", "a", "an")
                and len(rest.split()) <= 2
                and rest.replace("-", "").replace(" ", "").isalpha()
                and rest.islower()
                and rest.split()[-1] not in _DOCUMENT_HEADS
            ):
                break  # "said the New York businessman, who ...": a description, whole
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


# What an organisation issues, kept apart from its name ("a Pentagon readout" is the
# Pentagon's).
_DOCUMENT_HEADS = frozenset(
    "readout statement report release memo memorandum email letter filing transcript".split()
)


# Two offices joined by "and", then the one name that holds both.
_TWO_OFFICES = re.compile(
    r"\s*((?:[\w’'\-]+[ \t\u00a0]+){0,3}[\w’'\-]+\.?)[ \t\u00a0]+and[ \t\u00a0]+"
    r"((?:[\w’'\-]+[ \t\u00a0]+){0,4}[\w’'\-]+)[ \t\u00a0]+"
    r"((?:[A-Z][\w’'.\-]+[ \t\u00a0]+){1,2}[A-Z][\w’'\-]+)\b"
)


def _office_end(words: str) -> bool:
    """Do ``words`` end with an office ("Quillmart CEO", "board chair")?"""
    last = words.split()[-1]
    return last in lx.ROLE_ACRONYMS or last.lower().rstrip(".") in lx.OFFICE_WORDS


_DAY_WORDS = frozenset(lx.WEEKDAYS) | frozenset(lx.MONTHS)
# "said Roe's campaign", "said Reyes' spokesman": heads that say whose words these are.
_WHOSE_HEADS = lx.ORG_HEADS | lx.SPOKES_HEADS | {"campaign", "team"}
_SOURCE_HEADS = lx.SPOKES_HEADS | lx.MEDIA_HEADS
_LEAD_IN_HEADS = lx.ORG_HEADS | lx.ROLE_NOUNS | lx.MEDIA_HEADS
# Lower-case role words and a full name after them: "delegate Jane Roe", "chief of staff Jo Ro".
_ROLE_THEN_NAME = re.compile(
    r"((?:[a-z][a-z\-]+[ \t\u00a0]+){0,3}[a-z][a-z\-]+(?:,?[ \t\u00a0]+))"
    r"(?:[A-Z][\w’'.\-]*[ \t\u00a0]+){1,3}[A-Z][\w’'\-]*"
)
# A head noun and a one-word name after it: "magazine Ledgerly", "rapper Quillo".
_HEAD_THEN_NAME = re.compile(
    rf"(?:{alternation(_LEAD_IN_HEADS)})[ \t\u00a0]+([A-Z][\w’'\-]+)(?=[ \t\u00a0]+[a-z])"
)
_ROLE_WORDS = re.compile(r"(?:[a-z][a-z\-]+[ \t\u00a0]*){1,4}")
_ROLE_GAP_STOP = (
    DETERMINERS
    | _STOP_BACK
    | frozenset(lx.CUE_VERBS)
    | {"in", "at", "on", "to", "for", "with", "by", "from", "after", "before", "during", "told"}
)
_SOURCE_OF = re.compile(r"\s+(?:from|of|by|for|at)\s+(?=\S)")
_SOURCE_IN = re.compile(r"\s+(?:from|of|by|in)\s+(?=[A-Z]|the\s+[A-Z])")


def _with_source(text: str, span: tuple[int, int], limit: int) -> tuple[int, int]:
    """ "a statement" + " from the ministry": keep whose statement it is."""
    words = text[span[0] : span[1]].split()
    if not words or words[-1].lower() not in _SOURCE_HEADS:
        return span
    # "an editorial in The Example Gazette": an outlet's piece appears in it.
    rx = _SOURCE_IN if words[-1].lower() in lx.MEDIA_HEADS else _SOURCE_OF
    m = rx.match(text, span[1], limit)
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
    if len(words) == 1 and words[0].lower() in ("the", "a", "an"):
        return False  # "the charged term": an article alone names no one
    if inverted and (any(w[:1].isupper() for w in words[:4]) or words[-1][:1].isupper()):
        return True  # "said ex-NYPD organized crime detective Jo Quill": role words, a name
    first = words[0]
    low = first.lower()
    return (
        first[:1].isupper()
        or low in DETERMINERS
        or low in lx.SUBJECT_PRONOUNS
        or low in lx.ORG_HEADS
        or low in {"police", "officials", "prosecutors", "investigators", "witnesses"}
    )


# Words that open a sentence before its subject: "But Maria Whitfield, a lawyer, said".
_OPENERS = frozenset({"but", "and", "yet", "so", "still", "then", "meanwhile", "however", "now"})
# Words that open a clause of its own mid-sentence, before its subject.
_CLAUSE_OPENERS = frozenset({"while", "whereas", "although", "though"})
# An answer given to a question quoted before it: "... said yes".
_ANSWERED = re.compile(r"\s+(?:yes|no)\b")
# ... or that opens a clause about what happened next: "Roe said, “...” - at which point the
# crowd chanted": the crowd's words are the next quote's, these are Roe's.
_NEXT_EVENT = frozenset({"at which point", "at which time", "whereupon", "after which"})
_CLAUSE_AFTER = re.compile(rf"[\s,—–-]*(?:{alternation(_CLAUSE_OPENERS | _NEXT_EVENT)})\b")


def _without_opener(phrase: str) -> str:
    """``phrase`` without a sentence-opening conjunction ahead of its first word (capitalised:
    in "Trump, who called it “insanity,” and Sanders" the "and" joins two subjects)."""
    first, _, rest = phrase.partition(" ")
    if rest and first[:1].isupper() and first.rstrip(",").lower() in _OPENERS:
        return rest.lstrip()
    if rest and first.lower() in _CLAUSE_OPENERS and rest.lstrip()[:1].isupper():
        return rest.lstrip()  # "“...” while Ilse Varga, a former inspector, said": Varga
    return phrase


def _looks_like_name(phrase: str) -> bool:
    """ "Eleanor Shaw", "The Example Heart Association"; not "Outside court" or "Later"."""
    words = phrase.split()
    if words and words[0] in ("The", "the") and len(words) > 1:
        words = words[1:]
    if not words or len(words) > 6 or words[0].lower() in lx.STOP_CAPS:
        return False
    return words[0][:1].isupper() and all(
        w[:1].isupper()
        or w in lx.NAME_PARTICLES
        or w in lx.ORG_CONNECTORS
        or _ARTICLE_SURNAME.match(w) is not None  # "Ahmed al-Masri"
        for w in words
    )


# An Arabic article joined to a surname: "Bashar al-Assad", "Ahmed al-Masri"
_ARTICLE_SURNAME = re.compile(r"(?:al|el|ad|an|ar|as|ash|at|az)-[^\W\d_a-z]")


# When, written between the speaker and the verb: "The Gazette on Monday said", "the board
# on October 3 said", "Roe later Tuesday told".
_DAY_PARTS = ("morning", "afternoon", "evening", "night")
_TRAILING_WHEN = re.compile(
    r"\s+(?:(?:later|earlier|again|also)\s+)?(?:(?:on|early|late|last|this)\s+)?"
    rf"(?:(?:{alternation(w.title() for w in lx.WEEKDAYS)})"
    rf"(?:\s+(?:{'|'.join(_DAY_PARTS)}))?"
    rf"|(?:{alternation(w.title() for w in lx.MONTH_NAMES)})\.?"
    r"\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?"
    # "The Valmoran Navy in November said"
    rf"|in\s+(?:{alternation(w.title() for w in lx.MONTH_NAMES)})(?:\s+\d{{4}})?)$"
)
# What ``_TRAILING_WHEN`` ends with: a weekday, a part of the day, a month, a day or a year.
_WHEN_ENDS = (*lx.WEEKDAYS, *_DAY_PARTS, *lx.MONTH_NAMES, "st", "nd", "rd", "th", *"0123456789")


_PLACE_PART = re.compile(r"(?:[A-Z][\w’'\-]+\s+){1,3}(?:" + alternation(lx.PLACE_WORDS) + r")")
_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)")
_FROM_PART = re.compile(r"(?:of|from)\s+[A-Z][\w.’'\- ]{1,40}|[A-Z][a-z]{0,4}\.(?:[A-Z]\.)?")


# "the bespectacled, 71-year-old diplomat": a description whose adjectives a comma parts.
# (the first reads as an adjective; two to four words follow, none a function word)
_ADJECTIVE_END = r"(?:ed|ful|ous|ive|al|ic|ish|less|able|ible|ant|ent)"
_NOT_DESCRIPTION_WORDS = (
    r"(?!(?:which|who|whom|whose|that|he|she|they|it|we|as|but|and|or|the|a|an|did|was|is)\b)"
)
_COORDINATE_DESCRIPTION = re.compile(
    rf"(?:[Tt]he|[Aa]n?)\s+[a-z][\w\-]*{_ADJECTIVE_END},\s+"
    rf"{_NOT_DESCRIPTION_WORDS}[a-z0-9][\w\-]*(?:\s+{_NOT_DESCRIPTION_WORDS}[a-z][\w\-]*){{1,3}}$"
)


_DESCRIPTION_STOP = re.compile(MENTION_STOP.pattern + r"|[.!?\n]")
_LONE_ADJECTIVE = re.compile(r"(?:[Tt]he|[Aa]n?)\s+[a-z][\w\-]*")


def _trailing_mention(text: str, s: int, e: int) -> tuple[int, int] | None:
    """The noun phrase ending right before a verb: "the company", "Tom Homan", "she".

    An apposition between commas is skipped ("Eleanor Shaw, a senior economist, remarked").
    """
    verb_at = e
    seg = text[s:e]
    aside = _DASH_ASIDE.search(text, s, e) if "—" in seg or "–" in seg else None
    if aside and aside.start() > s:
        # "Quillon's Tom Varga — who heads its server group — tells", "her ad, which — as
        # Quill noted — promises": the subject before the aside.
        rel = _RELATIVE_END.search(text, s, aside.start())
        return _trailing_mention(text, s, rel.start() if rel else aside.start())
    s, e = _trim(text, s, e)
    if s >= e:
        return None
    when = _TRAILING_WHEN.search(text, s, e) if may_end_with(text[s:e], _WHEN_ENDS) else None
    if when is not None:
        s, e = _trim(text, s, when.start())
        if s >= e:
            return None
    seg = text[s:e]
    po = seg.rfind("(")
    if po >= 0 and ")" not in seg[po:]:
        # "... what it was (Jo Quinn, who ..., once said, “...”)": the aside's own subject.
        s, e = _trim(text, s + po + 1, e)
        if s >= e:
            return None
        seg = text[s:e]
    # "Jo Quinn, 52, a teacher, said": an age between commas is not the speaker.
    while True:
        am = _TRAILING_AGE.search(seg) or ("-" in seg[-14:] and _TRAILING_PARTY.search(seg))
        if not am:
            break
        seg = seg[: am.start()] + " " * (len(seg) - am.start())
        e = s + len(seg.rstrip())
        seg = text[s:e]
    ca = _COORDINATE_DESCRIPTION.search(seg) if "," in seg else None
    if ca and (ca.start() == 0 or seg[ca.start() - 1] in " ,"):
        return _trim(text, s + ca.start(), e)  # "the bespectacled, 71-year-old diplomat"
    parts = [p for p in seg.split(",") if not p.strip().isdigit()]
    # "Ema Quill, a doctor at a clinic in Alder town, Valmora district, told": a place
    # closing the apposition is part of it, not the speaker.
    while len(parts) >= 3 and _PLACE_PART.fullmatch(parts[-1].strip()):
        parts = parts[:-1]
        e = s + len(",".join(parts).rstrip())
        seg = text[s:e]
    if len(parts) >= 2:
        last = parts[-1].strip()
        k = len(parts) - 2
        # "Jo Quill, 30, of Port Alder, Va., who was polled, said": past where the person is from
        while k > 0 and _FROM_PART.fullmatch(parts[k].strip()):
            k -= 1
        prev = _without_opener(parts[k].strip().lstrip('([“"‘'))
        last_low = last.split()[0].lower() if last else ""
        if last and (
            last_low in {"a", "an", "the", "who", "which"}
            or last_low.endswith(("’s", "'s", "s’"))
            or (last[:1].islower() and last_low not in lx.SUBJECT_PRONOUNS)
        ):
            if (
                _looks_like_name(prev)
                # (not "..., former UN Ambassador Jo Quill told": a name closes that part)
                # (an aside: "in an attempt to ...", "wearing a hat", "a delegate"; not "but")
                # (and the name opens the part before the verb: not "Roe for Governor, the
                # campaign of nominee Jo Roe, a former regulator, said")
                or (
                    k == 0
                    and _role_then_name(prev)
                    and not _NAME_CLOSES.search(last)
                    and (
                        last_low in _ASIDE_OPENERS
                        or last_low.endswith("ing")
                        or last_low in {"a", "an", "the", "who", "which"}
                    )
                )
                or (
                    last_low in {"who", "whose", "which"}
                    and prev
                    and text[s:verb_at].rstrip().endswith(",")
                )
            ):
                # apposition: "Name, a role," -> "Name"; a relative clause closed before the
                # verb: "An aide, who spoke on condition of anonymity, said" -> "An aide"
                # (not "Roe, who Quill called": there "who" is the verb's object)
                off = s + seg.rfind(prev, 0, len(seg) - len(parts[-1]) - 1)
                if " and " in prev and all(
                    w[:1].isupper() or w in lx.ORG_CONNECTORS for w in prev.split()
                ):
                    return _trim(text, off, off + len(prev))  # "Arts and Sciences": one name
                return _trailing_mention(text, off, off + len(prev))
        role = _CAPS_ROLE_AT.fullmatch(last) if last[:1].isupper() else None
        if (
            role
            and len(parts) == 2
            and role.group(1).split()[-1].lower() in lx.ROLE_NOUNS
            and _looks_like_name(prev)
        ):
            # "Oskar Brandt, Deputy Fire Officer at the Valmora Fire Service says": the
            # apposition's closing comma left out; the person speaks, not their office.
            off = s + seg.find(prev)
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
        if low in DETERMINERS or w[:1].isupper() or low in lx.ORG_HEADS or low == "police":
            best = i
        i -= 1
    if best is None:
        best = start_i
    ms = words[best].start()
    return ms, e


# Words that open an aside between a name and its verb: "..., in an attempt to ..., wrote"
_ASIDE_OPENERS = frozenset(
    "in for at on during after before with without like unlike as despite amid".split()
)
# A phrase ending with two capitalised words: "former UN Ambassador Jo Quill"
_NAME_CLOSES = re.compile(r"[A-Z][\w’'\-.]*\s+[A-Z][\w’'\-]+$")
# "Example Gazette columnist Mara Quill", "Ohio delegate Bill Easton": a name after its role.
_ROLE_NAME_END = re.compile(r"\b([a-z][a-z\-]+)\s+((?:[A-Z][\w’'\-]*\.?\s+){1,3}[A-Z][\w’'\-]+)$")


def _role_then_name(phrase: str) -> bool:
    """Does a phrase end with a name after a lowercase role word ("Example Gazette columnist
    Mara Quill")? Then an aside between commas after it ("..., in an attempt to ..., wrote")
    is not the speaker; the name is."""
    m = _ROLE_NAME_END.search(phrase)
    return m is not None and m.group(1) in lx.ROLE_NOUNS and _looks_like_name(m.group(2))


# A capitalised office and where it is held: "Deputy Chief Fire Officer at Valmora Fire".
_CAPS_ROLE_AT = re.compile(
    r"((?:[A-Z][\w\-]*[ \t\u00a0]+){0,4}[A-Z][\w\-]*)[ \t\u00a0]+(?:at|of|for|with)[ \t\u00a0]+"
    r"(?:the[ \t\u00a0]+)?[A-Z][^,;:“”\"]*"
)
# An aside between dashes that closes right before the verb: " — who heads the unit — ".
_DASH_ASIDE = re.compile(r"[ \t\u00a0]*[—–][^—–“”\"\n]{1,200}[—–][ \t\u00a0]*$")
# "said Ms. Roe's sister Odile": whose relative or aide, then a one-word name.
_RELATIVE_END = re.compile(r",?[ \t\u00a0]+(?:which|who|that)[ \t\u00a0]*$")
_WHOSE_ROLE_NAME = re.compile(r"(?:[a-z][a-z\-]+[ \t\u00a0]+){1,2}[A-Z][\w\-]+\b")


# "..., the Example Gazette quoted witness Jo Roe as saying": the one quoted speaks.
_QUOTED_AS = re.compile(
    r"[\s,—–-]*[^!?;“”\"«»„]{0,80}?\bquoted\s+([^!?;,“”\"«»„]{2,80}?)\s+as\s+(?:saying|telling)\b"
)


# "... was asked by host Pim Carvel, who backs her, “": the asker and an aside, then the quote.
_ASKED_BY_BEFORE = re.compile(
    r"\b(?:was|were|is|are|being|been)\s+asked\s+by\s+([^!?;:“”\"«»„]{2,140}?)\s*[,:]?\s*$"
)
_QUOTED_AS_BEFORE = re.compile(
    r"\bquoted\s+([^!?;,“”\"«»„]{2,80}?)\s+as\s+(?:saying|telling\s+[\w\s]{1,30}?)"
    # "... as saying that Talvia “does not ...”", "... as saying the drones had been “...”":
    # words of the clause before the quoted ones
    r"(?:(?:\s+that)?\s+[^!?;:.“”\"«»„]{1,80}?)?\s*[,:]?\s*$"
)


def find_after(text: str, close_end: int, limit: int) -> Attribution | None:
    """Attribution starting right after a quote's closing mark, before ``limit``."""
    m = _QUOTED_AS.match(text, close_end, limit) if "quoted" in text[close_end:limit] else None
    if m:
        span = _trailing_mention(text, m.start(1), m.end(1))
        if span and _valid_subject(text[span[0] : span[1]], inverted=True):
            return Attribution("quoted as saying", m.start(), text[span[0] : span[1]], *span, False)
    m = _INVERTED.match(text, close_end, limit)
    if m:
        span = _mention_after_verb(text, m.end(), limit)
        if span and (not text[span[0]].isupper() or text[span[0] : span[1]].split()[-1].islower()):
            # "said a spokeswoman, Jo Roe" / "said Roe's campaign manager, Jo Quill"
            ap = _APPOSED_NAME.match(text, span[1], limit + 1)
            if ap:
                span = ap.start(1), ap.end(1)
        if span:
            span = _with_source(text, span, limit)
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
    if m and _ANSWERED.match(text, m.end()):
        # "Asked whether she “has the integrity to serve,” 75 percent said yes": the words
        # quoted are the question's, not theirs.
        m = None
    if m and _CLAUSE_AFTER.match(text, close_end, m.start(2)):
        # "Roe said there was “...” while Quill said “...”": the clause after the quote is
        # someone else's, with words of its own.
        m = None
    if m:
        # "..., Roe has said": the auxiliary is no part of the speaker.
        aux = _aux_back(text, max(m.start(1), m.end(1) - 30), m.end(1) + 1)
        span = _trailing_mention(text, m.start(1), aux.start() if aux else m.end(1))
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


# A name opening a sentence, an apposition, then its verb: "Quillgrass, a maker of
# garden tools, issued a statement".
_LEADING_APPOSED = re.compile(
    r"\s*((?:[A-Z][\w’'.\-]+\s+){0,3}[A-Z][\w’'\-]+),\s+(?:a|an|the|who|which)\s"
    r"[^,;:“”\"«»]{1,100},\s+(?:also\s+|then\s+|later\s+)?(?=[a-z]{3,})"
)
# A name opening a sentence and followed by a lower-case word (its verb).
_LEADING_NAME = re.compile(
    r"\s*((?:[A-Z][\w’'.\-]+\s+){0,3}[A-Z][\w’'\-]+)(?=\s+(?:also\s+|then\s+)?[a-z]{3,})"
)


# A document that "found" the words quoted next: "A 2014 House Ports Committee report found
# “...”", "the audit finds that “...”" (the sentence's subject, opening it or after a comma).
_DOCUMENT_FOUND = re.compile(
    r"(?:^|[.,;:]\s+|\n)((?:[Aa]n?|[Tt]he|[Ii]ts|[Tt]heir)\s+(?:[\w’'\-]+\s+){0,6}?"
    r"(?:report|study|survey|audit|review|analysis|investigation|inquiry|poll))"
    r"\s+(?:also\s+)?(found|finds)(?:\s+that)?\s*$"
)


def find_before(text: str, start: int, open_pos: int) -> Attribution | None:
    """Attribution in the same sentence before a quote's opening mark."""
    if open_pos - start > 400:
        start = open_pos - 400
    window = text[start:open_pos]
    m = _QUOTED_AS_BEFORE.search(window) if "quoted" in window else None
    if m:
        # "The Gazette quoted Mayor Jane Roe as saying that “...”": the one quoted.
        span = _trailing_mention(text, start + m.start(1), start + m.end(1))
        if span and _valid_subject(text[span[0] : span[1]], inverted=True):
            s0 = start + m.start()
            return Attribution("quoted as saying", s0, text[span[0] : span[1]], *span, True)
    m = _ACCORDING_BEFORE.search(window) if "ccording to" in window else None
    if m:
        s, e = _trim(text, start + m.start(1), start + m.end(1))
        return Attribution("according to", start + m.start(), text[s:e], s, e, True)
    m = _ASKED_BY_BEFORE.search(window) if "asked by" in window else None
    if m:
        # "Roe was asked by host Pim Carvel, who backs her, “...?”": the one asking speaks.
        span = _mention_after_verb(text, start + m.start(1), start + m.end(1))
        if span and _valid_subject(text[span[0] : span[1]], inverted=True):
            return Attribution("asked", start + m.start(), text[span[0] : span[1]], *span, True)
    m = _DOCUMENT_FOUND.search(window) if "f" in window[-16:] else None
    if m:
        # "A 2014 House Ports Committee report found “...”": a finding is the document's
        # words, so its author's; no other verb reports them.
        s, e = start + m.start(1), start + m.end(1)
        return Attribution(m.group(2).lower(), start + m.start(2), text[s:e], s, e, True)
    last = None
    for vm in VERB_ANY.finditer(text, start, open_pos):
        if vm.start() > 0 and text[vm.start() - 1] == "-":
            continue  # "so-called" is no reporting verb
        v = vm.group(1).lower()
        if v in _NAMING_VERBS and vm.end() < open_pos - 1 and _NAMING_USE.match(text, vm.start(1)):
            continue  # "a class called “Perception”": a name given, not speech
        if v in ("asked", "told") and _WHEN_ASKED.search(
            text, max(start, vm.start(1) - 8), vm.start(1)
        ):
            continue  # "who said, when asked about it, ...": the question, not the answer
        if v.endswith("ed") and _AFTER_ARTICLE.search(
            text, max(start, vm.start(1) - 8), vm.start(1)
        ):
            continue  # "the estimated $2 million repair bill": an adjective, not a verb
        lo = max(start, vm.start(1) - 20)
        if may_end_with(text[lo : vm.start(1)], _PASSIVE_ENDS) and _PASSIVE_BEFORE.search(
            text, lo, vm.start(1)
        ):
            # "Roe, who was branded by critics as “...”": words said of Roe, not by anyone
            # the sentence named before
            last = None
            continue
        last = vm
    if last is None:
        return None
    gap = text[last.end() : open_pos]
    if len(gap) > 80 or _GAP_STOP.search(gap):
        return None
    verb_start = last.start(1)
    verb = last.group(1)
    wc = (
        _WHAT_CALLED.search(text, max(start, verb_start - 24), verb_start)
        if "hat" in text[max(start, verb_start - 24) : verb_start]
        else None
    )
    if wc is not None and verb.lower() in _NAMING_VERBS:
        # "denounced the council for what he called a “hostile takeover”": the pronoun's
        # words, whoever else the sentence names before it.
        return Attribution(verb, verb_start, wc.group(1), *wc.span(1), True)
    if verb.lower() in lx.CUE_PARTICIPLES:
        # "..., adding that ..." reports the subject of the main verb before it.
        earlier = None
        for vm in VERB_ANY.finditer(text, start, verb_start):
            v = vm.group(1).lower()
            if v not in lx.CUE_PARTICIPLES and not (
                v in _NAMING_VERBS and _NAMING_USE.match(text, vm.start(1))
            ):
                if _AFTER_DETERMINER.search(text, max(start, vm.start(1) - 12), vm.start(1)):
                    continue  # "Roe denied those claims, calling them": a noun, not a verb
                if v.endswith("s") and _AFTER_PAST_VERB.search(
                    text, max(start, vm.start(1) - 20), vm.start(1)
                ):
                    continue  # "Roe rejected calls to resign, saying": a noun again
                earlier = vm
        if earlier is None:
            # "Roe toured the plant on Monday, saying: “...”": no reporting verb before the
            # participle, so the name opening the sentence is the one speaking.
            lead = _LEADING_NAME.match(text, start, verb_start) or _LEADING_APPOSED.match(
                text, start, verb_start
            )
            if lead is not None and _looks_like_name(lead.group(1)):
                span = lead.span(1)
                rn = _ROLE_THEN_NAME.match(text, lead.end(1) + 1, verb_start)
                if (
                    rn
                    and not any(x.lower() in _ROLE_GAP_STOP for x in rn.group(1).split())
                    # (not "Mayor Jane Roe attacked Mark Quill, saying": a verb and its object)
                    and not any(
                        x.endswith("ed") and x not in lx.ROLE_NOUNS for x in rn.group(1).split()
                    )
                ):
                    # "Valmora party leader Jane Roe took to the stage, saying": the person
                    span = (rn.start() + len(rn.group(1)), rn.end())
                else:
                    hn = _HEAD_THEN_NAME.match(text, lead.end(1) + 1, verb_start)
                    if hn:
                        # "Trade magazine Ledgerly ran a review, writing": the magazine
                        span = hn.span(1)
            else:
                # "On Sunday, Roe shared ..., writing": the subject after a short opener;
                # "with Roe reportedly yelling": the name right before the participle.
                span = _clause_subject(text, start, verb_start)
                wn = _NAME_BEFORE_PARTICIPLE.search(text, max(start, verb_start - 60), verb_start)
                if wn is not None and _looks_like_name(wn.group(1)):
                    span = wn.span(1)
                if span is None or (
                    text[span[0]].islower() and not _DESCRIBED_CLAUSE_SUBJECT.match(text, span[0])
                ):
                    return None
            if text[span[1] : span[1] + 2] in ("’s", "'s"):
                return None
            return Attribution(
                _cue_text(verb, last.group(2)), verb_start, text[span[0] : span[1]], *span, True
            )
        aux = _aux_back(text, max(start, earlier.start(1) - 40), earlier.start(1))
        span = _trailing_mention(text, start, aux.start() if aux else earlier.start(1))
        cue_start = earlier.start(1)
    else:
        lo = max(start, verb_start - 40)
        aux = _aux_back(text, lo, verb_start)
        if aux is None and text.endswith("to ", lo, verb_start):
            aux = _TO_SAY.search(text, lo, verb_start)
        span = _trailing_mention(text, start, aux.start() if aux else verb_start)
        cue_start = verb_start
        if " and " in text[max(0, verb_start - 24) : verb_start] and _AND_BACK.search(
            text, max(start, verb_start - 24), verb_start
        ):
            # "Roe said she would appeal and added, “...”": the subject of the first verb.
            span = _clause_subject(text, start, verb_start)
        wm = (
            _WHO_BACK.search(text, max(start, verb_start - 120), verb_start)
            if "who " in text[max(0, verb_start - 30) : verb_start]
            else None
        )
        g = (1 if wm.group(1) else 2) if wm else 0
        if wm and _looks_like_name(wm.group(g)):
            # "... the judge, Mara Quill, who told the court: “...”": the relative's antecedent.
            span = wm.span(g)
        elif "which " in text[max(0, verb_start - 30) : verb_start]:
            # "... linked to the Gazette report, which notes, “...”": the body whose work it is
            hm = _WHICH_BACK.search(text, max(start, verb_start - 120), verb_start)
            if hm and _looks_like_name(hm.group(1)):
                span = hm.span(1)
    if not span or not _valid_subject(text[span[0] : span[1]]):
        return None
    return Attribution(
        _cue_text(verb, last.group(2)), cue_start, text[span[0] : span[1]], *span, True
    )


# -- resolution -----------------------------------------------------------------------------


TITLE_STRIP = re.compile(
    r"^(?:(?:[A-Z][\w.]*|[a-z]+|\d+(?:st|nd|rd|th))\s+)*?(?:" + alternation(lx.TITLES) + r")\.?\s+",
    re.IGNORECASE,
)


# -- lead-ins without a reporting verb -----------------------------------------------------

# Manner words in "Roe was blunt:", "The ministry was unequivocal in its reply:".
_MANNER = alternation(set(lx.LEAD_IN_MANNER))
# `The ministry was blunt:` / `Roe was less diplomatic in her reply:`
_LEAD_MANNER = re.compile(
    r"\s+(?:was|were|is|are|has been|had been)\s+"
    r"(?:(?:even|less|more|very|equally|just as|as)\s+)?"
    rf"(?:{_MANNER})(?:\s+(?:in|about|on|with)(?:\s+[\w’'\-]+){{1,3}})?\s*:\s*$",
    re.IGNORECASE,
)
# `The ministry had this to say:` / `Roe put it this way:` / `Roe weighed in:`
_LEAD_PHRASE = re.compile(
    r"\s+(?:also\s+)?(?:had\s+(?:this|the\s+following)\s+to\s+say(?:\s+about(?:\s+[\w’'\-]+){1,5})?"
    r"|(?:put|puts)\s+it\s+(?:this\s+way|bluntly|simply|plainly|succinctly)"
    r"|(?:weighed|weighs|chimed|chimes)\s+in|(?:summed|sums)\s+(?:it\s+)?up"
    # `Roe had a different view:` / `Roe took a harsher line on the plan:`
    r"|(?:had|has|took|takes)\s+(?:a|an|another)\s+(?:[a-z\-]+\s+){0,2}?"
    r"(?:view|take|line|verdict|assessment|message|answer|response)"
    r"(?:\s+(?:of|on|for|about)(?:\s+[\w’'\-]+){1,4})?"
    r"|(?:saw|sees)\s+(?:it|things|the\s+\w+)\s+differently)\s*:\s*$",
    re.IGNORECASE,
)
# `As Roe put it, “...”`
_AS_PUT_IT = re.compile(
    r"\b[Aa]s\s+(.{2,80}?)\s+(?:once\s+|has\s+|memorably\s+)?(?:put|puts)\s+it\s*[,:]\s*$"
)
# `in the Gazette’s words, “...”` / `in the words of Jane Roe, “...”`
_IN_WORDS = re.compile(
    r"\b[Ii]n\s+(?:the\s+words\s+of\s+(.{2,80}?)|(.{2,60}?)(?:[’']s?)?\s+(?:own\s+)?words)"
    r"\s*,\s*$"
)
_POSSESSIVE_PRONOUNS = {"his": "he", "her": "she", "their": "they", "its": "it"}
# `From Roe’s Facebook post:` / `Roe’s response was:` / `Roe’s letter makes the case:`
_POSSESSOR_DOC = re.compile(
    r"(?:\b[Ff]rom\s+|^|(?<=[\s(]))((?:[A-Z][\w’'.\-]+\s+){0,3}[A-Z][\w\-]+)[’']s?\s+"
    r"(?:[\w\-]+\s+){0,2}?(?:post|tweet|statement|response|reply|answer|letter|email|e-mail|"
    r"message|note|memo|op-ed|column|speech|remarks)"
    # "Roe’s letter makes a libertarian-style case:"
    r"(?:\s+[\w\-]+){0,5}\s*:\s*$"
)
# `Here’s Roe in December 1992: “...”`
_HERE_IS = re.compile(
    r"\b[Hh]ere[’']s\s+((?:[A-Z][\w’'.\-]+\s+){0,3}[A-Z][\w’'\-]+)"
    r"(?:\s+(?:in|on|at|from|during|last|this)\s+[^:“”\"]{1,40})?\s*:\s*$"
)
# `More from Roe:` / `– Roe:` / `Roe:` opening its sentence
_LEAD_NAME = re.compile(
    r"(?:^|[\s(][–—-]\s*|\b(?:[Mm]ore|[Aa]nd)\s+from\s+)"
    r"((?:[A-Z][\w’'.\-]+\s+){0,4}[A-Z][\w’'\-]+"
    # "More from Quill and Fenwick:": the two together
    r"(?:\s+and\s+(?:[A-Z][\w’'.\-]+\s+){0,2}[A-Z][\w’'\-]+)?)"
    r"(?:\s*\([DRI]-[A-Z][\w.\-]*\))?\s*:\s*$"
)


_NAME_VERB_COLON = re.compile(
    r"(?:^|(?<=[.!?”\"]\s)|\n)\s*((?:[A-Z][\w’'.\-]+\s+){0,2}[A-Z][\w’'\-]+)\s+"
    r"(?:\w+ly\s+|then\s+|also\s+)?([a-z]{3,}(?:ed|s))\s*:\s*$"
)
_TRADE_WORDS = lx.BUSINESS_HEADS | lx.MEDIA_HEADS
_NOT_ROLE_WORDS = frozenset(
    "in on at to of for from with into onto about over via the a an and or".split()
)
_ROLE_NAME_COLON = re.compile(
    r"(?<=[a-z]\s)((?:[A-Z][\w’'.\-]+\s+){1,3}[A-Z][\w’'\-]+)(?:\s*\([DRI]-[A-Z][\w.\-]*\))?\s*:\s*$"
)


# The verbs that give out a document, "issued" to "put out" (``lx.ISSUE_VERBS``), as a regex
# alternative: the one piece of every "X issued a statement" pattern (here and in speakers).
ISSUE_VERB = "|".join(w.replace(" ", r"\s+") for w in lx.ISSUE_VERBS)
# `Roe issued a statement, “...”` / `she released a statement saying, “...”`. Unlike speakers'
# patterns it takes the present tense and "delivered" (a lead-in tells what comes next: "she
# delivers this message:"), and what is read out as well as written ("message", "tweet", "note"),
# since the words themselves follow.
_LEAD_ISSUED = re.compile(
    r"\s+(?:also\s+|later\s+|then\s+)?"
    rf"(?:{ISSUE_VERB}|issues|releases|delivered|delivers)"
    r"\s+(?:a|an|the\s+following|this|the)\s+(?:[\w\-]+\s+){0,2}?"
    r"(?:statement|release|message|tweet|email|e-mail|letter|note)"
    r"(?:\s+to\s+(?:[\w’'\-]+\s+){0,3}?[\w’'\-]+)?"  # "a blunt message to Roe:"
    r"(?:\s+(?:saying|that\s+read|reading))?\s*[,:]\s*$",
    re.IGNORECASE,
)
# `Roe interrupted me in mid-sentence to announce, “...”`: the clause's subject opens the
# sentence.
_LEAD_TO_SAY = re.compile(
    r"\s+to\s+(?:say|announce|declare|add|ask|note|explain|insist|warn|proclaim|remark)"
    r"\s*[,:]\s*$"
)
# `..., and later said, “...”` / `..., saying, “...”` / `..., but went on to say, “...”`: the
# clause's subject opens the sentence.
_LEAD_AND_SAID = re.compile(
    rf"(?:\s+and|\s+but|,(?:\s+but)?|\s+(?:upon|after|before|while|by))\s+"
    r"(?:(?:later|then|also|again|\w+ly)\s+)?"
    rf"(?:went\s+on\s+to\s+(?:say|add|tell)|{_VERB_ALT}|saying|adding)"
    # `..., but told his supporters, “...”`
    r"(?:\s+(?:(?:his|her|their|its|the)\s+)?(?:supporters|reporters|listeners|viewers|"
    r"readers|audience|crowd|members|staff|followers|voters))?\s*[,:]\s*$"
)
_CLAUSE_SUBJECT = re.compile(
    # after an opening conjunction: "And then Roe went on the attack, saying, ..."
    r"\s*(?:(?:And|But|So|Then|Yet)\s+(?:then\s+|later\s+|so\s+)?)?"
    r"((?:[A-Z][\w’'.\-]+\s+){0,4}[A-Z][\w’'\-]+|[Hh]e|[Ss]he|[Tt]hey)"
    r"(?=\s+(?:\w+ly\s+|also\s+|then\s+|later\s+)?[a-z]{3,})"
)


# "Silva, herself a Roe supporter during the primary, incurred ...": a name, its apposition
# between commas, then the verb.
_APPOSED_CLAUSE_SUBJECT = re.compile(
    r"\s*(?:(?:And|But|So|Then|Yet)\s+)?((?:[A-Z][\w’'.\-]+\s+){0,4}[A-Z][\w’'\-]+)"
    r",[^,“”\"«»„]{2,100},\s+(?:\w+ly\s+)?[a-z]{3,}"
)


_APPOSED_NAME_THEN_VERB = re.compile(
    r"\s*((?:[A-Z][\w’'.\-]+\s+){1,3}[A-Z][\w’'\-]+),\s+(?:\w+ly\s+)?[a-z]{3,}"
)


# A capitalised participle opening a sentence, then its object: "Reading her statement".
_PARTICIPLE_OPENER = re.compile(
    r"[A-Z][a-z]+ing\s+(?:her|his|their|its|the|a|an|from|to|at|on|in|out|through|with|"
    r"over|back|up)\b"
)


# A description opening a clause: "The mayor", "Her campaign", "the Ohio Republican".
_DESCRIBED_CLAUSE_SUBJECT = re.compile(
    r"\s*((?:[Tt]he|[Hh]is|[Hh]er|[Ii]ts|[Tt]heir)\s+(?:[\w’'\-]+\s+){0,3}?(?:"
    + alternation(
        lx.ROLE_NOUNS
        | lx.ORG_HEADS
        | {"campaign", "lawmaker", "legislator", "republican", "democrat"}
        | {"Republican", "Democrat"}
    )
    + r"))(?=\s+(?:\w+ly\s+|also\s+|then\s+|later\s+)?[a-z]{3,})"
)


def _clause_subject(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The name or pronoun opening the sentence (after an opener ending in a comma), or a
    description there ("The mayor toured the plant, saying: ...")."""
    starts = [start]
    possessive = None
    k = start
    while len(starts) < 4:
        k = text.find(",", k, end) + 1
        if k <= 0:
            break
        starts.append(k)
    for s0 in starts:
        m = _CLAUSE_SUBJECT.match(text, s0, end)
        if m and _PARTICIPLE_OPENER.match(text, m.start(1)):
            continue  # "Reading her statement from the box, ...": no name, an opener
        if m and m.group(1).endswith(("’s", "'s")):
            # "Isaac’s mother, Ruth Quell, said": whose relative; the name follows (if none
            # does, "Roe’s campaign said" is still Roe's word)
            possessive = possessive or m.span(1)
            continue
        if m and (m.group(1).lower() in lx.SUBJECT_PRONOUNS or _looks_like_name(m.group(1))):
            if text[m.end(1) : m.end(1) + 2] in ("’s", "'s"):
                return None
            return m.span(1)
    if possessive and "," not in text[possessive[1] : end]:
        return possessive
    for s0 in starts[1:]:
        # "The editor I was talking to, Tim Green, interrupted me": the name apposed to the
        # description that opens the sentence
        m = _APPOSED_NAME_THEN_VERB.match(text, s0, end)
        if m and _looks_like_name(m.group(1)) and text[start:s0].split()[0] in ("The", "the"):
            return m.span(1)
    m = _APPOSED_CLAUSE_SUBJECT.match(text, start, end)
    if m and _looks_like_name(m.group(1)):
        # "Silva, herself a Roe supporter, drew boos upon saying, ...": the name before its
        # apposition is the subject
        return m.span(1)
    for s0 in starts:
        m = _DESCRIBED_CLAUSE_SUBJECT.match(text, s0, end)
        if m:
            return m.span(1)
    return None


# A sentence of one subject's doings ending in a colon, no other name in it: "She then
# addressed the supporters again:".
_SUBJECT_CLAUSE_COLON = re.compile(
    r"\s*(He|She|[A-Z][\w’'\-]+(?:\s[A-Z][\w’'\-]+){0,2})"
    r"\s+(?:(?:then|also|later|again|finally|\w+ly)\s+)?([a-z]{3,}(?:ed|s))\b"
    r"[^A-Z“”\"«»:;.!?]{0,100}:\s*$"
)


# Verbs of such a clause that turn to speaking (not "He unfolds it for me:", a note read).
_LEAD_CLAUSE_VERBS = frozenset(
    """addressed addresses turned turns delivered delivers offered offers fired fires shot
    shoots pushed pushes hit hits struck strikes summed sums put puts played plays laid lays
    spelled spells doubled doubles pressed presses seemed seems sounded sounds closed closes
    opened opens ended ends began begins wrapped wraps kicked kicks lashed lashes weighed
    weighs chimed chimes piled piles""".split()
)


def find_lead_in(text: str, start: int, open_pos: int, known) -> Attribution | None:
    """A speaker introduced before a colon (or "As X put it,") without a reporting verb.

    ``known`` tells whether a bare one-word name is someone the article names.
    """
    if open_pos - start > 300:
        start = open_pos - 300
    window = text[start:open_pos]
    tail = window.rstrip()
    if not tail.endswith((":", ",")):
        return None  # every lead-in below ends with a colon or a comma
    m = _AS_PUT_IT.search(window) if "put" in window else None
    if m:
        span = _trailing_mention(text, start + m.start(1), start + m.end(1))
        if span and _valid_subject(text[span[0] : span[1]]):
            return Attribution("put it", start + m.end(1), text[span[0] : span[1]], *span, True)
        return None
    m = _IN_WORDS.search(window) if "words" in window else None
    if m:
        g = 1 if m.group(1) else 2
        who = m.group(g)
        ms = start + m.start(g)
        low = who.lower()
        if low in _POSSESSIVE_PRONOUNS:
            return Attribution(
                "words", start + m.start(), _POSSESSIVE_PRONOUNS[low], ms, ms + len(who), True
            )
        span = _trailing_mention(text, ms, ms + len(who))
        if span and _valid_subject(text[span[0] : span[1]]):
            return Attribution("words", start + m.start(), text[span[0] : span[1]], *span, True)
        return None
    m = (
        _POSSESSOR_DOC.search(window)
        if tail.endswith(":") and ("’" in window or "'" in window)
        else None
    )
    if m and _looks_like_name(m.group(1)):
        ms = start + m.start(1)
        return Attribution(":", ms, m.group(1), ms, start + m.end(1), True)
    m = _HERE_IS.search(window) if tail.endswith(":") and "ere" in window else None
    if m:
        ms = start + m.start(1)
        return Attribution(":", ms, m.group(1), ms, start + m.end(1), True)
    m = (
        _LEAD_AND_SAID.search(window)
        if "," in window or "and" in window or "but" in window
        else None
    )
    if m is None and " to " in window:
        m = _LEAD_TO_SAY.search(window)
    if m and not _GAP_STOP.search(window[: m.start()]):
        span = _clause_subject(text, start, start + m.start())
        if span:
            cue_text = m.group().strip(" ,:").split()[-1]
            return Attribution(cue_text, start + m.start(), text[span[0] : span[1]], *span, True)
    # (Searched only where they can match: the first two end with a colon, not a comma.)
    for rx in (_LEAD_MANNER, _LEAD_PHRASE, _LEAD_ISSUED) if tail[-1] == ":" else (_LEAD_ISSUED,):
        m = rx.search(window)
        if m is None:
            continue
        # The subject opens the sentence, after at most an opener ending in a comma ("Still,",
        # "As if answering him directly,").
        subj_end = start + m.start()
        comma = text.rfind(",", start, subj_end)
        subj_start = comma + 1 if comma >= 0 else start
        if len(text[start:subj_start].split()) > 10:
            return None
        span = _trailing_mention(text, subj_start, subj_end)
        if not span or not _valid_subject(text[span[0] : span[1]]):
            return None
        gap = text[subj_start : span[0]].split()
        if gap and not (len(gap) <= 3 and gap[-1] in lx.ROLE_NOUNS and "".join(gap).islower()):
            return None  # (but "critic Ada Lomax was less kind:" is Ada Lomax)
        subj = text[span[0] : span[1]].split()
        head = subj[-1].lower().strip("’'s.,")
        if not (
            (subj[0][:1].isupper() and subj[0].lower() not in DETERMINERS)
            or subj[-1][:1].isupper()
            or head in lx.SUBJECT_PRONOUNS
            or head in _LEAD_IN_HEADS
        ):
            return None  # "The result was clear:" names nobody
        cue_text = " ".join(m.group().split()).rstrip(":, ")
        return Attribution(cue_text, start + m.start(), text[span[0] : span[1]], *span, True)
    if not tail.endswith(":"):
        return None
    # The word before the colon: a verb in -ed or -s ("Roe demurred:"), or a name's last
    # word or a party tag ("Roe:", "Roe (D-Ohio):"), as the patterns below need (they try
    # every place of the window).
    last = tail[:-1].rsplit(None, 1)[-1:]
    before_colon = last[0] if last else ""
    m = _NAME_VERB_COLON.search(window) if before_colon.endswith(("ed", "s")) else None
    if m and _looks_like_name(m.group(1)) and (" " in m.group(1) or known(m.group(1))):
        # "Roe resisted: “...”", "Roe demurred:": a name and its one verb lead in.
        s = start + m.start(1)
        return Attribution(m.group(2), start + m.start(2), m.group(1), s, start + m.end(1), True)
    m = _SUBJECT_CLAUSE_COLON.match(text, start, open_pos)
    if (
        m
        and m.group(2) in _LEAD_CLAUSE_VERBS
        and (m.group(1) in ("He", "She") or _looks_like_name(m.group(1)) and known(m.group(1)))
    ):
        # "She then addressed the supporters again:", "Roe turned to the crowd:": a clause of
        # its subject's doings, naming no one else, introduces the subject's words.
        return Attribution(m.group(2), m.start(2), m.group(1), m.start(1), m.end(1), True)
    if not ("A" <= before_colon.lstrip("(–—-")[:1] <= "Z" or before_colon.endswith(")")):
        return None  # ("–Roe:", a digest's dash glued to the name)
    m = _LEAD_NAME.search(window)
    if m is None and not VERB_ANY.search(window):
        # "... does not surprise Republican pollster Daron Quill: “...”": a full name after
        # its role words ends the lead-in, with no reporting verb that could say otherwise.
        m = _ROLE_NAME_COLON.search(window)
        before = window[: m.start(1)].split()[-1:] if m else []
        if (
            m is not None
            and before
            and (
                before[0] in _NOT_ROLE_WORDS
                or before[0] in _TRADE_WORDS
                or not (
                    before[0] in lx.ROLE_NOUNS
                    or m.group(1).split()[0].lower() in lx.FIRST_NAMES
                    or m.group(1).split()[0].endswith(("’", "'", "’s", "'s"))
                )
            )
        ):
            # "a commercial running on Iowa TV:", "told the newspaper Ledgerly:": where, or
            # to whom; a person's name, or a name after a role word, says who.
            m = None
    if m:
        name = m.group(1)
        words = name.split()
        if words[0].lower() in lx.STOP_CAPS or not _looks_like_name(name):
            return None
        if len(words) == 1 and not known(name) and not re.match(r"\s*[–—-]", m.group()):
            return None  # but a digest's "– Gazette Polls:" names its source
        s = start + m.start(1)
        return Attribution(":", s, name, s, start + m.end(1), True)
    return None
