"""The printed sheets (``drives.printing``): each PDF rendered, its status and its lease."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from drives.models.clubs import Season
from drives.models.drive import Drive


class SheetKind(models.TextChoices):
    SCORECARDS = "scorecards", _("scorecards")
    TABLE_CARDS = "table-cards", _("table cards")
    # The organisers' copy: each table's secret link as a QR code, so never public.
    TABLE_CARDS_QR = "table-cards-qr", _("table cards with QR codes")
    RESULTS = "results", _("results sheet")
    BLANK_PACK = "blank-pack", _("blank pack")
    LEAGUE = "league", _("league table")
    CASH = "cash", _("cash sheet")
    # A compass drive's sheets (drives.boards registers how they print: jobs.register).
    DEALING = "dealing", _("dealing sheet")
    TRAVELLERS = "travellers", _("travellers")
    HAND_RECORDS = "hand-records", _("hand records")
    BOARD_TABLE_CARDS = "board-table-cards", _("table cards for boards")


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
