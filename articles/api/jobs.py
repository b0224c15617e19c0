"""Background jobs through the API: a batch of articles answers 202 with its job, and the
job resource shows its state, progress and each item's outcome as the ingestion report does."""

from __future__ import annotations

from django.db.models import Count, Q
from drf_spectacular.utils import extend_schema, extend_schema_field, extend_schema_view
from rest_framework import mixins, permissions, serializers, viewsets
from rest_framework.reverse import reverse

from articles.api.base import FIELD_ERRORS, ID_REGEX, NOT_FOUND, UNAUTHENTICATED
from articles.api.pagination import Key
from articles.api.submission import IngestItemSerializer
from jobs.models import Job, JobItem


class JobItemSerializer(IngestItemSerializer):
    status = serializers.ChoiceField(choices=JobItem.Status.values)


class ProgressSerializer(serializers.Serializer):
    done = serializers.IntegerField(help_text="Items finished.")
    total = serializers.IntegerField(help_text="Items found so far.")
    percent = serializers.IntegerField(min_value=0, max_value=100)


class JobSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField()
    progress = serializers.SerializerMethodField()
    created = serializers.SerializerMethodField()
    duplicates = serializers.SerializerMethodField()
    errors = serializers.SerializerMethodField()
    items = serializers.SerializerMethodField()

    class Meta:
        model = Job
        fields = [
            "id",
            "url",
            "kind",
            "state",
            "label",
            "created_at",
            "started_at",
            "finished_at",
            "attempts",
            "next_attempt_at",
            "progress",
            "created",
            "duplicates",
            "errors",
            "error",
            "items",
        ]

    def _counts(self, job: Job) -> dict:
        if hasattr(job, "n_created"):  # annotated by the list's queryset: no query per job
            return {"created": job.n_created, "duplicate": job.n_duplicate, "error": job.n_error}
        if not hasattr(job, "_counts"):
            job._counts = job.counts()
        return job._counts

    @extend_schema_field(serializers.URLField())
    def get_url(self, job: Job) -> str:
        return reverse("api:job-detail", args=[job.pk], request=self.context.get("request"))

    @extend_schema_field(ProgressSerializer())
    def get_progress(self, job: Job) -> dict:
        return {"done": job.done, "total": job.total, "percent": job.percent}

    @extend_schema_field(serializers.IntegerField())
    def get_created(self, job: Job) -> int:
        return self._counts(job)["created"]

    @extend_schema_field(serializers.IntegerField())
    def get_duplicates(self, job: Job) -> int:
        return self._counts(job)["duplicate"]

    @extend_schema_field(serializers.IntegerField())
    def get_errors(self, job: Job) -> int:
        return self._counts(job)["error"]

    @extend_schema_field(JobItemSerializer(many=True))
    def get_items(self, job: Job) -> list[dict]:
        return [item.as_dict() for item in job.items.all()]


class JobSummarySerializer(JobSerializer):
    """A job in a list: everything but its items (follow ``url`` for those)."""

    class Meta(JobSerializer.Meta):
        fields = [f for f in JobSerializer.Meta.fields if f != "items"]


def _with_counts(jobs):
    def outcome(status):
        return Count("items", filter=Q(items__status=status))

    return jobs.annotate(
        n_created=outcome("created"), n_duplicate=outcome("duplicate"), n_error=outcome("error")
    )


@extend_schema_view(
    list=extend_schema(
        summary="Your background jobs, newest first",
        description="The jobs your token made (staff see all), without their items.",
        responses={200: JobSummarySerializer(many=True), 400: FIELD_ERRORS, 401: UNAUTHENTICATED},
    ),
    retrieve=extend_schema(
        summary="One background job: state, progress and each item's outcome",
        description="Jobs are made by batches sent to `POST /api/v1/articles/`. `state` is "
        "`queued`, `running`, `retrying` (a network error; `next_attempt_at` says when), "
        "`succeeded` or `failed` (`error` says why). Items have the statuses of the ingestion "
        "report. You see the jobs your token made; staff see all.",
        responses={200: JobSerializer, 401: UNAUTHENTICATED, 404: NOT_FOUND},
    ),
)
class JobViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    permission_classes = [permissions.IsAuthenticated]
    lookup_value_regex = ID_REGEX
    keyset = (Key("created_at"), Key("id"))

    def get_serializer_class(self):
        return JobSummarySerializer if self.action == "list" else JobSerializer

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # the schema generator has no user
            return Job.objects.none()
        user = self.request.user
        jobs = Job.objects.all() if user.is_staff else Job.objects.filter(created_by=user)
        return _with_counts(jobs) if self.action == "list" else jobs
