"""Template helpers for the public pages."""

import json

from django import template
from django.core.serializers.json import DjangoJSONEncoder
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from articles.engine.citations import attribution_line

register = template.Library()

# The same escapes as django.utils.html.json_script: nothing in the data can close the element.
# Replaced one by one: ``str.translate`` took about ten times as long on a story's JSON-LD.
_JSON_ESCAPES = ((">", "\\u003E"), ("<", "\\u003C"), ("&", "\\u0026"))


@register.filter
def jsonld_script(value):
    """Render ``value`` as a ``<script type="application/ld+json">`` data block.

    A data block is not executed, so the Content Security Policy allows it without a nonce.
    """
    data = json.dumps(value, cls=DjangoJSONEncoder, ensure_ascii=False)
    for character, escape in _JSON_ESCAPES:
        data = data.replace(character, escape)
    return format_html('<script type="application/ld+json">{}</script>', mark_safe(data))


@register.filter
def according_to(outlets):
    """ "according to A, B, and C" for a list of outlets (or names), each named once."""
    names: list[str] = []
    for outlet in outlets:
        name = outlet if isinstance(outlet, str) else outlet.name
        if name not in names:
            names.append(name)
    return attribution_line(names)
