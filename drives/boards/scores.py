"""A compass drive as its pages and sheets show it: the pairs, each board's results with
their scores (the travellers), the N–S and E–W fields or a Howell's one, in a constant
number of queries whatever the drive's size."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

from drives import games
from drives.games.compass.boards import DriveBoards
from drives.games.compass.game import CompassWhist
from drives.games.compass.pairs import paired_results
from drives.models import Drive, Entry, MovementType, Rotation, Seating, TableResult
from drives.names import PublicNames
from drives.seats import SEAT_LETTERS
from scoring.boards import Board, board_dealer, kept_board
from scoring.cards import Suit
from scoring.compass import (
    BoardResult,
    Field,
    PairScore,
    ScoredResult,
    score_boards,
    two_places,
)

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class Pair:
    number: int  # from 1, as the pages and the PBN file name it
    names: str


@dataclass(frozen=True)
class TravellerLine:
    round: int
    table: int
    ns: Pair
    ew: Pair
    ns_tricks: int
    ew_tricks: int
    ns_score: Decimal
    ew_score: Decimal
    ns_percentage: Decimal | None
    ew_percentage: Decimal | None
    trumps: str  # as a table reported them, for a board dealt at the tables


@dataclass(frozen=True)
class Traveller:
    board: int
    dealer: str
    known: Board | None
    lines: list[TravellerLine]
    expected: int  # the tables the movement gives it to

    @property
    def dealer_letter(self) -> StrOrPromise:
        return SEAT_LETTERS[self.dealer]

    @property
    def blanks(self) -> range:
        """Empty rows for the tables still to play it, to write in."""
        return range(max(0, self.expected - len(self.lines)))


@dataclass(frozen=True)
class StandingLine:
    rank: str
    pair: Pair
    total: Decimal
    percentage: Decimal | None
    boards: int
    countback: bool  # level with another pair on its figure, placed by the countback


@dataclass(frozen=True)
class FieldLines:
    direction: str | None  # "NS", "EW", or None for a Howell's one field
    lines: list[StandingLine]


@dataclass(frozen=True)
class CompassReport:
    drive: Drive
    game: CompassWhist
    matchpoints: bool
    pairs: dict[int, Pair]
    travellers: list[Traveller]
    fields: list[FieldLines]
    results: list[BoardResult]  # pairs numbered from 1

    @property
    def boards(self) -> DriveBoards:
        return self.game.boards

    @property
    def shared_places(self) -> bool:
        return any(line.rank.startswith("=") for field in self.fields for line in field.lines)

    @property
    def countback_used(self) -> bool:
        return any(line.countback for field in self.fields for line in field.lines)


def _percent(score: Fraction, top: int | None) -> Decimal | None:
    if top is None:
        return None
    return two_places(100 * score / top if top else Fraction(50))


def compass_report(drive: Drive, names: PublicNames) -> CompassReport:
    """Five queries: the plan, the entries, the N and E seats, the results, the boards."""
    game = games.of(drive)
    assert isinstance(game, CompassWhist)
    boards = game.boards
    entries = list(Entry.objects.filter(drive=drive).select_related("player"))
    paired = paired_results(
        boards,
        entries,
        Seating.objects.filter(drive=drive, seat__in=("N", "E")),
        TableResult.objects.filter(drive=drive),
    )
    pairs = {
        number: Pair(number, " & ".join(names.entry(e) for e in players))
        for number, players in paired.pairs.items()
    }
    results, trumps = paired.results, paired.trumps
    # A board dealt at the tables with its trumps turned up: the first table's suit.
    first_trumps: dict[int, str] = {}
    for r in results:
        first_trumps.setdefault(r.board, trumps[r.board, r.table or 0])
    method = boards.plan.method
    scored = score_boards(results, method)
    by_board: dict[int, list[ScoredResult]] = defaultdict(list)
    for s in scored:
        by_board[s.result.board].append(s)
    count = boards.movement.board_count if boards.movement else 0
    plays = _plays(boards)
    numbers = sorted(set(range(1, count + 1)) | set(by_board) | set(boards.stored))
    travellers = [
        Traveller(
            number,
            board_dealer(number),
            boards.board(number) or _turned_at_table(drive, number, first_trumps),
            [
                _line(s, pairs, trumps.get((number, s.result.table or 0), ""))
                for s in by_board[number]
            ],
            plays.get(number, 0),
        )
        for number in numbers
    ]
    by_direction = drive.movement != MovementType.HOWELL
    fields = [
        FieldLines(field.direction, _standings(field.pairs, pairs))
        for field in (game.ranked(scored) if scored else _no_fields(by_direction))
    ]
    return CompassReport(drive, game, method == "matchpoints", pairs, travellers, fields, results)


def _no_fields(by_direction: bool) -> tuple[Field, ...]:
    return (Field("NS", ()), Field("EW", ())) if by_direction else (Field(None, ()),)


def _plays(boards: DriveBoards) -> dict[int, int]:
    """How many tables the movement gives each board to, over the drive's rounds."""
    movement = boards.movement
    plays: dict[int, int] = defaultdict(int)
    if movement is None:
        return plays
    for r in range(len(movement.sets)):
        for sitting in movement.sittings(r):
            for number in movement.boards(sitting.board_set):
                plays[number] += 1
    return plays


def _turned_at_table(drive: Drive, number: int, first_trumps: dict[int, str]) -> Board | None:
    suit = first_trumps.get(number)
    if not suit or drive.rotation != Rotation.TURNED:
        return None
    return kept_board(number, drive.rotation, turned_up=Suit(suit))


def _line(s: ScoredResult, pairs: dict[int, Pair], trumps: str) -> TravellerLine:
    r = s.result
    return TravellerLine(
        round=r.round or 0,
        table=r.table or 0,
        ns=pairs[r.ns_pair],
        ew=pairs[r.ew_pair],
        ns_tricks=r.ns_tricks,
        ew_tricks=r.ew_tricks,
        ns_score=two_places(s.ns),
        ew_score=two_places(s.ew),
        ns_percentage=_percent(s.ns, s.top),
        ew_percentage=_percent(s.ew, s.top),
        trumps=trumps,
    )


def _standings(ranked: tuple[PairScore, ...], pairs: dict[int, Pair]) -> list[StandingLine]:
    def figure(p: PairScore) -> Fraction:
        return p.total if p.percentage is None else p.percentage

    level = Counter(figure(p) for p in ranked)
    return [
        StandingLine(
            p.rank_label,
            pairs[p.pair],
            two_places(p.total),
            None if p.percentage is None else two_places(p.percentage),
            p.boards,
            countback=level[figure(p)] > 1 and not p.shared,
        )
        for p in ranked
    ]
