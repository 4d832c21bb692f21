"""A finished paper drive whose cards' totals are chosen, so its prizes are known."""

from decimal import Decimal

import pytest

from drives.evening.lifecycle import drive_start
from drives.models import CardTotal, DriveMoney, EntryFee, LineKind, MoneyLine
from drives.paper.services import paper_drive_finish
from tests.conftest import make_drive, make_entries, make_players

#: card → (total, half-time): card 1 wins and led at half-time; card 2 was next at half-time.
TOTALS = {
    1: (40, 24),
    2: (30, 20),
    3: (29, 10),
    4: (27, 12),
    5: (25, 11),
    6: (22, 9),
    7: (20, 8),
    8: (10, 3),
}


def finished_paper_drive(club, totals=TOTALS, *, finish=True, **fields):
    fields.setdefault("movement", "individual")
    fields.setdefault("counting", "all")
    fields.setdefault("deals", 4)
    drive = make_drive(club, on_paper=True, **fields)
    make_entries(drive, make_players(club, len(totals)))
    drive_start(drive=drive)
    for entry in drive.entries.all():
        total, half = totals[entry.card_number]
        CardTotal.objects.create(entry=entry, total=total, half_time=half)
    if finish:
        paper_drive_finish(drive=drive)
    drive.refresh_from_db()
    return drive


def evening_money(drive):
    """Fees of £2.50 (members) and £3.00 (visitors): five members and one visitor paid,
    one free place, one member owing; a raffle of £12 and a hall of £10; half the takings
    after costs in prizes, 60:40 for 1st and 2nd and 10 for the booby."""
    DriveMoney.objects.create(
        drive=drive,
        member_fee=Decimal("2.50"),
        visitor_fee=Decimal("3.00"),
        prize_money="share",
        share_percent=50,
        placing_amounts="60, 40",
        booby_amount=Decimal(10),
    )
    kinds = {
        1: "member",
        2: "member",
        3: "member",
        4: "member",
        5: "member",
        6: "visitor",
        7: "free",
        8: "member",
    }
    for entry in drive.entries.all():
        paid = entry.card_number != 8
        EntryFee.objects.create(entry=entry, kind=kinds[entry.card_number], paid=paid)
    MoneyLine.objects.create(drive=drive, kind=LineKind.TAKING, label="Raffle", amount=12)
    MoneyLine.objects.create(drive=drive, kind=LineKind.COST, label="Hall hire", amount=10)


@pytest.fixture
def finished(club):
    return finished_paper_drive(club, half_time_prize=True, prize_places=2, booby_prize=True)
