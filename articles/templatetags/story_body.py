"""The story page's content (``{% block content %}`` of ``articles/story_detail.html``),
social tags and head (its ``social`` and ``head`` blocks) written in Python, around the
parts ``story_html``, ``claim_html`` and ``table_html`` already write: the header, the
corrections, the key points and summary with their chips and sources, the quotes, figures,
related stories, coverage and people, as the template wrote them
(``tests/public/test_story_body.py`` holds each to its block, kept in the test).

Rendered by the template engine, these blocks were some 280 nodes for any story (each a
look-up, a filter and an escape, each ``{% if %}`` and ``{% for %}`` a node walk), about half
of what rendering the story page cost once its long parts were written in Python. Values are
escaped as the engine escapes them (``html_writing.esc``); fixed phrases come out as
``{% translate "…" %}`` writes them (``phrase``: a phrase written in a template is trusted,
not escaped); the lead image and the storyline are included as ``{% include %}`` includes
them.
"""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from articles.templatetags.claim_html import claim_sources, source_chips
from articles.templatetags.html_writing import Memo, esc, kept
from articles.templatetags.newsroom import jsonld_script
from articles.templatetags.story_html import (
    coverage_more,
    coverage_rows,
    coverage_timeline,
    people_list,
    speaker_sections,
)
from articles.templatetags.table_html import coverage_facets, figure_rows
from sources.addresses import cached_reverse

register = template.Library()


def phrase(message: str, language: str) -> str:
    """``{% translate "message" %}`` in ``language`` (the active one): a phrase written in the
    template is marked safe, so its translation is too, and comes out unescaped. Kept with the
    other translations (``html_writing.kept``)."""
    # What ``TranslateNode`` does: percent signs doubled for the look-up, then restored.
    return kept(
        ("phrase", language, message),
        lambda: str(gettext(mark_safe(message.replace("%", "%%")))).replace("%%", "%"),
    )


def _included(context, name: str, **values) -> str:
    """``{% include name with values %}``."""
    included = context.template.engine.get_template(name)
    with context.push(**values):
        return included.render(context)


CITED_LEGEND = "An outlet the story's sources cite, with no article of its own in Newsroom."


def _legend(t, show_unchecked: bool) -> str:
    """``includes/chips_legend.html``."""
    unchecked = ""
    if show_unchecked:
        unchecked = (
            '<div><dt><span class="chip chip--machine chip--sample" aria-hidden="true">'
            f"{t('Outlet')}</span></dt><dd>"
            f"{t('A supporting passage found by machine and not yet checked by an editor.')}"
            "</dd></div>"
        )
    return (
        '<details class="chips-legend">\n'
        f"  <summary>{t('How to read the sources')}</summary>\n"
        "  <dl>\n"
        '    <div><dt><span class="chip chip--sample" aria-hidden="true">'
        f"{t('Outlet')}</span></dt><dd>"
        f"{t('An outlet with an article in this story: the chip leads to the passage that supports the point, or to the article.')}"  # noqa: E501
        "</dd></div>\n"
        '    <div><dt><span class="chip chip--cited chip--sample" aria-hidden="true">'
        f'{t("Outlet")} <span class="chip__note">{t("cited")}</span></span></dt><dd>'
        f"{t(CITED_LEGEND)}"
        "</dd></div>\n"
        f"    {unchecked}\n"
        "  </dl>\n"
        "</details>\n"
    )


@register.simple_tag(takes_context=True)
def story_body(context) -> SafeString:
    """The story page's content block (the context the view gives ``story_detail.html``)."""
    page, story = context["page"], context["story"]
    language = get_language()

    def t(message: str) -> str:
        return phrase(message, language)

    memo = Memo(urls=page.urls)
    out = []
    add = out.append

    count = len(page.reporting_outlets)
    reported = memo.plural(
        "Reported by %(counter)s outlet", "Reported by %(counter)s outlets", count
    )
    add(
        '\n<article class="story" aria-labelledby="story-headline">\n'
        '  <header class="story__header">\n'
        f'    <p class="kicker">{reported % {"counter": esc(memo.number(count))}}</p>\n'
        f'    <h1 id="story-headline">{esc(story.headline)}</h1>\n    '
    )
    if story.dek:
        add(f'<p class="dek">{esc(story.dek)}</p>')
    add('\n    <p class="meta">\n      ')
    if story.published_at:
        add(
            f'{t("Published")} <time datetime="{memo.date(story.published_at, "c")}">'
            f"{memo.date(story.published_at, 'j F Y, H:i e')}</time>"
        )
    else:
        add(t("Not yet scheduled"))
    add("\n      ")
    updated = page.updated_at
    if updated:
        add(
            f'<span aria-hidden="true"> · </span>{t("Updated")} <time datetime="'
            f'{memo.date(updated, "c")}">{memo.date(updated, "j F Y, H:i e")}</time>'
        )
    add("\n    </p>\n  </header>\n\n  ")

    if page.corrections:
        add(
            '\n  <section class="corrections" aria-labelledby="corrections-heading">\n'
            f'    <h2 id="corrections-heading">{t("Corrections and updates")}</h2>\n'
            '    <ul class="correction-list">\n      '
        )
        for correction in page.corrections:
            published = correction.published_at
            add(
                f'\n<li class="correction correction--{esc(correction.kind)}">\n'
                '  <p><strong class="correction__kind">'
                f"{esc(correction.get_kind_display())}</strong>\n"
                f'    <time datetime="{memo.date(published, "c") if published else ""}">'
                f"{memo.date(published, 'j F Y') if published else ''}</time></p>\n"
                f"  <p>{esc(correction.text)}</p>\n</li>\n"
            )
        add("\n    </ul>\n  </section>\n  ")
    add("\n\n  ")

    lead_image = context.get("lead_image")
    if lead_image:
        add(_included(context, "includes/lead_image.html", image=lead_image))
    add('\n\n  <div class="story__body">\n    <div class="story__main">\n      ')

    if page.key_points:
        add(
            '\n      <section class="key-points" aria-labelledby="key-points-heading">\n'
            f'        <h2 id="key-points-heading">{t("Key points")}</h2>\n'
            f"        {_legend(t, context.get('show_unchecked'))}\n"
            '        <ol class="key-point-list">\n          '
        )
        for point in page.key_points:
            add(
                f'\n          <li class="key-point" id="{esc(point.anchor)}">\n'
                f"            <p>{esc(point.text)}</p>\n"
                f"            {source_chips(point.chips, point.vouched, memo)}\n"
                f"            {claim_sources(point, memo)}\n"
                "          </li>\n          "
            )
        add("\n        </ol>\n      </section>\n      ")
    add("\n\n      ")

    if page.paragraphs:
        add(
            '\n      <section class="summary" aria-labelledby="summary-heading">\n'
            f'        <h2 id="summary-heading">{t("The story")}</h2>\n        '
        )
        for paragraph in page.paragraphs:
            add(
                f'\n        <div class="summary__paragraph" id="{esc(paragraph.anchor)}">\n'
                f"          <p>{esc(paragraph.sourced_text)}</p>\n"
                f"          {source_chips(paragraph.chips, '', memo)}\n"
                f"          {claim_sources(paragraph, memo)}\n"
                "        </div>\n        "
            )
        add("\n      </section>\n      ")
    add("\n\n      ")

    if page.speaker_quotes:
        add(
            '\n      <section class="quotes" aria-labelledby="quotes-heading">\n'
            f'        <h2 id="quotes-heading">{t("What they said")}</h2>\n'
            f"        {speaker_sections(page.speaker_quotes, context.get('quotes_url'), memo)}\n"
            "      </section>\n      "
        )
    add("\n\n      ")

    figures = page.figures
    if figures:
        add(
            '\n      <section class="figures" aria-labelledby="figures-heading">\n'
            f'        <h2 id="figures-heading">{t("Figures")}</h2>\n        '
        )
        if figures.disagree:
            notice = t("Outlets give different numbers for some figures. They are marked below.")
            add(f'<p class="notice">{notice}</p>')
        add("\n        ")
        if len(figures.outlets) > 1:
            hint = t("Swipe the table sideways to see every outlet.")
            add(f'<p class="scroll-hint" aria-hidden="true">{hint}</p>')
        caption = t("Figures given by each outlet, one row per quantity")
        heads = "".join(f'<th scope="col">{esc(outlet.name)}</th>' for outlet in figures.outlets)
        add(
            '\n        <div class="table-wrap" role="region" aria-labelledby="figures-caption" '
            'tabindex="0">\n'
            '          <table class="figure-table">\n'
            f'            <caption id="figures-caption">{caption}</caption>\n'
            "            <thead>\n"
            f'              <tr><th scope="col">{t("Quantity")}</th>{heads}</tr>\n'
            "            </thead>\n"
            f"            {figure_rows(figures)}\n"
            "          </table>\n        </div>\n      </section>\n      "
        )
    add("\n\n      ")

    timeline = context.get("timeline")
    if timeline:
        add(
            _included(
                context,
                "includes/storyline_timeline.html",
                storyline=context.get("storyline"),
                events=timeline,
                current=story,
            )
        )
    add("\n      ")
    related = context.get("related")
    if related:
        add(
            '\n      <section class="related" aria-labelledby="related-heading">\n'
            f'        <h2 id="related-heading">{t("Related stories")}</h2>\n'
            '        <ul class="index-list">'
        )
        for other in related:
            published = other.published_at
            add(
                f'<li><a href="{esc(other.get_absolute_url())}">{esc(other.headline)}</a> '
                f'<span class="meta"><time datetime="{memo.date(published, "c") if published else ""}">'  # noqa: E501
                f"{memo.date(published, 'j M Y') if published else ''}</time></span></li>"
            )
        add("</ul>\n      </section>\n      ")
    add(
        '\n\n      <section class="coverage" aria-labelledby="coverage-heading">\n'
        f'        <h2 id="coverage-heading">{t("Coverage")}</h2>\n'
        f"        {coverage_timeline(page, memo)}\n        "
    )
    facets = context.get("coverage_facets")
    if facets:
        add(coverage_facets(facets))
    add("\n        ")
    if page.coverage:
        add(
            '\n        <div class="table-wrap" role="region" aria-labelledby="coverage-caption" '
            'tabindex="0">\n'
            '          <table class="coverage-table">\n'
            '            <caption id="coverage-caption">'
            f"{t('Articles by outlet, earliest first')}</caption>\n"
            f'            <thead><tr><th scope="col">{t("Outlet")}</th><th scope="col">'
            f'{t("Article")}</th><th scope="col">{t("Published")}</th></tr></thead>\n'
            "            <tbody>\n"
            f"              {coverage_rows(page.shown_coverage, memo)}\n"
            "            </tbody>\n          </table>\n        </div>\n        "
        )
        add(coverage_more(page, memo))
    else:
        add(f'\n        <p class="empty">{t("No articles yet.")}</p>\n        ')
    add("\n        ")
    cited = page.cited_outlets
    if cited:
        names = []
        for outlet in cited:
            if outlet.homepage:
                names.append(
                    f'<a href="{esc(outlet.homepage)}" rel="noopener">{esc(outlet.name)}</a>'
                )
            else:
                names.append(esc(outlet.name))
        add(
            '\n        <p class="cited-outlets" id="coverage-cited">'
            f"{t('Also cited, with no article in this story:')} {', '.join(names)}.</p>\n        "
        )
    add("\n      </section>\n\n    </div>\n\n    ")

    if page.people:
        add(
            '\n    <aside class="story__aside people" aria-labelledby="people-heading">\n'
            f'      <h2 id="people-heading">{t("People and organisations")}</h2>\n'
            '      <ul class="people-list">\n'
            f"        {people_list(page.people, memo)}\n"
            "      </ul>\n    </aside>\n    "
        )
    add("\n  </div>\n</article>\n")
    return mark_safe("".join(out))


def _current_app(context):
    """The current application, as ``{% url %}`` finds it."""
    request = context.get("request")
    try:
        return request.current_app
    except AttributeError:
        try:
            return request.resolver_match.namespace
        except AttributeError:
            return None


@register.simple_tag(takes_context=True)
def story_social(context) -> SafeString:
    """The story page's ``{% block social %}``: its Open Graph and Twitter card tags."""
    story, jsonld = context["story"], context["jsonld"]
    headline = esc(story.headline)
    description = esc(story.dek or story.headline)
    out = [
        '<meta property="og:type" content="article">\n'
        f'  <meta property="og:title" content="{headline}">\n'
        f'  <meta property="og:description" content="{description}">\n'
        f'  <meta property="og:url" content="{esc(jsonld["url"])}">\n  '
    ]
    if story.published_at:
        moment = Memo().date(story.published_at, "c")
        out.append(f'<meta property="article:published_time" content="{moment}">')
    out.append("\n  ")
    image = context.get("lead_image")
    if image:
        request = context["request"]
        out.append(
            f'<meta property="og:image" content="{esc(request.scheme)}://'
            f'{esc(request.get_host())}{esc(image.file.url)}">\n  '
        )
        if image.alt:
            out.append(f'<meta property="og:image:alt" content="{esc(image.alt)}">')
        out.append('\n  <meta name="twitter:card" content="summary_large_image">')
    else:
        out.append('<meta name="twitter:card" content="summary">')
    out.append(
        f'\n  <meta name="twitter:title" content="{headline}">\n'
        f'  <meta name="twitter:description" content="{description}">'
    )
    return mark_safe("".join(out))


@register.simple_tag(takes_context=True)
def story_head(context) -> SafeString:
    """The story page's ``{% block head %}``: its canonical address, its feeds (unless a
    preview) and its JSON-LD."""
    story, jsonld, preview = context["story"], context["jsonld"], context.get("is_preview")
    out = ["\n  "]
    if preview:
        out.append('<meta name="robots" content="noindex">')
    out.append(f'\n  <link rel="canonical" href="{esc(jsonld["url"])}">\n  ')
    if not preview:
        language, app = get_language(), _current_app(context)
        feeds = []
        for kind, name in (("RSS", "rss"), ("Atom", "atom")):
            title = phrase(f"This story: new coverage and corrections ({kind})", language)
            address = cached_reverse(
                f"articles:story-updates-{name}", args=(story.slug,), current_app=app
            )
            feeds.append(
                f'<link rel="alternate" type="application/{name}+xml" title="{title}" '
                f'href="{esc(address)}">'
            )
        out.append("\n  ".join(feeds))
    out.append(f"\n  {jsonld_script(jsonld)}\n")
    return mark_safe("".join(out))
