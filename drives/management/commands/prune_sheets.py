"""Delete stored PDFs (and their rows) not asked for again: they are rendered afresh on demand.

A finished render already deletes the older versions of the same sheet; this clears
what is left: sheets of drives long past, and renders that failed or were abandoned.
Run it daily from cron or a systemd timer: ``manage.py prune_sheets --days 30``.
"""

import datetime as dt

from django.core.management.base import BaseCommand
from django.db.models import Q
from django.utils import timezone

from drives.models import PrintedSheet, SheetStatus
from drives.printing.jobs import delete_sheets

#: A render still "running" after this long died with its worker.
ABANDONED = dt.timedelta(hours=6)


class Command(BaseCommand):
    help = "Delete stored PDFs older than --days days, and failed or abandoned renders."

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
        if dry_run:
            self.stdout.write(f"{old.count()} stored sheets would be deleted.")
            return
        self.stdout.write(f"{delete_sheets(old)} stored sheets deleted.")
