"""``{% url %}`` with its addresses reversed once (``sources.addresses.cached_reverse``):
the same tag, the same arguments and answers (``as`` included), for the templates that load
this library after Django's. ``base.html`` writes some twenty addresses on every page."""

from __future__ import annotations

from django import template
from django.template.defaulttags import URLNode
from django.template.defaulttags import url as django_url
from django.urls import NoReverseMatch
from django.utils.html import conditional_escape

from sources.addresses import cached_reverse

register = template.Library()


class CachedURLNode(URLNode):
    def render(self, context):
        """What ``URLNode.render`` does, by ``cached_reverse``."""
        args = [arg.resolve(context) for arg in self.args]
        kwargs = {k: v.resolve(context) for k, v in self.kwargs.items()}
        view_name = self.view_name.resolve(context)
        try:
            current_app = context.request.current_app
        except AttributeError:
            try:
                current_app = context.request.resolver_match.namespace
            except AttributeError:
                current_app = None
        address = ""
        try:
            address = cached_reverse(
                view_name, args=tuple(args), kwargs=kwargs, current_app=current_app
            )
        except NoReverseMatch:
            if self.asvar is None:
                raise
        if self.asvar:
            context[self.asvar] = address
            return ""
        return conditional_escape(address) if context.autoescape else address


@register.tag
def url(parser, token):
    """Django's ``{% url %}`` (the same syntax), its address reversed once."""
    node = django_url(parser, token)
    return CachedURLNode(node.view_name, node.args, node.kwargs, node.asvar)
