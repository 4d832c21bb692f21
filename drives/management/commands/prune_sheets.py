"""Delete stored PDFs (and their rows) not asked for again: they are rendered afresh on demand.

A finished render already deletes the older versions of the same sheet; this clears
what is left: sheets of drives long past, renders that failed or were abandoned, and
files no sheet names (a render killed while writing, or handed on while its worker
stalled). Renders whose worker died are handed on first, as the workers do.
Run it daily from cron or a systemd timer: ``manage.py prune_sheets --days 30``.
"""

import datetime as dt
import posixpath
from collections.abc import Iterator

from django.core.files.storage import Storage, default_storage
from django.core.management.base import BaseCommand
from django.db.models import Q
from django.utils import timezone

from drives.models import PrintedSheet, SheetStatus
from drives.printing.jobs import delete_sheets, sheets_recover

#: A render still queued or running after this long will not finish: its sheet is
#: rendered afresh on the next request.
ABANDONED = dt.timedelta(hours=6)
#: A file no row names, younger than this, may be a render's still being written.
UNNAMED_GRACE = dt.timedelta(hours=1)


class Command(BaseCommand):
    help = "Delete stored PDFs older than --days days, failed or abandoned renders, stray files."

    def add_arguments(self, parser):
        parser.add_argument("--days", type=int, default=30, help="keep sheets this recent")
        parser.add_argument("--dry-run", action="store_true", help="say what would go")

    def handle(self, *args, days, dry_run, **options):
        now = timezone.now()
        old = PrintedSheet.objects.filter(
            Q(
                status__in=[SheetStatus.READY, SheetStatus.FAILED],
                requested_at__lte=now - dt.timedelta(days=days),
            )
            | Q(
                status__in=[SheetStatus.QUEUED, SheetStatus.RUNNING],
                requested_at__lte=now - ABANDONED,
            )
        )
        strays = unnamed_files(now - UNNAMED_GRACE)
        if dry_run:
            self.stdout.write(
                f"{old.count()} stored sheets and {len(strays)} stray files would be deleted."
            )
            return
        recovered = sheets_recover()
        for name in strays:
            default_storage.delete(name)
        self.stdout.write(
            f"{delete_sheets(old)} stored sheets and {len(strays)} stray files deleted; "
            f"{recovered} renders of stopped workers queued again."
        )


def unnamed_files(before: dt.datetime) -> list[str]:
    """The files under sheets/ in the sheets' storage (a folder or an object store) that no
    sheet names, last written before ``before``."""
    named = set(PrintedSheet.objects.exclude(file="").values_list("file", flat=True))
    return [
        name
        for name in _files(default_storage, "sheets")
        if name not in named and default_storage.get_modified_time(name) < before
    ]


def _files(storage: Storage, folder: str) -> Iterator[str]:
    try:
        folders, names = storage.listdir(folder)
    except FileNotFoundError:  # no sheet rendered yet (an object store lists nothing instead)
        return
    for name in names:
        yield posixpath.join(folder, name)
    for inner in folders:
        yield from _files(storage, posixpath.join(folder, inner))
