"""What the table page shows: the round, the seats, the deals, the figures sent so far, and
where everyone goes once the round is over."""

import functools
import hashlib
from dataclasses import dataclass

from django.db import connection
from django.utils.translation import get_language

from drives import games
from drives.evening import rounds
from drives.games.base import DriveGame
from drives.games.deals import DealInfo
from drives.models import (
    Club,
    Drive,
    Entry,
    PendingEntry,
    Player,
    Seating,
    TableLink,
    TableResult,
)
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
    #: The drive's game, built once for the page: a compass game reads its boards once.
    game: DriveGame
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
        game=game,
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


@functools.cache
def _fingerprint_queries() -> tuple[str, str]:
    """The table's query (its parameters: the drive's id, then the drive's id and the
    table's number twice, then the drive's id twice) and its players' names'."""

    def table(model) -> str:
        return connection.ops.quote_name(model._meta.db_table)

    number = connection.ops.quote_name("table")
    # This table's own results and entries; the drive's seats and entries, which change
    # when a round is seated or someone arrives or leaves. Each read once, in an
    # aggregate of one row; the drive's row holds its round and status.
    sources = (
        (
            TableResult,
            "COUNT(*), MAX(x.id), SUM(x.version), SUM(x.ns_tricks), MAX(x.entered_at)",
            True,
        ),
        (PendingEntry, "COUNT(*), MAX(x.id), MAX(x.updated_at)", True),
        (Seating, "COUNT(*), MAX(x.id), SUM(x.entry_id)", False),
        (
            Entry,
            "COUNT(*), MAX(x.id), SUM(x.joined_round), SUM(COALESCE(x.withdrew_after, 0)), "
            "SUM(COALESCE(x.returned_round, 0)), SUM(x.player_id)",
            False,
        ),
    )
    parts = [
        f"(SELECT {aggregates} FROM {table(model)} x WHERE x.drive_id = %s"
        + (f" AND x.{number} = %s" if own else "")
        + f") a{n}"
        for n, (model, aggregates, own) in enumerate(sources)
    ]
    # The drive's row in a subquery of its own, as reports.freshness reads it.
    drive = (
        f"SELECT * FROM (SELECT * FROM {table(Drive)} d JOIN {table(Club)} c "
        f"ON c.id = d.club_id WHERE d.id = %s LIMIT 1) drive_row "
        f"CROSS JOIN {' CROSS JOIN '.join(parts)}"
    )
    players = (
        f"SELECT p.id, p.name FROM {table(Player)} p JOIN {table(Entry)} e "
        f"ON e.player_id = p.id WHERE e.drive_id = %s ORDER BY p.id"
    )
    return drive, players


def table_fingerprint(link: TableLink, *parts: object) -> str:
    """An ETag for what ``link``'s table page shows, from two hand-written queries.

    Only this table's results and entries are read, with what the whole drive changes
    rarely (its row, seats, players, status): another table's post leaves every other
    phone's poll a 304, so sixty tables' phones polling while they post cost little.
    """
    drive_query, players_query = _fingerprint_queries()
    drive, table = link.drive_id, link.table
    with connection.cursor() as cursor:
        cursor.execute(drive_query, [drive, drive, table, drive, table, drive, drive])
        row = cursor.fetchone()
        cursor.execute(players_query, [drive])
        players = cursor.fetchall()
    text = repr((row, players, get_language(), parts))
    return '"' + hashlib.sha256(text.encode()).hexdigest()[:32] + '"'
