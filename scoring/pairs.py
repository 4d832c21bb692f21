"""Fixed partnerships (Mitchell and Howell drives) ranked as pairs beside the players.

Partners sit opposite each other, N with S or E with W, at every table they play, and
score alike, so a pair's standing is its partners' (:mod:`scoring.standings`) and the
pairs are placed among themselves by the players' ranks: one place below the pairs
ranked above it, pairs level sharing the place. Partners level on every figure share
their place among the players (=1, =1, =3, =3), which the pairs' table reads as 1, 2.

>>> from decimal import Decimal
>>> from scoring.standings import Standing
>>> def row(player, rank, points):
...     return Standing(player, rank, True, Decimal(points), 8, 0, Decimal(1), (), 0, Decimal(1))
>>> ranked = [row(1, 1, 40), row(3, 1, 40), row(2, 3, 30), row(4, 3, 30)]
>>> [(p.players, p.rank_label) for p in pair_standings(ranked, partners([{"N": 1, "S": 3,
...     "E": 2, "W": 4}]))]
[((1, 3), '1'), ((2, 4), '2')]
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from scoring.standings import Standing, rank_label

#: The seats that partner each other at a table.
_PARTNER_SEATS = (("N", "S"), ("E", "W"))


@dataclass(frozen=True, slots=True)
class PairStanding:
    """A partnership's line: its two players, first the one placed first, and their standing."""

    players: tuple[int, int]
    standing: Standing
    rank: int
    shared: bool

    @property
    def rank_label(self) -> str:
        return rank_label(self.rank, self.shared)


def partners(tables: Iterable[Mapping[str, int]]) -> dict[int, int]:
    """Each player's partner, from the seats (seat letter → player) of the tables played.

    >>> partners([{"N": 1, "E": 2, "S": 3, "W": 4}, {"N": 5, "S": 6, "E": 7}])
    {1: 3, 3: 1, 2: 4, 4: 2, 5: 6, 6: 5}
    """
    partner: dict[int, int] = {}
    for seats in tables:
        for one, other in _PARTNER_SEATS:
            if one in seats and other in seats:
                partner[seats[one]], partner[seats[other]] = seats[other], seats[one]
    return partner


def pair_standings(ranked: Sequence[Standing], partner: Mapping[int, int]) -> list[PairStanding]:
    """The pairs of ``ranked`` (the players' standings, best first), best first.

    A player without a partner in ``partner`` (one who never sat at a full table) is in
    no pair; a pair's standing is its first-placed partner's.
    """
    pairs: list[tuple[Standing, int]] = []
    placed: set[int] = set()
    for standing in ranked:
        mate = partner.get(standing.player)
        if mate is None or standing.player in placed:
            continue
        placed |= {standing.player, mate}
        pairs.append((standing, mate))
    ranks = [standing.rank for standing, _mate in pairs]
    return [
        PairStanding(
            (standing.player, mate),
            standing,
            rank=1 + sum(rank < standing.rank for rank in ranks),
            shared=ranks.count(standing.rank) > 1,
        )
        for standing, mate in pairs
    ]
