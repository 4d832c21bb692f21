"""Paper drives (``drives.paper``): each card's total as typed, and its corrections."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from drives.models.drive import Entry


class Typist(models.IntegerChoices):
    FIRST = 1, _("First typist")
    SECOND = 2, _("Second typist")


class CardTotal(models.Model):
    """A paper drive: one player's card as one typist read it.

    The first typist's figures are the drive's scores; a second typist's, when a club
    types its cards twice, are only compared with them (``drives.paper``).
    """

    entry = models.ForeignKey(Entry, models.CASCADE, related_name="card_totals")
    typist = models.PositiveSmallIntegerField(choices=Typist.choices, default=Typist.FIRST)
    total = models.PositiveSmallIntegerField(_("total"))
    half_time = models.PositiveSmallIntegerField(_("half-time"), null=True, blank=True)
    ten_trick_deals = models.PositiveSmallIntegerField(
        _("deals with 10+ tricks"), null=True, blank=True
    )
    version = models.PositiveIntegerField(default=1)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["entry__card_number", "typist"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "typist"], name="card_total_once_per_typist"),
        ]

    def __str__(self):
        return f"card {self.entry.card_number} ({self.typist}): {self.total}"

    @property
    def figures(self) -> tuple[int, int | None, int | None]:
        return (self.total, self.half_time, self.ten_trick_deals)


class CardTotalChange(models.Model):
    """A correction to a typed card: what it was, what it became, who changed it."""

    card = models.ForeignKey(CardTotal, models.CASCADE, related_name="changes")
    old_total = models.PositiveSmallIntegerField()
    new_total = models.PositiveSmallIntegerField()
    old_half_time = models.PositiveSmallIntegerField(null=True, blank=True)
    new_half_time = models.PositiveSmallIntegerField(null=True, blank=True)
    old_ten_trick_deals = models.PositiveSmallIntegerField(null=True, blank=True)
    new_ten_trick_deals = models.PositiveSmallIntegerField(null=True, blank=True)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-changed_at", "-pk"]

    def __str__(self):
        return f"{self.card}: {self.old_total} → {self.new_total}"
