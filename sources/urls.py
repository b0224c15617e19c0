from django.urls import path

from sources import views

app_name = "sources"

urlpatterns = [
    path("outlets/<slug:slug>/", views.OutletDetailView.as_view(), name="outlet-detail"),
    path("people/<slug:slug>/", views.SpeakerDetailView.as_view(), name="speaker-detail"),
]
