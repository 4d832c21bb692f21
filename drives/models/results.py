"""What a table recorded on each deal, and every correction to it."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from drives.models.drive import BidStrain, Drive, Seat, Side, TrumpSuit
from scoring import results as scoring_results


class ResultSource(models.TextChoices):
    ORGANISER = "organiser", _("organiser")
    TABLE = "table", _("table link")


class TableResult(models.Model):
    """The tricks N–S took at one table on one deal; E–W took the rest of the 13.

    Where the table reports its trumps (turned up, or named in bid whist) ``trumps``
    holds them ("" at no trumps). A bid whist hand also records the dealer, the
    winning bid and the declaring side; its kitty counts as one of the declarers' 13.
    """

    # A drive with results is history: it is cancelled, never deleted.
    drive = models.ForeignKey(Drive, models.PROTECT, related_name="results")
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    deal = models.PositiveSmallIntegerField()
    ns_tricks = models.PositiveSmallIntegerField(_("N–S tricks"))
    ns_honours = models.PositiveSmallIntegerField(_("N–S honours"), null=True, blank=True)
    trumps = models.CharField(_("trumps"), max_length=1, choices=TrumpSuit.choices, blank=True)
    dealer = models.CharField(_("dealer"), max_length=1, choices=Seat.choices, blank=True)
    declarers = models.CharField(
        _("declaring side"), max_length=2, choices=Side.choices, blank=True
    )
    bid_level = models.PositiveSmallIntegerField(_("bid"), null=True, blank=True)
    bid_strain = models.CharField(
        _("uptown, downtown or no trumps"), max_length=8, choices=BidStrain.choices, blank=True
    )
    version = models.PositiveIntegerField(default=1)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now=True)
    source = models.CharField(
        max_length=9, choices=ResultSource.choices, default=ResultSource.ORGANISER
    )

    class Meta:
        ordering = ["deal", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["drive", "deal", "table"], name="result_once_per_table_and_deal"
            ),
            models.CheckConstraint(condition=Q(ns_tricks__lte=13), name="result_tricks_at_most_13"),
            models.CheckConstraint(
                condition=Q(ns_honours__isnull=True) | Q(ns_honours__lte=4),
                name="result_honours_at_most_4",
            ),
            models.CheckConstraint(
                condition=Q(bid_level__isnull=True) | Q(bid_level__gte=1, bid_level__lte=7),
                name="result_bid_1_to_7",
            ),
        ]

    def __str__(self):
        return f"deal {self.deal} table {self.table}: N–S {self.ns_tricks}, E–W {self.ew_tricks}"

    @property
    def ew_tricks(self) -> int:
        return scoring_results.side_tricks("EW", self.ns_tricks)

    @property
    def declarer_tricks(self) -> int | None:
        """A bid whist hand's declarers' tricks, the kitty included."""
        if not self.declarers:
            return None
        return scoring_results.side_tricks(self.declarers, self.ns_tricks)

    def details(self) -> dict[str, object]:
        """What a correction may change beside the tricks and honours, for its history."""
        return {name: getattr(self, name) for name in DETAIL_FIELDS}


#: The columns of a result beside the tricks and honours: a table's trumps and bid whist's.
DETAIL_FIELDS = ("trumps", "dealer", "declarers", "bid_level", "bid_strain")


class ResultChange(models.Model):
    """A correction to a result: what it was, what it became, who changed it."""

    result = models.ForeignKey(TableResult, models.CASCADE, related_name="changes")
    old_ns_tricks = models.PositiveSmallIntegerField()
    new_ns_tricks = models.PositiveSmallIntegerField()
    old_ns_honours = models.PositiveSmallIntegerField(null=True, blank=True)
    new_ns_honours = models.PositiveSmallIntegerField(null=True, blank=True)
    # Trumps and bid whist's record (``TableResult.details``) before and after.
    old_details = models.JSONField(default=dict, blank=True)
    new_details = models.JSONField(default=dict, blank=True)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now_add=True)
    source = models.CharField(
        max_length=9, choices=ResultSource.choices, default=ResultSource.ORGANISER
    )

    class Meta:
        ordering = ["-changed_at"]

    def __str__(self):
        return f"{self.result}: {self.old_ns_tricks} → {self.new_ns_tricks}"
