"""A wrong move put right after the round was played (``drives.evening.repairs``)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from drives.models.drive import Drive, Entry


class RepairKind(models.TextChoices):
    PLAYERS = "players", _("two players swapped")
    TABLES = "tables", _("two tables' results swapped")


class MoveRepair(models.Model):
    """Where players really sat in a played round, recorded afterwards, and why.

    ``seats`` keeps every seat it changed, the round put right's and a re-planned next
    round's, as ``{"round", "table", "seat", "before", "after"}`` with card numbers (None for
    an empty seat), so a club file carries it whatever ids the entries take; ``results``
    keeps the figures a tables' swap moved, ``{"deal", "table", "before", "after"}``, each
    also a ``ResultChange`` of the deal.
    """

    drive = models.ForeignKey(Drive, models.CASCADE, related_name="repairs")
    round = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=7, choices=RepairKind.choices)
    first_entry = models.ForeignKey(Entry, models.CASCADE, null=True, blank=True, related_name="+")
    second_entry = models.ForeignKey(Entry, models.CASCADE, null=True, blank=True, related_name="+")
    first_table = models.PositiveSmallIntegerField(null=True, blank=True)
    second_table = models.PositiveSmallIntegerField(null=True, blank=True)
    REASON_LENGTH = 200
    reason = models.CharField(_("reason"), max_length=REASON_LENGTH)
    seats = models.JSONField(default=list, blank=True)
    results = models.JSONField(default=list, blank=True)
    # The next round, seated again from the corrected one (progressive drives), or left as
    # it was because play had started there.
    replanned_round = models.PositiveSmallIntegerField(null=True, blank=True)
    kept_round = models.PositiveSmallIntegerField(null=True, blank=True)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-changed_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(
                    kind=RepairKind.PLAYERS,
                    first_entry__isnull=False,
                    second_entry__isnull=False,
                )
                | Q(kind=RepairKind.TABLES, first_table__isnull=False, second_table__isnull=False),
                name="repair_names_what_it_swapped",
            ),
        ]

    def __str__(self):
        return f"{self.drive}: round {self.round}, {self.kind} swapped"
