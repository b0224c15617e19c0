"""People and organisations named in a text, with their roles and every mention.

A single pass over word tokens groups capitalised runs ("Stephen Miller", "Department of
Homeland Security"), splits off titles ("President", "Mr."), classifies each run as a person,
an organisation or a place, and links short forms ("Miller", "Mr. Trump", "NSB") to the full
name given elsewhere in the text. Roles come from titles and appositions ("Stephen Miller, a
senior White House official"; "Ice's acting leader, Todd Lyons").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from articles.engine import lexicon as lx
from articles.engine.aliases import AliasIndex
from articles.engine.similarity import stem
from articles.engine.text import ABBREVIATIONS, Layout, alternation, build_layout
from articles.engine.types import Entity, KnownSpeaker, new_entity
from articles.engine.weights import BACKGROUND_DF

_TOKEN = re.compile(r"[^\W_][\w’'\-]*\.?|[^\w\s]")
_POSSESSIVE = ("’s", "'s", "’", "'")
_AFTER_ROLE = re.compile(
    r",\s+((?:the|a|an|its|their|his|her)\s+[^,.;:()“”\"\n]{2,90}?"
    r"|[A-Z][\w.\-]*(?:\s[A-Z][\w\-]*){0,3}[’']s?\s+[^,.;:()“”\"\n]{2,60}?"
    r"|(?:co-|vice-|ex-)?(?:head|chief|director|leader|deputy|president|chair|founder|owner"
    r"|member|secretary)"
    r"\s+of\s+[^,.;:“”\"\n]{2,70}?"
    # "Henrik Solheim, chief economist at the Vennmark Chamber": a role without its article
    r"|(?:[a-z][\w\-]*\s+){0,3}(?:co-|vice-|ex-)?(?:"
    + "|".join(sorted(lx.ROLE_NOUNS | lx.SPOKES_HEADS, key=len, reverse=True))
    + r")\s+(?:at|of|for|with|in)\s+[^,.;:“”\"\n]{2,70}?)"
    r"(?=\s*(?:[,.;:)]|$))"
)
_ROLE_VERBS = re.compile(
    r"\b(?:said|says|told|who|which|that|was|is|were|are|has|have|had|will|would|and)\b"
)
_ACRONYM = re.compile(r"\(([A-Z][A-Z.&]{1,9})\)")
_KNOWN_AS = re.compile(
    r"^,?\s*(?:also\s+|locally\s+|widely\s+)?known\s+(?:locally\s+)?as\s+([A-Z][A-Z.&]{1,9}|[A-Z][\w\-]+)"
)
_HEADLINE_VERBS = frozenset({"Says", "Said", "Tells", "Told", "Slams", "Warns", "Calls", "Urges"})
_SENTENCE_OPENERS = frozenset({"he", "she", "it", "they", "we", "the", "this", "that", "but"})
# A day or a month after a name is when, not part of the name: "told CNN Tuesday", "the White
# House on Monday", "the commission on October 3". (A month right after a name, with no date
# after it, may still be a name: "Ruth June".)
_WEEKDAYS = frozenset(w.title() for w in lx.WEEKDAYS)
_MONTH_NAMES = frozenset(w.title() for w in lx.MONTH_NAMES)
# Days with names of their own: "Super Tuesday", "Black Friday" name no one.
_NAMED_DAY_WORDS = frozenset(
    {"Super", "Black", "Cyber", "Easter", "Palm", "Good", "Ash", "Fat", "Bloody", "Holy"}
)
_DAY_NUMBER_AFTER = re.compile(r"\.?[ \t\u00a0]+\d{1,2}\b")
_GIVEN_NAME_TITLES = frozenset(
    {"sir", "dame", "prince", "princess", "king", "queen", "lord", "lady", "sheikh", "emir"}
)
_LEAD_CUES_CAP = frozenset({"Said", "Says", "Added", "Adds", "Asked", "Asks", "Wrote", "Writes"})
# "an Iowa Republican", "a Texas Democrat": a party member, not a surname.
_PARTY_NOUNS = frozenset({"republican", "republicans", "democrat", "democrats", "gop"})
# Titles that are as often a given name: "Dean Quillon" the economist, "Earl Quill".
_TITLE_OR_GIVEN_NAME = frozenset({"dean", "earl"})
_MEDIA_TRADES = lx.MEDIA_HEADS | {"broadcaster", "network"}
# Role words that open a sentence capitalised before a surname ("Producer Quillon said").
_CAPITAL_ROLES = frozenset(
    """producer writer creator showrunner host presenter pundit comedian rapper chef designer
    photographer filmmaker novelist""".split()
)
# "..., which", "said it", "issued a statement saying it": an organisation's pronoun.
_CALLED_IT = re.compile(
    r"(?:,\s+which\b|(?:,[^,.;“”\"]{1,120},)?\s+(?:also\s+)?(?:said|says|saying"
    r"|(?:issued|released|put out) a statement (?:saying|that))\s+(?:that\s+)?(?:its\b|it\b"
    # not the "it" of "said it was important to ...", which stands for what follows
    r"(?!\s+(?:is|was|[’']s|seems?|seemed|appears?|appeared|makes|made|(?:\w+\s+)?be|ha[sd] been)"
    r"\b)))"
)
_NEXT_PRONOUN = re.compile(r"[\s”’\"']*(He|She)\b")
_PRONOUN = re.compile(r"\b(he|his|him|she|her|hers)\b", re.IGNORECASE)
# "Fenwick, testifying on Tuesday, said he asked how she felt": the pronoun right after the
# reporting verb of a name's own clause (a comma-closed aside allowed between) is the name.
_SAID_PRONOUN = re.compile(
    r"(?:,[^,.;“”\"]{1,120},)?\s+(?:later\s+|also\s+)?"
    r"(?:said|says|told\s+\w+|added|insisted|argued|explained|acknowledged|admitted)\s+"
    r"(?:that\s+)?(he|she)\b"
)

# The next sentence: a quotation, then its pronoun speaker ("“...,” she said").
_QUOTE_THEN_PRONOUN = re.compile(r"\s*[“\"][^“”\"]{1,600}[”\"]\s*(he|she)\s+[a-z]+", re.IGNORECASE)
_NAME_CAPS = re.compile(r"\b[A-Z][a-z]+\s+[A-Z][a-z]+")
_PLAIN_TITLES = frozenset(t for t in lx.TITLES if t.isalpha() and len(t) > 3)
_SOMEONE_ELSE = re.compile(
    r"\b(?:the|his|her|their)\s+(?:[a-z]+\s+)?(?:"
    + "|".join(
        sorted(lx.ROLE_NOUNS | _PLAIN_TITLES | lx.RELATIVES | {"man", "woman", "girl", "boy"})
    )
    + r")\b"
)
# An apposition that says the name is an organisation's: "the private utility that ...".
_ORG_APPOSITION = re.compile(
    r"(?:the|a|an|its)\s+(?:[\w\-]+\s+){0,3}?(?:"
    + "|".join(
        sorted(
            lx.BUSINESS_HEADS
            | {"utility", "operator", "provider", "nonprofit", "institute", "foundation"}
            - {"band", "website"}
        )
    )
    + r")(?=\s+(?:that|which|based|in|of|for|from|with|whose|behind|serving|running)\b|\s*$)"
)
# Pronouns right after a name that cannot be it: the owner in its apposition (", his
# campaign manager,") and the object of its own verb ("followed him to", "thanked her.")
_NOT_THE_SUBJECTS = (
    re.compile(r",\s+(?:his|her)(?=\s[a-z\-]+(?:\s[a-z\-]+){0,2},)"),
    re.compile(
        r"(?:,\s+(?:his|her|the|a)\s[^,.;:“”\"]{1,60},)?\s+[a-z]+(?:ed|s)\s+(?:him|her)"
        r"(?=\s*[.,;]|\s+(?:to|at|in|on|for|with|from|into|as|out|up|down|back|off|over)\b)"
    ),
)
_QUOTED = re.compile(r"“[^“”]*”|\"[^\"]*\"")


@dataclass(slots=True)
class Person:
    name: str
    role: str = ""
    gender: str = ""  # "m", "f" or ""
    mentions: list[tuple[int, int]] = field(default_factory=list)  # in the order found
    known: bool = False

    @property
    def first_at(self) -> int:
        """Where the text first names this person (mentions are not kept in text order)."""
        return min(s for s, _ in self.mentions) if self.mentions else -1


@dataclass(slots=True)
class Org:
    name: str
    role: str = ""
    aliases: set[str] = field(default_factory=set)
    mentions: list[tuple[int, int]] = field(default_factory=list)
    media: bool = False
    outlet: bool = False


@dataclass(slots=True)
class Mention:
    start: int
    end: int
    kind: str  # "person" or "organization"
    key: str  # Person/Org name
    subject: bool = False


# Short words that a title-case line capitalises and running text does not.
_TITLE_FUNCTION_WORDS = frozenset(
    "A An And As At Be By For From In Into Is Of On Or Over Than The To Was Were Will With".split()
)
_LINE_WORDS = re.compile(r"[^\W\d_][\w’'\-]*")


def _is_title_case(line: str) -> bool:
    """At least four words, three in four of them capitalised, among them a short function
    word ("Roe Says Council Is Failing Us")."""
    if len(line) >= 200:
        return False
    words = _LINE_WORDS.findall(line)
    if len(words) < 4 or not any(w in _TITLE_FUNCTION_WORDS for w in words):
        return False
    return sum(1 for w in words if w[0].isupper()) * 4 >= len(words) * 3


class _TitleLines:
    """Whether a stretch of text lies in title-case lines, line by line, each line judged
    once and only when asked about."""

    __slots__ = ("text", "judged")

    def __init__(self, text: str) -> None:
        self.text = text
        self.judged: dict[int, bool] = {}

    def holds(self, s: int, e: int) -> bool:
        text = self.text
        a = text.rfind("\n", 0, s) + 1
        while True:
            b = text.find("\n", a)
            if b < 0:
                b = len(text)
            title = self.judged.get(a)
            if title is None:
                # (a line of 200 characters or more is no title: not copied to be told so)
                title = self.judged[a] = b - a < 200 and _is_title_case(text[a:b])
            if not title:
                return False
            if b >= e:
                return True
            a = b + 1


@dataclass(slots=True)
class Registry:
    """Everything known about who is named where; the speaker resolver reads it."""

    text: str
    layout: Layout
    aliases: AliasIndex
    persons: dict[str, Person] = field(default_factory=dict)
    orgs: dict[str, Org] = field(default_factory=dict)
    mentions: list[Mention] = field(default_factory=list)
    surnames: dict[str, set[str]] = field(default_factory=dict)
    given: dict[str, set[str]] = field(default_factory=dict)
    org_alias: dict[str, str] = field(default_factory=dict)
    titles: _TitleLines | None = None  # which lines are in title case, judged when asked

    def entities(self) -> list[Entity]:
        """The people and organisations of the text, but for those named only in title-case
        lines (a headline's "Roe Wins Runoff", a list of related links), where any run of
        capitalised words looks like a name."""
        out: list[Entity] = []
        if self.titles is None:
            self.titles = _TitleLines(self.text)
        titles = self.titles
        for p in self.persons.values():
            if p.mentions and not all(titles.holds(s, e) for s, e in p.mentions):
                out.append(
                    new_entity(p.name, "person", p.role, self._mention_texts(p.mentions), False)
                )
        for o in self.orgs.values():
            if o.mentions and not all(titles.holds(s, e) for s, e in o.mentions):
                out.append(
                    new_entity(
                        o.name, "organization", o.role, self._mention_texts(o.mentions), o.outlet
                    )
                )
        return out

    def _mention_texts(self, spans: list[tuple[int, int]]) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for s, e in spans:
            seen.setdefault(self.text[s:e], None)
        return tuple(seen)

    def person_by_surname(self, word: str) -> list[Person]:
        return [self.persons[n] for n in self.surnames.get(word, ())]

    def surname_default(self, word: str) -> str | None:
        """The person a bare shared surname means: news style gives the surname alone to the
        person introduced first by full name and tells the others apart by given name
        ("Mayor Jane Roe ... her brother Sam Roe ... Roe said" -> Jane Roe)."""
        cands = [p for p in self.person_by_surname(word) if p.mentions and " " in p.name]
        if len(cands) < 2:
            return None
        first = min(cands, key=lambda p: p.first_at)
        end = self.text.find("\n")
        if 0 < end and all(s < end for s, _ in first.mentions):
            # A name only in the headline yields to the body's when it is the same person
            # shortened ("Ken Starr", "Kenneth Starr") or a headline's word before a surname
            # ("Understated Perez", "Calls Trump"): the body's is how the article introduces.
            given = first.name.split()[0]
            body = [p for p in cands if p.first_at > end and _plausible_given(p.name.split()[0])]
            if body and (
                not _plausible_given(given)
                or any(_same_given(given, p.name.split()[0]) for p in body)
                # "McCain Challenger Kelli Ward": the body's name, after headline words
                or any(first.name.endswith(" " + p.name) for p in body)
            ):
                return min(body, key=lambda p: p.first_at).name
        return first.name

    def names_someone(self, word: str) -> bool:
        """Is ``word`` a person's name, surname or given name, or an organisation's?"""
        return (
            word in self.persons
            or word in self.surnames
            or word in self.given
            or self.org_for(word) is not None
        )

    def org_for(self, phrase: str) -> Org | None:
        key = self.org_alias.get(phrase) or self.org_alias.get(phrase.casefold())
        return self.orgs.get(key) if key else None


# A dateline's credit: "PORT ALDER, Valmora (CWS) -": the agency that filed the report.
_DATELINE_BEFORE = re.compile(
    r"(?:^|\n)[ \t]*[A-Z][A-Z .'\-]{1,40}(?:,[ \t]*[A-Z][\w .'\-]{1,40})?[ \t]*\($"
)
_CREDIT_AFTER = re.compile(r"\)[ \t]*[-–—]")


def _is_dateline_credit(text: str, s: int, e: int) -> bool:
    return bool(_CREDIT_AFTER.match(text, e) and _DATELINE_BEFORE.search(text, max(0, s - 60), s))


def is_outlet_name(name: str) -> bool:
    """Does this organisation name read as a news outlet's?"""
    words = [w.strip(".,’'").lower() for w in name.split()]
    words = [w for w in words if w]
    if not words:
        return False
    if words[-1] in lx.OUTLET_LAST or words[0] in lx.OUTLET_FIRST:
        return True
    return len(words) >= 2 and words[-1] == "agency" and words[-2] in {"news", "press"}


_KIN_BEFORE = re.compile(r"\b([A-Za-z]+),?[ \t\u00a0]+$")
_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv"})


def _plausible_given(word: str) -> bool:
    """Could ``word`` be a given name ("Kelli", "Thomas"), not a headline's word ("Calls",
    "Understated", "Top")?"""
    low = word.lower()
    return (
        low in lx.FIRST_NAMES
        and low not in _HEADLINE_WORDS
        or not (
            common_word(low)
            or low in _HEADLINE_WORDS
            or not word[:1].isupper()
            or low.endswith(("ed", "ing", "ly"))  # "Understated Perez", "Ironically Nichols"
        )
    )


def _same_given(a: str, b: str) -> bool:
    """ "Ken" and "Kenneth", "Tom" and "Thomas"? One a short form of the other."""
    a, b = a.lower().rstrip("."), b.lower().rstrip(".")
    return a != b and len(min(a, b, key=len)) >= 3 and (a.startswith(b) or b.startswith(a))


_HEADLINE_WORDS = frozenset({"will", "top", "calls", "says", "backs", "slams"})


def _edits(a: str, b: str) -> int:
    """Edits from ``a`` to ``b``: letters put in, taken out, changed, or two side by side
    swapped (the optimal-string-alignment distance)."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


def surname_of(name: str) -> str:
    """The surname of a full name, past a generation's suffix: "Frank J. Doyle Jr." is
    "Doyle", "Brent Quill III" is "Quill"."""
    parts = name.split()
    while len(parts) > 2 and parts[-1].rstrip(".").lower() in _SUFFIXES:
        parts = parts[:-1]
    return _clean(parts[-1])


# A sentence that opens with a subordinate or prepositional clause: its subject comes after it.
_FRONTED = re.compile(
    r"(?:(?:[A-Z][a-z]+|\d+)\s+(?:days?|weeks?|months?|years?|hours?)\s+(?:after|before|since)"
    r"|After|Before|When|While|Although|Though|Despite|Since|Because|Following|Unlike|Like"
    r"|Asked|Hours after|Days after|Weeks after|Shortly after|Even as|Even though)\b[^,.;:“”\"]*$"
)
# A sentence that opens with a phrase of place, time or means: "In a letter to Roe, Quill
# wrote", "At a rally with Roe, Quill said". (Kept from ``_FRONTED``, whose clauses also
# make the name after them open its sentence, for the subject of the main clause alone.)
_FRONTED_PLACE = re.compile(
    r"(?:In|At|During|On|From|With|Under|Amid|Throughout|Outside|Inside|Against|Without)"
    r"\b[^,.;:“”\"]*$"
)
# A preposition right before a name: "Like Roe", "Stung by Roe's remarks", "Unlike Roe"
# (not "As for Roe, he said": the topic, whom "he" takes up).
PREPOSITION_BEFORE = re.compile(
    r"\b(?:[Ll]ike|[Uu]nlike|by|about|with|of|(?<![Aa]s )(?:for|to)|from|against|toward|towards"
    r"|than)[ \t]+$"
)
# A photograph's credit after a name: "Jo Quill via Getty Images", "Jo Quill/AP".
_PHOTO_CREDIT = re.compile(
    r"(?:\s+(?:via|for)\s+|/)(?:Getty Images|AP|AFP|Reuters|EPA|Bloomberg)\b"
)
_PRONOUN_SUBJECT = re.compile(r",\s*(?:he|she|they)\s+[a-z]")
# (or "..., she's sure")
_PRONOUN_SUBJECT_AFTER = re.compile(r",\s*(?:he|she|they)(?:[’']s\b|\s+[a-z])")
_HE_SHE_THEY = re.compile(r"\b(?:he|she|they)\b")
# A fronted clause closed by a comma right before the name: "Asked whether ..., Roe".
_FRONTED_THEN = re.compile(_FRONTED.pattern.replace(r"[^,.;:“”\"]*$", r"[^.;:“”\"]*,\s*$"))
# A name's verb right after it: "Dario Fenwick runs", "Dario Fenwick, 52, reacted"
_SUBJECT_VERB = re.compile(
    r"(?:,[ \t]+\d{1,3},)?[ \t]+(?:(?:also|then|later|quickly|finally)[ \t]+)?"
    r"(?:(?!(?:as|his|its|this|thus|was|has|is)\b)[a-z]+(?:ed|s)"
    r"|was|is|has|had|said|told|wrote|made|gave|took|spoke|sent|went|came|left|got|began|ran"
    r"|won|lost|put|kept|held|brought|thought|felt|saw|met|became|knew|drew|sat|stood|read)\b"
)
# One name's verb right after it, an adverb allowed between: "Okafor quietly conceded"
# (a past tense only: "Valmoran fishermen", a word and its plural noun, is no subject and verb)
_BARE_SUBJECT_VERB = re.compile(
    r"(?:[ \t]+[a-z]+ly(?=[ \t]))?[ \t]+(?:(?:also|then|later|quickly|finally)[ \t]+)?"
    r"(?:[a-z]{2,}ed|was|had|made|gave|took|spoke|sent|went|came|left|got|began|ran|won|lost"
    r"|put|kept|held|brought|thought|felt|saw|met|became|knew|drew|sat|stood|read)\b"
)
# Where a clause ends, for the pronouns that belong to its subject
_CLAUSE_BREAK = re.compile(
    r"[,;:–—“”\"(]| - "
    r"|\b(?:and|but|or|since|because|while|when|as|that|who|which|if|after|before)\b"
)
# "her daughter", "his own": a possessive that only the subject of its clause is likely to
# own ("Ilia Quill wrote to her daughter"); not "her record", which an aide may defend.
_OWN_KIN = re.compile(
    r"\b(his|her)\s+(?:(?:late|own|two|three|young|younger|older|eldest|youngest|[\d\-]+-year-old)\s+)?"
    r"(?:"
    + "|".join(sorted(lx.RELATIVES - {"friend", "neighbor", "neighbour", "partner"}))
    + r"|children|kids|parents|family)s?\b"
)
# A word of place right before a name: "in South Kordofan", "from Bener Meriah"
_HE_SHE_WORD = re.compile(r"\b(?:[Hh]e|[Ss]he|[Hh]is|[Hh]er|[Hh]im)\b")
_PLACE_BEFORE = re.compile(r"\b(?:in|at|from|to|near|across|into|of|outside|inside)\s+$")
_WORD_BEFORE = re.compile(r"\b[a-z]+[ \t]+$")
# A list's links: "Marco Rubio, Jeb Bush and John Kasich"
_LISTED_BEFORE = re.compile(r"(?:,|,?[ \t]+and)[ \t]+$")
_LISTED_AFTER = re.compile(r"(?:,|,?[ \t]+and)[ \t]+")
# A conjunction or adverb opening a sentence before its subject: "But Dario Fenwick was not".
_OPENING_LINK = re.compile(r"(?:But|And|Yet|Still|Now|Then|So|Meanwhile,|Instead,)\s+$")
# Where a fronted clause's main clause has begun: a verb after a comma-free stretch.
_CLAUSE_END = re.compile(r"[^,]\s+(?:is|was|are|were|has|had|did|does|will|would|said|says)\b")
# "She turned to Ms Palliser": a pronoun is the subject, the name is not.
_PRONOUN_OPENS = re.compile(r"\s*(?:He|She|They|We|I)\s+(?!and\b|or\b)[a-z]")
# A nickname between the given name and the surname: "Juan “Chico” Roe" is Juan Roe.
_NICKNAME = re.compile(
    r"[ \t\u00a0]+[\"“‘][^\W\d_a-z][\w’'\-]*(?: [^\W\d_a-z][\w’'\-]*){0,2}[\"”’]"
    r"(?=[ \t\u00a0]+[^\W\d_a-z])"
)
_OPEN_MARKS = frozenset({'"', "“", "‘"})

# Words that give a thing its name ("a plan called ...", "the scheme dubbed ...").
_THING_NAMING = frozenset({"called", "dubbed", "titled", "entitled", "branded"})
# Who can be "named" someone: "a painter named ...", "a woman named ..." (not "a ship named").
_NAMED_PEOPLE = (
    lx.ROLE_NOUNS | lx.MALE_WORDS | lx.FEMALE_WORDS | lx.RELATIVES | {"person", "people", "child"}
)
_OCCUPATION_ENDS = ("ter", "ner", "ker", "ger", "der", "rer", "ist", "ian", "ent", "ant")
_NEXT_WORD = re.compile(r"[ \t]+([a-z][\w\-]*)")
_AGED_WORD = re.compile(r"[a-z0-9\-]+-(?:year|month|week)-old")
_WHO_OR_AGE = re.compile(
    r",\s*(?:who\b|\d{1,3}\s*,"
    # "Tamsin Grady, whose two sons attend the school": a person's kin
    r"|whose\s+(?:[a-z\-]+\s+){0,2}?(?:"
    + "|".join(sorted(lx.RELATIVES | {"children", "kids", "family", "parents", "wife", "late"}))
    + r")s?\b)"
)


_PLAIN_CONNECTORS = lx.ORG_CONNECTORS - lx.NAME_PARTICLES
# Lower-case words a name runs on over: "of", "and", "de", "van".
_RUN_CONNECTORS = lx.ORG_CONNECTORS | lx.NAME_PARTICLES
_CONNECTORS_BUT_DE = lx.ORG_CONNECTORS - {"de"}


# The last characters of a word ``_clean`` may shorten: any other word it returns as it is.
_POSSESSIVE_LAST = "s’'"


def _clean(tok: str) -> str:
    """The word without a possessive ending ("Roe’s", "Reyes’")."""
    last = tok[-1:]
    if last == "s":
        return tok[:-2] if len(tok) > 2 and tok[-2] in "’'" else tok
    if last in _POSSESSIVE and len(tok) > 1:
        return tok[:-1]
    return tok


_GLUED_WORD = re.compile(r"([^\W\d_][^\W\d_A-Z]{3,})-[a-z]{3,}\.?")
_TOKEN_PARTS = re.compile(r"[^\W_][\w’'\-]*\.?|[^\w\s]")


def _tokenize_into(text: str, s0: int, end: int, out: list[tuple[int, int, str]]) -> None:
    """Append the tokens of ``text[s0:end]``; a full stop after a word (not an abbreviation)
    is a token of its own."""
    abbreviations = ABBREVIATIONS
    append = out.append
    find = text.find
    e = s0
    # (``findall`` and ``find`` rather than match objects: a token starts with neither white
    # space nor "_", the only characters between tokens, so it is found where it starts.)
    for t in _TOKEN_PARTS.findall(text, s0, end):
        s = find(t, e)
        e = s + len(t)
        if "-" not in t and t[-1] != ".":  # most words: the token as found
            append((s, e, t))
            continue
        if "-" in t:
            glued = _GLUED_WORD.fullmatch(t)
            if glued and common_word(t[glued.end(1) + 1 :].rstrip(".")):
                # "Wright-director of ...": a dash written without spaces, then a word; the
                # name ends before it.
                append((s, s + glued.end(1), glued[1]))
                append((s + glued.end(1), e, t[glued.end(1) :]))
                continue
        if len(t) >= 3 and t[-1] == "." and t[:-1].lower() not in abbreviations:
            append((s, e - 1, t[:-1]))
            append((e - 1, e, "."))
        else:
            append((s, e, t))


# Stretches that may hold a name: capitalised words joined by spaces and connectors. Only
# these (with a little context before them) are tokenised, which keeps the scan cheap.
# A stretch opens with a letter that is not a-z: an ASCII capital or a non-ASCII letter. The
# first class says that with plain ranges, which the search skips along quickly; the
# look-behind then checks the letter itself (Unicode classes are slow to test at every
# character of the text).
_CANDIDATE = re.compile(
    r"[A-Z\x80-\U0010ffff](?<=[^\W\d_a-z])[\w’'\-.]*+(?:(?:[ \t\u00a0]++|[ \t]*+\r?\n[ \t]*+)"
    r"(?:[\"“‘][^\W\d_a-z][\w’'\-]*(?: [^\W\d_a-z][\w’'\-]*){0,2}[\"”’][ \t\u00a0]+"
    r"(?=[^\W\d_a-z]))?"  # a nickname: Juan "Chico" Roe
    r"(?:(?:"
    # (a trie, longest word first as a list sorted by length would try them)
    + alternation(lx.ORG_CONNECTORS | lx.NAME_PARTICLES)
    + r")[ \t\u00a0]+){0,2}(?:(?:al|el|ad|an|ar|as|ash|at|az)-)?[^\W\d_a-z][\w’'\-.]*+)*+"
)
# An Arabic article joined to a surname: "Bashar al-Assad", "Anwar al-Awlaki"
_ARTICLE_SURNAME = re.compile(r"(?:al|el|ad|an|ar|as|ash|at|az)-[^\W\d_a-z]")


# Party words a name may follow: "Republican Jo Roe", "Libertarian Hendrik ter Horst".
_PARTY_MEMBERS = lx.PARTY_WORDS | {"libertarian"}


def _month_as_given_name(text: str, toks: list[tuple[int, int, str]], i: int) -> bool:
    """ "June Albrecht-Sosa", "April Quill": a month that is also a given name, right before a
    surname (not a date's number or a day), is the given name."""
    if toks[i][2] not in _GIVEN_NAME_MONTHS or i + 1 >= len(toks):
        return False
    ns, _, nt = toks[i + 1]
    shaped = nt.isalpha() or ("-" in nt and nt.replace("-", "").isalpha())
    return (
        text[toks[i][1] : ns] == " "
        and nt[:1].isupper()
        and shaped
        and nt not in _WEEKDAYS
        and nt not in _MONTH_NAMES
        and nt.lower() not in lx.STOP_CAPS
    )


_GIVEN_NAME_MONTHS = frozenset({"April", "June"})
# What a campaign committee is "for": "Roe for Senate", "Achebe for California".
_CAMPAIGN_FOR = (
    lx.TAG_WORDS
    | lx.COUNTRIES
    | {
        "senate",
        "congress",
        "governor",
        "president",
        "mayor",
        "council",
        "america",
        "house",
        "assembly",
        "judge",
        "sheriff",
    }
)


def _is_campaign_name(lows: list[str]) -> bool:
    """ "roe for senate", "jo roe for new jersey": one or two names, "for", an office or a
    place."""
    if "for" not in lows or len(lows) > 6:
        return False
    k = lows.index("for")
    return (
        1 <= k <= 2
        and 1 <= len(lows) - k - 1 <= 2
        and all(w in _CAMPAIGN_FOR for w in lows[k + 1 :])
    )


_NAME_TAIL_ONLY = frozenset(
    """power electric workers steelworkers autoworkers employees machinists amalgamated
    brotherhood guild""".split()
)
_OFFICE_OF_TWO = re.compile(
    r"(?:the )?(?:[a-z.\-]+ ){0,3}(?:"
    + "|".join(sorted(lx.ORG_WORDS - {"and", "of", "the"}, key=len, reverse=True))
    + r") of (?:the )?(?:[a-z\-]+ ){1,3}and (?:[a-z\-]+ ){0,2}[a-z\-]+"
)
_FIRST_NAME_GIVEN = re.compile(r"\b(?:his|her|their) first name(?: as)?,?\s+$")
_PRONOUN_CUE = re.compile(r"\b(?:[Hh]e|[Ss]he)\s+(?:" + "|".join(lx.CUE_VERBS) + r")\b")
_I_CONTRACTION = re.compile(r"I[’'](?:d|m|ve|ll)")


def _candidate_tokens(text: str) -> list[tuple[int, int, str]]:
    """Tokens of every candidate stretch, each after a little context and before a break.

    A stretch of several words gets the two words before it (role nouns: "station commander
    Ruth Ibsen"); a single word only the word before it (an article: "the Bell").
    """
    out: list[tuple[int, int, str]] = []
    last = 0
    stop = lx.STOP_CAPS
    for m in _CANDIDATE.finditer(text):
        ms, me = m.span()
        g = m.group()
        single = " " not in g and "\t" not in g and "\n" not in g and "\u00a0" not in g
        if single and (
            g.lower().rstrip(".") in stop or g[1:2] in ("'", "’") and _I_CONTRACTION.fullmatch(g)
        ):
            continue  # a lone sentence opener such as "The" or "However", or "I've"
        s0 = max(last, ms - (12 if single else 22))
        if s0 > last:
            sp = text.find(" ", s0, ms)
            s0 = sp + 1 if sp >= 0 else ms
        _tokenize_into(text, s0, me, out)
        out.append((me, me, "|"))
        last = me
    return out


_CUE_WORDS = (
    frozenset(w for w in lx.CUE_VERBS if " " not in w)
    | frozenset(lx.CUE_PARTICIPLES)
    # Verbs of telling someone something that do not introduce a quotation of their own.
    | {"reminded", "informed", "assured"}
)
# The words after a name: "Kwame Asante said", "Kwame Asante, 52, said", "... also said".
# "hosts Jo Scarbrook and ": a plural role word, then the first of two names.
_COORDINATED = re.compile(
    r"\b(" + alternation({w + "s" for w in lx.ROLE_NOUNS}) + r")\s+"
    r"(?:[A-Z][\w’'.\-]+\s+){1,3}$"
)
_APPOSED_CUE = re.compile(
    r",\s+(?:a|an|the|one\s+of)\s[^,;:.“”\"]{1,100},\s+(?:also\s+|had\s+|has\s+)?([a-z]+)\b"
)
_RELATIVE_BEFORE = re.compile(
    rf"\b(?:[Hh]is|[Hh]er|[Tt]heir)\s+(?:{alternation(lx.RELATIVES)})\s*,\s*$"
)
# "employers such as ", "companies including ": a business's name follows.
_BUSINESSES_SUCH_AS = re.compile(
    r"\b(?:companies|employers|firms|businesses|corporations|retailers|manufacturers|banks|"
    r"brands|chains|insurers)\s+(?:such\s+as|like|including)\s+$"
)


def _may_name_business(text: str, s: int) -> bool:
    """``_BUSINESSES_SUCH_AS`` before ``s``, searched only when one of its last words is there
    (the search tries every place of its window)."""
    lo = max(0, s - 60)
    window = text[lo:s]
    return ("such" in window or "like" in window or "including" in window) and (
        _BUSINESSES_SUCH_AS.search(text, lo, s) is not None
    )


# "Roe's wife, " before a lone given name: whose relative, by surname.
_NAMED_RELATIVE_BEFORE = re.compile(
    r"\b([A-Z][\w\-]+)[’']s\s+("
    + alternation(lx.RELATIVES - {"friend", "neighbour", "neighbor", "partner"})
    + r")\s*,\s*$"
)
_ASKED_BEFORE = re.compile(r"\b(?:asked|questioned|pressed)\s+$")
_COMMA_CUE = re.compile(r",\s+(?:also\s+)?(said|says|told|tells|wrote|writes|added|adds)\b")
_NEXT_WORDS = re.compile(r"(?:\s*,\s*\d{1,3}\s*,)?\s+([a-z]+)(?:\s+([a-z]+))?")


# Family words that stand for a person as a role does ("a daughter, Grace Finch").
_KIN = lx.RELATIVES - {"friend", "neighbour", "neighbor", "partner"}


def _office_word(low: str) -> bool:
    """A word of an office's name: "chief", "deputy", "engineer", "staff"."""
    return low.rstrip(".") in lx.OFFICE_WORDS or low in _OFFICE_EXTRAS


# Words inside offices' names that are neither titles nor roles on their own.
_OFFICE_EXTRAS = frozenset({"staff", "state", "general", "press", "public", "works"})


def _role_then_given_name(lows: list[str]) -> int:
    """Where a name starts after organisation or role words: "Board Member Ruth Achebe"."""
    for k in range(1, len(lows) - 1):
        if lows[k] in lx.FIRST_NAMES and len(lows) - k in (2, 3):
            head, rest = lows[:k], lows[k:]
            if (
                lows[k - 1] not in lx.FIRST_NAMES
                and any(w in lx.ORG_WORDS or w in lx.ROLE_NOUNS or w in lx.TITLES for w in head)
                and not any(w in lx.ORG_WORDS or w in lx.PLACE_WORDS for w in rest)
            ):
                return k
    return 0


# A name's initial, "J." (the tokens of "A.J." are "A." and "J.").
_INITIAL = re.compile(r"[A-Z]\.")


def _joined_initials(toks: list[tuple[int, int, str]], i: int) -> bool:
    """Is token ``i`` an initial written together with the next ("A." of "A.J.")?"""
    return (
        _INITIAL.fullmatch(toks[i][2]) is not None
        and i + 1 < len(toks)
        and toks[i + 1][0] == toks[i][1]
        and _INITIAL.fullmatch(toks[i + 1][2]) is not None
    )


def _is_cap(t: str) -> bool:
    return t[:1].isupper()


def _opens_no_name(text: str, toks: list[tuple[int, int, str]], i: int, t: str) -> bool:
    """Whether the capitalised word ``t`` (token ``i``) is a stop word that starts no name
    ("The", "But"), not an acronym, joined initials ("A.J. Smith" is no article "A") or a
    month used as a given name."""
    return (
        t.lower().rstrip(".") in lx.STOP_CAPS
        and not _is_acronym(t)
        and not _joined_initials(toks, i)
        and not _month_as_given_name(text, toks, i)
    )


def _possessive_ends_name(toks: list[tuple[int, int, str]], i: int, t: str) -> bool:
    """A possessive ends the name, unless an organisation word goes on ("Children's Trust")."""
    return (
        t[-1] in _POSSESSIVE_LAST
        and _clean(t) != t
        and not (i + 1 < len(toks) and toks[i + 1][2].lower() in lx.ORG_WORDS)
    )


def _is_acronym(t: str) -> bool:
    core = t.replace(".", "").replace("&", "")
    return 2 <= len(core) <= 6 and core.isupper() and core.isalpha()


# "MIAMI —", "RENO, Nev. —": a dateline's place opening the story.
_DATELINE_AFTER = re.compile(r"(?:,[ \t]+[A-Z][A-Za-z.]{1,12})?[ \t]*(?:\(\w+\)[ \t]*)?[—–-]")
# Share of generic English documents above which a word in capitals is just a word ("WORK",
# "VIDEO", "STUPID"), not an organisation's initials (CNN: 0.8%, NASA: 0.7%).
_COMMON_WORD_SHARE = 0.02


@lru_cache(maxsize=1 << 14)  # a pure function of a word
def common_word(word: str) -> bool:
    """An ordinary English word ("Powerful", "STUPID"), by its share of generic documents."""
    low = word.lower()
    return max(BACKGROUND_DF.get(low, 0.0), BACKGROUND_DF.get(stem(low), 0.0)) >= _COMMON_WORD_SHARE


def _capitals_not_an_org(text: str, s: int, e: int) -> bool:
    """Whether a word in capitals is not an organisation's name: a time zone, a place's code,
    a common abbreviation ("EDT", "FL", "DNA"), an ordinary word set in capitals ("UPDATE",
    "STUPID") or a dateline's place ("LONDON —")."""
    word = text[s:e].replace(".", "")
    low = word.lower()
    if word in lx.NOT_ORG_ACRONYMS or low in lx.STOP_CAPS:
        return True
    if common_word(low):
        return True
    return (s == 0 or text[s - 1] == "\n") and _DATELINE_AFTER.match(text, e) is not None


def _gender_of(tokens: list[str]) -> str:
    for t in tokens:
        lo = t.lower()
        if lo in lx.TITLES_MALE or lo.rstrip(".") in lx.TITLES_MALE:
            return "m"
        if lo in lx.TITLES_FEMALE or lo.rstrip(".") in lx.TITLES_FEMALE:
            return "f"
    return ""


# Words after "Roe's" that make it "Roe has" or "Roe is", not a possessive ("Roe's been
# saying for weeks", "Roe's not ready").
_CONTRACTED_AFTER = re.compile(
    r"[’']s\s+(?:been|got|gotten|had|done|made|said|told|never|not|also|always|already|"
    r"still|just|going)\b"
)


def possessive_at(text: str, end: int) -> bool:
    """Does a possessive follow the name ending at ``end``: "Roe's", "Example Pictures' "?
    Not a contraction: "Roe's been making the case"."""
    if text.startswith(("’s", "'s"), end):
        return not _CONTRACTED_AFTER.match(text, end)
    return text.startswith(("’ ", "' "), end) and text[end - 1 : end] in ("s", "S")


# Last words of businesses, places and events that a census given name can open.
_NOT_SURNAMES = frozenset(
    """brothers bros music productions lines market footwear awards springs mansion point bar
    catholic nation xmas""".split()
)


def _census_person(words: list[str]) -> bool:
    """Does a run of two or three capitalised words, with no other evidence, name a person by
    the census's given names? "Aubrey Pellin" and "Norbert Leo Butz" yes; not "Sandy Hook" (a
    name both sexes bear, as places do), "Dallas Texans" or "Warner Brothers" (a plural), nor
    "Delta Air Lines" (three words need a given name or an initial in the middle)."""
    lows = [w.lower() for w in words]
    last = lows[-1]
    return (
        len(words) in (2, 3)
        and _census_gender(lows[0]) != ""
        and not any(w.isupper() for w in words)
        and (
            len(words) == 2
            or lows[1] in lx.ANY_GIVEN_NAMES
            or _INITIAL.fullmatch(words[1]) is not None
        )
        and last not in _NOT_SURNAMES
        and last not in lx.ORG_WORDS
        and last not in lx.PLACE_WORDS
        and not (last.endswith("s") and not last.endswith("ss") and last not in lx.SURNAMES_IN_S)
    )


_ROLE_HEAD_END = re.compile(r"\s+(?:of|at|for|with|in|from|who|whose|on|and|to)\s")
_PERSON_WORDS = lx.ROLE_NOUNS | lx.RELATIVES | {"man", "woman", "mother", "father", "mom", "dad"}


def _person_role(role: str) -> bool:
    """Is a role one only a person holds ("a nurse", "a city council member", "the mother of
    two"), not a body's ("a campaign group", "the private utility")? "Zainab Haddad, a nurse,
    said it came too late": that "it" is what she spoke of, and she stays a person."""
    if not role or not role[:1].islower():
        return False
    cut = _ROLE_HEAD_END.search(role)
    words = re.findall(r"[a-z\-]+", (role[: cut.start()] if cut else role).lower())
    return (
        len(words) >= 2
        and words[0] in ("a", "an", "the")
        and words[-1] in _PERSON_WORDS
        # (not "the organizational grand marshal for the parade": a body's part)
        and not any(w.startswith("organi") for w in words)
    )


def uncommon_name(name: str) -> bool:
    """Two or three capitalised words none of which is an ordinary English word (or each a
    given name): "Zainab Haddad", not "Fair Streets Now" or "Granite Shore Power"."""
    words = name.split()
    return (
        len(words) in (2, 3)
        and all(w[:1].isupper() and w[1:].islower() for w in words)
        and not any(common_word(w.lower()) and w.lower() not in lx.ANY_GIVEN_NAMES for w in words)
        and words[-1].lower() not in lx.ORG_WORDS
        and not (
            words[-1].endswith("s")
            and not words[-1].endswith("ss")
            and words[-1].lower() not in lx.SURNAMES_IN_S
        )
    )


def _census_gender(low: str) -> str:
    """m or f for a given name the census gives mostly to one sex; "" otherwise."""
    g = lx.CENSUS_GIVEN_NAMES.get(low, "")
    return g if g in ("m", "f") else ""


def _first_name_gender(first: str) -> str:
    lo = first.lower()
    if lo in lx.UNISEX_FIRST_NAMES:
        return ""
    if lo in lx.FIRST_NAMES_MALE:
        return "m"
    if lo in lx.FIRST_NAMES_FEMALE:
        return "f"
    return ""


_ROLE_DETERMINERS = frozenset({"the", "a", "an", "its", "his", "her", "their"})


def _words_before(text: str, word: str) -> list[str]:
    """The capitalised words right before ``word``: the first groups of
    ``re.finditer(rf"\\b([A-Z][a-z]+) {re.escape(word)}\\b", text)``, tried only where
    " word" stands (the pattern's search would try every place of the text)."""
    rx = re.compile(rf"\b([A-Z][a-z]+) {re.escape(word)}\b")
    found: list[str] = []
    end = 0  # (the matches do not overlap: each search goes on after the last)
    needle = " " + word
    q = text.find(needle)
    while q >= 0:
        j = q
        while j > end and "a" <= text[j - 1] <= "z":
            j -= 1
        if end < j < q and "A" <= text[j - 1] <= "Z":
            m = rx.match(text, j - 1)
            if m is not None:
                found.append(m.group(1))
                end = m.end()
        q = text.find(needle, q + 1)
    return found


class _Builder:
    def __init__(self, text: str, layout: Layout, aliases: AliasIndex) -> None:
        self.text = text
        self.reg = Registry(text, layout, aliases)
        self.bare: list[tuple[int, int, str, bool]] = []  # single words to link later
        self.titled: list[tuple[int, int, str, str, str]] = []  # (s, e, surname, title, g)
        self.maybe: list[tuple[str, int, int, str, str]] = []  # persons on thin evidence

    # -- registration -------------------------------------------------------------
    def add_org(self, name: str, s: int, e: int, role: str = "") -> Org:
        reg = self.reg
        name = " ".join(name.split())
        ks = reg.aliases.lookup(name)
        canonical = ks.name if ks is not None and ks.kind == "organization" else name
        org = reg.orgs.get(canonical)
        if org is None:
            existing = reg.org_alias.get(canonical) or reg.org_alias.get(canonical.casefold())
            org = reg.orgs.get(existing) if existing else None
        if org is None and " " not in canonical and canonical.lower() in lx.ORG_WORDS:
            # "the Rovers" after "the Exampleton Rovers": the one organisation so named
            ends = [o for o in reg.orgs.values() if o.name.split()[-1] == canonical]
            org = ends[0] if len(ends) == 1 else None
        if org is None:
            org = Org(canonical, role or (ks.role if ks else ""))
            org.media = any(w.lower() in lx.MEDIA_WORDS for w in canonical.split())
            org.outlet = (
                (ks is not None and ks.is_outlet)
                or is_outlet_name(canonical)
                or _is_dateline_credit(self.text, s, e)
            )
            org.media = org.media or org.outlet
            reg.orgs[canonical] = org
            for alias in {canonical, *(ks.aliases if ks else ())}:
                reg.org_alias.setdefault(alias, canonical)
                reg.org_alias.setdefault(alias.casefold(), canonical)
        reg.org_alias.setdefault(name, org.name)
        reg.org_alias.setdefault(name.casefold(), org.name)
        if name.lower().startswith("the "):
            reg.org_alias.setdefault(name[4:].casefold(), org.name)
        org.mentions.append((s, e))
        reg.mentions.append(Mention(s, e, "organization", org.name))
        return org

    def add_person(self, name: str, s: int, e: int, role: str, gender: str) -> Person:
        reg = self.reg
        if '"' in name or "“" in name or "‘" in name:
            name = _NICKNAME.sub("", name)
        name = " ".join(name.split())  # no-break spaces, a line wrap inside a name
        if name.isupper() and " " in name:
            name = name.title()  # a transcript's "DAVID ORLOWSKI"
        role = " ".join(role.split())
        ks = reg.aliases.lookup(name)
        if ks is not None and ks.kind == "person":
            name = ks.name
        p = reg.persons.get(name)
        if p is None and name.split()[0].lower() in lx.NAME_PARTICLES and " " in name:
            # "De la Rosa said", a sentence's capital on "Luis de la Rosa Jr."'s surname
            tail = " " + name.lower()
            longer = [
                q
                for q in reg.persons.values()
                if " ".join(
                    w for w in q.name.lower().split() if w.rstrip(".") not in _SUFFIXES
                ).endswith(tail)
            ]
            if longer:
                # (of "Luis de la Rosa Jr." and "Sr.", the one the text brought in first)
                p = min(longer, key=lambda q: q.first_at)
        if p is None:
            p = Person(name, role or (ks.role if ks else ""), known=ks is not None)
            reg.persons[name] = p
            reg.surnames.setdefault(surname_of(name), set()).add(name)
            last = surname_of(name)
            if _ARTICLE_SURNAME.match(last):
                # "Bashar al-Assad": "Assad" and, opening a sentence, "Al-Assad" alone
                for form in (last.split("-", 1)[1], last[:1].upper() + last[1:]):
                    reg.surnames.setdefault(form, set()).add(name)
            reg.given.setdefault(name.split()[0], set()).add(name)
            if ks is not None:
                for alias in ks.aliases:
                    reg.surnames.setdefault(alias, set()).add(name)
        if role and not p.role:
            p.role = role
        if gender and not p.gender:
            p.gender = gender
        if not p.gender:
            p.gender = _first_name_gender(name.split()[0])
        if not p.gender and len(name.split()) in (2, 3):
            # (the census's names tell a gender only for a name of two or three words, not
            # for a headline's "Clinton Campaign Manager Laughs")
            p.gender = _census_gender(name.split()[0].lower())
        if not p.gender:
            # "her uncle, Henrik Lindqvist", "His daughter Ruth Alder"
            km = _KIN_BEFORE.search(self.text, max(0, s - 30), s)
            if km:
                w = km.group(1).lower()
                p.gender = "m" if w in lx.MALE_WORDS else "f" if w in lx.FEMALE_WORDS else ""
        p.mentions.append((s, e))
        reg.mentions.append(Mention(s, e, "person", p.name))
        return p

    # -- roles --------------------------------------------------------------------
    def role_after(self, end: int) -> str:
        m = _AFTER_ROLE.match(self.text, end, min(len(self.text), end + 120))
        if not m:
            return ""
        role = m.group(1).strip()
        if _ROLE_VERBS.search(role) and not role.lower().startswith(("head of", "chief of")):
            # "the mayor, who ..." is fine; "the mayor said" is not a role.
            role = _ROLE_VERBS.split(role, maxsplit=1)[0].strip()
        if "(" in role:
            role = role.split("(", 1)[0].strip()
        if len(role.split()) > 12 or len(role) < 3:
            return ""
        return role

    def role_before(self, start: int) -> str:
        seg = self.text[max(0, start - 100) : start].rstrip()
        if not seg.endswith(","):
            return ""
        body = seg[:-1]
        cut = max(body.rfind(c) for c in ',.;:(“”"\n')
        body = body[cut + 1 :].strip()
        if body.startswith(("And ", "and ", "But ", "but ")):
            body = body.split(" ", 1)[1]
        words = body.split()
        if len(words) >= 2 and (words[-1].lower() in lx.ROLE_NOUNS or words[-1] in _KIN):
            # "according to her agent, Piet Varga", "confirmed by the company spokesman, Jo
            # Roe", "she is survived by a daughter, Grace Finch": a role noun phrase closing a
            # longer clause.
            for k in range(len(words) - 2, max(-1, len(words) - 7), -1):
                if words[k].lower() in _ROLE_DETERMINERS:
                    phrase = " ".join(words[k:])
                    return "" if _ROLE_VERBS.search(phrase) else phrase
        if not 2 <= len(words) <= 9 or _ROLE_VERBS.search(body):
            return ""
        first = words[0]
        if first.lower() in _ROLE_DETERMINERS or first.endswith(("’s", "'s")):
            return body
        return ""

    def role_words_before(self, toks: list[tuple[int, int, str]], i: int) -> str:
        """Lower-case role nouns right before a name: "station commander Ruth Ibsen"."""
        if i == 0:
            return ""
        s, e, t = toks[i - 1]
        if (
            i >= 4
            and t.lower() == "and"
            and (back := _COORDINATED.search(self.text, max(0, s - 60), s))
        ):
            # "hosts Jo Scarbrook and Mia Quillen": the second shares the role
            return back.group(1)[:-1] if back.group(1).endswith("s") else back.group(1)
        low = t.lower()
        if low.endswith("s") and low[:-1] in lx.ROLE_NOUNS:
            # "Morning Show hosts Jo Scarbrook and ...": each of them is a host
            return t[:-1]
        if low not in lx.ROLE_NOUNS or _is_cap(t) and low not in lx.ROLE_NOUNS:
            return ""
        start = s
        if i >= 2:
            ps, pe, pt = toks[i - 2]
            if pt[:1].isalpha() and pt.lower() not in lx.STOP_CAPS and pe + 1 >= s:
                start = ps
        return self.text[start:e]

    # -- the scan -----------------------------------------------------------------
    def scan(self) -> Registry:
        toks = _candidate_tokens(self.text)
        runs: list[list[int]] = []
        cur: list[int] = []
        pending: list[int] = []
        prev_end = 0
        text = self.text
        layout = self.reg.layout
        nick_end = -1
        for i, (ts, te, t) in enumerate(toks):
            if ts < nick_end:
                continue
            if not cur:  # (and so no connectors pending either)
                prev_end = te
                if not (t[:1].isupper() and t[0].isalpha()):
                    continue  # a word before a name: nothing else to do
                # The first word of a run: the steps below that need none before it.
                if _opens_no_name(text, toks, i, t):
                    continue
                if t in _LEAD_CUES_CAP and i + 1 < len(toks):
                    continue  # "Said Dora Plimsoll, ...": the verb, then the name
                if pending:
                    cur.extend(pending)
                    pending = []
                cur.append(i)
                if _possessive_ends_name(toks, i, t):
                    runs.append(cur)
                    cur = []
                continue
            if cur and t in _OPEN_MARKS:
                nm = _NICKNAME.match(text, prev_end)
                if nm:
                    nick_end = nm.end()  # the nickname and its marks: the name goes on after
                    continue
            # A name does not run over a paragraph break (in hard-wrapped text, a blank line).
            if (
                cur
                and text.find("\n", prev_end, ts) >= 0
                and layout.paragraph_index(prev_end) != layout.paragraph_index(ts)
            ):
                runs.append(cur)
                cur, pending = [], []
            prev_end = te
            if (t[:1].isupper() and t[0].isalpha()) or (
                cur and "-" in t and _ARTICLE_SURNAME.match(t)
            ):
                if cur and toks[cur[-1]][2].endswith(".") and t.lower() in _SENTENCE_OPENERS:
                    # "... in Washington D.C. He said": a new sentence after an abbreviation.
                    runs.append(cur)
                    cur, pending = [], []
                    continue
                if cur and (
                    t in _WEEKDAYS
                    or t in _MONTH_NAMES
                    and (pending or _DAY_NUMBER_AFTER.match(text, te))
                ):
                    if toks[cur[-1]][2] in _NAMED_DAY_WORDS:
                        cur.pop()  # "... on Super Tuesday"
                        while cur and not toks[cur[-1]][2][:1].isupper():
                            cur.pop()
                    if cur:
                        runs.append(cur)
                    cur, pending = [], []
                    continue
                if cur and t in _HEADLINE_VERBS:
                    # "Roe Says Council Failed": a headline's verb ends the name.
                    runs.append(cur)
                    cur, pending = [], []
                    continue
                # (the run may have ended at a paragraph break just above)
                if not cur and _opens_no_name(text, toks, i, t):
                    continue
                if not cur and t in _LEAD_CUES_CAP and i + 1 < len(toks):
                    continue  # "Said Dora Plimsoll, ...": the verb, then the name
                if pending:
                    cur.extend(pending)
                    pending = []
                cur.append(i)
                if _possessive_ends_name(toks, i, t):
                    runs.append(cur)
                    cur = []
            elif cur and t.lower() in _RUN_CONNECTORS:
                if len(pending) >= 2:
                    runs.append(cur)
                    cur, pending = [], []
                else:
                    pending.append(i)
            elif cur:  # (no pending connectors without a run)
                runs.append(cur)
                cur, pending = [], []
        if cur:
            runs.append(cur)
        for run in runs:
            self.classify(toks, run)
        self.accept_maybe_persons()
        self.drop_title_case_persons()
        self.link_short_forms()
        self.merge_prefixed_names()
        self.persons_called_it()
        self.gender_from_pronouns()
        self.mark_subjects()
        self.reg.mentions.sort(key=lambda m: m.start)
        return self.reg

    def classify_word(self, toks: list[tuple[int, int, str]], i: int) -> bool:
        """:meth:`classify` of a run of one capitalised word (most runs are), with the tests
        that only a longer run can pass left out; the same steps in the same order. False
        (nothing done) for "And", which :meth:`classify` takes in full."""
        text = self.text
        s, e, t = toks[i]
        w = _clean(t) if t[-1] in _POSSESSIVE_LAST else t
        low = w.lower()
        if low == "and":
            return False
        if _PHOTO_CREDIT.match(text, e):
            return True
        if low in lx.PLURAL_PEOPLE or low in _NAME_TAIL_ONLY:
            return True
        if low in lx.ORG_WORDS or common_word(low):
            nxt = _NEXT_WORD.match(text, e)
            if nxt and nxt.group(1) in lx.BUSINESS_HEADS:
                return True
        e = s + len(text[s:e].rstrip("’'")) if text[s:e].endswith(("’", "'")) else e
        if text[s:e].endswith(("’s", "'s")):
            e -= 2
        phrase = text[s:e]
        if text[s - 1 : s] in "‘“\"'" and s > 0 and text[e : e + 1] in "’”\"'":
            return True
        reg = self.reg
        ks = reg.aliases.lookup(phrase)
        if ks is not None:
            if ks.kind == "organization":
                org = self.add_org(phrase, s, e)
                self.after_org(org, e)
            else:
                self.add_person(phrase, s, e, self.role_after(e) or self.role_before(s), "")
            return True
        if phrase in reg.org_alias and phrase not in reg.persons:
            org = self.add_org(phrase, s, e)
            self.after_org(org, e)
            return True
        if w in lx.ROLE_ACRONYMS:
            return True
        acronym = _is_acronym(w)
        if acronym and _capitals_not_an_org(text, s, e):
            return True
        j = i - 1
        if (
            low in lx.ORG_WORDS
            or acronym
            or (
                j >= 0
                and toks[j][2].lower() in lx.BUSINESS_HEADS
                and low not in lx.FIRST_NAMES
                and w not in reg.surnames
                and phrase not in reg.persons
                and all(surname_of(mb[0]) != w for mb in self.maybe)
            )
        ):
            org = self.add_org(text[s:e], s, e)
            if j >= 0 and toks[j][2].lower() in _MEDIA_TRADES:
                org.media = True
            self.after_org(org, e)
            return True
        if (low in lx.PLACE_WORDS and low not in lx.FIRST_NAMES) or low in lx.PLACES:
            return True
        if low in _CONNECTORS_BUT_DE:
            return True
        if j >= 0 and toks[j][2].lower() in ("the", "a", "an") and toks[j][1] + 1 >= s:
            return True
        if text[max(0, s - 2) : s].strip() == "," and _ORG_APPOSITION.match(
            self.role_before(s).lower()
        ):
            org = self.add_org(text[s:e], s, e)
            self.after_org(org, e)
        else:
            self.bare.append((s, e, w, False))
        return True

    def classify(self, toks: list[tuple[int, int, str]], run: list[int]) -> None:
        text = self.text
        # A run split at "and" may start with a connector: "(Reuters and) the Example Gazette".
        while run and not toks[run[0]][2][:1].isupper():
            run = run[1:]
        while (
            run
            and not toks[run[-1]][2][:1].isupper()
            and not (len(run) > 1 and _ARTICLE_SURNAME.match(toks[run[-1]][2]))
        ):
            run = run[:-1]
        if not run:
            return
        if len(run) == 1 and self.classify_word(toks, run[0]):
            return
        if _PHOTO_CREDIT.match(text, toks[run[-1]][1]):
            return  # "Jo Quill via Getty Images": a photograph's credit, no one in the story
        words = [_clean(t) if (t := toks[i][2])[-1] in _POSSESSIVE_LAST else t for i in run]
        lows = [w.lower() for w in words]
        if len(words) > 2 and words[1] == "The":
            # "Enter The Example Gazette.": a capitalised word opening the sentence, then a
            # name that starts with its article.
            self.classify(toks, run[2:])
            return
        if len(run) == 1 and (lows[0] in lx.PLURAL_PEOPLE or lows[0] in _NAME_TAIL_ONLY):
            # "Associates described him as ...": people left unnamed, not a firm; "Power to
            # the people!": a word that makes a name only after another ("Granite Shore Power")
            return
        if len(run) == 1 and (lows[0] in lx.ORG_WORDS or common_word(lows[0])):
            nxt = _NEXT_WORD.match(text, toks[run[0]][1])
            if nxt and nxt.group(1) in lx.BUSINESS_HEADS:
                return  # "Rail operator Westway": the trade of the business named next
        if (
            len(run) >= 3
            and lows[0] in lx.PLURAL_PEOPLE
            and lows[1] == "of"
            and not lx.ORG_WORDS.isdisjoint(lows[2:])
        ):
            # "Officers of the Valmora Police Department": people of the organisation, whose
            # name starts after them (a capital only because the sentence starts there).
            self.classify(toks, run[2:])
            return
        s, e = toks[run[0]][0], toks[run[-1]][1]
        e = s + len(text[s:e].rstrip("’'")) if text[s:e].endswith(("’", "'")) else e
        if text[s:e].endswith(("’s", "'s")):
            e -= 2
        phrase = text[s:e]
        # Split "and"-joined runs unless the whole is an organisation name.
        if (
            "and" in lows
            # (not "Office of Management and Budget", "Department of Health and Human
            # Services": an office "of" two things)
            and not _OFFICE_OF_TWO.fullmatch(" ".join(lows))
            and (
                not any(w in lx.ORG_WORDS for w in lows[lows.index("and") :])
                or lows[lows.index("and") - 1] in lx.MEDIA_WORDS
                # "Dario Fenwick and the Example Gazette": a name, then another with its article
                or lows[lows.index("and") + 1 : lows.index("and") + 2] == ["the"]
                or is_outlet_name(" ".join(words[: lows.index("and")]))
            )
        ):
            k = lows.index("and")
            if k > 0:
                self.classify(toks, run[:k])
            if k + 1 < len(run):
                self.classify(toks, run[k + 1 :])
            return
        # "Health Minister Ruth Abernathy on Monday", "Marisol Vance of Tulsa": a person's name
        # ends at a lower-case connector unless the run is an organisation's name.
        conn = (
            next(
                (
                    k
                    for k in range(2, len(words) - 1)
                    if lows[k] in _PLAIN_CONNECTORS and words[k].islower()
                ),
                0,
            )
            if len(words) > 3
            else 0
        )
        # "Deputy Chief of Staff Marisol Engstrom": nothing but office words before the
        # connector, so the office runs on past it and the name comes after.
        office_first = all(_office_word(w) for w in lows[:conn])
        if (
            conn
            and not office_first
            and not any(w in lx.ORG_WORDS or w in lx.MEDIA_WORDS for w in lows[:conn])
            and (
                any(w in lx.FIRST_NAMES or w.rstrip(".") in lx.TITLES for w in lows[: conn - 1])
                # "Dario Fenwick of the Valmora Dockworkers' Union": a name the lexicon does not
                # know, then the organisation the person belongs to
                or (
                    conn in (2, 3)
                    and lows[conn] == "of"
                    and any(w.strip("’'") in lx.ORG_WORDS for w in lows[conn + 1 :])
                    and not any(w.isupper() for w in words[:conn])
                )
            )
        ):
            self.classify(toks, run[:conn])
            # What follows ("of Tulsa", "on Monday") is a place, a date or an organisation.
            if any(w in lx.ORG_WORDS for w in lows[conn + 1 :]):
                self.classify(toks, run[conn + 1 :])
            return
        if (
            conn
            and any(w.rstrip(".") in lx.TITLES for w in lows[:conn])
            and any(w in lx.FIRST_NAMES for w in lows[conn + 1 : -1])
            and not any(w in lx.ORG_WORDS for w in lows[conn + 1 :])
        ):
            # "Secretary of State Jon Husted": a title with "of" in it, then the person.
            k = next(i for i in range(conn + 1, len(lows)) if lows[i] in lx.FIRST_NAMES)
            self.classify(toks, run[k:])
            return
        if (
            conn
            and office_first
            and len(lows) - conn >= 4
            and not any(w in lx.ORG_WORDS or w in lx.PLACE_WORDS for w in lows[-2:])
            and all(_is_cap(w) for w in words[-2:])
        ):
            # "Chief of Staff Rosalind Achebe", a given name the lexicon does not know: the
            # office's last word, then the name's two.
            self.classify(toks, run[-2:])
            return
        if "for" in lows and _is_campaign_name(lows):
            # "Achebe for California", "Friends of Jo Roe": a campaign's committee
            org = self.add_org(phrase, s, e)
            self.after_org(org, e)
            return
        # A nickname in quote marks ("known as ‘Dynamite Doris’") names nobody new.
        if text[s - 1 : s] in "‘“\"'" and s > 0 and text[e : e + 1] in "’”\"'":
            return
        ks = self.reg.aliases.lookup(phrase)
        if ks is not None:
            if ks.kind == "organization":
                org = self.add_org(phrase, s, e)
                self.after_org(org, e)
            else:
                self.add_person(phrase, s, e, self.role_after(e) or self.role_before(s), "")
            return
        if phrase in self.reg.org_alias and phrase not in self.reg.persons:
            # Named as an organisation already ("security firm Example Micro"): still one.
            org = self.add_org(phrase, s, e)
            self.after_org(org, e)
            return
        # Titles at the front: "Transport Minister Felix Aldana", "Mr. Genalo".
        cut = 0
        for k in range(len(words) - 1):
            if lows[k].rstrip(".") in lx.TITLES or lows[k] in lx.TITLES:
                cut = k + 1
            elif (
                k == 0
                and len(words) > 2
                and lows[0].endswith("s")
                and lows[0][:-1] in lx.ROLE_NOUNS
            ):
                cut = 1  # "Producers Ilya Brandt and ...": a plural role opening the sentence
            elif k == 0 and len(words) > 2 and _AGED_WORD.fullmatch(lows[0]):
                cut = 1  # "Nine-year-old Ruby Sallis": an age, then the name
            elif (
                k == 0
                and len(words) > 2
                and lows[0] in _PARTY_MEMBERS
                and not any(w in lx.ORG_WORDS for w in lows[1:])
                # (not "Republican Donor Adelson", a headline's capitals)
                and (lows[1] in lx.FIRST_NAMES or self.text.find("\n", 0, toks[run[0]][0]) >= 0)
            ):
                cut = 1  # "Libertarian Hendrik ter Horst": a party, then the name
            elif (
                cut == k > 0
                and (lows[k] == "of" or lows[k] in _OFFICE_EXTRAS)
                and len(words) - k > 2
            ):
                cut = k + 1  # "Chief of Staff Rosalind Pettigrew": the office goes on
            elif words[k] in lx.ROLE_ACRONYMS and len(words) - k > 2 and not words[k + 1].isupper():
                cut = k + 1  # "Quorrasoft CEO Ann Pell": the person after the office
            elif (
                lows[k] in lx.ROLE_NOUNS
                and len(words) - k - 1 in (2, 3)
                and not any(
                    w in lx.ORG_WORDS or w in lx.PLACE_WORDS or _office_word(w)
                    for w in lows[k + 1 :]
                )
            ):
                cut = k + 1  # "State Engineer Rosalind Achebe": an office, then a full name
        if cut == 1 and len(words) == 2 and lows[0] in _TITLE_OR_GIVEN_NAME:
            cut = 0  # "Dean Quillon, co-director of the center": a given name, not a dean
        if not cut and len(lows) > 2:
            cut = _role_then_given_name(lows)
        name_idx = run[cut:]
        name_words = words[cut:]
        name_lows = lows[cut:]
        if not name_words:
            return
        if len(name_words) >= 2 and name_lows[-1] == "general" and not cut:
            # "Westfell General", "Tarnwick General": a hospital (a title comes before a
            # name, never after it).
            org = self.add_org(phrase, s, e)
            self.after_org(org, e)
            return
        ns = toks[name_idx[0]][0]
        title = text[s:ns].strip()
        if len(words) == 1 and words[0] in lx.ROLE_ACRONYMS:
            return
        if len(words) == 1 and _is_acronym(words[0]) and _capitals_not_an_org(text, s, e):
            return
        j = run[0] - 1
        if (
            not lx.ORG_WORDS.isdisjoint(name_lows)
            or (len(name_words) == 1 and _is_acronym(name_words[0]))
            or (
                # "security firm Example Micro": a business named after its trade word
                not cut
                and j >= 0
                and toks[j][2].lower() in lx.BUSINESS_HEADS
                and name_lows[0] not in lx.FIRST_NAMES
                # "the company Roe founded": Roe is someone the text has named already
                and name_words[-1] not in self.reg.surnames
                and phrase not in self.reg.persons
                and all(surname_of(mb[0]) != name_words[-1] for mb in self.maybe)
            )
        ):
            if cut and len(name_words) > 1:
                org_s = ns
            else:
                org_s = s
            org = self.add_org(text[org_s:e], org_s, e)
            if not cut and j >= 0 and toks[j][2].lower() in _MEDIA_TRADES:
                org.media = True  # "the daily Ledgerpost": what "the paper" will mean
            self.after_org(org, e)
            return
        if (
            (
                name_lows[-1] in lx.PLACE_WORDS
                and (
                    name_lows[0] not in lx.FIRST_NAMES
                    # "Orrin Lake Dam": two place words, whatever the first word could be
                    or not lx.PLACE_WORDS.isdisjoint(name_lows[1:-1])
                )
            )
            or " ".join(name_lows) in lx.PLACES
        ):
            return
        if not _CONNECTORS_BUT_DE.isdisjoint(name_lows):
            return
        # "the Ice Expulsion Responsible": a name does not follow an article.
        j = run[0] - 1
        if (
            not cut
            and j >= 0
            and toks[j][2].lower() in ("the", "a", "an")  # "The Alder Rovers said" too
            and toks[j][1] + 1 >= s
            and not (name_lows[0] in lx.FIRST_NAMES and len(name_words) in (2, 3))
        ):
            if (
                toks[j][2] == "The"
                and len(name_words) >= 2
                and name_lows[-1].endswith("s")  # "Rovers", "Giants": a team's plural
                and text[e : e + 1] not in ("’", "'")
            ):
                # "The Alder Rovers said": a team or body named with its article, which
                # "the Rovers" will mean.
                org = self.add_org(text[s:e], s, e)
                self.after_org(org, e)
            return  # but "the Jane Roe campaign" names Jane Roe
        # Drop a leading role word that is not a given name ("Klinikchef Jürgen Hollenbeck").
        if (
            len(name_words) >= 3
            and name_lows[0] not in lx.ANY_GIVEN_NAMES  # "Norbert Leo Butz" stays whole
            and not _INITIAL.fullmatch(name_words[0])  # "J. Edgar Roe": an initial stays
            and (name_lows[1] in lx.FIRST_NAMES or name_lows[0] in lx.ROLE_NOUNS)
        ):
            title = (title + " " + name_words[0]).strip()
            name_idx = name_idx[1:]
            name_words = name_words[1:]
            ns = toks[name_idx[0]][0]
        born = (
            [i for i, w in enumerate(name_words[:-2]) if w.lower().endswith(("-born", "-based"))]
            if len(name_words) > 2
            else None
        )
        if born:
            # "Korean-born Monte Haines": an epithet, then the name.
            k = born[-1] + 1
            title = (title + " " + " ".join(name_words[:k])).strip()
            name_idx = name_idx[k:]
            name_words = name_words[k:]
            ns = toks[name_idx[0]][0]
        # "Maricopa County Recorder Helen Purcell": capitalised role words, then a given name.
        k = (
            next(
                (
                    i
                    for i in range(1, len(name_words) - 1)
                    if name_words[i].lower() in lx.FIRST_NAMES
                ),
                0,
            )
            if len(name_words) > 2
            else 0
        )
        if (
            k
            and len(name_words) - k <= 3
            and name_words[0].lower() not in lx.ANY_GIVEN_NAMES
            and not all(_INITIAL.fullmatch(w) for w in name_words[:k])
        ):
            title = (title + " " + " ".join(name_words[:k])).strip()
            name_idx = name_idx[k:]
            name_words = name_words[k:]
            ns = toks[name_idx[0]][0]
        ev_end = e
        if len(name_words) >= 3 and name_words[-1] in lx.POST_NOMINALS:
            name_idx = name_idx[:-1]
            name_words = name_words[:-1]
            e = toks[name_idx[-1]][1]
        if (
            len(name_words) > 4
            and sum(
                w not in lx.NAME_PARTICLES and w.rstrip(".") not in _SUFFIXES for w in name_lows
            )
            > 4
        ):
            return  # (but "Luis de la Rosa Jr." is one name)
        if len(name_words) > 1 and (
            all(w.lower() in lx.TAG_WORDS for w in name_words)
            or name_lows[-1] in lx.COUNTRIES
            and name_lows[0] not in lx.FIRST_NAMES  # (but "Steve Israel")
        ):
            # "the Ohio Republican", "a New York Democrat": a seat and a party, no name;
            # "Western Europe", "South Korea": a place
            return
        gender = _gender_of(lows[:cut]) if cut else ""
        if len(name_words) == 1:
            if cut:
                self.titled.append((ns, e, name_words[0], title, gender))
            elif text[max(0, s - 2) : s].strip() == "," and _ORG_APPOSITION.match(
                self.role_before(s).lower()
            ):
                # "The national operator, Vennbane, said": a body, named after its description
                org = self.add_org(text[s:e], s, e)
                self.after_org(org, e)
            else:
                self.bare.append((s, e, name_words[0], False))
            return
        role = title
        pre = self.role_words_before(toks, run[0])
        if pre and not role:
            role = pre
        elif pre:
            role = f"{pre} {role}"
        role = role or self.role_after(e) or self.role_before(s)
        if not cut and not pre and _ORG_APPOSITION.match(role):
            # "Renfield Water, the private utility that supplies the town": a body
            org = self.add_org(text[ns:e], ns, e)
            self.after_org(org, e)
            return
        evidence = self.person_evidence(toks, run, ns, ev_end, name_words, bool(cut or role))
        if evidence > 0:
            self.add_person(text[ns:e], ns, e, role, gender)
        elif evidence == 0:
            self.maybe.append((text[ns:e], ns, e, role, gender))

    def person_evidence(
        self,
        toks: list[tuple[int, int, str]],
        run: list[int],
        ns: int,
        e: int,
        name_words: list[str],
        titled: bool,
    ) -> int:
        """How sure are we that a capitalised run names a person? 1 yes, 0 maybe, -1 no.

        Yes with a given name from the list, a title or role ("Senator", "station
        commander", an apposition), or a reporting verb with the name as its subject
        ("Kwame Asante said", "said Kwame Asante"). No when, with none of those, the run
        holds an acronym, a known organisation's alias or a role word, or follows an
        article and an adjective ("the senior Ice Expulsion Responsible"). Maybe otherwise:
        kept only if its surname is used alone elsewhere in the text.
        """
        j = run[0] - 1
        if (
            j >= 1
            and toks[j][2].lower() in _THING_NAMING
            and toks[j - 1][2].lower() not in _NAMED_PEOPLE
            and not toks[j - 1][2].endswith(_OCCUPATION_ENDS)
        ):
            return -1  # "This year's version is called Larnwick Forward": a thing's name
        if titled or name_words[0].lower() in lx.FIRST_NAMES:
            return 1
        if j >= 0 and toks[j][2].lower() in _CUE_WORDS:
            return 1
        if (
            j >= 1
            and toks[j][2] == "named"
            and (
                toks[j - 1][2].lower() in _NAMED_PEOPLE
                # "an amateur photographer named", "a student named": someone's occupation
                or toks[j - 1][2].islower()
                and toks[j - 1][2].endswith(_OCCUPATION_ENDS)
            )
            and len(name_words) in (2, 3)
        ):
            return 1  # "a local painter named Oskar Brandt": a person, whatever the given name
        nm = _NEXT_WORDS.match(self.text, e, min(len(self.text), e + 60))
        if nm and (nm.group(1).lower() in _CUE_WORDS or (nm.group(2) or "").lower() in _CUE_WORDS):
            return 1
        # "One of the report's authors, Ari Fell, said": the apposed name, then the cue
        if (
            len(name_words) in (2, 3)
            and _COMMA_CUE.match(self.text, e, min(len(self.text), e + 30))
            and self.text[max(0, ns - 3) : ns].rstrip().endswith(",")
        ):
            return 1
        if (
            j >= 0
            and _AGED_WORD.fullmatch(toks[j][2].lower())
            and len(name_words) in (2, 3, 4)
            and (j == 0 or toks[j - 1][2].lower() not in _ROLE_DETERMINERS)
        ):
            # "14-year-old Aubrey Pell hoisted a sign" (not "a 44-year-old Cuban American")
            return 1

        # "Isla Drummond, who has run the shop since 1987", "Tom Reyes, 34,": only people
        # take "who" and an age in apposition.
        if _WHO_OR_AGE.match(self.text, e) and len(name_words) in (2, 3):
            if not any(_is_acronym(w) or w.lower() in lx.ROLE_NOUNS for w in name_words):
                return 1
        aliases = self.reg.aliases
        for k, w in enumerate(name_words):
            low = w.lower()
            if k and low.rstrip(".") in _SUFFIXES:
                continue  # "Brent Quill III": a generation, not an acronym
            if _is_acronym(w) or low in lx.ROLE_NOUNS or low in lx.TITLES or low in _PARTY_NOUNS:
                return -1
            ks = aliases.lookup(w)
            if ks is not None and ks.kind == "organization":
                return -1
        if (
            j >= 1
            and toks[j][2].isalpha()
            and toks[j][2].islower()
            and toks[j - 1][2] in ("the", "a", "an")
        ):
            return -1
        if _census_person(name_words) and not self._in_title_line(ns, e):
            return 1  # "Aubrey Pellin", "Norbert Leo Butz": a given name the census knows
        return 0

    def _in_title_line(self, s: int, e: int) -> bool:
        """Whether text[s:e] lies in a title-case line (a headline: "Clinton Campaign Manager
        Laughs"), judged once per line."""
        if self.reg.titles is None:
            self.reg.titles = _TitleLines(self.text)
        return self.reg.titles.holds(s, e)

    def drop_title_case_persons(self) -> None:
        """Forget a person named only in title-case lines when the story names someone else
        with that surname in its running text ("Liberal Oscar-Winner Roe Says..." above a
        story about Jane Roe), or when the name opens with an ordinary word ("Powerful
        Things Latinos"): any capitalised run there looks like a name, and that one would
        otherwise claim the story's "Roe" and "she". A headline's full name for a person the
        story calls by surname alone stays."""
        reg = self.reg
        titles = reg.titles = _TitleLines(self.text)
        only_titles = {
            name
            for name, p in reg.persons.items()
            if p.mentions and all(titles.holds(s, e) for s, e in p.mentions)
        }
        if not only_titles:
            return
        gone = {
            name
            for name in only_titles
            if reg.surnames.get(surname_of(name), set()) - only_titles
            or common_word(name.split()[0])  # "Powerful Things Roe Said In 2015"
        }
        if not gone:
            return
        self.forget_persons(gone)
        reg.mentions = [m for m in reg.mentions if not (m.kind == "person" and m.key in gone)]

    def merge_prefixed_names(self) -> None:
        """A "person" made of a word and another person's name is that person: a title
        ("The Notorious Bettina Quill", a film) or a role word opening the sentence ("Producer
        Quillon" for Steven Quillon). Left apart, it looked like a second person a pronoun
        could mean."""
        reg = self.reg
        into: dict[str, str] = {}
        for p in reg.persons.values():
            words = p.name.split()
            if len(words) < 2 or p.known or words[0].lower() in lx.FIRST_NAMES:
                continue
            rest = " ".join(words[1:])
            if (
                len(words) > 2
                and rest in reg.persons
                # named first without the word: "Mario Vargas Llosa ... Vargas Llosa" is the
                # other way round, the full name first
                and reg.persons[rest].first_at < p.first_at
            ):
                target = reg.persons[rest]
            elif len(words) == 2 and words[0].lower() in lx.ROLE_NOUNS | _CAPITAL_ROLES:
                cands = [q for q in reg.person_by_surname(words[1]) if q.name != p.name]
                if len(cands) != 1:
                    continue
                target = cands[0]
            else:
                continue
            if target.name in into:
                continue
            target.mentions.extend(p.mentions)
            target.role = target.role or (words[0] if len(words) == 2 else "")
            into[p.name] = target.name
        if not into:
            return
        for m in reg.mentions:
            if m.kind == "person" and m.key in into:
                m.key = into[m.key]
        self.forget_persons(set(into))

    def persons_called_it(self) -> None:
        """A "person" the text calls "it" is an organisation with a name like a person's:
        "Fair Streets Now issued a statement saying it would withdraw", "Fair Streets Now,
        which organised the march"; never when the name starts with a known given name or a
        title, or when "he" or "she" also follows it."""
        reg = self.reg
        text = self.text
        gone: set[str] = set()
        for p in reg.persons.values():
            if p.known or p.gender or len(p.mentions) > 6:
                continue
            if _person_role(p.role) and uncommon_name(p.name):
                continue  # (but "Fair Streets Now, the grand marshal," may be a body)
            it = False
            at = text.find(p.name)
            while at >= 0:
                e = at + len(p.name)
                if _SAID_PRONOUN.match(text, e):
                    break
                cm = _CALLED_IT.match(text, e)
                if cm and not (
                    # "Zainab Haddad said it came too late": with a name all of uncommon
                    # words, a bare "said it" is what she spoke of ("which" or "a statement
                    # saying it" still make a body)
                    "which" not in cm.group(0)
                    and "statement" not in cm.group(0)
                    and uncommon_name(p.name)
                ):
                    it = True
                at = text.find(p.name, e)
            else:
                if it:
                    gone.add(p.name)
        if not gone:
            return
        reg.mentions = [m for m in reg.mentions if not (m.kind == "person" and m.key in gone)]
        for name in gone:
            p = reg.persons[name]
            for s, e in sorted(p.mentions):
                self.add_org(text[s:e] if (s, e) != min(p.mentions) else name, s, e, p.role)
        self.forget_persons(gone)

    def forget_persons(self, gone: set[str]) -> None:
        """Take the persons called ``gone`` out of the registry and its name indexes (their
        mentions are the caller's to drop or move)."""
        reg = self.reg
        for name in gone:
            del reg.persons[name]
        for index in (reg.surnames, reg.given):
            for key in list(index):
                index[key] -= gone
                if not index[key]:
                    del index[key]

    def accept_maybe_persons(self) -> None:
        """A run without a given name or title is a person if its surname is used alone."""
        used = {w for _, _, w, _ in self.bare} | {t[2] for t in self.titled}
        layout = self.reg.layout
        for name, s, e, role, gender in self.maybe:
            if surname_of(name) in used or name.split()[0] in used:
                self.add_person(name, s, e, role, gender)
                continue
            if self._listed_with_people(name, s, e):
                self.add_person(name, s, e, role, gender)
                continue
            am = _APPOSED_CUE.match(self.text, e, e + 140)
            if am and am.group(1) in _CUE_WORDS and "," not in name:
                # "Dan A. Quill, a former agent ..., asked the president": a person
                self.add_person(name, s, e, role, gender)
                continue
            # "Dario Fenwick spoke at the harbour. He said ...": a name opening its sentence
            # and taken up by "he" or "she" opening the next one is a person.
            ss = layout.sentence_start(s)
            if self.text[ss:s].strip() and not (
                # (or opening the main clause after a fronted one or a conjunction: "Asked
                # about it, Dario Fenwick shrugged.", "But Dario Fenwick was not convinced.")
                s - ss < 200
                and (_FRONTED_THEN.match(self.text, ss, s) or _OPENING_LINK.match(self.text, ss, s))
            ):
                g = self._only_one_for_pronoun(name, ss, s, e)
                if g:
                    self.add_person(name, s, e, role, gender or g)
                continue
            g = self._taken_up_by_pronoun(name, s, e)
            if g:
                self.add_person(name, s, e, role, gender or g)

    def _opens_sentence(self, s: int) -> bool:
        """Does the word at ``s`` open its sentence, or its main clause after "But" or a
        fronted clause ("Asked about it, Okafor shrugged")?"""
        ss = self.reg.layout.sentence_start(s)
        return not self.text[ss:s].strip() or (
            s - ss < 200
            and bool(_FRONTED_THEN.match(self.text, ss, s) or _OPENING_LINK.match(self.text, ss, s))
        )

    def _taken_up_by_pronoun(self, name: str, s: int, e: int) -> str:
        """The gender of "he" or "she" taking up a name that opens its sentence, or ""."""
        layout = self.reg.layout
        text = self.text
        end = layout.sentence_end(e)
        at = end + 1 if end < s + 400 else e
        maybes = [other[1] for other in self.maybe]
        # (or by “...,” he said: "Vance admitted his pick was political. “...,” he said")
        nm = _NEXT_PRONOUN.match(text, at) or _QUOTE_THEN_PRONOUN.match(text, at)
        if nm:
            g = "m" if nm.group(1).lower() == "he" else "f"
            # (not "Lanford High senior Maya Kessler ... she said": she is Maya Kessler; but
            # "Thandeka Mbeki watched as Mark Roe took the oath. “...,” she said": a man
            # named between is no one "she" can mean)
            # (names inside the quotation are its own business)
            if any(s < ms < at for ms in maybes):
                return ""
            for p in self.reg.persons.values():
                if p.gender in ("", g) and any(s < ms < at for ms, _ in p.mentions):
                    return ""
            return g
        # "Dario Fenwick runs the ferry. The mayor visited it last year. “...,” he said": the
        # subject of a sentence, taken up one or two sentences on, when no one else the
        # pronoun could mean is named between (a place or a body is no one's subject here).
        if not _SUBJECT_VERB.match(text, e) or not self._could_be_a_name(name):
            return ""
        for _ in range(2):
            nxt = layout.sentence_end(at)
            if nxt >= len(text) or nxt - s > 900:
                return ""
            at = nxt + 1
            while at < len(text) and text[at] in " \t\n\u00a0":
                at += 1
            nm = _NEXT_PRONOUN.match(text, at) or _QUOTE_THEN_PRONOUN.match(text, at)
            if nm:
                g = "m" if nm.group(1).lower() == "he" else "f"
                if any(s < ms < at for ms in maybes):
                    return ""
                for p in self.reg.persons.values():
                    if p.gender in ("", g) and any(s < ms < at for ms, _ in p.mentions):
                        return ""
                return g
        return ""

    def _only_one_for_pronoun(self, name: str, ss: int, s: int, e: int) -> str:
        """The gender of "he" or "she" opening the next sentence (or the cue after a quote
        opening it) when a name inside the sentence before is the only one it can mean:
        "Mayor John Roe met Zainab Haddad on Monday. “...,” she said." No one else of that
        gender or of none known may be named in the 1,500 characters before, nor that pronoun
        used there (a speaker it goes on with), and the name must not follow a word of place
        ("in", "at")."""
        layout = self.reg.layout
        text = self.text
        if (
            not self._could_be_a_name(name)
            or _PLACE_BEFORE.search(text, max(0, s - 12), s)
            # (the object of a verb, "met Zainab Haddad"; not a name set off by a comma)
            or not _WORD_BEFORE.search(text, max(0, s - 30), s)
        ):
            return ""
        end = layout.sentence_end(e)
        if end >= s + 400:
            return ""
        # (or one or two sentences on, none of them naming anyone: "Mayor John Roe met
        # Jacinda Ardern on Monday. The talks ran late. “...,” she said.")
        nm = None
        for _ in range(3):
            at = end + 1
            while at < len(text) and text[at] in " \t\n\u00a0":
                at += 1
            nm = _NEXT_PRONOUN.match(text, at) or _QUOTE_THEN_PRONOUN.match(text, at)
            if nm or at >= len(text) or _HE_SHE_WORD.search(text, end, at):
                break
            end = layout.sentence_end(at)
            if end - s > 900:
                break
        if not nm:
            return ""
        g = "m" if nm.group(1).lower() == "he" else "f"
        lo = max(0, s - 1500)
        if re.search(r"\b[Hh]e\b" if g == "m" else r"\b[Ss]he\b", text[lo:s]):
            return ""  # (a "he" already in the story goes on with its own)
        if any(lo <= other[1] < at and other[1] != s for other in self.maybe):
            return ""
        for p in self.reg.persons.values():
            if p.gender in ("", g) and any(lo <= ms < at for ms, _ in p.mentions):
                return ""
        return g

    def _could_be_a_name(self, name: str) -> bool:
        """Could a run of two or three capitalised words be a person's name, as far as its
        words tell? Not a place ("South Carolina", "Saudi Arabia"), a body ("Example Street
        Station"), a plural ("the Buffalo Bills") or a phrase opening with an ordinary word
        that is no given name ("Civil Rights")."""
        words = name.split()
        low = " ".join(words).lower()
        if len(words) not in (2, 3) or low in lx.PLACES or low in lx.US_STATES:
            return False
        lows = low.split()
        return not (
            any(w in lx.COUNTRIES for w in lows)
            or lows[-1] in lx.ORG_WORDS
            or lows[-1] in lx.PLACE_WORDS
            # (not "the Buffalo Bills": a plural)
            or lows[-1].endswith("s")
            and not lows[-1].endswith("ss")
            and lows[-1] not in lx.SURNAMES_IN_S
            # (not "Civil Rights", "See Trump": an ordinary word, not a given name, first)
            or common_word(lows[0])
            and lows[0] not in lx.ANY_GIVEN_NAMES
        )

    def _listed_with_people(self, name: str, s: int, e: int) -> bool:
        """Is a two- or three-word run listed beside a person named in full ("Marco Rubio,
        Jeb Bush and John Kasich", "Bill Clinton and Melania Trump")? Names in a list are
        of one kind; a place or body beside a person is not taken for one."""
        if not self._could_be_a_name(name):
            return False
        text = self.text
        bm = _LISTED_BEFORE.search(text, max(0, s - 8), s)
        am = _LISTED_AFTER.match(text, e, e + 8)
        if bm is None and am is None:
            return False
        ends, starts = self.full_name_spans()
        return (bm is not None and bm.start() in ends) or (am is not None and am.end() in starts)

    def full_name_spans(self) -> tuple[set[int], set[int]]:
        """Where the mentions of persons named in full (with a given name) end and start."""
        ends: set[int] = set()
        starts: set[int] = set()
        for p in self.reg.persons.values():
            if " " in p.name and p.name.split()[0].lower() in lx.ANY_GIVEN_NAMES:
                for ms, me in p.mentions:
                    if " " in self.text[ms:me].strip():
                        ends.add(me)
                        starts.add(ms)
        return ends, starts

    def after_org(self, org: Org, end: int) -> None:
        tail = self.text[end : end + 60]
        m = _ACRONYM.match(tail.lstrip()) if tail.lstrip().startswith("(") else None
        if m:
            self._org_alias(org, m.group(1))
        m = _KNOWN_AS.match(tail)
        if m:
            self._org_alias(org, m.group(1))

    def _org_alias(self, org: Org, alias: str) -> None:
        org.aliases.add(alias)
        self.reg.org_alias.setdefault(alias, org.name)

    def link_short_forms(self) -> None:
        reg = self.reg
        for s, e, surname, title, gender in self.titled:
            cands = reg.person_by_surname(surname)
            if not cands and title.lower().rstrip(".") in _GIVEN_NAME_TITLES:
                # "Prince Omar" for Prince Omar bin Khalid: these titles take the given name.
                cands = [p for n in reg.given.get(surname, ()) if " " in (p := reg.persons[n]).name]
            if gender and len(cands) > 1:
                cands = [p for p in cands if p.gender in ("", gender)] or cands
            if len(cands) > 1:
                lead = reg.surname_default(surname)
                cands = [p for p in cands if p.name == lead] or cands
            if len(cands) == 1:
                p = cands[0]
                if title and title.lower().rstrip(".") not in {"mr", "ms", "mrs", "miss", "dr"}:
                    p.role = p.role or title
                self.add_person(p.name, s, e, "", gender)
            else:
                role = title if title.lower().rstrip(".") not in {"mr", "ms", "mrs"} else ""
                self.add_person(surname, s, e, role, gender)
        speaking = {
            w
            for s0, e0, w, _ in self.bare
            if w not in reg.surnames
            and w not in reg.given
            and w not in reg.org_alias
            and w[1:].islower()
            and w.lower() not in lx.STOP_CAPS
            and w.lower() not in lx.PLURAL_PEOPLE
            and w.lower() not in lx.COUNTRIES  # "Egypt said": a state, not a person
            and not _is_acronym(w)
            and (
                (
                    (nm := _NEXT_WORDS.match(self.text, e0, e0 + 40))
                    and nm.group(1) in _CUE_WORDS
                    # (not "Harsh comments are earning ...": a noun, then its verb)
                    and nm.group(2) not in ("are", "were", "have")
                )
                # "Tarno, an official from the disaster agency, told the Wire": one name only
                or (
                    (am := _APPOSED_CUE.match(self.text, e0, e0 + 140))
                    and am.group(1) in _CUE_WORDS
                )
                # "Roe asked Colby, “...?”": the one asked, who answers next
                or (
                    _ASKED_BEFORE.search(self.text, max(0, s0 - 12), s0)
                    and self.text[e0 : e0 + 1] == ","
                    and not common_word(w)
                )
                # "A volunteer, who gave only his first name, Curtis, said": the name given
                or (
                    "first name" in self.text[max(0, s0 - 40) : s0]  # (a quick test first)
                    and _FIRST_NAME_GIVEN.search(self.text, max(0, s0 - 40), s0)
                )
                # "Her father, Anton, 41, complained": a relative named by a given name
                or (
                    w.lower() in lx.FIRST_NAMES
                    and self.text[e0 : e0 + 1] == ","
                    and _RELATIVE_BEFORE.search(self.text, max(0, s0 - 30), s0)
                )
            )
        }
        # "Okafor shrugged. “...,” he said.": one name opening its sentence as
        # the subject of a verb and taken up by "he" or "she" opening the next one is a
        # person of that gender, as the same holds for a name of two words.
        opened: dict[str, str] = {}
        for s0, e0, w, _ in self.bare:
            if (
                w not in speaking
                and w not in opened
                and w not in reg.surnames
                and w not in reg.given
                and w not in reg.org_alias
                and w[1:].islower()
                and not common_word(w.lower())
                and w.lower() not in lx.STOP_CAPS
                and w.lower() not in lx.PLURAL_PEOPLE
                and w.lower() not in lx.COUNTRIES
                and w.lower() not in lx.US_STATES
                and w.lower() not in lx.PLACES
                and _BARE_SUBJECT_VERB.match(self.text, e0)
                and self._opens_sentence(s0)
            ):
                g = self._taken_up_by_pronoun(w, s0, e0)
                if g:
                    opened[w] = g
        self.alias_first_words()
        for s, e, word, _ in self.bare:
            if word[1:2] in ("'", "’") and _I_CONTRACTION.fullmatch(word):
                continue  # "I'll say more": the speaker, never a name
            org_key = reg.org_alias.get(word)
            if org_key:
                reg.orgs[org_key].mentions.append((s, e))
                reg.mentions.append(Mention(s, e, "organization", org_key))
                continue
            if (
                word not in reg.surnames
                and word not in reg.given
                and _may_name_business(self.text, s)
            ):
                # "local employers such as Quillmart": a business, by its one-word name
                org = self.add_org(word, s, e)
                self.after_org(org, e)
                continue
            rm = (
                _NAMED_RELATIVE_BEFORE.search(self.text, max(0, s - 40), s)
                if self.text[e : e + 1] == "," and word not in reg.surnames
                else None
            )
            if rm and reg.person_by_surname(rm.group(1)) and word.lower() not in lx.STOP_CAPS:
                # "Roe's wife, Melania, spoke": the relative, by the given name and the
                # family's surname (the article's own fuller form wins where it gives one).
                self.add_person(f"{word} {rm.group(1)}", s, e, rm.group(2).lower(), "")
                continue
            cands = reg.person_by_surname(word)
            if not cands and word not in reg.surnames:
                # A feature's "Naomi" for Naomi Calloway-Pierce: a given name used alone.
                cands = [reg.persons[n] for n in reg.given.get(word, ())]
                if not cands and len(word) >= 5 and not common_word(word.lower()):
                    cands = self._misspelt_surname(word)
                    if cands:
                        reg.surnames.setdefault(word, set()).add(cands[0].name)
            if (
                not cands
                and (word in speaking or word in opened)
                and not any(word in p.name.split() for p in reg.persons.values())
            ):
                # "Obama said ...", never given in full: a person known by one name, or by
                # the full one the text gives only where no name is read ("The Briefing With
                # Alastair Booker", a show's title in quote marks).
                full = {
                    given
                    for given in _words_before(self.text, word)
                    if given.lower() not in lx.STOP_CAPS
                    and given.lower() not in lx.ORG_WORDS
                    and given.lower().rstrip(".") not in lx.TITLES
                    and not common_word(given.lower())
                }
                name = f"{full.pop()} {word}" if len(full) == 1 else word
                cands = [self.add_person(name, s, e, "", opened.get(word, ""))]
                cands[0].mentions.pop()
                reg.mentions.pop()
            if len(cands) > 1:
                lead = reg.surname_default(word)
                cands = [p for p in cands if p.name == lead]
            if len(cands) == 1:
                cands[0].mentions.append((s, e))
                reg.mentions.append(Mention(s, e, "person", cands[0].name))

    def _misspelt_surname(self, word: str) -> list[Person]:
        """The one person whose surname ``word``, used alone and given to no one in full, is
        a slip of the keys for: two letters swapped or one doubled ("Kowalcyzk" or
        "Kowallczyk" for Kowalczyk). Same first and last letter, the same letters, at most
        one more or less, and at most two edits; a real second name differs in a letter."""
        low = word.lower()
        letters = set(low)
        found = [
            name
            for surname, names in self.reg.surnames.items()
            if len(names) == 1
            and surname[:1] == word[:1]
            and surname[-1:] == word[-1:]
            and abs(len(surname) - len(word)) <= 1
            and len(surname) >= 5
            and set(surname.lower()) == letters
            and _edits(surname.lower(), low) <= 2
            for name in names
        ]
        return [self.reg.persons[found[0]]] if len(set(found)) == 1 else []

    def alias_first_words(self) -> None:
        """ "Harwick said", "According to Harwick", after "Harwick Logistics": an organisation
        goes by its name's first word when it is the only one that word starts and no person
        of the text bears it."""
        reg = self.reg
        people = {w for p in reg.persons.values() for w in p.name.split()}
        firsts: dict[str, set[str]] = {}
        for org in reg.orgs.values():
            words = org.name.split()
            if len(words) > 1 and words[0][:1].isupper() and words[0].lower() not in lx.STOP_CAPS:
                firsts.setdefault(words[0], set()).add(org.name)
        for word, names in firsts.items():
            if len(names) == 1 and word not in people:
                reg.org_alias.setdefault(word, next(iter(names)))

    def gender_from_pronouns(self) -> None:
        """A person who "said he" (or "said she") gets that gender; else a person alone in a
        sentence with "he"/"his" or "she"/"her" gets it."""
        reg, layout = self.reg, self.reg.layout
        said: dict[str, set[str]] = {}
        for m in reg.mentions:
            if m.kind == "person" and not reg.persons[m.key].gender:
                sm = _SAID_PRONOUN.match(self.text, m.end)
                if sm:
                    said.setdefault(m.key, set()).add(sm.group(1))
                    # "Roe said he was a hard boss. “...,” she said": the "he" was someone
                    # else, as the quote's own "she" shows; evidence both ways says nothing.
                    nxt = layout.sentence_end(sm.end())
                    qm = _QUOTE_THEN_PRONOUN.match(self.text, nxt)
                    if (
                        qm
                        and not _NAME_CAPS.search(self.text, sm.end(), nxt)
                        # "Roe said he asked how she felt. “...,” she said": that "she".
                        and not re.search(rf"\b{qm.group(1)}\b", self.text[sm.end() : nxt], re.I)
                    ):
                        said[m.key].add(qm.group(1).lower())
        for key, pronouns in said.items():
            if len(pronouns) == 1:  # evidence both ways says nothing
                reg.persons[key].gender = "m" if pronouns == {"he"} else "f"
        by_sentence: dict[int, list[Mention]] = {}
        for m in reg.mentions:
            if m.kind == "person":
                by_sentence.setdefault(layout.sentence_start(m.start), []).append(m)
        for ms in by_sentence.values():
            names = {m.key for m in ms}
            if len(names) != 1:
                continue
            p = reg.persons[ms[0].key]
            if p.gender:
                continue
            if all(possessive_at(self.text, m.end) for m in ms):
                continue  # "Roe's wives. She said": the pronoun is about someone else
            end = layout.sentence_end(ms[-1].end)
            # Look into the next sentence too: "Lena Fischer ... . She thought ...", unless
            # this one brings in someone else the pronoun may mean ("Jo Roe asked the
            # superintendent whether ... . He said ...").
            nxt = layout.sentence_end(end + 1) if end + 1 < len(self.text) else end
            if _SOMEONE_ELSE.search(self.text, ms[-1].end, end):
                nxt = end
            window = self.text[ms[0].end : min(nxt, ms[0].end + 400)]
            # Pronouns in quoted words are the speaker's about others, not the name's.
            window = _QUOTED.sub(" ", window)
            # "Roe declined to say whether the president would sign, saying he ...": a pronoun
            # after someone else the sentence brings in (not an apposition: "Roe, the mayor,")
            other = _SOMEONE_ELSE.search(window)
            if other and window[: other.start()].strip(" ,"):
                window = window[: other.start()]
            # "She recalls the trainer, Sam Reyes, kneeling beside her": a pronoun before the
            # name is someone else, and the later ones are most likely that someone.
            ss = layout.sentence_start(ms[0].start)
            prefix = self.text[ss : ms[0].start]
            if prefix.count("“") > prefix.count("”") or prefix.count('"') % 2:
                continue  # “Dominic can keep it,” she said: a name in someone's words
            before = {
                pm.group(1).lower() in lx.PRONOUNS_MALE
                for pm in _PRONOUN.finditer(_QUOTED.sub(" ", prefix))
            }
            male = female = 0
            for pm in _PRONOUN.finditer(window):
                is_male = pm.group(1).lower() in lx.PRONOUNS_MALE
                if is_male in before:
                    continue
                if any(
                    (nm := rx.match(window)) and nm.end() == pm.end() for rx in _NOT_THE_SUBJECTS
                ):
                    # "Kellyanne Conwell, his campaign manager, followed him to the stage":
                    # an apposition's owner, and the object of the name's own verb, are
                    # someone else.
                    continue
                if is_male:
                    male += 1
                else:
                    female += 1
            if male and not female:
                p.gender = "m"
            elif female and not male:
                p.gender = "f"
        for ms in by_sentence.values():
            if len({m.key for m in ms}) > 1:
                self._gender_of_subject(sorted(ms, key=lambda m: m.start))

    def _gender_of_subject(self, ms: list[Mention]) -> None:
        """In a sentence naming several people, one whose name a verb follows gets the gender
        of "his" or "her" before kin of one's own in that clause, up to the next name: "After a host
        mocked Jane Roe, the anchor Ilia Quill wrote to her daughter" (the names before it are
        not meant; one after it, "Quill praised Roe's work and her courage", may be)."""
        reg, text = self.reg, self.text
        for k, m in enumerate(ms):
            p = reg.persons[m.key]
            if p.gender or possessive_at(text, m.end) or not _SUBJECT_VERB.match(text, m.end):
                continue
            stop = next(
                (o.start for o in ms[k + 1 :] if o.key != m.key), reg.layout.sentence_end(m.end)
            )
            # (within the name's own clause: not "Obama is important to help her win", "Biden
            # decided not to run and she performed well")
            clause = _CLAUSE_BREAK.search(text, m.end, stop)
            window = text[m.end : clause.start() if clause else stop]
            owners = {pm.group(1) for pm in _OWN_KIN.finditer(window)}
            if len(owners) == 1:
                p.gender = "m" if owners == {"his"} else "f"

    def mark_subjects(self) -> None:
        """The first name of a sentence is its subject; after a fronted clause ("One month
        after meeting Roe, Quill said"), the name that opens the main clause is."""
        layout = self.reg.layout
        text = self.text
        seen: set[int] = set()
        poss_at: dict[int, int] = {}
        fronted: dict[int, Mention] = {}
        role_at: dict[int, tuple[int, Mention]] = {}
        for m in sorted(self.reg.mentions, key=lambda m: m.start):
            ss = layout.sentence_start(m.start)
            if ss not in seen:
                seen.add(ss)
                m.subject = (
                    m.start - ss < 60
                    and not _PRONOUN_OPENS.match(text, ss, m.start)
                    # (not “...,” he said, doing his best Roe impression: "he" is)
                    and not (
                        ("he " in text[ss : m.start] or "He " in text[ss : m.start])
                        and _PRONOUN_CUE.search(text, ss, m.start)
                    )
                )
                if (
                    m.subject
                    and m.start > ss
                    and PREPOSITION_BEFORE.search(text, ss, m.start)
                    and _PRONOUN_SUBJECT_AFTER.search(text, m.end, layout.sentence_end(m.start))
                ):
                    # "Like Roe, he started as a clerk", "Stung by Roe's remarks, he ...":
                    # a name a fronted phrase only mentions, and a pronoun that is the subject
                    m.subject = False
                if not m.subject and m.start - ss < 200 and _FRONTED_THEN.match(text, ss, m.start):
                    # "Asked whether the country would accept mediation, Vukelic was ...":
                    # a long fronted clause, then the name that opens the main one.
                    m.subject = True
                rm = _ROLE_THEN_NAME.match(text, m.end) if m.subject else None
                if rm and rm.group(1) in lx.ROLE_NOUNS:
                    # "Roe consultant Cornell Belcher said": the consultant is the subject
                    role_at[ss] = (rm.end(), m)
                if m.subject and possessive_at(text, m.end):
                    poss_at[ss] = m.end  # "As for Roe's plan, Quill said": Quill too
                elif m.subject and (
                    _FRONTED.match(text, ss, m.start) or _FRONTED_PLACE.match(text, ss, m.start)
                ):
                    fronted[ss] = m
                    # "Asked whether Roe would run, she replied", "Though he did not name
                    # Roe, he made it clear": a name the fronted clause only mentions, and a
                    # pronoun opening the main clause (but "When Roe unveiled the plan, he
                    # called it", where the clause's own subject is the one "he" means)
                    lead = text[ss : m.start]
                    if (
                        lead.startswith(("Asked", "Pressed")) or _HE_SHE_THEY.search(lead)
                    ) and _PRONOUN_SUBJECT.search(text, m.end, layout.sentence_end(m.start)):
                        m.subject = False
            elif ss in role_at and role_at[ss][0] == m.start and m.kind == "person":
                role_at.pop(ss)[1].subject, m.subject = False, True
            elif ss in poss_at and m.start - ss < 60 and not possessive_at(text, m.end):
                del poss_at[ss]
                m.subject = True
            elif ss in fronted:
                # (the name right after the fronted clause's last comma: "Like Quill, the
                # former Gazette reader, Bell does not want to fight", Bell)
                first = fronted[ss]
                comma = text.rfind(",", first.end, m.start)
                if comma >= 0 and not text[comma + 1 : m.start].strip() and m.start - ss < 160:
                    first.subject, m.subject = False, True
                    del fronted[ss]
                elif m.start - ss >= 160 or _CLAUSE_END.search(text, first.end, m.start):
                    del fronted[ss]


# A role word between two names: "Roe consultant Cornell Belcher", "Quill campaign manager
# Jo Wren".
_ROLE_THEN_NAME = re.compile(r" (?:[a-z]+ )?([a-z]+) (?=[A-Z])")


def build_registry(text: str, aliases: AliasIndex, layout: Layout | None = None) -> Registry:
    """Scan ``text`` once for people and organisations."""
    if layout is None:
        layout = build_layout(text, [])
    return _Builder(text, layout, aliases).scan()


def extract_entities(text: str, *, known: Iterable[KnownSpeaker] = ()) -> list[Entity]:
    """People and organisations named in ``text``, with roles and mentions."""
    reg = build_registry(text, AliasIndex(known))
    return reg.entities()
