"""How far a sheet's render has come, and how long it may still take, for its page."""

from dataclasses import dataclass

from django.conf import settings
from django.utils import timezone

from drives.models import PrintedSheet, SheetStatus

#: A first guess before any chunk is done: seconds per scorecard on one core, measured
#: with bench/pdf.py on a quiet machine, with room for a busy one.
SECONDS_PER_ITEM = 0.15


@dataclass(frozen=True)
class Progress:
    done: int
    total: int
    percent: int
    seconds_left: int | None  # None once ready or failed
    ahead: int  # renders queued or running before this one

    @property
    def finished(self) -> bool:
        return self.seconds_left is None


def of(sheet: PrintedSheet) -> Progress:
    total = max(sheet.total, 1)
    done = min(sheet.done, total)
    percent = round(100 * done / total)
    if sheet.status in (SheetStatus.READY, SheetStatus.FAILED):
        return Progress(done, sheet.total, percent, None, 0)
    ahead = PrintedSheet.objects.filter(
        status__in=[SheetStatus.QUEUED, SheetStatus.RUNNING], requested_at__lt=sheet.requested_at
    ).count()
    per_item = SECONDS_PER_ITEM / max(1, settings.PRINT_PROCESSES)
    if sheet.status == SheetStatus.RUNNING and done and sheet.started_at:
        per_item = (timezone.now() - sheet.started_at).total_seconds() / done
    left = per_item * (total - done)
    if sheet.status == SheetStatus.QUEUED:
        left += ahead * per_item * total  # the renders before it, taken as the same size
    return Progress(done, sheet.total, percent, max(1, round(left)), ahead)
