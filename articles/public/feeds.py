"""RSS and Atom feeds of published stories; each item carries the story's corrections."""

from django.contrib.syndication.views import Feed
from django.db.models import Prefetch
from django.http import Http404, HttpResponsePermanentRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse, reverse_lazy
from django.utils.feedgenerator import Atom1Feed, Rss201rev2Feed
from django.utils.html import escape
from django.utils.translation import gettext_lazy as _

from articles.core.visibility import public_outlets, public_speakers, redirected_story
from articles.engine.text import clean_text
from articles.models import Correction, reader_review_states
from articles.public.pages.browse import stories_for_topic, story_feed_items, topics_index
from articles.public.pages.lists import stories_for_outlet, stories_for_speaker, story_list
from articles.public.pages.storyline import public_storylines

FEED_LENGTH = 30


class CleanTextMixin:
    """Every text of the feed and its items cleaned as stored text is, so one control
    character stored before cleaning existed (XML cannot carry it) never breaks a feed."""

    def __init__(self, *args, **kwargs):
        super().__init__(*[_clean(a) for a in args], **{k: _clean(v) for k, v in kwargs.items()})

    def add_item(self, *args, **kwargs):
        super().add_item(*[_clean(a) for a in args], **{k: _clean(v) for k, v in kwargs.items()})


def _clean(value):
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, (list, tuple)):
        return type(value)(_clean(v) for v in value)
    return value


class CleanRssFeed(CleanTextMixin, Rss201rev2Feed):
    pass


class CleanAtomFeed(CleanTextMixin, Atom1Feed):
    pass


class LatestStoriesFeed(Feed):
    feed_type = CleanRssFeed
    title = _("Newsroom: latest stories")
    link = reverse_lazy("articles:home")
    description = _("Stories told from many outlets, every claim with its sources.")
    description_template = "includes/feed_item.html"

    def stories(self, queryset):
        """The newest published stories of ``queryset``, with their corrections."""
        corrections = Correction.objects.order_by("published_at", "id")
        return queryset.prefetch_related(Prefetch("corrections", queryset=corrections))[
            :FEED_LENGTH
        ]

    def items(self):
        return self.stories(story_list())

    def item_title(self, item):
        return item.headline

    def item_pubdate(self, item):
        return item.published_at

    def item_updateddate(self, item):
        corrections = [c.published_at for c in item.corrections.all()]
        return max([item.updated_at, item.published_at, *corrections])

    def item_categories(self, item):
        return [c.get_kind_display() for c in item.corrections.all()]


class LatestStoriesAtomFeed(LatestStoriesFeed):
    feed_type = CleanAtomFeed
    subtitle = LatestStoriesFeed.description


class NamedFeedMixin:
    """A feed about one outlet or person, described in words naming them (``about``): as plain
    text where the format says text (Atom's subtitle), escaped where readers take HTML (RSS's
    description)."""

    about = ""  # with a %(name)s

    def link(self, obj):
        return obj.get_absolute_url()

    def subtitle(self, obj):
        return self.about % {"name": obj.name}

    def description(self, obj):
        return self.about % {"name": escape(obj.name)}


class OutletStoriesFeed(NamedFeedMixin, LatestStoriesFeed):
    about = _("Published stories that use reporting from %(name)s.")

    def get_object(self, request, slug):
        return get_object_or_404(public_outlets(), slug=slug)

    def title(self, obj):
        return _("Newsroom: stories covered by %(outlet)s") % {"outlet": obj.name}

    def items(self, obj):
        return self.stories(stories_for_outlet(obj))


class OutletStoriesAtomFeed(OutletStoriesFeed):
    feed_type = CleanAtomFeed


class SpeakerStoriesFeed(NamedFeedMixin, LatestStoriesFeed):
    about = _("Published stories in which %(name)s is quoted or named.")

    def get_object(self, request, slug):
        # Same rule as the speaker page: no feed for someone only in unpublished work.
        return get_object_or_404(public_speakers(), slug=slug)

    def title(self, obj):
        return _("Newsroom: stories quoting or naming %(name)s") % {"name": obj.name}

    def items(self, obj):
        return self.stories(stories_for_speaker(obj))


class SpeakerStoriesAtomFeed(SpeakerStoriesFeed):
    feed_type = CleanAtomFeed


class StorylineFeed(NamedFeedMixin, LatestStoriesFeed):
    about = _("The events of %(name)s, newest first.")

    def get_object(self, request, slug):
        return get_object_or_404(public_storylines(), slug=slug)

    def title(self, obj):
        return _("Newsroom: %(name)s") % {"name": obj.name}

    def items(self, obj):
        visible = story_list().filter(storyline=obj, storyline_state__in=reader_review_states())
        return self.stories(visible)


class StorylineAtomFeed(StorylineFeed):
    feed_type = CleanAtomFeed


class TopicStoriesFeed(NamedFeedMixin, LatestStoriesFeed):
    about = _("Published stories about %(name)s.")

    def get_object(self, request, slug):
        return get_object_or_404(topics_index(), slug=slug)

    def link(self, obj):
        return reverse("articles:topic-detail", kwargs={"slug": obj.slug})

    def title(self, obj):
        return _("Newsroom: %(name)s") % {"name": obj.name}

    def items(self, obj):
        return self.stories(stories_for_topic(obj))


class TopicStoriesAtomFeed(TopicStoriesFeed):
    feed_type = CleanAtomFeed


class StoryUpdatesFeed(Feed):
    """One story as it grows: each outlet's article as it joins, and each correction."""

    feed_type = CleanRssFeed

    def __call__(self, request, *args, **kwargs):
        try:
            return super().__call__(request, *args, **kwargs)
        except Http404:
            # A merged or renamed story's old feed address leads to the surviving story's.
            moved = redirected_story(kwargs.get("slug", ""), request.user)
            if moved is None:
                raise
            path = request.get_full_path().replace(f"/{kwargs['slug']}.", f"/{moved.slug}.", 1)
            return HttpResponsePermanentRedirect(path)

    def get_object(self, request, slug):
        return get_object_or_404(story_list(), slug=slug)

    def title(self, obj):
        return _("Newsroom: %(headline)s") % {"headline": obj.headline}

    def link(self, obj):
        return obj.get_absolute_url()

    def description(self, obj):
        return _("New coverage and corrections of this story.")

    subtitle = description

    def items(self, obj):
        return story_feed_items(obj)

    def item_title(self, item):
        if isinstance(item, Correction):
            return f"{item.get_kind_display()}: {item.text[:120]}"
        return f"{item.outlet.name}: {item.headline}"

    def item_description(self, item):
        if isinstance(item, Correction):
            return escape(item.text)
        return escape(_("Reported by %(outlet)s.") % {"outlet": item.outlet.name})

    def item_link(self, item):
        if isinstance(item, Correction):
            return item.story.get_absolute_url() + "#corrections-heading"
        return item.get_absolute_url()

    def item_guid(self, item):
        kind = "correction" if isinstance(item, Correction) else "article"
        return f"{self.item_link(item)}#{kind}-{item.pk}"

    item_guid_is_permalink = False

    def item_pubdate(self, item):
        return item.published_at


class StoryUpdatesAtomFeed(StoryUpdatesFeed):
    feed_type = CleanAtomFeed
