"""Clubs, players, seasons, drives and what is played at a drive.

The database holds what happened (who came, where they sat, how many tricks
each table took); scores, standings and league tables are derived from these
rows by ``scoring`` through ``drives.evening.services`` and never stored twice.
"""

import uuid
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Mod
from django.db.models.lookups import Exact
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from scoring import cards as scoring_cards
from scoring import results as scoring_results
from scoring import standings as scoring_standings
from scoring.league import LeagueKind
from scoring.standings import Role

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# The choice sets below take their values from scoring's enums, so the rules and the
# database can never name an option differently; tests/drives/test_models.py checks that
# each set has exactly the enum's members. The labels are the site's own.


class SeatRole(models.TextChoices):
    LADY = Role.LADY.value, _("Lady")
    GENT = Role.GENT.value, _("Gent")
    EITHER = Role.EITHER.value, _("Either")


class PlayerNames(models.TextChoices):
    FULL = "full", _("Full name (Ann Smith)")
    INITIAL = "initial", _("First name and initial (Ann S.)")


class Club(models.Model):
    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("short name"), unique=True)
    town = models.CharField(_("town"), max_length=100, blank=True)
    venue = models.CharField(_("usual venue"), max_length=200, blank=True)
    # Who runs the club and in which role: drives.permissions reads it.
    team = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        through="Membership",
        related_name="clubs",
        blank=True,
        verbose_name=_("organisers and helpers"),
    )
    player_names = models.CharField(
        _("players named on public pages as"),
        max_length=7,
        choices=PlayerNames.choices,
        default=PlayerNames.FULL,
        help_text=_("Pages, CSVs and PDFs anyone can open; organisers' own pages show full names."),
    )
    # Two red suits are hard to tell apart for many older eyes: ♥ red, ♦ blue, ♣ green, ♠ black.
    four_colour_suits = models.BooleanField(
        _("four-colour suits"),
        default=False,
        help_text=_("Hearts red, diamonds blue, clubs green, spades black, on pages and sheets."),
    )

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("drives:club", args=[self.slug])

    def role_of(self, user) -> str | None:
        """``user``'s role here (a ``ClubRole``), or None; a superuser is an organiser."""
        if not user.is_authenticated:
            return None
        if user.is_superuser:
            return ClubRole.ORGANISER
        return self.memberships.filter(user=user).values_list("role", flat=True).first()

    def is_organiser(self, user) -> bool:
        return self.role_of(user) == ClubRole.ORGANISER

    def is_team(self, user) -> bool:
        """An organiser or a helper: may check players in and enter results."""
        return self.role_of(user) is not None


class ClubRole(models.TextChoices):
    ORGANISER = "organiser", _("Organiser")
    HELPER = "helper", _("Helper")


class Membership(models.Model):
    """One person's role in one club's team; removing the row takes effect at once."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="memberships")
    role = models.CharField(
        _("role"), max_length=9, choices=ClubRole.choices, default=ClubRole.ORGANISER
    )
    since = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "role", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="membership_one_role_a_club"),
        ]

    def __str__(self):
        return f"{self.user}: {self.role} of {self.club}"


class Invitation(models.Model):
    """An e-mailed link to join a club's team: it expires, can be withdrawn, works once.

    Only the SHA-256 of the link's secret is kept, so the table cannot be read for links.
    """

    club = models.ForeignKey(Club, models.CASCADE, related_name="invitations")
    email = models.EmailField(_("e-mail address"))
    role = models.CharField(_("role"), max_length=9, choices=ClubRole.choices)
    # The language the invitation was written in: the invitee's, as the organiser chose.
    language = models.CharField(_("language of the e-mail"), max_length=10)
    digest = models.CharField(max_length=64, unique=True)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.email} to {self.club} as {self.role}"


class TeamAction(models.TextChoices):
    CREATED = "created", _("created the club")
    INVITED = "invited", _("was invited")
    WITHDRAWN = "withdrawn", _("invitation withdrawn")
    JOINED = "joined", _("joined")
    ROLE = "role", _("role changed")
    REMOVED = "removed", _("was removed")
    LEFT = "left", _("left")


class TeamChange(models.Model):
    """The history of a club's organisers and helpers: who, what, by whom, when.

    Names are copied, so the history still reads after an account is deleted.
    """

    club = models.ForeignKey(Club, models.CASCADE, related_name="team_changes")
    person = models.CharField(max_length=254)  # a user name, or the invited address
    action = models.CharField(max_length=9, choices=TeamAction.choices)
    role = models.CharField(max_length=9, choices=ClubRole.choices, blank=True)
    changed_by = models.CharField(max_length=150, blank=True)
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-changed_at", "-pk"]

    def __str__(self):
        return f"{self.club}: {self.person} {self.action}"


class Player(models.Model):
    club = models.ForeignKey(Club, models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=100)
    role = models.CharField(
        _("usual seat role"), max_length=6, choices=SeatRole.choices, default=SeatRole.EITHER
    )
    member_number = models.CharField(_("member number"), max_length=20, blank=True)
    active = models.BooleanField(_("active"), default=True)
    # Contact details: only the club's organisers see them, never a public page, CSV or
    # sheet (drives.reach); results are e-mailed only while the consent stands.
    email = models.EmailField(_("e-mail address"), blank=True)
    language = models.CharField(
        _("language of e-mails"), max_length=7, choices=settings.LANGUAGES, default="en-gb"
    )
    results_consent_at = models.DateTimeField(
        _("agreed to results by e-mail"), null=True, blank=True
    )
    anonymised_at = models.DateTimeField(null=True, blank=True)
    large_print = models.BooleanField(
        _("large-print cards"),
        default=False,
        help_text=_("This player's scorecard prints in large print, one card a page."),
    )
    # The same member on a hall laptop and on the club's site (drives.backup.drive_file):
    # a club file carries it, so a drive published from a copy finds its players.
    uid = models.UUIDField(default=uuid.uuid4, editable=False)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "member_number"],
                condition=~Q(member_number=""),
                name="player_member_number_unique_in_club",
            ),
            models.UniqueConstraint(fields=["club", "uid"], name="player_uid_unique_in_club"),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("drives:player", args=[self.pk])


class LeagueRule(models.TextChoices):
    TOTAL = LeagueKind.TOTAL.value, _("Total points over all drives")
    BEST = LeagueKind.BEST.value, _("Best N drives")
    PLACING = LeagueKind.PLACING.value, _("Placing points")
    AVERAGE = LeagueKind.AVERAGE.value, _("Average per drive")


class Season(models.Model):
    club = models.ForeignKey(Club, models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=100)
    start = models.DateField(_("starts"))
    end = models.DateField(_("ends"))
    league_rule = models.CharField(
        _("league rule"), max_length=8, choices=LeagueRule.choices, default=LeagueRule.TOTAL
    )
    best_n = models.PositiveSmallIntegerField(_("best N drives"), null=True, blank=True)
    placing_points = models.CharField(
        _("placing points"), max_length=100, blank=True, default="10,8,6,5,4,3,2,1"
    )
    minimum_drives = models.PositiveSmallIntegerField(_("drives to qualify"), default=0)
    by_role = models.BooleanField(_("separate ladies and gents tables"), default=False)

    class Meta:
        ordering = ["-start"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end__gte=F("start")), name="season_ends_after_start"
            ),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("drives:season", args=[self.pk])


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

    NS = "NS", _("N–S")
    EW = "EW", _("E–W")


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
    def rounds(self) -> int:
        return self.deals // self.deals_per_round

    def round_is_complete(self, *, tables: int, results: int) -> bool:
        """Every table of a round has its tricks for every deal of the round."""
        return results == tables * self.deals_per_round

    def deals_of_round(self, round_number: int) -> range:
        first = (round_number - 1) * self.deals_per_round + 1
        return range(first, first + self.deals_per_round)

    @property
    def is_bid_whist(self) -> bool:
        return self.game == Game.BID

    @property
    def scoring_label(self) -> "StrOrPromise":
        """How the drive scores, as its pages and sheets say under the title."""
        if self.is_bid_whist:
            return _("Bid whist: the declarers' points")
        return self.get_counting_display()

    @property
    def trumps_at_table(self) -> bool:
        """Whether each table reports its own trumps (bid whist, or trumps turned up)."""
        return self.is_bid_whist or self.rotation == Rotation.TURNED

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
        return 13 - self.ns_tricks

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


# --- Table entry (drives.tableside): links, the sides' pending entries, the hall display ---


class TableLink(models.Model):
    """The secret link that opens one table's page at one drive.

    The token is random (never derived from ids) and is kept so that the organiser can
    reprint the QR codes all evening; requests find it through ``digest`` (its SHA-256),
    so the database never compares the secret itself.
    """

    drive = models.ForeignKey(Drive, models.CASCADE, related_name="table_links")
    table = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=40)
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table"]
        constraints = [
            models.UniqueConstraint(
                fields=["drive", "table"],
                condition=Q(revoked_at__isnull=True),
                name="table_link_one_live_per_table",
            ),
        ]

    def __str__(self):
        return f"{self.drive_id} table {self.table}"


class PendingState(models.TextChoices):
    WAITING = "waiting", _("waiting for the other side")
    DISPUTED = "disputed", _("disputed")
    CONFIRMED = "confirmed", _("confirmed")
    REPLACED = "replaced", _("replaced by a correction")
    SETTLED = "settled", _("settled by the organiser")
    REJECTED = "rejected", _("set aside by the organiser")


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
            (int(deal), ns, 13 - ns, self.honours.get(deal), turned.get(deal, ""))
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


# --- Paper drives (drives.paper): each card's total as typed ---


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


class SheetKind(models.TextChoices):
    SCORECARDS = "scorecards", _("scorecards")
    TABLE_CARDS = "table-cards", _("table cards")
    # The organisers' copy: each table's secret link as a QR code, so never public.
    TABLE_CARDS_QR = "table-cards-qr", _("table cards with QR codes")
    RESULTS = "results", _("results sheet")
    BLANK_PACK = "blank-pack", _("blank pack")
    LEAGUE = "league", _("league table")


class SheetStatus(models.TextChoices):
    QUEUED = "queued", _("waiting")
    RUNNING = "running", _("printing")
    READY = "ready", _("ready")
    FAILED = "failed", _("failed")


class SheetFailure(models.TextChoices):
    """Why a render failed, in words the organiser can act on (``error`` keeps the detail)."""

    DISK_FULL = "disk-full", _("the server's disk is full")
    FONT_MISSING = "font-missing", _("a font is missing on the server")
    WORKER_LOST = "worker-lost", _("the printing worker stopped")
    ERROR = "error", _("an error")


class PrintedSheet(models.Model):
    """A drive's or a season's PDF, rendered once for the data it was rendered from.

    ``fingerprint`` digests everything the sheet shows (the drive's settings, entries,
    seatings and results, or the season's drives; the layout, the language, the templates'
    version): the same data finds the same row and its file; any change makes a new
    fingerprint, so a new render. ``done`` of ``total`` cards (or tables) is the render's
    progress. A running render holds a lease: ``lease`` names the render, which renews
    ``heartbeat_at`` while it lives; a render whose heartbeat stops died with its worker and
    is started again (``attempts`` counts them).
    """

    drive = models.ForeignKey(
        Drive, models.CASCADE, related_name="printed_sheets", null=True, blank=True
    )
    season = models.ForeignKey(
        Season, models.CASCADE, related_name="printed_sheets", null=True, blank=True
    )
    kind = models.CharField(max_length=20, choices=SheetKind.choices)
    layout = models.CharField(max_length=40)  # the query that chose it: "card=a5&paper=a4"
    language = models.CharField(max_length=10)
    # The address the table links are printed under ("https://whist.example.org"), for the
    # sheets that print them; the worker has no request to take it from.
    site = models.CharField(max_length=200, blank=True)
    fingerprint = models.CharField(max_length=64, unique=True)
    status = models.CharField(max_length=10, choices=SheetStatus.choices, default="queued")
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    file = models.FileField(upload_to="sheets/%Y/%m/", blank=True)
    failure = models.CharField(max_length=20, choices=SheetFailure.choices, blank=True)
    error = models.TextField(blank=True)
    requested_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    task_id = models.CharField(max_length=64, blank=True)  # the queued task, to close it
    lease = models.CharField(max_length=32, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["-requested_at"]
        indexes = [
            models.Index(fields=["drive", "kind"], name="sheet_by_drive_and_kind"),
            models.Index(fields=["status", "heartbeat_at"], name="sheet_by_status_and_heartbeat"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(drive__isnull=False, season__isnull=True)
                | Q(drive__isnull=True, season__isnull=False),
                name="sheet_of_a_drive_or_a_season",
            )
        ]

    def __str__(self):
        return f"{self.owner}: {self.kind} ({self.status})"

    @property
    def owner(self) -> "Drive | Season":
        """What the sheet prints: its drive, or for the league its season."""
        return self.drive or self.season  # type: ignore[return-value]

    @property
    def file_exists(self) -> bool:
        name = self.file.name
        if not name:
            return False
        return self.file.storage.exists(name)


class RateCount(models.Model):
    """One client address's requests in one window of a limit (drives.limits), counted
    here when the cache cannot add one atomically (the database cache reads, then writes)."""

    key = models.CharField(max_length=200, primary_key=True)
    count = models.PositiveIntegerField(default=0)
    expires = models.DateTimeField(db_index=True)

    def __str__(self):
        return f"{self.key}: {self.count}"


# --- What reaches the players (drives.reach): consent, results by e-mail ---


class ConsentSource(models.TextChoices):
    ORGANISER = "organiser", _("recorded by an organiser")
    UNSUBSCRIBE = "unsubscribe", _("the player's link to stop them")
    ERASURE = "erasure", _("the member's data erased")


class ConsentChange(models.Model):
    """A member's consent to results by e-mail given or withdrawn: when, how, by whom."""

    player = models.ForeignKey(Player, models.CASCADE, related_name="consent_changes")
    consented = models.BooleanField()
    source = models.CharField(max_length=11, choices=ConsentSource.choices)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-changed_at", "-pk"]

    def __str__(self):
        return f"{self.player}: {'yes' if self.consented else 'no'} ({self.source})"


class ResultsMailing(models.Model):
    """A drive's results sent to the members who agreed: once when it finishes, and again
    each time an organiser resends them. ``sent_to`` lists the players already sent, so a
    task run again after a worker died sends each of them once."""

    drive = models.ForeignKey(Drive, models.CASCADE, related_name="results_mailings")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    requested_at = models.DateTimeField(auto_now_add=True)
    recipients = models.PositiveIntegerField(default=0)
    sent_to = models.JSONField(default=list, blank=True)
    failed = models.JSONField(default=list, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-requested_at", "-pk"]

    def __str__(self):
        return f"{self.drive}: results to {self.recipients} ({self.requested_at:%Y-%m-%d})"


class PublishingKey(models.Model):
    """A key a club's organiser makes on the club's hosted site and gives a hall laptop, so
    that the laptop publishes finished drives there in one action (drives.backup). Only its
    SHA-256 is kept; withdrawn keys open nothing."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="publishing_keys")
    digest = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"publishing key of {self.club} ({self.created_at:%Y-%m-%d})"


class PublishingTarget(models.Model):
    """On a hall laptop: the club's hosted site, and the key it gave, to publish drives to."""

    club = models.OneToOneField(Club, models.CASCADE, related_name="publishing_target")
    site_url = models.URLField(_("the club's site"), max_length=200)
    key = models.CharField(_("publishing key"), max_length=64)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"{self.club} publishes to {self.site_url}"
