"""Starts for drives long enough to partner nearly every pair once, with no design to lean on.

Two cases the designs with phantoms (:func:`scoring.movements.design.phantom_design`)
leave open, because no order of their rounds keeps the sit-outs fair:

* :func:`rotation` — 4k+3 players over up to 4k+5 rounds (15 × 17 partners
  all but 3 of the 105 pairs). The players are the integers mod 4k+3; round i
  partners i−j with i+j for j = 2 … 2k+1 and sits out i−1, i, i+1. Taking the
  rounds in steps of three, the sit-outs run −1, 0, 1, 2, 3, … round the
  circle, so nobody sits out twice before everyone has once. The pairs
  {x, x+2} that no round partners form one cycle through all the players, and
  the last two rounds partner every other pair along it.
* :func:`one_table` — fewer than eight players, one table a round: small
  enough to search outright (7 × 10 partners 20 of the 21 pairs).

Both give the partnerships of each round in the order to play them, every
sit-out fair: nobody sits out two rounds running, nor a second time before
everyone has once. Who opposes whom is still open (:func:`two_by_two`).

>>> plan = rotation(15, 17)
>>> len(plan), len(plan[0])
(17, 6)
>>> rotation(15, 20) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Collection
from functools import cache
from itertools import combinations

from scoring.movements.greedy import counts_after, fair_next

#: The partnerships of each round, in the order to play them.
Plan = list[list[tuple[int, int]]]

# Matches a one-table search tries before giving up; every field under eight
# players it is asked for takes well under this.
ONE_TABLE_NODES = 20_000
# Pairings of a round's partnerships weighed for each number of repeated differences allowed.
COUPLE_NODES = 5_000


def rotation(players: int, rounds: int) -> Plan | None:
    """Partnerships for 4k+3 players (k ≥ 1) repeating none, or None past 4k+5 rounds.

    Taken two by two, a turn's partnerships make tables at which most pairs
    oppose twice (:func:`_opposed_couples`).
    """
    k, rest = divmod(players - 3, 4)
    if rest or k < 1 or rounds > players + 2:
        return None
    steps = players // 3
    couples = _opposed_couples(players)
    played = []
    for t in range(min(rounds, players)):
        # Steps of three pass every centre once when 3 does not divide the count; when it
        # does, each pass of a third of the rounds starts one further on.
        centre = (3 * t if players % 3 else 3 * (t % steps) + t // steps) % players
        played.append(
            [((centre - j) % players, (centre + j) % players) for couple in couples for j in couple]
        )
    if rounds > players:
        # A whole turn of the circle has sat everyone out three times.
        last = set(range(players)).difference(*played[-1])
        extra = _along_the_cycle(players, rounds - players, [3] * players, last)
        if extra is None:
            return None
        played += extra
    return played


@cache
def _opposed_couples(players: int) -> tuple[tuple[int, int], ...]:
    """The partnerships j = 2 … 2k+1 of a round two by two, so that most pairs oppose twice.

    At the table of partnerships j and j′, players opposed differ by j − j′
    and by j + j′ (mod the count, either way round), each twice; turning
    the round, every pair of players with that difference opposes once. A
    search takes the couples that repeat fewest differences, so that most
    pairs oppose twice a turn and the fewest four times; the neighbours
    (2, 3), (4, 5), … if it runs out of time.
    """
    k = (players - 3) // 4
    search = _CoupleSearch(players)
    for repeats in range(2 * k + 1):
        search.budget = COUPLE_NODES
        if search.pair_up(list(range(2, 2 * k + 2)), repeats):
            return tuple(search.couples)
    return tuple((j, j + 1) for j in range(2, 2 * k + 2, 2))


class _CoupleSearch:
    """The depth-first search of :func:`_opposed_couples`: couples so far, differences met."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.couples: list[tuple[int, int]] = []
        self.seen = [0] * players
        self.budget = 0

    def difference(self, d: int) -> int:
        return min(d % self.players, -d % self.players)

    def pair_up(self, rest: list[int], spare: int) -> bool:
        if not rest:
            return True
        self.budget -= 1
        if self.budget < 0:
            return False
        seen, first = self.seen, rest[0]
        options = []
        for second in rest[1:]:
            met = (self.difference(second - first), self.difference(second + first))
            cost = seen[met[0]] + seen[met[1]]
            # A difference met three times a turn is worse than two met twice.
            if cost <= spare and max(seen[d] for d in met) < 2:
                options.append((cost, second, met))
        for cost, second, met in sorted(options):
            for d in met:
                seen[d] += 1
            self.couples.append((first, second))
            if self.pair_up([j for j in rest if j not in (first, second)], spare - cost):
                return True
            self.couples.pop()
            for d in met:
                seen[d] -= 1
        return False


def _along_the_cycle(
    players: int, wanted: int, counts: list[int], last: set[int]
) -> list[list[tuple[int, int]]] | None:
    """``wanted`` rounds of pairs {x, x+2}, none twice, their sit-outs fair after ``counts``."""
    # Along the cycle 0, 2, 4, … the pair at position p is (cycle[p], cycle[p + 1]). A round
    # leaves three positions out and partners the rest in the runs between them, which must
    # therefore be of even length.
    cycle = [2 * m % players for m in range(players)]
    options = []
    for out in combinations(range(players), 3):
        gaps = (out[1] - out[0] - 1, out[2] - out[1] - 1, players - out[2] + out[0] - 1)
        if any(gap % 2 for gap in gaps):
            continue
        starts = {
            (start + step) % players
            for start, gap in zip(out, gaps, strict=True)
            for step in range(1, gap, 2)
        }
        options.append((frozenset(cycle[p] for p in out), frozenset(starts)))

    chosen: list[frozenset[int]] = []

    def extend(used: frozenset[int], counts: list[int], last: Collection[int]) -> bool:
        if len(chosen) == wanted:
            return True
        for out, starts in options:
            if used & starts or not fair_next(out, counts, last):
                continue
            chosen.append(starts)
            if extend(used | starts, counts_after(out, counts), out):
                return True
            chosen.pop()
        return False

    if not extend(frozenset(), counts, last):
        return None
    return [[(cycle[p], cycle[(p + 1) % players]) for p in sorted(starts)] for starts in chosen]


def one_table(players: int, rounds: int, rng: random.Random) -> Plan | None:
    """The two partnerships of each round for 4–7 players, none twice, or None if none is found."""
    if not 4 <= players < 8 or 2 * rounds > players * (players - 1) // 2:
        return None
    everyone = range(players)
    matches = [
        ((a, c), (b, d))
        for a, c in combinations(everyone, 2)
        for b, d in combinations(everyone, 2)
        if a < b and len({a, b, c, d}) == 4
    ]
    rng.shuffle(matches)
    chosen: Plan = []
    budget = [ONE_TABLE_NODES]

    def extend(partnered: frozenset[tuple[int, int]], counts: list[int], last: set[int]) -> bool:
        if len(chosen) == rounds:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        for match in matches:
            out = set(everyone).difference(*match)
            if partnered.intersection(match) or not fair_next(out, counts, last):
                continue
            chosen.append(list(match))
            if extend(partnered.union(match), counts_after(out, counts), out):
                return True
            chosen.pop()
        return False

    return chosen if extend(frozenset(), [0] * players, set()) else None


def two_by_two(plan: Plan) -> list[list[int]]:
    """Flat seats for a plan, its partnerships taken two to a table, the first of each N–S."""
    return [
        [
            seat
            for (north, south), (east, west) in zip(pairs[::2], pairs[1::2], strict=True)
            for seat in (north, east, south, west)
        ]
        for pairs in plan
    ]
