from django.urls import path

from articles.public import feeds, views
from articles.public.cache import cached_page

app_name = "articles"

urlpatterns = [
    # The pages readers ask for most come first: Django tries the patterns in order.
    path("stories/<slug:slug>/", views.StoryDetailView.as_view(), name="story-detail"),
    path("", views.HomeView.as_view(), name="home"),
    path("stories/<slug:slug>/quotes/", views.StoryQuotesView.as_view(), name="story-quotes"),
    path("articles/<int:pk>/", views.ArticleDetailView.as_view(), name="article-detail"),
    path("outlets/<slug:slug>/", views.OutletDetailView.as_view(), name="outlet-detail"),
    path("people/<slug:slug>/", views.SpeakerDetailView.as_view(), name="speaker-detail"),
    path("feeds/outlets/<slug:slug>.rss", feeds.OutletStoriesFeed(), name="outlet-feed-rss"),
    path("feeds/outlets/<slug:slug>.atom", feeds.OutletStoriesAtomFeed(), name="outlet-feed-atom"),
    path("feeds/people/<slug:slug>.rss", feeds.SpeakerStoriesFeed(), name="speaker-feed-rss"),
    path("feeds/people/<slug:slug>.atom", feeds.SpeakerStoriesAtomFeed(), name="speaker-feed-atom"),
    path("corrections/", views.CorrectionListView.as_view(), name="correction-list"),
    path("search/", views.SearchView.as_view(), name="search"),
    path("stories/", views.StoryArchiveView.as_view(), name="story-archive"),
    path("topics/", views.TopicListView.as_view(), name="topic-list"),
    path("topics/<slug:slug>/", views.TopicDetailView.as_view(), name="topic-detail"),
    path("people/", views.PeopleListView.as_view(), name="speaker-list"),
    path("outlets/", views.OutletListView.as_view(), name="outlet-list"),
    path("robots.txt", views.robots_txt, name="robots-txt"),
    path("feeds/topics/<slug:slug>.rss", feeds.TopicStoriesFeed(), name="topic-feed-rss"),
    path("feeds/topics/<slug:slug>.atom", feeds.TopicStoriesAtomFeed(), name="topic-feed-atom"),
    path("feeds/stories/<slug:slug>.rss", feeds.StoryUpdatesFeed(), name="story-updates-rss"),
    path("feeds/stories/<slug:slug>.atom", feeds.StoryUpdatesAtomFeed(), name="story-updates-atom"),
    path("storylines/<slug:slug>/", views.StorylineDetailView.as_view(), name="storyline-detail"),
    path("feeds/storylines/<slug:slug>.rss", feeds.StorylineFeed(), name="storyline-feed-rss"),
    path(
        "feeds/storylines/<slug:slug>.atom",
        feeds.StorylineAtomFeed(),
        name="storyline-feed-atom",
    ),
    path("feeds/stories.rss", feeds.LatestStoriesFeed(), name="story-feed-rss"),
    path("feeds/stories.atom", feeds.LatestStoriesAtomFeed(), name="story-feed-atom"),
]

# Every page and feed here is cached for readers and answers conditional GETs (``cache.py``).
for pattern in urlpatterns:
    pattern.callback = cached_page(pattern.callback)
