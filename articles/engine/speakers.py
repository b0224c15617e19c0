"""Who said it: resolution of the words naming a speaker to a full name.

Resolution turns "Homan", "Mr. Trump", "the mayor", "she" or "the ministry's announcement"
into a full name using the entity registry, the caller's known aliases and simple salience
(recent subject, last speaker). When the evidence is thin it answers None rather than guess.
The words themselves are found next to each quote by `articles.engine.cues`.
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_left
from functools import lru_cache

from articles.engine import lexicon as lx
from articles.engine.cues import (
    DETERMINERS,
    ISSUE_VERB,
    MENTION_STOP,
    NAME_WORDS,
    TITLE_STRIP,
    VERB_ANY,
)
from articles.engine.entities import (
    PREPOSITION_BEFORE,
    Mention,
    Registry,
    common_word,
    possessive_at,
    surname_of,
)
from articles.engine.groups import unnamed_group
from articles.engine.text import alternation

_FUNCTION_WORDS = frozenset(
    "the a an his her their its our your my from of for at in on with by to and or".split()
)
_GENDERED_TITLES = lx.TITLES_MALE | lx.TITLES_FEMALE
_SPOKES_OR_ORG_HEADS = lx.SPOKES_HEADS | lx.ORG_HEADS
_SPOKES_NOT_OFFICIAL = lx.SPOKES_HEADS - {"official", "officials"}
_ROLE_WORDS = lx.ROLE_NOUNS | lx.SPOKES_HEADS


_HE_SHE = re.compile(r"\b(?:[Hh]e|[Ss]he)\b")
_QUOTE_CHARS = re.compile(r"[“”‘«»„\"]")
_DOUBLE_MARK = re.compile(r"[“”\"]")


# Nouns for one person, by role or plainly ("a midwife", "a man", "a porter").
_PERSON_NOUNS = lx.ROLE_NOUNS | set(
    """man woman source mp person friend relative diplomat rebel witness mother father insider
    aide shopper passenger porter employee staffer volunteer guard cleaner paramedic
    firefighter soldier teller cashier waiter waitress customer patient parent technician
    mechanic labourer laborer contractor intern clerk""".split()
)
# "a", "one" or "another", then up to three words before the noun: someone brought in unnamed.
_INDEFINITE_ARTICLE = r"\b(?:[Aa]n?|[Oo]ne|[Aa]nother)\s+(?:[\w’'\-]+\s+){0,3}?"
# "A midwife at the unit, who asked not to be named, said...": someone left unnamed, whom a
# "he" or "she" after may mean. The noun is one of ``_PERSON_NOUNS`` in any case ("A Berlin
# woman") as far as three words on.
_INDEFINITE_PERSON = re.compile(
    _INDEFINITE_ARTICLE + "(" + "|".join(sorted(_PERSON_NOUNS)) + r")\b",
    re.IGNORECASE,
)


# "a source familiar with", "an Abraham Lincoln impersonator", "one operative": someone
# unnamed, who keeps a later "the author" from meaning the last sentences' subject. It reads
# otherwise than ``_INDEFINITE_PERSON``, so it stays apart: the noun is the first lower-case
# word after the article ("a young man" stops at "young" and is not counted; "a number" is),
# and ``_PERSON_WORD`` takes any -er, -or, -ist or -ian word too. (Looking for these nouns as
# far as three words on, as ``_INDEFINITE_PERSON`` does, moved no real quote; a change to that
# wants its own test.)
_INDEFINITE_ANYONE = re.compile(_INDEFINITE_ARTICLE + r"[a-z]+\b")
_PERSON_WORD = re.compile(
    r"\b(?:"
    # ("source" and "insider" are person nouns already, "heckler" ends in -er)
    + "|".join(sorted(_PERSON_NOUNS | {"member", "operative"}))
    + r"|[a-z]+(?:er|or|ist|ian))s?$"
)
_SINGLE_CLOSE = re.compile(r"’(?![A-Za-z])(?<!s’)")
# A sentence opened by a pronoun that reports speech: "She added that ...".
_PRONOUN_REPORTS = re.compile(
    r"\s*(He|She)\s+(?:also\s+|later\s+)?(?:said|says|added|adds|told|explained|insisted|"
    r"argued|noted|warned|acknowledged|admitted|recalled)\b"
)
# A clause that keeps the person it is about unnamed.
_ANONYMITY = re.compile(
    r"\b(?:(?:not|n’t|n't) (?:want )?(?:to )?be (?:named|identified|quoted by name)"
    r"|(?:his|her|their) names? (?:not|never)"
    r" be (?:used|published|given)|declined to be (?:named|identified)|condition of anonymity"
    r"|(?:not|n’t|n't) authori[sz]ed to (?:speak|comment))",
    re.IGNORECASE,
)


_ROLE_GAP = re.compile(r"(?:[’']s)?,?\s+(?:[a-z][\w\-]*,?\s+){1,3}")


# "... issued a statement", right after an organisation's name: the quote in the next paragraph
# is then the statement's. Its own anchoring (right after the name, an adverb between) and its
# own narrower words: those of the real text it was written for. ``_ISSUED``'s "wrote",
# "said in", "his" and "report" moved no real quote here either; no text yet says whether a
# quote after "the council published a report" is the council's.
_ISSUES_STATEMENT = re.compile(
    rf"\s+(?:(?:also|later|then|quickly)\s+)?(?:{ISSUE_VERB})\s+"
    r"(?:a|an|its|the)\s+(?:[\w\-]+\s+){0,2}?(?:statement|release|letter)\b"
)
_SPEECH_WORDS = re.compile(
    r"\b(?:statement|speech|remarks|address|addressed|spoke|speaking|told|testimony|"
    r"reproduced|following|wrote|letter|remembers|remembered|recalls|recalled|conference|"
    r"briefing|interview|questions)\b"
)


# "’s statement", "'s remarks": a person's own words, after the possessive
_OWN_WORDS = re.compile(
    r"[’']s?\s+(?:[a-z]+\s+)?(?:statement|remarks|speech|letter|email|post|tweet|message|"
    r"response|reply|answer)\b"
)
# A cue after the first closing mark of a quote: its own speaker follows.
_CUE_AFTER_CLOSE = re.compile(
    r"[”\"][^“\"\n]*?\b(?:said|says|told|tells|wrote|writes|added|adds|state|states|stated|read|"
    r"reads|according)\b"
)
# "..., he said." closing a sentence of reported speech.
_SAID_PRONOUN_END = re.compile(
    r",\s+([Hh]e|[Ss]he)\s+(?:also\s+|later\s+)?(?:said|says|added|told\s+\w+)[^,;:]{0,40}\.$"
)
# "Quillmart, he said, also fits the plan.": the pronoun's verb set off between commas.
_SAID_PRONOUN_ASIDE = re.compile(
    r",[ \t\u00a0]+([Hh]e|[Ss]he)[ \t\u00a0]+(?:also[ \t\u00a0]+)?"
    r"(?:said|says|added|noted),[ \t\u00a0]"
)
# "He spoke ...", "This week he spoke ...", "At 91, she still remembers ...".
_INTRO_PRONOUN = re.compile(r"(?:[A-Z][a-z]*(?: [a-z0-9]+){0,3},? )?([Hh]e|[Ss]he)\b")


# "..., Roe said." / "Roe told reporters" right after a name: that person reported speech.
_REPORTED_AFTER = re.compile(
    # "..., Dan Tranter, said that ...": the comma closing an apposition allowed
    r",?\s+(?:also\s+|then\s+|later\s+)?(?:" + "|".join(lx.CUE_VERBS) + r")\b"
)
# "Jo Roe, the chairman of the county party, for example, said ...": an apposition between
# the name and its speech verb.
_APPOSED_REPORTED = re.compile(
    # ("Reyes, however, said ...": an adverb set off by commas, as an apposition is)
    r",\s+(?:(?:the|a|an|[a-z]+)\s[^,.;:“”\"]{1,80}|however|meanwhile|too|though|instead"
    r"|likewise|similarly|nonetheless|nevertheless),\s+(?:for example,\s+|for instance,\s+)?"
    r"(?:also\s+|then\s+|later\s+)?(?:" + "|".join(lx.CUE_VERBS) + r")\b"
)
_ROLE_REPORTING = re.compile(
    r"\b((?:the|[Tt]he)\s+(?:[a-z\-]+\s+){0,2}([a-z]+))\s+(?:said|says|told|added|explained)\b"
)
# "said Roe" reports Roe; "asked Roe", "told Roe", "urged Roe" speak to Roe.
_TO_SOMEONE = frozenset(
    "told tells asked asks urged urges warned warns called calls pressed presses questioned "
    "reminded reminds assured assures promised promises thanked thanks".split()
)
_TOLD_NAME = re.compile(
    r"\s+(?:" + "|".join(sorted(_TO_SOMEONE)) + r")\s+((?:[A-Z][\w’'\-]+\s+){0,2}[A-Z][\w’'\-]+)"
)
_REPORTED_BEFORE = re.compile(
    r"\b(?:" + "|".join(v for v in lx.CUE_VERBS if v not in _TO_SOMEONE) + r"|according\s+to)\s+"
    # "..., said local hospital director Tomas Quill": role words between verb and name,
    # the last of them a role
    r"(?:(?:[a-z][\w\-]*\s+){0,3}(?P<role>[a-z]+)\s+)?$"
)

# "The harbour master, who has run the port since 1998, said": a description brought in
# with a clause of its own is someone new, not the person just written about.
_RELATIVE_AFTER = re.compile(r"\s*,\s*(?:who|whose)\b")
_GAVE_NAME = re.compile(
    r"[^.!?;\n“”\"]{0,60}?\bwho (?:gave|would give|would only give)(?: only)? (?:his|her|their) "
    r"(?:name|full name|first name)(?: only)?(?: as|,) "
    r"((?:[A-ZÀ-ÖØ-Þ][\w’'\-]+)(?:\s+[A-ZÀ-ÖØ-Þ][\w’'\-]+){0,2})"
)


# Words for two people named together before: "they", "the two", "the lawmakers".
# ("they" is not among them: the labelled sets leave a pair's "they" without a speaker.)
_PAIR_WORDS = frozenset({"both", "the two", "the pair", "the duo", "both men", "both women"})
_PLURAL_ROLES = frozenset(
    """lawmakers senators representatives legislators chairmen chairwomen leaders authors
    researchers analysts candidates officials economists scholars experts men women""".split()
)
# Two names opening a sentence as its subject (after a short fronted phrase, if any).
_PAIR_NAME = r"(?:[A-Z][\w.’'\-]*\s+){0,5}[A-Z][\w’'\-]*"
_SUBJECT_PAIR = re.compile(
    rf"\s*(?:[A-Z][\w ]{{0,30}},\s+)?(?P<a>{_PAIR_NAME})(?:\s*\([^()]{{1,12}}\))?\s+and\s+"
    rf"(?P<b>{_PAIR_NAME})(?:\s*\([^()]{{1,12}}\))?,?\s+(?=[a-z])"
)
_PLURAL_PEOPLE = re.compile(
    r"(?:They|Both(?: men| women)?|The (?:two|pair|couple|brothers|sisters|men|women)|"
    r"The \w+ (?:men|women))\b(?![’'])"
)


# "The two states hold primaries in March": a number of things, not of people.
_PLURAL_THINGS = re.compile(
    r"The (?:two|pair|couple) (?!(?:"
    + "|".join(sorted({n + "s" for n in _PERSON_NOUNS} | {"men", "women", "people"}))
    + r")\b)[a-z]+s\b"
)

_SINGULAR_POSSESSIVE = re.compile(r"\b(?:his|her)\b")

_NAME_LINKS = frozenset({"of", "for", "and", "on", "the"})


# A capitalised name at the end of a phrase, name particles included ("Omar el Said").
_CAPS_TAIL = re.compile(
    r"(?:[A-ZÀ-ÖØ-Þ][\w’'.\-]*\s*)(?:(?:(?:el|al|de|da|di|du|van|von|bin|ibn|der|del|la|le)\s+)?"
    r"[A-ZÀ-ÖØ-Þ][\w’'.\-]*\s*)*$"
)
_DAYS = frozenset(lx.WEEKDAYS)
_TITLES_M = frozenset(x.rstrip(".") for x in lx.TITLES_MALE)
_TITLES_F = frozenset(x.rstrip(".") for x in lx.TITLES_FEMALE)
_NAME_OF_PLACE = re.compile(
    r"^((?:[A-Z][\w’'.\-]*\s+){1,3}[A-Z][\w’'\-]+) of (?:the )?"
    r"[A-Z][\w.’'\-]+(?:\s+[A-Z][\w.’'\-]+)?$"
)
# A capitalised word opening a sentence (or a paragraph) as the subject of a verb.
_LONE_SUBJECT = re.compile(
    r"(?:^|(?<=[.!?]\s)|(?<=\n))([A-Z][a-z]+(?:[A-Z][a-z]+)*"
    r"(?:\s[A-Z][a-z]+(?:[A-Z][a-z]+)*){0,2})\s+(?:has|have|had|is|was|said|says"
    r"|will|would|[a-z]+ed|[a-z]+s)\b"
)
# A business by what only a business has: "Quillmart's chief executive", "shares of Quillmart".
_BUSINESS_OWNER = re.compile(
    r"\b([A-Z][\w&\-]*[a-z][\w&\-]*)[’']s\s+(?:chief\s+executive|chief\s+financial\s+officer"
    r"|CEO|CFO|shares|stock|share\s+price|shareholders|board\s+of\s+directors|founder)\b"
    r"|\b(?:shares|stock)\s+(?:of|in)\s+([A-Z][\w&\-]*[a-z][\w&\-]*)\b"
)
# “...,” she said, its pronoun in group 1 (entities.py has a looser one for gender).
_CUE_PRONOUN_AFTER_QUOTE = re.compile(r"[“\"][^“”\"]{1,600}[”\"],?\s+([Hh]e|[Ss]he)\s+[a-z]")
# "said the base chief known as Rob": the name a description ends with.
_KNOWN_AS = re.compile(
    r"\b(?:known\s+as|going\s+by(?:\s+the\s+(?:handle|name))?|goes\s+by|who\s+calls\s+"
    r"(?:himself|herself))\s+([A-Z][\w’'\-]+(?:\s+[A-Z][\w’'\-]+)?)"
)
_SENTENCE_END = re.compile(r"[.!?;“”\"]")
# "He said Matin had ...": a pronoun right before a speech verb, its subject.
_PRONOUN_BEFORE = re.compile(r"\b(?:[Hh]e|[Ss]he|[Tt]hey|I|[Ww]e)\s+$")
# A sentence's subject pronoun: opening it, or after a fronted phrase and its comma.
# "Jo Quill hoisted a sign that read", "he held up a banner which said": the holder
_HOLDS_SIGN = re.compile(
    r"((?:[A-Z][\w’'\-.]*[ \t]+){0,3}[A-Z][\w’'\-]+|\b[Hh]e|\b[Ss]he)[ \t]+"
    r"(?:held|holds|hoisted|carried|carries|waved|waves|raised|wore|wears)[ \t]+(?:up[ \t]+)?"
    r"(?:a|an|the|his|her)[ \t]+(?:[\w\-]+[ \t]+){0,2}?"
    r"(?:sign|placard|banner|poster|shirt|t-shirt|hat|cap|button|card)[ \t]+(?:that|which)$"
)
# "Jo Quill smiled and lifted a sign of her own.": a sign held up, the sentence's last words
_HELD_UP_SIGN = re.compile(
    r"((?:[A-Z][\w’'\-.]*[ \t]+){0,3}[A-Z][\w’'\-]+|\b[Hh]e|\b[Ss]he)[ \t]+"
    r"(?:[a-z]+[ \t]+and[ \t]+)?(?:[a-z]+ly[ \t]+)?"
    r"(?:held|hoisted|carried|waved|raised|lifted|wore|unfurled)[ \t]+(?:up[ \t]+)?"
    r"(?:a|an|the|his|her)[ \t]+(?:[\w\-]+[ \t]+){0,2}?"
    r"(?:sign|placard|banner|poster|shirt|t-shirt|hat|cap|button|card)"
    r"(?:[ \t]+of[ \t]+(?:his|her|their)[ \t]+own)?[.!]?$"
)
# "When he took office as U.N. chief in 2007, he made ...": an opening clause (abbreviations
# and all), then the main clause's "he" or "she".
_CLAUSE_THEN_PRONOUN = re.compile(
    r"\s*(?:When|After|As|Since|While|Before|Once|Though|Although|If)\s[^;:!?\n]{1,160}?,\s+"
    r"([Hh]e|[Ss]he)\s+(?:also\s+|then\s+)?[a-z]"
)
_SUBJECT_PRONOUN = re.compile(
    r"\s*(?:[^,.;:!?\n]{1,140},\s+"
    # "But on Sunday he finally gave ...": a short opening without its comma
    r"|(?:(?:But|And|Yet|So|Then|Later|Still|Now)\s+)?"
    r"(?:(?:[Oo]n|[Ii]n|[Ll]ast|[Tt]his|[Bb]y|[Ee]arly|[Ll]ate)\s+(?:[A-Za-z]+\s+){1,2}?)?)?"
    r"([Hh]e|[Ss]he)(?:[’']s|\s+(?:also\s+|then\s+|finally\s+)?[a-z])"
)
_GENERIC_REACH = 1200  # characters back that "the company" or "the group" may reach
_STATEMENT_REACH = 400  # characters back that "it" may reach for the statement it gave
_THE_AGED = re.compile(r"^the (\d{1,3})-year-old$", re.IGNORECASE)
_AGE_GIVEN = re.compile(r"[A-Za-z’'], \d{1,3},|\b\d{1,3}-year-old [A-Z]")
# A document the text says someone issued: "statement", "statements", "letter" ...
_SWORN = {"report", "affidavit", "complaint", "filing"}
_DOCUMENT = rf"(?:{alternation(lx.DOCUMENT_HEADS | _SWORN)})s?"
# "issued a statement", "wrote a letter to parents", "said in a statement", or a sentence
# opening "In a statement, ..." (``lead``): a document and the verb that gives it its author.
# Wider than ``_ISSUES_STATEMENT``: any verb that makes someone a document's author, since "the
# statement said" later speaks for whoever wrote, signed or sent it.
_ISSUED = re.compile(
    rf"(?:\b(?:{ISSUE_VERB}|sent out|wrote|published|signed|said in|added in|wrote in)"
    r"|(?P<lead>(?:^|(?<=[.!?\n]))\s*In))\s+(?:a|an|the|his|her|its|their)\s+"
    rf"(?:[\w\-]+\s+){{0,2}}?(?P<head>{_DOCUMENT})\b",
    re.IGNORECASE,
)
# "a statement from Quillmart", "a letter signed by Mayor Jane Roe", "an email was sent from
# the club's director, Jo Roe,": the document's author.
_FROM_DOCUMENT = re.compile(
    rf"\b(?P<head>{_DOCUMENT})\s+"
    r"(?:(?:(?:was|were)\s+)?(?:issued|released|signed|sent|written)\s+)?(?:from|by)\s+"
    r"(?:(?:the\s+)?[a-z][^,.;:“”\"]{0,60},\s+)?"
    r"(?P<who>(?:the\s+)?[A-Z][\w&’'.\-]*(?:\s+(?:of\s+(?:the\s+)?)?[A-Z][\w&’'.\-]*){0,5})"
)
# A phrase fronted before a sentence's subject: "On Saturday, ", "Later that day, ".
_FRONTED_PHRASE = re.compile(r"^\s*(?:[A-Z][^,.;:!?“”\"]{0,40},\s*)?")
_OWNERS = frozenset({"his", "her", "its", "their", "the"})
# Businesses by their trade ("Northfield Mutual ... the insurer said"): "the company" too.
_TRADES = frozenset({"insurer", "airline", "lender", "carrier", "retailer", "automaker"})
# "the company", "the agency", "the utility": kinds of body a name need not contain.
_BODIES = lx.GENERIC_ORG_HEADS | {"agency", "authority", "regulator", "utility"} | _TRADES
# Lower-case role words, then a full name: "... Drug Program deputy director Jo Tidwell".
_NAME_AFTER_ORG = re.compile(r"\s[a-z][a-z\-]+(?:\s[a-z][a-z\-]+)*\s[A-Z][\w’'\-]+\s[A-Z]")
# "the Quill campaign", "Roe's re-election campaign": whose campaign.
_CAMPAIGN_OWNER = re.compile(
    r"\b([A-Z][\w\-]+)(?:[’']s)? (?:presidential |re-election )?campaign\b"
)
# A campaign committee's name: "Roe for Senate".
_COMMITTEE_NAME = re.compile(r"\S for [A-Z]")
# A subordinating word right before a name: its clause is not the sentence's main one ("the
# bill, which Roe wrote": Roe wrote the bill, not the words quoted next).
_SUBORDINATE_BEFORE = re.compile(r"\b(?:when|as|after|before|while|because|since|until|which)\s+$")
# Bodies of a state or a city, written in lower case after their owner: "China's foreign
# ministry", "Russia's defence ministry".
_STATE_BODIES = frozenset({"ministry", "embassy", "government", "military", "army", "navy"})
_OWNED_BODY = re.compile(
    r"\b([A-Z][\w\-]+(?:\s[A-Z][\w\-]+)?[’']s\s+(?:[a-z\-]+\s+){0,2}?"
    r"(ministry|embassy|government|military|army|navy))\b"
)
_INDEFINITE = frozenset({"a", "an", "one", "another", "two", "three", "several", "some"})
# The subject after a fronted phrase's comma, said as a noun phrase: "the committee found".
_LEAD_SUBJECT = re.compile(
    r"\s*((?:the|its|his|her|their)\s+(?:[\w\-]+\s+){0,2}?[\w\-]+)\s+(?=[a-z]{3,})"
)
_REPORT = re.compile(r" reports?\b")
_BUSINESS = frozenset({"company", "firm"}) | _TRADES
_NOT_BUSINESS = frozenset(
    """union unions ministry department police council university school church hospital
    court party government association federation committee commission board senate
    parliament congress legislature assembly bureau agency administration""".split()
)


def _not_business(name: str) -> bool:
    """A body "the company" cannot mean: a union, a ministry, a legislature ("the House")."""
    words = name.lower().split()
    return (
        bool(_NOT_BUSINESS & set(words))
        or words in (["house"], ["white", "house"])
        or (words[:2] == ["house", "of"])
    )


# "The head of the dockworkers' union was defiant.": a sentence whose subject is a person
# the text describes and does not name (yet).
# "The Ohio Republican", "the Vermont lawmaker": people by party or seat.
_PARTY_PEOPLE = frozenset({"republican", "democrat", "lawmaker", "legislator"})
_DESCRIBED_SUBJECT = re.compile(
    r"\s*(?:[A-Z][\w ]{0,25},\s+)?((?:The|His|Her|Their)\s+(?:[\w’'\-]+\s+){0,3}?("
    + "|".join(sorted(_PERSON_NOUNS | lx.RELATIVES | _PARTY_PEOPLE | {"Republican", "Democrat"}))
    + r")(\s+(?:of|for|at)\s+(?:the\s+)?(?:[\w’'\-]+\s+){0,3}?[\w’'\-]+)?)"
    r"\s+(?:also\s+|later\s+)?(?:"
    + "|".join(lx.CUE_VERBS)
    + r"|was|is|has|had|did|would|will|could|spoke|called|stood|sat|looked)\b"
)
_FEMALE_NOUNS = frozenset("mother sister daughter wife waitress actress widow grandmother".split())
_MALE_NOUNS = frozenset("father brother son husband actor widower grandfather".split())


# "the younger Mbeki", "the elder De la Rosa": the surname's particles skipped.
_ELDER_YOUNGER = re.compile(
    r"[Tt]he\s+(younger|elder|older)\s+(?:(?i:"
    + alternation(lx.NAME_PARTICLES)
    + r")\s+)*([A-Z][\w’'\-]+)"
)
_PRONOUN_CONTRACTION = re.compile(r"(?:i|you|we|they|he|she|it)'(?:ve|re|m|ll|d|s)")
# A transcript's label opening an answer: "Nadia Ferrante: ...", "CFO ANTHONY WREN: ...".
_ANSWER_LABEL = re.compile(
    r"((?:[A-Z][\w.’'\-]+[ \t]){0,3}[A-Z][\w’'\-]+)(?:[ \t]*\([^)\n]{0,60}\))?:[ \t]"
)
_A_SPOKESPERSON = re.compile(r"\s*(?:A|An|One)\s+(?:[a-z\-]+\s+)?spokes(?:man|woman|person)\b")
# Adverbs a cue's words may carry after a name: "Judge Harriet Okoye twice warned ...".
_TRAILING_ADVERBS = frozenset(
    """twice again also then later once repeatedly briefly publicly privately immediately
    initially recently previously separately angrily flatly firmly quietly sharply bluntly
    openly simply reportedly allegedly personally swiftly promptly""".split()
)
_HE = re.compile(r"\b[Hh]e\b")
_SHE = re.compile(r"\b[Ss]he\b")
# A sentence opened by a participle's phrase, then its subject, a pronoun: "Asked by a member
# of the audience how she had prepared, she paused."
_FRONTED_PARTICIPLE = re.compile(
    r"\s*[A-Z][a-z]+(?:ed|ing)\b[^.!?;“”\"]{0,200}?,\s+(?:he|she)\s+[a-z]"
)
_STREETS = frozenset(
    "street road lane avenue drive boulevard close crescent terrace square way".split()
)
_NO_ISSUER = ("", "")  # an issuing sentence found, naming no one the text knows
# Words after a name that do not make it qualify a noun ("Roe of the board", "Roe also").
_NOT_QUALIFIED = frozenset(
    "of from at in on for with and or who which that also then later has have had is was "
    "will would to by".split()
)
_HEAD_AFTER = re.compile(r"\s+([a-z]+)\b")
_AND_BEFORE = re.compile(r"\band\s+(?:[A-Z][\w.’'\-]*\s+){0,5}$")
_OWNED_ACCOUNT = re.compile(
    r"^(his|her)\s+(?:official\s+)?(?:Twitter|Facebook|Instagram|social media)?\s*"
    r"(?:account|feed|page)$",
    re.IGNORECASE,
)
_POSSESSOR_NAME = re.compile(
    r"^(?:[Tt]he\s+)?(?:[\w\-]+\s+){0,3}[\w\-]+[’']s\s+"
    r"((?:[A-Z][\w’'.\-]*\s+){1,2}[A-Z][\w’'\-]+)$"
)
_NAME_PAIR = re.compile(rf"({NAME_WORDS})\s+and\s+({NAME_WORDS})")
# "Ms. Roe's sister Odile", "the mayor's aide Tomas": the relative or aide, by one name.
_POSSESSOR_ROLE_NAME = re.compile(
    r"^(?:[Tt]he\s+)?(?:[\w.\-]+\s+){0,3}[\w\-]+[’']s?\s+(?:[a-z][a-z\-]+\s+){1,2}"
    r"([A-Z][a-z][\w\-]*)$"
)
_PARTY_TAG = re.compile(r",?\s*(?:\(?\b[DRI]-[A-Z][A-Za-z.]*\)?|\([DRI]\))\.?$")
_PERSON_OF = re.compile(
    # "Ravi Subramaniam of Clearwater Securities", "Doctor Sam Quill of the unit"
    # "the Rev. Jo Quill of the Alder Church"
    r"(?:[Tt]he )?((?:[A-Z][\w’'.\-]+ ){1,3}[A-Z][\w’'\-]+) of (?:the )?(?:[A-Z]|[a-z]+$)"
)

_FIRST_CONJUNCT = re.compile(r"\b([Tt]he\s+(?:[\w\-]+\s+){0,3}?[a-z]+)\s+and\s+(?:the\s+)?$")
_SURNAME_OF = re.compile(r"([A-Z][\w’'\-]+) of (?:the )?[A-Z]")

# A determiner and one or two epithets before a name: "the left-leaning", "the nonpartisan".
_EPITHET = re.compile(
    r"(?:the|a|an)\s+(?:(?:(?:\d+|[a-z]+)(?:-[a-z]+)+|(?![a-z]+ing\b)(?!(?:to|for|of|from|at|with|in|on|by)\b)"
    r"[a-z]+)\s+){1,2}",
    re.IGNORECASE,
)
# "an editorial in The Example Gazette", "a column from the Example Times"
_MEDIA_PIECE = re.compile(
    r"^(?:(?:a|an|the|this|that|its|their)\s+)?(?:[\w’'\-]+\s+){0,3}?"
    r"(?:" + "|".join(sorted(lx.MEDIA_HEADS)) + r")\s+(?:in|of|from|by)\s+(.+)$",
    re.IGNORECASE,
)
# "the editors of The Clarion", "the editorial board of the Example Ledger"
_PIECE_LINKS = (" in ", " of ", " from ", " by ")
_OUTLET_CONTEXT = re.compile(
    r"\b(?:editors?|editorial\s+board|columnists?|publisher)\s+(?:of|at)\s+"
    r"((?:[Tt]he\s+)?[A-Z][\w’'\-]+(?:\s+[A-Z][\w’'\-]+){0,3})"
)
_OUTLET_APPOSED = re.compile(
    # (an apposition closed by its comma: "The Harbour Leader, the state's largest paper,")
    r"(?<![\w\-’'])([A-Z][\w’'\-]+(?:\s+[A-Z][\w’'\-]+){0,3}),\s+[^,.;:“”\"]{0,40}?"
    r"\b(?:newspaper|tabloid|magazine|broadsheet|daily),"
)
_SPOKES_FOR = re.compile(
    r"\b(?:spokes(?:man|woman|person)|representative)\s+(?:for|of|from)\s+([^,.;:“”\"\n]{2,60})"
)


@lru_cache(maxsize=4096)
def _without_titles(mention: str) -> str:
    """The mention without the titles and office words before a name ("Transport Minister
    Felix Aldana" -> "Felix Aldana"), or the mention itself when nothing is left."""
    return TITLE_STRIP.sub("", mention).strip() or mention


class Resolver:
    """Turns speaker words into (full name, kind), remembering the last speakers."""

    def __init__(self, registry: Registry) -> None:
        self.reg = registry
        self.last_person: tuple[str, int] | None = None
        self.last_org: tuple[str, int] | None = None
        self.spokes_org: str | None = None
        self._mention_starts = [m.start for m in registry.mentions]
        self._role_words: dict[str, frozenset[str]] = {}
        self._lowered: list[tuple[str, str]] = []  # (name, its lower case) of every person

    def _persons_lowered(self) -> list[tuple[str, str]]:
        """Each person's name with its lower case, made once (the registry holds the same
        people while quotes are read; made again if it ever holds more)."""
        got = self._lowered
        if len(got) != len(self.reg.persons):
            got = self._lowered = [(p, p.lower()) for p in self.reg.persons]
        return got

    def role_words(self, name: str) -> frozenset[str]:
        """The words a description may use for a person: their role's, offices written out
        ("Sen." -> senator, lawmaker) and a party tag's ("Rep. Jo Roe (D-Ohio)" -> democrat,
        ohio): "the senator", "the Ohio Democrat", "the lawmaker"."""
        got = self._role_words.get(name)
        if got is not None:
            return got
        p = self.reg.persons[name]
        words = set(re.findall(r"[a-z]+", p.role.lower()))
        text = self.reg.text
        for _, e in p.mentions:
            tag = _PARTY_AFTER.match(text, e)
            if tag:
                words.update(lx.PARTY_LETTERS[tag.group(1) or tag.group(3)])
                state = lx.US_STATES.get((tag.group(2) or tag.group(4) or "").strip().lower())
                if state:
                    words.update(state.split())
                break
        for party in lx.PARTY_LETTERS.values():
            if words & set(party):
                words.update(party)  # "Democrat Jo Roe" is the Democratic one, too
        if not words & lx.PARTY_WORDS:
            # "Republican nominee Paul Grant", "Democratic Sen. Jo Roe": a party word just
            # before the name, the role's words between
            for s, _ in p.mentions[:3]:
                before = _PARTY_BEFORE.search(text, max(0, s - 40), s)
                if before:
                    words.update(lx.PARTY_LETTERS["D" if before.group(1)[0] == "D" else "R"])
                    break
        for w in list(words):
            full = _ABBREVIATED.get(w, w)
            words.add(full)
            words.update(lx.LAWMAKER_WORDS.get(full, ()))
        got = self._role_words[name] = frozenset(words)
        return got

    def _of_state(self, name: str, state: str) -> bool:
        """Whether the text ties a person to a US state: in their role or party tag ("Texas
        Gov.", "(R-Texas)") or right after their name ("Jo Roe of Texas", ", R-Texas")."""
        if set(state.split()) <= self.role_words(name):
            return True
        text = self.reg.text
        for _, e in self.reg.persons[name].mentions:
            after = _OF_STATE.match(text, e)
            if after and lx.US_STATES.get(after.group(1).lower()) == state:
                return True
        return False

    def _fits(self, name: str, head: str, qualifiers: list[str]) -> bool:
        """Whether a description ("the Ohio Republican", "the Democratic senator", "the
        Senate minority leader") fits a person: its head and other words among theirs, a
        party or a state only where the text tagged them with one."""
        words = self.role_words(name) | set(self.reg.persons[name].role.lower().split())
        if head not in words:
            return False
        tagged = bool(words & lx.TAG_WORDS)
        return all(w in words or (w in lx.TAG_WORDS and not tagged) for w in {head, *qualifiers})

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
        i = bisect_left(self._mention_starts, pos) - 1
        around = self.reg.mentions[i] if i >= 0 else None
        if (
            around is not None
            and around.end > pos
            and around.kind == "organization"
            # (not "... Drug Program deputy director Jo Tidwell": a person after the name)
            and not _NAME_AFTER_ORG.search(mention, max(0, around.end - pos))
        ):
            # "the Ministry of Trade and Industry said", read as "Industry said": the whole name
            # the registry holds around the words
            if around.key != m:
                return around.key, "organization"
            return self._org_or_person(around.key, m, pos)
        if m.lower().endswith(("that", "which")):
            # "Jo Quill, 14, hoisted a sign that read “15%!”": the one who holds the sign
            hm = _HOLDS_SIGN.search(self.reg.text, max(0, pos - 200), pos + len(mention))
            if hm:
                return self.resolve(hm.group(1), hm.start(1))
        if m.lower() == "it":
            # "Dawson lifted a sign of her own. “I am still here,” it read.": the holder of the
            # sign the sentence before ends on
            layout = self.reg.layout
            ss = layout.sentence_start(pos)
            q = _QUOTE_CHARS.search(self.reg.text, ss, pos)
            j = (q.start() if q else ss) - 1
            while j > 0 and self.reg.text[j].isspace():
                j -= 1
            if j > 0:
                hm = _HELD_UP_SIGN.search(self.reg.text, layout.sentence_start(j), j + 1)
                if hm:
                    return self.resolve(hm.group(1), hm.start(1))
        words = m.split()
        if words[-1] in _TRAILING_ADVERBS:
            k = len(words)
            while k > 1 and words[k - 1] in _TRAILING_ADVERBS:
                k -= 1
            if words[k - 1][:1].isupper():
                m = " ".join(words[:k])  # "Judge Harriet Okoye twice warned ...": the name
        last = m.rsplit(None, 1)[-1].lower().replace("’", "'")
        if last in lx.NO_ONE or _PRONOUN_CONTRACTION.fullmatch(last):
            return None, None  # "Nobody laughed.", "You've said ...": no one to name
        pn = _POSSESSOR_NAME.match(m) if "s " in m else None
        if pn and not any(w.lower() in lx.ORG_WORDS for w in pn.group(1).split()):
            # "The Gazette's Jane Roe", "the union's Dario Fenwick": the person, not the owner.
            return self._name(pn.group(1), pos)
        if m.isupper() and " " not in m and len(m) > 2:
            # "ROE: “...”", a transcript's label in capitals: Roe, named before as a person.
            named = self.reg.person_by_surname(m.title())
            if len(named) == 1:
                return named[0].name, "person"
        pair = _NAME_PAIR.fullmatch(m) if " and " in m else None
        if pair:
            org_name = next((o.name for o in self.reg.orgs.values() if m in o.name), None)
            if org_name:
                return org_name, "organization"  # "Harbour and Coastal Studies"
            first, second = pair.group(1), pair.group(2)
            lead = first.split()[0].lower()
            if len(first.split()) > 1 and (lead in lx.TITLES or lead[:-1] in lx.ROLE_NOUNS):
                first = first.split(None, 1)[1]  # "Producers Ilya Brandt and Oskar Wendel"
            # "said Brandt and Wendel": the two together, each by the name the text gives.
            b, kind_b = self.resolve(second, pos + pair.start(2))
            a: str | None
            kind_a: str | None
            if first.lower() in lx.FIRST_NAMES and len(second.split()) >= 2:
                # "Piet and Anja Holloway": one surname for both.
                a, kind_a = f"{first} {second.split()[-1]}", "person"
            else:
                a, kind_a = self.resolve(first, pos)
            if a and b and kind_a == kind_b == "person" and a != b:
                return f"{a} and {b}", "group"
            return None, "group"
        ey = _ELDER_YOUNGER.fullmatch(m) if "der " in m or "nger " in m else None
        if ey:
            # "the younger Mbeki": of two Mbekis, the one brought in as the younger
            who = self._by_age_word(ey.group(1).lower(), ey.group(2))
            if who:
                return who, "person"
        prn = _POSSESSOR_ROLE_NAME.match(m) if "s " in m else None
        if prn:
            # "Ms. Roe's sister Odile": the sister, known by the name given here.
            return self._name(prn.group(1), pos)
        low = m.lower()
        words = low.split()
        if low in _PAIR_WORDS or (
            2 <= len(words) <= 3 and words[0] == "the" and words[-1] in _PLURAL_ROLES
        ):
            # "Rep. Jane Roe and Rep. John Smith wrote to the minister. “...,” the two wrote":
            # the two the sentences before are about, together.
            two = self._recent_pair(pos)
            if two:
                return two, "group"
            if low in _PAIR_WORDS:
                return None, "group"  # two people, never one of them
        if low in {"he", "she"}:
            # “...,” he told Rubio: Rubio is spoken to, not the one speaking.
            told = _TOLD_NAME.match(self.reg.text, pos + len(mention))
            addressee = self._name(told.group(1), told.start(1))[0] if told else None
            gender = "m" if low == "he" else "f"
            return self._pronoun(gender, pos, exclude=addressee), "person"
        if low == "i":
            return self._labelled_speaker(pos), "person"
        if low == "they":
            if self.last_org and pos - self.last_org[1] < 600:
                return self.last_org[0], "organization"
            return None, "person"
        if low == "it":
            # "A statement from Quillmart said ... “...,” it added": whom the sentence before
            # gave the statement to.
            issuer = self._document_issuer(None, pos, max(0, pos - _STATEMENT_REACH))
            if issuer and issuer[0] and (issuer[1] == "organization" or " " not in issuer[0]):
                # A one-word name the text calls "it" is an organisation's ("Quillmart").
                return issuer[0], "organization"
            if issuer and issuer[0]:
                # "Mara Quill sent a letter to the board. “...,” it read": the letter's, so
                # its writer's.
                return issuer
            # "“...,” it said in a statement": the organisation just named.
            if self.last_org and pos - self.last_org[1] < 600:
                return self.last_org[0], "organization"
            org_name = self._sentence_subject(pos, "organization")
            return (org_name, "organization") if org_name else (None, None)
        if low in {"i", "we"}:
            return None, None
        if words[0] in {"a", "an"}:
            # "said a man who gave his name as Marek Hollis"
            gm = _GAVE_NAME.match(self.reg.text, pos + len(mention))
            if gm:
                return self.resolve(gm.group(1), gm.start(1))
        if words[0] in {"a", "an", "the"}:
            # "said the base chief known as Rob", "a user going by the handle Pulverfass":
            # the name the description ends with.
            km = _KNOWN_AS.search(self.reg.text, pos, pos + len(mention) + 60)
            if km and not _SENTENCE_END.search(self.reg.text, pos, km.start()):
                name, kind = self._name(km.group(1), km.start(1))
                return (name, kind) if name else (km.group(1), "person")
        # (``m`` has single spaces: an ASCII one without " in ", " of ", ... is no such piece.)
        mp = (
            _MEDIA_PIECE.match(m)
            if not m.isascii() or any(w in low for w in _PIECE_LINKS)
            else None
        )
        if mp:
            # "a Wednesday editorial in The Example Gazette": the outlet it appeared in.
            name, kind = self.resolve(mp.group(1), pos + mp.start(1))
            if name and kind == "organization":
                return name, kind
            if mp.group(1)[:1].isupper() or mp.group(1).startswith("the "):
                return _strip_det(mp.group(1)), "organization"
        ks = self.reg.aliases.lookup(m)
        if ks is not None:
            if ks.kind != "organization":
                return ks.name, ks.kind
            return self._org_or_person(ks.name, m, pos)
        group = unnamed_group(m)
        if group:
            # "the crowd chanted", "As Roe spoke, the attendees chanted": the people as the
            # text names them, never one person (``groups``).
            return group, "people"
        po = _PERSON_OF.match(m)
        if po and not any(w.lower() in lx.ORG_WORDS for w in po.group(1).split()):
            # "Ravi Subramaniam of Clearwater Securities": the person, not the firm.
            return self._name(po.group(1), pos)
        lone = _SURNAME_OF.match(m) if " of " in m else None
        if lone and len(self.reg.person_by_surname(lone.group(1))) == 1:
            # "Lane of the Harold Vance Center for Maritime Studies", the mention cut short of
            # "Jeffrey": the one person the text knows by that surname, not the centre.
            return self._name(lone.group(1), pos)
        um = _UNNAMED_MEMBER.match(m)
        if um and um.group(1).lower() not in lx.SPOKES_HEADS:
            # "a nurse at Westfell General": someone of the organisation, left unnamed (its
            # spokesperson would speak for it).
            return None, "person"
        org = self.reg.org_for(m) or self.reg.org_for(_strip_det(m))
        if org is not None:
            return self._org_or_person(org.name, m, pos)
        if m[:1].isupper() and words[0] not in DETERMINERS and not m.split()[-1][:1].islower():
            return self._name(m, pos)
        caps = _CAPS_TAIL.search(m)
        if caps and caps.start() > 0 and m[: caps.start()].split()[-1].lower() in _TRADE_HEADS:
            # "The Valmoran newspaper Ledgerly": the organisation its trade word stands before.
            org = self.reg.org_for(caps.group().strip())
            if org is not None:
                return org.name, "organization"
        if (
            caps
            and caps.start() > 0
            and (words[0] not in DETERMINERS or len(caps.group().split()) >= 2)
            and not any(w.lower() in lx.ORG_WORDS for w in caps.group().split())
            # (not "the Ohio Republican": a party and a state, no name)
            and not set(caps.group().lower().split()) <= lx.TAG_WORDS
            # (not "a resident of Canal Street": where, not who)
            and not (
                caps.group().split()[-1].lower() in _STREETS
                and m[: caps.start()].split()[-1].lower() in ("of", "on", "in", "at", "from")
            )
        ):
            # "station commander Ruth Ibsen": role words, then the name.
            return self._name(caps.group().strip(), pos)
        if (
            caps
            and caps.start() > 0
            and words[0] in ("a", "an", "the")
            and len(caps.group().split()) == 1
            and self.reg.names_someone(caps.group().strip())
            and self.reg.org_for(caps.group().strip()) is None
            and _EPITHET.fullmatch(m[: caps.start()])
        ):
            # "an angry Roe retorted": the person, with a word on their mood.
            return self._name(caps.group().strip(), pos)
        if (
            caps
            and caps.start() > 0
            and words[0] in DETERMINERS
            and len(caps.group().split()) >= 2
            and caps.group().split()[-1].lower() in lx.ORG_WORDS
            and _EPITHET.fullmatch(m[: caps.start()])
        ):
            # "the left-leaning Example Institution": the name without its epithet.
            core = caps.group().strip()
            org = self.reg.org_for(core)
            return (org.name if org else core), "organization"
        if len(words) == 2 and words[0] == "the" and m.split()[1][:1].isupper():
            orgs = [o for o in self.reg.orgs.values() if m.split()[1] in o.name.split()]
            if len(orgs) == 1:
                return orgs[0].name, "organization"
            w1 = m.split()[1]
            if (
                not orgs
                and len(w1) > 3
                and w1.endswith("s")
                and w1[1:].islower()
                and w1.lower() not in lx.ORG_WORDS
                and not self.reg.names_someone(w1)
            ):
                return w1, "group"  # "the Harbourmasters sang": a band or group by its name
        am = _THE_AGED.match(m)
        if am:
            # "Jo Quinn, 46, ... said the 46-year-old": the person given that age.
            who = self._aged(am.group(1), pos)
            if who:
                return who, "person"
            if not _AGE_GIVEN.search(self.reg.text, 0, pos):
                # "Eliza Rennard had been asked ... “...,” said the 23-year-old": with no age
                # given anyone, the person just written about
                who = self._sentence_subject(pos, "person") or self._recent_subject(pos)
                if who:
                    return who, "person"
        om = _OWNED_ACCOUNT.match(m)
        if om:
            # "her Twitter account posted": the account's owner speaks.
            name, kind = self.resolve("he" if om.group(1).lower() == "his" else "she", pos)
            if name:
                return name, kind
        body = m.split()[1:]
        if (
            words[0] == "the"
            and (
                len(body) >= 3
                # "the Alder Rovers said": two capitalised words that name no one the text knows
                or len(body) == 2
                and not self.reg.names_someone(body[-1])
                and body[0].lower().rstrip(".") not in lx.TITLES
                and not _is_person_name(body)
            )
            and body[-1][:1].isupper()
            and all(w[:1].isupper() or w in _NAME_LINKS for w in body)
            and body[0].lower().rstrip(".") not in _GENDERED_TITLES
            and not all(w.lower() in lx.TAG_WORDS for w in body)  # "the Ohio Republican"
        ):
            # "The Harrowby Cycling Campaign": a proper name the registry did not hold.
            return " ".join(body), "organization"
        name, kind = self._noun_phrase(m, pos)
        if name is None and kind == "person" and m.split()[-1][:1].islower():
            # "said the Ohio senator and Republican presidential candidate", its mention cut
            # at "and": the first of the two descriptions names the person.
            first = _FIRST_CONJUNCT.search(self.reg.text, max(0, pos - 80), pos)
            if first and _epithet_head(first.group(1)):
                got = self._noun_phrase(first.group(1), first.start(1))
                if got[0]:
                    return got
        return name, kind

    # A capitalised mention: "Homan", "Mr. Achebe", "Councillor Priya Okafor".
    def _name(self, m: str, pos: int) -> tuple[str | None, str | None]:
        reg = self.reg
        if " " not in m and m.lower() in lx.PLURAL_PEOPLE and not reg.names_someone(m):
            return None, None  # "Protesters chanted": people left unnamed, not a name
        # A title needs a word after it: a mention without a space has none to strip.
        core = _without_titles(m) if m.split(None, 1) != [m] else m
        if len(core.split()) >= 3 and core.split()[-1] in lx.POST_NOMINALS:
            core = core.rsplit(None, 1)[0]
        if core.isupper() and " " in core:
            core = core.title()
        gender = ""
        first = m.split()[0].lower().rstrip(".")
        if first in _TITLES_M:
            gender = "m"
        elif first in _TITLES_F:
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
        # "Rep. Jane Roe (D-Ohio)", "Jane Roe, R-Ohio": a party and state tag is no part of it.
        if "-" in core or "(" in core:
            core = _PARTY_TAG.sub("", core).strip() or core
        of = _NAME_OF_PLACE.match(core) if " of " in core else None
        if of and not any(w.lower() in lx.ORG_WORDS for w in of.group(1).split()):
            core = of.group(1)  # "Sen. Sherrod Vance of Ohio": the person, not the state
        titles = [w.lower().rstrip(".") for w in core.split() if w.lower() != "the"]
        if (
            (of or core.lower().startswith("the "))
            and titles
            and all(t in lx.TITLES for t in titles)
        ):
            # "The Governor (of Valmora)": whoever holds that office here, never a name made
            # of the title.
            holders = [
                p.name
                for p in reg.persons.values()
                if p.role and all(t in p.role.lower().split() for t in titles)
            ]
            return (holders[0], "person") if len(holders) == 1 else (None, "person")
        toks = core.split()
        born = (
            [i for i, t in enumerate(toks[:-2]) if t.lower().endswith(("-born", "-based"))]
            if "-b" in core
            else None
        )
        if born:
            # "Korean-born Monte Haines", "Ohio-based Jane Roe": the person after the epithet.
            toks = toks[born[-1] + 1 :]
            core = " ".join(toks)
        k = (
            next((i for i in range(1, len(toks) - 1) if toks[i].lower() in lx.FIRST_NAMES), 0)
            if len(toks) >= 3
            else 0
        )
        if (
            k
            and len(toks) - k <= 3
            and toks[0].lower() not in lx.FIRST_NAMES
            and all(t[:1].isupper() for t in toks[k:])
        ):
            # "of State John Kerry", "County Recorder Helen Purcell": from the given name on.
            core = " ".join(toks[k:])
            toks = toks[k:]
        if len(toks) >= 2:
            # "Vargas Llosa", "De Blasio": a surname of two words for a name given in full.
            tail = " " + core.lower()
            longer = [p for p, low in self._persons_lowered() if low.endswith(tail)]
            if len(longer) == 1:
                return longer[0], "person"
        # A name inside a longer phrase: "station commander Ruth Ibsen", "an HCTA spokesperson".
        if core in reg.persons:
            return core, "person"
        for k in range(len(toks)):
            cand = " ".join(toks[k:])
            if cand in reg.persons:
                return cand, "person"
            o = reg.org_for(cand)
            if o is not None:
                return self._org_or_person(o.name, cand, pos)
        low_at = [i for i, t in enumerate(toks) if t[:1].islower()]
        if low_at and len(toks) - low_at[-1] - 1 >= 2:
            # "Valmora Union president Jane Roe": the person after the role words.
            return self._name(" ".join(toks[low_at[-1] + 1 :]), pos)
        if any(t.lower() in lx.ORG_WORDS for t in toks):
            return core, "organization"
        last = toks[-1].rstrip("’'s") if toks[-1].endswith(("’s", "'s")) else toks[-1]
        cands = reg.person_by_surname(last) or [reg.persons[n] for n in reg.given.get(last, ())]
        if gender and len(cands) > 1:
            cands = [p for p in cands if p.gender in ("", gender)]
        if len(cands) > 1:
            cands = [p for p in cands if p.mentions and p.first_at < pos] or cands
        if len(cands) == 1:
            return cands[0].name, "person"
        if len(cands) > 1:
            lead = reg.surname_default(last)
            return (
                (lead, "person") if lead and lead in {p.name for p in cands} else (None, "person")
            )
        if toks[-1].lower() in {"republican", "democrat", "republicans", "democrats"}:
            return None, "person"  # "one Florida Republican": a party member left unnamed
        low = [i for i, t in enumerate(toks) if t[:1].islower() and t not in lx.NAME_PARTICLES]
        if low or toks[-1].lower() in _DAYS:
            # "Roe later Thursday", "Roe on Friday": the name before the other words.
            cut = low[0] if low else len(toks) - 1
            head = [t for t in toks[:cut] if t.lower() not in _DAYS]
            if not head or head[0].lower() in lx.STOP_CAPS:
                return None, "person"
            if len(head) < len(toks):
                return self._name(" ".join(head), pos)
        return core, "person"

    def _noun_phrase(self, m: str, pos: int) -> tuple[str | None, str | None]:
        reg = self.reg
        low = m.lower()
        words = re.findall(r"[\w’'\-]+", low)
        # "a spokeswoman for the authority", "a statement from the ministry"
        pm = re.search(r"\b(?:for|of|from|at|with)\s+(.+)$", m)
        if pm and any(
            w in _SPOKES_OR_ORG_HEADS
            for w in words[: words.index(pm.group(0).split()[0].lower())]
            if w
        ):
            name, kind = self.resolve(pm.group(1), pos)
            if name and kind == "organization":
                self.spokes_org = name
                return name, "organization"
            before = words[: words.index(pm.group(0).split()[0].lower())]
            if name and kind == "person" and before and before[-1] in lx.DOCUMENT_HEADS:
                # "a statement from Mayor Jane Roe": her words; "a statement from Quillmart",
                # a name the text gives no person: the organisation's.
                if name in reg.persons:
                    return name, "person"
                if " " not in name and pm.group(1)[:1].isupper():
                    return name, "organization"
            if kind == "organization" or name is None:
                return None, "organization"
        # "the ministry’s announcement": the possessor speaks.
        # (one word before the head may qualify it: "the Gazette's editorial board")
        poss = re.match(r"^(.+?)[’']s?\s+(?:[a-z]+\s+)?(\w+)$", m)
        if poss and poss.group(2).lower() in lx.ORG_HEADS:
            name, kind = self.resolve(poss.group(1), pos)
            if kind == "organization" or poss.group(2).lower() in lx.SPOKES_HEADS:
                return name, "organization"
        if poss and poss.group(2).lower() in lx.DOCUMENT_HEADS:
            # "Quillon's letter continued": its writer, person or organisation.
            name, kind = self.resolve(poss.group(1), pos)
            if name:
                return name, kind
        if _NARRATOR.fullmatch(low):
            # "“...,” says a narrator": the voice of the advertisement the text last
            # described, so whoever it said runs the ad
            return self._ad_sponsor(pos)
        head = words[-1] if words else ""
        if head in _OWNED_DOCUMENTS and len(words) >= 3:
            # "A 2014 Valmora Port Authority report found", "a new Example Polling Institute
            # survey says": the body the document is named after.
            # (a body's only: "a Fenwick report" may be about Fenwick)
            owner, kind = self._named_after(m, pos, _DOCUMENT_FILLERS)
            if owner and kind == "organization":
                return owner, kind
        if len(words) >= 2 and words[-2] == "editorial":
            head = "editorial"  # "the editorial board writes": the paper's own words
        if head in ("official", "officials") and words[0] in _INDEFINITE:
            # "one former senior agency official", "a White House official": someone left
            # unnamed, who does not speak for the body as its spokesperson does
            return None, "person"
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
        if head in lx.DOCUMENT_HEADS and len(words) <= 3:
            # "Mayor Jane Roe issued a statement. “...,” the statement said": whoever the text
            # said issued it, person or organisation.
            issuer = self._document_issuer(head, pos) if len(words) == 2 else None
            if issuer == _NO_ISSUER:
                return None, None
            if issuer:
                return issuer
            # "Fox-like Co said in a statement. “...,” the statement said": the organisation
            # that just spoke, or the one the sentence before is about, issued it.
            if self.last_org and pos - self.last_org[1] < 600:
                return self.last_org[0], "organization"
            org = self._sentence_subject(pos, "organization")
            if org:
                return org, "organization"
            # "The Roe campaign on Tuesday responded that ... . “...,” the statement said"
            layout = self.reg.layout
            prev = layout.sentence_start(max(0, layout.sentence_start(pos) - 2))
            cm = (
                _CAMPAIGN_OWNER.match(reg.text, prev + 4)
                if reg.text.startswith("The ", prev)
                else None
            )
            if cm:
                return f"{cm.group(1)} campaign", "organization"
        if head in _SPOKES_NOT_OFFICIAL:
            if low.startswith("the ") and len(words) == 2:
                # "Jo Quill, a spokeswoman for the authority, said ... “...,” the spokeswoman
                # said": the one person the story just gave that role.
                same_role = {
                    mm.key
                    for mm in reg.mentions[
                        bisect_left(self._mention_starts, pos - 1500) : bisect_left(
                            self._mention_starts, pos
                        )
                    ]
                    if mm.kind == "person"
                    and re.search(rf"\b{head}\b", reg.persons[mm.key].role.lower())
                }
                if len(same_role) == 1:
                    return same_role.pop(), "person"
            if self.spokes_org:
                return self.spokes_org, "organization"
            back = None
            for bm in _SPOKES_FOR.finditer(self.reg.text, max(0, pos - 1500), pos):
                back = bm
            if back is not None:
                phrase = back.group(1)
                cut = [
                    x.start() for x in (MENTION_STOP.search(phrase), VERB_ANY.search(phrase)) if x
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
                # "Westway has suspended services. A spokesperson said trees were down. “...,”
                # the spokesperson said": the organisation before the one who speaks for it
                layout = self.reg.layout
                prev = layout.sentence_start(max(0, layout.sentence_start(pos) - 2))
                if _A_SPOKESPERSON.match(self.reg.text, prev):
                    org = self._sentence_subject(prev, "organization")
                    if org:
                        return org, "organization"
            return None, "organization"
        if head in lx.MEDIA_HEADS:
            # "the newspaper wrote", "a Friday editorial in The Example Gazette": the outlet
            # named in the phrase, or else the outlet last named before the quote.
            im = re.search(r"\b(?:in|of|from|by)\s+([A-Z].+)$", m)
            if im:
                name, kind = self.resolve(im.group(1), pos)
                if name and kind == "organization":
                    return name, kind
            outlet = self._recent_org(pos, media=True)
            # "The Harbour Leader, the state's largest newspaper, has run ... editorials":
            # an outlet the registry did not hold, named after the one it did.
            appositive = None
            for am in _OUTLET_APPOSED.finditer(self.reg.text, max(0, pos - _GENERIC_REACH), pos):
                appositive = am
            if appositive is not None and (
                outlet is None
                or max(s for s, _ in self.reg.orgs[outlet].mentions if s < pos) < appositive.start()
            ):
                name = appositive.group(1)
                rec = self.reg.org_for(name)
                return (rec.name if rec else name), "organization"
            if outlet:
                return outlet, "organization"
            # "The editors of The Clarion ...": an outlet the registry did not hold.
            back = None
            for bm in _OUTLET_CONTEXT.finditer(self.reg.text, max(0, pos - 3000), pos):
                back = bm
            if back is not None:
                return _strip_det(back.group(1)), "organization"
        if head in _AD_HEADS:
            # "a new Example Growth Fund ad argues": whoever the ad is named after
            name, kind = self._named_after(m, pos, _AD_FILLERS)
            if name:
                return name, kind
        if head == "campaign" and words == ["the", "campaign"]:
            # "Roe's campaign, Roe for Senate, ... the campaign said": the committee named.
            committees = [
                (max(s for s, _ in o.mentions if s < pos), o.name)
                for o in reg.orgs.values()
                if any(s < pos for s, _ in o.mentions)
                and (_COMMITTEE_NAME.search(o.name) or "campaign" in o.name.lower().split())
            ]
            committees = [n for n in committees if pos - n[0] <= _GENERIC_REACH]
            if committees:
                return max(committees)[1], "organization"
            # "The Clinton campaign said ... . “...,” the campaign said": the campaign last
            # named by its candidate, as "the Roe campaign" would be.
            owner = None
            for om in _CAMPAIGN_OWNER.finditer(reg.text, max(0, pos - _GENERIC_REACH), pos):
                if om.group(1).lower() not in lx.STOP_CAPS:
                    owner = om.group(1)
            if owner:
                return f"{owner} campaign", "organization"
        if head in {"campaign", "team"}:
            if len(words) == 2 and words[0] in ("his", "her"):
                # "her campaign said": the campaign of the person "her" stands for, named as
                # "the Roe campaign" would be.
                who = self._pronoun("m" if words[0] == "his" else "f", pos)
                return (f"{surname_of(who)} {head}", "organization") if who else (None, None)
            # "the Roe campaign", "Roe’s campaign": the campaign as it is written.
            toks = [t for t in m.split()[:-1] if t.lower() not in DETERMINERS]
            caps = [t for t in toks if t[:1].isupper()]
            if toks and caps == toks and len(toks) <= 3:
                owner = " ".join(toks)
                owner = owner[:-2] if owner.endswith(("’s", "'s")) else owner.rstrip("’'")
                return f"{owner} {head}", "organization"
        if head == "office" and len(words) == 2 and words[0] in ("his", "her"):
            # "her office said": the office of the person "her" stands for, named as
            # "Roe’s office" would be.
            who = self._pronoun("m" if words[0] == "his" else "f", pos)
            return (f"{surname_of(who)}’s office", "organization") if who else (None, None)
        oo = _OWNER_OFFICE.fullmatch(m) if head == "office" else None
        if oo and oo.group(1).lower() not in lx.STOP_CAPS:
            # "Roe’s office said in a statement": the office as it is written (as "Roe’s
            # campaign" is the Roe campaign), when Roe is someone the story names.
            owner = oo.group(1)
            if self.reg.person_by_surname(owner) or owner in self.reg.persons:
                return f"{owner}’s office", "organization"
        if head in lx.ORG_HEADS and head not in lx.SPOKES_HEADS:
            if head == "report" and len(words) == 2 and words[0] == "the":
                # "The Valmora Audit Office report says ... “...,” the report said": the
                # organisation whose report the text named.
                owner = self._report_owner(pos)
                if owner is None:
                    # "In a 112-page report, the committee concluded ...": who issued it.
                    issuer = self._document_issuer("report", pos)
                    if issuer and issuer != _NO_ISSUER:
                        return issuer
                return owner, "organization"
            if head in {"report", "family", "team", "campaign"}:
                return None, "organization"
            named = [w for w in m.split()[1:-1] if w[:1].isupper()]
            return self._org_head(head, pos, named), "organization"
        if len(words) == 2 and words[0] == "the" and (head in lx.ORG_WORDS or head in _BODIES):
            # "the institute said", after "the Calder Institute of Public Health"
            org = self._org_head(head, pos)
            if org:
                return org, "organization"
        state = lx.STATE_DEMONYMS.get(low[4:]) if low.startswith("the ") else None
        if state:
            # "Former Texas Gov. Jo Roe endorsed Sen. Ivo Marsh. ... “...,” the Texan said":
            # the one person the text tied to that state (its office, party tag or "of Texas").
            from_state = [
                p.name
                for p in reg.persons.values()
                if p.first_at < pos and self._of_state(p.name, state)
            ]
            if len(from_state) == 1:
                return from_state[0], "person"
        # "the mayor", "the minister", "the chief executive": a role held by one person.
        # "the Ohio Republican", "the GOP senator": a description with a party or a place,
        # fitting the people whose titles and party tags have all its words.
        qualifiers = [w.lower() for w in re.findall(r"[\w’'\-]+", m)[1:-1] if w[:1].isupper()]
        if low.startswith("the ") and (qualifiers or head in lx.PARTY_WORDS):
            holders = [
                p
                for p in reg.persons.values()
                if p.first_at < pos and self._fits(p.name, head, qualifiers)
            ]
        else:
            # (not "the governor's chief of staff": whose, not what)
            holders = [
                p
                for p in reg.persons.values()
                if p.role and re.search(rf"\b{re.escape(head)}\b(?![’']s)", p.role.lower())
            ]
        if "former" in words:
            # "the former president" is not the one the text calls "President Tobin": someone
            # it called a former president, or else the person just written about.
            holders = [p for p in holders if "former" in p.role.lower().split()]
        elif len(holders) > 1:
            # "the president": the sitting one, rather than one the text called former.
            holders = [p for p in holders if "former" not in p.role.lower().split()] or holders
        if holders and self._introduced(head, pos):
            # "According to a clerk ... “...,” the clerk said. The clerk for Harlan County, Jo
            # Roe, also attended": that clerk was someone unnamed, not one named later.
            holders = [p for p in holders if any(start < pos for start, _ in p.mentions)]
        # "his daughter said": the one the story introduced as a daughter ("His daughter,
        # Ruth Quell, said"), as "the mayor" is the one it introduced as mayor.
        definite = low.startswith("the ") or (
            len(words) == 2 and words[0] in _POSSESSIVES and head in lx.RELATIVES
        )
        if len(holders) == 1 and definite:
            return holders[0].name, "person"
        if len(holders) > 1 and definite:
            # "the senator said" with two senators in the story: the one last named.
            keys = {p.name for p in holders}
            i = bisect_left(self._mention_starts, pos) - 1
            while i >= 0 and reg.mentions[i].start >= pos - 1500:
                mm = reg.mentions[i]
                i -= 1
                if mm.key in keys and not self._inside_quote(mm.start, mm.end, pos):
                    return mm.key, "person"
        # "Asante, 19, was making his third appearance. “...,” the teenager said": a definite
        # description with no role holder refers back to the person just written about,
        # unless the story introduced someone new with it ("a state official ... the official").
        if (
            low.startswith("the ")
            and head
            and not holders
            # (not "the city of Larnwick": a place or body, named)
            # ("the real estate mogul" is a person: "real estate" is a trade, not an estate)
            and not any(
                w in _PLACES_AND_BODIES and not (w == "estate" and words[k - 1 : k] == ["real"])
                for k, w in enumerate(words)
            )
            and head not in lx.ORG_WORDS  # "the caucus said" is no person
            # ("Roe was asked about it. “...,” the moderator said": the one asking)
            and head not in _ASKERS
            and not self._introduced(head, pos)
            # (a description with its own clause is someone new, "The harbour master, who has
            # run the port since 1998, said"; not an epithet naming a place or party, "said the
            # New York businessman, who campaigned in Ohio")
            and not (
                _RELATIVE_AFTER.match(self.reg.text, pos + len(m))
                and not any(w[:1].isupper() for w in m.split()[1:-1])
            )
        ):
            who = self._sentence_subject(pos, "person")
            last = self.last_person
            if (
                last
                and last[0] != who
                and (len(words) >= 3 and _epithet_head(m) or _DEMONYM.fullmatch(m))
                # (not "The school's head teacher wrote ... “...,” the head teacher wrote":
                # someone the text brought in by those words since)
                and m.split(None, 1)[1].lower() not in self.reg.text[last[1] : pos].lower()
            ):
                # "Roe plans to ..., Ivo Marsh said. “...,” the retired surgeon told Example
                # TV": an epithet with words of its own ("retired", "shipping", "former
                # Republican") varies the name of the one just quoted, not the sentence's
                # first name; with no subject before it, the last to speak, if no one else
                # has been named since.
                ss = self.reg.layout.sentence_start(pos)
                if last[1] >= self.reg.layout.sentence_start(max(0, ss - 2)) or (
                    not who and self._no_one_named_since(last, pos)
                ):
                    who = last[0]
            if who and _other_office(self.reg.persons[who].role, head):
                who = None  # (not "the party's candidate" for the mayor just named)
            if not who and len(words) >= 3 and head in _LEAD_EPITHETS:
                # "De Blasio disbanded the unit. “...,” the Republican presidential candidate
                # said": with no one just quoted or written about, the person the story is
                # about, named far more often than anyone else so far.
                who = self._topic_person(pos)
            if not who and _epithet_head(m):
                # "Byrne's book is out. The publisher released an excerpt. In the excerpt, the
                # author wrote": the one person the last sentences are about (unless they
                # brought in someone unnamed: "a source ... the person added", "a protester
                # ... the heckler yelled").
                seen = m.split(None, 1)[1].lower()
                who = (
                    None
                    if self._introduced(head, pos, reach=pos, between=5)
                    # ("The school's head teacher wrote to parents. ... the head teacher wrote")
                    or seen in self.reg.text[max(0, pos - 1500) : pos].lower()
                    else self._recent_subject(pos, unnamed_too=False)
                    # "When he took office, he made the port his priority. “...,” the
                    # bespectacled diplomat said": the one that sentence's "he" stands for.
                    or self._pronoun_subject_before(pos)
                )
            if not who and head in _LEAD_EPITHETS and not self._introduced(head, pos):
                # "“...,” the billionaire said": with no one the last sentences are about, the
                # person the story is about, named far more often than anyone else so far.
                who = self._topic_person(pos)
            if who and self._gender_misfit(who, words):
                who = None  # (not "the former first lady" for the man just written about)
            if (
                who
                and not _other_office(self.reg.persons[who].role, head)
                # (not "the Vermont senator" for the senator tagged as Ohio's)
                and not (
                    self.role_words(who) & lx.PARTY_WORDS
                    and (({*qualifiers} | ({head} & lx.PARTY_WORDS)) & lx.TAG_WORDS)
                    - self.role_words(who)
                )
            ):
                return who, "person"
        if (
            low.startswith("the ")
            and qualifiers
            and not holders
            and set(qualifiers) <= lx.TAG_WORDS
            and (head in _PARTY_PEOPLE or head in lx.LAWMAKER_WORDS)
            and self.last_person
            and pos - self.last_person[1] < 1500
        ):
            # "“...,” he said. The Wisconsin Republican did give ...": an epithet by party
            # or state for the person the story is following, the last who spoke.
            followed = self.last_person[0]
            if not (self.role_words(followed) & lx.PARTY_WORDS) or set(
                qualifiers
            ) <= self.role_words(followed):
                return followed, "person"
        if low.startswith("the ") and not holders and not qualifiers:
            # "the senator said", after "Sen. Jo Roe" and no one the text called "senator":
            # the one person its titles and offices make one.
            titled = [
                p.name
                for p in reg.persons.values()
                if p.first_at < pos and head in self.role_words(p.name)
            ]
            if len(titled) == 1:
                return titled[0], "person"
        return None, "person"

    def speech_intro(self, pos: int, inline: bool = False) -> tuple[str, str, str, int, int] | None:
        """The speaker of an unattributed quote running over paragraphs, from the paragraph
        before it when that introduces a statement ("She spoke for several minutes to the
        crowd.", "Judge Harriet Okafor opened the hearing with a long statement."). With
        ``inline``, also a quote opening a sentence right after such a sentence in the same
        paragraph ("Roe spoke to reporters after the vote. “We will not back down.”"), when
        the speaker is that sentence's subject."""
        reg = self.reg
        text = reg.text
        j = pos - 1
        while j > 0 and text[j].isspace():
            j -= 1
        if j <= 0 or ("\n" not in text[j:pos] and not inline):
            return None
        ss = reg.layout.sentence_start(j)
        sentence = text[ss : j + 1]
        if _QUOTE_CHARS.search(sentence):
            return None
        if not (sentence.endswith(":") or _SPEECH_WORDS.search(sentence)):
            # "Two deaths so close together were unusual, Inspector Roe said. “We don't
            # normally ...”": the one reporting the sentence before goes on in quotes.
            reported = self._reported_before(ss, j + 1)
            if reported is not None:
                return reported
            # "Mara Quill was furious. “...”" (not “...,” a bystander told CBS: the quote's
            # own cue, if it was misread)
            para_end = text.find("\n", pos)
            if _CUE_AFTER_CLOSE.search(text, pos, para_end if para_end >= 0 else len(text)):
                return None
            return self._lone_person_subject(ss, j + 1)
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
                if possessive_at(text, mm.end):
                    # "On Roe’s orders, the council released a statement. ¶ “...”": the body
                    # that issued it, not the person its lead-in names on the way
                    org = self._issuing_organisation(i + 1, j + 1)
                    if org:
                        return org
                    if mm.start == ss and _OWN_WORDS.match(text, mm.end):
                        # "Roe’s statement on Monday was brief. “...”": the owner's words
                        return mm.key, "person", text[mm.start : mm.end], mm.start, mm.end
                if inline and not _opens_clause(text[ss : mm.start], text[mm.end : mm.end + 2]):
                    return None
                return mm.key, "person", text[mm.start : mm.end], mm.start, mm.end
            # "The council issued a statement apologizing to Roe. ¶ “...”": the body that
            # issued it (a person named only after it is the statement's business)
            issuer = self._issuer_at(mm, j + 1)
            if issuer:
                return issuer
            i += 1
        return None

    def _issuing_organisation(self, i: int, end: int) -> tuple[str, str, str, int, int] | None:
        """From the ``i``-th mention on, before ``end``: the first that ``_issuer_at``
        takes."""
        reg = self.reg
        while i < len(reg.mentions) and reg.mentions[i].start < end:
            issuer = self._issuer_at(reg.mentions[i], end)
            if issuer:
                return issuer
            i += 1
        return None

    def _issuer_at(self, mm: Mention, end: int) -> tuple[str, str, str, int, int] | None:
        """``mm`` as ``speech_intro`` answers, if it is an organisation that is its
        sentence's subject and issued a statement before ``end`` ("the council issued a
        statement")."""
        text = self.reg.text
        if mm.kind == "organization" and mm.subject and _ISSUES_STATEMENT.match(text, mm.end, end):
            return mm.key, "organization", text[mm.start : mm.end], mm.start, mm.end
        return None

    def _ad_sponsor(self, pos: int) -> tuple[str | None, str | None]:
        """Who runs the advertisement last described before ``pos`` (in the sentences of the
        last 1,500 characters, outside quotation marks, that name an ad): the body or
        person named after it ("a $1 million buy from the Example Fund", "an ad paid for by
        ..."), or the subject of its sentence named before it ("Roe will unveil her second
        ad on Monday"). A person's ad is that person's campaign's, named as "the Roe
        campaign" is."""
        reg = self.reg
        text = reg.text
        layout = reg.layout
        lo = max(0, pos - 1500)
        for am in reversed(list(_AD_WORD.finditer(text, lo, pos))):
            at = am.start()
            if self._quoted_at(at) or self._inside_quote(at, am.end(), pos):
                continue
            ss, se = layout.sentence_start(at), layout.sentence_end(at)
            owner = None
            fm = _AD_FROM.search(text, am.end(), min(se, am.end() + 120))
            if fm:
                name, kind = self.resolve(fm.group(1), fm.start(1))
                if name:
                    whole = fm.group(1).removeprefix("the ")
                    if kind == "organization" and whole.endswith(" " + name):
                        name = whole  # (the whole name: "Our Harbour Fund", not "Harbour Fund")
                    owner = (name, kind)
            if owner is None:
                k = bisect_left(self._mention_starts, ss)
                while k < len(reg.mentions) and reg.mentions[k].start < at:
                    mm = reg.mentions[k]
                    k += 1
                    if mm.subject and not self._quoted_at(mm.start):
                        owner = (mm.key, mm.kind)
                        break
            if owner is None:
                continue
            if owner[1] == "person":
                return f"{surname_of(owner[0])} campaign", "organization"
            return owner
        return None, "organization"

    def _reported_before(self, ss: int, end: int) -> tuple[str, str, str, int, int] | None:
        """The one person a sentence reports as speaking ("..., Roe said.", "Roe said the
        vote ..."), or the "he"/"she" that ends it ("..., he said.")."""
        reg = self.reg
        text = reg.text
        pm = (
            _SAID_PRONOUN_END.search(text, ss, end)
            or _SAID_PRONOUN_ASIDE.search(text, ss, end)
            # "She added that the squad had been stung by criticism. “...”"
            or _PRONOUN_REPORTS.match(text, ss, end)
        )
        if pm:
            name, kind = self.resolve(pm.group(1), pm.start(1))
            if name:
                return name, kind or "person", pm.group(1), pm.start(1), pm.end(1)
            return None
        keys = {m.key for m in reg.mentions if m.kind == "person" and ss <= m.start < end}
        who = self._reporting_person(ss, end, keys) if keys else None
        if who is None:
            return None
        i = bisect_left(self._mention_starts, ss)
        while i < len(reg.mentions) and reg.mentions[i].start < end:
            mm = reg.mentions[i]
            if mm.kind == "person" and mm.key == who:
                return who, "person", text[mm.start : mm.end], mm.start, mm.end
            i += 1
        return None

    def _lone_person_subject(self, ss: int, end: int) -> tuple[str, str, str, int, int] | None:
        """The person who opens the sentence text[ss:end] as its subject, when no one else
        is named in it: "Mara Quill was furious about the vote. “...”" quotes her."""
        reg = self.reg
        i = bisect_left(self._mention_starts, ss)
        found = None
        while i < len(reg.mentions) and reg.mentions[i].start < end:
            mm = reg.mentions[i]
            i += 1
            if mm.kind != "person" or (found is not None and mm.key == found.key):
                continue
            if found is not None:
                return None
            found = mm
        if (
            found is None
            or not found.subject
            or found.start != ss
            or possessive_at(reg.text, found.end)
        ):
            return None
        return found.key, "person", reg.text[found.start : found.end], found.start, found.end

    def _aged(self, age: str, pos: int) -> str | None:
        """The person last named before ``pos`` with ", <age>," after the name."""
        reg = self.reg
        i = bisect_left(self._mention_starts, pos) - 1
        while i >= 0 and reg.mentions[i].start >= pos - 3000:
            mm = reg.mentions[i]
            i -= 1
            if mm.kind == "person" and re.match(rf",\s*{age}\b", reg.text[mm.end : mm.end + 8]):
                return mm.key
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
            if _PLURAL_PEOPLE.match(head) and not _PLURAL_THINGS.match(head):
                # "They showed on his next touch, when Fenwick stole a pass": things, not
                # people, when the sentence is about one named person's doings.
                k = bisect_left(self._mention_starts, ss)
                return not (
                    _SINGULAR_POSSESSIVE.search(reg.text, ss, j + 1)
                    and any(m.kind == "person" and m.start <= j for m in reg.mentions[k : k + 8])
                )
            if not re.match(r"(?:He|She)\b", head):
                return False
        return False

    def _unnamed_antecedent(self, pos: int, depth: int = 0) -> bool:
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
        qm = _QUOTE_CHARS.search(reg.text, prev_ss, j + 1)
        seg_end = qm.start() if qm else j + 1
        last = None
        for m in _INDEFINITE_PERSON.finditer(reg.text, prev_ss, seg_end):
            if not any(w.lower() in _FUNCTION_WORDS for w in m.group(0).split()[1:-1]):
                if last is not None and not reg.text[prev_ss : last.start()].strip():
                    break  # "A Berlin woman ... about a crime against a German woman": the first
                last = m
        if last is None:
            # "The owner of the house, who asked not to be named, said ...": a person the
            # sentence keeps unnamed on purpose.
            last = _ANONYMITY.search(reg.text, prev_ss, seg_end)
            chained = _CUE_PRONOUN_AFTER_QUOTE.match(reg.text, prev_ss) if depth < 3 else None
            if last is None and chained and chained.end() <= j + 1:
                # "“...,” she said, blaming Roe. “...,” she said": the same unnamed woman
                return self._unnamed_antecedent(chained.start(1), depth + 1)
            if last is None and seg_end == prev_ss:
                # "“...,” said the woman, who did not want to be quoted by name.": after
                # the quotation that opens the sentence.
                after = _QUOTE_CHARS.search(reg.text, seg_end + 1, j + 1)
                if after is not None:
                    seg_end = j + 1
                    last = _ANONYMITY.search(reg.text, after.end(), seg_end)
                    prev_ss = after.end()
            if last is None:
                # "A delegate said he tried. He found no taker. “...,” he said": the "he"
                # opening the sentence between still means the unnamed delegate.
                return self._pronoun_goes_on_unnamed(prev_ss, seg_end)
        if _HE_SHE.search(reg.text, prev_ss, last.start()):
            # "One delegate said he tried. He found no taker, he said, on condition of
            # anonymity. “...,” he said": that "he" is still the unnamed delegate.
            # (else "When asked, he says he is a father": he is the subject, not "a father")
            return self._pronoun_goes_on_unnamed(prev_ss, seg_end)
        if _FRONTED_PARTICIPLE.match(reg.text, prev_ss, seg_end):
            return False  # "Asked by a member of the audience how ..., she paused."
        # Anyone named in that sentence ("Lucia Ferrante, a teacher, said...") may be meant.
        i = bisect_left(self._mention_starts, seg_end) - 1
        while i >= 0 and reg.mentions[i].start >= prev_ss:
            if reg.mentions[i].kind == "person":
                return False
            i -= 1
        return True

    def _gender_misfit(self, name: str, words: list[str]) -> bool:
        """Whether a description's words give a gender ("the former first lady", "the
        businessman") that the person's is not."""
        gender = self.reg.persons[name].gender
        if not gender:
            return False
        if gender == "m":
            return any(w in lx.FEMALE_WORDS for w in words)
        return any(w in lx.MALE_WORDS for w in words)

    def _names_person(self, lo: int, hi: int) -> bool:
        """Whether a person is named between ``lo`` and ``hi``."""
        mentions = self.reg.mentions
        i = bisect_left(self._mention_starts, lo)
        while i < len(mentions) and mentions[i].start < hi:
            if mentions[i].kind == "person":
                return True
            i += 1
        return False

    def _pronoun_goes_on_unnamed(self, lo: int, hi: int) -> bool:
        """Whether the sentence from ``lo`` to ``hi`` opens with "he" or "she", names no one,
        and follows one opened by someone left unnamed ("A delegate said he tried. He found
        no taker."): that "he" is still the unnamed delegate."""
        return bool(
            _SUBJECT_PRONOUN.match(self.reg.text, lo, hi)
            and not self._names_person(lo, hi)
            and self._opened_by_someone_unnamed(lo)
        )

    def _sentence_before(self, ss: int) -> int | None:
        """Where the sentence before the one starting at ``ss`` starts (None at the text's
        start)."""
        text = self.reg.text
        j = ss - 1
        while j > 0 and text[j].isspace():
            j -= 1
        return self.reg.layout.sentence_start(j) if j > 0 else None

    def _opened_by_someone_unnamed(self, ss: int) -> bool:
        """Whether the sentence before the one at ``ss`` opens with someone it leaves unnamed
        ("One Valmora delegate said he ...") and names no one."""
        prev_ss = self._sentence_before(ss)
        if prev_ss is None:
            return False
        m = _INDEFINITE_PERSON.match(self.reg.text, prev_ss)
        return (
            m is not None
            and not any(w.lower() in _FUNCTION_WORDS for w in m.group(0).split()[1:-1])
            and not self._names_person(prev_ss, ss)
        )

    def _described_antecedent(self, gender: str, pos: int) -> str | None:
        """The person a pronoun opening a quote's cue takes from the sentence before, when
        that sentence's subject is a description: "The head of the union was defiant.
        “...,” she said." Its holder when the text names one, "" when it names none (the
        pronoun is that unnamed person, not someone further back), None when the sentence
        before is not of that kind or the description's gender is not the pronoun's."""
        reg = self.reg
        layout = reg.layout
        ss = layout.sentence_start(pos)
        q = _QUOTE_CHARS.search(reg.text, ss, pos)
        if q is None or q.start() != ss:
            return None  # only for a cue after a quote that opens its sentence
        j = ss - 1
        while j > 0 and reg.text[j].isspace():
            j -= 1
        if j <= 0:
            return None
        prev_ss = layout.sentence_start(j)
        m = _DESCRIBED_SUBJECT.match(reg.text, prev_ss, j + 1)
        if m is None:
            return None
        head = m.group(2).lower()
        noun_gender = (
            "f"
            if head.endswith("woman") or head in _FEMALE_NOUNS
            else "m"
            if head.endswith("man") or head in _MALE_NOUNS
            else None
        )
        if noun_gender and noun_gender != gender:
            return None
        described = m.group(1)
        if described.startswith("The "):
            described = "the" + described[3:]  # a sentence's capital, not a title's
        holder, kind = self.resolve(described, m.start(1))
        if kind == "person" and holder:
            return holder
        if (_HE if gender == "m" else _SHE).search(reg.text, m.end(), ss):
            return None  # "The senator was challenged. And he refused ...": a chain of its own
        if m.group(3):
            # "The president of the union", after "Mira Hale, the president of the
            # dockworkers' union": the one person whose role has both words.
            tail = re.findall(r"[a-z]+", m.group(3).lower())[-1]
            holders = [
                p.name
                for p in reg.persons.values()
                if p.gender in ("", gender)
                and {head, tail} <= set(re.findall(r"[a-z]+", p.role.lower()))
            ]
            if len(holders) == 1:
                return holders[0]
        if holder or (head in lx.ROLE_NOUNS and m.group(3) is None):
            return None  # "The senator said": an office the text may know its holder by
        return ""

    def _labelled_speaker(self, pos: int) -> str | None:
        """ "I" in a transcript's answer: the person its label names ("CFO ANTHONY WREN: As I
        said in July, ..."), someone the text names."""
        layout = self.reg.layout
        start = layout.para_starts[layout.paragraph_index(pos)]
        lm = _ANSWER_LABEL.match(self.reg.text, start, pos)
        if lm is None:
            return None
        words = lm.group(1).split()
        if lm.group(1).isupper():
            words = [w if w.lower() in lx.OFFICE_WORDS else w.title() for w in words]
        while len(words) > 1 and (words[0].lower() in lx.OFFICE_WORDS or words[0].isupper()):
            words.pop(0)  # "CFO", "Senator": the office, not the name
        name = " ".join(words)
        if not self.reg.names_someone(words[-1]):
            return None
        who, kind = self.resolve(name, start)
        return who if kind == "person" else None

    def _by_age_word(self, word: str, surname: str) -> str | None:
        """Of the people sharing ``surname``, the one the text calls the younger (or the
        elder, older): by their roles ("Lewis's younger brother"), or the other of two."""
        people = self.reg.person_by_surname(surname)
        if len(people) < 2:
            return None
        same = {"younger": ("younger",), "elder": ("elder", "older"), "older": ("elder", "older")}
        other = ("elder", "older") if word == "younger" else ("younger",)
        said = [p for p in people if any(w in p.role.lower().split() for w in same[word])]
        if len(said) == 1:
            return said[0].name
        suffix = "jr" if word == "younger" else "sr"
        by_suffix = [p for p in people if p.name.lower().rstrip(".").endswith(f" {suffix}")]
        if len(by_suffix) == 1:
            return by_suffix[0].name  # "the elder De la Rosa": Luis de la Rosa Sr.
        rest = [p for p in people if not any(w in p.role.lower().split() for w in other)]
        return rest[0].name if len(rest) == 1 and len(people) == 2 else None

    def _named_with_a_role(self, name: str) -> bool:
        """A person the text gave a role ("Republican pollster Whit Ayres") and whose name
        reads as one: two or three capitalised words, no acronym ("Priorities USA Action")."""
        words = name.split()
        return (
            bool(self.reg.persons[name].role)
            and len(words) in (2, 3)
            and not any(w.isupper() or not w[:1].isupper() for w in words)
        )

    def _topic_person(self, pos: int) -> str | None:
        """The person named at least three times before ``pos`` and twice as often as anyone
        else, outside quotations, and named within the last paragraphs."""
        counts: dict[str, int] = {}
        recent: set[str] = set()
        for mm in self.reg.mentions[: bisect_left(self._mention_starts, pos)]:
            if mm.kind == "person" and not self._quoted_at(mm.start):
                counts[mm.key] = counts.get(mm.key, 0) + 1
                if pos - mm.start < 1500:
                    recent.add(mm.key)
        ranked = sorted(counts.items(), key=lambda kv: -kv[1])
        if not ranked or ranked[0][1] < 3 or ranked[0][0] not in recent:
            return None
        if len(ranked) > 1 and ranked[0][1] < 2 * ranked[1][1]:
            return None
        return ranked[0][0]

    def _apposed(self, at: int) -> bool:
        """Whether the phrase at ``at`` stands in apposition to a person named right before
        it: "Gary Byrne, a former officer"."""
        text = self.reg.text
        j = at - 1
        while j > 0 and text[j] == " ":
            j -= 1
        if text[j : j + 1] != ",":
            return False
        i = bisect_left(self._mention_starts, j) - 1
        return i >= 0 and self.reg.mentions[i].kind == "person" and self.reg.mentions[i].end == j

    def _recent_subject(self, pos: int, sentences: int = 5, unnamed_too: bool = True) -> str | None:
        """The one person who is the subject of a sentence among the last few before
        ``pos``, outside quotations: "Melania Roe brought some pizzazz ... . With millions
        watching, the former model delivered a defence ... . “...,” said the 46-year-old"."""
        reg = self.reg
        layout = reg.layout
        lo = layout.sentence_start(pos)
        for _ in range(sentences):
            j = lo - 1
            while j > 0 and reg.text[j].isspace():
                j -= 1
            if j <= 0:
                break
            lo = layout.sentence_start(j)
        if not unnamed_too and any(
            _PERSON_WORD.search(m.group(0))
            for m in _INDEFINITE_ANYONE.finditer(reg.text, lo, pos)
            if not self._inside_quote(m.start(), m.end(), pos) and not self._apposed(m.start())
        ):
            return None
        found = {
            mm.key
            for mm in reg.mentions[
                bisect_left(self._mention_starts, lo) : bisect_left(self._mention_starts, pos)
            ]
            if mm.kind == "person" and mm.subject and not self._inside_quote(mm.start, mm.end, pos)
        }
        return found.pop() if len(found) == 1 else None

    def _pronoun_subject_before(self, pos: int) -> str | None:
        """The person a "he" or "she" opening the sentence before ``pos``'s stands for, when
        that sentence quotes no one."""
        text = self.reg.text
        ss = self.reg.layout.sentence_start(pos)
        prev_ss = self._sentence_before(ss)
        if prev_ss is None:
            return None
        if _QUOTE_CHARS.search(text, prev_ss, ss):
            return None
        chained = _SUBJECT_PRONOUN.match(text, prev_ss, ss) or _CLAUSE_THEN_PRONOUN.match(
            text, prev_ss, ss
        )
        if not chained:
            return None
        return self._pronoun("m" if chained.group(1).lower() == "he" else "f", chained.start(1), 1)

    def _org_or_person(self, org: str, word: str, pos: int) -> tuple[str, str]:
        """``org``, which ``word`` names, unless ``word`` is the surname of the one person
        brought in by full name before ``pos``: "Michael Bloomberg ... Bloomberg said" is the
        person, not the outlet of that name."""
        if " " not in word:
            named = self.reg.person_by_surname(word)
            if len(named) == 1 and named[0].first_at < pos and " " in named[0].name:
                return named[0].name, "person"
        return org, "organization"

    def _no_one_named_since(self, last: tuple[str, int], pos: int) -> bool:
        """Whether no one but ``last``'s speaker is named, outside quotation, from where they
        last spoke to ``pos``, and that was not long ago."""
        if pos - last[1] >= 1500:
            return False
        reg = self.reg
        i = bisect_left(self._mention_starts, last[1])
        while i < len(reg.mentions) and reg.mentions[i].start < pos:
            mm = reg.mentions[i]
            i += 1
            if mm.kind == "person" and mm.key != last[0] and not self._quoted_at(mm.start):
                return False
        return True

    def _introduced(self, head: str, pos: int, reach: int = 3000, between: int = 3) -> bool:
        """Whether an indefinite phrase ("a senior official", "one MP") brought in ``head``
        (within ``reach`` characters before ``pos``, with up to ``between`` words before it)."""
        lo = max(0, pos - reach)
        # (not "the take-a-back-seat-to-no-one governor": a word inside a compound)
        pat = (
            rf"(?<![\w\-’'])(?:an?|one|another|second|third)\s+((?:[\w’'\-]+\s+){{0,{between}}}?)"
            rf"{re.escape(head)}s?\b"
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
            and not (kind == "person" and possessive_at(reg.text, found.end))
        ):
            return found.key
        possessive = found is not None and possessive_at(reg.text, found.end)
        if found is not None and kind == "person" and (found.kind != kind or possessive):
            # "Cabinet minister Gideon Farr came...", "Greyfield's director, Sanjay Trivedi,
            # said...": role words tie the organisation to the person who is the subject.
            k = bisect_left(self._mention_starts, found.end)
            if k < len(reg.mentions) and reg.mentions[k].kind == "person":
                gap = reg.text[found.end : reg.mentions[k].start]
                if reg.mentions[k].start < pos and _ROLE_GAP.fullmatch(gap):
                    return reg.mentions[k].key
        return None

    def _document_issuer(
        self, head: str | None, pos: int, since: int | None = None
    ) -> tuple[str, str | None] | None:
        """Who the text last said issued, wrote or released a ``head`` ("statement",
        "letter"; any document for None) between ``since`` (a few paragraphs back by
        default) and ``pos``: the subject of that sentence, or whom "a statement from ..."
        names; a person or an organisation. ``_NO_ISSUER`` when that sentence names no one
        the text knows, None when no such sentence is near."""
        reg = self.reg
        text = reg.text
        found = None
        lo = max(0, pos - _GENERIC_REACH) if since is None else since
        for pattern in (_ISSUED, _FROM_DOCUMENT):
            for m in pattern.finditer(text, lo, pos):
                kind = m.group("head").lower().rstrip("s")
                if (
                    (head is None or kind == head)
                    and (found is None or m.start("head") > found.start("head"))
                    and not self._quoted_at(m.start("head"))
                ):
                    found = m
        if found is None:
            return None
        at = found.start("head")
        if found.re is _FROM_DOCUMENT:
            # "A statement from Quillmart said ...": whom the statement came from.
            name, kind = self.resolve(f"a statement from {found.group('who')}", found.start("who"))
            return (name, kind) if name else _NO_ISSUER
        if found.group("lead"):
            # "In a statement released by ..., the board said": the subject after the comma.
            comma = text.find(",", at, reg.layout.sentence_end(at))
            if comma < 0:
                return _NO_ISSUER
            lo, hi = comma, reg.layout.sentence_end(at)
        else:
            # "In March, Principal Jo Roe wrote a letter": the subject nearest the verb.
            lo, hi = reg.layout.sentence_start(at), found.start()
        subjects = []
        for mm in reg.mentions[bisect_left(self._mention_starts, lo) :]:
            if mm.start >= hi:
                break
            if (
                (mm.subject or not text[mm.end : hi].strip(" ,"))  # “...,” Quillmart said in
                and text[mm.end : mm.end + 2] not in ("’s", "'s")
                and not self._quoted_at(mm.start)
            ):
                subjects.append(mm)
        if found.group("lead"):
            if subjects:
                return subjects[0].key, subjects[0].kind
            # "In a 112-page report, the committee concluded": the body the phrase means.
            dm = _LEAD_SUBJECT.match(text, lo + 1, hi)
            if dm:
                name, kind = self.resolve(dm.group(1), dm.start(1))
                if name:
                    return name, kind
            return _NO_ISSUER
        phrase = _FRONTED_PHRASE.sub("", text[lo:hi]).strip(" ,")
        words = phrase.split()
        k = len(words)
        while k > 1 and (words[k - 1] in _TRAILING_ADVERBS or words[k - 1].endswith("ly")):
            k -= 1  # "The agency later said in a statement"
        if k < len(words):
            phrase = " ".join(words[:k])
        if subjects:
            mm = subjects[-1]
            others = reg.mentions[bisect_left(self._mention_starts, mm.end) :]
            if _AND_BEFORE.search(text, max(lo, mm.start - 80), mm.start) or any(
                _AND_BEFORE.search(text, max(mm.end, other.start - 80), other.start)
                for other in itertools.takewhile(lambda o: o.start < found.start(), others)
            ):
                return _NO_ISSUER  # "Roe and Senator Jo Quill sent a letter": by both
            between = text[mm.end : found.start()].split()
            if not between or not between[0].islower() or between[0] in _NOT_QUALIFIED:
                return mm.key, mm.kind
            # "The Vance campaign sent an email", "The Valmoran presidential candidate sent":
            # the name only qualifies the subject, which is said as the noun phrase is.
            phrase = text[mm.start : hi].strip(" ,")
            if not phrase.lower().startswith(("the ", "a ", "an ")):
                phrase = f"the {phrase}"
        elif not (
            1 < len(phrase.split()) <= 4
            and (phrase.split()[0].lower() in _OWNERS or _NAMED_OWNER.match(phrase))
        ):
            return _NO_ISSUER
        # "On Saturday, his campaign sent out an email": a short noun phrase, no name.
        name, kind = self.resolve(phrase, hi - len(phrase))
        return (name, kind) if name else _NO_ISSUER

    def _report_owner(self, pos: int) -> str | None:
        """The organisation named right before the last "report" ahead of ``pos``."""
        reg = self.reg
        owner = None
        for m in _REPORT.finditer(reg.text, max(0, pos - _GENERIC_REACH), pos):
            i = bisect_left(self._mention_starts, m.start()) - 1
            if (
                i >= 0
                and reg.mentions[i].kind == "organization"
                and reg.mentions[i].end == m.start()
            ):
                owner = reg.mentions[i].key
        return owner

    def _named_after(
        self, m: str, pos: int, fillers: frozenset[str]
    ) -> tuple[str | None, str | None]:
        """Whom an ad or a document is named after ("a new Example Growth Fund ad", "a 2014
        Valmora Port Authority report"), when the words before its noun, past ``fillers``
        and a year, are a name and nothing else."""
        owner = m.split()[:-1]
        while owner and (owner[0].lower() in fillers or owner[0].isdigit()):
            owner = owner[1:]
        if (
            owner
            and owner[0][:1].isupper()
            and owner[-1][:1].isupper()
            and all(w[:1].isupper() or w in _NAME_LINKS for w in owner)
        ):
            return self.resolve(" ".join(owner), pos)
        return None, None

    def _recent_pair(self, pos: int) -> str | None:
        """Two people named together as the subject opening a sentence a few paragraphs
        back at most ("Rep. Jane Roe (D-Valmora) and Rep. John Smith sent a letter"), each
        resolved as the text names them; the last such pair."""
        reg = self.reg
        layout = reg.layout
        text = reg.text
        st = layout.sentence_start(pos)
        lo = max(0, pos - _GENERIC_REACH)
        while True:
            pm = _SUBJECT_PAIR.match(text, st)
            if pm is not None and pm.end() <= pos:
                a, kind_a = self.resolve(pm.group("a"), pm.start("a"))
                b, kind_b = self.resolve(pm.group("b"), pm.start("b"))
                if not (a and b and kind_a == kind_b == "person" and a != b):
                    return None
                return f"{a} and {b}"
            if st <= lo:
                return None
            st = layout.sentence_start(max(0, st - 2))

    def _quoted_at(self, at: int) -> bool:
        """Is ``at`` inside a quotation of its sentence (an odd number of marks before)?"""
        ss = self.reg.layout.sentence_start(at)
        return len(_QUOTE_CHARS.findall(self.reg.text, ss, at)) % 2 == 1

    def _recent_org(self, pos: int, media: bool) -> str | None:
        """The organisation (a news outlet if ``media``) last named before ``pos``."""
        best = None
        for org in self.reg.orgs.values():
            if org.media != media:
                continue
            p = max((s for s, _ in org.mentions if s < pos), default=-1)
            if p >= 0 and (best is None or p > best[0]):
                best = (p, org.name)
        return best[1] if best else None

    def _org_head(self, head: str, pos: int, named: list[str] | None = None) -> str | None:
        """The organisation "the ``head``" means ("the ministry"): the last one named with
        that word in its name, and with ``named`` ("the Valmoran navy": Valmoran) too."""
        reg = self.reg
        best = None
        for org in reg.orgs.values():
            words = org.name.lower().split()
            if head in words and org.mentions and all(n.lower() in words for n in named or ()):
                p = max((s for s, _ in org.mentions if s < pos), default=-1)
                if best is None or p > best[0]:
                    best = (p, org.name)
        if best:
            return best[1]
        text = reg.text
        for org in reg.orgs.values():
            # "The Senate Democratic caucus ... the caucus said": a name written with its
            # kind after it in lower case
            if any(text.startswith(f" {head}", e) and s < pos for s, e in org.mentions):
                return f"{org.name} {head}"
        if head in _BODIES:
            recent = [
                (max((s for s, _ in o.mentions if s < pos), default=-1), o.name)
                for o in reg.orgs.values()
                if not o.media
                and o.mentions
                # "the company said" is no union, ministry or police force
                and not (head in _BUSINESS and _not_business(o.name))
            ]
            # "the group said": an organisation named a few paragraphs back at most.
            recent = [r for r in recent if r[0] >= 0 and pos - r[0] <= _GENERIC_REACH]
            if recent:
                return max(recent)[1]
            return self._lone_subject(pos)
        if head in _STATE_BODIES:
            # "China's foreign ministry also weighed in. “...,” the ministry said": the body as
            # the text wrote it, owned by the name before it.
            owned = None
            for om in _OWNED_BODY.finditer(text, max(0, pos - _GENERIC_REACH), pos):
                if om.group(2) == head:
                    owned = om.group(1)
            if owned:
                return " ".join(owned.replace("’", "'").split())
        if head in _BODY_HEADS:
            # "The Ridgeport Police Officers Association, which had criticized the search, said
            # ... . “...,” the union said": a body of that kind the sentence before is about,
            # whatever its name calls it.
            subject = self._sentence_subject(pos, "organization")
            if subject and not reg.orgs[subject].media and head not in subject.lower().split():
                return subject
        return None

    def _lone_subject(self, pos: int) -> str | None:
        """ "Examplesoft has rushed out a fix. ... “...,” the company said": a one-word name
        opening a sentence as its subject, which the registry could not type, is the
        organisation "the company" means when no organisation is named near."""
        reg = self.reg
        text = reg.text
        found = None
        lo = max(0, pos - _GENERIC_REACH)
        # "Shares of Quillmart fell. Quillmart's chief executive said ...": only a business
        # has shares and a chief executive, whatever it is called.
        matches = [*_LONE_SUBJECT.finditer(text, lo, pos), *_BUSINESS_OWNER.finditer(text, lo, pos)]
        for m in sorted(matches, key=lambda m: m.start()):
            word = m.group(1) or m.group(2)
            words = word.split()
            if len(words) > 1 and (
                # "Valmora Shipping cut 200 jobs": a name of two or three words, none of them
                # a given name, a place or a word that opens sentences, and no one's name
                any(
                    w.lower() in lx.STOP_CAPS or w.lower() in lx.COUNTRIES or common_word(w)
                    for w in words[:1]
                )
                or words[0].lower() in lx.FIRST_NAMES
                or any(reg.names_someone(w) for w in words)
                or any(w.lower() in lx.PLACE_WORDS for w in words)
                or len(_QUOTE_CHARS.findall(text, max(0, m.start() - 400), m.start())) % 2
            ):
                continue
            if len(words) > 1:
                found = word
                continue
            if (
                word.lower() in lx.STOP_CAPS
                or word.lower() in lx.FIRST_NAMES
                or word.lower() in DETERMINERS
                or word.lower() in lx.COUNTRIES
                or reg.names_someone(word)
                or common_word(word)
                or len(_QUOTE_CHARS.findall(text, max(0, m.start() - 400), m.start())) % 2
            ):
                continue
            found = word
        return found

    def _inside_quote(self, start: int, end: int, pos: int) -> bool:
        """Is text[start:end] inside quotation marks (double, or British single ones)?"""
        text = self.reg.text
        ps = text.rfind("\n", 0, start) + 1
        # The double marks before the name in its paragraph, in order: “ opens, ” closes, a
        # straight one turns (mixed marks happen: "I prefer Roe,” he said).
        inside = None
        for m in _DOUBLE_MARK.finditer(text, ps, start):
            mark = m.group()
            inside = mark == "“" if mark != '"' else not inside
        if inside is not None:
            return inside
        # ‘Mrs Selby ran errands,’ she said: single marks, as British style has them (an
        # apostrophe inside or after a word is no closing mark)
        o = text.rfind("‘", ps, start)
        if o >= 0 and not _SINGLE_CLOSE.search(text, o + 1, start):
            if _SINGLE_CLOSE.search(text, end, pos):
                return True
        return False

    def _reporting_person(self, lo: int, pos: int, keys: set[str]) -> str | None:
        """The one person in text[lo:pos] named as the subject of a speech verb."""
        reg = self.reg
        text = reg.text
        found: set[str] = set()
        i = bisect_left(self._mention_starts, pos) - 1
        while i >= 0 and reg.mentions[i].start >= lo:
            mm = reg.mentions[i]
            i -= 1
            if mm.kind != "person" or mm.key not in keys:
                continue
            # Only names outside quotation marks: count the quote marks before it.
            if len(_QUOTE_CHARS.findall(text, lo, mm.start)) % 2:
                continue
            after = _REPORTED_AFTER.match(text, mm.end, pos)
            if after and text[mm.end] == "," and not text.endswith(", ", 0, mm.start):
                after = None  # "... for the mayor, said Quill": the name after the verb speaks
            if not after and mm.subject and text.startswith(",", mm.end):
                after = _APPOSED_REPORTED.match(text, mm.end, pos)
            before = _REPORTED_BEFORE.search(text, max(lo, mm.start - 60), mm.start)
            if before and before.group("role") and before.group("role") not in _ROLE_WORDS:
                before = None  # "Roe said he backed King": King is no speaker
            if before and _PRONOUN_BEFORE.search(text, max(lo, before.start() - 8), before.start()):
                before = None  # "He said Mateen had not ...": the verb has its own subject
            if after and _SUBORDINATE_BEFORE.search(text, max(lo, mm.start - 12), mm.start):
                after = None  # "Ryan did not exude confidence when Tapper asked": Ryan's
            if after or before:
                found.add(mm.key)
        return found.pop() if len(found) == 1 else None

    def _pronoun(
        self, gender: str, pos: int, depth: int = 0, exclude: str | None = None
    ) -> str | None:
        """Most recent compatible person, preferring subjects and the last speaker; never
        ``exclude``, the one the sentence says is spoken to."""
        reg = self.reg
        lo = pos - 1500
        cands: list[tuple[Mention, str]] = []
        seen: set[str] = set()
        # "Stung by Roe's remarks and encouraged by Quill, he ...": the names a phrase
        # fronted before the pronoun has after a preposition are not whom it means (but
        # "When Roe unveiled the plan, he ...": that clause's subject may be).
        fronted = reg.layout.sentence_start(pos)
        if not reg.text[fronted:pos].rstrip().endswith(","):
            fronted = pos
        i = bisect_left(self._mention_starts, pos) - 1
        while i >= 0 and reg.mentions[i].start >= lo:
            mm = reg.mentions[i]
            i -= 1
            if mm.kind != "person" or mm.key in seen or mm.key == exclude:
                continue
            if (
                mm.start >= fronted
                and not mm.subject
                and PREPOSITION_BEFORE.search(reg.text, max(0, mm.start - 12), mm.start)
            ):
                continue
            # “...Ms Roe knows it,” he said: a name inside quoted words is someone the
            # speaker talks about, not the speaker.
            if self._inside_quote(mm.start, mm.end, pos):
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
        described = self._described_antecedent(gender, pos)
        if described is not None:
            return described or None
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
        # "Dismayed by ... Roe's agenda, he's committed to the senator. “...,” he said":
        # the sentence before is about the same "he", named further back.
        if depth < 2 and prev_ss < ss and not _QUOTE_CHARS.search(reg.text, prev_ss, ss):
            chained = _SUBJECT_PRONOUN.match(reg.text, prev_ss, ss)
            if chained and chained.group(1).lower() == ("he" if gender == "m" else "she"):
                # (names in a fronted phrase, "inspired by Roe's agenda, he ...", are not it)
                who = self._pronoun(gender, chained.start(1), depth + 1)
                if who:
                    return who
        # "Judge Moss saw the defendant's words differently: “...,” he said": the subject of the
        # quote's own sentence, before a name the sentence goes on to mention.
        own = [
            c
            for c in cands
            if c[0].subject
            and ss <= c[0].start < pos
            and "," not in _QUOTE_CHARS.split(reg.text[c[0].end : pos], 1)[0]
        ]
        if own:
            return own[0][0].key
        known = [c for c in cands if c[1] == gender]
        # "The plan would fail, Roe said. “...,” he said": a person reported as speaking
        # in the sentence before (outside any quotation) outranks its grammatical subject.
        reporter = self._reporting_person(prev_ss, pos, {c[0].key for c in cands})
        if reporter:
            return reporter
        # "..., the campaign manager said he needed to ask first. “...,” he told the AP": a
        # role reported speaking, held by one of the candidates.
        for dm in _ROLE_REPORTING.finditer(reg.text, prev_ss, ss):
            if dm.group(2) in lx.ROLE_NOUNS:
                holder, kind = self._noun_phrase(dm.group(1), dm.start(1))
                if kind == "person" and holder and any(c[0].key == holder for c in cands):
                    return holder
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
                # (of the pronoun's gender, or of none the text gives: "Republican pollster
                # Whit Ayres ... is skeptical. “...,” he said" after Jo Podesta was quoted)
                for c in cands
                if (c[1] == gender or self._named_with_a_role(c[0].key))
                and c[0].subject
                and self.last_person[1] < c[0].start < pos
                and c[0].key != self.last_person[0]
            ]
            if len({c[0].key for c in newer}) == 1:
                return newer[0][0].key
        if self.last_person and any(c[0].key == self.last_person[0] for c in cands):
            if pos - self.last_person[1] < 800:
                return self.last_person[0]
        subjects = [c for c in cands if c[0].subject]
        if subjects and not cands[0][0].subject and prev_ss > 0:
            # "Sanders and his aides have reminded Democrats that he will stop Trump. ... .
            # “...,” he asserted": a subject of the last sentences outranks a name they
            # only mention.
            back = layout.sentence_start(max(0, prev_ss - 2))
            top_subject = subjects[0][0]
            opening = reg.text[layout.sentence_start(top_subject.start) : top_subject.start]
            if (
                top_subject.start >= back
                and subjects[0][1] == gender
                # (a name opening its sentence, a title or an opener ending in a comma at
                # most before it: a subject indeed; "At the same time, Roe and his aides")
                and (
                    all(w[:1].isupper() for w in opening.split())
                    or _OPENER_PHRASE.fullmatch(opening) is not None
                )
            ):
                return top_subject.key
        if len(known) == 1 and all(c[1] for c in cands):
            return known[0][0].key
        if subjects and subjects[0] is cands[0]:
            return cands[0][0].key
        if known and known[0] is cands[0]:
            return cands[0][0].key
        return None


# A short opener before a sentence's subject: "At the same time, ", "On Monday, ".
_OPENER_PHRASE = re.compile(r"(?:[A-Z][\w’']*)(?:\s+[\w’']+){0,4},\s+")

_TRADE_HEADS = lx.BUSINESS_HEADS | lx.MEDIA_HEADS
# "Roe’s office", "Jane Roe's office": a person's office, by the name before it.
_OWNER_OFFICE = re.compile(r"(?:[Tt]he\s+)?([A-Z][\w\-]+(?: [A-Z][\w\-]+){0,2})[’']s office")
# A noun phrase owned by a name: "Roe’s campaign", "Jane Roe's office".
_NAMED_OWNER = re.compile(r"(?:[A-Z][\w\-]+\s+){0,2}[A-Z][\w\-]+[’']s\s+[a-z]")
# The voice of an advertisement: "a narrator", "the announcer", "a voice-over".
_NARRATOR = re.compile(
    r"(?:a|an|the)\s+(?:[\w\-]+\s+)?(?:narrator|announcer|voice[- ]?over|voiceover)"
)
_AD_WORD = re.compile(r"\b(?:ad|ads|advert|advertisement|commercial|spot)\b")
# Who an ad comes from, after the word: "a buy from the Example Fund", "paid for by Roe".
_AD_FROM = re.compile(
    r"\b(?:from|by|for)\s+((?:the\s+)?[A-Z][\w&’'.\-]*(?:\s+(?:of\s+)?[A-Z][\w&’'.\-]*){0,5})"
)
_AD_HEADS = frozenset({"ad", "ads", "advertisement", "commercial", "spot", "mailer"})
_AD_FILLERS = frozenset({"a", "an", "the", "one", "another", "new", "latest", "first"})
# Documents a body puts out under its own name ("a Valmora Port Authority report").
_OWNED_DOCUMENTS = lx.DOCUMENT_HEADS | {"report", "study", "survey", "audit", "review", "analysis"}
_DOCUMENT_FILLERS = _AD_FILLERS | {"recent", "internal", "final", "draft", "annual"}


_ABBREVIATED = {
    "sen": "senator",
    "rep": "representative",
    "gov": "governor",
    "gen": "general",
    "lt": "lieutenant",
    "sgt": "sergeant",
    "det": "detective",
    "insp": "inspector",
    "supt": "superintendent",
    "capt": "captain",
    "prof": "professor",
    "dr": "doctor",
}
# Offices one person rarely holds two of at once: "the candidate" is not the mayor.
_OFFICES = frozenset(
    """candidate nominee senator governor mayor president minister premier chancellor
    congressman congresswoman representative ambassador commissioner sheriff judge host
    anchor coach""".split()
)


# "Rep. Jo Roe (D-Ohio)", "Sen. Al Quist (R-S.C.)": a US party tag right after a name.
# "Republican nominee ", "Democratic Sen. ", "GOP ": a party before a name, the role between
_PARTY_BEFORE = re.compile(
    r"\b(Republican|Democrat|Democratic|GOP)\s+(?:[a-z\-]+\s+){0,2}(?:[A-Z][a-z]*\.?\s+)?$"
)
# ", of Texas" or " from New York" right after a name
_OF_STATE = re.compile(r",?\s+(?:of|from)\s+([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\b")
_PARTY_AFTER = re.compile(
    r",?\s*(?:\(\s*([RDI])\s*(?:[-–]\s*([A-Z][A-Za-z.]*(?:\s[A-Z][A-Za-z.]*)?))?\s*\)"
    r"|([RDI])[-–]([A-Z][A-Za-z.]*(?:\s[A-Z][A-Za-z.]*)?)\b)"
)
# Kinds of body whose names need not say so: a union called "... Steelworkers of America".
_BODY_HEADS = frozenset({"union", "association", "federation", "coalition", "alliance", "league"})
_POSSESSIVES = frozenset({"his", "her", "their"})
# Words of a description that names a place or a public body, never a person.
# Those who put questions to the person a story is about: never that person.
_ASKERS = frozenset({"moderator", "interviewer", "questioner", "reporter", "host", "anchor"})
_PLACES_AND_BODIES = lx.PLACE_WORDS | {
    "council",
    "government",
    "ministry",
    "department",
    "agency",
    "company",
    "committee",
}
# "a nurse at Westfell General", "one worker with Quillmart": an unnamed member of a body.
_UNNAMED_MEMBER = re.compile(
    r"(?:[Aa]n?|[Oo]ne|[Aa]nother)\s+(?:[a-z\-]+\s+){0,2}?("
    + "|".join(sorted(_PERSON_NOUNS - {"head", "chief", "president", "chairman", "chairwoman"}))
    + r")\s+(?:at|with|from|in|for)\s+[A-Z]"
)


def _other_office(role: str, head: str) -> bool:
    """Does a person's role name an office, and not the one ``head`` ("candidate") names?
    "Mayor Odo Brenn ... the party's candidate said": the mayor is not meant."""
    if head not in _OFFICES:
        return False
    words = {_ABBREVIATED.get(w, w) for w in re.findall(r"[a-z]+", role.lower())}
    offices = words & _OFFICES
    return bool(offices) and head not in words


# Nouns an epithet ends in ("the gambling tycoon") that no role or suffix gives away.
_EPITHET_NOUNS = frozenset(
    """tycoon magnate mogul billionaire millionaire hopeful veteran star icon legend native
    incumbent president resident student assistant consultant immigrant defendant""".split()
)
# Epithets news gives the person a story is about ("the Republican presidential candidate",
# "the billionaire businessman").
_LEAD_EPITHETS = frozenset(
    """candidate nominee front-runner frontrunner hopeful contender challenger incumbent
    billionaire businessman businesswoman mogul tycoon magnate star celebrity politician
    outsider populist firebrand""".split()
)
_PERSON_SUFFIXES = ("er", "or", "ist", "ian", "eon", "man", "woman")
# "the Texan", "the New Yorker", "the Ohioan": a person by where they are from.
_DEMONYM = re.compile(r"the (?:[A-Z][a-z]+ )?[A-Z][a-z]+(?:an|er|ite|ese)")


def _epithet_head(m: str) -> bool:
    """Whether a description reads as words for one person ("the retired surgeon", "the
    former Republican candidate"), not a thing or a place ("the paradox of Nancy", "the New
    York", "the prime minister's schedule")."""
    words = m.split()
    head = words[-1]
    if not head.isalpha() or not head.islower() or any(w in ("of", "to") for w in words):
        return False
    if any(w.endswith(("’s", "'s")) for w in words):
        return False
    return head in _PERSON_NOUNS or head in _EPITHET_NOUNS or head.endswith(_PERSON_SUFFIXES)


def _is_person_name(words: list[str]) -> bool:
    """Does a capitalised pair read as a person's name (a known given name first)?"""
    return words[0].lower() in lx.FIRST_NAMES


def _opens_clause(before: str, after: str) -> bool:
    """Does a name with ``before`` ahead of it in its sentence open the sentence (titles and
    a short opener ending in a comma allowed: "Mayor Jane Roe", "On Monday, Jane Roe")?"""
    if after in ("’s", "'s"):
        return False
    words = before.split()
    while words and words[-1][:1].isupper():
        words.pop()
    return not words or (words[-1].endswith(",") and len(words) <= 6)


def _strip_det(m: str) -> str:
    parts = m.split(None, 1)
    if len(parts) == 2 and parts[0].lower() in DETERMINERS:
        return parts[1]
    return m
