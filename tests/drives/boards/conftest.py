"""A compass drive: fixed pairs on boards, through the services the pages use."""

from drives.boards import services
from drives.evening.lifecycle import drive_start
from drives.games.compass.boards import plan_of
from drives.models import BoardPlan
from tests.conftest import make_drive, make_entries, make_players


def make_compass_drive(club, organiser, *, pairs=8, boards=None, start=True, **fields):
    """A compass drive of ``pairs`` pairs (a Mitchell unless told), its boards dealt by the
    site from seed 7 when ``boards`` is given (how many), started when ``start``."""
    fields.setdefault("movement", "mitchell")
    fields.setdefault("deals", 8)
    fields.setdefault("deals_per_round", 2)
    method = fields.pop("method", "compass")
    source = fields.pop("source", "site")
    even = fields.pop("even_tables", "skip")
    drive = make_drive(club, game="compass", **fields)
    BoardPlan.objects.create(drive=drive, method=method, source=source, even_tables=even)
    make_entries(drive, make_players(club, 2 * pairs))
    if boards:
        services.boards_deal(
            drive=drive, user=organiser, count=boards, seed=7, version=plan_of(drive).version
        )
    if start:
        drive_start(drive=drive)
    drive.refresh_from_db()
    return drive
