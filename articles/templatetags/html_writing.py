"""Writing HTML in Python as the template engine writes it: values escaped as it escapes
them, and dates as its ``date`` filter writes them, each phrase translated and each date
formatted once a call (``Memo``), and kept for the next calls: in one language and time
zone a moment is always written the same way, and a page of 50 articles writes some 150
dates, the same ones on every request (``_WRITTEN``). Used by the story page's
Python-written parts (``story_html``, ``claim_html``)."""

from __future__ import annotations

import html
import unicodedata
from datetime import datetime
from functools import lru_cache

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.defaultfilters import truncatechars
from django.utils.dateformat import DateFormat, re_escaped, re_formatchars
from django.utils.formats import localize
from django.utils.functional import Promise
from django.utils.timezone import _datetime_ambiguous_or_imaginary, get_current_timezone
from django.utils.translation import get_language, gettext, ngettext

from sources.addresses import page_address


def esc(value) -> str:
    """``value`` as the template engine prints it: escaped unless marked safe. What
    ``conditional_escape`` returns, without its wrapper for lazy text on every call (a page
    escapes a thousand values)."""
    if type(value) is str:  # most values: neither lazy nor marked safe
        return html.escape(value)
    if isinstance(value, Promise):
        value = str(value)
    if hasattr(value, "__html__"):
        return value.__html__()
    return html.escape(str(value))


def truncated(text: str, length: int) -> str:
    """``truncatechars(text, length)``: a plain text no longer than ``length`` (and in the
    normal form the filter gives it) is the filter's answer as it stands, without its
    ``Truncator`` and translated ellipsis (an outlet's name, the usual case); any other goes
    to the filter."""
    if type(text) is str and len(text) <= length and unicodedata.is_normalized("NFC", text):
        return text
    return truncatechars(text, length)


@lru_cache(maxsize=16)
def _date_pieces(format_string: str) -> tuple[tuple[bool, str], ...]:
    """A ``date`` format cut as ``DateFormat.format`` cuts it, once: (is a format character,
    the character or the literal text)."""
    pieces = []
    for i, piece in enumerate(re_formatchars.split(format_string)):
        if i % 2:
            pieces.append((True, piece))
        elif piece:
            pieces.append((False, re_escaped.sub(r"\1", piece)))
    return tuple(pieces)


LONG_DATE = "j F Y, H:i e"

# Format characters whose text depends only on the month (and the language): their names.
_MONTH_NAMES = frozenset("bEFMN")

# Dates written before, by (time zone, language, moment, its zone and fold, whether it is
# converted, format): kept across calls, bounded, emptied when a setting changes (the formats, the
# languages, the time zone).
_WRITTEN: dict[tuple, str] = {}
_WRITTEN_LIMIT = 20_000


# Phrases translated before, by (language, message) and by (language, singular, plural,
# count): a language's catalogue does not change while the process runs (Django loads each
# once), so neither does a translation; a page asks for the same few dozen on every request.
# Counts localized before, likewise, by ("number", language, type, value). Bounded, emptied
# when a setting changes (the languages, the catalogues' folders, the number formats).
_TRANSLATED: dict[tuple, str] = {}
_TRANSLATED_LIMIT = 20_000


@receiver(setting_changed, dispatch_uid="articles.templatetags.html_writing.forget")
def forget(**kwargs) -> None:
    _WRITTEN.clear()
    _TRANSLATED.clear()


def kept(key: tuple, translate) -> str:
    """``translate()``, worked out once for ``key`` (``_TRANSLATED``)."""
    text = _TRANSLATED.get(key)
    if text is None:
        if len(_TRANSLATED) >= _TRANSLATED_LIMIT:
            _TRANSLATED.clear()
        text = _TRANSLATED[key] = translate()
    return text


# ``language``, below: the active language when the caller has it already (``Memo.language``):
# asking Django for it reads a thread-local through asgiref (about 1.7 microseconds, most of
# what a kept phrase costs), and a story page asked about a hundred times.


def translated(message: str, language: str | None = None) -> str:
    """``gettext(message)`` in the active language (``language``), looked up once
    (``_TRANSLATED``)."""
    return kept((language or get_language(), message), lambda: gettext(message))


def plural(singular: str, plural_: str, count: int, language: str | None = None) -> str:
    """``ngettext(singular, plural_, count)`` in the active language (``language``), looked
    up once for each count (``_TRANSLATED``)."""
    return kept(
        (language or get_language(), singular, plural_, count),
        lambda: ngettext(singular, plural_, count),
    )


def localized(value: int, language: str | None = None) -> str:
    """``localize(value)`` for a count in the active language (``language``), worked out once
    (``_TRANSLATED``): it depends only on the language and the settings (the number formats),
    and cost about 3.8 microseconds a call (the formats looked up, the digits grouped)."""
    return kept(("number", language or get_language(), type(value), value), lambda: localize(value))


class Memo:
    """What one call writes again and again, worked out once: the same few phrases, labels
    and dates (the template engine looked each up anew). Dates are written in the time zone
    current when the call began (which a template cannot change in the middle of a tag), each
    month's name translated once. ``urls``: the page's objects' addresses (``page_address``),
    when the call shares them with other parts of the page."""

    def __init__(self, urls: dict | None = None):
        self.phrases: dict[str, str] = {}
        self.labels: dict[tuple, tuple[str, str]] = {}
        self.escaped: dict[str, str] = {}
        self.dates: dict[tuple, str] = {}
        self.months: dict[tuple[str, int], str] = {}
        self.numbers: dict[int, str] = {}
        self.addresses: dict[tuple, str] = {}
        self.urls: dict = {} if urls is None else urls
        self.zone = get_current_timezone() if settings.USE_TZ else None
        self.language = get_language()

    def t(self, message: str) -> str:
        """``message`` translated and escaped."""
        phrase = self.phrases.get(message)
        if phrase is None:
            phrase = self.phrases[message] = esc(translated(message, self.language))
        return phrase

    def label(self, wording) -> tuple[str, str]:
        """A wording's kind and label, escaped: both follow from whether it is the first, how
        it was matched and whether a verbatim match is only in part, so they are worked out
        once for each."""
        key = (wording.is_first, wording.match, wording.in_part)
        phrase = self.labels.get(key)
        if phrase is None:
            phrase = self.labels[key] = (esc(wording.kind), esc(wording.match_label))
        return phrase

    def number(self, value: int) -> str:
        """``localize(value)`` for a count a call writes again and again."""
        text = self.numbers.get(value)
        if text is None:
            text = self.numbers[value] = localized(value, self.language)
        return text

    def translated(self, message: str) -> str:
        """``translated(message)``, in the call's language."""
        return translated(message, self.language)

    def plural(self, singular: str, plural_: str, count: int) -> str:
        """``plural(singular, plural_, count)``, in the call's language."""
        return plural(singular, plural_, count, self.language)

    def e(self, value) -> str:
        """``esc(value)`` for a value a call writes again and again (an outlet's name, an
        article's address), escaped once."""
        text = self.escaped.get(value)
        if text is None:
            text = self.escaped[value] = esc(value)
        return text

    def address(self, obj) -> str:
        """``obj.get_absolute_url()`` escaped, once for each object of a model (a speaker's
        page, named again and again: by its quotes and in the people list). A plain row
        of a model (``story_rows``) names its ``model``."""
        key = (getattr(obj, "model", type(obj)), obj.pk)
        text = self.addresses.get(key)
        if text is None:
            text = self.addresses[key] = esc(page_address(self.urls, obj))
        return text

    def date(self, moment, format_string: str) -> str:
        """``moment`` by the ``date`` filter, escaped."""
        key = (moment, format_string)
        text = self.dates.get(key)
        if text is None:
            written = (
                self.zone,
                self.language,
                type(moment),
                moment,
                getattr(moment, "tzinfo", None),
                getattr(moment, "fold", 0),  # an hour of a zone's that comes twice
                getattr(moment, "convert_to_local_time", True),
                format_string,
            )
            text = _WRITTEN.get(written)
            if text is None:
                if len(_WRITTEN) >= _WRITTEN_LIMIT:
                    _WRITTEN.clear()
                text = _WRITTEN[written] = esc(self._date(moment, format_string))
            self.dates[key] = text
        return text

    def _date(self, moment, format_string: str) -> str:
        """What the ``date`` filter writes for ``moment`` in a template (in the current time
        zone), without cutting the format again for every date: ``DateFormat``'s own methods
        for each character. ISO 8601 ("c") is the moment's own ``isoformat``, as the filter
        writes it."""
        if (
            self.zone is not None
            and isinstance(moment, datetime)
            and moment.utcoffset() is not None
            and getattr(moment, "convert_to_local_time", True)
        ):
            moment = moment.astimezone(self.zone)  # what ``template_localtime`` does
        if format_string == "c":
            return moment.isoformat()
        plain = _PLAIN if isinstance(moment, datetime) else {}
        formatter = None  # a ``DateFormat``, made only for characters written otherwise
        out = []
        for character, piece in _date_pieces(format_string):
            if not character:
                out.append(piece)
            elif piece in plain:
                out.append(plain[piece](moment))
            elif piece in _MONTH_NAMES:
                key = (piece, moment.month)
                name = self.months.get(key)
                if name is None:
                    formatter = formatter or DateFormat(moment)
                    name = self.months[key] = str(getattr(formatter, piece)())
                out.append(name)
            else:
                formatter = formatter or DateFormat(moment)
                out.append(str(getattr(formatter, piece)()))
        return "".join(out)


def _zone_name(moment: datetime) -> str:
    """``DateFormat.e``: the zone's name, none for a naive moment or one its zone makes
    ambiguous or imaginary (a summer-time change)."""
    zone = moment.tzinfo
    if zone is None or _datetime_ambiguous_or_imaginary(moment, zone):
        return ""
    try:
        return moment.tzname() or ""
    except NotImplementedError:
        return ""


# The format characters of a moment the pages write, as ``DateFormat`` writes them, without
# making one for every date (its zone checks cost more than writing the date).
_PLAIN = {
    "j": lambda moment: str(moment.day),
    "Y": lambda moment: f"{moment.year:04d}",
    "H": lambda moment: f"{moment.hour:02d}",
    "i": lambda moment: f"{moment.minute:02d}",
    "e": _zone_name,
}
