"""A drive's money (``drives.money``): its fees and prize settings, who has paid, the
other takings and costs, the consolation draw, and the history of every change."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from drives.models.drive import Drive, Entry
from scoring.money import PrizeMoneyRule


class FeeKind(models.TextChoices):
    MEMBER = "member", _("Member")
    VISITOR = "visitor", _("Visitor")
    FREE = "free", _("Free place")


class PrizeMoney(models.TextChoices):
    """The values are ``scoring.money.PrizeMoneyRule``'s."""

    NONE = PrizeMoneyRule.NONE.value, _("Prizes are not paid in money")
    FIXED = PrizeMoneyRule.FIXED.value, _("Fixed amounts")
    SHARE = PrizeMoneyRule.SHARE.value, _("A share of the takings after costs")
    EVERYONE = PrizeMoneyRule.EVERYONE.value, _("Everyone takes an equal share")


class Consolation(models.TextChoices):
    NONE = "none", _("No consolation prize")
    BESIDE = "beside", _("Beside the booby prize")
    INSTEAD = "instead", _("Instead of the booby prize")


class DriveMoney(models.Model):
    """One drive's fees, prize money and consolation draw; made on the first save."""

    drive = models.OneToOneField(Drive, models.CASCADE, related_name="money")
    member_fee = models.DecimalField(
        _("entry fee for members"), default=0, max_digits=9, decimal_places=2
    )
    visitor_fee = models.DecimalField(
        _("entry fee for visitors"), default=0, max_digits=9, decimal_places=2
    )
    prize_money = models.CharField(
        _("prizes in money"), max_length=8, choices=PrizeMoney.choices, default=PrizeMoney.NONE
    )
    share_percent = models.PositiveSmallIntegerField(
        _("share of the takings after costs given in prizes (%)"), default=50
    )
    # "10, 6, 4": money for FIXED, proportions of the fund for SHARE.
    placing_amounts = models.CharField(_("placing prizes"), max_length=100, blank=True)
    booby_amount = models.DecimalField(_("booby prize"), default=0, max_digits=9, decimal_places=2)
    half_time_amount = models.DecimalField(
        _("half-time prize"), default=0, max_digits=9, decimal_places=2
    )
    ten_trick_amount = models.DecimalField(
        _("ten-trick prize"), default=0, max_digits=9, decimal_places=2
    )
    consolation_amount = models.DecimalField(
        _("consolation prize"), default=0, max_digits=9, decimal_places=2
    )
    consolation = models.CharField(
        _("consolation prize drawn by lot"),
        max_length=7,
        choices=Consolation.choices,
        default=Consolation.NONE,
    )
    # The draw as recorded: its seed and its candidates' card numbers in the order drawn
    # from; scoring.prizes.draw_lot gives the winner from them, every time.
    draw_seed = models.CharField(max_length=64, blank=True)
    draw_candidates = models.JSONField(default=list, blank=True)
    drawn_at = models.DateTimeField(null=True, blank=True)
    drawn_by = models.CharField(max_length=150, blank=True)

    def __str__(self):
        return f"money of {self.drive}"


class EntryFee(models.Model):
    """What one player pays for the drive; a player without a row is a member who owes."""

    entry = models.OneToOneField(Entry, models.CASCADE, related_name="fee")
    kind = models.CharField(
        _("entry"), max_length=7, choices=FeeKind.choices, default=FeeKind.MEMBER
    )
    paid = models.BooleanField(_("paid"), default=False)

    def __str__(self):
        return f"{self.entry}: {self.kind}, {'paid' if self.paid else 'owing'}"


class LineKind(models.TextChoices):
    TAKING = "taking", _("Takings")
    COST = "cost", _("Cost")


class MoneyLine(models.Model):
    """A taking other than the fees (raffle, refreshments) or a cost (hall, prizes bought)."""

    drive = models.ForeignKey(Drive, models.CASCADE, related_name="money_lines")
    kind = models.CharField(_("kind"), max_length=6, choices=LineKind.choices)
    label = models.CharField(_("what"), max_length=100)
    amount = models.DecimalField(_("amount"), max_digits=9, decimal_places=2)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["kind", "pk"]

    def __str__(self):
        return f"{self.label}: {self.amount}"


class MoneyAction(models.TextChoices):
    SETUP = "setup", _("fees and prizes changed")
    FEE = "fee", _("entry fee")
    LINE_ADDED = "added", _("line added")
    LINE_REMOVED = "removed", _("line removed")
    DRAWN = "drawn", _("consolation prize drawn")


class MoneyChange(models.Model):
    """The history of a drive's money: what changed, from what to what, by whom, when."""

    drive = models.ForeignKey(Drive, models.CASCADE, related_name="money_changes")
    action = models.CharField(max_length=7, choices=MoneyAction.choices)
    detail = models.JSONField(default=dict)  # before and after, as the page words them
    changed_by = models.CharField(max_length=150, blank=True)
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-changed_at", "-pk"]

    def __str__(self):
        return f"{self.drive}: {self.action}"
