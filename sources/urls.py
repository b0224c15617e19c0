from django.urls import path

from sources import feeds, views

app_name = "sources"

urlpatterns = [
    path("outlets/<slug:slug>/", views.OutletDetailView.as_view(), name="outlet-detail"),
    path("people/<slug:slug>/", views.SpeakerDetailView.as_view(), name="speaker-detail"),
    path("feeds/outlets/<slug:slug>.rss", feeds.OutletStoriesFeed(), name="outlet-feed-rss"),
    path("feeds/outlets/<slug:slug>.atom", feeds.OutletStoriesAtomFeed(), name="outlet-feed-atom"),
    path("feeds/people/<slug:slug>.rss", feeds.SpeakerStoriesFeed(), name="speaker-feed-rss"),
    path("feeds/people/<slug:slug>.atom", feeds.SpeakerStoriesAtomFeed(), name="speaker-feed-atom"),
]
