"""One scheduler round: poll due feeds, queue stalled and due jobs again, prune old feed jobs
(``run_worker`` does this every NEWSROOM_SCHEDULER_INTERVAL seconds; this is for cron)."""

from django.core.management.base import BaseCommand

from jobs.scheduler import tick


class Command(BaseCommand):
    help = "Poll due feeds, queue stalled and due jobs again, prune old feed jobs (once)."

    def handle(self, *args, **options):
        result = tick()
        self.stdout.write(
            f"{result.feeds} feed(s) queued, {result.recovered} job(s) recovered, "
            f"{result.retried} retried, {result.interrupted} interrupted, "
            f"{result.pruned} pruned"
            + (", planner statistics refreshed" if result.analyzed else "")
        )
