"""Public pages for stories, articles and corrections.

Views are thin: each asks a selector for its rows. Only published stories are public; staff may
preview any story or article, with a banner saying it is not published.
"""

import re

from django.core.files.storage import default_storage
from django.core.paginator import Paginator
from django.http import FileResponse, Http404, HttpResponse, HttpResponsePermanentRedirect
from django.urls import reverse
from django.views.generic import DetailView, ListView, TemplateView

from articles.core.visibility import (
    lead_image,
    reader_articles,
    redirected_story,
    visible_articles,
    visible_outlets,
    visible_speakers,
    visible_stories,
)
from articles.models import ArticleImage, ReviewState, may_preview, reader_review_states
from articles.public.jsonld import story_jsonld
from articles.public.pages.article import highlighted_body, parse_passage
from articles.public.pages.browse import (
    outlets_index,
    people_index,
    related_stories,
    stories_for_topic,
    topics_index,
)
from articles.public.pages.facets import coverage_facets
from articles.public.pages.lists import (
    attach_outlets,
    outlet_page,
    public_corrections,
    speaker_page,
    story_list,
)
from articles.public.pages.quotes_page import story_quotes
from articles.public.pages.search import Filters, SearchForm, search
from articles.public.pages.story import published_story, story_page
from articles.public.pages.storyline import public_storylines, story_timeline, storyline_events
from sources.addresses import cached_reverse


class HomeView(ListView):
    """The latest published stories, newest first."""

    context_object_name = "stories"
    paginate_by = 20
    template_name = "articles/story_list.html"

    def get_queryset(self):
        return story_list()

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        stories = attach_outlets(list(context["object_list"]))
        context.update(object_list=stories, stories=stories)
        return context


class MovedStoryMixin:
    """A story page whose old address (a merged or renamed story's) redirects permanently to
    the same page of the surviving story, with the same query."""

    url_name = "articles:story-detail"

    def get(self, request, *args, **kwargs):
        try:
            return super().get(request, *args, **kwargs)
        except Http404:
            moved = redirected_story(kwargs["slug"], request.user)
            if moved is None:
                raise
            url = reverse(self.url_name, kwargs={"slug": moved.slug})
            query = request.GET.urlencode()
            return HttpResponsePermanentRedirect(f"{url}?{query}" if query else url)


class StoryDetailView(MovedStoryMixin, DetailView):
    context_object_name = "story"

    def get_queryset(self):
        return visible_stories(self.request.user)

    def get_object(self, queryset=None):
        """A reader's story by a query compiled once (``published_story``); staff's as the
        generic view finds it (a preview may be of any story)."""
        if queryset is not None or may_preview(getattr(self.request, "user", None)):
            return super().get_object(queryset)
        story = published_story(self.kwargs[self.slug_url_kwarg])
        if story is None:
            raise Http404("No story found matching the query")
        return story

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        # ``?articles=all``: the coverage table and timeline with every article of a long story.
        all_coverage = self.request.GET.get("articles") == "all"
        context["page"] = page = story_page(self.object, all_coverage=all_coverage)
        # The quotes the page shows, cited as the page shows them: worked out once.
        shown = [view for group in page.speaker_quotes for view in group.shown]
        context["jsonld"] = story_jsonld(
            self.object, request=self.request, quote_views=shown, page=page
        )
        context["is_preview"] = not self.object.is_live
        context["storyline"], context["timeline"] = story_timeline(self.object)
        context["related"] = related_stories(self.object) if self.object.is_live else []
        context["coverage_facets"] = coverage_facets(context["page"].reporting_outlets)
        context["lead_image"] = image = lead_image(self.object)
        if image is not None:
            context["jsonld"]["image"] = self.request.build_absolute_uri(image.file.url)
        context["show_unchecked"] = ReviewState.SUGGESTED in reader_review_states()
        # Where each speaker's "more quotes" link leads: reversed once, not once a speaker.
        context["quotes_url"] = cached_reverse(
            "articles:story-quotes", kwargs={"slug": self.object.slug}
        )
        return context


class StoryQuotesView(MovedStoryMixin, DetailView):
    """Every quote of a story, by speaker, paged: where the story page's "more quotes" links
    lead (``?speaker=<slug>`` for one speaker's, ``?unidentified=1`` for those of speakers
    not identified)."""

    context_object_name = "story"
    template_name = "articles/story_quotes.html"
    url_name = "articles:story-quotes"

    def get_queryset(self):
        return visible_stories(self.request.user)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        params = self.request.GET
        articles = reader_articles().filter(story=self.object).select_related("outlet")
        quotes = story_quotes(
            self.object.pk,
            {article.pk: article for article in articles.defer("body")},
            speaker=params.get("speaker", ""),
            unidentified=params.get("unidentified", "") not in ("", "0", "false"),
            page=params.get("page") or 1,
        )
        if quotes is None:
            raise Http404("This story quotes no such speaker.")
        base = params.copy()
        base.pop("page", None)
        context.update(
            quotes=quotes,
            query_without_page=base.urlencode(),
            is_preview=not self.object.is_live,
        )
        return context


class ArticleDetailView(DetailView):
    context_object_name = "article"

    def get_queryset(self):
        return visible_articles(self.request.user)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        # A story page's evidence links here with ?passage=start-end to show the passage.
        passage = parse_passage(self.request.GET.get("passage"), self.object.body)
        context["paragraphs"] = highlighted_body(self.object, passage=passage)
        context["passage"] = passage
        context["is_preview"] = not self.object.is_live
        context["image"] = (
            ArticleImage.objects.filter(article=self.object, state=ArticleImage.State.READY)
            .select_related("article__outlet")
            .first()
        )
        return context


class CorrectionListView(ListView):
    """Every correction, clarification and update to a published story."""

    context_object_name = "corrections"
    paginate_by = 50

    def get_queryset(self):
        return public_corrections()


class OutletDetailView(DetailView):
    context_object_name = "outlet"

    def get_queryset(self):
        # An outlet that appears only in unpublished work has no public page yet.
        return visible_outlets(self.request.user)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(outlet_page(self.object))
        return context


class SpeakerDetailView(DetailView):
    context_object_name = "speaker"

    def get_queryset(self):
        # Someone named only in unpublished work has no public page yet.
        return visible_speakers(self.request.user)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(speaker_page(self.object))
        return context


class SearchView(TemplateView):
    """Search what readers may see: stories, quotes, articles and people, best first."""

    template_name = "articles/search.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        params = self.request.GET
        form = SearchForm(params or None)
        q, kind, sections = "", "", []
        if form.is_valid():
            q, kind = form.cleaned_data["q"], form.cleaned_data["kind"]
            filters = Filters.from_form(form.cleaned_data)
            sections = search(q, filters, kind=kind, page=params.get("page") or 1)
            context["speaker"] = filters.speaker
        base = params.copy()
        base.pop("page", None)
        context.update(
            form=form,
            q=q,
            kind=kind,
            sections=sections,
            total=sum(s.count for s in sections),
            capped=any(s.capped for s in sections),
            query_without_page=base.urlencode(),
            kind_links={s.kind: _with(base, kind=s.kind) for s in sections},
            without_speaker=_with(base, speaker=None),
        )
        return context


def _with(params, **changes) -> str:
    """The query string with some parameters set (``None``: removed)."""
    params = params.copy()
    for name, value in changes.items():
        params.pop(name, None)
        if value is not None:
            params[name] = value
    return params.urlencode()


class StorylineDetailView(DetailView):
    """A storyline as a timeline of its events readers may see."""

    context_object_name = "storyline"

    def get_queryset(self):
        return public_storylines()

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["events"] = storyline_events(self.object)
        return context


class StoryArchiveView(HomeView):
    """Every published story, newest first, twenty a page."""

    template_name = "articles/story_archive.html"


class TopicListView(ListView):
    context_object_name = "topics"
    template_name = "articles/topic_list.html"

    def get_queryset(self):
        return topics_index()


class TopicDetailView(DetailView):
    """A topic's published stories, newest first, paged."""

    context_object_name = "topic"
    template_name = "articles/topic_detail.html"

    def get_queryset(self):
        return topics_index()

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        page = Paginator(stories_for_topic(self.object), 20).get_page(self.request.GET.get("page"))
        stories = attach_outlets(list(page.object_list))
        context.update(stories=stories, page_obj=page, is_paginated=page.has_other_pages())
        return context


class PeopleListView(ListView):
    """People and organisations with a public page, by name."""

    context_object_name = "people"
    paginate_by = 60
    template_name = "articles/speaker_list.html"

    def get_queryset(self):
        return people_index()


class OutletListView(ListView):
    """Outlets with published coverage, or cited by a published story, by name."""

    context_object_name = "outlets"
    paginate_by = 60
    template_name = "articles/outlet_list.html"

    def get_queryset(self):
        return outlets_index()


ROBOTS_TXT = """User-agent: *
Disallow: /admin/
Disallow: /search/
Allow: /

Sitemap: {sitemap}
"""


def robots_txt(request):
    """Crawlers: everything public but the admin and search results; where the sitemap is."""
    sitemap = request.build_absolute_uri(reverse("sitemap"))
    return HttpResponse(ROBOTS_TXT.format(sitemap=sitemap), content_type="text/plain")


_IMAGE_NAME = re.compile(r"images/[A-Za-z0-9_-]+\.jpg")


def image_file(request, name: str):
    """An article image from our own storage: only files the image fetch wrote (re-encoded
    JPEGs under ``images/``), never any other path."""
    if not _IMAGE_NAME.fullmatch(name) or not default_storage.exists(name):
        raise Http404("No such image.")
    response = FileResponse(default_storage.open(name, "rb"), content_type="image/jpeg")
    response["Cache-Control"] = "public, max-age=86400"
    response["X-Content-Type-Options"] = "nosniff"
    return response
