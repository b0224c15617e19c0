from django.core.management import call_command

from articles.models import Article, Attribution, KeyPoint, Quote, Story, SummaryParagraph
from sources.models import Outlet, Speaker


def _load():
    call_command("load_demo", verbosity=0)


def test_load_demo_builds_one_published_story_from_the_seeds(db):
    _load()
    story = Story.objects.published().get()
    assert [p.text for p in story.key_points.all()][0].startswith("ICE sees a leadership shake-up")
    assert story.key_points.count() == 5
    assert story.paragraphs.count() == 3
    nyt = Article.objects.get(outlet__name="The New York Times")
    assert nyt.is_translation
    assert nyt.story == story
    assert nyt.headline == "Senior officials supervising deportations leave their roles to Ice"


def test_load_demo_cites_the_four_outlets_per_paragraph(db):
    _load()
    cited = [
        [a.outlet.name for a in p.attributions.filter(origin=Attribution.Origin.EDITOR)]
        for p in SummaryParagraph.objects.order_by("position")
    ]
    assert cited == [
        ["CBS News", "Reuters"],
        ["The New York Times", "India Times"],
        ["CBS News", "Reuters", "The New York Times", "India Times"],
    ]


def test_load_demo_gives_people_their_quotes(db):
    _load()
    speakers = set(Quote.objects.values_list("speaker__name", flat=True))
    assert {"Tom Homan", "Stephen Miller", "Todd Lyons"} <= speakers
    assert Speaker.objects.get(name="Stephen Miller").role == "senior White House official"
    dhs = Speaker.objects.get(name="Department of Homeland Security")
    assert dhs.kind == Speaker.Kind.ORGANIZATION
    assert "the ministry" in {a.alias for a in dhs.aliases.all()}


def test_load_demo_twice_changes_nothing(db):
    _load()
    counts = [
        m.objects.count()
        for m in (Story, Article, Quote, KeyPoint, SummaryParagraph, Attribution, Outlet, Speaker)
    ]
    _load()
    again = [
        m.objects.count()
        for m in (Story, Article, Quote, KeyPoint, SummaryParagraph, Attribution, Outlet, Speaker)
    ]
    assert again == counts


def test_the_demo_quotes_are_read_by_the_engine_and_match_the_annotations(db):
    from articles.editorial.demo import annotations
    from articles.models import QuoteAppearance

    _load()
    nyt = Article.objects.get(outlet__name="The New York Times")
    assert nyt.read_at is not None
    found = {
        (a.text, a.quote.speaker.name)
        for a in QuoteAppearance.objects.filter(article=nyt).select_related("quote__speaker")
    }
    expected = {(q["text"], q["speaker"]) for q in annotations()["documents"][0]["quotes"]}
    assert found == expected


def test_the_demo_homan_quote_is_one_statement_in_two_wordings(db):
    _load()
    [homan] = Quote.objects.filter(speaker__name="Tom Homan")
    wordings = {(a.article.outlet.name, a.match) for a in homan.appearances.all()}
    assert ("The New York Times", "original") in wordings
    assert ("Multi-source summary", "variant") in wordings
    assert homan.text == "I am not satisfied with the figures, We have to increase."
