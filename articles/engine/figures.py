"""Figures: numbers with what they count ("more than 66,000 people in the first 100 days").

Each number is read with its currency or percent sign, scale word ("1.2 billion"), the noun it
counts, a rate ("per day", "a day", "daily"), a period ("in the first 100 days"), a qualifier
("at least") and a kind ("target" near goal/objective words, "average" near average). Years,
dates, times, ordinals and ages are skipped.
"""

from __future__ import annotations

import re

from articles.engine import lexicon as lx
from articles.engine.text import alternation, first_letter, may_end_with, occurrences
from articles.engine.types import Figure, new_figure

_SMALL = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "dozen": 12,
}
_SCALES = {
    "hundred": 1e2,
    "thousand": 1e3,
    "million": 1e6,
    "billion": 1e9,
    "trillion": 1e12,
    "bn": 1e9,
    "m": 1e6,
    "k": 1e3,
    "mn": 1e6,
}
_CURRENCY = {"$": "USD", "US$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"}
_WORD_NUM = alternation([*_SMALL, "hundred", "thousand", "million", "billion"])

_NUMBER = re.compile(
    rf"""
    (?<![\w.,\-/:])
    # Cheap check first: a digit, a currency sign or a whole spelled number.
    (?=[\d$€£¥]|US\$|(?:a\s+)?(?:{_WORD_NUM})\b)
    (?P<cur>US\$|\$|€|£|¥)?\s?
    (?:
      (?P<num>\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?)
      |
      (?P<words>(?:a\s+)?(?:{_WORD_NUM})(?:(?:[\s\-]+|\s+and\s+)(?:{_WORD_NUM}))*)
    )
    (?:\s?(?P<scale>hundred|thousand|million|billion|trillion|bn|mn|m|k)\b)?
    (?P<pct>\s?%|\s+per\s?cent\b|\s+percent\b)?
    (?![\w]|[.,]\d)
    """,
    re.VERBOSE | re.IGNORECASE,
)
# Where a figure can start: a digit (``\d``, any script's) or a currency sign ("US$" two
# characters before its sign), or a spelled number (with "a" before it: "a dozen").
# ``_NUMBER`` is tried only there. Trying it at every character of the text cost as much as
# all the rest of reading figures.
_NUMBER_WORDS = (*_SMALL, "hundred", "thousand", "million", "billion")
# (A word that starts with another, "seventeen" with "seven", is found by that one.)
_NUMBER_WORD_BYTES = tuple(
    w.encode("ascii")
    for w in _NUMBER_WORDS
    if not any(v != w and w.startswith(v) for v in _NUMBER_WORDS)
)
_ASCII_STARTS = tuple(c.encode("ascii") for c in "0123456789$")  # the ASCII digits and signs
_US = re.compile(r"US", re.IGNORECASE)
# Characters that ``re.IGNORECASE`` matches with an ASCII letter of a number word ("ſ" with
# "s", "ı" with "i") or whose lower case is longer ("İ"): with any of them, the finding of
# spelled numbers by plain string search is not exact, so the whole regex scan is used.
_CASE_TRAPS = ("ſ", "ı", "İ", "\u212a")


def _number_matches(text: str):
    """``_NUMBER.finditer(text)``, trying the pattern only where a figure can start."""
    if any(c in text for c in _CASE_TRAPS):
        yield from _NUMBER.finditer(text)
        return
    # The text as bytes, one per character (any other than ASCII is "?"), searched with
    # ``bytes.find``: far cheaper than a pattern's search or ``str.find`` in a text with curly
    # quotes, and the same places (spelled numbers are ASCII; none of the case traps is here).
    raw = text.encode("ascii", "replace")
    starts = set(occurrences(raw, _ASCII_STARTS))
    for q in occurrences(raw, (b"?",)):
        c = text[q]
        if c != "?" and (c in "€£¥" or c.isdecimal()):  # a currency sign or a digit (\d)
            starts.add(q)
    starts.update(p - 2 for p in [p for p in starts if text[p] == "$"] if _US.match(text, p - 2))
    low = raw.lower()
    for q in occurrences(low, _NUMBER_WORD_BYTES):
        starts.add(q)
        j = q
        while j > 0 and text[j - 1].isspace():
            j -= 1
        if j < q and j > 0 and text[j - 1] in "aA":
            starts.add(j - 1)  # "a dozen", "a hundred"
    match = _NUMBER.match
    end = 0
    for p in sorted(starts):
        if p < end:
            continue
        m = match(text, p)
        if m is not None:
            yield m
            end = m.end()


_QUALIFIERS = (
    "more than",
    "over",
    "at least",
    "nearly",
    "almost",
    "about",
    "around",
    "roughly",
    "approximately",
    "some",
    "up to",
    "fewer than",
    "less than",
    "a minimum of",
    "a maximum of",
    "an estimated",
    "as many as",
    "as much as",
    "just over",
    "just under",
    "close to",
    "upwards of",
    "under",
    "below",
    "above",
    "exceeding",
    "an average of",
    "on average",
)
# A trie of them (no two can end at the same place from one start, so their order is free).
_QUALIFIER = re.compile(
    rf"{first_letter(_QUALIFIERS)}({alternation(_QUALIFIERS)})\s+$", re.IGNORECASE
)
_QUALIFIER_ENDS = tuple({q.split()[-1] for q in _QUALIFIERS})
_DIMENSIONS = frozenset({"cubic", "square"})
_TIME_UNITS = frozenset({"minute", "hour", "day", "week", "month", "year", "decade"})
_OFFSET_AFTER = re.compile(r"[ \t]+(?:after|before|ago|later|earlier|from now)\b", re.I)
_OFFSET_BEFORE = re.compile(r"\bwithin[ \t]+(?:the[ \t]+next[ \t]+)?$", re.I)
_ADJ = frozenset(
    """more new additional extra other fewer illegal undocumented registered young small large
    major senior local full-time part-time armed unarmed active former current confirmed
    reported suspected known estimated total daily annual""".split()
)
_NOT_UNIT = frozenset(
    """of in on at to a an the and or by for from with per than is are was were be been has
    have had will would could should may might last this that these those since ago before
    after until more less as but if so then there here it its their his her our your my who
    which what when where while during over under up down out into onto between among it's
    year-old years-old percent per-cent o'clock""".split()
)
_PER = re.compile(
    r"(?:\s+[\w’'\-]+){0,3}?\s+(?:(?:per|a|an|each|every)\s+(?P<p>day|week|month|year|hour|"
    r"minute|second|night|quarter|person|capita)\b|(?P<adv>daily|weekly|monthly|annually|"
    r"yearly|hourly|nightly|per\s+annum)\b)",
    re.IGNORECASE,
)
_ADV_PER = {
    "daily": "day",
    "weekly": "week",
    "monthly": "month",
    "annually": "year",
    "yearly": "year",
    "hourly": "hour",
    "nightly": "night",
    "per annum": "year",
}
_PERIOD = re.compile(
    rf"(?:\s+[\w’'\-]+){{0,3}}?\s+(?:in|over|during|within|across)\s+(?:the\s+)?"
    rf"(?:(?:first|past|last|next|previous|coming)\s+)?"
    rf"(?P<n>\d[\d,]*|{_WORD_NUM})\s+(?P<u>days|weeks|months|years|hours|decades)\b",
    re.IGNORECASE,
)
_UNIT = re.compile(r"\s+([A-Za-z][\w’'\-]*)")
_TIME_AFTER = re.compile(
    r"^\s*(?:a\.m\.|p\.m\.|am\b|pm\b|o[’']clock|GMT|BST|UTC|:\d"
    r"|in the (?:morning|afternoon|evening))",
    re.IGNORECASE,
)
_MONTH_RE = re.compile(r"\b(?:" + "|".join(lx.MONTHS) + r")\.?\s*$", re.IGNORECASE)
_MONTH_ENDS = tuple(lx.MONTHS)
_MONTH_AFTER = re.compile(r"^\s*(?:" + "|".join(lx.MONTHS) + r")\b", re.IGNORECASE)
_AGE_AFTER = re.compile(r"^-?\s?(?:year|month|week|day)s?[-\s]old\b", re.IGNORECASE)
# Words that make a figure a target, an average, or a running total or wider scope ("so far",
# "since it opened", "worldwide"). Each list is one pattern of whole words, ignoring case.
_TARGET_PHRASES = (
    "target",
    "targets",
    "goal",
    "goals",
    "objective",
    "objectives",
    "aim",
    "aims",
    "aiming",
    "want",
    "wants",
    "wanted",
    "push for",
    "quota",
    "looking for",
    "seeking",
    "seeks",
    "demand",
    "demanding",
    "plan to",
    "plans to",
    "hope to",
    "hopes to",
    "reach",
)
_AVERAGE_PHRASES = ("average", "averages", "averaged", "on average", "mean")
_TOTAL_PHRASES = (
    "so far",
    "to date",
    "in total",
    "in all",
    "all told",
    "altogether",
    "cumulative",
    "cumulatively",
    "since",
    "worldwide",
    "globally",
    "nationwide",
    "across the country",
    "across the world",
    "across the nation",
)
# (At any one place at most one phrase of a list is a whole word, so the order is free.)
_TARGET_WORDS = re.compile(rf"\b(?:{alternation(_TARGET_PHRASES)})\b", re.IGNORECASE)
_AVERAGE_WORDS = re.compile(rf"\b(?:{alternation(_AVERAGE_PHRASES)})\b", re.IGNORECASE)
_TOTAL_WORDS = re.compile(rf"\b(?:{alternation(_TOTAL_PHRASES)})\b", re.IGNORECASE)


def _may_hold(text: str, phrases: tuple[str, ...]) -> bool:
    """Whether ``text`` may hold one of ``phrases``, ignoring case: an ASCII text only if its
    lower case has one as a substring (a quick test before the pattern); any other text, yes
    (Unicode case folding matches more than lower case does)."""
    if not text.isascii():
        return True
    return any(map(text.lower().__contains__, phrases))


def _last_end(rx: re.Pattern, phrases: tuple[str, ...], text: str) -> int:
    """Where the last of ``rx``'s matches in ``text`` ends, or -1."""
    if not _may_hold(text, phrases):
        return -1
    return max((x.end() for x in rx.finditer(text)), default=-1)


_YEAR_IN = re.compile(r"\b(?:in|during|for|of|throughout)\s+((?:18|19|20)\d\d)\b(?![,.]?\d)")
# "go up to $3.25": the "up" belongs to the verb, the figure is not a ceiling.
_MOTION_BEFORE = re.compile(
    r"\b(?:go|goes|going|gone|went|move|moves|moved|moving|shoot|shoots|shot)\s+$",
    re.IGNORECASE,
)
_MAGNITUDE_BEFORE = re.compile(r"\bmagnitude\s+$", re.IGNORECASE)
_MAGNITUDE_AFTER = re.compile(r"^-?magnitude\b", re.IGNORECASE)
# "item No. 5", "#3", "COVID-19": a label's number, not a count.
# A capitalised word right before a number ("Pier 9"), other than one opening a sentence
# with a qualifier ("About 40 ...") or a number's own words.
_NAME_BEFORE = re.compile(
    r"(?<![.!?]\s)(?<!^)\b(?!(?:About|Some|Nearly|Almost|Around|Over|Only|Just|At|The|All|Roughly|"
    r"Approximately|More|Fewer|Less|Up|Under|Another|Exactly|Precisely|By|In|On|To|And|Or|"
    r"Of|For|From|With)\b)[A-Z][a-z]+[ \t\u00a0]$"
)
_CODE_BEFORE = re.compile(r"[A-Za-z_][\w.]*\((?:[^()\s]+,\s*)?$")
_LABEL_BEFORE = re.compile(r"[A-Za-z]-$|\bNo\.\s*$|#\s*$")
_LABEL_ENDS = ("-", "No.", "#")  # what the text before a label's number ends with
_NAME_COMMA_BEFORE = re.compile(r"[A-Z][a-z]+,\s*$")
_COMMA_SPACE = re.compile(r",\s")
_CLAUSE_PUNCT = re.compile(r"[,.;:]")
_ALL_BUT_BEFORE = re.compile(r"\ball but\s+$", re.IGNORECASE)
_WORD_SPLIT = re.compile(r"[\s\-]+")
_AND_GAP = re.compile(r"\s+and\s+")
_BETWEEN_BEFORE = re.compile(r"\bbetween\s+$", re.IGNORECASE)


def _words_value(words: str) -> float | None:
    total = 0.0
    current = 0.0
    for w in _WORD_SPLIT.split(words.lower()):
        if w in ("a", "and", ""):
            if w == "a":
                current = 1.0
            continue
        if w == "dozen":
            current = (current or 1) * 12  # "a dozen" is 12, "two dozen" 24
        elif w in _SMALL:
            current += _SMALL[w]
        elif w == "hundred":
            current = (current or 1) * 100
        elif w in ("thousand", "million", "billion"):
            total += (current or 1) * _SCALES[w]
            current = 0.0
    value = total + current
    return value or None


def _sentence(text: str, start: int, end: int) -> str:
    """The sentence around ``text[start:end]`` (split at ". ", "? ", "! " and newlines)."""
    lo, hi = max(0, start - 300), min(len(text), end + 300)
    left = max(
        lo - 1,
        text.rfind(". ", lo, start),
        text.rfind("? ", lo, start),
        text.rfind("\n", lo, start),
    )
    found = (text.find(". ", end, hi), text.find("? ", end, hi), text.find("\n", end, hi))
    right = min((i for i in found if i >= 0), default=hi)
    return text[left + 1 : right]


def _sentence_before(text: str, pos: int, span: int = 120) -> str:
    seg = text[max(0, pos - span) : pos]
    cut = max(seg.rfind(". "), seg.rfind("\n"), seg.rfind("? "), seg.rfind("! "))
    return seg[cut + 1 :]


# What happened to what a figure counts, word form -> outcome: "four people were injured",
# "killed 26 people", "left 14 vessels stranded". Counts of different outcomes are different
# quantities ("three rescued", "four injured"), however alike their units.
_OUTCOMES = {
    "killed": ("killed", "killing", "dead", "died", "perished", "fatalities", "deaths"),
    "injured": ("injured", "injuring", "hurt", "wounded", "wounding", "injuries"),
    "rescued": ("rescued", "rescuing", "saved"),
    "evacuated": ("evacuated", "evacuating"),
    "missing": ("missing", "unaccounted"),
    "arrested": ("arrested", "arresting", "detained", "detaining"),
    "charged": ("charged", "indicted", "convicted"),
    "displaced": ("displaced", "homeless"),
    "destroyed": ("destroyed", "destroying", "razed", "flattened"),
    "damaged": ("damaged", "damaging"),
    "hospitalised": ("hospitalised", "hospitalized"),
    "stranded": ("stranded", "trapped"),
    "infected": ("infected",),
}
_OUTCOME_OF = {form: outcome for outcome, forms in _OUTCOMES.items() for form in forms}
_OUTCOME_WORD = alternation(list(_OUTCOME_OF))
# After the figure and its unit: "... were injured", "... who were badly hurt", "... stranded".
_OUTCOME_AFTER = re.compile(
    r"[ \t]+(?:(?:who|that)[ \t]+)?(?:(?:were|was|are|is|have|has|had|been|remain|remained|"
    r"left|got|being)[ \t]+){0,2}(?:[a-z]+ly[ \t]+)?(" + _OUTCOME_WORD + r")\b",
    re.IGNORECASE,
)
# Before it: "killed 26 people", "injuring four dockworkers", "the deaths of 12".
_OUTCOME_BEFORE = re.compile(
    r"\b" + first_letter(_OUTCOME_OF) + "(" + _OUTCOME_WORD + r")(?:[ \t]+(?:of|to))?[ \t]+$",
    re.IGNORECASE,
)
_OUTCOME_ENDS = (*_OUTCOME_OF, "of", "to")


def _outcome(text: str, start: int, end: int, unit: str) -> str:
    """What happened to what the figure at ``text[start:end]`` counts, or ``""``."""
    if unit.lower() in _OUTCOME_OF:
        return _OUTCOME_OF[unit.lower()]  # "40 hurt", "12 dead"
    after = _OUTCOME_AFTER.match(text, end, min(len(text), end + 50))
    if after:
        return _OUTCOME_OF[after.group(1).lower()]
    window = text[max(0, start - 30) : start]
    before = (
        _OUTCOME_BEFORE.search(text, max(0, start - 30), start)
        if window[-1:].isspace() and may_end_with(window, _OUTCOME_ENDS)
        else None
    )
    if before:
        return _OUTCOME_OF[before.group(1).lower()]
    return ""


def extract_figures(text: str) -> list[Figure]:
    """Figures in ``text``, in order."""
    figures: list[Figure] = []
    consumed_until = -1
    for m in _number_matches(text):
        if m.start() < consumed_until:
            continue
        cur, num, words = m.group("cur"), m.group("num"), m.group("words")
        scale, pct = m.group("scale"), m.group("pct")
        if words is not None:
            if words.lower().strip() in ("one", "a"):
                continue
            value = _words_value(words)
            if value is None:
                continue
        else:
            value = float(num.replace(",", ""))
            # Years and dates are not counts.
            if not (cur or scale or pct) and "," not in num and "." not in num:
                if 1800 <= value <= 2100 and len(num) == 4:
                    continue
        if scale:
            s = scale.lower()
            if s in ("m", "k") and not cur:
                continue  # "5 m" is more likely metres; keep only "$5m"
            value *= _SCALES[s]
        after = text[m.end() : m.end() + 40]
        before = text[max(0, m.start() - 30) : m.start()]
        if _TIME_AFTER.match(after) or _AGE_AFTER.match(after):
            continue
        # (Each pattern anchored at the end of ``before`` is tried only if its tail fits.)
        tail = before.rstrip()
        if num and (
            (may_end_with(tail.removesuffix("."), _MONTH_ENDS) and _MONTH_RE.search(before))
            or _MONTH_AFTER.match(after)
        ):
            continue
        if num and tail.endswith(_LABEL_ENDS) and _LABEL_BEFORE.search(before):
            continue
        if num and tail.endswith(("(", ",")) and _CODE_BEFORE.search(before):
            continue  # "alert(3)", "f(x, 2)": an argument in code, not a count
        if (
            num
            and after.startswith(",")
            and _NAME_COMMA_BEFORE.search(before)
            and _COMMA_SPACE.match(after)
        ):
            continue  # "Aisha Rahman, 34," is an age
        start, end = m.start(), m.end()
        while start < end and text[start].isspace():
            start += 1
        unit = ""
        if pct:
            unit = "%"
        elif cur:
            unit = _CURRENCY.get(cur, cur)
        pos = m.end()
        if not pct:
            um = _UNIT.match(text, pos)
            if um and um.group(1).lower() in _ADJ:
                um2 = _UNIT.match(text, um.end())
                if um2 and um2.group(1).lower() not in _NOT_UNIT:
                    um = um2
            if um:
                word = um.group(1).rstrip("’'").lower()
                if word.endswith(("’s", "'s")):
                    word = word[:-2]
                nm = _UNIT.match(text, um.end())
                nxt = nm.group(1).lower() if nm else ""
                if (
                    not word.endswith("s")
                    and word not in _NOT_UNIT
                    and word.isalpha()
                    and len(nxt) > 3
                    and nxt.endswith("s")
                    and not nxt.endswith("ss")
                    and nxt.isalpha()
                    and nxt not in _NOT_UNIT
                    and nm is not None
                    and not nm.group(1)[:1].isupper()
                ):
                    # "750 union members", "500 affordable homes": the plural noun is counted;
                    # "2.4 million cubic metres": a measure keeps its dimension.
                    um, word = nm, f"{word} {nxt}" if word in _DIMENSIONS else nxt
                if (
                    word not in _NOT_UNIT
                    and word not in _SCALES
                    and not word.endswith("ly")
                    and word.replace(" ", "").isalpha()
                    and not um.group(1)[:1].isupper()
                ):
                    if not cur:  # "$5 fine": the currency stays the unit
                        unit = word
                    end = pos = um.end()
        if _MAGNITUDE_BEFORE.search(text[max(0, start - 20) : start]) or _MAGNITUDE_AFTER.match(
            after
        ):
            unit = "magnitude"  # "a 5.8-magnitude earthquake", "magnitude 6.1 quake"
            mm = _MAGNITUDE_AFTER.match(after)
            if mm:
                end = max(end, m.end() + mm.end())
        if words is not None and not unit:
            continue  # "two of them", "since six": spelled numbers need a counted noun
        if unit.rstrip("s") in _TIME_UNITS and (
            _OFFSET_AFTER.match(text, end) or _OFFSET_BEFORE.search(text, max(0, start - 12), start)
        ):
            continue  # "eight days after", "within 90 days", "two years ago": when, not how many
        if num and not (unit or scale) and _NAME_BEFORE.search(text, max(0, start - 30), start):
            continue  # "Pier 9", "Route 66", "Terminal 5": a name's number, not a count
        per = ""
        pm = _PER.match(text, pos, min(len(text), pos + 50))
        if pm and not _CLAUSE_PUNCT.search(text, pos, pm.end()):
            per = (pm.group("p") or _ADV_PER.get(pm.group("adv").lower(), "")).lower()
            end = pos = pm.end()
        period = ""
        qm = _PERIOD.match(text, pos, min(len(text), pos + 60))
        if qm:
            period = f"{qm.group('n')} {qm.group('u').lower()}"
            end = qm.end()
            consumed_until = end
        qualifier = ""
        window = text[max(0, start - 25) : start]
        qb = (
            _QUALIFIER.search(text, max(0, start - 25), start)
            if window[-1:].isspace() and may_end_with(window, _QUALIFIER_ENDS)
            else None
        )
        if qb and not (
            qb.group(1).lower() == "up to"
            and _MOTION_BEFORE.search(text[max(0, qb.start(1) - 20) : qb.start(1)])
        ):
            qualifier = qb.group(1).lower()
            start = qb.start(1)
        low = None
        if figures and not figures[-1].unit and not figures[-1].qualifier:
            prev = figures[-1]
            if _AND_GAP.fullmatch(text, prev.end, start) and _BETWEEN_BEFORE.search(
                text[max(0, prev.start - 10) : prev.start]
            ):
                # "between 40 and 50 patients" is one figure, a range.
                figures.pop()
                low, start = prev.value, prev.start
        kind = ""
        ctx = _sentence_before(text, start)
        last_t = _last_end(_TARGET_WORDS, _TARGET_PHRASES, ctx)
        last_a = _last_end(_AVERAGE_WORDS, _AVERAGE_PHRASES, ctx)
        if qualifier in ("an average of", "on average"):
            last_a = len(ctx) + 1
        if last_a > last_t:
            kind = "average"
        elif last_t >= 0:
            kind = "target"
        if _ALL_BUT_BEFORE.search(text[max(0, start - 12) : start]):
            kind = "remainder"  # "all but 4,000 households": what is left, not the total
        sentence = _sentence(text, start, end)
        if not kind and _may_hold(sentence, _TOTAL_PHRASES) and _TOTAL_WORDS.search(sentence):
            kind = "total"
        years = (
            {y.group(1) for y in _YEAR_IN.finditer(sentence)}
            if "18" in sentence or "19" in sentence or "20" in sentence  # a year's first digits
            else set()
        )
        year = years.pop() if len(years) == 1 else ""
        figures.append(
            new_figure(  # (every field of a Figure, in order)
                text[start:end],  # text
                start,
                end,
                float(value),  # value
                unit,
                per,
                period,
                qualifier,
                kind,
                year,
                low,
                _outcome(text, start, end, unit),  # event
            )
        )
    return figures
