"""Addresses of the public pages, reversed once per process rather than on every call.

``django.urls.reverse`` costs 20 to 40 microseconds a call (it tries the pattern's
possibilities, converts and checks each value, quotes the result); a story page asked it for
about 55 addresses, most of them the same few again (a speaker's page from the quotes, the
people list and the JSON-LD), which was about a tenth of the uncached page. An address depends
only on its arguments and the URL configuration in force, so ``cached_reverse`` keeps what
``reverse`` answered under all of them: the URL configuration of the request (or the
project's), the script prefix, the language (for translated patterns) and the current
application. Any setting that changes (tests override ``ROOT_URLCONF``) empties it, as Django
empties its own URL caches.

Here, in the lowest app, because both apps' models use it (``get_absolute_url``); it imports
nothing of the project.
"""

from __future__ import annotations

from collections.abc import Hashable

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.templatetags.static import static
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import get_language

# Enough for every page's addresses of a large site's readers, bounded all the same.
LIMIT = 20_000

_reversed: dict[tuple, str] = {}


def cached_reverse(
    viewname: str,
    *,
    args: tuple = (),
    kwargs: dict[str, Hashable] | None = None,
    current_app: str | None = None,
) -> str:
    """``reverse(viewname, args=args, kwargs=kwargs, current_app=current_app)``, worked out
    once for the same arguments and URL configuration. A ``NoReverseMatch`` is raised as
    ``reverse`` raises it (and not kept); values that cannot be kept (not hashable) are
    reversed every time."""
    key = (
        viewname,
        tuple(args),
        tuple(kwargs.items()) if kwargs else (),
        current_app,
        get_urlconf() or settings.ROOT_URLCONF,
        get_script_prefix(),
        get_language(),
    )
    try:
        address = _reversed.get(key)
    except TypeError:  # a value that is not hashable
        return reverse(viewname, args=args, kwargs=kwargs, current_app=current_app)
    if address is None:
        address = reverse(viewname, args=args, kwargs=kwargs, current_app=current_app)
        if len(_reversed) >= LIMIT:
            _reversed.clear()
        _reversed[key] = address
    return address


# Static files' addresses, by path: what ``{% static %}`` writes depends only on the settings
# and the static files' manifest, loaded once per process (``static`` joins and quotes the
# address and, with the manifest storage, looks up the file's hashed name: about 12
# microseconds a call, three a story page).
_statics: dict[str, str] = {}


def cached_static(path: str) -> str:
    """``static(path)``, worked out once for each path (``_statics``); a path the storage
    refuses raises as ``static`` raises (and is not kept)."""
    address = _statics.get(path)
    if address is None:
        if len(_statics) >= LIMIT:
            _statics.clear()
        address = _statics[path] = static(path)
    return address


def page_address(addresses: dict, obj) -> str:
    """``obj.get_absolute_url()``, worked out once for each object of a model in
    ``addresses``: one page's, shared by the parts of it that name the same objects (a story
    page's JSON-LD and its body name each speaker's page, and ``cached_reverse`` costs about
    4.5 microseconds a call, reading three thread-locals for its key). A plain row of a model
    (the story page's ``story_rows``) names its ``model``."""
    key = (getattr(obj, "model", type(obj)), obj.pk)
    address = addresses.get(key)
    if address is None:
        address = addresses[key] = obj.get_absolute_url()
    return address


@receiver(setting_changed, dispatch_uid="sources.addresses.forget")
def forget(**kwargs) -> None:
    """Empty the addresses kept when a setting changes (Django empties its URL caches then)."""
    _reversed.clear()
    _statics.clear()
