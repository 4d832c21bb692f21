"""Table entry (``drives.tableside``): links, the sides' pending entries, the hall display."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from drives.models.drive import Drive, Side
from scoring import cards as scoring_cards
from scoring.results import side_tricks


class TableLink(models.Model):
    """The secret link that opens one side's page of one table at one drive.

    The token is random (never derived from ids) and is kept so that the organiser can
    reprint the QR codes all evening; requests find it through ``digest`` (its SHA-256),
    so the database never compares the secret itself.

    Each side has its own link, so that the side that sent figures is never the one that
    confirms them. A link with no side is one printed before sides had their own: it keeps
    opening its table for both sides, as it did, until the organiser withdraws it.
    """

    drive = models.ForeignKey(Drive, models.CASCADE, related_name="table_links")
    table = models.PositiveSmallIntegerField()
    side = models.CharField(max_length=2, choices=Side.choices, blank=True)  # "": both
    token = models.CharField(max_length=40)
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "-side"]  # N–S, E–W, then an old link for both
        constraints = [
            models.UniqueConstraint(
                fields=["drive", "table", "side"],
                condition=Q(revoked_at__isnull=True),
                name="table_link_one_live_per_side",
            ),
        ]

    def __str__(self):
        return f"{self.drive_id} table {self.table} {self.side or 'both sides'}"

    @property
    def for_both_sides(self) -> bool:
        return not self.side


class PendingState(models.TextChoices):
    WAITING = "waiting", _("waiting for the other side")
    DISPUTED = "disputed", _("disputed")
    CONFIRMED = "confirmed", _("confirmed")
    REPLACED = "replaced", _("replaced by a correction")
    SETTLED = "settled", _("settled by the organiser")
    REJECTED = "rejected", _("set aside by the organiser")
    # Sent from a page that was out of date: kept for the organiser to accept or dismiss.
    LATE = "late", _("sent after its round closed")
    DIFFERS = "differs", _("differs from the stored result")


class PendingEntry(models.Model):
    """One side's figures for its table's round, as sent from the table link.

    Kept for good: the rows of a table are the history of what each side sent, and the
    live ones (waiting or disputed) are what the other side or the organiser acts on.
    """

    drive = models.ForeignKey(Drive, models.CASCADE, related_name="pending_entries")
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    side = models.CharField(max_length=2, choices=Side.choices)
    tricks = models.JSONField()  # {"deal": N–S tricks}
    honours = models.JSONField(default=dict, blank=True)  # {"deal": N–S honours or None}
    trumps = models.JSONField(default=dict, blank=True)  # {"deal": suit turned up at the table}
    # Bid whist: {"deal": {dealer, declarers, level, strain, trumps, tricks}}, each hand as
    # checked by scoring when it was sent; ``tricks`` then holds the N–S tricks they give.
    hands = models.JSONField(default=dict, blank=True)
    submission = models.UUIDField()  # made on the phone: a resend is recognised by it
    state = models.CharField(max_length=9, choices=PendingState.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    address = models.GenericIPAddressField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["drive", "submission"], name="pending_entry_submission_once"
            ),
        ]
        indexes = [models.Index(fields=["drive", "round", "table"])]

    def __str__(self):
        return f"round {self.round} table {self.table} {self.side}: {self.tricks} ({self.state})"

    def rows(self) -> list[tuple[int, int, int, int | None, str]]:
        """(deal, N–S tricks, E–W tricks, N–S honours, suit turned up or "") for showing."""
        turned = {deal: scoring_cards.Suit(suit).symbol for deal, suit in self.trumps.items()}
        return [
            (int(deal), ns, side_tricks("EW", ns), self.honours.get(deal), turned.get(deal, ""))
            for deal, ns in sorted(self.tricks.items(), key=lambda item: int(item[0]))
        ]


class HallState(models.Model):
    """What the organiser sets for the hall display: the round timer and frozen standings.

    The timer is a stored start time plus the seconds banked before a pause, so every
    screen computes the same clock.
    """

    drive = models.OneToOneField(Drive, models.CASCADE, related_name="hall")
    timer_minutes = models.PositiveSmallIntegerField(_("minutes per round"), default=8)
    timer_started_at = models.DateTimeField(null=True, blank=True)
    timer_banked = models.PositiveIntegerField(default=0)  # seconds run before the last pause
    frozen_after = models.PositiveSmallIntegerField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"hall of {self.drive_id}"
