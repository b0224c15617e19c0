"""``{% translate %}`` (and ``{% trans %}``) with each fixed phrase translated once for each
language: the same tag, syntax and output as Django's, for the templates that load this
library after ``i18n``.

A phrase written in the template (``{% translate "Key points" %}``, without ``noop``,
``context`` or ``as``) comes out the same in one language on every request; Django's tag
looked it up anew each time (the active translation is a thread-and-task local, then a chain
of catalogues), about twenty microseconds a phrase, and the story page and ``base.html``
write some thirty. A phrase from a variable, or with ``noop``, ``context`` or ``as``, is left
to Django's tag as it stands. Forgotten when a setting changes (the languages, the locale
paths), as the catalogues are.
"""

from __future__ import annotations

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.templatetags.i18n import TranslateNode, do_translate
from django.utils.translation import get_language

register = template.Library()

# Fixed phrases written before, by (language, phrase, autoescape): bounded all the same.
_WRITTEN: dict[tuple, str] = {}
_WRITTEN_LIMIT = 5_000


@receiver(setting_changed, dispatch_uid="articles.templatetags.phrases.forget")
def forget(**kwargs) -> None:
    _WRITTEN.clear()


class PhraseNode(TranslateNode):
    def __init__(self, filter_expression, noop, asvar=None, message_context=None):
        super().__init__(filter_expression, noop, asvar, message_context)
        variable = self.filter_expression.var
        fixed = not (noop or asvar or message_context or self.filter_expression.filters)
        # A quoted phrase is a literal with nothing to look up.
        self.phrase = variable.literal if fixed and variable.lookups is None else None

    def render(self, context):
        if self.phrase is None:
            return super().render(context)
        key = (get_language(), self.phrase, context.autoescape)
        written = _WRITTEN.get(key)
        if written is None:
            if len(_WRITTEN) >= _WRITTEN_LIMIT:
                _WRITTEN.clear()
            written = _WRITTEN[key] = super().render(context)
        return written


@register.tag("translate")
@register.tag("trans")
def translate(parser, token):
    """Django's ``{% translate %}`` (the same syntax), a fixed phrase translated once for
    each language."""
    node = do_translate(parser, token)
    return PhraseNode(node.filter_expression, node.noop, node.asvar, node.message_context)
