"""Editors import articles in the admin: pasted text, an uploaded file or a URL, through the
same ingestion service as the command line and the API."""

from django.core.files.uploadedfile import SimpleUploadedFile

from articles.models import Article, QuoteAppearance
from jobs.models import Job
from tests.editorial.conftest import change_form_data, client_for

PASTED = """Northfield council approves river bridge
Outlet: The Example Gazette
Published: 2026-03-09T10:00:00Z

The Northfield council approved the river bridge on Monday by seven votes to two.

“We have waited long enough,” Mayor Jane Roe told reporters after the vote.
"""


def test_reporter_pastes_an_article_and_sees_the_report(reporter):
    client = client_for(reporter)
    page = client.get("/admin/articles/article/import/")
    assert page.status_code == 200
    response = client.post("/admin/articles/article/import/", {"text": PASTED})
    page = response.content.decode()
    assert "Created 1, duplicates 0, errors 0." in page
    article = Article.objects.get()
    assert article.outlet.name == "The Example Gazette"
    assert article.story is not None
    quote = QuoteAppearance.objects.get(article=article)
    assert quote.quote.speaker.name == "Jane Roe"
    assert quote.review_state == "suggested"
    again = client.post("/admin/articles/article/import/", {"text": PASTED}).content.decode()
    assert "Created 0, duplicates 1, errors 0." in again


def test_one_very_long_pasted_article_is_imported_in_the_background(
    reporter, settings, django_capture_on_commit_callbacks
):
    settings.NEWSROOM_INLINE_IMPORT_CHARS = 100  # the article has about 160
    client = client_for(reporter)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/admin/articles/article/import/", {"text": PASTED})
    job = Job.objects.get()
    assert response.status_code == 302 and response["Location"] == job.get_absolute_url()
    assert job.state == "succeeded"
    assert Article.objects.get().outlet.name == "The Example Gazette"


def test_an_uploaded_broken_file_gets_a_clear_error_and_nothing_is_stored(
    editor, django_capture_on_commit_callbacks
):
    upload = SimpleUploadedFile(
        "feed.json", b'{"outlet": "The Example Gazette", "body": ', "application/json"
    )
    client = client_for(editor)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/admin/articles/article/import/", {"file": upload, "outlet": ""})
    job = Job.objects.get()
    assert response.status_code == 302 and response["Location"] == job.get_absolute_url()
    page = client.get(response["Location"]).content.decode()
    assert "errors 1" in page and "feed.json" in page
    assert not Article.objects.exists()


def test_an_uploaded_file_is_imported_by_a_job_whose_page_shows_each_headline(
    editor, django_capture_on_commit_callbacks
):
    batch = (
        '[{"outlet": "The Example Gazette", "headline": "Ferry timetable changes", '
        '"body": "“The ferry will run hourly,” harbourmaster Ada Lee said."}, '
        '{"outlet": "The Example Gazette", "headline": "Ferry fares frozen", '
        '"body": "“Fares stay as they are,” harbourmaster Ada Lee said."}]'
    ).encode()
    upload = SimpleUploadedFile("ferry.json", batch, "application/json")
    client = client_for(editor)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/admin/articles/article/import/", {"file": upload})
    job = Job.objects.get()
    assert job.state == "succeeded" and job.created_by == editor
    page = client.get(response["Location"]).content.decode()
    assert "Created 2, duplicates 0, errors 0." in page
    for article in Article.objects.all():
        assert (
            f'<a href="/admin/articles/article/{article.pk}/change/">{article.headline}</a>' in page
        )
        assert f'<a href="/admin/articles/story/{article.story_id}/change/">' in page
    assert 'http-equiv="refresh"' not in page  # finished: the page stops refreshing


def test_a_queued_job_page_keeps_itself_current_without_reloading(editor):
    job = Job.objects.create(kind=Job.Kind.UPLOAD, label="pasted text", input=[], total=1)
    page = client_for(editor).get(job.get_absolute_url()).content.decode()
    assert 'http-equiv="refresh"' not in page  # a reload every 3 s could not be paused
    assert "admin-extra/job-progress.js" in page
    assert '<progress id="job-progress" max="100" value="0">' in page


def test_an_empty_import_form_asks_for_something_to_import(editor):
    response = client_for(editor).post("/admin/articles/article/import/", {})
    assert "Paste a text, choose a file or give a URL." in response.content.decode()


def test_a_wrong_url_alone_is_told_once_beside_it(editor):
    response = client_for(editor).post(
        "/admin/articles/article/import/", {"url": "file:///etc/passwd"}
    )
    page = response.content.decode()
    assert "Enter a valid URL." in page
    assert "Paste a text, choose a file or give a URL." not in page


def test_the_changelist_links_to_the_import_page(editor):
    page = client_for(editor).get("/admin/articles/article/").content.decode()
    assert "/admin/articles/article/import/" in page


def test_an_article_added_by_hand_is_read_and_placed(editor):
    from tests.factories import make_outlet

    outlet = make_outlet("The Example Gazette")
    client = client_for(editor)
    form = client.get("/admin/articles/article/add/")
    data = change_form_data(
        form,
        outlet=outlet.pk,
        headline="Council approves river bridge",
        body="“We have waited long enough,” Mayor Jane Roe told reporters on Monday.",
        language="en",
    )
    assert client.post("/admin/articles/article/add/", data).status_code == 302
    article = Article.objects.get()
    assert article.read_at is not None and article.story is not None
    assert QuoteAppearance.objects.get(article=article).quote.speaker.name == "Jane Roe"


def test_the_import_page_has_breadcrumbs_back_to_the_articles(editor):
    page = client_for(editor).get("/admin/articles/article/import/").content.decode()
    assert '<ol class="breadcrumbs">' in page and 'href="/admin/articles/article/"' in page


NO_OUTLET = """Northfield council approves river bridge

The Northfield council approved the river bridge on Monday by seven votes to two.
"""


def test_a_failed_import_keeps_the_pasted_text_and_says_what_to_do(editor):
    response = client_for(editor).post("/admin/articles/article/import/", {"text": NO_OUTLET})
    page = response.content.decode()
    assert "errors 1" in page
    assert "No outlet: fill in “Outlet” on the import page" in page
    assert "--outlet" not in page
    # The editor's input is still in the form, to fix and send again.
    assert response.context["form"]["text"].value() == NO_OUTLET
    assert "The Northfield council approved the river bridge on Monday" in page
    assert not Article.objects.exists()
    again = client_for(editor).post(
        "/admin/articles/article/import/", {"text": NO_OUTLET, "outlet": "The Example Gazette"}
    )
    assert "Created 1" in again.content.decode()
    assert again.context["form"]["text"].value() in (None, "")


def test_results_list_headlines_linked_to_the_article_and_its_story(editor):
    page = client_for(editor).post("/admin/articles/article/import/", {"text": PASTED})
    html = page.content.decode()
    article = Article.objects.get()
    assert (
        f'<a href="/admin/articles/article/{article.pk}/change/">'
        "Northfield council approves river bridge</a>"
    ) in html
    assert f'<a href="/admin/articles/story/{article.story.pk}/change/">' in html
    assert f">#{article.pk}<" not in html


def test_import_is_reachable_from_the_admin_index_and_the_dashboard(editor):
    client = client_for(editor)
    assert "/admin/articles/article/import/" in client.get("/admin/").content.decode()
    dashboard = client.get("/admin/articles/story/dashboard/").content.decode()
    assert "/admin/articles/article/import/" in dashboard
