"""Query counts pinned for every list and detail endpoint: the same at page size 10 and 100,
and the same however many related rows a story has."""

from __future__ import annotations

import pytest
from django.utils import timezone

from articles.models import Article, ArticlePerson, Figure, Quote, QuoteAppearance, Story
from sources.models import Outlet, OutletAlias, Speaker, SpeakerAlias
from tests.factories import make_key_point, make_paragraph

pytestmark = pytest.mark.django_db

ROWS = 110


@pytest.fixture
def many(db):
    """ROWS outlets, speakers, published stories, articles and quotes."""
    now = timezone.now()
    outlets = Outlet.objects.bulk_create(
        Outlet(name=f"The Example Gazette {n}", slug=f"gazette-{n}") for n in range(ROWS)
    )
    OutletAlias.objects.bulk_create(OutletAlias(outlet=o, alias=f"EG{o.pk}") for o in outlets)
    speakers = Speaker.objects.bulk_create(
        Speaker(name=f"Jane Roe {n}", slug=f"jane-roe-{n}") for n in range(ROWS)
    )
    SpeakerAlias.objects.bulk_create(SpeakerAlias(speaker=s, alias="Roe") for s in speakers)
    stories = Story.objects.bulk_create(
        Story(
            headline=f"Bridge story {n}",
            slug=f"bridge-story-{n}",
            status=Story.Status.PUBLISHED,
            published_at=now - timezone.timedelta(minutes=n + 1),
        )
        for n in range(ROWS)
    )
    articles = []
    for n, (story, outlet) in enumerate(zip(stories, outlets, strict=True)):
        article = Article(
            story=story,
            outlet=outlet,
            headline=f"Council backs bridge {n}",
            body=f"“We have waited long enough,” Roe said. Story {n}.",
            url=f"https://gazette.example/{n}",
            published_at=story.published_at,
        )
        article.content_hash = f"{n:064d}"
        articles.append(article)
    Article.objects.bulk_create(articles)
    quotes = Quote.objects.bulk_create(
        Quote(story=s, speaker=sp, text="We have waited long enough,")
        for s, sp in zip(stories, speakers, strict=True)
    )
    QuoteAppearance.objects.bulk_create(
        QuoteAppearance(quote=q, article=a, text=q.text, start=1, end=28, review_state="approved")
        for q, a in zip(quotes, articles, strict=True)
    )
    return stories


def add_evidence(story: Story, n: int) -> None:
    """Give one story n articles, quotes, figures, people, key points and paragraphs."""
    for i in range(n):
        outlet = Outlet.objects.create(name=f"The Sample Courier {story.pk}-{n}-{i}")
        article = Article.objects.create(
            story=story, outlet=outlet, headline="More", body=f"Body {story.pk} {n} {i}"
        )
        speaker = Speaker.objects.create(name=f"Alex Doe {story.pk}-{n}-{i}")
        quote = Quote.objects.create(story=story, speaker=speaker, text=f"Words {i}")
        QuoteAppearance.objects.create(quote=quote, article=article, text="Words", start=0, end=5)
        Figure.objects.create(article=article, text="3,000", start=0, end=5, value=3000)
        ArticlePerson.objects.create(article=article, speaker=speaker, role="Spokesperson")
        make_key_point(story, f"Point {i}", outlets=[outlet], position=i)
        make_paragraph(story, f"Paragraph {i}", outlets=[outlet], position=i)


LISTS = [
    # (path, queries for the public) -- one for the page, one per prefetched relation, and one
    # for the content generation in the ETag and cache key (articles/public/cache.py).
    ("/api/v1/stories/", 3),
    ("/api/v1/articles/", 2),
    ("/api/v1/quotes/", 3),
    ("/api/v1/speakers/", 3),
    ("/api/v1/outlets/", 3),
]


@pytest.mark.parametrize(("path", "queries"), LISTS)
@pytest.mark.parametrize("size", [10, 100])
def test_list_query_count_does_not_grow_with_page_size(
    anon, many, path, queries, size, django_assert_num_queries
):
    with django_assert_num_queries(queries):
        response = anon.get(path, {"page_size": size})
    assert len(response.json()["results"]) == size


@pytest.mark.parametrize(("path", "queries"), LISTS)
def test_staff_lists_cost_two_more_queries_for_the_token(
    staff, many, path, queries, django_assert_num_queries
):
    # The token, and whether its address is locked out for guessing tokens (ops/auth.py).
    with django_assert_num_queries(queries + 2):
        assert staff.get(path, {"page_size": 100}).status_code == 200


@pytest.mark.parametrize("evidence", [1, 8])
def test_story_detail_costs_thirteen_queries(anon, many, evidence, django_assert_num_queries):
    story = many[0]
    add_evidence(story, evidence)
    # The story with its freshness; topics; articles; key points and their sources;
    # paragraphs and their sources; the ids of the first page of quotes and their wordings;
    # figures; people with their speakers; corrections. Each a query of plain rows compiled
    # once (articles/api/story_rows.py).
    with django_assert_num_queries(13):  # 12, and the content generation
        response = anon.get(f"/api/v1/stories/{story.slug}/")
    assert response.status_code == 200


@pytest.mark.parametrize("suffix", ["jsonld/", "ninjs/"])
@pytest.mark.parametrize("evidence", [1, 8])
def test_story_exports_cost_fourteen_queries(
    anon, many, suffix, evidence, django_assert_num_queries
):
    story = many[0]
    add_evidence(story, evidence)
    # The story with its freshness; topics; key points and their sources; paragraphs and
    # their sources; quotes and their wordings; articles, their figures, their people and
    # those people's speakers; corrections.
    with django_assert_num_queries(14):  # 13, and the content generation
        response = anon.get(f"/api/v1/stories/{story.slug}/{suffix}")
    assert response.status_code == 200


@pytest.mark.parametrize(
    ("path", "queries"),
    [
        # Each: the content generation (ETag and cache key), then ...
        # the article; its quotes with speakers; figures; people with speakers.
        ("/api/v1/articles/{article}/", 5),
        # the quote with speaker and story; its wordings with article and outlet.
        ("/api/v1/quotes/{quote}/", 3),
        ("/api/v1/speakers/jane-roe-0/", 3),
        ("/api/v1/outlets/gazette-0/", 3),
    ],
)
def test_detail_query_counts(anon, many, path, queries, django_assert_num_queries):
    story = many[0]
    url = path.format(article=story.articles.get().pk, quote=story.quotes.get().pk)
    with django_assert_num_queries(queries):
        assert anon.get(url).status_code == 200
