"""What the table page shows: the round, the seats, the deals, the figures sent so far, and
where everyone goes once the round is over."""

from dataclasses import dataclass

from drives.evening import rounds
from drives.models import Entry, PendingEntry, TableLink
from drives.tableside.services import LIVE, honours_deals


@dataclass(frozen=True)
class DealLine:
    deal: rounds.DealInfo
    honours: bool  # honours are scored on this deal
    stored: int | None  # N–S tricks stored for the table, if any

    @property
    def stored_ew(self) -> int | None:
        return None if self.stored is None else 13 - self.stored


@dataclass(frozen=True)
class TableState:
    link: TableLink
    round_number: int
    deals: list[DealLine]
    seats: list[tuple[str, Entry | None]]  # None: an empty seat
    plays: bool  # the table has players this round
    sitting_out: list[Entry]
    stored: bool  # the round's result is stored: nothing more to enter
    live: list[PendingEntry]  # entries waiting for confirmation or in dispute
    moves: list[rounds.Move]  # where this table's players sit next round, once seated
    progressive_moves: str  # the moving rule applied to this table, for progressive drives
    winner: str | None

    @property
    def disputed(self) -> bool:
        return len(self.live) > 1

    @property
    def waiting(self) -> PendingEntry | None:
        return self.live[0] if len(self.live) == 1 else None


def table_state(link: TableLink) -> TableState:
    """Five queries: the entries, two rounds' seats, the results, the live entries."""
    drive = link.drive
    number = drive.current_round
    sheet = rounds.round_sheet(drive, number)
    table = next((t for t in sheet.tables if t.number == link.table), None)
    seats = table.seat_list() if table else []
    at_table = {entry.pk for _seat, entry in seats if entry}
    scored = set(honours_deals(drive, number))
    results = table.results if table else {}
    stored = bool(table) and len(results) == len(sheet.deals)
    winner = table.winner(drive.deals_per_round) if table and not drive.is_static else None
    keeps_tables = sheet.tables_next_round == len(sheet.tables)
    live = list(
        PendingEntry.objects.filter(
            drive=drive, round=number, table=link.table, state__in=LIVE
        ).order_by("side")
    )
    return TableState(
        link=link,
        round_number=number,
        deals=[
            DealLine(
                deal, deal.number in scored, getattr(results.get(deal.number), "ns_tricks", None)
            )
            for deal in sheet.deals
        ],
        seats=seats,
        plays=table is not None,
        sitting_out=sheet.sitting_out,
        stored=stored,
        live=live,
        moves=[move for move in sheet.moves if move.entry.pk in at_table] if stored else [],
        progressive_moves=rounds.moves_from(drive, link.table, len(sheet.tables))
        if winner and number < drive.rounds and keeps_tables
        else "",
        winner=winner,
    )
