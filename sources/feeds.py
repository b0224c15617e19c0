"""Feeds of published stories per outlet and per speaker."""

from django.shortcuts import get_object_or_404
from django.utils.feedgenerator import Atom1Feed
from django.utils.translation import gettext as _

from articles import selectors
from articles.feeds import LatestStoriesFeed
from sources.models import Outlet


class OutletStoriesFeed(LatestStoriesFeed):
    def get_object(self, request, slug):
        return get_object_or_404(Outlet, slug=slug)

    def title(self, obj):
        return _("Newsroom: stories covered by %(outlet)s") % {"outlet": obj.name}

    def link(self, obj):
        return obj.get_absolute_url()

    def description(self, obj):
        return _("Published stories that use reporting from %(outlet)s.") % {"outlet": obj.name}

    subtitle = description

    def items(self, obj):
        return self.stories(selectors.stories_for_outlet(obj))


class OutletStoriesAtomFeed(OutletStoriesFeed):
    feed_type = Atom1Feed


class SpeakerStoriesFeed(LatestStoriesFeed):
    def get_object(self, request, slug):
        # Same rule as the speaker page: no feed for someone only in unpublished work.
        return get_object_or_404(selectors.public_speakers(), slug=slug)

    def title(self, obj):
        return _("Newsroom: stories quoting or naming %(name)s") % {"name": obj.name}

    def link(self, obj):
        return obj.get_absolute_url()

    def description(self, obj):
        return _("Published stories in which %(name)s is quoted or named.") % {"name": obj.name}

    subtitle = description

    def items(self, obj):
        return self.stories(selectors.stories_for_speaker(obj))


class SpeakerStoriesAtomFeed(SpeakerStoriesFeed):
    feed_type = Atom1Feed
