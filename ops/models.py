"""The content generation: one number that moves on with every change readers could see.

See ``ops.generation`` for the protocol; this is its storage.
"""

from django.db import models


class ContentGeneration(models.Model):
    """One of ``SLOTS`` counters whose sum is the site's content generation.

    Several rows rather than one: a writer moves its own slot on inside its transaction, and
    two writers (two workers importing on PostgreSQL) rarely wait on the same row lock.
    """

    slot = models.PositiveSmallIntegerField(primary_key=True)
    value = models.BigIntegerField(default=0)
    changed_at = models.DateTimeField(null=True)

    class Meta:
        verbose_name = "content generation slot"

    def __str__(self) -> str:
        return f"slot {self.slot}: {self.value}"
