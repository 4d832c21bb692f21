"""A running render's lease: how a render whose worker died is noticed.

The render that takes a sheet writes a random ``lease`` on its row and, from a thread of
its own, renews ``heartbeat_at`` every third of ``PRINT_LEASE_SECONDS``, whatever its
render processes are doing. A running sheet whose heartbeat is older than that lost its
worker (killed, out of memory, the machine restarted): the workers look for such sheets
every few seconds and the sheet's page whenever it is read (``jobs.sheets_recover``).
Every write of a render names its lease, so a worker that comes back from the dead after
its sheet was handed on changes nothing.
"""

import datetime as dt
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.db import DatabaseError, connection
from django.db.models import Q, QuerySet
from django.utils import timezone

from drives.models import PrintedSheet, SheetStatus

#: Renders a sheet gets before a worker's death is blamed on the sheet: it fails, saying
#: so, and waits for Retry rather than killing every worker that takes it.
ATTEMPTS = 3


def new() -> str:
    return secrets.token_hex(16)


def _cutoff() -> dt.datetime:
    return timezone.now() - dt.timedelta(seconds=settings.PRINT_LEASE_SECONDS)


def expired() -> QuerySet[PrintedSheet]:
    """The running sheets whose render has stopped renewing its lease."""
    return PrintedSheet.objects.filter(status=SheetStatus.RUNNING).filter(
        Q(heartbeat_at__isnull=True) | Q(heartbeat_at__lt=_cutoff())
    )


def has_expired(sheet: PrintedSheet) -> bool:
    """The same test on a row already read, for the sheet's page: no query."""
    if sheet.status != SheetStatus.RUNNING:
        return False
    return sheet.heartbeat_at is None or sheet.heartbeat_at < _cutoff()


@contextmanager
def held(sheet_id: int, lease: str) -> Iterator[None]:
    """Renew the sheet's lease while the block runs."""
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(settings.PRINT_LEASE_SECONDS / 3):
                try:
                    PrintedSheet.objects.filter(
                        pk=sheet_id, status=SheetStatus.RUNNING, lease=lease
                    ).update(heartbeat_at=timezone.now())
                except DatabaseError:
                    connection.close()  # the database is away: reconnect at the next beat
        finally:
            connection.close()  # this thread's own connection

    # Not joined: a beat under way when the render ends names a lease that is gone.
    threading.Thread(target=beat, name=f"sheet-{sheet_id}-lease", daemon=True).start()
    try:
        yield
    finally:
        stop.set()
