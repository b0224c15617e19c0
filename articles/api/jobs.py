"""Background jobs through the API: a batch of articles answers 202 with its job, and the
job resource shows its state, progress and each item's outcome as the ingestion report does."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field, extend_schema_view
from rest_framework import mixins, permissions, serializers, viewsets
from rest_framework.reverse import reverse

from articles.api.base import ID_REGEX, NOT_FOUND, UNAUTHENTICATED
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


@extend_schema_view(
    retrieve=extend_schema(
        summary="One background job: state, progress and each item's outcome",
        description="Jobs are made by batches sent to `POST /api/v1/articles/`. `state` is "
        "`queued`, `running`, `retrying` (a network error; `next_attempt_at` says when), "
        "`succeeded` or `failed` (`error` says why). Items have the statuses of the ingestion "
        "report. You see the jobs your token made; staff see all.",
        responses={200: JobSerializer, 401: UNAUTHENTICATED, 404: NOT_FOUND},
    )
)
class JobViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = JobSerializer
    permission_classes = [permissions.IsAuthenticated]
    lookup_value_regex = ID_REGEX
    pagination_class = None

    def get_queryset(self):
        user = self.request.user
        jobs = Job.objects.all()
        return jobs if user.is_staff else jobs.filter(created_by=user)
