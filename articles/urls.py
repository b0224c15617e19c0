from django.urls import path

from articles import feeds, views

app_name = "articles"

urlpatterns = [
    path("", views.HomeView.as_view(), name="home"),
    path("stories/<slug:slug>/", views.StoryDetailView.as_view(), name="story-detail"),
    path("articles/<int:pk>/", views.ArticleDetailView.as_view(), name="article-detail"),
    path("corrections/", views.CorrectionListView.as_view(), name="correction-list"),
    path("feeds/stories.rss", feeds.LatestStoriesFeed(), name="story-feed-rss"),
    path("feeds/stories.atom", feeds.LatestStoriesAtomFeed(), name="story-feed-atom"),
]
