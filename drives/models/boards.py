"""Compass whist: a drive's boards (pre-dealt deals that travel from table to table) and how
the drive deals and scores them (``scoring.boards``, ``scoring.compass``)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from drives.models.drive import Drive, Seat, TrumpSuit
from scoring import compass as scoring_compass
from scoring.movements import boards as scoring_boards


class BoardSource(models.TextChoices):
    SITE = "site", _("Dealt by the site from a recorded seed")
    PBN = "pbn", _("Imported from a PBN file")
    TABLES = "tables", _("Dealt at the tables and kept in the boards")


class CompassMethod(models.TextChoices):
    COMPASS = scoring_compass.Method.COMPASS.value, _("Compass: tricks against the average")
    MATCHPOINTS = scoring_compass.Method.MATCHPOINTS.value, _("Matchpoints, as a percentage")


class EvenTables(models.TextChoices):
    SKIP = scoring_boards.EvenTables.SKIP.value, _("Skip: E–W move two tables half way")
    RELAY = scoring_boards.EvenTables.RELAY.value, _("Relay and bye stand: two tables share")


class BoardPlan(models.Model):
    """How a compass drive gets its boards and scores them; one per drive on boards."""

    drive = models.OneToOneField(Drive, models.CASCADE, related_name="board_plan")
    source = models.CharField(
        _("boards"), max_length=6, choices=BoardSource.choices, default=BoardSource.SITE
    )
    method = models.CharField(
        _("scoring"), max_length=11, choices=CompassMethod.choices, default=CompassMethod.COMPASS
    )
    even_tables = models.CharField(
        _("an even number of tables (Mitchell)"),
        max_length=5,
        choices=EvenTables.choices,
        default=EvenTables.SKIP,
    )
    # Recorded so that the same boards can be dealt again, on any machine.
    seed = models.BigIntegerField(_("seed"), null=True, blank=True)
    version = models.PositiveIntegerField(default=1)

    def __str__(self):
        return f"{self.drive}: {self.get_source_display()}"


class Board(models.Model):
    """One board of a drive: its dealer, its trumps ("" at no trumps) and the four hands
    as a PBN ``[Deal]`` from North (``"N:AKQ.J2.T98.765 …"``), or "" for a board dealt at
    the tables; ``seed`` for a board the site dealt."""

    drive = models.ForeignKey(Drive, models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField(_("board"))
    dealer = models.CharField(_("dealer"), max_length=1, choices=Seat.choices)
    trumps = models.CharField(_("trumps"), max_length=1, choices=TrumpSuit.choices, blank=True)
    hands = models.CharField(max_length=72, blank=True)
    # A board's own seed is 64 bits unsigned (scoring.boards.board_seed): more than a
    # database's signed integer holds, so it is kept as its decimal digits.
    seed = models.CharField(max_length=20, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["drive", "number"], name="board_once_per_drive"),
            models.CheckConstraint(condition=Q(number__gte=1), name="board_number_positive"),
        ]

    def __str__(self):
        return f"{self.drive}: board {self.number}"


class BoardChangeKind(models.TextChoices):
    PLAN = "plan", _("boards and scoring set")
    DEAL = "deal", _("boards dealt by the site")
    IMPORT = "import", _("boards imported from PBN")


class BoardChange(models.Model):
    """Each change to a drive's boards, kept: who dealt or imported them, when, how many
    boards it left and from which seed, so the organiser can tell which boards were made up."""

    drive = models.ForeignKey(Drive, models.CASCADE, related_name="board_changes")
    kind = models.CharField(max_length=6, choices=BoardChangeKind.choices)
    boards = models.PositiveSmallIntegerField()
    removed = models.PositiveSmallIntegerField(default=0)
    seed = models.BigIntegerField(null=True, blank=True)
    source = models.CharField(max_length=6, choices=BoardSource.choices)
    method = models.CharField(max_length=11, choices=CompassMethod.choices)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-changed_at", "-pk"]

    def __str__(self):
        return f"{self.drive}: {self.get_kind_display()}"
