"""Which board set each table holds each round, for drives played on boards.

The pairs sit as :func:`~scoring.movements.mitchell` and
:func:`~scoring.movements.howell` seat them (pair k is players 2k and 2k+1; tables,
rounds and board sets count from 0); a :class:`BoardMovement` adds the board sets.
Set s holds boards s·k+1 … s·k+k for rounds of k boards. No pair ever plays a set twice.

**Mitchell** (T tables): N–S pair t stays at table t, the E–W pairs move up a table
and the boards down a table each round, so table t holds set (t + r) mod T in round r.
With an odd T every E–W pair meets every set and every N–S pair once in T rounds. With
an even T the E–W pairs would meet their first sets again half way round; the two
cures clubs use (E. T. Baker's skip and the share-and-relay, as the Bridge Central
movement notes describe them, bridgecentral.com/Relay.htm and /MvtHTML/skipmitchell.htm):

* ``SKIP`` (the default, for being "very hard to foul up"): before round T/2+1 the E–W
  pairs move up two tables instead of one; the boards move as usual. Each E–W pair
  misses the N–S pair it skipped. T−1 rounds play every pair against a new one; a T-th
  round, if played, meets the first round's opponents again over new boards.
* ``RELAY``: set T/2 starts on a bye stand between tables T/2−1 and T/2 (counting from
  0), no set starts on the last table, which shares table 0's set every round, and the
  boards pass through the bye stand as they move down. In T rounds every pair meets
  every set and every pair of the other direction.

With an odd number of pairs the phantom N–S pair's table (the last) is empty and the
E–W pair that reaches it sits out. With an odd T its set rests there, and in T rounds every
E–W pair sits out once. With an even T the skip is not used, whatever was chosen, as Bridge
Central's "Half table considerations" advises (bridgecentral.com/MvtHTML/
halftableconsiderations.htm): over T rounds an E–W pair goes back to its first table, so
the pair that sat out first would sit out last as well, and the pair that skips the empty
table would never sit out. The half table is played as the relay instead, the phantom at
the table that would share: nothing is shared, one set rests on the bye stand each round,
and every E–W pair sits out once in T rounds, never twice running.

**Howell** (every pair meets every other, 2n pairs in 2n−1 rounds): the round's matches
are :func:`~scoring.movements.howell`'s circle, pairs r+i and r−i at table i−1 and the
stationary pair with pair r at the last table; that table holds set (offset₀ + r) and
table i−1 set (offsetᵢ + r), mod 2n−1. The offsets make every pair's sets differ: the
pairs {offsetᵢ − i, offsetᵢ + i} with {offset₀} cover 0 … 2n−2 once (a strong starter).
None exists for 2, 3 and 5 tables (2n−1 = 3, 5, 9), nor for 3 tables with 5 pairs:
there some tables share a set in each round (all of them at 2 and 3 tables, two of
them at 5), as the published small Howells share boards. ``tests/scoring`` checks by
exhaustive search that no offsets share less.

>>> movement = mitchell_boards(8, 3, boards_per_round=2, even=EvenTables.RELAY)
>>> [(s.table, s.ns_pair, s.ew_pair, s.board_set) for s in movement.sittings(0)]
[(0, 0, 4, 0), (1, 1, 5, 1), (2, 2, 6, 3), (3, 3, 7, 0)]
>>> movement.resting_sets(0), list(movement.boards(3))
((2,), [7, 8])
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.errors import MovementError
from scoring.movements.base import Movement
from scoring.movements.fixed import howell, mitchell


class EvenTables(StrEnum):
    """How a Mitchell with an even number of tables keeps pairs off boards they played."""

    SKIP = "skip"
    RELAY = "relay"


class Kind(StrEnum):
    MITCHELL = "mitchell"
    SKIP_MITCHELL = "skip_mitchell"
    RELAY_MITCHELL = "relay_mitchell"
    HOWELL = "howell"


@dataclass(frozen=True, slots=True)
class Sitting:
    """One table in one round: who sits N–S and E–W, and the board set they play."""

    table: int
    ns_pair: int
    ew_pair: int
    board_set: int


@dataclass(frozen=True)
class BoardMovement:
    """A fixed-partner movement with its boards.

    ``movement`` is the seating as the other fixed-partner drives use it; ``sets[r][t]``
    is the set table t holds in round r, for every table including an empty phantom
    table (where it rests). ``set_count`` sets of ``boards_per_round`` boards are in play.
    """

    kind: Kind
    movement: Movement
    sets: tuple[tuple[int, ...], ...]
    set_count: int
    boards_per_round: int

    @property
    def board_count(self) -> int:
        return self.set_count * self.boards_per_round

    def sittings(self, round_index: int) -> tuple[Sitting, ...]:
        """Who plays which set at each table that plays in round ``round_index``."""
        sets = self.sets[round_index]
        return tuple(
            Sitting(table, north // 2, east // 2, sets[table])
            for table, (north, east, _, _) in enumerate(self.movement.rounds[round_index])
        )

    def boards(self, board_set: int) -> range:
        """The board numbers of ``board_set``."""
        if not 0 <= board_set < self.set_count:
            raise MovementError(f"There is no board set {board_set + 1} in this movement.")
        first = board_set * self.boards_per_round + 1
        return range(first, first + self.boards_per_round)

    def resting_sets(self, round_index: int) -> tuple[int, ...]:
        """The sets no table plays in round ``round_index``: on a bye stand or an empty table."""
        played = {sitting.board_set for sitting in self.sittings(round_index)}
        return tuple(s for s in range(self.set_count) if s not in played)

    def shared_sets(self, round_index: int) -> tuple[int, ...]:
        """The sets several tables play in round ``round_index``, passing boards between them."""
        played = [sitting.board_set for sitting in self.sittings(round_index)]
        return tuple(sorted({s for s in played if played.count(s) > 1}))


def mitchell_boards(
    pairs: int,
    rounds: int,
    *,
    boards_per_round: int,
    even: EvenTables | str = EvenTables.SKIP,
) -> BoardMovement:
    """A Mitchell on boards for ``pairs`` pairs (the seating of :func:`mitchell`).

    ``even`` chooses the skip or the share-and-relay for an even number of tables;
    it is not used with an odd number, nor with a half table (always the relay).
    """
    _check_boards(boards_per_round)
    tables = (pairs + 1) // 2
    if rounds > tables:
        raise MovementError(f"A {tables}-table Mitchell has {tables} rounds before boards repeat.")
    if tables % 2:
        seating, kind = mitchell(pairs, rounds), Kind.MITCHELL
        position = list(range(tables))
    elif EvenTables(even) is EvenTables.SKIP and not pairs % 2:
        seating, kind = _skip_seating(pairs, rounds, tables), Kind.SKIP_MITCHELL
        position = list(range(tables))
    else:
        seating, kind = mitchell(pairs, rounds), Kind.RELAY_MITCHELL
        # Tables 0 … T/2−1, then the bye stand, then tables T/2 … T−2; the last table
        # shares the sets of table 0.
        half = tables // 2
        position = [*range(half), *range(half + 1, tables), 0]
    sets = tuple(tuple((position[t] + r) % tables for t in range(tables)) for r in range(rounds))
    return BoardMovement(kind, seating, sets, tables, boards_per_round)


def _skip_seating(pairs: int, rounds: int, tables: int) -> Movement:
    """The Mitchell seating with the E–W pairs moving up two tables before round T/2+1.

    From the skip on, round r seats as the plain Mitchell's round r+1 does.
    """
    plain = mitchell(pairs, rounds + 1).rounds
    half = tables // 2
    kept = plain[:half] + plain[half + 1 :] if rounds > half else plain[:rounds]
    return Movement(rounds=kept, players=tuple(range(2 * pairs)))


#: Howell set offsets by the circle's size 2n−1, the stationary pair's table first:
#: (with a stationary pair, with a phantom one). Found by exhaustive search, the first
#: in lexicographic order with the fewest tables sharing a set.
HOWELL_OFFSETS: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
    1: ((0,), (0,)),
    3: ((0, 0), (0, 0)),
    5: ((0, 0, 0), (0, 0, 0)),
    7: ((0, 2, 4, 1), (0, 0, 2, 6)),
    9: ((0, 2, 6, 8, 2), (0, 0, 0, 3, 8)),
    11: ((0, 3, 5, 9, 1, 4), (0, 0, 2, 6, 9, 1)),
    13: ((0, 3, 5, 9, 1, 6, 2), (0, 0, 2, 6, 11, 3, 12)),
    15: ((0, 2, 7, 11, 6, 1, 13, 5), (0, 0, 2, 8, 6, 13, 3, 14)),
    17: ((0, 2, 6, 8, 3, 7, 4, 16, 5), (0, 0, 2, 5, 1, 8, 4, 16, 3)),
    19: ((0, 2, 6, 10, 14, 7, 11, 4, 17, 5), (0, 0, 2, 5, 7, 12, 18, 3, 17, 4)),
}
HOWELL_MOST_PAIRS = 20


def howell_boards(pairs: int, rounds: int, *, boards_per_round: int) -> BoardMovement:
    """A Howell on boards for ``pairs`` pairs (the seating of :func:`howell`), up to 20 pairs.

    A full Howell is 2n−1 rounds for 2n or 2n−1 pairs; fewer rounds stop it early.
    """
    _check_boards(boards_per_round)
    if pairs > HOWELL_MOST_PAIRS:
        raise MovementError(
            f"A Howell on boards takes up to {HOWELL_MOST_PAIRS} pairs: play a Mitchell."
        )
    seating = howell(pairs, rounds)
    circle = pairs if pairs % 2 else pairs - 1
    if rounds > circle:
        raise MovementError(f"A Howell for {pairs} pairs has {circle} rounds before boards repeat.")
    stationary, *by_distance = HOWELL_OFFSETS[circle][pairs % 2]
    table_offsets = [*by_distance, stationary]  # howell() seats the stationary pair last
    sets = tuple(tuple((offset + r) % circle for offset in table_offsets) for r in range(rounds))
    return BoardMovement(Kind.HOWELL, seating, sets, circle, boards_per_round)


def _check_boards(boards_per_round: int) -> None:
    if boards_per_round < 1:
        raise MovementError("A round has at least one board.")
