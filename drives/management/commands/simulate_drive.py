"""Play a drive to the end with computer players, through the same services as the pages.

Checks in the club's active players if nobody has checked in, starts the drive,
then plays every remaining round with the drive's game's computer players
(``DriveGame.play_table``: ``scoring.simulate`` for classic whist, ``scoring.bidwhist``'s
auction, kitty and play for bid whist, and for compass whist each board's recorded hands,
the same at every table) and records each table's result through the game's checker and
``results.results_record``, exactly as the round page does. The deal passes to the left
each hand.
"""

from django.core.management.base import BaseCommand, CommandError

from drives import errors, games
from drives.evening import entries, lifecycle, results, seating
from drives.models import Drive, DriveStatus


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
        except errors.DriveError as error:
            raise CommandError(str(error)) from error
        drive.refresh_from_db()
        self.stdout.write(f"{drive}: {drive.get_status_display()} after {drive.rounds} rounds.")


def simulate(drive: Drive, *, seed: int = 0) -> None:
    if drive.status == DriveStatus.FINISHED:
        return
    if drive.status == DriveStatus.PLANNED:
        if not drive.entries.exists():
            players = drive.club.players.filter(active=True)
            entries.drive_check_in(drive=drive, roles={p: p.role for p in players})
        lifecycle.drive_start(drive=drive)
    drive.refresh_from_db()
    while True:
        _play_round(drive, seed)
        if drive.current_round == drive.rounds:
            lifecycle.drive_finish(drive=drive)
            return
        lifecycle.round_advance(drive=drive)
        drive.refresh_from_db()


def _play_round(drive: Drive, seed: int) -> None:
    """Each table not yet reported plays its deals; its figures come in through the same
    door as a table's: the game's checker, then the results service."""
    round_number = drive.current_round
    played = set(
        drive.results.filter(round=round_number).values_list("table", flat=True).distinct()
    )
    game = games.of(drive)
    deals = game.deals(round_number)
    for table in sorted(seating.tables_of_round(drive, round_number) - played):
        seeds = {d.number: table_seed(seed, drive, d.number, table) for d in deals}
        results.results_record(
            drive=drive,
            round_number=round_number,
            table=table,
            figures=game.check(table, deals, game.play_table(round_number, table, seeds)),
            version=0,
            user=None,
        )


def table_seed(seed: int, drive: Drive, deal: int, table: int) -> int:
    """What a table's computer players are given for a deal: its cards where the drive
    recorded none, and how they play (at compass whist, where they slip)."""
    return hash((seed, drive.pk, deal, table)) & 0xFFFFFFFF
