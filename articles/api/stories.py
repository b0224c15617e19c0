"""Stories in the API, with their JSON-LD and ninjs exports."""

from __future__ import annotations

from django.db.models import (
    OuterRef,
    Prefetch,
    prefetch_related_objects,
)
from django.http import Http404, JsonResponse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_view,
)
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from articles.api.base import (
    CONDITIONAL_PARAMETERS,
    FORBIDDEN,
    SLUG_REGEX,
    ConditionalReadMixin,
    latest,
    newest,
    read_responses,
)
from articles.api.fields import attach_topics
from articles.api.filters import StoryFilter
from articles.api.ninjs import story_ninjs
from articles.api.pagination import Key, Row
from articles.api.story_rows import story_detail
from articles.api.story_serializers import (
    StoryDetailSerializer,
    StorySerializer,
)
from articles.core.prepared import prepared_rows
from articles.core.visibility import (
    reader_appearances,
    reader_attributions,
    redirected_story,
    visible_figures,
    visible_people,
    visible_story_articles,
)
from articles.models import (
    Article,
    Correction,
    KeyPoint,
    Quote,
    Story,
    SummaryParagraph,
    may_preview,
)
from articles.public.cache import cached_answer
from articles.public.jsonld import story_jsonld
from articles.public.pages.quotes import WORDINGS
from articles.public.pages.story import attach_figures_and_people, share_articles

# --- Stories --------------------------------------------------------------------------------


class JSONLDRenderer(JSONRenderer):
    media_type = "application/ld+json"


@extend_schema_view(
    list=extend_schema(
        summary="List stories",
        description="Published stories, newest first; staff with a token also see drafts.",
        parameters=CONDITIONAL_PARAMETERS,
        responses={
            **read_responses(StorySerializer(many=True), many=True),
            403: FORBIDDEN,  # the status filter, for a token that is not staff
        },
    ),
    retrieve=extend_schema(
        summary="One story with all its sources",
        parameters=CONDITIONAL_PARAMETERS,
        responses=read_responses(StoryDetailSerializer),
    ),
)
class StoryViewSet(ConditionalReadMixin, viewsets.ReadOnlyModelViewSet):
    """Stories, looked up by slug. The public sees published stories; staff also drafts."""

    lookup_field = "slug"
    lookup_value_regex = SLUG_REGEX
    filterset_class = StoryFilter
    keyset = (Key("published_at", nullable=True), Key("id"))
    freshness_field = "api_modified"
    version_field = "version"
    # What ``StorySerializer`` and the ETag read of a listed story.
    list_fields = (
        *("id", "slug", "headline", "dek", "status", "published_at", "updated_at", "version"),
        *("storyline_id", "storyline_state"),
        freshness_field,
    )
    # Annotated once: building the three subqueries cost more than running them. Each request
    # narrows a copy of it (a queryset is never changed in place, and this one never runs).
    queryset = Story.objects.annotate(
        api_modified=newest(
            "updated_at",
            latest(Article.objects.filter(story=OuterRef("pk")), "updated_at"),
            latest(Quote.objects.filter(story=OuterRef("pk")), "updated_at"),
            latest(Correction.objects.filter(story=OuterRef("pk")), "published_at"),
        )
    )

    def get_queryset(self):
        return self.queryset.visible_to(self.request.user)

    def prepare_page(self, rows: list) -> None:
        attach_topics(rows)

    def reader_list(self):
        """For a reader's list with no filter asked for: a key and the listed rows at a
        given moment, which the paginator reads a page of by a query compiled once
        (``KeysetPagination._prepared_page``); ``None`` otherwise (staff see drafts too, and
        a filter changes the query)."""
        user = self.request.user
        if may_preview(user) or set(self.request.query_params) - set(self.paginator.query_params):
            return None
        return (
            ("stories", self.list_fields),
            lambda now: self.queryset.visible_to(user, now).values(*self.list_fields),
        )

    def get_serializer_class(self):
        return StorySerializer if self.action == "list" else StoryDetailSerializer

    @property
    def relations_prefetch(self):
        """A story's relations as the exports and ``StoryDetailSerializer`` read them from
        its instance. The API's detail reads plain rows instead (``story_detail``)."""
        user = self.request.user
        return (
            "topics",
            Prefetch(
                "key_points",
                queryset=KeyPoint.objects.prefetch_related(
                    Prefetch("attributions", queryset=reader_attributions())
                ),
            ),
            Prefetch(
                "paragraphs",
                queryset=SummaryParagraph.objects.prefetch_related(
                    Prefetch("attributions", queryset=reader_attributions())
                ),
            ),
            # Not the quotes: the serializer gives the first page of them (``story_quote_page``),
            # the exports all (``export_prefetch``). Their figures and people: ``load``.
            Prefetch(
                "articles",
                queryset=visible_story_articles(user).select_related("outlet").defer("body"),
            ),
            "corrections",
        )

    def load(self, instance: Story, lookups) -> None:
        """The story's related rows for its representations: ``lookups``, then its articles'
        figures and people."""
        user = self.request.user
        prefetch_related_objects([instance], *lookups)
        attach_figures_and_people(
            instance.articles.all(), figures=visible_figures(user), people=visible_people(user)
        )

    def handle_exception(self, exc):
        """A story's old address (merged into another, or renamed) answers a permanent
        redirect to the same resource of the story it leads to, as the story pages do."""
        slug = self.kwargs.get(self.lookup_field)
        if isinstance(exc, Http404) and slug:
            moved = redirected_story(slug, self.request.user)
            if moved is not None:
                path = self.request.get_full_path().replace(f"/{slug}/", f"/{moved.slug}/", 1)
                # Said in JSON as every other answer here, for clients that do not follow it.
                return JsonResponse(
                    {
                        "detail": "This story moved.",
                        "location": self.request.build_absolute_uri(path),
                    },
                    status=301,
                    headers={"Location": path},
                )
        return super().handle_exception(exc)

    def get_object(self):
        """The story asked for; for the detail, as a plain row of the listed fields, read
        by a query compiled once (the exports load the instance)."""
        if self.action != "retrieve":
            return super().get_object()
        user = self.request.user
        rows = prepared_rows(
            ("story", may_preview(user)),
            lambda slug, now: (
                self.queryset.visible_to(user, now).filter(slug=slug).values(*self.list_fields)
            ),
            self.kwargs[self.lookup_field],
            timezone.now(),
        )
        if not rows:  # in the words of DRF's own look-up
            raise Http404(f"No {Story._meta.object_name} matches the given query.")
        story = Row(rows[0])
        self.check_object_permissions(self.request, story)
        return story

    def render_detail(self, instance: Story) -> dict:
        # Nothing loaded ahead (no ``detail_prefetch``): ``story_detail`` reads its rows.
        return story_detail(instance, user=self.request.user, context=self.get_serializer_context())

    @property
    def export_prefetch(self):
        """The story's relations, and every quote of the story: the exports cite them all."""
        quotes = Prefetch(
            "quotes",
            queryset=Quote.objects.select_related("speaker").prefetch_related(
                # The story is visible, so are its wordings readers may see; their articles
                # are the story's, loaded by ``relations_prefetch`` (``share_articles``).
                Prefetch("appearances", queryset=reader_appearances(), to_attr=WORDINGS)
            ),
        )
        return (*self.relations_prefetch, quotes)

    def _export(self, render):
        def answer():
            instance = self.get_object()

            def build():
                self.load(instance, self.export_prefetch)
                share_articles(instance)
                return Response(render(instance, request=self.request))

            return self.conditional_answer([instance], build)

        return cached_answer(self.request, answer)

    @extend_schema(
        summary="The story as schema.org JSON-LD",
        description="A NewsArticle with `isBasedOn` for its source articles and its quotes as "
        "`Quotation` with their `creator`.",
        parameters=CONDITIONAL_PARAMETERS,
        responses=read_responses(OpenApiTypes.OBJECT),
    )
    @action(detail=True, url_path="jsonld", renderer_classes=[JSONLDRenderer, JSONRenderer])
    def jsonld(self, request, slug=None):
        return self._export(story_jsonld)

    @extend_schema(
        summary="The story as IPTC ninjs 2.x",
        parameters=CONDITIONAL_PARAMETERS,
        responses=read_responses(OpenApiTypes.OBJECT),
    )
    @action(detail=True, url_path="ninjs")
    def ninjs(self, request, slug=None):
        return self._export(story_ninjs)
