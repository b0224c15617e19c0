"""Django's template engine, with each render's context let go of at once.

Django's ``Context`` and the ``ContextDict`` it pushes refer to each other, so a rendered
page's context, and everything in it (a story page's few thousand objects: rows, views,
strings), is freed not when the render ends but when the cyclic garbage collector next finds
it, which then walks all of it: about every other uncached story page started a collection
that cost several tenths of a millisecond. Here the context's dictionaries are dropped once
the template is rendered, so what the page no longer holds is freed by reference counting
there and then. Nothing else changes: the same engine, loaders, tags and output (a context
copied during the render, as the test client copies it, keeps its own list).
"""

from __future__ import annotations

from django.template import TemplateDoesNotExist
from django.template.backends import django as backend
from django.template.context import make_context


class Template(backend.Template):
    def render(self, context=None, request=None):
        # Django's ``Template.render``, then the context's dictionaries dropped.
        context = make_context(context, request, autoescape=self.backend.engine.autoescape)
        try:
            return self.template.render(context)
        except TemplateDoesNotExist as exc:
            backend.reraise(exc, self.backend)
        finally:
            context.dicts.clear()


class DjangoTemplates(backend.DjangoTemplates):
    """``django.template.backends.django.DjangoTemplates`` whose templates let go of their
    context once rendered (``Template``)."""

    def from_string(self, template_code):
        return Template(self.engine.from_string(template_code), self)

    def get_template(self, template_name):
        try:
            return Template(self.engine.get_template(template_name), self)
        except TemplateDoesNotExist as exc:
            backend.reraise(exc, self)
