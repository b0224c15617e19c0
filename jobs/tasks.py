"""The tasks workers run (``django.tasks``): written once, run by whichever backend the
``TASKS`` setting names. They carry ids only; the job rows hold everything else."""

from django.tasks import task


@task
def run_job(job_id: int) -> str:
    from jobs.runner import job_execute

    return job_execute(job_id)


@task
def poll_feed(feed_id: int) -> str:
    from jobs.services import feed_poll

    return feed_poll(feed_id)


@task
def fetch_image(image_id: int) -> str:
    """An article's lead image, fetched, checked and stored (``articles.ingest.images``)."""
    from articles.ingest.images import image_fetch

    return image_fetch(image_id)
