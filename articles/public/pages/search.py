"""The reader's search: stories, quotes, articles and people readers may see, best first.

Every list starts from what the public may see (the same querysets as the pages), narrows it
with the full-text index (``articles.core.search``) and the reader's filters, and shows each
hit with a passage around the words that matched. Staff get the same results as readers: the
admin has its own searches for unpublished work.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time

from django import forms
from django.core.paginator import Paginator
from django.db.models import Exists, OuterRef, Prefetch, QuerySet, prefetch_related_objects
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from articles.core.search import (
    MAX_QUERY_LENGTH,
    clean_query,
    ranked,
    ranked_limit,
)
from articles.core.search_snippets import snippets
from articles.core.visibility import (
    public_outlets,
    public_speakers,
    reader_appearances,
    reader_people,
)
from articles.models import Article, Quote, Story
from sources.models import Speaker

KINDS = {
    "stories": _("Stories"),
    "quotes": _("Quotes"),
    "articles": _("Articles"),
    "people": _("People"),
}
PER_PAGE = 20
PER_KIND_IN_ALL = 5


class SearchForm(forms.Form):
    q = forms.CharField(label=_("Search for"), max_length=MAX_QUERY_LENGTH, required=False)
    kind = forms.ChoiceField(
        label=_("Show"), choices=[("", _("Everything")), *KINDS.items()], required=False
    )
    outlet = forms.ModelChoiceField(
        label=_("Outlet"),
        queryset=None,
        to_field_name="slug",
        required=False,
        empty_label=_("Any outlet"),
    )
    speaker = forms.SlugField(label=_("Person or organisation"), required=False, max_length=80)
    start = forms.DateField(
        label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    end = forms.DateField(
        label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["outlet"].queryset = public_outlets().order_by("name")

    def clean_q(self) -> str:
        return clean_query(self.cleaned_data.get("q"))

    def clean(self):
        data = super().clean()
        start, end = data.get("start"), data.get("end")
        if start and end and start > end:
            self.add_error("end", _("The end date is before the start date."))
        return data


@dataclass
class Filters:
    outlet: object = None
    speaker: Speaker | None = None
    start: datetime | None = None
    end: datetime | None = None

    @classmethod
    def from_form(cls, data: dict) -> Filters:
        slug = data.get("speaker")
        speaker = public_speakers().filter(slug=slug).first() if slug else None
        tz = timezone.get_current_timezone()
        start = data.get("start")
        end = data.get("end")
        return cls(
            outlet=data.get("outlet"),
            speaker=speaker,
            start=datetime.combine(start, time.min, tz) if isinstance(start, date) else None,
            end=datetime.combine(end, time.max, tz) if isinstance(end, date) else None,
        )


@dataclass
class Section:
    kind: str
    label: str
    count: int
    hits: list = field(default_factory=list)
    page: object = None

    @property
    def capped(self) -> bool:
        """Whether the section may hold only the newest of its matches (``ranked``)."""
        return self.count >= ranked_limit()


def _dated(qs: QuerySet, f: Filters, prefix: str = "") -> QuerySet:
    if f.start:
        qs = qs.filter(**{f"{prefix}published_at__gte": f.start})
    if f.end:
        qs = qs.filter(**{f"{prefix}published_at__lte": f.end})
    return qs


def stories(q: str, f: Filters) -> QuerySet[Story]:
    qs = _dated(Story.objects.published(), f)
    if f.outlet is not None:
        covered = Article.objects.public().filter(story=OuterRef("pk"), outlet=f.outlet)
        qs = qs.filter(Exists(covered))
    if f.speaker is not None:
        quoted = Quote.objects.public().filter(story=OuterRef("pk"), speaker=f.speaker)
        named = reader_people().filter(article__story=OuterRef("pk"), speaker=f.speaker)
        qs = qs.filter(Exists(quoted) | Exists(named))
    return ranked(qs, q, key="story", related=[("keypoint", "story_id")])


def quotes(q: str, f: Filters) -> QuerySet[Quote]:
    qs = Quote.objects.public().select_related("speaker", "story")
    if f.speaker is not None:
        qs = qs.filter(speaker=f.speaker)
    if f.outlet is not None or f.start or f.end:
        carried = _dated(reader_appearances().filter(quote=OuterRef("pk")), f, "article__")
        if f.outlet is not None:
            carried = carried.filter(article__outlet=f.outlet)
        qs = qs.filter(Exists(carried))
    # A quote is found by its words and by its speaker's name ("Roe" finds what Roe said).
    return ranked(
        qs,
        q,
        key="quote",
        related=[("wording", "quote_id")],
        via=[("speaker", "speaker_id", "id"), ("speakeralias", "speaker_id", "speaker_id")],
    )


def articles(q: str, f: Filters) -> QuerySet[Article]:
    qs = _dated(Article.objects.public(), f).select_related("outlet", "story").defer("body")
    if f.outlet is not None:
        qs = qs.filter(outlet=f.outlet)
    if f.speaker is not None:
        quoted = reader_appearances().filter(article=OuterRef("pk"), quote__speaker=f.speaker)
        named = reader_people().filter(article=OuterRef("pk"), speaker=f.speaker)
        qs = qs.filter(Exists(quoted) | Exists(named))
    return ranked(qs, q, key="article")


def people(q: str, f: Filters) -> QuerySet[Speaker]:
    return ranked(public_speakers(), q, key="speaker", related=[("speakeralias", "speaker_id")])


SELECTORS = {"stories": stories, "quotes": quotes, "articles": articles, "people": people}


def _with_snippets(kind: str, rows: list, q: str) -> list:
    ids = [r.pk for r in rows]
    if kind == "stories":
        found = snippets(Story, ids, q, key="story", field="dek")
    elif kind == "quotes":
        found = snippets(Quote, ids, q, key="quote", field="text", words=40)
    elif kind == "articles":
        found = snippets(Article, ids, q, key="article", field="body")
    else:
        found = {}
    for row in rows:
        row.snippet = found.get(row.pk)
    if kind == "quotes" and rows:
        # Which outlets carried each quote: one query for the page.
        wordings = reader_appearances().select_related("article__outlet").defer("article__body")
        prefetch_related_objects(
            rows, Prefetch("appearances", queryset=wordings, to_attr="wordings")
        )
        for row in rows:
            row.outlets = sorted({w.article.outlet for w in row.wordings}, key=lambda o: o.name)
            # A speaker not identified: the first outlet's own words for who spoke, if any.
            row.said_by = (
                ""
                if row.speaker_id
                else next((w.speaker_as_written for w in row.wordings if w.speaker_as_written), "")
            )
    return rows


def search(q: str, f: Filters, *, kind: str = "", page: int | str = 1) -> list[Section]:
    """One section per kind ("everything": the best few of each), or one paged kind."""
    if not q:
        return []
    kinds = [kind] if kind in SELECTORS else list(SELECTORS)
    sections = []
    for k in kinds:
        qs = SELECTORS[k](q, f)
        if kind:
            page_obj = Paginator(qs, PER_PAGE).get_page(page)
            rows = list(page_obj.object_list)
            count = page_obj.paginator.count
        else:
            rows = list(qs[:PER_KIND_IN_ALL])
            page_obj = None
            count = qs.count() if len(rows) == PER_KIND_IN_ALL else len(rows)
        sections.append(Section(k, KINDS[k], count, _with_snippets(k, rows, q), page_obj))
    return sections
