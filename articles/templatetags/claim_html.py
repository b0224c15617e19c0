"""The sources of the story page's key points and summary paragraphs written in Python, as
``story_html`` writes its quotes and coverage: the chips (one per outlet) and the details
under each claim (evidence passages, outlets cited, an editor's word), the same markup the
templates wrote (``tests/public/test_story_html.py``)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

from articles.templatetags.html_writing import Memo, esc

register = template.Library()


_CHIP_NOTES = {
    ("evidence", True): ": see the evidence, found by machine",
    ("evidence", False): ": see the evidence",
    ("article", True): ": see the article",
    ("article", False): ": see the article",
}


@register.simple_tag
def source_chips(chips, vouched="", memo: Memo | None = None) -> SafeString:
    """A claim's chips (``SourceChip``), one per outlet, or why it has none. ``memo``: the
    caller's, when it writes more of the page."""
    memo = memo or Memo()
    if not chips:
        if vouched:
            note = memo.t("No checked article in Newsroom; an editor vouches for it")
        else:
            note = memo.t("No source linked yet")
        return mark_safe(f'\n<p class="chips chips--none">{note}</p>\n\n')
    out = [f'\n<ul class="chips" aria-label="{memo.t("Sources")}">\n  ']
    for chip in chips:
        name, href = esc(chip.outlet.name), esc(chip.href)
        if chip.kind == "cited":
            out.append(
                f'\n  <li><a class="chip chip--cited" href="{href}">{name} <span '
                f'class="chip__note">{memo.t("cited")}</span><span class="visually-hidden">'
                f"{memo.t(', no article in this story')}</span></a></li>\n  "
            )
            continue
        machine = " chip--machine" if chip.machine_found else ""
        note = memo.t(_CHIP_NOTES.get((chip.kind, bool(chip.machine_found)), ": see its coverage"))
        out.append(
            f'\n  <li><a class="chip{machine}" href="{href}">{name}<span '
            f'class="visually-hidden">{note}</span></a></li>\n  '
        )
    out.append("\n</ul>\n\n")
    return mark_safe("".join(out))


def _evidence(evidence, memo: Memo) -> str:
    article, outlet = evidence.article, evidence.outlet
    href = esc(evidence.href)
    out = [
        f'\n    <li class="evidence" id="{esc(evidence.anchor)}">\n'
        f'      <blockquote cite="{href}"><p>{esc(evidence.passage)}</p></blockquote>\n'
        f'      <p class="evidence__source"><a href="{href}">{esc(outlet.name)}<span '
        f'class="visually-hidden">: {esc(article.headline)}</span></a>'
    ]
    if article.is_translation:
        out.append(f' <span class="note">({memo.t("translated")})</span>')
    if article.url:
        at = memo.translated("at %(outlet)s") % {"outlet": esc(outlet.name)}
        out.append(f' · <a href="{esc(article.url)}" rel="noopener">{at}</a>')
    out.append('</p>\n      <p class="evidence__status">')
    strength = evidence.strength
    if strength == "strong":
        out.append(f'<span class="strength strength--strong">{memo.t("Strong match")}</span>')
    elif strength == "moderate":
        out.append(f'<span class="strength strength--moderate">{memo.t("Moderate match")}</span>')
    else:
        out.append(f'<span class="strength">{memo.t("Chosen by an editor")}</span>')
    if evidence.machine_found:
        out.append(f" · {memo.t('found by machine, not yet checked by an editor')}")
    elif strength:
        out.append(f" · {memo.t('checked by an editor')}")
    out.append("</p>\n    </li>\n    ")
    return "".join(out)


def _cited(cited, memo: Memo) -> str:
    outlet = cited.outlet
    note = memo.t("cited, no article in this story")
    out = [f"\n    <li><strong>{esc(outlet.name)}</strong>: {note}"]
    if cited.paragraph_anchor:
        named = memo.translated(
            'named by <a href="#%(anchor)s">paragraph %(number)s of the story</a>, which '
            "supports this point"
        ) % {"anchor": esc(cited.paragraph_anchor), "number": esc(cited.paragraph_number)}
        out.append(f" ({named})")
    out.append(".")
    if outlet.homepage:
        website = memo.translated("%(outlet)s website") % {"outlet": esc(outlet.name)}
        out.append(f' <a href="{esc(outlet.homepage)}" rel="noopener">{website}</a>')
    out.append("</li>\n    ")
    return "".join(out)


@register.simple_tag
def claim_sources(item, memo: Memo | None = None) -> SafeString:
    """The details under a key point or summary paragraph (``SourcedText``): the evidence
    passages, the outlets cited with no article in the story, an editor's word."""
    if not item.has_details:
        return mark_safe("\n")
    memo = memo or Memo()
    evidence, cited, vouched = item.evidence, item.cited, item.vouched
    if evidence:
        summary = memo.plural(
            "Evidence: 1 passage", "Evidence: %(counter)s passages", len(evidence)
        ) % {"counter": len(evidence)}
    elif vouched and not cited:
        summary = memo.t("Vouched for by an editor")
    else:
        summary = memo.t("About these sources")
    if item.machine_found:
        status = memo.t(
            "sources found by machine, not yet checked by an editor; the text is the editors’"
        )
        summary += f'<span class="claim-sources__status">{status}</span>'
    out = [f'\n<details class="claim-sources">\n  <summary>{summary}</summary>\n  ']
    if evidence:
        out.append('\n  <ol class="evidence-list">\n    ')
        out.extend(_evidence(e, memo) for e in evidence)
        out.append("\n  </ol>\n  ")
    out.append("\n  ")
    if cited:
        out.append(f'\n  <ul class="cited-list" id="{esc(item.cited_anchor)}">\n    ')
        out.extend(_cited(c, memo) for c in cited)
        out.append("\n  </ul>\n  ")
    out.append("\n  ")
    if vouched:
        out.append(
            f'\n  <p class="claim-sources__vouched"><strong>{memo.t("Vouched for by an editor")}'
            f"</strong>: {esc(vouched)}</p>\n  "
        )
    out.append("\n</details>\n\n")
    return mark_safe("".join(out))
