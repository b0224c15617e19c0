"""Text features shared by the connect engine: tokens, names, numbers and dates
(their weights are `articles.engine.weights`).

Everything here is deliberately small and dependency-free so grouping, quote matching and
evidence finding agree on what a "term" is. The stemmer is a light suffix stripper, not
Porter: news text needs "arrests/arrested/arrest" and "signs/signed/signing" to meet, and a
few wrong conflations cost far less than a heavyweight dependency.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date, datetime, timedelta
from functools import lru_cache

from articles.engine.text import occurrences

STOPWORDS = frozenset(
    """
    a about above after again against all also am an and any are as at be because been before
    being below between both but by can could did do does doing down during each either else
    ever every few for from further had has have having he her here hers herself him himself his
    how i if in into is it its itself just may me might more most must my myself no nor not now
    of off on once only or other our ours ourselves out over own per same she should so some
    such than that the their theirs them themselves then there these they this those through to
    too under until up upon very was we were what when where which while who whom why will with
    within without would you your yours yourself yourselves said says say saying told tell
    according report reported reports reporting mr mrs ms dr one two three four five six seven
    eight nine ten new last first next since around among via like still yet however whose
    week weeks day days today yesterday tomorrow tonight year years month months time times
    monday tuesday wednesday thursday friday saturday sunday morning afternoon evening night
    january february march april june july august september october november december
    """.split()
)

# The time stamps of a web page's dateline ("Posted: Nov. 5, 2012 3:12 PM EST", "Last Updated:
# Fri, 28 Oct 2011 02:24 GMT") are capitalised but name no one: taken for names, they tie
# together every story of one site. Month and weekday abbreviations that are also names ("Jan",
# "Sun") are left to be names.
_STAMP_WORDS = frozenset(
    """
    posted updated published am pm gmt utc bst est edt cst cdt mst mdt pst pdt cet cest
    feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat
    """.split()
)

# Words that are capitalised in news but are not names of people or organisations.
_NOT_NAMES = (
    STOPWORDS
    | _STAMP_WORDS
    | frozenset(
        """
    mayor president senator sen rep gov governor minister secretary chief judge justice officer
    officials official police captain coach chairman chairwoman chair ceo director deputy
    spokesman spokeswoman spokesperson prime general lt col sgt st mt detective inspector
    superintendent sergeant constable councillor councilman councilwoman manager professor
    majority minority leader speaker ambassador commissioner chancellor king queen prince
    """.split()
    )
)

_TOKEN_RE = re.compile(r"[a-z0-9]+(?:['’][a-z]+)?(?:[.,]\d+)*")
_WORD_RE = re.compile(r"[A-Za-z][A-Za-z'’\-]*")
_NAME_RE = re.compile(
    r"(?<![\w'’])[A-Z][a-zA-Z'’\-]*(?:\.?\s+(?:(?:of|de|del|la|van|von|der|al|bin)\s+)?"
    r"[A-Z][a-zA-Z'’\-]*)*"
)
_SENTENCE_END_RE = re.compile(r"([.!?][\"”’']?)\s+(?=[\"“‘']?[A-Z0-9])|\n\s*\n")
_NUMBER_RE = re.compile(
    r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(\s*(?:million|billion|thousand|trillion|bn|m)\b)?",
    re.IGNORECASE,
)
_MULTIPLIERS = {
    "thousand": 1e3,
    "million": 1e6,
    "m": 1e6,
    "billion": 1e9,
    "bn": 1e9,
    "trillion": 1e12,
}

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = (
    "january february march april may june july august september october november december"
).split()
_MONTH_ABBR = {m[:3]: i + 1 for i, m in enumerate(MONTHS)} | {"sept": 9}
_DATE_RE = re.compile(
    r"\b(?:(?:(?<=on )|(?<=late )|(?<=early )|(?<=said )|(?<=since )|(?<=until )|(?<=by ))"
    r"(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"|(?P<wd2>monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"(?=(?:'s)? (?:morning|afternoon|evening|night)|'s\b)"
    r"|(?P<md_month>jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+"
    r"(?P<md_day>\d{1,2})(?:st|nd|rd|th)?\b"
    r"|(?P<dm_day>\d{1,2})(?:st|nd|rd|th)?\s+(?P<dm_month>jan|feb|mar|apr|may|jun|jul|aug|sep|"
    r"sept|oct|nov|dec)[a-z]*\b"
    r"|(?P<rel>yesterday|today|tonight|last night|this morning|earlier this week))",
    re.IGNORECASE,
)


def normalise_quotes(text: str) -> str:
    """Fold typographic quotes and dashes to ASCII so regexes see one alphabet."""
    return (
        text.replace("’", "'")
        .replace("‘", "'")
        .replace("“", '"')
        .replace("”", '"')
        .replace("–", "-")
        .replace("—", "-")
    )


@lru_cache(maxsize=1 << 16)  # a pure function of a word, asked for the same words all day
def stem(word: str) -> str:
    """Strip common English inflections ("arrests", "arrested" -> "arrest")."""
    w = word
    if len(w) <= 3 or w.isdigit():
        return w
    if w.endswith("'s"):
        w = w[:-2]
    if w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith(("sses", "shes", "ches", "xes", "zes")):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    if w.endswith("ing") and len(w) > 5:
        w = w[:-3]
    elif w.endswith("ied") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith("ed") and len(w) > 4:
        w = w[:-2]
    if len(w) > 4 and w[-1] == w[-2] and w[-1] not in "lsz":
        w = w[:-1]  # "planned" -> "plann" -> "plan"
    if w.endswith("e") and len(w) > 4:
        w = w[:-1]
    return w


def words(text: str) -> list[str]:
    """Lowercase word tokens, numbers kept as written ("3,000")."""
    return _TOKEN_RE.findall(normalise_quotes(text).lower())


def content_terms(text: str) -> list[str]:
    """Stemmed tokens without stopwords; numbers normalised to their value ("3,000" -> "3000")."""
    out = []
    for tok in words(text):
        if tok[0].isdigit():
            out.append(_number_key(tok))
            continue
        tok = tok.replace("’", "'")
        if tok in STOPWORDS or len(tok) < 2:
            continue
        s = stem(tok)
        if s not in STOPWORDS:
            out.append(s)
    return out


def _number_key(tok: str) -> str:
    try:
        value = float(tok.replace(",", ""))
    except ValueError:
        return tok
    return format_number(value)


def format_number(value: float) -> str:
    """A stable text key for a number: 3000.0 -> "3000", 2.5 -> "2.5"."""
    if value == int(value):
        return str(int(value))
    return f"{value:.6g}"


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans (start, end) in ``text``; paragraphs always end a sentence."""
    spans = []
    pos = 0
    for m in _SENTENCE_END_RE.finditer(text):
        end = m.start() + len(m.group(1) or "")
        if end > pos:
            spans.append((pos, end))
        pos = m.end()
    if pos < len(text):
        spans.append((pos, len(text)))
    out = []
    for start, end in spans:
        chunk = text[start:end]
        lead = len(chunk) - len(chunk.lstrip())
        trail = len(chunk) - len(chunk.rstrip())
        if end - trail > start + lead:
            out.append((start + lead, end - trail))
    return _merge_abbreviations(text, out)


_ABBREV = re.compile(r"\b(?:Mr|Mrs|Ms|Dr|St|Sen|Rep|Gov|Gen|Lt|Col|U\.S|Jr|Sr|No|Inc|Co)\.$")


def _merge_abbreviations(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    # "Mr. Genalo" must not end a sentence at "Mr."
    merged: list[tuple[int, int]] = []
    for span in spans:
        # A match ends where the sentence ends and is at most four characters long: the
        # sentence's last eight characters hold it and the character before it (``\b``).
        if merged and _ABBREV.search(text[max(merged[-1][0], merged[-1][1] - 8) : merged[-1][1]]):
            merged[-1] = (merged[-1][0], span[1])
        else:
            merged.append(span)
    return merged


def extract_names(text: str) -> list[str]:
    """Capitalised name phrases ("Jane Roe", "Northfield City Council"), honorifics dropped.

    A single capitalised word at the start of a sentence is only a name if the same word is
    also capitalised mid-sentence somewhere in the text; otherwise "Officials" or "Police"
    would count as names.
    """
    text = normalise_quotes(text)
    starts = {s for s, _ in split_sentences(text)}
    mid_caps: set[str] = set()
    found: list[tuple[int, str]] = []
    for m in _NAME_RE.finditer(text):
        found.append((m.start(), m.group(0)))
    for start, phrase in found:
        first = phrase.split()[0]
        if not _at_sentence_start(text, start, starts):
            mid_caps.add(first.lower())
    names = []
    for start, phrase in found:
        parts = [p.strip(".'’-") for p in phrase.split()]
        parts = [p for p in parts if p and p.lower().removesuffix("'s") not in _NOT_NAMES]
        parts = [p.removesuffix("'s") for p in parts]
        if not parts:
            continue
        if (
            len(parts) == 1
            and _at_sentence_start(text, start, starts)
            and parts[0].lower() not in mid_caps
        ):
            continue
        names.append(" ".join(parts))
    return names


def _at_sentence_start(text: str, pos: int, starts: set[int]) -> bool:
    if pos in starts or pos == 0:
        return True
    before = text[max(0, pos - 3) : pos]
    return before.rstrip(" \"'(").endswith((".", "!", "?", ":", "\n")) or before.strip() == ""


_NAME_PARTS_RE = re.compile(r"[\s\-]+")


def name_keys(names: Iterable[str]) -> set[str]:
    """Lowercase name tokens ("Mayor Jane Roe" -> {"jane", "roe"}), a key space for overlap."""
    keys = set()
    for name in names:
        for part in _NAME_PARTS_RE.split(normalise_quotes(name)):
            part = part.strip(".,'\"").lower().removesuffix("'s")
            if len(part) > 1 and part not in _NOT_NAMES:
                keys.add(part)
    return keys


_UNITS = "one two three four five six seven eight nine".split()
_TEENS = "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_WORD_VALUES = {
    **{w: i + 1 for i, w in enumerate(_UNITS)},
    **{w: i + 10 for i, w in enumerate(_TEENS)},
    **{w: (i + 2) * 10 for i, w in enumerate(_TENS)},
}
_WORD_NUMBER_RE = re.compile(
    rf"\b(?:({'|'.join(_TENS)})(?:[- ]({'|'.join(_UNITS)}))?|({'|'.join(_TEENS + _UNITS)}))"
    r"(?:\s+(hundred|thousand|million|billion))?\b",
    re.IGNORECASE,
)


# Every match of ``_WORD_NUMBER_RE`` starts with one of these words, in any case.
_NUMBER_WORDS = tuple(_TENS + _TEENS + _UNITS)
_ASCII_WORD = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


def _word_number_matches(text: str) -> Iterable[re.Match]:
    """``_WORD_NUMBER_RE.finditer(text)``. For ASCII text (whose lower case keeps every
    character in its place, and in which only ASCII letters match the pattern's letters), the
    pattern is tried only where a number word starts: searched at every character, it was most
    of the time of reading an article's figures for grouping."""
    if not text.isascii():
        return _WORD_NUMBER_RE.finditer(text)
    lower = text.lower()
    # The pattern opens with ``\b``: a word character before, and it cannot match there.
    starts = {
        at
        for at in occurrences(lower, _NUMBER_WORDS)
        if at == 0 or lower[at - 1] not in _ASCII_WORD
    }
    matches = []
    end = 0
    for at in sorted(starts):
        if at < end:
            continue  # inside the last match, which finditer goes on after
        m = _WORD_NUMBER_RE.match(text, at)
        if m is not None:
            matches.append(m)
            end = m.end()
    return matches


def _word_numbers(text: str) -> list[float]:
    """Spelled-out figures ("forty-one", "fourteen million", "two hundred"): style guides and
    broadcast scripts write out what another outlet of the same event prints as digits."""
    values = []
    for m in _word_number_matches(text):
        tens, unit, single, mult = (g.lower() if g else "" for g in m.groups())
        value = float(
            _WORD_VALUES[tens] + _WORD_VALUES.get(unit, 0) if tens else _WORD_VALUES[single]
        )
        if mult:
            value *= 100.0 if mult == "hundred" else _MULTIPLIERS[mult]
        values.append(value)
    return values


def extract_numbers(text: str) -> list[float]:
    """Numeric values in ``text`` with "million"/"billion" applied; years are left out.
    Spelled-out numbers count too."""
    values = _word_numbers(normalise_quotes(text))
    for m in _NUMBER_RE.finditer(normalise_quotes(text)):
        whole, frac, mult = m.group(1), m.group(2) or "", (m.group(3) or "").strip().lower()
        value = float(whole.replace(",", "") + frac)
        if mult:
            value *= _MULTIPLIERS.get(mult, 1.0)
        elif not frac and "," not in whole and 1900 <= value <= 2100:
            continue  # a year, which is a date rather than a figure
        values.append(value)
    return values


def numbers_agree(a: float, b: float, tolerance: float = 0.01) -> bool:
    if a == b:
        return True
    return abs(a - b) <= tolerance * max(abs(a), abs(b))


def mentioned_date(text: str, published: date | None) -> date | None:
    """The first date the text mentions, resolved against the publish date.

    A weekday means the most recent such day on or before publication ("on Tuesday" in a
    Thursday paper is two days earlier); "Month Day" takes the publication year.
    """
    if published is None:
        return None
    m = _DATE_RE.search(text)
    if m is None:
        return None
    weekday = m.group("wd") or m.group("wd2")
    if weekday:
        target = WEEKDAYS.index(weekday.lower())
        back = (published.weekday() - target) % 7
        return published - timedelta(days=back)
    if m.group("rel"):
        rel = m.group("rel").lower()
        return published - timedelta(days=1 if rel in ("yesterday", "last night") else 0)
    month_txt = (m.group("md_month") or m.group("dm_month")).lower()
    day = int(m.group("md_day") or m.group("dm_day"))
    month = _MONTH_ABBR.get(month_txt[:4] if month_txt == "sept" else month_txt[:3])
    if month is None or not 1 <= day <= 31:
        return None
    try:
        found = date(published.year, month, day)
    except ValueError:
        return None
    if (found - published).days > 60:  # "December 30" in a January paper
        found = date(published.year - 1, month, day)
    return found


_MONTH_WORD = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_STAMP_RE = re.compile(
    rf"\b(?:(?P<md_month>{_MONTH_WORD})\s+(?P<md_day>\d{{1,2}})(?:st|nd|rd|th)?,?\s+"
    r"(?P<md_year>(?:19|20)\d\d)"
    rf"|(?P<dm_day>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<dm_month>{_MONTH_WORD}),?\s+"
    r"(?P<dm_year>(?:19|20)\d\d)"
    r"|(?P<n1>\d{1,2})\s*/\s*(?P<n2>\d{1,2})\s*/\s*(?P<n_year>(?:19|20)\d\d|\d\d)(?!\d)"
    r"|(?P<iso_year>(?:19|20)\d\d)\s*-\s*(?P<iso_month>\d\d)\s*-\s*(?P<iso_day>\d\d))(?!\d)",
    re.IGNORECASE,
)
# A time stamp is a line of its own, with few words beside the date ("Posted on", "Last
# Updated: Monday", "PM EDT"): a sentence that names a full date ("The pier, which reopened on
# March 3, 2019, burned again") is telling the background.
STAMP_LINES = 3
STAMP_MAX_WORDS = 5
_STAMP_WORD_RE = re.compile(r"[A-Za-z]+")


def stamped_date(headline: str, body: str) -> date | None:
    """The date stamped at the top of an article ("Posted: March 14th, 2013 5:22 AM",
    "Sunday 23 Dec 2012", "05/24/2005"), or ``None``.

    Pages copied or pasted without their metadata keep their time stamp as a short line
    above or below the headline: the day the article was written, when nothing else says so.
    A numeric date is read only when it cannot be both month/day and day/month."""
    lines = [headline, *normalise_quotes(body).split("\n", STAMP_LINES)[:STAMP_LINES]]
    for line in lines:
        for m in _STAMP_RE.finditer(line):
            rest = line[: m.start()] + " " + line[m.end() :]
            if len(_STAMP_WORD_RE.findall(rest)) > STAMP_MAX_WORDS:
                break
            found = _stamp(m)
            if found is not None:
                return found
    return None


def _stamp(m: re.Match) -> date | None:
    if m.group("n_year"):
        first, second = int(m.group("n1")), int(m.group("n2"))
        if first <= 12 and second <= 12 and first != second:
            return None  # 05/02/07: May 2nd or 5 February
        year = int(m.group("n_year"))
        month, day = (first, second) if first <= 12 else (second, first)
        year += 2000 if year < 100 else 0
    elif m.group("iso_year"):
        year, month, day = (int(m.group(g)) for g in ("iso_year", "iso_month", "iso_day"))
    else:
        word = (m.group("md_month") or m.group("dm_month")).lower().rstrip(".")
        found = _MONTH_ABBR.get(word[:3])
        day = int(m.group("md_day") or m.group("dm_day"))
        year = int(m.group("md_year") or m.group("dm_year"))
        if found is None:
            return None
        month = found
    try:
        return date(year, month, day)
    except (TypeError, ValueError):
        return None


def as_date(value: datetime | date | None) -> date | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.date()
    return value
