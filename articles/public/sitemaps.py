"""The sitemap: published stories, the outlets and people that appear in them, topics and
storylines."""

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from articles.core.visibility import public_outlets, public_speakers
from articles.models import Story
from articles.public.pages.browse import topics_index
from articles.public.pages.storyline import public_storylines


class StorySitemap(Sitemap):
    changefreq = "hourly"
    priority = 0.8
    limit = 5000

    def items(self):
        return Story.objects.published().only("slug", "updated_at", "published_at")

    def lastmod(self, item):
        return max(item.updated_at, item.published_at)


class OutletSitemap(Sitemap):
    changefreq = "daily"
    priority = 0.5
    limit = 5000

    def items(self):
        return public_outlets().only("slug", "updated_at").order_by("name")

    def lastmod(self, item):
        return item.updated_at


class SpeakerSitemap(Sitemap):
    changefreq = "daily"
    priority = 0.4
    limit = 5000

    def items(self):
        return public_speakers().only("slug", "updated_at").order_by("name")

    def lastmod(self, item):
        return item.updated_at


class TopicSitemap(Sitemap):
    changefreq = "daily"
    priority = 0.5
    limit = 5000

    def items(self):
        return topics_index().order_by("name")

    def location(self, item):
        return reverse("articles:topic-detail", kwargs={"slug": item.slug})


class StorylineSitemap(Sitemap):
    changefreq = "daily"
    priority = 0.6
    limit = 5000

    def items(self):
        return public_storylines().order_by("name")

    def lastmod(self, item):
        return item.updated_at


SITEMAPS = {
    "stories": StorySitemap,
    "storylines": StorylineSitemap,
    "topics": TopicSitemap,
    "outlets": OutletSitemap,
    "people": SpeakerSitemap,
}
