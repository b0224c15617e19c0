"""Group articles into stories: each new article joins the story about the same event or
starts a new one.

Same event, not same topic. Two articles about one stopgap bill are one story when both
report the Senate vote, and two stories when one reports the vote and the other the signing
two days later. So the score mixes four kinds of evidence:

- text: TF-IDF cosine against the story's centroid, headline and lede terms boosted and
  later paragraphs damped (background shared by a whole topic sits there); IDF pools the
  corpus counts with a generic English background table, so a fresh database scores well;
- names: the people and organisations the article's top shares with the story, each
  counted by how many of the story's articles name it, and scaled down when the article
  leaves out the names most of the story's articles agree on (``core_coverage``); and whom
  the article and the story name most often (``salient_names``): two events of one subject
  share its names, but each is about its own player, product or town; and whom the ledes
  lead with (``lead_people``): a lede about someone few of the story's ledes name,
  the story's ledes agreeing on someone else, is another event (the club's other player hurt);
- figures: shared specific numbers ("66,000", "2.4 million", a magnitude 5.6) from the
  article's top, and a conflict when the story's articles agree on figures the article
  nowhere gives;
- time: how far apart the events are (explicit dates and weekdays resolved against the publish
  date), plus conflicts that mark different events of one topic (the event verb of a headline
  of at most 16 words: "passes" vs "signs"; fiscal periods: Q1 vs Q2; scorelines: 2-1 vs
  0-0; written more than a month apart, by publish date or, without one, the date stamped at
  the article's top; written years after every year an undated story's articles name).

Candidates come from an inverted index of rare keys (distinctive terms, names and numbers)
restricted to a time window, so placing an article never compares it with every stored one.

Persistence (for the Django side): the index is plain data, see ``StoryIndex.state()``.
Per story it keeps ``n`` (articles), ``terms`` (top weighted terms: sum of each article's
unit-length log-tf vector, truncated), ``names``, ``numbers``, ``events``, ``periods`` and
``results`` (counts), ``dates`` (event-date ordinals with counts), ``first``/``last``
(publish-date ordinals), ``written_first``/``written_last`` (written-day ordinals),
``salient`` (top names by how often its articles name them), ``years`` (the years its
articles name, with counts) and ``leads`` (the people its ledes name, with counts). Per
term it keeps the document frequency and one document count. The posting lists (key ->
story keys) are derived from the story profiles and belong in a table ``(key, story_id)``
indexed by key, queried with ``key IN (...)`` and a ``story.last_published >= ...`` filter.
"""

from __future__ import annotations

import heapq
import math
import re
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from itertools import islice

from articles.engine.entities import common_word
from articles.engine.lexicon import ANY_GIVEN_NAMES, FIRST_NAMES
from articles.engine.similarity import (
    as_date,
    content_terms,
    extract_names,
    extract_numbers,
    format_number,
    mentioned_date,
    name_keys,
    normalise_quotes,
    split_sentences,
    stamped_date,
    stem,
)
from articles.engine.text import occurrences
from articles.engine.weights import DocumentFrequencies, cosine, norm

StoryKey = Hashable

HEADLINE_BOOST = 1.5
LEDE_BOOST = 0.5
BODY_WEIGHT = 0.5
LEDE_SENTENCES = 2
TOP_SENTENCES = 6
NAME_PREFIX = "n:"
NUMBER_PREFIX = "#"

_EVENT_WORDS = {
    "pass": "pass passes passed approve approves approved clear clears cleared adopt adopts "
    "adopted vote votes voted",
    "sign": "sign signs signed enact enacts enacted",
    "veto": "veto vetoes vetoed",
    "propose": "propose proposes proposed introduce introduces introduced unveil unveils unveiled",
    "arrest": "arrest arrests arrested detain detains detained",
    "charge": "charge charges charged indict indicts indicted",
    "convict": "convict convicts convicted guilty",
    "sentence": "sentence sentences sentenced jailed",
    "resign": "resign resigns resigned quit quits",
    "dismiss": "sack sacks sacked sacking dismiss dismisses dismissed oust ousts ousted",
    "appoint": "appoint appoints appointed nominate nominates nominated hire hires hired",
    "open": "open opens opened launch launches launched",
    "close": "close closes closed shut shuts",
    # A structure, a deal or talks failing, and what comes back after a stop: the collapse
    # of a pier and its reopening days later are two events of one storyline.
    "collapse": "collapse collapses collapsed",
    "reopen": "reopen reopens reopened resume resumes resumed",
}
EVENT_CLASSES: dict[str, str] = {
    stem(word): cls for cls, ws in _EVENT_WORDS.items() for word in ws.split()
}

_ORDINALS = {"first": "1", "second": "2", "third": "3", "fourth": "4"}
# A half is a reporting period only in a financial phrase ("first-half profit", "the second
# half of 2025"): a match report's "early in the second half" is not one.
_PERIOD_RE = re.compile(
    r"\b(?:q([1-4])|(first|second|third|fourth)[- ]quarter"
    r"|(first|second)[- ]half(?=[- ](?:of (?:the )?(?:year|fiscal|financial|\d{4})|year"
    r"|profits?|results|revenues?|sales|earnings|losses))|h([12]))\b",
    re.IGNORECASE,
)
_SCORE_RE = re.compile(r"(?<![\d,.])(\d{1,3})\s?-\s?(\d{1,3})(?![\d,.%])")


@dataclass(frozen=True, slots=True)
class ArticleFeatures:
    """What grouping needs to know about one article.

    ``terms`` are log term frequencies (headline boosted) without IDF: IDF changes as the
    corpus grows, so it is applied when scoring. ``keys`` are optional precomputed index keys
    (rarest terms, names, numbers); the index computes them when empty. ``written`` is the day
    the article was written: its publish date, or else the date stamped at its top
    (``stamped_date``).
    """

    terms: Mapping[str, float]
    names: frozenset[str]
    numbers: frozenset[str]
    published: date | None
    event_date: date | None
    event: str = ""
    periods: frozenset[str] = frozenset()
    results: frozenset[str] = frozenset()
    keys: tuple[str, ...] = ()
    mentions: frozenset[str] = frozenset()
    written: date | None = None
    # Name keys and figures anywhere in the article, not only at its top: what it leaves
    # out is read against these (a story's core names and figures, missing from all of it).
    all_names: frozenset[str] = frozenset()
    all_numbers: frozenset[str] = frozenset()
    # Name keys weighted by how often the whole text names them (``salient_names``): who an
    # article is about is named again and again, a bystander or the background once.
    salient: Mapping[str, float] = field(default_factory=dict)
    # The years its text names ("in 2008", "March 3, 2013", "the 2008-09 season").
    years: frozenset[int] = frozenset()
    # The people its headline and lede name (``lead_people``): whom the event happened to.
    leads: frozenset[str] = frozenset()

    def df_terms(self) -> set[str]:
        """Everything counted in document frequencies: terms, name and number keys."""
        return (
            set(self.terms)
            | {NAME_PREFIX + n for n in self.names}
            | {NUMBER_PREFIX + n for n in self.numbers}
        )


def featurize(
    *,
    headline: str,
    body: str,
    published_at: datetime | date | None,
    names: Iterable[str] = (),
    df: DocumentFrequencies | None = None,
) -> ArticleFeatures:
    """Turn an article into ``ArticleFeatures``.

    ``names`` are people/organisations the reading engine already resolved; capitalised name
    phrases in the text are added to them. With ``df`` the rare-term ``keys`` are filled in.
    """
    headline = normalise_quotes(headline or "")
    body = normalise_quotes(body or "")
    spans = split_sentences(body)
    lede = " ".join(body[s:e] for s, e in spans[:LEDE_SENTENCES])
    top = " ".join(body[s:e] for s, e in spans[:TOP_SENTENCES])
    rest = " ".join(body[s:e] for s, e in spans[LEDE_SENTENCES:])
    # Where a word stands says how much it is about the event: the headline and the lede
    # name it, later paragraphs add background that other events of the topic share. So the
    # lede is boosted and the rest of a long article damped, and its length no longer
    # dilutes the terms that matter.
    rest_counts: Counter[str] = Counter(content_terms(rest))
    lede_counts = Counter(content_terms(lede))
    head_counts = Counter(content_terms(headline))
    terms: dict[str, float] = {}
    for term in rest_counts.keys() | lede_counts.keys() | head_counts.keys():
        tf = rest_counts.get(term, 0)
        weight = BODY_WEIGHT * (1.0 + math.log(tf)) if tf else 0.0
        if term in lede_counts:
            weight += LEDE_BOOST
        if term in head_counts:
            weight += HEADLINE_BOOST
        terms[term] = weight
    # Names and figures from the top of the article: background paragraphs further down
    # repeat the people and numbers of the whole topic (the company's headcount, the
    # previous storm's damage), which would tie different events of it together.
    text = f"{headline}\n\n{top}"
    all_names = name_keys(list(names) + extract_names(text))
    numbers = _figures(text)
    whole = f"{headline}\n\n{body}"
    whole_names = extract_names(whole)
    published = as_date(published_at)
    lede = " ".join(body[s:e] for s, e in spans[:2])  # the two first sentences
    event_date = mentioned_date(f"{headline}. {lede}", published) or published
    features = ArticleFeatures(
        terms=terms,
        names=frozenset(all_names),
        numbers=numbers,
        published=published,
        event_date=event_date,
        event=_headline_event(headline) if len(headline.split()) <= HEADLINE_MAX_WORDS else "",
        periods=frozenset(_periods(text)),
        results=frozenset(_results(f"{headline}. {lede}")),
        mentions=frozenset(_event_mentions(f"{headline}. {lede}")),
        written=published or stamped_date(headline, body),
        all_names=frozenset(all_names | name_keys(whole_names)),
        all_numbers=_figures(whole),
        salient=salient_names(whole_names),
        years=named_years(whole),
        leads=lead_people(f"{headline}\n\n{lede}", whole, whole_names),
    )
    if df is not None:
        features = _with_keys(features, index_keys(features, df))
    return features


def lead_people(top: str, text: str, names: Iterable[str]) -> frozenset[str]:
    """The surname keys of the people ``top`` (a headline and lede) names. A person is a
    given name followed by a surname (or an initial and a surname) in one of ``names`` (those
    of ``text``, the whole article): "Jane Roe", "Jane Q. Roe", "Jane Roe Checks Into Clinic"
    in a headline set in capitals; "Roe" anywhere in ``top`` is then that person. Not a
    possessive ("Sam's Diner").

    Whom an event happened to is named at the top of every report of it (the player hurt,
    the suspect arrested, the actor cast); another event of the same subject happened to
    someone else.

    A given name of the engine's own list opens a person; one only the census and world
    lists hold ("Maurice", "Oksana"; they hold "Ivy" and "Mac" too) does when its surname is
    no ordinary word ("Ivy Hall") and the text names it alone too (``_named_alone``)."""
    surnames = set()
    places = None  # the place words ``text`` holds, found once, when first needed
    for name in names:
        parts = name.split()
        for k, part in enumerate(parts[:-1]):
            if part.lower() not in ANY_GIVEN_NAMES or f"{part}'s " in text:
                continue
            if k:
                before = parts[k - 1]
                if before in _PLACE_WORDS or before.title() in _PLACE_WORDS:
                    continue
            else:
                if places is None:
                    places = [f"{word} " for word in _PLACE_SPELLINGS if f"{word} " in text]
                if any(f"{word}{name}" in text for word in places):
                    continue  # "St. Louis Cardinals", found as "Louis Cardinals"
            last = k + 2 if len(parts[k + 1].rstrip(".")) == 1 and k + 2 < len(parts) else k + 1
            if _names_a_place(text, parts[last]):
                continue  # "the Jane Roe Center": a clinic, a hall, an airport named for her
            if part.lower() not in FIRST_NAMES and (
                common_word(parts[last]) or not _named_alone(text, parts[last])
            ):
                continue
            surnames |= name_keys(parts[last : last + 1])
    if not surnames:
        return frozenset()
    return frozenset(name_keys(_CAPITALISED_RE.findall(top)) & surnames)


def _named_alone(text: str, surname: str) -> bool:
    """Is ``surname`` a word of ``text`` somewhere without a capitalised word before it (at
    the start of a sentence or clause, or after a lower-case word: "Vale said", "coach Vale")?

    News names a person in full once, then by the surname alone; a product line, a team or
    a firm named after a given name ("Ivy Vantor chips") keeps both words every time."""
    at = text.find(surname)
    while at >= 0:
        end = at + len(surname)
        if (at == 0 or not text[at - 1].isalnum()) and (
            end == len(text) or not text[end].isalnum()
        ):
            before = text[max(0, at - 40) : at].split()
            if not before or not before[-1][0].isupper() or before[-1][-1] in '.,;:"”)':
                return True
        at = text.find(surname, end)
    return False


# Words that make a place or an institution of the person's name before them: "the Jane Roe
# Center", "Roe Memorial Hospital", "Roe Stadium". A report about the clinic names the
# person in every lede, as it would the person it happened to.
_INSTITUTION_WORDS = (
    "Center Centre Clinic Hospital Foundation Institute Memorial Library Museum Stadium Arena "
    "Airport School College University Hall Park Bridge Building Tower Theater Theatre Award "
    "Prize Trophy"
).split()


def _names_a_place(text: str, surname: str) -> bool:
    """Does ``text`` write ``surname`` before an institution word ("Roe Center", "Roe
    Clinic", "ROE CENTER")?"""
    at = text.find(surname + " ")
    while at >= 0:
        after = text[at + len(surname) + 1 : at + len(surname) + 14].split(maxsplit=1)
        if after and after[0].strip(".,;:'\"").title() in _INSTITUTION_WORDS:
            return True
        at = text.find(surname + " ", at + 1)
    return False


_CAPITALISED_RE = re.compile(r"(?<![\w'’])[A-Z][A-Za-z'’\-]+")

# Words that make a place of the given name after them: "San Diego", "Santa Clara", "St. Louis",
# "Fort Worth", "Port Louis". The name that follows is a team, a county or a paper of the
# place ("the San Diego Chargers", "St. Louis Cardinals"), never a person's surname.
# As a headline set in capitals writes them too ("SAN Diego Comets").
_PLACE_WORDS = ("San", "Santa", "Santo", "São", "St.", "St", "Saint", "Fort", "Port", "Mount")
_PLACE_SPELLINGS = _PLACE_WORDS + tuple(word.upper() for word in _PLACE_WORDS)


def salient_names(names: Iterable[str]) -> dict[str, float]:
    """Name keys weighted by how often they are named: 1 + log of the count."""
    counts: Counter[str] = Counter()
    keys: dict[str, set[str]] = {}  # each name's keys, worked out once (names recur)
    for name in names:
        found = keys.get(name)
        if found is None:
            found = keys[name] = name_keys([name])
        counts.update(found)
    return {key: 1.0 + math.log(count) for key, count in counts.items()}


_MONTHS = (
    "January Jan February Feb March Mar April Apr May June Jun July Jul August Aug "
    "September Sept Sep October Oct November Nov December Dec"
).split()
# A month as news writes it: capitalised ("May", "Sept.", "MAY"), so "may 10" stays a figure.
_MONTH = "(?:" + "|".join(f"{m}|{m.upper()}" for m in _MONTHS) + r")\b\.?"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
# Dates and clock times: "June 9", "27 October", "7 / 9 / 2031", "4:17pm", "9 a.m.".
_DATE_OR_TIME_RE = re.compile(
    rf"\b(?:{_MONTH}\s+{_DAY}\b|{_DAY}\s+{_MONTH}(?![a-z])"
    r"|\d{1,2}\s*/\s*\d{1,2}\s*/\s*\d{2,4}"
    r"|\d{1,2}:\d{2}(?::\d{2})?(?!\d)(?:\s*[AaPp]\.?\s?[Mm]\b\.?)?"
    r"|\d{1,2}(?:\.\s?\d{2})?\s*[AaPp]\.?\s?[Mm]\b\.?)"
)


def _figures(text: str) -> frozenset[str]:
    """The article's figures (``_is_figure``: numbers of 10 or more but 100, and fractions
    such as a magnitude), but the days of dates and clock times ("June 9", "4:17 PM"). A
    page's time stamp and the day an event happened are time, not a figure of the event; as
    figures they tied every article stamped on the 13th together and set a story's stamp day
    against articles written a day later."""
    text = _without_dates_or_times(text)
    return frozenset(format_number(v) for v in extract_numbers(text) if _is_figure(v))


# Every match of ``_DATE_OR_TIME_RE`` starts with a digit or with one of these (a month's
# first three letters, as the pattern writes it).
_MONTH_STARTS = tuple(sorted({m[:3] for m in _MONTHS} | {m[:3].upper() for m in _MONTHS}))
_DIGITS_RE = re.compile(r"[0-9]+")


def _without_dates_or_times(text: str) -> str:
    """``_DATE_OR_TIME_RE.sub(" ", text)``. For ASCII text (where the pattern's digits,
    spaces and word ends are ASCII ones), the pattern is tried only where a match can start:
    at the first of a run of digits (it opens with ``\b``) and at a month's first letters.
    Tried at every character, it was a fifth of featurizing an article."""
    if not text.isascii():
        return _DATE_OR_TIME_RE.sub(" ", text)
    starts = {m.start() for m in _DIGITS_RE.finditer(text)}
    starts.update(occurrences(text, _MONTH_STARTS))
    pieces = []
    end = 0
    for at in sorted(starts):
        if at < end:
            continue  # inside the last match, after which ``sub`` goes on
        m = _DATE_OR_TIME_RE.match(text, at)
        if m is not None:
            pieces += (text[end:at], " ")
            end = m.end()
    if not pieces:
        return text
    pieces.append(text[end:])
    return "".join(pieces)


def _is_figure(value: float) -> bool:
    """A number specific enough to tell one event from another: 10 or more (but 100), or a
    fraction such as a quake's magnitude or a rate ("5.6", "2.4"), which small whole numbers
    ("two people", "three days") are not."""
    if value >= 10:
        return value != 100
    return value >= 1 and value != int(value)


# A headline is short. A longer first line is the opening sentence of an article that came
# without one (the import takes its first line as its headline), and an opening sentence
# tells the background of the event as well as the event ("The ferry, launched in May,
# sank off Example Point on Tuesday"): its first event word is no more the event than any
# other's.
HEADLINE_MAX_WORDS = 16


def _headline_event(headline: str) -> str:
    for tok in re.findall(r"[a-z]+", headline.lower()):
        cls = EVENT_CLASSES.get(stem(tok))
        if cls:
            return cls
    return ""


def _event_mentions(text: str) -> set[str]:
    """Every event class named in the headline or lede (``event`` is the headline's first)."""
    return {
        cls for tok in re.findall(r"[a-z]+", text.lower()) if (cls := EVENT_CLASSES.get(stem(tok)))
    }


def _periods(text: str) -> set[str]:
    out = set()
    for m in _PERIOD_RE.finditer(text):
        q = m.group(1) or _ORDINALS.get((m.group(2) or "").lower())
        if q:
            out.add("q" + q)
        h = m.group(4) or _ORDINALS.get((m.group(3) or "").lower())
        if h:
            out.add("h" + h)
    return out


def _results(text: str) -> set[str]:
    out = set()
    for m in _SCORE_RE.finditer(text):
        a, b = int(m.group(1)), int(m.group(2))
        if a <= 20 and b <= 20:  # scorelines, not ranges like "30-40"
            out.add(f"{max(a, b)}-{min(a, b)}")
    return out


def _with_keys(features: ArticleFeatures, keys: list[str]) -> ArticleFeatures:
    return ArticleFeatures(
        terms=features.terms,
        names=features.names,
        numbers=features.numbers,
        published=features.published,
        event_date=features.event_date,
        event=features.event,
        periods=features.periods,
        results=features.results,
        keys=tuple(keys),
        mentions=features.mentions,
        written=features.written,
        all_names=features.all_names,
        all_numbers=features.all_numbers,
        salient=features.salient,
        years=features.years,
        leads=features.leads,
    )


def index_keys(features: ArticleFeatures, df: DocumentFrequencies, k: int = 10) -> list[str]:
    """The article's most distinctive keys: its top terms by TF-IDF, names and numbers."""
    top_terms = heapq.nlargest(k, features.terms.items(), key=lambda kv: kv[1] * df.idf(kv[0]))
    keys = [t for t, _ in top_terms]
    names = sorted(features.names, key=lambda n: -df.idf(NAME_PREFIX + n))[:8]
    keys += [NAME_PREFIX + n for n in names]
    numbers = sorted(features.numbers, key=lambda n: -df.idf(NUMBER_PREFIX + n))[:4]
    keys += [NUMBER_PREFIX + n for n in numbers]
    return keys


@dataclass(slots=True)
class StoryProfile:
    """The running summary of one story that articles are scored against."""

    n: int = 0
    terms: dict[str, float] = field(default_factory=dict)
    names: Counter = field(default_factory=Counter)
    numbers: Counter = field(default_factory=Counter)
    events: Counter = field(default_factory=Counter)
    periods: Counter = field(default_factory=Counter)
    results: Counter = field(default_factory=Counter)
    mentions: Counter = field(default_factory=Counter)
    dates: Counter = field(default_factory=Counter)
    first: int | None = None
    last: int | None = None
    # The days its articles were written (``ArticleFeatures.written``), as ordinals.
    written_first: int | None = None
    written_last: int | None = None
    # The sum of its articles' unit-length ``salient`` vectors, truncated like ``terms``.
    salient: dict[str, float] = field(default_factory=dict)
    # The years its articles name (``ArticleFeatures.years``), with how many name each.
    years: Counter = field(default_factory=Counter)
    # The people its articles' headlines and ledes name (``ArticleFeatures.leads``), with how
    # many name each.
    leads: Counter = field(default_factory=Counter)

    def event_date(self) -> int | None:
        if not self.dates:
            return None
        # Ties go to the earliest date, so the answer does not depend on the order in which a
        # database hands the stored counts back (PostgreSQL's jsonb sorts keys).
        return max(self.dates.items(), key=lambda kv: (kv[1], -kv[0]))[0]

    def as_dict(self) -> dict:
        return {
            "n": self.n,
            "terms": dict(self.terms),
            "names": dict(self.names),
            "numbers": dict(self.numbers),
            "events": dict(self.events),
            "periods": dict(self.periods),
            "results": dict(self.results),
            "mentions": dict(self.mentions),
            "dates": {str(k): v for k, v in self.dates.items()},
            "first": self.first,
            "last": self.last,
            "written_first": self.written_first,
            "written_last": self.written_last,
            "salient": dict(self.salient),
            "years": {str(k): v for k, v in self.years.items()},
            "leads": dict(self.leads),
        }

    @classmethod
    def from_dict(cls, data: Mapping) -> StoryProfile:
        return cls(
            n=data["n"],
            terms=dict(data["terms"]),
            names=Counter(data["names"]),
            numbers=Counter(data["numbers"]),
            events=Counter(data["events"]),
            periods=Counter(data["periods"]),
            results=Counter(data["results"]),
            mentions=Counter(data.get("mentions", {})),  # absent in profiles stored before
            dates=Counter({int(k): v for k, v in data["dates"].items()}),
            first=data["first"],
            last=data["last"],
            # Absent in profiles stored before: the story's written days are then unknown.
            written_first=data.get("written_first"),
            written_last=data.get("written_last"),
            salient=dict(data.get("salient", {})),  # absent in profiles stored before
            years=Counter({int(k): v for k, v in data.get("years", {}).items()}),
            leads=Counter(data.get("leads", {})),  # absent in profiles stored before
        )


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """Why an article scored what it did against a story (shown to editors in review)."""

    total: float
    text: float
    names: float
    numbers: float
    date_penalty: float
    conflict_penalty: float
    salient: float = 0.0


# Calibrated on the fictional dev set (scripts/eval_grouping.py); see the module docstring.
DEFAULT_THRESHOLD = 0.28
W_TEXT, W_NAMES, W_NUMBERS = 0.55, 0.30, 0.15
# The salient names' cosine (see ``score``) moves the total around what an article of the same
# subject typically reaches: above it adds, below it takes away.
W_SALIENT = 0.3
SALIENT_EXPECTED = 1 / 3
SALIENT_BELOW = 0.5
NAME_SATURATION = 10.0
NAME_FRACTION = 0.5
# What the articles of one story agree on. A story's articles all name the people and places
# at the heart of its event and give its figures (the toll, the sum, the magnitude, the
# score); a name or figure only one of many articles gives is a detail of that article.
# Another event of the same subject shares the subject's names (the team, the island, the
# company) but not the event's own (the opponent, the victim, the ship) nor its figures.
# Measured on a story of a few articles, never on one or two: with so few, one outlet's angle
# (a sidebar that names only its own interviewees and figures) is half of what they "agree" on.
CORE_SHARE = 0.67
CORE_MIN_ARTICLES = 4
# A shared name counts fully when this share of the story's articles name it at their top;
# one named by fewer counts in proportion, so a large story's long tail of names (everyone
# any of its articles mentioned) does not make every article of its subject look like it.
NAME_SHARE_FULL = 0.7
# The article's name evidence is scaled by how much of the story's core names (by IDF) it
# gives anywhere in its text, reaching full weight at this coverage.
CORE_COVERAGE_FULL = 0.5
# The story's articles agree on figures (CORE_SHARE of them) and
# the article gives figures at its top, but none of those anywhere: another event of the kind.
FIGURE_CONFLICT = 0.2
# The story's ledes agree on a person (``LEAD_CORE_SHARE`` of them, and ``LEAD_CORE_MIN``, name
# them) whom the article's lede leaves out, and the person it leads with is named by few of the
# story's ledes (fewer than ``LEAD_KNOWN_SHARE`` of them): another event of the subject
# (``_leads_clash``). ``LEAD_CONFLICT_ONE_LEDE`` when one report is read against another.
LEAD_CONFLICT = 0.45
LEAD_CONFLICT_ONE_LEDE = 0.2
LEAD_CORE_SHARE = 0.5
LEAD_CORE_MIN = 2
LEAD_KNOWN_SHARE = 0.2
EVENT_CONFLICT = 0.25
NEW_EVENT_CONFLICT = 0.12
# Coverage of one event is written within days of it. An article written more than a month
# before or after every article of a story reports another event, whatever it shares with
# it: last year's earthquake on the same island, the same player's arrest three years on.
# The gap is generous, as a stamp may be a page's last update rather than its first.
WRITTEN_GAP_DAYS = 30
WRITTEN_CONFLICT = 0.3
# An undated story whose articles name only years at least this many years before the article
# was written holds it back as an article written apart is (``_named_years_before``).
YEARS_BEFORE = 3


# Another event of the same ongoing story: the same people and subject, told apart only by
# time or by what happened ("collapses" against "reopens").
STORYLINE_TEXT = 0.2
STORYLINE_NAMES = 0.3


def same_storyline(score: ScoreBreakdown, threshold: float = DEFAULT_THRESHOLD) -> bool:
    """Is the story scored a different event of the same ongoing story as the article?

    Not the same event (below ``threshold``), held back by a gap in time or a clash of
    events rather than by a lack of common ground, and sharing names and words well enough
    to be the same subject: a pier's collapse and its reopening, an arrest and the charges."""
    held_back = score.date_penalty > 0 or score.conflict_penalty > 0
    return (
        score.total < threshold
        and held_back
        and score.names >= STORYLINE_NAMES
        and score.text >= STORYLINE_TEXT
    )


class StoryIndex:
    """In-memory story index: document frequencies, story profiles and posting lists.

    Use ``place(features)`` to find the story an article belongs to (or ``None``), then
    ``add(story_key, features)`` once the caller has decided (a new key for a new story).
    """

    def __init__(
        self,
        *,
        df: DocumentFrequencies | None = None,
        threshold: float = DEFAULT_THRESHOLD,
        window_days: int = 7,
        profile_terms: int = 40,
        max_posting: int = 400,
    ) -> None:
        self.df = df if df is not None else DocumentFrequencies()
        self.threshold = threshold
        self.window_days = window_days
        self.profile_terms = profile_terms
        self.max_posting = max_posting
        self.stories: dict[StoryKey, StoryProfile] = {}
        self.postings: dict[str, dict[StoryKey, None]] = {}
        # What a story whose person only one lede names holds back an article leading with
        # someone else by (``_leads_clash``): nothing when placing, as one report may lead
        # with a bystander.
        self.lead_one_lede = 0.0
        # The last article scored and its weights (``_article_weights``).
        self._scoring: tuple | None = None
        # IDF of the story terms scored so far, while the frequencies stay as they are
        # (``_idf_known``): a placement scores 30 stories, which share many of their terms.
        self._idf: tuple | None = None
        # The last candidates found (``candidates``), with what they were chosen from, while
        # that stays the same: the same article, limit, frequencies (object and document
        # count) and story and posting dicts. ``add`` forgets them; whoever changes a story's
        # days or the postings in place calls ``forget_candidates``.
        self._top: tuple | None = None

    def __len__(self) -> int:
        return len(self.stories)

    # Candidates ---------------------------------------------------------------------------

    def candidates(self, features: ArticleFeatures, limit: int = 30) -> list[StoryKey]:
        """Stories sharing rare keys with the article and active near its publish date.

        Each posting list is read newest first and capped, so a common key costs the same at
        a thousand stories as at a million.
        """
        df = self.df
        memo = self._top
        if (
            memo is not None
            and memo[0] is features
            and memo[1] == limit
            and memo[2] is df
            and memo[3] == df.n_docs
            and memo[4] is self.stories
            and memo[5] is self.postings
        ):
            return list(memo[6])
        keys = features.keys or tuple(index_keys(features, self.df))
        votes: dict[StoryKey, float] = {}
        pub = features.published.toordinal() if features.published else None
        window = self.window_days
        stories = self.stories
        for key in keys:
            posting = self.postings.get(key)
            if not posting:
                continue
            weight = self.df.idf(key)
            for story_key in islice(reversed(posting), self.max_posting):
                if pub is not None:
                    profile = stories[story_key]
                    if profile.last is not None and (
                        profile.last < pub - window or profile.first > pub + window
                    ):
                        continue
                votes[story_key] = votes.get(story_key, 0.0) + weight
        top = heapq.nlargest(limit, votes, key=votes.__getitem__)
        self._top = (features, limit, df, df.n_docs, self.stories, self.postings, tuple(top))
        return top

    def forget_candidates(self) -> None:
        """The stories' days or the postings were changed in place: ``candidates`` must
        choose again."""
        self._top = None

    # Scoring ------------------------------------------------------------------------------

    def score(self, features: ArticleFeatures, story_key: StoryKey) -> ScoreBreakdown:
        """How well the article fits the story, in [about -0.5, 1]."""
        profile = self.stories[story_key]
        idf = self.df.idf
        a_vec, weights, total, a_salient, a_norm, a_salient_norm = self._article_weights(features)
        known = self._idf_known()
        s_vec = {}
        for t, w in profile.terms.items():
            v = known.get(t)
            if v is None:
                v = known[t] = idf(t)
            s_vec[t] = w * v
        text = cosine(a_vec, s_vec, a_norm)
        # Do the article and the story name the same people and places most often? Two
        # events of one subject share its names (the team, the company, the island), but each
        # is about its own player, product or town, named again and again.
        salient = 0.0
        if a_salient and profile.salient:
            s_salient = {}
            for n, w in profile.salient.items():
                t = NAME_PREFIX + n
                v = known.get(t)
                if v is None:
                    v = known[t] = idf(t)
                s_salient[n] = w * v
            salient = cosine(a_salient, s_salient, a_salient_norm)

        names = 0.0
        if features.names and profile.names:
            story_names = profile.names
            full = NAME_SHARE_FULL * max(1, profile.n)
            shared = sum(
                w * min(1.0, story_names[n] / full) for n, w in weights.items() if n in story_names
            )
            # Saturates: a few rare shared names are strong evidence, and an article that
            # quotes extra people is not less about the same event.
            # A long article names many people and places, and shares a couple of them (the
            # city, the state) with any story of its region: past the saturation point it has
            # to share a good part of what it names.
            names = min(1.0, shared / min(total, max(NAME_SATURATION, NAME_FRACTION * total)))
            coverage = core_coverage(features.all_names, profile, self._idf_cached)
            if coverage is not None:
                names *= min(1.0, coverage / CORE_COVERAGE_FULL)

        numbers = 0.0
        if features.numbers and profile.numbers:
            shared_n = sum(1 for n in features.numbers if n in profile.numbers)
            numbers = min(1.0, shared_n / 2)

        date_pen = 0.0
        story_date = profile.event_date()
        if features.event_date is not None and story_date is not None:
            gap = abs(features.event_date.toordinal() - story_date)
            date_pen = _date_penalty(gap)

        conflict = 0.0
        if (
            features.event
            and profile.events
            and features.event not in profile.events
            and not _both_told(features, profile)
        ):
            conflict += EVENT_CONFLICT
        elif features.event and profile.n >= 2 and features.event not in profile.mentions:
            # The headline reports an event ("sacks", "resigns") that no headline or lede of
            # the story even names: the follow-up to a match report or a speech, sharing all
            # its names. Smaller than a clash of headline events, as outlets word it freely.
            conflict += NEW_EVENT_CONFLICT
        if features.periods and profile.periods and not features.periods & profile.periods.keys():
            conflict += 0.3
        if features.results and profile.results and not features.results & profile.results.keys():
            conflict += 0.2
        if features.numbers and _figures_disagree(features.all_numbers, profile):
            conflict += FIGURE_CONFLICT
        if features.leads:
            conflict += _leads_clash(features, profile, self.lead_one_lede)
        if _written_apart(features.written, profile):
            conflict += WRITTEN_CONFLICT
        elif _named_years_before(features, profile):
            conflict += WRITTEN_CONFLICT

        total = (
            W_TEXT * text
            + W_NAMES * names
            + W_NUMBERS * numbers
            + W_SALIENT * _salient_term(salient, held_back=date_pen > 0 or conflict > 0)
            - date_pen
            - conflict
        )
        return ScoreBreakdown(total, text, names, numbers, date_pen, conflict, salient)

    def _article_weights(
        self, features: ArticleFeatures
    ) -> tuple[dict[str, float], dict[str, float], float, dict[str, float], float, float]:
        """The article's IDF-weighted terms, its name weights, their sum, its IDF-weighted
        ``salient`` names and the norms of the terms and the salient names: the same for
        every story it is scored against, so computed once
        while the frequencies stay as they are (same object, same document count; ``add``
        forgets them)."""
        df = self.df
        memo = self._scoring
        if memo is not None and memo[0] is features and memo[1] is df and memo[2] == df.n_docs:
            return memo[3]
        idf = df.idf
        a_vec = {t: w * idf(t) for t, w in features.terms.items()}
        weights = {n: idf(NAME_PREFIX + n) for n in features.names}
        salient = {n: w * idf(NAME_PREFIX + n) for n, w in features.salient.items()}
        found = (a_vec, weights, sum(weights.values()), salient, norm(a_vec), norm(salient))
        self._scoring = (features, df, df.n_docs, found)
        return found

    def _idf_known(self) -> dict[str, float]:
        """The IDF of terms already looked up, for as long as the frequencies are the same
        (same object, same document count; ``add`` forgets them)."""
        df = self.df
        memo = self._idf
        if memo is None or memo[0] is not df or memo[1] != df.n_docs:
            memo = self._idf = (df, df.n_docs, {})
        return memo[2]

    def _idf_cached(self, term: str) -> float:
        """``df.idf(term)``, remembered in ``_idf_known``."""
        known = self._idf_known()
        v = known.get(term)
        if v is None:
            v = known[term] = self.df.idf(term)
        return v

    def place(self, features: ArticleFeatures, *, limit: int = 30) -> StoryKey | None:
        """The story the article belongs to, or ``None`` when it starts a new one."""
        best = self.best(features, limit=limit)
        if best is None or best[1].total < self.threshold:
            return None
        return best[0]

    def best(
        self, features: ArticleFeatures, *, limit: int = 30
    ) -> tuple[StoryKey, ScoreBreakdown] | None:
        """The best candidate story with its score, whatever the threshold."""
        scored = [(key, self.score(features, key)) for key in self.candidates(features, limit)]
        if not scored:
            return None
        return max(scored, key=lambda ks: ks[1].total)

    # Updating -----------------------------------------------------------------------------

    def add(self, story_key: StoryKey, features: ArticleFeatures) -> None:
        """Record the article in ``story_key`` (created if new) and in the frequencies."""
        self._scoring = self._idf = self._top = None
        self.df.add(features.df_terms())
        profile = self.stories.get(story_key)
        if profile is None:
            profile = self.stories[story_key] = StoryProfile()
        profile.n += 1
        norm = math.sqrt(sum(w * w for w in features.terms.values())) or 1.0
        for term, weight in features.terms.items():
            profile.terms[term] = profile.terms.get(term, 0.0) + weight / norm
        if len(profile.terms) > self.profile_terms * 2:
            # Keep the centroid small: the words most articles of the story share.
            kept = heapq.nlargest(self.profile_terms, profile.terms.items(), key=_by_value)
            profile.terms = dict(kept)
        if features.salient:
            norm = math.sqrt(sum(w * w for w in features.salient.values()))
            for key, weight in features.salient.items():
                profile.salient[key] = profile.salient.get(key, 0.0) + weight / norm
            if len(profile.salient) > self.profile_terms * 2:
                kept = heapq.nlargest(self.profile_terms, profile.salient.items(), key=_by_value)
                profile.salient = dict(kept)
        profile.names.update(features.names)
        profile.numbers.update(features.numbers)
        if features.event:
            profile.events[features.event] += 1
        profile.periods.update(features.periods)
        profile.years.update(features.years)
        profile.leads.update(features.leads)
        profile.results.update(features.results)
        profile.mentions.update(features.mentions)
        if features.event_date is not None:
            profile.dates[features.event_date.toordinal()] += 1
        if features.published is not None:
            day = features.published.toordinal()
            profile.first = day if profile.first is None else min(profile.first, day)
            profile.last = day if profile.last is None else max(profile.last, day)
        if features.written is not None:
            day = features.written.toordinal()
            first, last = profile.written_first, profile.written_last
            profile.written_first = day if first is None else min(first, day)
            profile.written_last = day if last is None else max(last, day)
        for key in features.keys or index_keys(features, self.df):
            posting = self.postings.setdefault(key, {})
            posting.pop(story_key, None)  # re-insert: most recently active stories last
            posting[story_key] = None

    def assign(self, features: ArticleFeatures, new_key: StoryKey) -> StoryKey:
        """Place and add in one step; ``new_key`` names the story if a new one is needed."""
        key = self.place(features)
        if key is None:
            key = new_key
        self.add(key, features)
        return key

    # Persistence --------------------------------------------------------------------------

    def state(self) -> dict:
        """Everything needed to rebuild the index (story keys must be JSON-friendly)."""
        return {
            "df": self.df.as_dict(),
            "stories": {key: p.as_dict() for key, p in self.stories.items()},
            "postings": {key: list(p) for key, p in self.postings.items()},
            "threshold": self.threshold,
            "window_days": self.window_days,
        }

    @classmethod
    def from_state(cls, state: Mapping) -> StoryIndex:
        index = cls(
            df=DocumentFrequencies.from_dict(state["df"]),
            threshold=state.get("threshold", DEFAULT_THRESHOLD),
            window_days=state.get("window_days", 7),
        )
        index.stories = {k: StoryProfile.from_dict(p) for k, p in state["stories"].items()}
        index.postings = {k: dict.fromkeys(v) for k, v in state["postings"].items()}
        return index


def core_coverage(
    names: frozenset[str], profile: StoryProfile, idf: Callable[[str], float]
) -> float | None:
    """The share (by IDF) of the story's core names (named at the top of ``CORE_SHARE`` of
    its articles) found among ``names``; ``None`` when the story has fewer than
    ``CORE_MIN_ARTICLES`` articles or no core names, or
    ``names`` are unknown (features made without the article's whole text)."""
    if not names or profile.n < CORE_MIN_ARTICLES:
        return None
    need = CORE_SHARE * profile.n
    total = found = 0.0
    for name, count in profile.names.items():
        if count >= need:
            weight = idf(NAME_PREFIX + name)
            total += weight
            if name in names:
                found += weight
    return found / total if total else None


def _leads_clash(features: ArticleFeatures, profile: StoryProfile, one_lede: float = 0.0) -> float:
    """How much the article's lede being about someone else than the story's holds it back.

    The story's ledes agree on a person (half of them or more name them: the player hurt,
    the man arrested), the article's lede names none of those, and the one it is about (of
    the people its lede names, the one it names most often: not the coach or spokesman it
    quotes once) is named by few of the story's ledes (fewer than ``LEAD_KNOWN_SHARE`` of
    them; none of a story of five or fewer): the same team's other player, the next actor
    cast, though the article may recall the story's person further down ("a month after
    Roe's arrest"). A report leading with someone the story's ledes name too (a victim
    beside the suspect) is not held back.

    ``LEAD_CONFLICT`` when two ledes or more of the story agree; ``one_lede`` when the story's
    person is named by one lede only (a story of one article: one report may lead with a
    bystander, so that says less).

    A lede's person the article names once only (a fan or victim quoted at the top of a
    reaction piece) is a voice of the story, not whom the article is about: no clash."""
    leads = profile.leads
    if not leads:
        return 0.0
    n = profile.n
    core = [k for k, count in leads.items() if count >= LEAD_CORE_SHARE * n]
    if not core or any(k in features.leads for k in core):
        return 0.0
    salient = features.salient
    about = max(sorted(features.leads), key=lambda k: salient.get(k, 0.0))
    if salient and salient.get(about, 0.0) <= 1.0:
        return 0.0  # named once: a witness or victim quoted at the top, not whom it is about
    if leads.get(about, 0) >= max(1.0, LEAD_KNOWN_SHARE * n):
        return 0.0
    if max(leads[k] for k in core) >= LEAD_CORE_MIN:
        return LEAD_CONFLICT
    return one_lede


def _figures_disagree(numbers: frozenset[str], profile: StoryProfile) -> bool:
    """Do the story's articles (``CORE_MIN_ARTICLES`` or more) agree on figures (given at the
    top of ``CORE_SHARE`` of them) of which ``numbers`` (all the article's figures) hold none?"""
    if profile.n < CORE_MIN_ARTICLES or not profile.numbers:
        return False
    need = CORE_SHARE * profile.n
    core = [n for n, count in profile.numbers.items() if count >= need]
    return bool(core) and not any(n in numbers for n in core)


def _salient_term(salient: float, *, held_back: bool) -> float:
    """The salient names' part of the score: above ``SALIENT_EXPECTED`` it adds, below it
    takes away (at ``SALIENT_BELOW`` of the rate: an outlet may tell the event through other
    people than the rest, the officials it reached or the witnesses it found). Naming the same
    people most often is what the next event of the same story does too, so it adds nothing
    to an article held back by time or by what happened."""
    found = salient - SALIENT_EXPECTED
    if found < 0:
        return found * SALIENT_BELOW
    return 0.0 if held_back else found


def _by_value(kv: tuple[str, float]) -> tuple[float, str]:
    # The term breaks ties, so which terms a profile keeps never depends on dict order.
    return kv[1], kv[0]


def _both_told(features: ArticleFeatures, profile: StoryProfile) -> bool:
    """Do the article and the story each tell the other's headline event in their ledes?

    One report of a suspect "arrested and charged" leads with either step; so do outlets
    covering a bill "passed and signed" on one day. A later event is told differently: the
    reopening's lede recalls the collapse, but the collapse story's ledes never name a
    reopening that had not happened yet."""
    return features.event in profile.mentions and any(
        event in features.mentions for event in profile.events
    )


def _written_apart(written: date | None, profile: StoryProfile) -> bool:
    """Was the article written more than ``WRITTEN_GAP_DAYS`` away from all of the story's
    articles? Unknown on either side is not apart."""
    if written is None or profile.written_first is None or profile.written_last is None:
        return False
    day = written.toordinal()
    return (
        day < profile.written_first - WRITTEN_GAP_DAYS
        or day > profile.written_last + WRITTEN_GAP_DAYS
    )


_YEAR_RE = re.compile(r"(?<![\d$£€.,])(?:19[5-9]\d|20\d\d)(?!\d|[.,]\d)")


def named_years(text: str) -> frozenset[int]:
    """The years ``text`` names, 1950 to 2099 (not amounts: "$2000", "2,013", "2013.5")."""
    return frozenset(int(y) for y in _YEAR_RE.findall(text))


def _named_years_before(features: ArticleFeatures, profile: StoryProfile) -> bool:
    """Was the article written ``YEARS_BEFORE`` years or more after every year the story's
    articles name, the story itself undated? Coverage of an event names its own year if it
    names one (a date, "the 2031 season") and background years before it; a story whose
    articles, all of them, name only years long before the article was written tells an
    older event of the same subject (last decade's quake on the island). The story's years are
    read, not the article's: one article may name only its background years, a whole story
    rarely does."""
    if features.written is None or profile.written_first is not None or not profile.years:
        return False
    return max(profile.years) <= features.written.year - YEARS_BEFORE


def _date_penalty(gap_days: int) -> float:
    # Coverage of one event clusters within a day; a two-day gap is usually the next step of
    # the story (the signing after the vote, the aftershock after the quake, the sacking
    # after the defeat), a week apart is a different event. Outlets that cover the same event
    # a day late still land within one day of it, as their dates are resolved.
    if gap_days <= 1:
        return 0.0
    if gap_days == 2:
        return 0.3
    return min(0.5, 0.25 + 0.03 * gap_days)


def cluster(articles: Iterable[ArticleFeatures], *, index: StoryIndex | None = None) -> list[int]:
    """Online clustering in the given order; returns a story number per article."""
    index = index if index is not None else StoryIndex()
    labels = []
    for features in articles:
        labels.append(index.assign(features, new_key=len(index.stories)))
    return labels


# Telling apart two events one story took in. Online placement joins an article to the best
# story at the time, so the first report of a second event of the same subject (the same
# player hurt again, a second quake on the island) can join the first event's story, and the
# rest of its reports follow it there. Read together, such a story falls into two groups of
# articles that fit each other clearly less than each group's articles fit one another.
SPLIT_MIN_ARTICLES = 4
SPLIT_MIN_PART = 2
# Nor when the smaller group holds less than this share of the larger's articles. Two events
# that one draft took in are each a body of coverage; a few articles that fit the rest less
# well are as often a later turn of the same event a few outlets told (the patient leaving
# hospital), or one group of outlets' angle, and that stays one story.
SPLIT_MIN_SHARE = 1 / 3
# The two groups are split when the mean score across them is below this share of the mean
# score within them.
SPLIT_RATIO = 0.5
# Or below this share when the two groups' ledes each agree on a person the other's ledes
# hardly name (``_led_apart``): the club's two players hurt, two suspects of one crime type.
SPLIT_RATIO_LEADS = 0.6
# Or below this share when one group is written years after every year the other, undated,
# names (``_years_apart``): last decade's patch, quake or heist of the same subject.
SPLIT_RATIO_YEARS = 0.8
YEARS_NAMED_MIN = 2
# Rounds of moving single articles to the group they fit better (``_refine``).
SPLIT_REFINE_ROUNDS = 5


def split_events(
    articles: list[ArticleFeatures], df: DocumentFrequencies
) -> tuple[list[int], list[int]] | None:
    """The story's articles (by position) as two events, or ``None`` when they are one.

    Every article is scored against every other as a story of one article (both ways,
    averaged) and the articles are joined bottom-up by average link. At every step of the
    joining, the two largest groups are read as the two events: the smaller groups join the
    one they fit better on average, then single articles move to the group they fit better
    (``_refine``). Of these readings, the one whose groups fit each other least (relative to
    how well each fits itself) is kept. Reading only the last step, as an earlier version
    did, let one odd report (a sidebar, a reaction piece) stay a group of its own to the
    end, so that two clear events were never offered as the two groups.

    The two are kept apart when their mean score across is below ``SPLIT_RATIO`` of their
    mean score within (``SPLIT_RATIO_LEADS`` when their ledes lead with different people,
    ``SPLIT_RATIO_YEARS`` when one group was written years after every year the other,
    undated, names), each holding at least ``SPLIT_MIN_PART`` articles and the smaller at
    least ``SPLIT_MIN_SHARE`` of the larger's. ``df``: the frequencies the articles are
    already counted in. Cubic in the articles at most: the caller bounds them."""
    n = len(articles)
    if n < SPLIT_MIN_ARTICLES:
        return None
    pair = _pair_scores(articles, df)
    groups = {i: [i] for i in range(n)}
    link = {(i, j): pair[i][j] for i in range(n) for j in range(i + 1, n)}
    best = None
    tried: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    while len(groups) > 2:
        a, b = max(link, key=lambda ab: (link[ab], -ab[0], -ab[1]))
        size_a, size_b = len(groups[a]), len(groups[b])
        groups[a] += groups.pop(b)
        for c in groups:
            if c == a:
                continue
            ac, bc = (min(a, c), max(a, c)), (min(b, c), max(b, c))
            link[ac] = (size_a * link[ac] + size_b * link.pop(bc)) / (size_a + size_b)
        link = {ab: v for ab, v in link.items() if b not in ab}
        best = _better_reading(pair, list(groups.values()), best, tried)
    if len(groups) == 2:
        best = _better_reading(pair, list(groups.values()), best, tried)
    if best is None or best[0] >= max(SPLIT_RATIO_LEADS, SPLIT_RATIO_YEARS):
        return None
    ratio, first, second = best
    if ratio < SPLIT_RATIO:
        return first, second
    if ratio < SPLIT_RATIO_LEADS and _led_apart(articles, first, second):
        return first, second
    if ratio < SPLIT_RATIO_YEARS and _years_apart(articles, first, second):
        return first, second
    return None


def _years_apart(articles: list[ArticleFeatures], first: list[int], second: list[int]) -> bool:
    """Is one group written (publish date or stamp) in years that come ``YEARS_BEFORE`` or
    more after every year the other group's articles name, the other group undated and at
    least ``YEARS_NAMED_MIN`` of its articles naming a year? Coverage of an event names its
    own year if it names any; an undated group whose years all lie long before the other's
    writing reports an older event of the subject."""
    for dated, undated in ((first, second), (second, first)):
        if 4 * sum(articles[i].written is not None for i in undated) > len(undated):
            continue
        written = [articles[i].written for i in dated if articles[i].written is not None]
        if 2 * len(written) < len(dated):
            continue
        naming = [
            articles[i].years for i in undated if articles[i].years and articles[i].written is None
        ]
        if len(naming) < YEARS_NAMED_MIN:
            continue
        if max(max(y) for y in naming) <= min(w.year for w in written) - YEARS_BEFORE:
            return True
    return False


def _led_apart(articles: list[ArticleFeatures], first: list[int], second: list[int]) -> bool:
    """Do the ledes of each group agree on a person (half of them or more name them) whom
    fewer than ``LEAD_KNOWN_SHARE`` of the other group's ledes name?"""

    def agreed(group: list[int]) -> tuple[set[str], Counter]:
        named: Counter = Counter()
        for i in group:
            named.update(articles[i].leads)
        return {k for k, count in named.items() if count >= LEAD_CORE_SHARE * len(group)}, named

    core_first, named_first = agreed(first)
    core_second, named_second = agreed(second)
    return any(named_second[k] < LEAD_KNOWN_SHARE * len(second) for k in core_first) and any(
        named_first[k] < LEAD_KNOWN_SHARE * len(first) for k in core_second
    )


def _pair_scores(articles: list[ArticleFeatures], df: DocumentFrequencies) -> list[list[float]]:
    """Each article scored against each other one as a story of one article, both ways
    averaged."""
    n = len(articles)
    scratch = StoryIndex()  # builds the one-article profiles; its frequencies are not used
    for i, features in enumerate(articles):
        scratch.add(i, features)
    scorer = StoryIndex(df=df)
    scorer.stories = scratch.stories
    # Each article is read against each other one, as a story of one lede: two reports
    # leading with different people count a little against each other.
    scorer.lead_one_lede = LEAD_CONFLICT_ONE_LEDE
    one_way = [
        [scorer.score(articles[i], j).total if i != j else 0.0 for j in range(n)] for i in range(n)
    ]
    return [[(one_way[i][j] + one_way[j][i]) / 2 for j in range(n)] for i in range(n)]


def _better_reading(
    pair: list[list[float]],
    groups: list[list[int]],
    best: tuple[float, list[int], list[int]] | None,
    tried: set,
) -> tuple[float, list[int], list[int]] | None:
    """``best`` or the reading of ``groups`` as two events (the two largest, the others
    joining the one they fit better), whichever has the lower ratio across / within."""
    ranked = sorted(groups, key=lambda g: (-len(g), min(g)))
    if len(ranked) < 2 or len(ranked[1]) < SPLIT_MIN_PART:
        return best
    first, second = list(ranked[0]), list(ranked[1])
    for group in ranked[2:]:
        to_first = _mean_link(pair, group, ranked[0])
        to_second = _mean_link(pair, group, ranked[1])
        (first if to_first >= to_second else second).extend(group)
    first, second = _refine(pair, first, second)
    key = (tuple(first), tuple(second))
    if key in tried:
        return best
    tried.add(key)
    small, large = sorted((len(first), len(second)))
    if small < max(SPLIT_MIN_PART, SPLIT_MIN_SHARE * large):
        return best
    within = [pair[i][j] for g in (first, second) for i in g for j in g if i < j]
    mean_within = sum(within) / len(within)
    if mean_within <= 0:
        return best
    across = _mean_link(pair, first, second)
    ratio = across / mean_within
    if best is None or ratio < best[0]:
        return ratio, first, second
    return best


def _mean_link(pair: list[list[float]], one: list[int], other: list[int]) -> float:
    return sum(pair[i][j] for i in one for j in other) / (len(one) * len(other))


def _refine(pair: list[list[float]], first: list[int], second: list[int]) -> tuple[list, list]:
    """Move single articles to the group they fit better on average, a few rounds (never
    leaving a group below ``SPLIT_MIN_PART``); the groups sorted, the one holding the first
    article first."""
    groups = [set(first), set(second)]
    for _ in range(SPLIT_REFINE_ROUNDS):
        moved = False
        for i in sorted(groups[0] | groups[1]):
            mine, other = (0, 1) if i in groups[0] else (1, 0)
            if len(groups[mine]) <= SPLIT_MIN_PART:
                continue
            own = sum(pair[i][j] for j in groups[mine] if j != i) / (len(groups[mine]) - 1)
            if _mean_link(pair, [i], sorted(groups[other])) > own:
                groups[mine].discard(i)
                groups[other].add(i)
                moved = True
        if not moved:
            break
    first, second = sorted(sorted(g) for g in groups)
    return first, second
