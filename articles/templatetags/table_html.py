"""The story page's facet charts and figure table written in Python, as ``story_html``
writes its quotes and coverage: the same markup the templates wrote
(``tests/public/test_story_html.py`` holds each to the template it replaced)."""

from __future__ import annotations

from django import template
from django.template.defaultfilters import capfirst
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from articles.templatetags.html_writing import esc, localized, plural, translated, truncated

register = template.Library()


def _facet(facet, coverage, language: str) -> str:
    title = esc(facet.title)
    width = coverage.chart_width
    bars = ", ".join(
        f"{esc(bar['label'])} {localized(bar['count'], language)}" for bar in facet.bars
    )
    out = [
        '\n  <figure class="facet">\n'
        f'    <figcaption class="facet__caption">{title}</figcaption>\n'
        f'    <svg class="facet__chart" role="img" viewBox="0 0 {width} {facet.height}" '
        f'width="{width}" height="{facet.height}" aria-label="{title}: {bars}">\n      '
    ]
    for bar in facet.bars:
        y = bar["y"]
        out.append(
            f'\n      <text x="0" y="{y + 15}" class="facet__label">'
            f"{esc(truncated(bar['label'], 28))}</text>\n"
            f'      <rect x="{coverage.label_width}" y="{y + 4}" width="{bar["width"]}" '
            'height="14" class="facet__bar"></rect>\n'
            f'      <text x="{bar["text_x"]}" y="{y + 15}" class="facet__count">'
            f"{localized(bar['count'], language)}</text>\n      "
        )
    out.append("\n    </svg>\n  </figure>\n  ")
    return "".join(out)


@register.simple_tag
def coverage_facets(coverage) -> SafeString:
    """Who covered the story (``Coverage``): a bar chart (inline SVG) for each facet, the
    kinds of outlet with no article, and where the facts come from."""
    total = coverage.total
    language = get_language()  # once, for every phrase and count below
    title = plural(
        "Who covered it: %(counter)s outlet", "Who covered it: %(counter)s outlets", total, language
    ) % {"counter": localized(total, language)}
    out = [
        f'<div class="facets" id="coverage-facets">\n  <h3 class="facets__title">{title}</h3>\n  '
    ]
    out.extend(_facet(facet, coverage, language) for facet in coverage.facets)
    out.append("\n  ")
    if coverage.missing_kinds:
        kinds = ", ".join(esc(kind) for kind in coverage.missing_kinds)
        none_here = translated("No article here from these kinds of outlet:", language)
        out.append(f'<p class="note">{none_here} {kinds}.</p>')
    note = translated(
        "From the facts editors keep on each outlet; ratings are a named third party's, "
        "never Newsroom's.",
        language,
    )
    # A phrase of the template (a constant) is not escaped: it is the site's own markup.
    out.append(f'\n  <p class="note">{note}</p>\n</div>\n')
    return mark_safe("".join(out))


@register.simple_tag
def figure_rows(table) -> SafeString:
    """The figure table's rows (``FigureTableView``): a group for each quantity, its label
    (and a flag when outlets disagree), each outlet's values with their wording (or a dash),
    and the engine's note."""
    out = []
    # The template's own phrases: not escaped, as the template did not escape them.
    language = get_language()
    flag = f' <strong class="flag">{translated("Outlets disagree", language)}</strong>'
    missing = (
        '<span class="note" aria-hidden="true">—</span><span class="visually-hidden">'
        f"{translated('not given', language)}</span>"
    )
    width = len(table.outlets) + 1
    for view in table.rows:
        row = view.row
        disagree = row.disagreement
        group = '<tbody class="disagree">' if disagree else "<tbody>"
        out.append(
            f"\n            {group}\n"
            f'              <tr>\n                <th scope="row">{esc(capfirst(row.label))}'
            f"{flag if disagree else ''}</th>\n                "
        )
        for values in view.cells:
            out.append("\n                <td>")
            if not values:
                out.append(missing)
            out.append(
                "<br>".join(
                    f'<span class="figure-value">{esc(value.display)}</span> '
                    f'<span class="note">“{esc(value.figure.text)}”</span>'
                    for value in values
                )
            )
            out.append("</td>\n                ")
        out.append("\n              </tr>\n              ")
        if row.note:
            out.append(f'<tr class="figure-note"><td colspan="{width}">{esc(row.note)}</td></tr>')
        out.append("\n            </tbody>\n            ")
    return mark_safe("".join(out))
