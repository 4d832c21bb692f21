"""The shape of a movement: rounds of fours, a four being the players at one table.

A four is a tuple of four player numbers in seat order (N, E, S, W); N and S
are partners against E and W. A round is a tuple of fours, the first at table 1,
and a player in none of a round's fours sits that round out.

>>> m = Movement(rounds=(((0, 1, 2, 3),), ((0, 2, 1, 4),)), players=(0, 1, 2, 3, 4))
>>> m.sit_outs(0), m.sit_outs(1)
((4,), (3,))
>>> m.as_tuples()
[[(0, 1, 2, 3)], [(0, 2, 1, 4)]]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.cards import SEATS
from scoring.errors import MovementError

Four = tuple[int, int, int, int]
"""The four players at one table in a round, in seat order N, E, S, W: N–S partners against E–W."""
Round = tuple[Four, ...]

#: Fewer than four players cannot make a table: no movement, start or withdrawal may leave fewer.
MIN_PLAYERS = len(SEATS)


@dataclass(frozen=True)
class Movement:
    """A whole drive's seating, checked on construction.

    ``players`` are the player numbers taking part (sorted); usually 0 … n−1,
    but after a withdrawal or a late arrival they need not be contiguous.
    """

    rounds: tuple[Round, ...]
    players: tuple[int, ...]

    def __post_init__(self) -> None:
        known = set(self.players)
        for number, fours in enumerate(self.rounds, start=1):
            seated: set[int] = set()
            for four in fours:
                if len(four) != 4:
                    raise MovementError(f"Round {number} has a table without four players.")
                for player in four:
                    if player not in known:
                        raise MovementError(
                            f"Round {number} seats player {player + 1}, who is not in the drive."
                        )
                    if player in seated:
                        raise MovementError(f"Round {number} seats player {player + 1} twice.")
                    seated.add(player)

    @classmethod
    def build(cls, rounds: Iterable[Iterable[Sequence[int]]], players: Iterable[int]) -> Movement:
        """A movement from any nested sequences, normalised to tuples."""
        return cls(
            rounds=tuple(tuple(_four(seats) for seats in fours) for fours in rounds),
            players=tuple(sorted(set(players))),
        )

    def sit_outs(self, round_index: int) -> tuple[int, ...]:
        """The players sitting out round ``round_index`` (0-based), in order."""
        seated = {p for four in self.rounds[round_index] for p in four}
        return tuple(p for p in self.players if p not in seated)

    def as_tuples(self) -> list[list[Four]]:
        """The plain list of rounds, each a list of (N, E, S, W) tuples."""
        return [list(fours) for fours in self.rounds]


def _four(seats: Sequence[int]) -> Four:
    if len(seats) != 4:
        raise MovementError("A table needs exactly four players.")
    north, east, south, west = (int(s) for s in seats)
    return (north, east, south, west)


def partnerships(four: Four) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two partnerships in a four: N–S and E–W."""
    return (four[0], four[2]), (four[1], four[3])


def opponent_pairs(four: Four) -> tuple[tuple[int, int], ...]:
    """The four pairs of opponents in a four."""
    north, east, south, west = four
    return (north, east), (north, west), (south, east), (south, west)
