"""What the table page shows: the round, the seats, the deals, the figures sent so far, and
where everyone goes once the round is over."""

from dataclasses import dataclass

from drives import games
from drives.evening import rounds
from drives.games.deals import DealInfo
from drives.models import Entry, PendingEntry, Seating, TableLink, TableResult
from drives.tableside.services import LIVE
from scoring.cards import Suit
from scoring.results import side_tricks


@dataclass(frozen=True)
class DealLine:
    deal: DealInfo
    honours: bool  # honours are scored on this deal
    stored: int | None  # N–S tricks stored for the table, if any
    turned: str = ""  # the suit stored as turned up at the table, if any
    result: TableResult | None = None  # the stored row, for a bid whist hand's record

    @property
    def symbol(self) -> str:
        if not self.deal.at_table:
            return self.deal.symbol
        return Suit(self.turned).symbol if self.turned else ""

    @property
    def css(self) -> str:
        return f"suit-{self.turned}" if self.deal.at_table and self.turned else self.deal.css

    @property
    def stored_ew(self) -> int | None:
        return None if self.stored is None else side_tricks("EW", self.stored)


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
    """What one table needs, read for that table alone, so that the page (and every post,
    which answers with it) costs the same at a 6-table drive as at a 60-table one: five
    small queries, three more once the round's result is in."""
    drive = link.drive
    number = drive.current_round
    game = games.of(drive)
    deals = game.deals(number)
    seated = Seating.objects.filter(drive=drive, round=number, table=link.table)
    table = rounds.RoundTable(
        link.table, {s.seat: s.entry for s in seated.select_related("entry__player")}
    )
    table.results = {
        r.deal: r
        for r in TableResult.objects.filter(
            drive=drive, table=link.table, deal__in=[deal.number for deal in deals]
        )
    }
    sitting_out = list(
        Entry.objects.filter(Entry.playing_in(number), drive=drive)
        .exclude(seatings__round=number)
        .select_related("player")
    )
    live = list(
        PendingEntry.objects.filter(
            drive=drive, round=number, table=link.table, state__in=LIVE
        ).order_by("-side")  # N–S first, as the dashboard shows them
    )
    stored = bool(table.seats) and len(table.results) == len(deals)
    winner = table.winner(drive) if stored and not drive.is_static else None
    scored = set(game.honours_deals(deals))
    tricks = {deal: result.ns_tricks for deal, result in table.results.items()}
    return TableState(
        link=link,
        round_number=number,
        deals=[
            DealLine(
                deal,
                deal.number in scored,
                tricks.get(deal.number),
                table.results[deal.number].trumps if deal.number in table.results else "",
                table.results.get(deal.number),
            )
            for deal in deals
        ],
        seats=table.seat_list() if table.seats else [],
        plays=bool(table.seats),
        sitting_out=sitting_out,
        stored=stored,
        live=live,
        moves=_moves(drive, number, table) if stored else [],
        progressive_moves=_progressive_moves(drive, number, link.table) if winner else "",
        winner=winner,
    )


def _moves(drive, number: int, table: rounds.RoundTable) -> list[rounds.Move]:
    """Where this table's players sit next round, once the next round is seated."""
    if not Seating.objects.filter(drive=drive, round=number + 1).exists():
        return []
    players = list(table.seats.values())
    following = {
        s.entry_id: (s.table, s.seat)
        for s in Seating.objects.filter(drive=drive, round=number + 1, entry__in=players)
    }
    return [
        rounds.Move(entry, *following.get(entry.pk, (None, None)))
        for entry in players
        if entry.plays_in(number + 1)
    ]


def _progressive_moves(drive, number: int, table: int) -> str:
    """The moving rule for this table, while the next round keeps the same tables."""
    if number >= drive.rounds:
        return ""
    tables = Seating.objects.filter(drive=drive, round=number).values("table").distinct().count()
    if Entry.objects.filter(Entry.playing_in(number + 1), drive=drive).count() // 4 != tables:
        return ""  # the movement re-seats everyone: the next round's page says where
    return rounds.moves_from(drive, table, tables)
