from django.urls import path

from articles.public import feeds, views
from articles.public.cache import cached_page

app_name = "articles"

urlpatterns = [
    path("outlets/<slug:slug>/", views.OutletDetailView.as_view(), name="outlet-detail"),
    path("people/<slug:slug>/", views.SpeakerDetailView.as_view(), name="speaker-detail"),
    path("feeds/outlets/<slug:slug>.rss", feeds.OutletStoriesFeed(), name="outlet-feed-rss"),
    path("feeds/outlets/<slug:slug>.atom", feeds.OutletStoriesAtomFeed(), name="outlet-feed-atom"),
    path("feeds/people/<slug:slug>.rss", feeds.SpeakerStoriesFeed(), name="speaker-feed-rss"),
    path("feeds/people/<slug:slug>.atom", feeds.SpeakerStoriesAtomFeed(), name="speaker-feed-atom"),
    path("", views.HomeView.as_view(), name="home"),
    path("stories/<slug:slug>/", views.StoryDetailView.as_view(), name="story-detail"),
    path("articles/<int:pk>/", views.ArticleDetailView.as_view(), name="article-detail"),
    path("corrections/", views.CorrectionListView.as_view(), name="correction-list"),
    path("feeds/stories.rss", feeds.LatestStoriesFeed(), name="story-feed-rss"),
    path("feeds/stories.atom", feeds.LatestStoriesAtomFeed(), name="story-feed-atom"),
]

# Every page and feed here is cached for readers and answers conditional GETs (``cache.py``).
for pattern in urlpatterns:
    pattern.callback = cached_page(pattern.callback)
