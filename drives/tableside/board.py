"""What the organiser's dashboard and the hall display show of the current round, and the
fingerprint that lets their polls be answered "not modified" from three small queries."""

import functools
import hashlib
from dataclasses import dataclass, field
from datetime import datetime

from django.db import connection
from django.utils import timezone
from django.utils.translation import get_language

from drives import games
from drives.evening import rounds, stays
from drives.games.deals import DealInfo, DealName
from drives.models import (
    Drive,
    Entry,
    HallState,
    Membership,
    PendingEntry,
    PendingState,
    Seating,
    TableLink,
    TableResult,
)
from drives.reports.freshness import drive_stamp
from drives.reports.report import PairRow, StandingRow, report_from_rows
from drives.seats import SEAT_LETTERS
from drives.tableside import tokens
from drives.tableside.services import LIVE, SET_ASIDE
from drives.tableside.tokens import TableLinks

TOP = 10


class TileState:
    NOT_STARTED = "not_started"
    ENTERED = "entered"
    DISPUTED = "disputed"
    CONFIRMED = "confirmed"


@dataclass
class Tile:
    table: int
    state: str = TileState.NOT_STARTED
    changed_at: datetime | None = None
    live: list[PendingEntry] = field(default_factory=list)
    links: TableLinks | None = None  # its live links, once issued


@dataclass(frozen=True)
class Board:
    drive: Drive
    round_number: int
    tiles: list[Tile]
    #: Sent from pages out of date (any round), for the organiser to accept or dismiss.
    late: list[PendingEntry] = field(default_factory=list)

    def count(self, state: str) -> int:
        return sum(tile.state == state for tile in self.tiles)

    @property
    def counts(self) -> dict[str, int]:
        states = (TileState.NOT_STARTED, TileState.ENTERED, TileState.CONFIRMED)
        return {state: self.count(state) for state in (*states, TileState.DISPUTED)}

    @property
    def unreported(self) -> list[int]:
        return [tile.table for tile in self.tiles if tile.state != TileState.CONFIRMED]


def board(drive: Drive) -> Board:
    """Five queries: the round's tables, its results, its table entries, the late ones and
    the live links."""
    number = drive.current_round
    tables = sorted(
        set(
            Seating.objects.filter(drive=drive, round=number)
            .values_list("table", flat=True)
            .distinct()
        )
    )
    tiles = {table: Tile(table) for table in tables}
    deals = drive.deals_per_round
    results: dict[int, list[TableResult]] = {}
    for result in TableResult.objects.filter(drive=drive, round=number):
        results.setdefault(result.table, []).append(result)
    for entry in PendingEntry.objects.filter(drive=drive, round=number):
        tile = tiles.get(entry.table)
        if tile is None:
            continue
        tile.changed_at = max(filter(None, [tile.changed_at, entry.updated_at]))
        if entry.state in LIVE:
            tile.live.append(entry)
    live_links = tokens.by_table(TableLink.objects.filter(drive=drive, revoked_at__isnull=True))
    for tile in tiles.values():
        tile.links = live_links.get(tile.table)
        stored = results.get(tile.table, [])
        if stored:
            tile.changed_at = max(filter(None, [tile.changed_at, *(r.entered_at for r in stored)]))
        if len(stored) == deals:
            tile.state, tile.live = TileState.CONFIRMED, []
        elif any(entry.state == PendingState.DISPUTED for entry in tile.live):
            tile.state = TileState.DISPUTED
        elif tile.live:
            tile.state = TileState.ENTERED
        tile.live.sort(key=lambda entry: entry.side != "NS")
    late = list(PendingEntry.objects.filter(drive=drive, state__in=SET_ASIDE))
    return Board(drive, number, [tiles[table] for table in tables], late)


#: What the dashboard and the hall show beyond the drive's standings (``drive_stamp``: the
#: drive, its club, the names, results, seats and entries): the tables' own entries, the
#: hall settings and the table links.
_STAMP = (
    (PendingEntry, "COUNT(*), MAX(x.updated_at)"),
    (HallState, "MAX(x.updated_at)"),
    # A link issued, withdrawn or reissued shows on the organisers' tiles.
    (TableLink, "COUNT(*), MAX(x.revoked_at)"),
)


@functools.cache
def _fingerprint_query() -> str:
    """Its parameters: the user's id, then the drive's id once for each stamp and once more."""

    def table(model) -> str:
        return connection.ops.quote_name(model._meta.db_table)

    # Each table is read once, in an aggregate of one row.
    parts = [
        f"(SELECT {aggregates} FROM {table(model)} x WHERE x.drive_id = %s) a{n}"
        for n, (model, aggregates) in enumerate(_STAMP)
    ]
    # Organisers and helpers alike watch the tables (drives.permissions.require_team).
    team = table(Membership)
    organiser = f"EXISTS (SELECT 1 FROM {team} o WHERE o.club_id = d.club_id AND o.user_id = %s)"
    aggregates = ", ".join(f"a{n}.*" for n in range(len(_STAMP)))
    return (
        f"SELECT {organiser}, {aggregates} "
        f"FROM {table(Drive)} d CROSS JOIN {' CROSS JOIN '.join(parts)} WHERE d.id = %s"
    )


def fingerprint(drive_pk: int, *parts: str, organiser=None) -> str | None:
    """An ETag for what the dashboard and the hall show; None for no such drive, or
    when ``organiser`` (a user) is given and does not organise the drive's club.

    Queries written by hand: a poll that finds nothing new is answered from them alone,
    and building them through the ORM cost more than the rest of the answer. The drive's
    own stamp comes from ``drive_stamp``, so a renamed player or an edited title shows at
    the next poll, as it does on the drive's pages.
    """
    user = getattr(organiser, "pk", None)
    with connection.cursor() as cursor:
        cursor.execute(_fingerprint_query(), [user] + [drive_pk] * (len(_STAMP) + 1))
        row = cursor.fetchone()
    if row is None:
        return None
    allowed, *stamp = row
    if organiser is not None and not (allowed or organiser.is_superuser):
        return None
    standings = drive_stamp(drive_pk)
    if standings is None:  # deleted since the first query
        return None
    text = "|".join(map(str, (*stamp, *standings, get_language(), *parts)))
    return '"' + hashlib.sha256(text.encode()).hexdigest()[:32] + '"'


@dataclass(frozen=True)
class Timer:
    minutes: int
    running: bool
    elapsed: int  # seconds, as at ``now``
    now: datetime
    #: Epoch seconds when the clock would have started had it never paused (None while
    #: paused): what every screen counts from. Kept to the millisecond: rounded, two
    #: screens given it a moment apart could count from seconds that differ by one.
    started_epoch: float | None = None

    @property
    def remaining(self) -> int:
        return max(0, self.minutes * 60 - self.elapsed)

    @property
    def remaining_text(self) -> str:
        return f"{self.remaining // 60}:{self.remaining % 60:02d}"

    @property
    def started_text(self) -> str:
        """``started_epoch`` for the screens' data-started, empty while paused."""
        return "" if self.started_epoch is None else f"{self.started_epoch:.3f}"


def hall_state(drive: Drive) -> HallState:
    """The hall settings, or the defaults while the organiser has set none."""
    return HallState.objects.filter(drive=drive).first() or HallState(drive=drive)


def timer(hall: HallState, now: datetime | None = None) -> Timer:
    now = now or timezone.now()
    elapsed = hall.timer_banked
    started = None
    if hall.timer_started_at is not None:
        elapsed += int((now - hall.timer_started_at).total_seconds())
        started = hall.timer_started_at.timestamp() - hall.timer_banked
    return Timer(hall.timer_minutes, started is not None, elapsed, now, started)


@dataclass(frozen=True)
class MoveLine:
    table: int
    moves: list[tuple[str, rounds.Move]]  # (seat letter this round, where that player goes)
    boards_to: int | None = None  # where the table's boards go, for boards that travel


@dataclass(frozen=True)
class Hall:
    drive: Drive
    round_number: int
    deals: list[DealInfo]
    #: Each table with the deals it holds, where each holds its own (boards that travel).
    held: list[tuple[int, list[DealName]]]
    waiting: list[int]  # tables still playing
    rule: str  # the progressive moving rule, empty for static movements
    moves: list[MoveLine]  # static movements: where each table's players go next
    coming_in: list[rounds.Move]  # static movements: who sits out now and where they go
    overall: list[StandingRow]
    ladies: list[StandingRow]
    gents: list[StandingRow]
    frozen_after: int | None
    timer: Timer
    staying: list[tuple[Entry, int]]  # who stays at which table all evening
    standings_hidden: bool = False  # the drive hides them from the players for now
    #: A drive ranked in fields (compass whist): each field's leading pairs, by category
    #: ("N–S", "E–W", or "overall" for a Howell), shown instead of players.
    pair_fields: list[tuple[str, list[PairRow]]] = field(default_factory=list)


def hall(drive: Drive) -> Hall:
    """Seven queries: the round's state, the whole drive's seats and results, the hall row."""
    number = drive.current_round
    shown = rounds.round_state(drive, number)
    game = games.of(drive)
    state = hall_state(drive)
    entries = list(Entry.objects.filter(drive=drive).select_related("player"))
    results = list(TableResult.objects.filter(drive=drive))
    if state.frozen_after is not None:
        results = [result for result in results if result.round <= state.frozen_after]
    seatings = list(Seating.objects.filter(drive=drive))
    report = report_from_rows(drive, entries, seatings, results)
    # The hall is the players' screen, whoever opened it: hidden standings show to nobody.
    leaders = [] if drive.standings_hidden else report.overall
    ladies, gents = ([], []) if drive.standings_hidden else (report.ladies, report.gents)
    fields: dict[str, list[PairRow]] = {}
    for pair in [] if drive.standings_hidden else report.pairs:
        if pair.field:
            fields.setdefault(pair.field, []).append(pair)
    seat_of = {}
    for shown_table in shown.tables:
        for seat, entry in shown_table.seats.items():
            seat_of[entry.pk] = (shown_table.number, seat)
    by_table: dict[int, list[tuple[str, rounds.Move]]] = {}
    coming_in = []
    for move in shown.moves:
        if move.entry.pk in seat_of:
            table, seat = seat_of[move.entry.pk]
            by_table.setdefault(table, []).append((seat, move))
        elif move.table is not None:
            coming_in.append(move)
    for moves in by_table.values():
        moves.sort(key=lambda pair: "NESW".index(pair[0]))
    return Hall(
        drive=drive,
        round_number=number,
        deals=shown.deals,
        held=[(t.number, game.deal_names(number, t.number)) for t in shown.tables]
        if game.deals_by_table
        else [],
        waiting=[t.number for t in shown.tables if len(t.results) < len(shown.deals)],
        rule=rounds.moving_rule(drive, short=True),
        moves=[
            MoveLine(
                table,
                [(str(SEAT_LETTERS[seat]), move) for seat, move in by_table[table]],
                game.deals_go_to(number, table),
            )
            for table in sorted(by_table)
        ]
        if drive.is_static
        else [],
        coming_in=coming_in if drive.is_static else [],
        overall=leaders[:TOP],
        ladies=ladies[:TOP],
        gents=gents[:TOP],
        frozen_after=state.frozen_after,
        timer=timer(state),
        staying=_staying(entries, seatings),
        standings_hidden=drive.standings_hidden,
        pair_fields=[(category, pairs[:TOP]) for category, pairs in fields.items()],
    )


def _staying(entries: list[Entry], seatings: list[Seating]) -> list[tuple[Entry, int]]:
    """Each player who stays put with the table they keep, in table order."""
    kept = stays.kept_tables(
        (seating.entry_id, seating.round, seating.table) for seating in seatings
    )
    return sorted(
        ((entry, kept[entry.pk]) for entry in entries if entry.stays and entry.pk in kept),
        key=lambda pair: pair[1],
    )
