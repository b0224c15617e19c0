"""The editors' review of machine findings in the admin: evidence display, the review form
with a speaker autocomplete, and the actions (approve, reject, return to suggested, read
again). ``articles/admin.py`` wires these into its ModelAdmins."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.widgets import AutocompleteSelect
from django.utils import timezone
from django.utils.html import format_html, format_html_join

from articles.editorial.review import quote_appearance_set_speaker, quote_appearances_review
from articles.ingest.reading import KnownSpeakers, article_read
from articles.models import Quote, QuoteAppearance, ReviewState
from jobs.services import job_reread
from sources.models import Speaker

CONTEXT_CHARS = 300


def context_span(body: str, start: int, end: int) -> tuple[int, int]:
    """The sentence(s) around ``body[start:end]``: out to the paragraph's edges, at most
    CONTEXT_CHARS either side, cut at a sentence boundary where there is one."""
    lo = max(body.rfind("\n", 0, start) + 1, start - CONTEXT_CHARS, 0)
    nl = body.find("\n", end)
    hi = min(len(body) if nl < 0 else nl, end + CONTEXT_CHARS)
    if start - lo >= CONTEXT_CHARS:
        cut = max(body.rfind(". ", lo, start - 1), body.rfind("? ", lo, start - 1))
        lo = cut + 2 if cut >= 0 else lo
    if hi - end >= CONTEXT_CHARS:
        cut = body.find(". ", end + 1, hi)
        hi = cut + 1 if cut >= 0 else hi
    return lo, hi


def evidence_html(body: str, start: int, end: int, *, mention: str = "", cue: str = ""):
    """The passage around a quote, escaped, with the quote in ``<mark>``, the words naming
    the speaker in ``<strong>`` and the reporting verb in ``<em>`` (nearest to the quote)."""
    if not (0 <= start < end <= len(body)):
        return "—"
    lo, hi = context_span(body, start, end)
    spans = [(start, end, "mark")]
    for words, tag in ((mention, "strong"), (cue, "em")):
        found = _nearest(body, words, lo, hi, start, end, taken=spans)
        if found is not None:
            spans.append((found, found + len(words), tag))
    spans.sort()
    pieces, pos = [], lo
    for s, e, tag in spans:
        pieces.append(format_html("{}", body[pos:s]))
        pieces.append(format_html(f"<{tag}>{{}}</{tag}>", body[s:e]))
        pos = e
    pieces.append(format_html("{}", body[pos:hi]))
    prefix = "… " if lo > 0 and body[lo - 1] != "\n" else ""
    suffix = " …" if hi < len(body) and body[hi] != "\n" else ""
    return format_html(
        '<blockquote class="evidence">{}{}{}</blockquote>',
        prefix,
        format_html_join("", "{}", ((p,) for p in pieces)),
        suffix,
    )


def _nearest(body, words, lo, hi, start, end, *, taken) -> int | None:
    if not words:
        return None
    best = None
    pos = body.find(words, lo, hi)
    while pos >= 0:
        clash = any(pos < e and s < pos + len(words) for s, e, _ in taken)
        if not clash:
            distance = pos - end if pos >= end else start - (pos + len(words))
            if best is None or distance < best[0]:
                best = (distance, pos)
        pos = body.find(words, pos + 1, hi)
    return best[1] if best else None


class QuoteAppearanceReviewForm(forms.ModelForm):
    """Review one finding: its state and who said it (autocomplete over speakers)."""

    speaker = forms.ModelChoiceField(
        queryset=Speaker.objects.all(),
        required=False,
        help_text="Who said it. Fixing it here applies to the quote wherever it appears.",
        widget=AutocompleteSelect(Quote._meta.get_field("speaker"), admin.site),
    )

    class Meta:
        model = QuoteAppearance
        fields = ["review_state"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["speaker"].initial = self.instance.quote.speaker_id


def save_review(request, appearance: QuoteAppearance, form) -> None:
    """Apply an editor's review from the change form through the services, stamping them."""
    if "speaker" in form.changed_data:
        quote_appearance_set_speaker(
            appearance=appearance, speaker=form.cleaned_data["speaker"], user=request.user
        )
    if "review_state" in form.changed_data:
        quote_appearances_review(
            appearances=[appearance], state=form.cleaned_data["review_state"], user=request.user
        )


def _review(modeladmin, request, queryset, state: str, verb: str) -> None:
    count = quote_appearances_review(appearances=queryset, state=state, user=request.user)
    modeladmin.message_user(request, f"{verb} {count} quote(s).", messages.SUCCESS)


@admin.action(description="Approve selected quotes", permissions=["review"])
def approve_appearances(modeladmin, request, queryset):
    _review(modeladmin, request, queryset, ReviewState.APPROVED, "Approved")


@admin.action(description="Reject selected quotes", permissions=["review"])
def reject_appearances(modeladmin, request, queryset):
    _review(modeladmin, request, queryset, ReviewState.REJECTED, "Rejected")


@admin.action(description="Return selected quotes to suggested", permissions=["review"])
def unreview_appearances(modeladmin, request, queryset):
    _review(modeladmin, request, queryset, ReviewState.SUGGESTED, "Returned")


@admin.action(description="Read again (keeps editors' decisions)", permissions=["change"])
def read_articles_again(modeladmin, request, queryset):
    if queryset.count() > 1:  # background work: a job reads them, one by one
        job = job_reread(list(queryset.values_list("pk", flat=True)), user=request.user)
        modeladmin.message_user(
            request,
            format_html(
                'Reading {} article(s) again in the background: <a href="{}">follow the job</a>.',
                job.total,
                job.get_absolute_url(),
            ),
            messages.SUCCESS,
        )
        return
    known = KnownSpeakers()
    totals = {"added": 0, "removed": 0, "kept": 0}
    failed = []
    for article in queryset.select_related("outlet"):
        try:
            result = article_read(article=article, known=known)
        except Exception as exc:  # report and go on with the other articles
            failed.append(f"{article.pk}: {exc}")
            continue
        for key in totals:
            totals[key] += getattr(result, key)
    modeladmin.message_user(
        request,
        f"Read {queryset.count() - len(failed)} article(s) again: {totals['added']} new "
        f"suggestion(s), {totals['removed']} stale suggestion(s) removed, {totals['kept']} "
        "reviewed quote(s) kept.",
        messages.SUCCESS,
    )
    if failed:
        modeladmin.message_user(request, "Could not read: " + "; ".join(failed), messages.ERROR)


def stamp_inline_reviews(request, formset) -> None:
    """Appearances whose state an editor changed in the article's inline get stamped."""
    if formset.model is not QuoteAppearance:
        return
    for form in formset.forms:
        if form.instance.pk and "review_state" in form.changed_data:
            form.instance.reviewed_by = request.user
            form.instance.reviewed_at = timezone.now()
