"""Text layout helpers: paragraphs, sentences and small word lists shared by the readers.

Everything works on offsets into the original string so callers can slice the input and get
back exactly what the reader saw. Paragraphs are lines: scraped and pasted news usually puts
one paragraph per line, and a blank line between paragraphs is just an empty line here.

Hard-wrapped copy (wire stories, e-mailed releases, features cut at 70-odd columns) is the
exception: when a text separates paragraphs with blank lines, a single newline after a line of
wrap width or less is a line wrap inside the paragraph, read like a space. So a quote or an
attribution that runs over a wrap stays whole. Windows newlines and no-break spaces count as
whitespace throughout; offsets still index the text as given.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

# Words that end with a full stop without ending a sentence.
ABBREVIATIONS = frozenset(
    """mr mrs ms dr prof st sen rep gov gen lt col capt sgt jr sr no nos inc ltd co corp vs
    u.s u.k u.n e.g i.e a.m p.m jan feb mar apr jun jul aug sep sept oct nov dec mt ft rev hon
    dept fig approx est lt.col brig adm cmdr insp det supt cllr mme mlle messrs st. atty dist
    asst dep maj cpl pvt amb fr msgr const""".split()
)

OPENING_MARKS = "“„«‹\"'‘"
_BLANK_LINE = re.compile(r"\n[ \t\r\f\v\u00a0]*\n")
# A line this long or shorter, followed by a single newline, is hard-wrapped.
WRAP_WIDTH = 100
_LINE_BODY = re.compile(r"\S(?:[^\n]*\S)?")
# A full stop (or ! ? …) with any closing quote/bracket marks, followed by whitespace.
_BOUNDARY = re.compile(r"[.!?…]+[”\"’»›)\]]*(?=\s)")
_WORD_BEFORE = re.compile(r"([\w.]+)$")


def alternation(words) -> str:
    """A regex alternative matching any of ``words``, built as a trie.

    Python's ``re`` tries the branches of ``a|b|c`` one by one at every position; a list of
    two hundred reporting verbs made that the engine's hottest loop. A trie branches on one
    character at a time, and its optional endings are greedy, so the longest word still wins.
    """
    trie: dict = {}
    for w in words:
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict) -> str:
        alts = [re.escape(ch) + build(node[ch]) for ch in sorted(k for k in node if k)]
        if not alts:
            return ""
        if len(alts) == 1 and "" not in node:
            return alts[0]
        body = "(?:" + "|".join(alts) + ")"
        return body + "?" if "" in node else body

    return build(trie)


def first_letter(words) -> str:
    """A look-ahead for the first letters of ``words``, ``(?=[abc])``, to put before their
    :func:`alternation` in a pattern that ignores case: there ``re`` enters every branch of
    the trie's first letter at each place it tries (it skips at once only a case-sensitive
    letter that does not match); the look-ahead fails at once where no word starts."""
    return "(?=[" + re.escape("".join(sorted({w[0] for w in words}))) + "])"


def may_end_with(text: str, endings: tuple[str, ...]) -> bool:
    """Whether ``text``'s last word (split at white space) may end with one of ``endings``
    (lower case), ignoring case: a quick test before a pattern anchored at the end of a
    window, whose search tries every place of the window. An ASCII word only if its lower
    case does; any other word, yes (Unicode case folding matches more than lower case does).
    """
    last = text.rsplit(None, 1)[-1:]
    if not last:
        return False
    word = last[0]
    return not word.isascii() or word.lower().endswith(endings)


def is_wrapped(text: str) -> bool:
    """Does the text put blank lines between paragraphs (so single newlines may be wraps)?
    Not when a tenth of its lines run well past any wrap width: one paragraph a line, with a
    blank line here and there (after the headline), is no hard-wrapped copy."""
    if "\n" not in text or _BLANK_LINE.search(text) is None:
        return False
    lines = [line for line in text.split("\n") if line.strip()]
    wide = 2 * WRAP_WIDTH
    return sum(1 for line in lines if len(line) > wide) * 10 < len(lines)


def paragraph_spans(text: str) -> list[tuple[int, int]]:
    """Return (start, end) of every paragraph, trimmed of surrounding whitespace.

    A paragraph is a non-blank line, or in hard-wrapped text (see the module notes) a run of
    lines joined by single newlines.
    """
    wrapped = is_wrapped(text)
    if not wrapped:
        # Every line that is not blank is a paragraph of its own: from its first character
        # that is not white space to its last (``\s`` is what ``str.strip`` takes away).
        return [m.span() for m in _LINE_BODY.finditer(text)]
    spans: list[list[int]] = []  # [start, end, where the next line starts]
    joinable = False  # the previous line was non-blank and of wrap width
    le = -1
    for line in text.split("\n"):  # each line: text[ls:le]
        ls = le + 1
        le = ls + len(line)
        if not line:
            continue
        body = line.lstrip()  # (``strip`` and ``isspace`` agree on what white space is)
        if not body:
            joinable = False
            continue
        s = le - len(body)
        e = s + len(body.rstrip())
        if joinable and spans and ls == spans[-1][2]:
            spans[-1][1] = e
        else:
            spans.append([s, e, 0])
        spans[-1][2] = le + 1  # where the next line starts if nothing blank comes between
        joinable = wrapped and le - ls <= WRAP_WIDTH + 1
    return [(s, e) for s, e, _ in spans]


def _is_abbreviation(text: str, punct_pos: int) -> bool:
    if text[punct_pos] != ".":
        return False
    m = _WORD_BEFORE.search(text, max(0, punct_pos - 12), punct_pos)
    if not m:
        return False
    word = m.group(1).lower().rstrip(".")
    if word in ABBREVIATIONS:
        return True
    # A lone initial ("J. Smith") or a dotted acronym ("U.S.").
    return len(word) == 1 and word.isalpha() or ("." in word and len(word) <= 6)


@dataclass(slots=True)
class Layout:
    """Paragraph and sentence boundaries of one text, for fast position look-ups."""

    text: str
    paragraphs: list[tuple[int, int]]
    para_starts: list[int] = field(default_factory=list)
    boundaries: list[int] = field(default_factory=list)
    # sentence_start and sentence_end by position: asked again and again for a quote's marks
    starts: dict[int, int] = field(default_factory=dict)
    ends: dict[int, int] = field(default_factory=dict)

    def paragraph_index(self, pos: int) -> int:
        i = bisect_right(self.para_starts, pos) - 1
        return i if i > 0 else 0

    def sentence_start(self, pos: int) -> int:
        start = self.starts.get(pos)
        if start is not None:
            return start
        if self.paragraphs:
            i = bisect_right(self.para_starts, pos) - 1
            p0 = self.para_starts[i if i > 0 else 0]
        else:
            p0 = 0
        boundaries = self.boundaries
        i = bisect_right(boundaries, pos) - 1
        start = boundaries[i] if i >= 0 and boundaries[i] > p0 else p0
        text = self.text
        while start < pos and text[start].isspace():
            start += 1
        self.starts[pos] = start
        return start

    def sentence_end(self, pos: int) -> int:
        end = self.ends.get(pos)
        if end is not None:
            return end
        if self.paragraphs:
            i = bisect_right(self.para_starts, pos) - 1
            p1 = self.paragraphs[i if i > 0 else 0][1]
        else:
            p1 = len(self.text)
        boundaries = self.boundaries
        i = bisect_left(boundaries, pos + 1)
        end = boundaries[i] if i < len(boundaries) and boundaries[i] < p1 else p1
        self.ends[pos] = end
        return end


def occurrences(haystack, needles) -> list[int]:
    """Every position where one of ``needles`` starts in ``haystack`` (str or bytes), in
    order: found with ``find``, far cheaper than a pattern's search, which tests every
    character against its first class."""
    found: list[int] = []
    for needle in needles:
        q = haystack.find(needle)
        while q >= 0:
            found.append(q)
            q = haystack.find(needle, q + 1)
    found.sort()
    return found


def build_layout(
    text: str,
    quote_regions: list[tuple[int, int]],
    paragraphs: list[tuple[int, int]] | None = None,
) -> Layout:
    """Find paragraphs and sentence ends, ignoring sentence ends inside quotations.

    ``quote_regions`` are (opening mark index, closing mark index) pairs; a boundary falling
    inside one is not a sentence end, so a quoted speech of several sentences stays in the
    sentence that carries its attribution. ``paragraphs`` saves finding them again when the
    caller has them (:func:`paragraph_spans` of the same text).
    """
    if paragraphs is None:
        paragraphs = paragraph_spans(text)
    layout = Layout(text, paragraphs, [p[0] for p in paragraphs])
    opens = [q[0] for q in quote_regions]
    boundaries = []
    n = len(text)
    # ``_BOUNDARY.finditer(text, ps, pe)`` in each paragraph, tried only where a match can
    # start (the pattern's search would try every character).
    ends = occurrences(text, ".!?…")  # where a ``_BOUNDARY`` can open
    n_ends = len(ends)
    match = _BOUNDARY.match
    for ps, pe in paragraphs:
        k = bisect_left(ends, ps)
        done = ps
        while k < n_ends and ends[k] < pe:
            q = ends[k]
            k += 1
            if q < done:
                continue
            m = match(text, q, pe)
            if m is None:
                continue
            done = b = m.end()
            i = bisect_right(opens, b - 1) - 1
            if i >= 0 and quote_regions[i][0] < b - 1 < quote_regions[i][1]:
                continue
            j = b
            while j < n and text[j] in " \t\r\n\u00a0":
                j += 1
            if j >= pe:
                continue
            nxt = text[j]
            if not (nxt.isupper() or nxt.isdigit() or nxt in OPENING_MARKS or nxt in "(["):
                continue
            if _is_abbreviation(text, m.start()) and nxt not in OPENING_MARKS:
                continue
            boundaries.append(b)
    layout.boundaries = boundaries
    return layout


# --- text coming in ------------------------------------------------------------------------

# C0 controls but tab and newline, DEL, C1 controls, lone surrogates (JSON can carry them;
# no database stores them) and the two noncharacters U+FFFE and U+FFFF.
# Control characters, and the invisible ones that can make text read other than it is: bidi
# embeddings, overrides and isolates (U+202A-E, U+2066-9: a headline shown reversed), the zero
# width space and the byte-order mark. Joiners (U+200C/D) and bidi marks (U+200E/F) stay:
# scripts and emoji need them.
_UNWANTED_RE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f"
    + f"{chr(0xD800)}-{chr(0xDFFF)}"  # (mypyc takes no surrogate in a literal)
    + "\ufffe\uffff\u200b\u202a-\u202e\u2066-\u2069\ufeff]"
)
_LINE_BREAKS_RE = re.compile(r"\r\n?|[\u2028\u2029\x85]")
_SINGLE_LINE_SPACE_RE = re.compile(r"[\t\n]+")


def clean_text(value: str, *, multiline: bool = True) -> str:
    """Text as Newsroom stores it: Unicode NFC, line breaks as ``\\n``, and no control
    character but newline and tab (a single-line value has neither: they become spaces).

    Every way in uses it (the ingestion service, and every admin and API write through the
    models' save), so pages, feeds and exports never meet a character they cannot carry."""
    if not value:
        return value
    value = _LINE_BREAKS_RE.sub("\n", value)
    value = _UNWANTED_RE.sub("", value)
    value = unicodedata.normalize("NFC", value)
    if not multiline:
        value = _SINGLE_LINE_SPACE_RE.sub(" ", value)
    return value
