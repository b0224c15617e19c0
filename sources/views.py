"""Public pages for outlets and speakers: what they published or said in published stories."""

from django.views.generic import DetailView

from articles import selectors
from sources.models import Outlet


class OutletDetailView(DetailView):
    model = Outlet
    context_object_name = "outlet"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(selectors.outlet_page(self.object))
        return context


class SpeakerDetailView(DetailView):
    context_object_name = "speaker"

    def get_queryset(self):
        # Someone named only in unpublished work has no public page yet.
        return selectors.visible_speakers(self.request.user)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(selectors.speaker_page(self.object))
        return context
