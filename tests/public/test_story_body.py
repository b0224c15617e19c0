"""The story page's content, social tags and head (``{% block content %}``, ``social`` and
``head`` of ``articles/story_detail.html``) are written in Python
(``articles/templatetags/story_body.py``) for speed: they write the markup the template
below wrote, byte for byte, on stories with every part the page may show (corrections,
a lead image, a storyline, related stories, outlets cited, a disagreement among figures, the
legend of unchecked findings, text that must be escaped) and without them (a draft with no
articles, no dek and no date)."""

# ruff: noqa: E501 (the template, as it was)

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.core.files.base import ContentFile
from django.template import Context, engines
from django.utils import timezone, translation
from PIL import Image

from articles.models import ArticleImage, Correction, Figure, Story
from articles.stories.storylines import storyline_link
from tests.factories import make_article, make_story
from tests.public.test_story_html import _hostile_story
from tests.story_builders import build_story

pytestmark = pytest.mark.django_db

# ``{% block content %}`` of ``articles/story_detail.html`` before it was written in Python.
CONTENT = r"""{% load addresses i18n phrases newsroom story_html claim_html table_html %}
<article class="story" aria-labelledby="story-headline">
  <header class="story__header">
    <p class="kicker">{% blocktranslate count counter=page.reporting_outlets|length %}Reported by {{ counter }} outlet{% plural %}Reported by {{ counter }} outlets{% endblocktranslate %}</p>
    <h1 id="story-headline">{{ story.headline }}</h1>
    {% if story.dek %}<p class="dek">{{ story.dek }}</p>{% endif %}
    <p class="meta">
      {% if story.published_at %}{% translate "Published" %} <time datetime="{{ story.published_at|written_date:'c' }}">{{ story.published_at|written_date:"j F Y, H:i e" }}</time>{% else %}{% translate "Not yet scheduled" %}{% endif %}
      {% if page.updated_at %}<span aria-hidden="true"> · </span>{% translate "Updated" %} <time datetime="{{ page.updated_at|written_date:'c' }}">{{ page.updated_at|written_date:"j F Y, H:i e" }}</time>{% endif %}
    </p>
  </header>

  {% if page.corrections %}
  <section class="corrections" aria-labelledby="corrections-heading">
    <h2 id="corrections-heading">{% translate "Corrections and updates" %}</h2>
    <ul class="correction-list">
      {% for correction in page.corrections %}
<li class="correction correction--{{ correction.kind }}">
  <p><strong class="correction__kind">{{ correction.get_kind_display }}</strong>
    <time datetime="{{ correction.published_at|written_date:'c' }}">{{ correction.published_at|written_date:"j F Y" }}</time></p>
  <p>{{ correction.text }}</p>
</li>
{% endfor %}
    </ul>
  </section>
  {% endif %}

  {% if lead_image %}{% include "includes/lead_image.html" with image=lead_image %}{% endif %}

  <div class="story__body">
    <div class="story__main">
      {% if page.key_points %}
      <section class="key-points" aria-labelledby="key-points-heading">
        <h2 id="key-points-heading">{% translate "Key points" %}</h2>
        {% include "includes/chips_legend.html" %}
        <ol class="key-point-list">
          {% for point in page.key_points %}
          <li class="key-point" id="{{ point.anchor }}">
            <p>{{ point.text }}</p>
            {% source_chips point.chips point.vouched %}
            {% claim_sources point %}
          </li>
          {% endfor %}
        </ol>
      </section>
      {% endif %}

      {% if page.paragraphs %}
      <section class="summary" aria-labelledby="summary-heading">
        <h2 id="summary-heading">{% translate "The story" %}</h2>
        {% for paragraph in page.paragraphs %}
        <div class="summary__paragraph" id="{{ paragraph.anchor }}">
          <p>{{ paragraph.sourced_text }}</p>
          {% source_chips paragraph.chips %}
          {% claim_sources paragraph %}
        </div>
        {% endfor %}
      </section>
      {% endif %}

      {% if page.speaker_quotes %}
      <section class="quotes" aria-labelledby="quotes-heading">
        <h2 id="quotes-heading">{% translate "What they said" %}</h2>
        {% speaker_sections page.speaker_quotes quotes_url %}
      </section>
      {% endif %}

      {% if page.figures %}
      <section class="figures" aria-labelledby="figures-heading">
        <h2 id="figures-heading">{% translate "Figures" %}</h2>
        {% if page.figures.disagree %}<p class="notice">{% translate "Outlets give different numbers for some figures. They are marked below." %}</p>{% endif %}
        {% if page.figures.outlets|length > 1 %}<p class="scroll-hint" aria-hidden="true">{% translate "Swipe the table sideways to see every outlet." %}</p>{% endif %}
        <div class="table-wrap" role="region" aria-labelledby="figures-caption" tabindex="0">
          <table class="figure-table">
            <caption id="figures-caption">{% translate "Figures given by each outlet, one row per quantity" %}</caption>
            <thead>
              <tr><th scope="col">{% translate "Quantity" %}</th>{% for outlet in page.figures.outlets %}<th scope="col">{{ outlet.name }}</th>{% endfor %}</tr>
            </thead>
            {% figure_rows page.figures %}
          </table>
        </div>
      </section>
      {% endif %}

      {% if timeline %}{% include "includes/storyline_timeline.html" with storyline=storyline events=timeline current=story %}{% endif %}
      {% if related %}
      <section class="related" aria-labelledby="related-heading">
        <h2 id="related-heading">{% translate "Related stories" %}</h2>
        <ul class="index-list">{% for other in related %}<li><a href="{{ other.get_absolute_url }}">{{ other.headline }}</a> <span class="meta"><time datetime="{{ other.published_at|written_date:'c' }}">{{ other.published_at|written_date:"j M Y" }}</time></span></li>{% endfor %}</ul>
      </section>
      {% endif %}

      <section class="coverage" aria-labelledby="coverage-heading">
        <h2 id="coverage-heading">{% translate "Coverage" %}</h2>
        {% coverage_timeline page %}
        {% if coverage_facets %}{% coverage_facets coverage_facets %}{% endif %}
        {% if page.coverage %}
        <div class="table-wrap" role="region" aria-labelledby="coverage-caption" tabindex="0">
          <table class="coverage-table">
            <caption id="coverage-caption">{% translate "Articles by outlet, earliest first" %}</caption>
            <thead><tr><th scope="col">{% translate "Outlet" %}</th><th scope="col">{% translate "Article" %}</th><th scope="col">{% translate "Published" %}</th></tr></thead>
            <tbody>
              {% coverage_rows page.coverage %}
            </tbody>
          </table>
        </div>
        {% else %}
        <p class="empty">{% translate "No articles yet." %}</p>
        {% endif %}
        {% if page.cited_outlets %}
        <p class="cited-outlets" id="coverage-cited">{% translate "Also cited, with no article in this story:" %} {% for outlet in page.cited_outlets %}{% if outlet.homepage %}<a href="{{ outlet.homepage }}" rel="noopener">{{ outlet.name }}</a>{% else %}{{ outlet.name }}{% endif %}{% if not forloop.last %}, {% endif %}{% endfor %}.</p>
        {% endif %}
      </section>

    </div>

    {% if page.people %}
    <aside class="story__aside people" aria-labelledby="people-heading">
      <h2 id="people-heading">{% translate "People and organisations" %}</h2>
      <ul class="people-list">
        {% people_list page.people %}
      </ul>
    </aside>
    {% endif %}
  </div>
</article>
"""

# ``{% block social %}`` and ``{% block head %}`` of the same template, as they were.
SOCIAL = r"""{% load story_html %}<meta property="og:type" content="article">
  <meta property="og:title" content="{{ story.headline }}">
  <meta property="og:description" content="{{ story.dek|default:story.headline }}">
  <meta property="og:url" content="{{ jsonld.url }}">
  {% if story.published_at %}<meta property="article:published_time" content="{{ story.published_at|written_date:'c' }}">{% endif %}
  {% if lead_image %}<meta property="og:image" content="{{ request.scheme }}://{{ request.get_host }}{{ lead_image.file.url }}">
  {% if lead_image.alt %}<meta property="og:image:alt" content="{{ lead_image.alt }}">{% endif %}
  <meta name="twitter:card" content="summary_large_image">{% else %}<meta name="twitter:card" content="summary">{% endif %}
  <meta name="twitter:title" content="{{ story.headline }}">
  <meta name="twitter:description" content="{{ story.dek|default:story.headline }}">"""
HEAD = r"""{% load addresses i18n phrases newsroom %}
  {% if is_preview %}<meta name="robots" content="noindex">{% endif %}
  <link rel="canonical" href="{{ jsonld.url }}">
  {% if not is_preview %}<link rel="alternate" type="application/rss+xml" title="{% translate 'This story: new coverage and corrections (RSS)' %}" href="{% url 'articles:story-updates-rss' story.slug %}">
  <link rel="alternate" type="application/atom+xml" title="{% translate 'This story: new coverage and corrections (Atom)' %}" href="{% url 'articles:story-updates-atom' story.slug %}">{% endif %}
  {{ jsonld|jsonld_script }}
"""

# The context keys the blocks read.
KEYS = (
    "page",
    "story",
    "lead_image",
    "timeline",
    "storyline",
    "related",
    "coverage_facets",
    "quotes_url",
    "show_unchecked",
    "jsonld",
    "is_preview",
    "request",
)


def _as_before_and_now(response, language: str = "en") -> tuple[str, str]:
    """The content, social and head blocks as the template wrote them and as now."""
    values = {key: response.context[key] for key in KEYS}
    engine = engines["django"].engine
    before, now = [], []
    with translation.override(language):
        for old, tag in ((CONTENT, "story_body"), (SOCIAL, "story_social"), (HEAD, "story_head")):
            before.append(engine.from_string(old).render(Context(values)))
            new = engine.from_string(f"{{% load story_body %}}{{% {tag} %}}")
            now.append(new.render(Context(values)))
    return "".join(before), "".join(now)


def _page(client, story: Story):
    response = client.get(story.get_absolute_url())
    assert response.status_code == 200
    before, now = _as_before_and_now(response)
    assert now == before
    return now


@pytest.mark.parametrize("unchecked", [False, True])
def test_the_story_content_is_what_the_template_wrote(client, settings, unchecked):
    settings.NEWSROOM_SHOW_UNCHECKED = unchecked
    built = _hostile_story()
    story = built.story
    Story.objects.filter(pk=story.pk).update(dek="Roe & the <b>council</b> disagree")
    story.refresh_from_db()
    Correction.objects.create(
        story=story, text="An earlier version <i>misnamed</i> the ferry & pier."
    )
    Story.objects.filter(pk=story.pk).update(updated_at=timezone.now() + timedelta(days=2))
    Figure.objects.filter(article=built.articles[1]).update(value=99)  # outlets now disagree
    make_story("Northfield <b>ferry</b> returns")  # a related story, perhaps
    html = _page(client, story)
    assert "Roe &amp; the &lt;b&gt;council&lt;/b&gt; disagree" in html
    assert ("chip--machine chip--sample" in html) == unchecked


@pytest.mark.parametrize("language", ["fr", "de"])
def test_the_story_content_in_another_language_is_what_the_template_wrote(client, language):
    built = _hostile_story()
    response = client.get(built.story.get_absolute_url())
    before, now = _as_before_and_now(response, language)
    assert now == before


def test_a_story_with_a_lead_image_and_a_storyline_is_as_the_template_wrote(
    client, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    built = build_story(articles=3, quotes=2, headline="Northfield pier reopens")
    earlier = build_story(articles=1, quotes=0, headline="Northfield pier <i>closes</i>").story
    storyline_link(story=built.story, to=earlier, name="Northfield's <b>pier</b>")
    picture = io.BytesIO()
    Image.new("RGB", (32, 18), (40, 60, 90)).save(picture, "JPEG")
    image = ArticleImage(
        article=built.articles[0],
        source_url="https://wire.example/pier.jpg",
        alt="The pier & its <gate>",
        credit="Example <Agency>",
        state=ArticleImage.State.READY,
        width=32,
        height=18,
    )
    image.file.save("pier.jpg", ContentFile(picture.getvalue()), save=True)
    html = _page(client, built.story)
    assert 'class="lead-image"' in html and 'class="storyline"' in html
    assert 'property="og:image:alt" content="The pier &amp; its &lt;gate&gt;"' in html


def test_a_bare_draft_is_as_the_template_wrote(client, admin_client):
    draft = make_story("Northfield draft <i>story</i>", published=False, dek="")
    html = _page(admin_client, draft)
    assert "Not yet scheduled" in html and 'class="empty"' in html
    assert '<meta name="robots" content="noindex">' in html


def test_a_story_whose_articles_have_no_date_is_as_the_template_wrote(client):
    built = build_story(articles=2, quotes=1)
    for article in built.articles:
        make_article(story=built.story, outlet=article.outlet, published_at=None)
    _page(client, built.story)
