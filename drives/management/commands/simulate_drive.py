"""Play a drive to the end with computer players, through the same services as the pages.

Checks in the club's active players if nobody has checked in, starts the drive,
then plays every remaining round with ``scoring.simulate`` and records each
table's tricks with ``services.results_record``, exactly as the round page does.
"""

from django.core.management.base import BaseCommand, CommandError

from drives.evening import seating, services
from drives.models import Drive, DriveStatus
from scoring.cards import dealer_for_deal, trumps_for_deal
from scoring.simulate import simulate_deal


class Command(BaseCommand):
    help = "Check in, start and play every remaining round of a drive with computer players."

    def add_arguments(self, parser):
        parser.add_argument("drive_id", type=int)
        parser.add_argument("--seed", type=int, default=0, help="varies the cards dealt")

    def handle(self, *args, drive_id, seed, **options):
        try:
            drive = Drive.objects.select_related("club").get(pk=drive_id)
        except Drive.DoesNotExist as error:
            raise CommandError(f"There is no drive {drive_id}.") from error
        try:
            simulate(drive, seed=seed)
        except services.DriveError as error:
            raise CommandError(str(error)) from error
        drive.refresh_from_db()
        self.stdout.write(f"{drive}: {drive.get_status_display()} after {drive.rounds} rounds.")


def simulate(drive: Drive, *, seed: int = 0) -> None:
    if drive.status == DriveStatus.FINISHED:
        return
    if drive.status == DriveStatus.PLANNED:
        if not drive.entries.exists():
            players = drive.club.players.filter(active=True)
            services.drive_check_in(drive=drive, roles={p: p.role for p in players})
        services.drive_start(drive=drive)
    drive.refresh_from_db()
    while True:
        _play_round(drive, seed)
        if drive.current_round == drive.rounds:
            services.drive_finish(drive=drive)
            return
        services.round_advance(drive=drive)
        drive.refresh_from_db()


def _play_round(drive: Drive, seed: int) -> None:
    round_number = drive.current_round
    played = set(
        drive.results.filter(round=round_number).values_list("table", flat=True).distinct()
    )
    deals = list(drive.deals_of_round(round_number))
    for table in sorted(seating.tables_of_round(drive, round_number) - played):
        tricks = {
            deal: simulate_deal(
                hash((seed, drive.pk, deal, table)) & 0xFFFFFFFF,
                trumps_for_deal(deal, drive.rotation),
                dealer=dealer_for_deal(deal),
            ).ns_tricks
            for deal in deals
        }
        services.results_record(
            drive=drive,
            round_number=round_number,
            scores=services.TableScores(table=table, tricks=tricks, honours={}, version=0),
            user=None,
        )
