"""Lead images: found with an article, fetched later in the background, served from our storage.

An import only records where the image is (``image_request``, a pending ``ArticleImage``) and
asks for a background fetch when its transaction commits, so no request waits on another
site. The fetch (``image_fetch``, run by the ``fetch_image`` task) goes through the same safe
fetcher as URL imports (http and https only, no private addresses, a size limit, one
deadline), then decodes the bytes with Pillow and re-encodes them as a JPEG no wider than
``MAX_WIDTH``: what readers get was drawn by us, with no metadata (camera, location) and
nothing a browser could take for anything but an image. A fetch that fails is recorded on
the row with its reason, for the editor; a network failure may be tried again from the admin.
"""

from __future__ import annotations

import io
import warnings

from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from articles.ingest.fetch import FetchError, fetch_url
from articles.models import Article, ArticleImage

MAX_BYTES = 10 * 1024 * 1024
MAX_PIXELS = 40_000_000  # a decompression bomb is refused before it is decoded
MAX_WIDTH = 1600
FORMATS = {"JPEG", "PNG", "WEBP", "GIF"}


class ImageError(ValueError):
    """The bytes are not an image we show."""


def image_request(*, article: Article, payload: dict) -> ArticleImage | None:
    """Record the article's lead image (``image_url``, ``image_alt``, ``image_credit`` of its
    clean payload) and fetch it once this transaction commits; ``None`` without one."""
    if not payload.get("image_url"):
        return None
    fields = {
        "source_url": payload["image_url"],
        "alt": payload.get("image_alt", ""),
        "credit": payload.get("image_credit", ""),
    }
    image, created = ArticleImage.objects.get_or_create(article=article, defaults=fields)
    if created:
        transaction.on_commit(lambda: _enqueue(image.pk))
    return image


def image_refetch(*, article_ids) -> int:
    """Fetch the images of these articles again (after a failure, or a changed picture)."""
    ids = list(
        ArticleImage.objects.filter(article_id__in=list(article_ids)).values_list("pk", flat=True)
    )
    ArticleImage.objects.filter(pk__in=ids).update(state=ArticleImage.State.PENDING, error="")
    for pk in ids:
        transaction.on_commit(lambda pk=pk: _enqueue(pk))
    return len(ids)


def _enqueue(image_id: int) -> None:
    from jobs.tasks import fetch_image

    fetch_image.enqueue(image_id)


def image_fetch(image_id: int) -> str:
    """Fetch, check and store one image; returns its state."""
    image = ArticleImage.objects.filter(pk=image_id).select_related("article").first()
    if image is None:
        return "gone"
    try:
        fetched = fetch_url(image.source_url, max_bytes=MAX_BYTES)
        data, width, height = normalise(fetched.data)
    except (FetchError, ImageError) as exc:
        image.state, image.error = ArticleImage.State.FAILED, str(exc)[:500]
        image.save(update_fields=["state", "error"])
        return image.state
    if image.file:
        image.file.delete(save=False)
    image.file.save(f"article-{image.article_id}.jpg", ContentFile(data), save=False)
    image.width, image.height = width, height
    image.state, image.error, image.fetched_at = ArticleImage.State.READY, "", timezone.now()
    image.save(update_fields=["file", "width", "height", "state", "error", "fetched_at"])
    return image.state


def normalise(data: bytes) -> tuple[bytes, int, int]:
    """The image redrawn as a JPEG (RGB, at most ``MAX_WIDTH`` wide), with its size; or
    ``ImageError`` saying why these bytes are not an image we show."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as probe:
                if probe.format not in FORMATS:
                    raise ImageError(f"not a web image ({probe.format or 'unknown format'})")
                if probe.width * probe.height > MAX_PIXELS:
                    raise ImageError(f"too large ({probe.width}x{probe.height} pixels)")
                probe.seek(0)  # the first frame of an animation
                picture = probe.convert("RGB")
    except (UnidentifiedImageError, Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ImageError("not an image, or a damaged one") from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise ImageError(f"damaged image ({exc})") from None
    if picture.width > MAX_WIDTH:
        height = round(picture.height * MAX_WIDTH / picture.width)
        picture = picture.resize((MAX_WIDTH, max(1, height)), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    picture.save(out, "JPEG", quality=85, optimize=True)
    return out.getvalue(), picture.width, picture.height
