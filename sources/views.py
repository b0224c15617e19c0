"""Public pages for outlets and speakers. Placeholder views until the page work lands."""

from django.views.generic import DetailView

from sources.models import Outlet, Speaker


class OutletDetailView(DetailView):
    model = Outlet


class SpeakerDetailView(DetailView):
    model = Speaker
