"""The story page's quotes, coverage timeline and table, and people list are written in Python
(``articles/templatetags/story_html.py``) for speed; they write the markup the templates below
wrote before, byte for byte, on stories with every kind of row: wordings compared, translated,
found by machine and unchecked, undated articles, and text that must be escaped. The rows
behind them are read by queries compiled once (``story_rows``), a source in another story too."""

# ruff: noqa: E501 (the templates, as they were)

from __future__ import annotations

from datetime import timedelta

import pytest
from django.template import Context, Engine
from django.utils import timezone
from django.utils.html import escape

from articles.models import Article, Attribution, Quote, QuoteAppearance
from articles.templatetags import story_html
from tests.factories import make_article
from tests.story_builders import build_story

pytestmark = pytest.mark.django_db

QUOTES = r"""{% load i18n %}
{% for view in views %}
{% if speaker_page %}<figure class="quote">{% else %}<div class="quote" id="quote-{{ view.quote.pk }}">{% endif %}
  <ol class="wordings">
    {% for wording in view.wordings %}
    <li class="wording wording--{{ wording.kind }}">
      <blockquote><p>{{ wording.text }}</p></blockquote>
      <p class="wording__meta">
        <span class="badge badge--{{ wording.kind }}">{{ wording.match_label }}</span>
        {% if wording.is_first and first_reported %}{% translate "first reported by" %}{% else %}{% translate "in" %}{% endif %}
        {% for appearance in wording.sources %}<a href="{{ appearance.article.get_absolute_url }}">{{ appearance.article.outlet.name }}</a>{% if appearance.article.is_translation %} <span class="note">({% translate "translated" %})</span>{% endif %}{% if wording.is_first and first_reported and forloop.first %}{% if appearance.article.published_at %}, <time datetime="{{ appearance.article.published_at|date:'c' }}">{{ appearance.article.published_at|date:"j F Y, H:i e" }}</time>{% endif %}{% if not forloop.last %}; {% translate "also in" %} {% endif %}{% elif not forloop.last %}, {% endif %}{% endfor %}{% if wording.unchecked %} · <span class="wording__status">{% translate "found by machine, not yet checked by an editor" %}</span>{% endif %}
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


def _engine() -> Engine:
    return Engine(
        loaders=[("django.template.loaders.locmem.Loader", {"described": DESCRIBED})],
        libraries={"i18n": "django.templatetags.i18n"},
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
        )
    return built


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
