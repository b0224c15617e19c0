"""The editors' quote review in the admin, as an editor: a staff user with the model
permissions, not a superuser."""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from articles.admin.review import evidence_html
from articles.engine.types import Quote as EngineQuote
from articles.engine.types import Reading
from articles.ingest.reading import article_read
from articles.models import QuoteAppearance, ReviewState
from tests.factories import make_article, make_quote, make_speaker, make_story

pytestmark = pytest.mark.django_db

BODY = (
    "Council backs bridge\n\n"
    "Mayor Jane Roe spoke first. “We have waited long enough,” Roe said on Tuesday.\n\n"
    "“It costs too much,” said John Doe."
)
PERMISSIONS = [
    "view_quoteappearance",
    "change_quoteappearance",
    "review_quoteappearance",
    "view_quote",
    "change_quote",
    "view_article",
    "change_article",
    "view_speaker",
]


def engine_quote(words, speaker, mention, cue="said"):
    start = BODY.index(words)
    return EngineQuote(
        text=words,
        start=start,
        end=start + len(words),
        speaker=speaker,
        speaker_kind="person" if speaker else None,
        speaker_mention=mention,
        cue=cue,
    )


def roe_and_doe():
    return Reading(
        quotes=(
            engine_quote("We have waited long enough,", "Jane Roe", "Roe"),
            engine_quote("It costs too much,", None, "John Doe"),
        )
    )


@pytest.fixture
def editor(django_user_model):
    user = django_user_model.objects.create_user("editor", password="pw", is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__in=PERMISSIONS))
    return user


@pytest.fixture
def editor_client(client, editor):
    client.force_login(editor)
    return client


@pytest.fixture
def article():
    article = make_article(body=BODY)
    article_read(article=article, reading=roe_and_doe())
    return article


def appearance(words):
    return QuoteAppearance.objects.select_related("quote__speaker").get(text=words)


def changelist_url():
    return reverse("admin:articles_quoteappearance_changelist")


def test_editor_sees_suggested_quotes_in_the_review_queue(editor_client, article):
    response = editor_client.get(changelist_url(), {"review_state__exact": "suggested"})
    assert response.status_code == 200
    assert b"We have waited long enough" in response.content
    assert b"It costs too much" in response.content


def test_change_page_shows_the_evidence_with_the_quote_highlighted(editor_client, article):
    roe = appearance("We have waited long enough,")
    url = reverse("admin:articles_quoteappearance_change", args=[roe.pk])
    html = editor_client.get(url).content.decode()
    assert "<mark>We have waited long enough,</mark>" in html
    assert "<strong>Roe</strong>" in html and "<em>said</em>" in html
    assert "Mayor Jane Roe spoke first." in html


def test_evidence_escapes_the_article_text():
    body = "<script>x()</script> “Hi <b>there</b>,” said Roe."
    start = body.index("Hi")
    html = evidence_html(body, start, start + 15, mention="Roe", cue="said")
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<mark>Hi &lt;b&gt;there&lt;/b&gt;</mark>" in html


def test_editor_approves_quotes_in_bulk_and_is_stamped(editor_client, editor, article):
    ids = list(QuoteAppearance.objects.values_list("pk", flat=True))
    response = editor_client.post(
        changelist_url(), {"action": "approve_appearances", "_selected_action": ids}
    )
    assert response.status_code == 302
    for row in QuoteAppearance.objects.all():
        assert row.review_state == ReviewState.APPROVED
        assert row.reviewed_by == editor and row.reviewed_at is not None


def test_editor_rejects_one_quote(editor_client, editor, article):
    doe = appearance("It costs too much,")
    editor_client.post(
        changelist_url(), {"action": "reject_appearances", "_selected_action": [doe.pk]}
    )
    doe.refresh_from_db()
    assert (doe.review_state, doe.reviewed_by) == (ReviewState.REJECTED, editor)
    assert appearance("We have waited long enough,").review_state == ReviewState.SUGGESTED


def test_editor_fixes_the_speaker_on_the_change_form(editor_client, editor, article):
    john = make_speaker("John Doe")
    doe = appearance("It costs too much,")
    url = reverse("admin:articles_quoteappearance_change", args=[doe.pk])
    response = editor_client.post(
        url, {"speaker": john.pk, "review_state": "approved", "version": doe.version}
    )
    assert response.status_code == 302, response.content[:2000]
    doe = appearance("It costs too much,")
    assert doe.quote.speaker == john
    assert (doe.review_state, doe.reviewed_by) == (ReviewState.APPROVED, editor)


def test_speaker_autocomplete_answers_the_editor(editor_client, article):
    make_speaker("John Doe")
    response = editor_client.get(
        reverse("admin:autocomplete"),
        {"app_label": "articles", "model_name": "quote", "field_name": "speaker", "term": "Doe"},
    )
    assert response.status_code == 200
    assert [r["text"] for r in response.json()["results"]] == ["John Doe"]


def test_read_again_keeps_decisions_and_adds_new_findings(
    editor_client, editor, article, fake_engine
):
    roe = appearance("We have waited long enough,")
    doe = appearance("It costs too much,")
    editor_client.post(
        changelist_url(), {"action": "approve_appearances", "_selected_action": [roe.pk]}
    )
    fixed = make_speaker("Joan Doe")
    quote_url = reverse("admin:articles_quoteappearance_change", args=[doe.pk])
    editor_client.post(
        quote_url, {"speaker": fixed.pk, "review_state": "suggested", "version": doe.version}
    )
    # The engine no longer finds Roe's quote and finds Doe's with another speaker.
    fake_engine.override = lambda text, known: Reading(
        quotes=(engine_quote("It costs too much,", "Someone Else", "John Doe"),)
    )
    response = editor_client.post(
        reverse("admin:articles_article_changelist"),
        {"action": "read_articles_again", "_selected_action": [article.pk]},
        follow=True,
    )
    assert "Read 1 article(s) again" in response.content.decode()
    assert appearance("We have waited long enough,").review_state == ReviewState.APPROVED
    assert appearance("It costs too much,").quote.speaker == fixed


def test_a_viewer_without_change_permission_cannot_approve(client, django_user_model, article):
    viewer = django_user_model.objects.create_user("viewer", is_staff=True)
    viewer.user_permissions.set(Permission.objects.filter(codename="view_quoteappearance"))
    client.force_login(viewer)
    ids = list(QuoteAppearance.objects.values_list("pk", flat=True))
    client.post(changelist_url(), {"action": "approve_appearances", "_selected_action": ids})
    assert set(QuoteAppearance.objects.values_list("review_state", flat=True)) == {"suggested"}


def test_changing_state_in_the_article_inline_stamps_the_editor(editor_client, editor, article):
    url = reverse("admin:articles_article_change", args=[article.pk])
    page = editor_client.get(url)
    form = page.context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None}
    data.update({"outlet": article.outlet_id, "body": article.body, "headline": article.headline})
    data["published_at_0"], data["published_at_1"] = "2025-05-01", "10:00:00"
    for formset in page.context["inline_admin_formsets"]:
        fs = formset.formset
        data.update(fs.management_form.initial)
        data.update({f"{fs.prefix}-{k}": v for k, v in fs.management_form.initial.items()})
        for i, inline_form in enumerate(fs.forms):
            for name, field in inline_form.fields.items():
                value = inline_form.initial.get(name, field.initial)
                if value is not None:
                    data[f"{fs.prefix}-{i}-{name}"] = value
    rows = list(QuoteAppearance.objects.filter(article=article).order_by("start"))
    prefix = next(
        f.formset.prefix
        for f in page.context["inline_admin_formsets"]
        if f.formset.model is QuoteAppearance
    )
    data[f"{prefix}-0-review_state"] = "rejected"
    data[f"{prefix}-0-id"] = rows[0].pk
    response = editor_client.post(url, data)
    assert response.status_code == 302, response.context["errors"] if response.context else ""
    rows[0].refresh_from_db()
    assert (rows[0].review_state, rows[0].reviewed_by) == ("rejected", editor)


@pytest.mark.django_db
def test_a_reporter_cannot_approve_or_reject_quotes(client):
    from django.contrib.auth.models import Group, User

    from articles.models import QuoteAppearance, ReviewState

    reporter = User.objects.create_user("rhea", password="pw", is_staff=True)
    reporter.groups.add(Group.objects.get(name="Reporter"))
    story = make_story()
    article = make_article(story=story)
    quote = make_quote(
        story=story, article=article, speaker=None, text="We have waited long enough,"
    )
    appearance = QuoteAppearance.objects.get(quote=quote)
    appearance.review_state = ReviewState.SUGGESTED
    appearance.save()
    client.force_login(reporter)
    changelist = client.get("/admin/articles/quoteappearance/")
    assert changelist.status_code == 200
    assert b"approve_appearances" not in changelist.content
    client.post(
        "/admin/articles/quoteappearance/",
        {"action": "approve_appearances", "_selected_action": [appearance.pk]},
    )
    appearance.refresh_from_db()
    assert appearance.review_state == ReviewState.SUGGESTED


@pytest.mark.django_db
def test_editor_fixes_the_speaker_of_several_quotes_at_once(client, editor):
    story = make_story()
    article = make_article(story=story)
    roe = make_speaker("Jane Roe")
    quotes = [
        make_quote(story=story, article=article, speaker=None, text=text)
        for text in ("We have waited long enough,", "The bridge opens in spring.")
    ]
    ids = [q.appearances.get().pk for q in quotes]
    client.force_login(editor)
    page = client.post(
        "/admin/articles/quoteappearance/",
        {"action": "set_speaker", "_selected_action": ids},
    )
    assert b"Set the speaker" in page.content
    done = client.post(
        "/admin/articles/quoteappearance/",
        {"action": "set_speaker", "_selected_action": ids, "confirm": "yes", "speaker": roe.pk},
        follow=True,
    )
    assert b"now attributed to Jane Roe" in done.content
    for quote in quotes:
        quote.refresh_from_db()
        assert quote.speaker == roe
