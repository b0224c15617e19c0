"""Import articles from the admin: paste a text, upload a file or give a URL.

The same ingestion service as ``manage.py ingest`` and the API runs behind it, so an editor's
import is read by the engine, placed in its story and reported item by item. One pasted article
is read in the request and reported on the page; files, URLs and several articles become a job
for a worker, and the editor lands on the job's page, which shows its progress.
"""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse

from articles.ingest.ingestor import Ingestor
from articles.ingest.outlets import OUTLET_MISSING
from articles.ingest.parsers import ParsedItem, parse_bytes
from articles.ingest.report import IngestItem, IngestReport
from articles.ingest.service import fits_in_request
from articles.models import Article, Story
from jobs.services import job_upload


class ImportForm(forms.Form):
    outlet = forms.CharField(
        max_length=200,
        required=False,
        help_text="The outlet that published it, by name or alias (new outlets are created). "
        "Needed for pasted text unless it has an “Outlet:” line.",
    )
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 14, "cols": 90}),
        required=False,
        label="Pasted article",
        help_text="One article as text: first line the headline; optional “Key: value” lines "
        "(Outlet, URL, Published, Byline, Language, Translated) before a blank line; then the "
        "body, all of it one article. Several articles: paste them as JSON (a list of "
        "objects with “outlet” and “body”) or JSON Lines, or upload a file.",
    )
    file = forms.FileField(
        required=False,
        help_text="A text, JSON, JSON Lines, HTML, RSS or Atom file.",
    )
    url = forms.URLField(
        required=False, assume_scheme="https", label="URL", help_text="A page or a feed."
    )

    def clean(self):
        cleaned = super().clean()
        given = cleaned.get("text", "").strip() or cleaned.get("file") or cleaned.get("url")
        if not given and "url" not in self.errors:  # a wrong URL is told once, beside it
            raise forms.ValidationError("Paste a text, choose a file or give a URL.")
        upload = cleaned.get("file")
        if upload is not None and upload.size > settings.NEWSROOM_MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                f"The file is too large: {upload.size} bytes, the limit is "
                f"{settings.NEWSROOM_MAX_IMPORT_BYTES}."
            )
        return cleaned


def _single_pasted_article(form: ImportForm) -> ParsedItem | None:
    """The one article of a pasted text given alone, read in the request; else None."""
    if form.cleaned_data.get("file") or form.cleaned_data.get("url"):
        return None
    items = parse_bytes(form.cleaned_data["text"].strip().encode("utf-8"), source="pasted text")
    if len(items) != 1:
        return None
    body = (items[0].payload or {}).get("body")
    if isinstance(body, str) and not fits_in_request(body):
        return None  # a very long article is background work too
    return items[0]


def _import_in_background(modeladmin, request, form: ImportForm):
    upload = form.cleaned_data.get("file")
    job = job_upload(
        text=form.cleaned_data.get("text", "").strip(),
        file_name=upload.name if upload else "",
        file_data=upload.read() if upload else None,
        content_type=(upload.content_type or "") if upload else "",
        url=form.cleaned_data.get("url") or "",
        outlet=form.cleaned_data["outlet"],
        user=request.user,
    )
    modeladmin.message_user(
        request,
        f"Importing {job.label} in the background; this page shows its progress.",
        messages.SUCCESS,
    )
    return HttpResponseRedirect(job.get_absolute_url())


# What an editor is told instead of the service's terse reasons.
EDITOR_WORDS = {
    OUTLET_MISSING: "No outlet: fill in “Outlet” on the import page (it applies to every "
    "article that names none), give each JSON article an “outlet”, or begin a pasted text "
    "with an “Outlet:” line after the headline.",
}


@dataclass
class ImportRow:
    """One imported item as the editor reads it: headlines, linked, not ids."""

    item: IngestItem
    article: Article | None
    story: Story | None

    @property
    def error(self) -> str:
        return editor_error(self.item.error or "")


def editor_error(error: str) -> str:
    """An item's error in an editor's words, where the service's are terse."""
    for start, words in EDITOR_WORDS.items():
        if error.startswith(start):
            return words
    return error


def _rows(report: IngestReport) -> list[ImportRow]:
    articles = Article.objects.in_bulk([i.article for i in report.items if i.article])
    stories = Story.objects.in_bulk([i.story for i in report.items if i.story])
    return [ImportRow(i, articles.get(i.article), stories.get(i.story)) for i in report.items]


def import_view(modeladmin, request):
    if not modeladmin.has_add_permission(request):
        raise PermissionDenied
    report: IngestReport | None = None
    if request.method == "POST":
        form = ImportForm(request.POST, request.FILES)
        if form.is_valid():
            single = _single_pasted_article(form)
            if single is None:
                # Files, URLs and several articles are background work: off to a worker.
                return _import_in_background(modeladmin, request, form)
            ingestor = Ingestor(
                user=request.user, default_outlet=form.cleaned_data["outlet"].strip() or None
            )
            report = IngestReport(items=[ingestor.ingest(single)])
            if not report.errors:
                form = ImportForm()  # all in: a clean form for the next one
    else:
        form = ImportForm()
    context = {
        **modeladmin.admin_site.each_context(request),
        "opts": modeladmin.model._meta,
        "title": "Import articles",
        "form": form,
        "report": report if report and report.items else None,
        "rows": _rows(report) if report else [],
    }
    return TemplateResponse(request, "admin/articles/article/import.html", context)
