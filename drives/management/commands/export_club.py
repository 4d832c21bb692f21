"""Write one club, with everything played, to a JSON file: a backup that ``import_club`` restores.

manage.py export_club hollybush                 # hollybush-2026-12-01.json
manage.py export_club hollybush -o backup.json  # or "-" for standard output
"""

import json

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from drives.backup.club_file import export_club
from drives.models import Club


class Command(BaseCommand):
    help = "Export a club (players, seasons, drives, seatings, results, history) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the club's short name, as in its address")
        parser.add_argument("-o", "--output", help="the file to write; - for standard output")

    def handle(self, *args, slug, output, **options):
        try:
            club = Club.objects.get(slug=slug)
        except Club.DoesNotExist as error:
            raise CommandError(f"There is no club {slug!r}.") from error
        text = json.dumps(export_club(club), ensure_ascii=False, indent=1)
        if output == "-":
            self.stdout.write(text)
            return
        path = output or f"{club.slug}-{timezone.localdate():%Y-%m-%d}.json"
        with open(path, "w", encoding="utf-8") as file:
            file.write(text + "\n")
        self.stderr.write(f"Wrote {club.name} to {path}.")
