"""Reading an article into rows, reading it again, and the editors' review services."""

import pytest
from django.core.exceptions import ValidationError

from articles.editorial.review import quote_appearance_set_speaker, quote_appearances_review
from articles.engine.types import Entity, Figure, KnownSpeaker, Reading
from articles.engine.types import Quote as EngineQuote
from articles.ingest.reading import KnownSpeakers, article_read, name_candidates
from articles.models import ArticlePerson, Quote, QuoteAppearance, ReviewState, StorySpeakerAlias
from articles.models import Figure as FigureRow
from sources.models import Speaker, SpeakerAlias
from tests.factories import make_article, make_outlet, make_speaker, make_story

pytestmark = pytest.mark.django_db

BODY = (
    "Mayor Jane Roe said the bridge would open in spring.\n\n"
    "“We have waited long enough,” Roe said.\n\n"
    "“It costs 12 million pounds,” said John Doe.\n\n"
    "“Nobody asked us,” a resident said."
)


def q(body, words, speaker=None, mention=None, cue="said"):
    start = body.index(words)
    return EngineQuote(
        text=words,
        start=start,
        end=start + len(words),
        speaker=speaker,
        speaker_kind="person" if speaker else None,
        speaker_mention=mention,
        cue=cue,
    )


def reading(*quotes, entities=(), figures=()):
    return Reading(quotes=tuple(quotes), entities=tuple(entities), figures=tuple(figures))


@pytest.fixture
def article():
    return make_article(body=BODY)


def first_reading(body=BODY):
    return reading(
        q(body, "We have waited long enough", "Jane Roe", "Roe"),
        q(body, "It costs 12 million pounds", "John Doe", "John Doe"),
        q(body, "Nobody asked us", None, "a resident"),
        entities=[Entity(name="Jane Roe", kind="person", role="Mayor", mentions=("Roe",))],
        figures=[
            Figure(
                text="12 million pounds",
                start=body.index("12 million"),
                end=body.index("12 million") + 17,
                value=12e6,
                unit="pounds",
            )
        ],
    )


def test_quotes_are_stored_as_suggestions_with_speakers(article):
    result = article_read(article=article, reading=first_reading())
    assert (result.quotes, result.added, result.people, result.figures) == (3, 3, 1, 1)
    rows = list(QuoteAppearance.objects.filter(article=article).select_related("quote__speaker"))
    assert {a.review_state for a in rows} == {ReviewState.SUGGESTED}
    assert [a.quote.speaker.name if a.quote.speaker else None for a in rows] == [
        "Jane Roe",
        "John Doe",
        None,
    ]
    assert rows[0].speaker_mention == "Roe" and rows[0].cue == "said"
    person = ArticlePerson.objects.get(article=article)
    assert (person.speaker.name, person.role, person.mentions) == ("Jane Roe", "Mayor", ["Roe"])
    assert FigureRow.objects.get(article=article).value == 12e6
    article.refresh_from_db()
    assert article.read_at is not None


def test_existing_speakers_are_matched_by_alias_ignoring_case(article):
    roe = make_speaker("Jane Roe")
    SpeakerAlias.objects.create(speaker=roe, alias="Mayor Roe")
    article_read(article=article, reading=reading(q(BODY, "Nobody asked us", "mayor roe")))
    assert QuoteAppearance.objects.get().quote.speaker == roe
    assert Speaker.objects.count() == 1


def test_reading_again_keeps_editors_decisions_and_refreshes_the_rest(article):
    article_read(article=article, reading=first_reading())
    roe, doe, resident = QuoteAppearance.objects.filter(article=article).order_by("start")
    editor = None
    quote_appearances_review(appearances=[roe], state=ReviewState.APPROVED, user=editor)
    quote_appearances_review(appearances=[resident], state=ReviewState.REJECTED, user=editor)
    fixed = make_speaker("Joan Doe")
    quote_appearance_set_speaker(appearance=doe, speaker=fixed, user=editor)
    new_body_quote = q(BODY, "the bridge would open in spring", "Jane Roe", "Jane Roe")
    # The engine now: drops Roe's quote, attributes Doe's to someone else, finds the
    # resident's again, and finds something new.
    again = reading(
        q(BODY, "It costs 12 million pounds", "John Doe", "John Doe"),
        q(BODY, "Nobody asked us", None, "a resident"),
        new_body_quote,
    )
    result = article_read(article=article, reading=again)
    rows = {a.text: a for a in QuoteAppearance.objects.filter(article=article)}
    assert rows["We have waited long enough"].review_state == ReviewState.APPROVED
    assert rows["Nobody asked us"].review_state == ReviewState.REJECTED
    assert rows["It costs 12 million pounds"].quote.speaker == fixed
    assert rows["the bridge would open in spring"].review_state == ReviewState.SUGGESTED
    assert (result.added, result.kept, result.removed) == (1, 3, 0)


def test_reading_again_removes_stale_suggestions_only(article):
    article_read(article=article, reading=first_reading())
    result = article_read(article=article, reading=reading(q(BODY, "Nobody asked us")))
    assert result.removed == 2
    assert list(QuoteAppearance.objects.values_list("text", flat=True)) == ["Nobody asked us"]
    assert Quote.objects.count() == 1  # the stale quotes went with their appearances


def test_reading_again_does_not_suggest_words_an_editor_rejected(article):
    article_read(article=article, reading=reading(q(BODY, "Nobody asked us")))
    quote_appearances_review(
        appearances=QuoteAppearance.objects.all(), state=ReviewState.REJECTED, user=None
    )
    wider = q(BODY, "“Nobody asked us,” a resident")
    article_read(article=article, reading=reading(wider))
    assert QuoteAppearance.objects.count() == 1


def test_reading_again_updates_figures_to_what_the_engine_finds(article):
    article_read(article=article, reading=first_reading())
    article_read(article=article, reading=reading())
    assert not FigureRow.objects.filter(article=article).exists()
    assert ArticlePerson.objects.filter(article=article).exists()  # people are kept


def test_spans_outside_the_body_are_skipped(article):
    bad = EngineQuote(
        text="x",
        start=len(BODY),
        end=len(BODY) + 5,
        speaker=None,
        speaker_kind=None,
        speaker_mention=None,
        cue=None,
    )
    assert article_read(article=article, reading=reading(bad)).quotes == 0


def test_review_stamps_the_editor_and_returning_to_suggested_clears_it(article, django_user_model):
    from django.contrib.auth.models import Group

    editor = django_user_model.objects.create_user("editor")
    editor.groups.add(Group.objects.get(name="Editor"))
    article_read(article=article, reading=first_reading())
    rows = QuoteAppearance.objects.all()
    assert quote_appearances_review(appearances=rows, state="approved", user=editor) == 3
    row = QuoteAppearance.objects.first()
    assert row.reviewed_by == editor and row.reviewed_at is not None
    quote_appearances_review(appearances=[row], state="suggested", user=editor)
    row.refresh_from_db()
    assert (row.review_state, row.reviewed_by, row.reviewed_at) == ("suggested", None, None)


def test_a_reporter_cannot_rule_on_quotes(article, django_user_model):
    from django.contrib.auth.models import Group
    from django.core.exceptions import PermissionDenied

    reporter = django_user_model.objects.create_user("reporter")
    reporter.groups.add(Group.objects.get(name="Reporter"))
    article_read(article=article, reading=first_reading())
    with pytest.raises(PermissionDenied):
        quote_appearances_review(
            appearances=QuoteAppearance.objects.all(), state="approved", user=reporter
        )
    assert not QuoteAppearance.objects.exclude(review_state="suggested").exists()


def test_known_speakers_are_those_the_text_names(django_assert_max_num_queries):
    gazette = make_outlet("The Example Gazette")
    roe = make_speaker("Jane Roe", role="Mayor")
    SpeakerAlias.objects.create(speaker=roe, alias="the mayor", outlet=gazette)
    ice = make_speaker("U.S. Immigration and Customs Enforcement", kind="organization")
    SpeakerAlias.objects.create(speaker=ice, alias="ICE")
    for n in range(30):
        make_speaker(f"Unrelated Person {n}")
    known = KnownSpeakers()
    text = "The mayor said ICE would help. “Yes,” said Jane Roe."
    with django_assert_max_num_queries(5):
        found = known.for_text(text, outlet_id=gazette.pk)
    assert found == (
        KnownSpeaker(name="Jane Roe", kind="person", aliases=("the mayor",), role="Mayor"),
        KnownSpeaker(
            name="U.S. Immigration and Customs Enforcement",
            kind="organization",
            aliases=("ICE",),
        ),
    )
    with django_assert_max_num_queries(2):  # cached: only the look-up queries again
        assert len(known.for_text("ICE and the mayor.")) == 1  # another outlet's "the mayor"


def test_a_runs_later_texts_find_known_speakers_without_a_query_per_text(
    django_assert_num_queries, django_assert_max_num_queries
):
    """From its second text on, a run looks names up in one index loaded once; a speaker the
    run creates (``forget``) is still found by the texts after it."""
    roe = make_speaker("Jane Roe", role="Mayor")
    SpeakerAlias.objects.create(speaker=roe, alias="Roe")
    SpeakerAlias.objects.create(speaker=roe, alias="the mayor")  # a description: never global
    known = KnownSpeakers()
    known.for_text("Jane Roe opened the bridge.")
    known.for_text("Northfield Courier readers wrote in.")  # the index is loaded here
    with django_assert_num_queries(0):
        found = known.for_text("“Yes,” Roe said. The mayor and Dario Fenwick agreed.")
    assert [k.name for k in found] == ["Jane Roe"]
    make_speaker("Dario Fenwick", role="Union chair")
    known.forget(["Dario Fenwick"])
    with django_assert_max_num_queries(4):  # the forgotten name, then the new speaker's row
        found = known.for_text("Dario Fenwick and Roe met on Monday.")
    assert [(k.name, k.role) for k in found] == [
        ("Jane Roe", "Mayor"),
        ("Dario Fenwick", "Union chair"),
    ]
    with django_assert_num_queries(0):
        assert len(known.for_text("Fenwick left. Dario Fenwick and Jane Roe stayed.")) == 2


def test_descriptions_are_scoped_to_their_outlet_or_story_never_global():
    """ "The ministry" set for one story never names anyone in another story or outlet."""
    ministry = make_speaker("Ministry of Harbours", kind="organization")
    gazette, courier = make_outlet("The Example Gazette"), make_outlet("Northfield Courier")
    pier = make_story("Harbour pier to reopen", published=False)
    StorySpeakerAlias.objects.create(story=pier, speaker=ministry, alias="the ministry")
    SpeakerAlias.objects.create(speaker=ministry, alias="the department", outlet=gazette)
    text = "“We will reopen the pier,” the ministry said. “Soon,” the department said."
    known = KnownSpeakers()

    def aliases(**scope):
        return {a for k in known.for_text(text, **scope) for a in k.aliases}

    assert aliases(story_id=pier.pk, outlet_id=courier.pk) == {"the ministry"}
    assert aliases(outlet_id=gazette.pk) == {"the department"}
    assert aliases(outlet_id=courier.pk) == set()
    with pytest.raises(ValidationError, match="is a description"):
        SpeakerAlias(speaker=ministry, alias="the ministry").full_clean()
    SpeakerAlias(speaker=ministry, alias="MoH").full_clean()  # a name form holds everywhere


def test_reading_again_in_its_story_resolves_the_storys_description(article):
    """The real engine, end to end: an alias an editor scoped to the article's story."""
    ministry = make_speaker("Ministry of Harbours", kind="organization")
    article.body = "Harbour pier to reopen\n\n“We will reopen the pier soon,” the ministry said."
    article.story = make_story("Harbour pier to reopen", published=False)
    article.save()
    article_read(article=article)
    assert QuoteAppearance.objects.get().quote.speaker is None
    StorySpeakerAlias.objects.create(story=article.story, speaker=ministry, alias="the ministry")
    article_read(article=article)
    assert QuoteAppearance.objects.get().quote.speaker == ministry


def test_name_candidates_cover_names_acronyms_and_descriptions():
    got = name_candidates("Tom Homan told the Department of Homeland Security’s staff, ICE said.")
    assert {"tom homan", "homan", "department of homeland security", "ice", "the department"} <= got
    assert "told" not in got


def test_outlets_named_in_the_text_are_not_stored_as_people(article):
    from sources.models import OutletAlias

    OutletAlias.objects.create(outlet=article.outlet, alias="the Gazette")
    reading = Reading(
        entities=(
            Entity(name=article.outlet.name, kind="organization"),
            Entity(name="The Gazette", kind="organization"),
            Entity(name="Northfield Courier", kind="organization", is_outlet=True),
            Entity(name="Jane Roe", kind="person", role="Mayor"),
        )
    )
    article_read(article=article, reading=reading)
    assert [p.speaker.name for p in ArticlePerson.objects.filter(article=article)] == ["Jane Roe"]


def test_two_pieces_split_by_their_attribution_make_one_statement_as_spoken():
    from articles.ingest.reading import joined_statement

    assert (
        joined_statement("We worked together,", "The volunteers stayed all night.")
        == "We worked together. The volunteers stayed all night."
    )
    assert (
        joined_statement("We worked together,", "and the volunteers stayed.")
        == "We worked together, and the volunteers stayed."
    )


def test_a_crowd_is_stored_as_not_identified_and_never_made_a_speaker():
    """The engine names "the crowd" as a group (kind ``people``): the real engine here, so the
    test fails if either the reading or the storing changes."""
    body = (
        "Mayor Jane Roe spoke at the pier on Monday. As Roe spoke, the crowd chanted, "
        "“Rebuild it now!”\n\n“We will,” Roe said."
    )
    article = make_article(body=body)
    article_read(article=article)
    rows = QuoteAppearance.objects.filter(article=article).select_related("quote__speaker")
    by_text = {a.text.strip("“”,."): a for a in rows}
    chant = by_text["Rebuild it now!"]
    assert chant.quote.speaker is None and chant.speaker_mention == "the crowd"
    assert by_text["We will"].quote.speaker.name == "Jane Roe"
    assert not Speaker.objects.filter(name__iexact="crowd").exists()
