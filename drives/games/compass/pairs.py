"""A compass drive's pairs and their results on the boards, from its rows.

The one place that pairs the entries (by card number: cards 1 and 2 are pair 1) and turns
each table's result into a ``scoring.compass.BoardResult`` through the movement on boards:
the boards' own pages (``drives.boards.scores``) and the drive's report, its prizes and
the league (``drives.reports``) read the same pairs and the same results.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from drives.games.compass.boards import DriveBoards
from scoring.compass import BoardResult

if TYPE_CHECKING:
    from drives.models import Entry


@dataclass(frozen=True)
class PairedResults:
    """The pairs (number → its entries, numbered from 1) and every result placed on its
    board, in the order of play; ``trumps`` keeps each (board, table)'s reported suit."""

    pairs: dict[int, tuple[Entry, ...]]
    results: list[BoardResult]
    trumps: dict[tuple[int, int], str]


def paired_results(
    boards: DriveBoards, entries: Iterable[Entry], seatings: Iterable[Any], results: Iterable[Any]
) -> PairedResults:
    """The pairs and their board results from rows already read: the entries, the
    seatings (N and E are enough) and the tables' results (``TableResult`` or rows with
    its columns). A result off the movement, or at a table seated with no pair, is left
    out: it compares with nothing."""
    ordered = sorted(entries, key=lambda entry: entry.card_number)
    # The movement's size: the pairs in when the drive started (DriveBoards.pairs), here
    # from the entries already read.
    boards.pairs = sum(entry.joined_round == 1 for entry in ordered) // 2
    pair_of = {entry.pk: index // 2 + 1 for index, entry in enumerate(ordered)}
    pairs = {k + 1: tuple(ordered[2 * k : 2 * k + 2]) for k in range((len(ordered) + 1) // 2)}
    at_table: dict[tuple[int, int], dict[str, int]] = defaultdict(dict)
    for seating in seatings:
        if seating.seat in ("N", "E"):
            at_table[seating.round, seating.table][seating.seat] = pair_of[seating.entry_id]
    placed: list[BoardResult] = []
    trumps: dict[tuple[int, int], str] = {}
    for result in sorted(results, key=lambda r: (r.round, r.table, r.deal)):
        board = boards.board_number(result.round, result.table, result.deal)
        seats = at_table.get((result.round, result.table), {})
        if board is None or len(seats) < 2:
            continue
        placed.append(
            BoardResult(board, seats["N"], seats["E"], result.ns_tricks, result.table, result.round)
        )
        trumps[board, result.table] = result.trumps
    return PairedResults(pairs, placed, trumps)
