"""``{% url %}`` with its addresses reversed once (``sources.addresses.cached_reverse``):
the same tag, the same arguments and answers (``as`` included), for the templates that load
this library after Django's. ``base.html`` writes some twenty addresses on every page.
``{% static %}`` likewise, its addresses worked out once (``cached_static``), for the
templates that load this library after ``static``.
``{% site_part %}``: a part of every page that reads only the language, the addresses and the
page's kind, rendered once for each (``base.html``'s masthead and footer)."""

from __future__ import annotations

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.defaulttags import URLNode
from django.template.defaulttags import url as django_url
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from sources.addresses import cached_reverse, cached_static

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


@register.simple_tag(name="static")
def static_address(path: str) -> str:
    """Django's ``{% static path %}`` (``as`` too), by ``cached_static``."""
    return cached_static(path)


@register.tag
def url(parser, token):
    """Django's ``{% url %}`` (the same syntax), its address reversed once."""
    node = django_url(parser, token)
    return CachedURLNode(node.view_name, node.args, node.kwargs, node.asvar)


# Parts of every page rendered once (``site_part``), by their template and what they read;
# bounded all the same.
_parts: dict[tuple, str] = {}
PARTS_LIMIT = 1_000


@receiver(setting_changed, dispatch_uid="articles.templatetags.addresses.forget_parts")
def forget_parts(**kwargs) -> None:
    _parts.clear()


@register.simple_tag(takes_context=True)
def site_part(context, template_name: str) -> SafeString:
    """The part of the page ``template_name`` writes (rendered in the page's context, as
    ``{% include %}`` does), rendered once for each language, address configuration and kind
    of page, then reused: the masthead and the footer, which read nothing else (some twenty
    phrases and addresses on every page; the masthead marks the current section by the
    page's URL name). A part's file ends with a newline, as every file does: the page writes
    its own, so the part's is left out."""
    request = getattr(context, "request", None)
    match = getattr(request, "resolver_match", None)
    try:  # the application the addresses are reversed for, as ``{% url %}`` finds it
        current_app = request.current_app
    except AttributeError:
        current_app = getattr(match, "namespace", None)
    key = (
        template_name,
        get_language(),
        get_script_prefix(),
        get_urlconf(),
        getattr(match, "url_name", None),
        current_app,
        context.autoescape,
    )
    html = _parts.get(key)
    if html is None:
        if len(_parts) >= PARTS_LIMIT:
            _parts.clear()
        part = context.template.engine.get_template(template_name)
        html = _parts[key] = part.render(context).removesuffix("\n")
    return mark_safe(html)
