"""Load a club written by ``export_club`` into this database, with new ids, in one transaction.

    manage.py import_club hollybush-2026-12-01.json
    manage.py import_club hollybush-2026-12-01.json --slug hollybush-copy

A club whose short name is already taken is refused unless ``--slug`` gives another.
Organisers and the users who entered results are linked by username when this
database has them. ``--dry-run`` checks the file and changes nothing.
"""

import json

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from drives.backup.club_file import import_club
from drives.errors import DriveError


class DryRun(Exception):
    pass


class Command(BaseCommand):
    help = "Import a club from a JSON file written by export_club."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--slug", help="a new short name for the club")
        parser.add_argument("--dry-run", action="store_true", help="check, then roll back")

    def handle(self, *args, file, slug, dry_run, **options):
        try:
            with open(file, encoding="utf-8") as handle:
                document = json.load(handle)
        except (OSError, ValueError) as error:
            raise CommandError(f"Cannot read {file}: {error}") from error
        try:
            with transaction.atomic():
                club = import_club(document, slug=slug)
                summary = (
                    f"{club.name} ({club.slug}): {club.players.count()} players, "
                    f"{club.seasons.count()} seasons, {club.drives.count()} drives"
                )
                if dry_run:
                    raise DryRun
        except DryRun:
            self.stdout.write(f"Would import {summary}; nothing was changed.")
            return
        except DriveError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"Imported {summary}.")
