"""The story page's quotes, figure table, coverage timeline, facets and table, people list
and the sources of its claims are written in Python (``articles/templatetags/story_html.py``, ``claim_html.py``) for
speed; they write the markup the templates below wrote before, byte for byte, on stories with
every kind of row: wordings compared, translated, found by machine and unchecked, evidence
strong, moderate or chosen by an editor, outlets cited, points vouched for, undated articles,
and text that must be escaped. The rows behind them are read by queries compiled once
(``story_rows``), a source in another story too."""

# ruff: noqa: E501 (the templates, as they were)

from __future__ import annotations

from datetime import timedelta

import pytest
from django.template import Context, Engine
from django.utils import timezone, translation
from django.utils.html import escape
from django.utils.translation import gettext

from articles.models import Article, Attribution, Figure, KeyPoint, Quote, QuoteAppearance
from articles.public.pages.quotes import QUOTES_SHOWN
from articles.templatetags import claim_html, story_html, table_html
from sources.models import Outlet, OutletRating
from tests.factories import make_article, make_outlet, make_speaker
from tests.story_builders import build_story

pytestmark = pytest.mark.django_db

QUOTES = r"""{% load i18n %}
{% for view in views %}
{% if speaker_page %}<figure class="quote">{% else %}<div class="quote" id="quote-{{ view.quote.pk }}">{% endif %}
  <ol class="wordings">
    {% for wording in view.wordings %}
    <li class="wording wording--{{ wording.kind }}">
      <blockquote><p>{{ wording.shown }}</p></blockquote>
      <p class="wording__meta">
        <span class="badge badge--{{ wording.kind }}">{{ wording.match_label }}</span>
        {% if wording.is_first and first_reported %}{% translate "first reported by" %}{% else %}{% translate "in" %}{% endif %}
        {% for appearance in wording.sources %}<a href="{{ appearance.article.get_absolute_url }}">{{ appearance.article.outlet.name }}</a>{% if appearance.article.is_translation %} <span class="note">({% translate "translated" %})</span>{% endif %}{% if not view.quote.speaker_id and appearance.speaker_as_written %} <span class="note">({% translate "speaker as written:" %} “{{ appearance.speaker_as_written }}”)</span>{% endif %}{% if wording.is_first and first_reported and forloop.first %}{% if appearance.article.published_at %}, <time datetime="{{ appearance.article.published_at|date:'c' }}">{{ appearance.article.published_at|date:"j F Y, H:i e" }}</time>{% endif %}{% if not forloop.last %}; {% translate "also in" %} {% endif %}{% elif not forloop.last %}, {% endif %}{% endfor %}{% if wording.unchecked %} · <span class="wording__status">{% translate "found by machine, not yet checked by an editor" %}</span>{% endif %}
      </p>
    </li>
    {% endfor %}
  </ol>
  {% if view.other_wordings %}
  <details class="compare">
    <summary>{% translate "Compare wordings" %}</summary>
    <p class="compare__legend">{% blocktranslate with outlet=view.first_reported_by.name %}Each wording against the first ({{ outlet }}): <del>struck through</del> only in the first, <ins>underlined</ins> only in this one.{% endblocktranslate %}</p>
    <dl class="compare__list">
      {% for wording in view.other_wordings %}
      <dt>{% for outlet in wording.outlets %}{{ outlet.name }}{% if not forloop.last %}, {% endif %}{% endfor %} <span class="badge badge--{{ wording.kind }}">{{ wording.match_label }}</span></dt>
      <dd class="diff">{% for segment in wording.diff %}{{ segment.space }}{% if segment.tag == "del" %}<del><span class="visually-hidden">{% translate "removed:" %} </span>{{ segment.text }}</del>{% elif segment.tag == "ins" %}<ins><span class="visually-hidden">{% translate "added:" %} </span>{{ segment.text }}</ins>{% else %}{{ segment.text }}{% endif %}{% endfor %}</dd>
      {% endfor %}
    </dl>
  </details>
  {% endif %}
{% if speaker_page %}  <figcaption class="quote__source">{% blocktranslate with outlet=view.first_reported_by.name %}First reported by {{ outlet }}{% endblocktranslate %} · <a href="{{ view.quote.story.get_absolute_url }}#quote-{{ view.quote.pk }}">{{ view.quote.story.headline }}</a></figcaption>
</figure>{% else %}</div>{% endif %}
{% endfor %}
"""

TIMELINE = r"""{% load i18n %}{% with timeline=page.timeline %}{% if timeline.has_dots %}
<figure class="timeline">
  <svg class="timeline__chart" viewBox="0 0 {{ timeline.width }} {{ timeline.height }}" role="group" aria-labelledby="timeline-title timeline-desc" focusable="false">
    <title id="timeline-title">{% translate "Who published when" %}</title>
    <desc id="timeline-desc">{% blocktranslate count counter=timeline.dot_count with start=timeline.start|date:"j F Y, H:i e" end=timeline.end|date:"j F Y, H:i e" %}One article, published {{ start }}.{% plural %}{{ counter }} articles published between {{ start }} and {{ end }}, one row per outlet. The coverage table lists the same articles.{% endblocktranslate %}</desc>
    {% for row in timeline.rows %}
    <text class="timeline__label" x="0" y="{{ row.label_y|stringformat:'s' }}">{{ row.outlet.name|truncatechars:20 }}</text>
    <line class="timeline__track" x1="{{ timeline.plot_left }}" x2="{{ timeline.plot_right }}" y1="{{ row.y|stringformat:'s' }}" y2="{{ row.y|stringformat:'s' }}"></line>
    {% for dot in row.dots %}{% with when=dot.article.published_at|date:"j F Y, H:i e" %}
    <a href="{{ dot.article.get_absolute_url }}" aria-label="{{ row.outlet.name }}: {{ dot.article.headline }}, {{ when }}">
      <circle class="timeline__hit" cx="{{ dot.cx }}" cy="{{ dot.cy }}" r="15"></circle>
      <circle class="timeline__dot" cx="{{ dot.cx }}" cy="{{ dot.cy }}" r="6"><title>{{ row.outlet.name }}: {{ dot.article.headline }} ({{ when }})</title></circle>
    </a>
    {% endwith %}{% endfor %}
    {% endfor %}
    <line class="timeline__axis" x1="{{ timeline.plot_left }}" x2="{{ timeline.plot_right }}" y1="{{ timeline.axis_y|stringformat:'s' }}" y2="{{ timeline.axis_y|stringformat:'s' }}"></line>
    <text class="timeline__tick" x="{{ timeline.plot_left }}" y="{{ timeline.height|add:'-4' }}" text-anchor="start">{{ timeline.start|date:"j M, H:i e" }}</text>
    {% if timeline.end != timeline.start %}<text class="timeline__tick" x="{{ timeline.plot_right }}" y="{{ timeline.height|add:'-4' }}" text-anchor="end">{{ timeline.end|date:"j M, H:i e" }}</text>{% endif %}
  </svg>
  <figcaption>{% translate "Each dot is an article; earliest on the left. Select a dot to open the article." %}{% if timeline.undated %} {% blocktranslate count counter=timeline.undated %}One article has no publication time and is listed only in the table.{% plural %}{{ counter }} articles have no publication time and are listed only in the table.{% endblocktranslate %}{% endif %}</figcaption>
</figure>
{% elif page.articles %}
<p class="note timeline-missing">{% translate "The outlets give no publication times for these articles, so there is no timeline; the table lists them." %}</p>
{% endif %}{% endwith %}
"""

DESCRIBED = r"""{% load i18n %}{% blocktranslate with outlet=described.outlet.name role=described.role %}described by {{ outlet }} as “{{ role }}”{% endblocktranslate %}{% if described.translated %} {% translate "(in a translation)" %}{% endif %}"""

PEOPLE = r"""{% load i18n %}{% for person in page.people %}
        <li>
          <a href="{{ person.speaker.get_absolute_url }}">{{ person.speaker.name }}</a>
          {% if person.checked_role %}<span class="people-list__role">{{ person.checked_role }}</span>{% endif %}
          {% for described in person.roles %}<span class="people-list__role">{% include "described" %}</span>{% endfor %}
          {% if person.quote_count %}<span class="people-list__count">{% blocktranslate count counter=person.quote_count %}quoted once{% plural %}quoted {{ counter }} times{% endblocktranslate %}</span>{% endif %}
        </li>
        {% endfor %}"""

COVERAGE_ROWS = r"""{% load i18n %}{% for item in page.coverage %}{% for article in item.articles %}
              <tr{% if forloop.first %} id="{{ item.anchor }}"{% endif %}>
                {% if forloop.first %}<th scope="rowgroup" rowspan="{{ item.articles|length }}"><a href="{{ item.outlet.get_absolute_url }}">{{ item.outlet.name }}</a></th>{% endif %}
                <td><a href="{{ article.get_absolute_url }}">{{ article.headline }}</a>{% if article.is_translation %} <span class="note">({% translate "translated" %})</span>{% endif %}</td>
                <td>{% if article.published_at %}<time datetime="{{ article.published_at|date:'c' }}">{{ article.published_at|date:"j M Y, H:i e" }}</time>{% else %}—{% endif %}</td>
              </tr>
              {% endfor %}{% endfor %}"""


SOURCE_CHIPS = r"""{% load i18n %}{% if chips %}
<ul class="chips" aria-label="{% translate 'Sources' %}">
  {% for chip in chips %}
  <li>{% if chip.kind == "cited" %}<a class="chip chip--cited" href="{{ chip.href }}">{{ chip.outlet.name }} <span class="chip__note">{% translate "cited" %}</span><span class="visually-hidden">{% translate ", no article in this story" %}</span></a>{% else %}<a class="chip{% if chip.machine_found %} chip--machine{% endif %}" href="{{ chip.href }}">{{ chip.outlet.name }}<span class="visually-hidden">{% if chip.kind == 'evidence' %}{% if chip.machine_found %}{% translate ": see the evidence, found by machine" %}{% else %}{% translate ": see the evidence" %}{% endif %}{% elif chip.kind == 'article' %}{% translate ": see the article" %}{% else %}{% translate ": see its coverage" %}{% endif %}</span></a>{% endif %}</li>
  {% endfor %}
</ul>
{% else %}
<p class="chips chips--none">{% if vouched %}{% translate "No checked article in Newsroom; an editor vouches for it" %}{% else %}{% translate "No source linked yet" %}{% endif %}</p>
{% endif %}
"""

CLAIM_SOURCES = r"""{% load i18n %}{% if item.has_details %}
<details class="claim-sources">
  <summary>{% if item.evidence %}{% blocktranslate count counter=item.evidence|length %}Evidence: 1 passage{% plural %}Evidence: {{ counter }} passages{% endblocktranslate %}{% elif item.vouched and not item.cited %}{% translate "Vouched for by an editor" %}{% else %}{% translate "About these sources" %}{% endif %}{% if item.machine_found %}<span class="claim-sources__status">{% translate "sources found by machine, not yet checked by an editor; the text is the editors’" %}</span>{% endif %}</summary>
  {% if item.evidence %}
  <ol class="evidence-list">
    {% for evidence in item.evidence %}
    <li class="evidence" id="{{ evidence.anchor }}">
      <blockquote cite="{{ evidence.href }}"><p>{{ evidence.passage }}</p></blockquote>
      <p class="evidence__source"><a href="{{ evidence.href }}">{{ evidence.outlet.name }}<span class="visually-hidden">: {{ evidence.article.headline }}</span></a>{% if evidence.article.is_translation %} <span class="note">({% translate "translated" %})</span>{% endif %}{% if evidence.article.url %} · <a href="{{ evidence.article.url }}" rel="noopener">{% blocktranslate with outlet=evidence.outlet.name %}at {{ outlet }}{% endblocktranslate %}</a>{% endif %}</p>
      <p class="evidence__status">{% if evidence.strength == "strong" %}<span class="strength strength--strong">{% translate "Strong match" %}</span>{% elif evidence.strength == "moderate" %}<span class="strength strength--moderate">{% translate "Moderate match" %}</span>{% else %}<span class="strength">{% translate "Chosen by an editor" %}</span>{% endif %}{% if evidence.machine_found %} · {% translate "found by machine, not yet checked by an editor" %}{% elif evidence.strength %} · {% translate "checked by an editor" %}{% endif %}</p>
    </li>
    {% endfor %}
  </ol>
  {% endif %}
  {% if item.cited %}
  <ul class="cited-list" id="{{ item.cited_anchor }}">
    {% for cited in item.cited %}
    <li><strong>{{ cited.outlet.name }}</strong>: {% translate "cited, no article in this story" %}{% if cited.paragraph_anchor %} ({% blocktranslate with anchor=cited.paragraph_anchor number=cited.paragraph_number %}named by <a href="#{{ anchor }}">paragraph {{ number }} of the story</a>, which supports this point{% endblocktranslate %}){% endif %}.{% if cited.outlet.homepage %} <a href="{{ cited.outlet.homepage }}" rel="noopener">{% blocktranslate with outlet=cited.outlet.name %}{{ outlet }} website{% endblocktranslate %}</a>{% endif %}</li>
    {% endfor %}
  </ul>
  {% endif %}
  {% if item.vouched %}
  <p class="claim-sources__vouched"><strong>{% translate "Vouched for by an editor" %}</strong>: {{ item.vouched }}</p>
  {% endif %}
</details>
{% endif %}
"""

# The quotes of each speaker on the story page (``quote_list``, held to its template above).
SPEAKERS = r"""{% load i18n story_html %}{% for group in page.speaker_quotes %}
        <section class="speaker" aria-labelledby="speaker-{{ forloop.counter }}">
          <h3 id="speaker-{{ forloop.counter }}" class="speaker__name">
            {% if group.speaker %}<a href="{{ group.speaker.get_absolute_url }}">{{ group.speaker.name }}</a>{% else %}{% translate "Speaker not identified" %}{% endif %}
          </h3>
          {% if group.speaker.role and group.speaker.role_checked %}<p class="speaker__role">{{ group.speaker.role }}</p>{% endif %}
          {% quote_list group.shown first_reported=True %}
          {% if group.more %}<p class="speaker__more">{% if group.speaker %}<a href="{{ quotes_url }}?speaker={{ group.speaker.slug }}">{% blocktranslate count counter=group.more with name=group.speaker.name %}One more quote from {{ name }}{% plural %}{{ counter }} more quotes from {{ name }}{% endblocktranslate %}</a>{% else %}<a href="{{ quotes_url }}?unidentified=1">{% blocktranslate count counter=group.more %}One more quote by a speaker not identified{% plural %}{{ counter }} more quotes by speakers not identified{% endblocktranslate %}</a>{% endif %}</p>{% endif %}
        </section>
        {% endfor %}"""


FACETS = r"""{% load i18n %}<div class="facets" id="coverage-facets">
  <h3 class="facets__title">{% blocktranslate count counter=coverage.total %}Who covered it: {{ counter }} outlet{% plural %}Who covered it: {{ counter }} outlets{% endblocktranslate %}</h3>
  {% for facet in coverage.facets %}
  <figure class="facet">
    <figcaption class="facet__caption">{{ facet.title }}</figcaption>
    <svg class="facet__chart" role="img" viewBox="0 0 {{ coverage.chart_width }} {{ facet.height }}" width="{{ coverage.chart_width }}" height="{{ facet.height }}" aria-label="{{ facet.title }}: {% for bar in facet.bars %}{{ bar.label }} {{ bar.count }}{% if not forloop.last %}, {% endif %}{% endfor %}">
      {% for bar in facet.bars %}
      <text x="0" y="{{ bar.y|add:15 }}" class="facet__label">{{ bar.label|truncatechars:28 }}</text>
      <rect x="{{ coverage.label_width }}" y="{{ bar.y|add:4 }}" width="{{ bar.width }}" height="14" class="facet__bar"></rect>
      <text x="{{ bar.text_x }}" y="{{ bar.y|add:15 }}" class="facet__count">{{ bar.count }}</text>
      {% endfor %}
    </svg>
  </figure>
  {% endfor %}
  {% if coverage.missing_kinds %}<p class="note">{% translate "No article here from these kinds of outlet:" %} {{ coverage.missing_kinds|join:", " }}.</p>{% endif %}
  <p class="note">{% translate "From the facts editors keep on each outlet; ratings are a named third party's, never Newsroom's." %}</p>
</div>
"""


# The figure table's rows, as story_detail.html wrote them.
FIGURE_ROWS = r"""{% load i18n %}{% for view in page.figures.rows %}
            <tbody{% if view.row.disagreement %} class="disagree"{% endif %}>
              <tr>
                <th scope="row">{{ view.row.label|capfirst }}{% if view.row.disagreement %} <strong class="flag">{% translate "Outlets disagree" %}</strong>{% endif %}</th>
                {% for values in view.cells %}
                <td>{% for value in values %}<span class="figure-value">{{ value.display }}</span> <span class="note">“{{ value.figure.text }}”</span>{% if not forloop.last %}<br>{% endif %}{% empty %}<span class="note" aria-hidden="true">—</span><span class="visually-hidden">{% translate "not given" %}</span>{% endfor %}</td>
                {% endfor %}
              </tr>
              {% if view.row.note %}<tr class="figure-note"><td colspan="{{ page.figures.outlets|length|add:1 }}">{{ view.row.note }}</td></tr>{% endif %}
            </tbody>
            {% endfor %}"""


def _engine() -> Engine:
    return Engine(
        loaders=[("django.template.loaders.locmem.Loader", {"described": DESCRIBED})],
        libraries={
            "i18n": "django.templatetags.i18n",
            "story_html": "articles.templatetags.story_html",
        },
    )


def _old(source: str, **context) -> str:
    return _engine().from_string(source).render(Context(context))


def _hostile_story():
    built = build_story(articles=4, quotes=2, headline="Northfield <b>bridge</b> & “vote”")
    outlet = built.articles[0].outlet
    outlet.name = 'The <i>Example</i> "Gazette" & Co'
    outlet.save()
    Article.objects.filter(pk=built.articles[1].pk).update(published_at=None, is_translation=True)
    Article.objects.filter(pk=built.articles[2].pk).update(
        headline="A <script>alert(1)</script> headline",
        published_at=timezone.now() - timedelta(days=3),
    )
    quote = Quote.objects.create(story=built.story, speaker=None, text="It's <not> over & done")
    for n, article in enumerate(built.articles[:3]):
        QuoteAppearance.objects.create(
            quote=quote,
            article=article,
            text=("It is <not> over, done", "It's <not> over & done", "It's <not> over, again")[n],
            start=5000 + n,
            end=5020 + n,
            match="paraphrase" if n else "original",
            review_state="suggested" if n == 2 else "approved",
            # the outlets' words for a speaker not identified: escaped, a pronoun not shown
            speaker_mention=('the <crowd> & "co"', "she", "  a spokeswoman  for the port ")[n],
        )
    point = built.story.key_points.first()
    articles = built.articles
    Attribution.objects.create(key_point=point, outlet=articles[0].outlet, article=articles[0])
    ledger = make_article(story=built.story, outlet=make_outlet("The Harbour Ledger"))
    for n, score in enumerate((0.9, 0.5)):
        Attribution.objects.create(
            key_point=point,
            outlet=ledger.outlet,
            article=ledger,
            passage=f"The <b>vote</b> was close & late ({n}).",
            score=score,
            origin="engine",
            review_state="suggested",
            position=5 + n,
        )
    KeyPoint.objects.filter(story=built.story).exclude(pk=point.pk).update(
        evidence_override=True, override_note="Seen by our <editor> & checked"
    )
    return built


def _claims_as_before(page) -> None:
    for item in (*page.key_points, *page.paragraphs):
        vouched = item.vouched if item in page.key_points else ""
        assert claim_html.source_chips(item.chips, vouched) == _old(
            SOURCE_CHIPS, chips=item.chips, vouched=vouched
        )
        assert claim_html.claim_sources(item) == _old(CLAIM_SOURCES, item=item)


@pytest.mark.parametrize("unchecked", [False, True])
def test_the_python_markup_is_what_the_templates_wrote(client, settings, unchecked):
    settings.NEWSROOM_SHOW_UNCHECKED = unchecked
    built = _hostile_story()
    make_article(story=built.story, published_at=None, headline="Undated <em>piece</em>")
    page = client.get(built.story.get_absolute_url()).context["page"]
    assert page.timeline.undated and page.timeline.has_dots
    for group in page.speaker_quotes:
        assert story_html.quote_list(group.shown, first_reported=True) == _old(
            QUOTES, views=group.shown, first_reported=True
        )
    assert story_html.coverage_timeline(page) == _old(TIMELINE, page=page)
    assert story_html.coverage_rows(page.coverage) == _old(COVERAGE_ROWS, page=page)
    assert story_html.people_list(page.people) == _old(PEOPLE, page=page)
    _claims_as_before(page)
    if unchecked:
        assert any(chip.machine_found for item in page.key_points for chip in item.chips)
    html = story_html.quote_list([v for g in page.speaker_quotes for v in g.shown])
    assert "(speaker as written: “the &lt;crowd&gt; &amp; &quot;co&quot;”)" in html
    assert "“she”" not in html
    # (the third wording is a suggestion: shown only with the unchecked ones)
    assert ("“a spokeswoman for the port”" in html) == unchecked
    if unchecked:
        assert "found by machine" in story_html.quote_list(
            [v for g in page.speaker_quotes for v in g.shown], first_reported=True
        )


def test_the_speaker_page_quotes_and_an_undated_story_are_as_the_templates_wrote(client):
    built = _hostile_story()
    Article.objects.filter(story=built.story).update(published_at=None)
    page = client.get(built.story.get_absolute_url()).context["page"]
    assert not page.timeline.has_dots
    assert story_html.coverage_timeline(page) == _old(TIMELINE, page=page)
    speaker = page.speaker_quotes[0].speaker
    quotes = client.get(speaker.get_absolute_url()).context["quotes"]
    assert story_html.quote_list(quotes, speaker_page=True) == _old(
        QUOTES, views=quotes, speaker_page=True
    )


def test_a_key_point_citing_an_article_of_another_story_shows_that_article(client):
    built = build_story(articles=2, quotes=1)
    other = build_story(articles=1, quotes=0, headline="Northfield ferry <i>returns</i>")
    point = built.story.key_points.first()
    Attribution.objects.create(
        key_point=point,
        outlet=other.articles[0].outlet,
        article=other.articles[0],
        passage="The ferry returns in May.",
        position=9,
    )
    html = client.get(built.story.get_absolute_url()).content.decode()
    assert "The ferry returns in May." in html
    assert f'<span class="visually-hidden">: {escape(other.articles[0].headline)}</span>' in html


@pytest.mark.parametrize("language", ["en", "de"])
def test_dates_in_another_zone_month_and_language_are_as_the_templates_wrote(client, language):
    """Each dot, table row and first-reported line writes its date in the reader's time zone
    (here one with summer time, articles on both sides of its change and of a month's end),
    month names in the page's language."""
    built = _hostile_story()
    moments = [
        timezone.datetime(2026, 3, 31, 23, 30, tzinfo=timezone.UTC),
        timezone.datetime(2026, 11, 1, 7, 15, tzinfo=timezone.UTC),
        timezone.datetime(2026, 12, 31, 22, 5, tzinfo=timezone.UTC),
    ]
    for article, moment in zip(built.articles, moments, strict=False):
        Article.objects.filter(pk=article.pk).update(published_at=moment)
    with timezone.override("America/Chicago"), translation.override(language):
        page = client.get(built.story.get_absolute_url()).context["page"]
        timeline = story_html.coverage_timeline(page)
        assert timeline == _old(TIMELINE, page=page)
        assert story_html.coverage_rows(page.coverage) == _old(COVERAGE_ROWS, page=page)
        for group in page.speaker_quotes:
            assert story_html.quote_list(group.shown, first_reported=True) == _old(
                QUOTES, views=group.shown, first_reported=True
            )
    assert ("31 March 2026, 18:30" if language == "en" else "31 März 2026, 18:30") in timeline
    assert "CDT" in timeline and "CST" in timeline


@pytest.mark.parametrize("extra", [1, 3])
def test_the_speakers_sections_are_as_the_template_wrote(client, extra):
    """A speaker with a checked role and more quotes than the page shows (one more, or
    several), one without a role, and speakers not identified with more quotes too."""
    built = _hostile_story()
    named = make_speaker('Jane <Roe> & "Co"', role="Mayor of <Northfield>", role_checked=True)
    plain = make_speaker("John Doe")
    for n, speaker in enumerate(
        [named] * (QUOTES_SHOWN + extra) + [plain] + [None] * (QUOTES_SHOWN + extra)
    ):
        quote = Quote.objects.create(story=built.story, speaker=speaker, text=f"Point {n} & more")
        QuoteAppearance.objects.create(
            quote=quote,
            article=built.articles[n % 3],
            text=quote.text,
            start=n,
            end=n + 5,
            review_state="approved",
        )
    response = client.get(built.story.get_absolute_url())
    page, quotes_url = response.context["page"], response.context["quotes_url"]
    # The story had one quote by a speaker not identified already.
    assert [g.more for g in page.speaker_quotes if g.speaker in (named, None)] == [extra, extra + 1]
    html = story_html.speaker_sections(page.speaker_quotes, quotes_url)
    assert html == _old(SPEAKERS, page=page, quotes_url=quotes_url)
    assert "Mayor of &lt;Northfield&gt;" in html and html in response.content.decode()


def test_the_coverage_facets_are_as_the_template_wrote(client):
    """Outlets of several kinds and countries (one not recorded), ratings by two sources (one
    outlet unrated, an older rating of the same outlet left out), text to escape, and kinds
    of outlet with no article; then a story whose outlets leave no kind missing."""
    built = _hostile_story()
    outlets = [article.outlet for article in built.articles]
    Outlet.objects.filter(pk=outlets[1].pk).update(kind=Outlet.Kind.WIRE, country="")
    Outlet.objects.filter(pk=outlets[2].pk).update(kind=Outlet.Kind.BROADCASTER, country="IE")
    make_outlet("The Valmora Monthly", kind=Outlet.Kind.MAGAZINE)  # on record, no article here
    rated = timezone.now().date()
    for n, outlet in enumerate(outlets[:3]):
        OutletRating.objects.create(
            outlet=outlet,
            source="The <Valmora> Media Lab & Co",
            value=f"Centre & <{n % 2}>",
            rated_on=rated - timedelta(days=n),
        )
    OutletRating.objects.create(
        outlet=outlets[0],
        source="The <Valmora> Media Lab & Co",
        value="Left 'far'",
        rated_on=rated - timedelta(days=400),
    )
    OutletRating.objects.create(
        outlet=outlets[0],
        source="Quillmart Checks",
        aspect="factual reporting",
        value="High",
        rated_on=rated,
    )
    facets = client.get(built.story.get_absolute_url()).context["coverage_facets"]
    assert facets.missing_kinds and len(facets.facets) == 4
    html = table_html.coverage_facets(facets)
    assert html == _old(FACETS, coverage=facets)
    assert "The &lt;Valmora&gt; Media Lab &amp; Co" in html and "not rated" in html

    for kind in Outlet.Kind:
        make_article(story=built.story, outlet=make_outlet(f"A {kind.label} of Valmora", kind=kind))
    facets = client.get(built.story.get_absolute_url()).context["coverage_facets"]
    assert not facets.missing_kinds
    assert table_html.coverage_facets(facets) == _old(FACETS, coverage=facets)


@pytest.mark.parametrize("zone", ["UTC", "America/Chicago", "Europe/Dublin"])
def test_every_date_a_tag_writes_is_what_the_date_filter_writes(zone):
    """Each hour over two days around each summer-time change of the zone (ambiguous and
    imaginary hours included), at a month's end, naive moments and a plain date, in every
    format the tags use, in English and German."""
    from datetime import date, datetime

    from django.template.defaultfilters import date as date_filter
    from django.utils.timezone import template_localtime

    from articles.templatetags.html_writing import LONG_DATE, Memo

    starts = [datetime(2026, 3, 7), datetime(2026, 3, 28), datetime(2026, 10, 24)]
    starts += [datetime(2026, 10, 31), datetime(2026, 12, 31, 12)]
    moments = [
        (start + timedelta(hours=n, minutes=7 * n)).replace(tzinfo=timezone.UTC)
        for start in starts
        for n in range(48)
    ]
    moments += [datetime(2026, 1, 9, 5, 3), date(2026, 5, 1)]
    formats = [LONG_DATE, "c", "j M Y, H:i e", "j M, H:i e", "j F Y", "j M Y"]
    for language in ("en", "de"):
        with timezone.override(zone), translation.override(language):
            memo = Memo()
            for moment in moments:
                for format_string in formats:
                    if not isinstance(moment, datetime) and (
                        "c" in format_string or ":" in format_string
                    ):
                        continue  # no time of day in a date
                    expected = escape(date_filter(template_localtime(moment), format_string))
                    assert memo.date(moment, format_string) == expected, (moment, format_string)


def test_a_date_kept_from_an_earlier_call_is_written_for_the_current_zone_and_language():
    """Dates are kept across calls (``_WRITTEN``): a later call in another time zone or
    language, or with the same wall time an hour later (a zone's repeated hour), writes its
    own."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from articles.templatetags.html_writing import LONG_DATE, Memo

    moment = datetime(2026, 10, 25, 0, 30, tzinfo=timezone.UTC)
    written = {}
    for zone in ("UTC", "America/Chicago"):
        for language in ("en", "de"):
            with timezone.override(zone), translation.override(language):
                written[zone, language] = Memo().date(moment, "j F Y, H:i e")
    assert written == {
        ("UTC", "en"): "25 October 2026, 00:30 UTC",
        ("UTC", "de"): "25 Oktober 2026, 00:30 UTC",
        ("America/Chicago", "en"): "24 October 2026, 19:30 CDT",
        ("America/Chicago", "de"): "24 Oktober 2026, 19:30 CDT",
    }
    dublin = ZoneInfo("Europe/Dublin")
    first, second = (datetime(2026, 10, 25, 1, 30, fold=n, tzinfo=dublin) for n in (0, 1))
    with timezone.override("UTC"):
        assert Memo().date(first, "c") != Memo().date(second, "c")
        assert Memo().date(first, LONG_DATE) == "25 October 2026, 00:30 UTC"
        assert Memo().date(second, LONG_DATE) == "25 October 2026, 01:30 UTC"


def test_a_phrase_kept_from_an_earlier_call_is_translated_for_the_current_language():
    """Translations are kept across calls (``_TRANSLATED``): each language gets its own, a
    plural its own for each count."""
    from articles.templatetags.html_writing import plural, translated

    seen = {}
    for language in ("en", "de", "fr", "en"):
        with translation.override(language):
            seen[language] = (
                translated("Yes"),
                plural("%(num)d minute", "%(num)d minutes", 1),
                plural("%(num)d minute", "%(num)d minutes", 2),
            )
    assert seen == {
        "en": ("Yes", "%(num)d minute", "%(num)d minutes"),
        "de": ("Ja", "%(num)d Minute", "%(num)d Minuten"),
        "fr": ("Oui", "%(num)d minute", "%(num)d minutes"),
    }
    with translation.override("de"):
        assert translated("Yes") == gettext("Yes")


def test_the_figure_rows_are_as_the_template_wrote(client):
    """Outlets that disagree (the engine's note), an outlet giving two wordings of a quantity,
    one giving none (a dash), and text to escape."""
    built = build_story(articles=4)  # 12 million pounds against 14 million, twice each
    article = built.articles[0]
    for text, value, unit in (
        ("3 <new> lanes & a path", 3, "lanes"),
        ("three lanes", 3, "lanes"),
        ("40 'quiet' days", 40, "days"),
    ):
        Figure.objects.create(
            article=article, text=text, start=0, end=len(text), value=value, unit=unit
        )
    response = client.get(built.story.get_absolute_url())
    table = response.context["page"].figures
    assert table.disagree and any(view.row.note for view in table.rows)
    assert any(len(cell) == 2 for view in table.rows for cell in view.cells)
    assert any(not cell for view in table.rows for cell in view.cells)
    html = table_html.figure_rows(table)
    assert html == _old(FIGURE_ROWS, page={"figures": table})
    assert "3 &lt;new&gt; lanes &amp; a path" in html and html in response.content.decode()


def test_a_kept_figure_comparison_follows_the_figures(client):
    """The engine's comparison is kept between requests (``figures._compared``): once an
    outlet's figure is corrected, the next page compares the figures as they now are."""
    from django.core.cache import cache

    built = build_story(articles=4)  # 12 million pounds against 14 million, twice each
    assert client.get(built.story.get_absolute_url()).context["page"].figures.disagree
    fourteen = Figure.objects.filter(article__story=built.story, value=14_000_000)
    assert fourteen.update(value=12_000_000, text="12 million pounds")
    cache.clear()
    table = client.get(built.story.get_absolute_url()).context["page"].figures
    assert not table.disagree
    assert {value.figure.value for view in table.rows for cell in view.cells for value in cell} == {
        12_000_000
    }


@pytest.mark.parametrize("zone", ["UTC", "America/Chicago"])
def test_the_written_date_filter_prints_what_the_date_filter_prints(zone):
    """The story page's own dates (``written_date``): the same text as ``date`` in an
    autoescaping template, in each format the page uses, each zone and two languages, around a
    summer-time change, and nothing for no date."""
    from datetime import datetime

    moments = [
        (datetime(2026, 3, 7) + timedelta(hours=n, minutes=7 * n)).replace(tzinfo=timezone.UTC)
        for n in range(48)
    ]
    for format_string in ("c", "j F Y, H:i e", "j F Y", "j M Y"):
        ours = Engine(libraries={"story_html": "articles.templatetags.story_html"}).from_string(
            f'{{% load story_html %}}{{{{ moment|written_date:"{format_string}" }}}}'
        )
        theirs = Engine().from_string(f'{{{{ moment|date:"{format_string}" }}}}')
        for language in ("en", "fr"):
            with timezone.override(zone), translation.override(language):
                for moment in [*moments, None]:
                    context = {"moment": moment}
                    expected = theirs.render(Context(context))
                    assert ours.render(Context(context)) == expected, (moment, format_string)


def test_a_truncated_name_is_what_truncatechars_gives():
    """Short, exactly as long, longer, not in normal form, with combining accents, lazy."""
    from django.template.defaultfilters import truncatechars
    from django.utils.translation import gettext_lazy

    from articles.templatetags.html_writing import truncated

    names = ["The Example Gazette", "x" * 20, "x" * 21, "Cafe\u0301 Valmora", "e\u0301" * 20]
    names += ["The Northfield Evening Example Gazette", gettext_lazy("Outlet")]
    for name in names:
        for length in (1, 10, 20, 28):
            assert truncated(name, length) == truncatechars(name, length), (name, length)
