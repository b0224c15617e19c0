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
