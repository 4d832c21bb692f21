"""A compass drive's boards and which board each table holds: the rows of ``Board`` as
``scoring.boards.Board``, and the movement on boards (``scoring.movements.boards``).

A table's result keeps the drive's deal number (deal 4 is a pair's fourth board, as at
every other game), so that results, versions, history and disputes work unchanged; the
board behind it is the movement's: round r, table t, the i-th deal of the round is the
i-th board of the set table t holds in round r. That set depends only on the number of
pairs when the drive started (the entries of round 1), so it is worked out, never stored.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from drives.models import Board as BoardRow
from drives.models import BoardPlan, BoardSource, Entry, MovementType, Rotation
from scoring.boards import Board, kept_board
from scoring.cards import SEATS, Suit, check_seat
from scoring.errors import MovementError
from scoring.movements.boards import BoardMovement, howell_boards, mitchell_boards
from scoring.pbn import deal_text, parse_deal

if TYPE_CHECKING:
    from drives.models import Drive


def hands_text(board: Board) -> str:
    """A board's hands as a ``Board`` row keeps them: PBN's ``[Deal]`` from North."""
    if board.hands is None:
        return ""
    return deal_text(dict(zip(SEATS, board.hands, strict=True)), "N")


def board_of_row(row: BoardRow) -> Board:
    hands = None
    if row.hands:
        dealt = parse_deal(row.hands)
        hands = (dealt["N"], dealt["E"], dealt["S"], dealt["W"])
    trumps = Suit(row.trumps) if row.trumps else None
    seed = int(row.seed) if row.seed else None
    return Board(row.number, check_seat(row.dealer), trumps, hands, seed)


def row_of_board(drive: Drive, board: Board) -> BoardRow:
    return BoardRow(
        drive=drive,
        number=board.number,
        dealer=board.dealer,
        trumps=board.trumps.value if board.trumps else "",
        hands=hands_text(board),
        seed="" if board.seed is None else str(board.seed),
    )


def movement_for(drive: Drive, pairs: int) -> BoardMovement:
    """The movement on boards for ``pairs`` pairs over the drive's rounds."""
    per_round = drive.deals_per_round
    if drive.movement == MovementType.HOWELL:
        return howell_boards(pairs, drive.rounds, boards_per_round=per_round)
    even = plan_of(drive).even_tables
    return mitchell_boards(pairs, drive.rounds, boards_per_round=per_round, even=even)


def plan_of(drive: Drive) -> BoardPlan:
    """The drive's board plan; a drive set up before it had one takes the defaults."""
    try:
        return drive.board_plan
    except BoardPlan.DoesNotExist:
        return BoardPlan(drive=drive)


class DriveBoards:
    """One drive's boards and movement, each read once."""

    def __init__(self, drive: Drive):
        self.drive = drive

    @cached_property
    def plan(self) -> BoardPlan:
        return plan_of(self.drive)

    @cached_property
    def pairs(self) -> int:
        """The pairs the movement was made for: those checked in when the drive started."""
        return Entry.objects.filter(drive=self.drive, joined_round=1).count() // 2

    @cached_property
    def movement(self) -> BoardMovement | None:
        """None before enough pairs are in, or for a size the movements do not take."""
        try:
            return movement_for(self.drive, self.pairs) if self.pairs >= 2 else None
        except MovementError:
            return None

    def board_number(self, round_number: int, table: int, deal: int) -> int | None:
        """The board table ``table`` plays as the drive's deal ``deal`` of ``round_number``."""
        movement = self.movement
        if movement is None or not 1 <= round_number <= len(movement.sets):
            return None
        sets = movement.sittings(round_number - 1)
        if not 1 <= table <= len(sets):
            return None
        first = self.drive.deals_of_round(round_number).start
        return movement.boards(sets[table - 1].board_set)[deal - first]

    @cached_property
    def holders(self) -> dict[tuple[int, int], int]:
        """(round, board set) → the table that holds the set that round (the first of two
        sharing it), rounds and tables from 1."""
        movement = self.movement
        holder: dict[tuple[int, int], int] = {}
        if movement is None:
            return holder
        for r in range(len(movement.sets)):
            for sitting in movement.sittings(r):
                holder.setdefault((r + 1, sitting.board_set), sitting.table + 1)
        return holder

    def boards_go_to(self, round_number: int, table: int) -> int | None:
        """The table that plays next round the boards ``table`` holds in ``round_number``:
        None after the last round or when they rest (the bye stand, an empty table)."""
        movement = self.movement
        if movement is None or not 1 <= round_number < len(movement.sets):
            return None
        sittings = movement.sittings(round_number - 1)
        if not 1 <= table <= len(sittings):
            return None
        return self.holders.get((round_number + 1, sittings[table - 1].board_set))

    @cached_property
    def stored(self) -> dict[int, Board]:
        return {row.number: board_of_row(row) for row in BoardRow.objects.filter(drive=self.drive)}

    def board(self, number: int) -> Board | None:
        """Board ``number`` as recorded or, dealt at the tables, as its rotation says; None
        while no one knows it (not dealt yet, or its trumps turned up at a table)."""
        known = self.stored.get(number)
        if known is not None or self.plan.source != BoardSource.TABLES:
            return known
        if self.drive.rotation == Rotation.TURNED:
            return None
        return kept_board(number, self.drive.rotation)
