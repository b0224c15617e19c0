"""A batch sent to the API becomes a job; the job resource shows it through to the end."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from articles.models import Article
from jobs.models import Job
from tests.api.conftest import token_client

pytestmark = pytest.mark.django_db


def article(n: int, **extra) -> dict:
    return {
        "outlet": "The Example Gazette",
        "headline": f"Harbour works, part {n}",
        "url": f"https://gazette.example/harbour/{n}",
        "published_at": "2026-03-01T09:00:00Z",
        "body": f"“Part {n} of the harbour works starts next week,” Mayor Jane Roe said on "
        f"Tuesday. The Example Gazette counted {n + 3} cranes at the port.",
        **extra,
    }


def test_batch_job_runs_after_commit_and_reports_each_item(
    reporter, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = reporter.post(
            "/api/v1/articles/", [article(1), article(2), article(1)], format="json"
        )
    assert response.status_code == 202
    job = reporter.get(response["Location"]).json()
    assert job["state"] == "succeeded"
    assert job["progress"] == {"done": 3, "total": 3, "percent": 100}
    assert (job["created"], job["duplicates"], job["errors"]) == (2, 1, 0)
    statuses = [(i["source"], i["status"]) for i in job["items"]]
    assert statuses == [("api#1", "created"), ("api#2", "created"), ("api#3", "duplicate")]
    first = Article.objects.get(url="https://gazette.example/harbour/1")
    assert job["items"][0]["article"] == first.pk
    assert job["items"][2]["article"] == first.pk
    assert job["items"][0]["story"] == first.story_id
    assert Article.objects.count() == 2


def test_a_job_is_seen_by_its_maker_and_staff_only(reporter, reporter_user):
    job = Job.objects.create(kind=Job.Kind.PAYLOADS, created_by=reporter_user, input=[])
    other = token_client(User.objects.create_user("other", "o@example.com", "pw"))
    staff = token_client(User.objects.create_user("desk", "d@example.com", "pw", is_staff=True))
    assert reporter.get(f"/api/v1/jobs/{job.pk}/").status_code == 200
    assert other.get(f"/api/v1/jobs/{job.pk}/").status_code == 404
    assert staff.get(f"/api/v1/jobs/{job.pk}/").status_code == 200


def test_jobs_need_a_token(client):
    job = Job.objects.create(kind=Job.Kind.PAYLOADS, input=[])
    response = client.get(f"/api/v1/jobs/{job.pk}/")
    assert response.status_code == 401
    assert "detail" in response.json()


def test_a_single_article_is_still_answered_at_once(reporter):
    response = reporter.post("/api/v1/articles/", article(7), format="json")
    assert response.status_code == 201
    assert response.json()["created"] == 1
    assert not Job.objects.exists()


def test_a_token_lists_its_jobs_newest_first_in_constant_queries(
    reporter, reporter_user, django_assert_max_num_queries
):
    other = User.objects.create_user("other", "o@example.com", "pw")
    mine = [
        Job.objects.create(kind=Job.Kind.PAYLOADS, created_by=reporter_user, input=[])
        for _ in range(3)
    ]
    Job.objects.create(kind=Job.Kind.PAYLOADS, created_by=other, input=[])
    with django_assert_max_num_queries(6):
        response = reporter.get("/api/v1/jobs/")
    assert response.status_code == 200
    listed = response.json()["results"]
    assert [j["id"] for j in listed] == [j.pk for j in reversed(mine)]
    assert "items" not in listed[0] and listed[0]["created"] == 0
    assert listed[0]["url"].endswith(f"/api/v1/jobs/{mine[-1].pk}/")
