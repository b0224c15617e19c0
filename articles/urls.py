from django.urls import path

from articles import views

app_name = "articles"

urlpatterns = [
    path("", views.HomeView.as_view(), name="home"),
    path("stories/<slug:slug>/", views.StoryDetailView.as_view(), name="story-detail"),
    path("articles/<int:pk>/", views.ArticleDetailView.as_view(), name="article-detail"),
]
