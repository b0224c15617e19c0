"""Load the demo story built from the seed documents. Safe to run again: it changes nothing."""

from django.core.management.base import BaseCommand, CommandError

from articles.editorial.demo import DemoError, demo_load


class Command(BaseCommand):
    help = "Load the seed story (ICE leadership changes) as a published demo story. Idempotent."

    def handle(self, *args, **options):
        try:
            result = demo_load()
        except DemoError as exc:
            raise CommandError(
                f"The demo story was not loaded (nothing was changed): {exc}"
            ) from exc
        verb = "Created" if result.created else "Already loaded:"
        if options["verbosity"] > 0:
            self.stdout.write(
                self.style.SUCCESS(f"{verb} {result.story} ({result.story.get_absolute_url()})")
            )
