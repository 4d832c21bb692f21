"""Per-address counts (``drives.limits``) kept in the database."""

from django.db import models


class RateCount(models.Model):
    """One client address's requests in one window of a limit (drives.limits), counted
    here when the cache cannot add one atomically (the database cache reads, then writes)."""

    key = models.CharField(max_length=200, primary_key=True)
    count = models.PositiveIntegerField(default=0)
    expires = models.DateTimeField(db_index=True)

    def __str__(self):
        return f"{self.key}: {self.count}"
