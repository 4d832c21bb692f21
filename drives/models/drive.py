"""A drive and what is played at it: its set-up and its choice sets, the entries, the
seats of each round and the record of its cancellations."""

import uuid
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Mod
from django.db.models.lookups import Exact
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from drives.models.clubs import Club, Player, Season, SeatRole
from drives.seats import SIDES
from scoring import cards as scoring_cards
from scoring import results as scoring_results
from scoring import standings as scoring_standings

if TYPE_CHECKING:
    pass


class Rotation(models.TextChoices):
    HDSC = scoring_cards.Rotation.HDSC.value, _("Hearts, diamonds, spades, clubs")
    HDSC_NT = scoring_cards.Rotation.HDSC_NT.value, _("Hearts, diamonds, spades, clubs, no trumps")
    TURNED = (
        scoring_cards.Rotation.TURNED.value,
        _("Turned up at each table (the dealer's last card)"),
    )


class Seat(models.TextChoices):
    NORTH = "N", _("North")
    EAST = "E", _("East")
    SOUTH = "S", _("South")
    WEST = "W", _("West")


class Game(models.TextChoices):
    CLASSIC = "classic", _("Classic whist")
    BID = "bid", _("Bid whist")
    COMPASS = "compass", _("Compass whist (boards)")


class BidStrain(models.TextChoices):
    """The values are ``scoring.bidwhist.Strain``'s."""

    UPTOWN = "uptown", _("uptown")
    DOWNTOWN = "downtown", _("downtown")
    NO_TRUMPS = "nt", _("no trumps")


class TrumpSuit(models.TextChoices):
    """The values are ``scoring.cards.Suit``'s."""

    HEARTS = "H", _("hearts")
    DIAMONDS = "D", _("diamonds")
    SPADES = "S", _("spades")
    CLUBS = "C", _("clubs")


class Side(models.TextChoices):
    """N–S or E–W: the side entering a table's figures, the side that declared at bid whist.

    The values are ``scoring.cards.Side``'s.
    """

    NS = "NS", SIDES["NS"]
    EW = "EW", SIDES["EW"]


class MovementType(models.TextChoices):
    PROGRESSIVE = "progressive", _("Progressive (lady/gent)")
    SEMI_PARTNER = "semi_partner", _("Semi-partner")
    INDIVIDUAL = "individual", _("Individual, balanced")
    MITCHELL = "mitchell", _("Fixed partners, Mitchell")
    HOWELL = "howell", _("Fixed partners, Howell")


class Counting(models.TextChoices):
    ODD = scoring_results.Counting.ODD.value, _("Odd tricks (tricks over six)")
    ALL = scoring_results.Counting.ALL.value, _("All tricks")


class SitOutRule(models.TextChoices):
    AVERAGE = scoring_standings.SitOutRule.AVERAGE.value, _("Own average per deal played")
    FIXED = scoring_standings.SitOutRule.FIXED.value, _("A fixed score per deal")


class TieBreak(models.TextChoices):
    COUNTBACK = (
        scoring_standings.TieBreak.COUNTBACK.value,
        _("Countback on the last rounds, then shared"),
    )
    SHARED = scoring_standings.TieBreak.SHARED.value, _("Shared")


class TableEntryMode(models.TextChoices):
    CONFIRM = "confirm", _("One side enters, the other confirms")
    ONE_SIDE = "one_side", _("One side enters; stored at once")


class DriveStatus(models.TextChoices):
    PLANNED = "planned", _("Planned")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")
    # Kept with everything played, but counted nowhere: an organiser's undoable decision.
    CANCELLED = "cancelled", _("Cancelled")


# What a "next drive" may be: neither over nor cancelled.
UPCOMING_STATUSES = (DriveStatus.PLANNED, DriveStatus.RUNNING)


#: The sizes a drive may have: the form offers them and the database refuses anything else.
DEALS_RANGE = range(4, 53)
DEALS_PER_ROUND_RANGE = range(1, 5)
PRIZE_PLACES_RANGE = range(1, 11)


class Drive(models.Model):
    club = models.ForeignKey(Club, models.CASCADE, related_name="drives")
    # A season is its drives' league: deleting one would orphan their results.
    season = models.ForeignKey(Season, models.PROTECT, null=True, blank=True, related_name="drives")
    date = models.DateField(_("date"))
    title = models.CharField(_("title"), max_length=120)
    game = models.CharField(_("game"), max_length=8, choices=Game.choices, default=Game.CLASSIC)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    deals = models.PositiveSmallIntegerField(_("number of deals"), default=24)
    deals_per_round = models.PositiveSmallIntegerField(_("deals per round"), default=1)
    rotation = models.CharField(
        _("trump rotation"), max_length=8, choices=Rotation.choices, default=Rotation.HDSC
    )
    movement = models.CharField(
        _("movement"),
        max_length=12,
        choices=MovementType.choices,
        default=MovementType.PROGRESSIVE,
    )
    counting = models.CharField(
        _("scoring"), max_length=3, choices=Counting.choices, default=Counting.ODD
    )
    honours = models.BooleanField(_("honours count"), default=False)
    sit_out_rule = models.CharField(
        _("sit-outs score"), max_length=8, choices=SitOutRule.choices, default=SitOutRule.AVERAGE
    )
    sit_out_points = models.PositiveSmallIntegerField(_("fixed score per deal sat out"), default=0)
    prizes_by_role = models.BooleanField(_("separate ladies' and gents' prizes"), default=False)
    prize_places = models.PositiveSmallIntegerField(_("prize places"), default=3)
    booby_prize = models.BooleanField(_("booby prize"), default=True)
    half_time_prize = models.BooleanField(_("half-time prize"), default=False)
    ten_trick_prize = models.BooleanField(_("prize for most deals with 10+ tricks"), default=False)
    # Usually a player who left early hands their prize on to the next in line; some
    # clubs let them keep whatever their score wins.
    withdrawn_win_prizes = models.BooleanField(
        _("players who withdrew can win prizes"), default=False
    )
    tie_break = models.CharField(
        _("tie-break"), max_length=10, choices=TieBreak.choices, default=TieBreak.COUNTBACK
    )
    table_entry = models.CharField(
        _("tables entering their own tricks"),
        max_length=8,
        choices=TableEntryMode.choices,
        default=TableEntryMode.CONFIRM,
    )
    # Pressing Start at every round was one more thing to forget while tables moved.
    round_timer_starts = models.BooleanField(
        _("the round timer starts by itself as each round opens"), default=True
    )
    # Some clubs keep the last rounds' suspense: the public standings, the hall's leaders and
    # the phones' running scores are hidden once play passes this round (0: from the start),
    # until the drive finishes; the organisers see everything. Empty: never hidden.
    standings_hidden_after = models.PositiveSmallIntegerField(
        _("standings hidden from the players"), null=True, blank=True
    )
    # Bid whist house rules (scoring.bidwhist.HouseRules); the defaults are the how-to's.
    no_trumps_double = models.BooleanField(_("no-trump contracts count double"), default=False)
    boston_bonus = models.PositiveSmallIntegerField(
        _("bonus for all 13 tricks (Boston)"), default=0
    )
    minimum_bid = models.PositiveSmallIntegerField(_("minimum opening bid"), default=1)
    status = models.CharField(
        _("status"), max_length=9, choices=DriveStatus.choices, default=DriveStatus.PLANNED
    )
    # Played on paper: players keep their own cards and the organiser types each card's
    # total (``CardTotal``) instead of every table's tricks.
    on_paper = models.BooleanField(_("played on paper: type each card's total"), default=False)
    large_print = models.BooleanField(
        _("large-print cards for everyone"),
        default=False,
        help_text=_("Every scorecard and table card in large print, one card a page."),
    )
    current_round = models.PositiveSmallIntegerField(default=0)
    # Progressive drives: the entries who have sat out (or arrived) since everyone last
    # had a turn. The movement carries it from round to round; it cannot be recovered
    # from the seatings alone once a cycle restarts part-way through a round.
    rested_entries = models.JSONField(default=list, blank=True)

    # The drive's identity wherever it travels: publishing it from a hall laptop to the
    # club's site twice finds the first copy (drives.backup.drive_file).
    uid = models.UUIDField(default=uuid.uuid4, editable=False)

    class Meta:
        ordering = ["-date", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["club", "uid"], name="drive_uid_unique_in_club"),
            models.CheckConstraint(
                condition=Q(deals__gte=DEALS_RANGE.start, deals__lt=DEALS_RANGE.stop),
                name="drive_deals_in_range",
            ),
            models.CheckConstraint(
                condition=Q(
                    deals_per_round__gte=DEALS_PER_ROUND_RANGE.start,
                    deals_per_round__lt=DEALS_PER_ROUND_RANGE.stop,
                ),
                name="drive_deals_per_round_in_range",
            ),
            models.CheckConstraint(
                condition=Exact(Mod(F("deals"), F("deals_per_round")), 0),
                name="drive_deals_divisible_by_deals_per_round",
            ),
            models.CheckConstraint(
                condition=Q(minimum_bid__gte=1, minimum_bid__lte=7),
                name="drive_minimum_bid_1_to_7",
            ),
        ]

    def __str__(self):
        return f"{self.title} ({self.date:%d %b %Y})"

    def get_absolute_url(self):
        return reverse("drives:drive", args=[self.pk])

    @property
    def standings_hidden(self) -> bool:
        """Whether the players' standings are hidden now (the organisers see them still)."""
        return (
            self.status == DriveStatus.RUNNING
            and self.standings_hidden_after is not None
            and self.current_round > self.standings_hidden_after
        )

    def standings_hidden_from(self, user) -> bool:
        return self.standings_hidden and not self.club.is_organiser(user)

    @property
    def rounds(self) -> int:
        return self.deals // self.deals_per_round

    def results_needed(self, tables: int) -> int:
        """The results ``tables`` table-rounds have once each has every deal of its round."""
        return tables * self.deals_per_round

    def round_of(self, deal: int) -> int:
        """The round that plays ``deal``: deal numbers run on from round to round."""
        return (deal - 1) // self.deals_per_round + 1

    def deals_of_round(self, round_number: int) -> range:
        first = (round_number - 1) * self.deals_per_round + 1
        return range(first, first + self.deals_per_round)

    @property
    def is_static(self) -> bool:
        """Static movements seat every round at the start; the others seat from results."""
        return self.movement not in (MovementType.PROGRESSIVE, MovementType.SEMI_PARTNER)


class Entry(models.Model):
    drive = models.ForeignKey(Drive, models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, models.PROTECT, related_name="entries")
    card_number = models.PositiveSmallIntegerField(_("card number"))
    role = models.CharField(
        _("seat role"), max_length=6, choices=SeatRole.choices, default=SeatRole.EITHER
    )
    joined_round = models.PositiveSmallIntegerField(_("joined from round"), default=1)
    withdrew_after = models.PositiveSmallIntegerField(
        _("withdrew after round"), null=True, blank=True
    )
    # A player who withdrew and was re-admitted later plays again from this round: the
    # rounds between are neither played nor sat out, like those before a late arrival.
    returned_round = models.PositiveSmallIntegerField(_("back from round"), null=True, blank=True)
    # Cannot move: keeps one table and one seat all evening (scoring.movements.stationary);
    # taken from the member's record at check-in, and changed for the evening before the start.
    stays = models.BooleanField(_("stays at one table"), default=False)

    class Meta:
        ordering = ["card_number"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["drive", "player"], name="entry_player_once_per_drive"),
            models.UniqueConstraint(
                fields=["drive", "card_number"], name="entry_card_number_unique_in_drive"
            ),
            models.CheckConstraint(
                condition=Q(card_number__gte=1), name="entry_card_number_positive"
            ),
            # One gap at most, and a real one: back after at least one round away.
            models.CheckConstraint(
                condition=Q(returned_round__isnull=True)
                | Q(withdrew_after__isnull=False, returned_round__gt=F("withdrew_after") + 1),
                name="entry_returns_after_a_gap",
            ),
        ]

    def __str__(self):
        return f"{self.card_number}. {self.player}"

    @property
    def has_left(self) -> bool:
        """Withdrew and has not come back: out of the rest of the drive."""
        return self.withdrew_after is not None and self.returned_round is None

    def plays_in(self, round_number: int) -> bool:
        return self.joined_round <= round_number and (
            self.withdrew_after is None
            or round_number <= self.withdrew_after
            or (self.returned_round is not None and round_number >= self.returned_round)
        )

    @staticmethod
    def playing_in(round_number: int) -> Q:
        """:meth:`plays_in` as a query: the entries in play in ``round_number``."""
        return Q(joined_round__lte=round_number) & (
            Q(withdrew_after__isnull=True)
            | Q(withdrew_after__gte=round_number)
            | Q(returned_round__lte=round_number)
        )


class Seating(models.Model):
    """One player in one seat at one table for one round."""

    drive = models.ForeignKey(Drive, models.CASCADE, related_name="seatings")
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    seat = models.CharField(max_length=1, choices=Seat.choices)
    entry = models.ForeignKey(Entry, models.CASCADE, related_name="seatings")

    class Meta:
        ordering = ["round", "table", "seat"]
        constraints = [
            models.UniqueConstraint(
                fields=["drive", "round", "table", "seat"], name="seating_one_player_per_seat"
            ),
            models.UniqueConstraint(
                fields=["drive", "round", "entry"], name="seating_one_seat_per_player_per_round"
            ),
        ]

    def __str__(self):
        return f"round {self.round} table {self.table} {self.seat}: {self.entry}"


class DriveStatusChange(models.Model):
    """A drive cancelled or restored: when, by whom, from which status and why."""

    drive = models.ForeignKey(Drive, models.CASCADE, related_name="status_changes")
    old_status = models.CharField(max_length=9, choices=DriveStatus.choices)
    new_status = models.CharField(max_length=9, choices=DriveStatus.choices)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-changed_at", "-pk"]

    def __str__(self):
        return f"{self.drive}: {self.old_status} → {self.new_status}"
