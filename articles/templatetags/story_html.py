"""The story page's long, repeated parts written in Python: each speaker's section and the
quotes with their wordings, the coverage timeline and table, and the people list.

Rendered by the template engine, these parts were about three quarters of the story page's
rendering: a story of 50 articles draws 50 timeline dots and 50 table rows, and each quote
some 60 template nodes, each node a variable look-up, a filter call and an escape. Here each
is one function that writes the same markup (``tests/public/test_story_html.py`` holds it to
what the templates wrote), escaping every value as Django does (``conditional_escape``)
and formatting dates as its ``date`` filter does, in the current time zone
(``html_writing``).
"""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.safestring import SafeString, mark_safe

from articles.templatetags.html_writing import LONG_DATE, Memo, esc, translated, truncated

register = template.Library()


def _quote(view, first_reported: bool, speaker_page: bool, memo: Memo) -> str:
    quote = view.quote
    out = ["\n"]
    if speaker_page:
        out.append('<figure class="quote">')
    else:
        out.append(f'<div class="quote" id="quote-{quote.pk}">')
    out.append('\n  <ol class="wordings">\n    ')
    for wording in view.wordings:
        kind, label = memo.label(wording)
        first = wording.is_first and first_reported
        out.append(
            f'\n    <li class="wording wording--{kind}">\n'
            f"      <blockquote><p>{esc(wording.shown)}</p></blockquote>\n"
            '      <p class="wording__meta">\n'
            f'        <span class="badge badge--{kind}">{label}</span>\n'
            f"        {memo.t('first reported by') if first else memo.t('in')}\n        "
        )
        sources = wording.sources
        last = len(sources) - 1
        for n, appearance in enumerate(sources):
            article = appearance.article
            out.append(
                f'<a href="{memo.e(article.get_absolute_url())}">{memo.e(article.outlet.name)}</a>'
            )
            if article.is_translation:
                out.append(f' <span class="note">({memo.t("translated")})</span>')
            if quote.speaker_id is None:
                # "the crowd", "a spokeswoman": who the outlet says spoke, when no one is named
                said_by = appearance.speaker_as_written
                if said_by:
                    out.append(
                        f' <span class="note">({memo.t("speaker as written:")} “{esc(said_by)}”)'
                        "</span>"
                    )
            if first and n == 0:
                if article.published_at:
                    out.append(
                        f', <time datetime="{memo.date(article.published_at, "c")}">'
                        f"{memo.date(article.published_at, LONG_DATE)}</time>"
                    )
                if n != last:
                    out.append(f"; {memo.t('also in')} ")
            elif n != last:
                out.append(", ")
        if wording.unchecked:
            status = memo.t("found by machine, not yet checked by an editor")
            out.append(f' · <span class="wording__status">{status}</span>')
        out.append("\n      </p>\n    </li>\n    ")
    out.append("\n  </ol>\n  ")
    others = view.other_wordings
    if others:
        legend = memo.translated(
            "Each wording against the first (%(outlet)s): <del>struck through</del> only in "
            "the first, <ins>underlined</ins> only in this one."
        ) % {"outlet": esc(view.first_reported_by.name)}
        out.append(
            '\n  <details class="compare">\n'
            f"    <summary>{memo.t('Compare wordings')}</summary>\n"
            f'    <p class="compare__legend">{legend}</p>\n'
            '    <dl class="compare__list">\n      '
        )
        removed, added = memo.t("removed:"), memo.t("added:")
        for wording in others:
            names = ", ".join(memo.e(outlet.name) for outlet in wording.outlets)
            kind, label = memo.label(wording)
            out.append(
                f'\n      <dt>{names} <span class="badge badge--{kind}">'
                f'{label}</span></dt>\n      <dd class="diff">'
            )
            for segment in wording.diff:
                out.append(esc(segment.space))
                if segment.tag == "del":
                    out.append(
                        f'<del><span class="visually-hidden">{removed} </span>'
                        f"{esc(segment.text)}</del>"
                    )
                elif segment.tag == "ins":
                    out.append(
                        f'<ins><span class="visually-hidden">{added} </span>'
                        f"{esc(segment.text)}</ins>"
                    )
                else:
                    out.append(esc(segment.text))
            out.append("</dd>\n      ")
        out.append("\n    </dl>\n  </details>\n  ")
    out.append("\n")
    if speaker_page:
        story = quote.story
        first_by = memo.translated("First reported by %(outlet)s") % {
            "outlet": esc(view.first_reported_by.name)
        }
        out.append(
            f'  <figcaption class="quote__source">{first_by} · <a href="'
            f'{esc(story.get_absolute_url())}#quote-{quote.pk}">{esc(story.headline)}</a>'
            "</figcaption>\n</figure>"
        )
    else:
        out.append("</div>")
    out.append("\n")
    return "".join(out)


@register.filter
def written_date(moment, format_string: str) -> str:
    """``{{ moment|date:format_string }}`` as an autoescaping template prints it, written as
    the Python-written parts write dates (``Memo.date``, held to the ``date`` filter by the
    tests): once written in a time zone and language, a moment is not formatted again."""
    if moment in (None, ""):
        return ""
    return mark_safe(Memo().date(moment, format_string))


@register.simple_tag
def quote_list(views: Iterable, first_reported: bool = False, speaker_page: bool = False):
    """Quotes, each with its wordings and the outlets that printed them. ``views``: quote
    views (``QuoteView``); ``first_reported``: say which outlet reported each first (the story
    pages); ``speaker_page``: each quote names its story (a speaker's page)."""
    memo = Memo()
    body = "".join(_quote(view, first_reported, speaker_page, memo) for view in views)
    return mark_safe(f"\n{body}\n")


@register.simple_tag
def speaker_sections(groups: Iterable, quotes_url: str, memo: Memo | None = None) -> SafeString:
    """The story page's quotes, a section for each speaker (``SpeakerQuotes``): their name,
    role, first quotes (``quote_list``) and a link to the rest on the story's quotes page
    (``quotes_url``). ``memo``: the caller's, when it writes more of the page."""
    memo = memo or Memo()
    out = []
    for number, group in enumerate(groups, start=1):
        speaker = group.speaker
        if speaker:
            name = f'<a href="{memo.address(speaker)}">{memo.e(speaker.name)}</a>'
        else:
            name = memo.t("Speaker not identified")
        out.append(
            f'\n        <section class="speaker" aria-labelledby="speaker-{number}">\n'
            f'          <h3 id="speaker-{number}" class="speaker__name">\n'
            f"            {name}\n          </h3>\n          "
        )
        if speaker and speaker.role and speaker.role_checked:
            out.append(f'<p class="speaker__role">{esc(speaker.role)}</p>')
        out.append("\n          ")
        body = "".join(_quote(view, True, False, memo) for view in group.shown)
        out.append(f"\n{body}\n\n          ")
        more = group.more
        if more:
            counter = memo.number(more)
            if speaker:
                link = memo.plural(
                    "One more quote from %(name)s", "%(counter)s more quotes from %(name)s", more
                ) % {"counter": counter, "name": esc(speaker.name)}
                href = f"{esc(quotes_url)}?speaker={esc(speaker.slug)}"
            else:
                link = memo.plural(
                    "One more quote by a speaker not identified",
                    "%(counter)s more quotes by speakers not identified",
                    more,
                ) % {"counter": counter}
                href = f"{esc(quotes_url)}?unidentified=1"
            out.append(f'<p class="speaker__more"><a href="{href}">{link}</a></p>')
        out.append("\n        </section>\n        ")
    return mark_safe("".join(out))


def _described(described, language: str | None = None) -> str:
    text = translated("described by %(outlet)s as “%(role)s”", language) % {
        "outlet": esc(described.outlet.name),
        "role": esc(described.role),
    }
    if described.translated:
        text += f" {esc(translated('(in a translation)', language))}"
    return text


@register.simple_tag
def described_as(described) -> SafeString:
    """What one outlet called a person (``Described``), in its words."""
    return mark_safe(_described(described))


@register.simple_tag
def people_list(people: Iterable, memo: Memo | None = None) -> SafeString:
    """The story's people (``PersonView``): each with their checked role, what outlets called
    them and how many of their quotes the story carries, as list items."""
    memo = memo or Memo()
    out = []
    for person in people:
        speaker = person.speaker
        out.append(
            f'\n        <li>\n          <a href="{memo.address(speaker)}">'
            f"{memo.e(speaker.name)}</a>\n          "
        )
        if person.checked_role:
            out.append(f'<span class="people-list__role">{esc(person.checked_role)}</span>')
        out.append("\n          ")
        for described in person.roles:
            out.append(
                f'<span class="people-list__role">{_described(described, memo.language)}</span>'
            )
        out.append("\n          ")
        if person.quote_count:
            count = person.quote_count
            said = memo.plural("quoted once", "quoted %(counter)s times", count) % {
                "counter": count
            }
            out.append(f'<span class="people-list__count">{said}</span>')
        out.append("\n        </li>\n        ")
    return mark_safe("".join(out))


@register.simple_tag
def coverage_rows(coverage: Iterable, memo: Memo | None = None) -> SafeString:
    """The coverage table's rows: each outlet (``OutletCoverage``) heading its articles."""
    out = []
    memo = memo or Memo()
    for item in coverage:
        articles = item.articles
        outlet = item.outlet
        for n, article in enumerate(articles):
            out.append("\n              <tr")
            if n == 0:
                out.append(f' id="{esc(item.anchor)}"')
            out.append(">\n                ")
            if n == 0:
                out.append(
                    f'<th scope="rowgroup" rowspan="{len(articles)}"><a href="'
                    f'{esc(outlet.get_absolute_url())}">{esc(outlet.name)}</a></th>'
                )
            out.append(
                f'\n                <td><a href="{memo.e(article.get_absolute_url())}">'
                f"{memo.e(article.headline)}</a>"
            )
            if article.is_translation:
                out.append(f' <span class="note">({memo.t("translated")})</span>')
            out.append("</td>\n                <td>")
            if article.published_at:
                out.append(
                    f'<time datetime="{memo.date(article.published_at, "c")}">'
                    f"{memo.date(article.published_at, 'j M Y, H:i e')}</time>"
                )
            else:
                out.append("—")
            out.append("</td>\n              </tr>\n              ")
    return mark_safe("".join(out))


def coverage_more(page, memo: Memo | None = None) -> str:
    """On a long story whose table shows its first articles (``page.shown_coverage``), how
    many of how many, and a link to the page with all of them; shown with all of them at the
    reader's asking, a link back to the first ones; else nothing."""
    memo = memo or Memo()
    first = page.first_count
    if first is not None:
        values = {"counter": esc(memo.number(first))}
        fewer = memo.plural(
            "Show only the first %(counter)s article",
            "Show only the first %(counter)s articles",
            first,
        )
        return (
            '\n        <p class="coverage-more" id="coverage-more">'
            f'<a href="{esc(page.story.get_absolute_url())}#coverage-heading">'
            f"{fewer % values}</a></p>\n        "
        )
    if not page.more_coverage:
        return ""
    total = len(page.articles)
    values = {"shown": esc(memo.number(page.shown_count)), "counter": esc(memo.number(total))}
    shown = (
        memo.plural(
            "The table and timeline show %(shown)s of the story's %(counter)s articles: "
            "each outlet's first, then the earliest.",
            "The table and timeline show %(shown)s of the story's %(counter)s articles: "
            "each outlet's first, then the earliest.",
            total,
        )
        % values
    )
    show_all = memo.plural("Show all %(counter)s article", "Show all %(counter)s articles", total)
    return (
        f'\n        <p class="coverage-more" id="coverage-more">{shown} '
        f'<a href="?articles=all#coverage-heading">{show_all % values}</a></p>\n        '
    )


@register.simple_tag
def coverage_timeline(page, memo: Memo | None = None) -> SafeString:
    """The "who published when" chart (``page.timeline``, an inline SVG: a row per outlet, a
    dot per article, each a link to it), or a note when no article has a time."""
    timeline = page.timeline
    if not timeline.has_dots:
        if page.articles:
            note = translated(
                "The outlets give no publication times for these articles, so there is no "
                "timeline; the table lists them."
            )
            return mark_safe(f'\n<p class="note timeline-missing">{esc(note)}</p>\n\n')
        return mark_safe("\n")
    memo = memo or Memo()
    t = memo.translated
    start = memo.date(timeline.start, LONG_DATE)
    end = memo.date(timeline.end, LONG_DATE)
    count = timeline.dot_count
    desc = memo.plural(
        "One article, published %(start)s.",
        "%(counter)s articles published between %(start)s and %(end)s, one row per outlet. "
        "The coverage table lists the same articles.",
        count,
    ) % {"counter": count, "start": start, "end": end}
    left, right = timeline.plot_left, timeline.plot_right
    out = [
        '\n<figure class="timeline">\n'
        f'  <svg class="timeline__chart" viewBox="0 0 {timeline.width} {timeline.height}" '
        'role="group" aria-labelledby="timeline-title timeline-desc" focusable="false">\n'
        f'    <title id="timeline-title">{esc(t("Who published when"))}</title>\n'
        f'    <desc id="timeline-desc">{desc}</desc>\n    '
    ]
    for row in timeline.rows:
        name = esc(row.outlet.name)
        out.append(
            f'\n    <text class="timeline__label" x="0" y="{row.label_y}">'
            f"{esc(truncated(row.outlet.name, 20))}</text>\n"
            f'    <line class="timeline__track" x1="{left}" x2="{right}" y1="{row.y}" '
            f'y2="{row.y}"></line>\n    '
        )
        for dot in row.dots:
            article = dot.article
            when = memo.date(article.published_at, LONG_DATE)
            headline = memo.e(article.headline)
            cx, cy = dot.cx, dot.cy  # a number's digits: nothing to escape
            out.append(
                f'\n    <a href="{memo.e(article.get_absolute_url())}" aria-label="{name}: '
                f'{headline}, {when}">\n'
                f'      <circle class="timeline__hit" cx="{cx}" cy="{cy}" r="15"></circle>\n'
                f'      <circle class="timeline__dot" cx="{cx}" cy="{cy}" r="6"><title>{name}: '
                f"{headline} ({when})</title></circle>\n    </a>\n    "
            )
        out.append("\n    ")
    tick_y = timeline.height - 4
    out.append(
        f'\n    <line class="timeline__axis" x1="{left}" x2="{right}" y1="{timeline.axis_y}" '
        f'y2="{timeline.axis_y}"></line>\n'
        f'    <text class="timeline__tick" x="{left}" y="{tick_y}" text-anchor="start">'
        f"{memo.date(timeline.start, 'j M, H:i e')}</text>\n    "
    )
    if timeline.end != timeline.start:
        out.append(
            f'<text class="timeline__tick" x="{right}" y="{tick_y}" text-anchor="end">'
            f"{memo.date(timeline.end, 'j M, H:i e')}</text>"
        )
    caption = esc(
        t("Each dot is an article; earliest on the left. Select a dot to open the article.")
    )
    if timeline.undated:
        caption += " " + memo.plural(
            "One article has no publication time and is listed only in the table.",
            "%(counter)s articles have no publication time and are listed only in the table.",
            timeline.undated,
        ) % {"counter": timeline.undated}
    out.append(f"\n  </svg>\n  <figcaption>{caption}</figcaption>\n</figure>\n\n")
    return mark_safe("".join(out))
