"""Load a club written by ``export_club`` into this database, with new ids, in one transaction.

    manage.py import_club hollybush-2026-12-01.json --organiser alice
    manage.py import_club hollybush-2026-12-01.json --slug hollybush-copy

A club whose short name is already taken is refused unless ``--slug`` gives another.
The file's list of organisers grants nothing: ``--organiser`` names the one user of this
site who organises the club (without it nobody does until one is added). The users who
entered results are linked by username when this database has them. ``--dry-run``
checks the file and changes nothing.
"""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from drives.backup.club_file import import_club, open_club_file
from drives.errors import DriveError


class DryRun(Exception):
    pass


class Command(BaseCommand):
    help = "Import a club from a JSON file written by export_club."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--slug", help="a new short name for the club")
        parser.add_argument("--organiser", help="the user name of the club's organiser here")
        parser.add_argument("--dry-run", action="store_true", help="check, then roll back")

    def handle(self, *args, file, slug, organiser, dry_run, **options):
        user = None
        if organiser is not None:
            User = get_user_model()
            user = User.objects.filter(**{User.USERNAME_FIELD: organiser}).first()
            if user is None:
                raise CommandError(f"There is no user {organiser!r} on this site.")
        try:
            with open(file, "rb") as handle, transaction.atomic():
                club = import_club(open_club_file(handle), slug=slug, organiser=user)
                summary = (
                    f"{club.name} ({club.slug}): {club.players.count()} players, "
                    f"{club.seasons.count()} seasons, {club.drives.count()} drives"
                )
                if dry_run:
                    raise DryRun
        except DryRun:
            self.stdout.write(f"Would import {summary}; nothing was changed.")
            return
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error}") from error
        except DriveError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"Imported {summary}.")
        if user is None:
            self.stdout.write("Nobody organises it yet: add an organiser, or use --organiser.")
