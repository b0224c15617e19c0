"""RSS and Atom feeds of published stories; each item carries the story's corrections."""

from django.contrib.syndication.views import Feed
from django.db.models import Prefetch
from django.urls import reverse_lazy
from django.utils.feedgenerator import Atom1Feed
from django.utils.translation import gettext_lazy as _

from articles import selectors
from articles.models import Correction

FEED_LENGTH = 30


class LatestStoriesFeed(Feed):
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
        return self.stories(selectors.story_list())

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
    feed_type = Atom1Feed
    subtitle = LatestStoriesFeed.description
