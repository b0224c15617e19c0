"""Lead images: found with an article, fetched in the background, redrawn before they are
stored, served from our own storage; anything that is not an image is refused."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from articles.ingest import images
from articles.ingest.fetch import Fetched, FetchError
from articles.ingest.images import ImageError, normalise
from articles.ingest.parsers import parse_feed, parse_html
from articles.ingest.service import ingest_payloads
from articles.models import Article, ArticleImage, Story

pytestmark = pytest.mark.django_db

PAYLOAD = {
    "outlet": "The Example Gazette",
    "headline": "Harbour ferry returns after two years",
    "body": "The harbour ferry returned on Monday. “We kept our promise,” Mayor Jane Roe said.",
    "image_url": "https://gazette.example/ferry.png",
    "image_alt": "The ferry at the quay, crowds waving",
    "image_credit": "Ann Example",
}


def picture(fmt: str = "PNG", size=(64, 48), exif: bool = False) -> bytes:
    out = io.BytesIO()
    image = Image.new("RGB", size, (200, 30, 30))
    kwargs = {}
    if exif:
        data = Image.Exif()
        data[0x010F] = "Example Camera Co"  # Make
        kwargs["exif"] = data.tobytes()
    image.save(out, fmt, **kwargs)
    return out.getvalue()


@pytest.fixture
def served(monkeypatch):
    """The image server answers with ``served.data`` (or raises ``served.error``)."""

    class Server:
        data = picture()
        error: Exception | None = None
        asked: list[str] = []

    def fake_fetch(url, **kwargs):
        Server.asked.append(url)
        if Server.error:
            raise Server.error
        return Fetched(url=url, content_type="image/png", data=Server.data)

    monkeypatch.setattr(images, "fetch_url", fake_fetch)
    return Server


def imported(capture, payload=PAYLOAD):
    """Import one article and run what waits for its transaction to commit (the fetch)."""
    with capture(execute=True):
        return ingest_payloads([payload], source="test")


def test_an_imported_image_is_fetched_redrawn_and_shown(
    client, served, django_capture_on_commit_callbacks
):
    report = imported(django_capture_on_commit_callbacks)
    article = Article.objects.get(pk=report.items[0].article)
    image = ArticleImage.objects.get(article=article)
    assert served.asked == ["https://gazette.example/ferry.png"]
    assert image.state == "ready" and (image.width, image.height) == (64, 48)
    assert image.file.read()[:3] == b"\xff\xd8\xff"  # a JPEG we drew
    story = article.story
    Story.objects.filter(pk=story.pk).update(status="published", published_at=article.created_at)
    html = client.get(story.get_absolute_url()).content.decode()
    assert f'src="{image.file.url}"' in html
    assert 'alt="The ferry at the quay, crowds waving"' in html
    assert "Image: Ann Example, via The Example Gazette" in html
    assert f'<meta property="og:image" content="http://testserver{image.file.url}">' in html
    response = client.get(image.file.url)
    assert response.status_code == 200
    assert response["Content-Type"] == "image/jpeg"
    assert response["X-Content-Type-Options"] == "nosniff"


def test_a_failed_fetch_is_recorded_and_nothing_is_shown(
    served, django_capture_on_commit_callbacks
):
    served.error = FetchError("timed out after 30 s")
    report = imported(django_capture_on_commit_callbacks)
    image = ArticleImage.objects.get(article_id=report.items[0].article)
    assert (image.state, image.error) == ("failed", "timed out after 30 s")
    assert not image.file


def test_bytes_that_are_not_an_image_are_refused(served, django_capture_on_commit_callbacks):
    served.data = b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"
    report = imported(django_capture_on_commit_callbacks)
    image = ArticleImage.objects.get(article_id=report.items[0].article)
    assert image.state == "failed" and "not an image" in image.error


def test_images_are_redrawn_without_metadata_and_at_most_1600_wide():
    data, width, height = normalise(picture("JPEG", size=(3200, 800), exif=True))
    assert (width, height) == (1600, 400)
    with Image.open(io.BytesIO(data)) as redrawn:
        assert redrawn.format == "JPEG"
        assert not redrawn.getexif()
    for bad in (b"", b"GIF89a broken", b"%PDF-1.4", picture("BMP")):
        with pytest.raises(ImageError):
            normalise(bad)


def test_only_images_the_fetch_wrote_are_served(client):
    for path in ("/media/images/../settings.py", "/media/other/file.jpg", "/media/images/x.png"):
        assert client.get(path).status_code == 404


def test_a_bad_image_address_is_a_payload_error():
    report = ingest_payloads([{**PAYLOAD, "image_url": "javascript:alert(1)"}], source="test")
    assert report.items[0].status == "error"
    assert "image_url: not a valid http(s) URL" in report.items[0].error


def test_pages_and_feeds_give_their_images():
    page = (
        "<html><head><title>Ferry back</title>"
        '<meta property="og:image" content="https://gazette.example/ferry.jpg">'
        "</head><body><article><h1>Ferry back</h1><p>"
        + "The harbour ferry returned on Monday after two years away from the quay. " * 5
        + "</p></article></body></html>"
    )
    parsed = parse_html(page, source="page", url="https://gazette.example/ferry")
    assert parsed.payload["image_url"] == "https://gazette.example/ferry.jpg"
    feed = (
        b'<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">'
        b"<channel><title>Gazette</title><item><title>Ferry back</title>"
        b"<link>https://gazette.example/ferry</link>"
        b"<description>The harbour ferry returned on Monday.</description>"
        b'<media:content url="https://gazette.example/ferry.jpg" medium="image"/>'
        b"<media:credit>Ann Example</media:credit>"
        b"</item></channel></rss>"
    )
    [item] = parse_feed(feed, source="feed")
    assert item.payload["image_url"] == "https://gazette.example/ferry.jpg"
    assert item.payload["image_credit"] == "Ann Example"
