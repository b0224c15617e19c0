"""Load the demo story built from the seed documents. Safe to run again: it changes nothing."""

from django.core.management.base import BaseCommand

from articles.editorial.demo import demo_load


class Command(BaseCommand):
    help = "Load the seed story (ICE leadership changes) as a published demo story. Idempotent."

    def handle(self, *args, **options):
        result = demo_load()
        verb = "Created" if result.created else "Already loaded:"
        if options["verbosity"] > 0:
            self.stdout.write(
                self.style.SUCCESS(f"{verb} {result.story} ({result.story.get_absolute_url()})")
            )
