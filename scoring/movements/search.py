"""Local search that improves an individual movement's partner and opponent counts.

The search swaps two seated players within one round. Moves are aimed at a
pair whose count is out of range (partners too often, opponents too often or
too seldom), and a move is kept when it does not make the score worse, so the
search drifts across plateaus. The number of steps is fixed for a given size,
which keeps a seed's result reproducible on any machine.

Seats in a round are a flat list: table t holds seats 4t … 4t+3 in the order
N, E, S, W, so a seat's partner is ``seat ^ 2`` and its opponents are
``seat ^ 1`` and ``seat ^ 3``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from scoring.movements.base import opponent_pairs, partnerships

# A repeated partner outweighs any number of opponent misfits a round can hold.
PARTNER_WEIGHT = 1000
# How often a step that worsens the score by one is kept anyway.
UPHILL = 0.05


class Targets:
    """The ranges a movement's counts should keep, from DESIGN.md's scoring.

    >>> t = Targets(players=20, partner_slots=240, opponent_slots=480)
    >>> t.partner_max, t.opponent_low, t.opponent_high
    (2, 2, 3)
    """

    def __init__(self, players: int, partner_slots: int, opponent_slots: int) -> None:
        pairs = max(1, players * (players - 1) // 2)
        self.partner_max = math.ceil(partner_slots / pairs)
        self.opponent_low = opponent_slots // pairs
        self.opponent_high = math.ceil(opponent_slots / pairs)

    def partner_cost(self, count: int) -> int:
        return max(0, count - self.partner_max)

    def opponent_cost(self, count: int) -> int:
        if count < self.opponent_low:
            return self.opponent_low - count
        return max(0, count - self.opponent_high)


class SeatSearch:
    """Counts and seats of a movement whose ``free`` rounds may still change.

    ``history`` holds rounds that are already fixed, as flat seat lists in
    which −1 marks a player no longer in the drive; they count towards the
    totals but are never touched. ``free`` is changed in place.
    """

    def __init__(
        self,
        players: int,
        targets: Targets,
        history: Sequence[Sequence[int]],
        free: list[list[int]],
        rng: random.Random,
        rounds: int | None = None,
    ) -> None:
        self.n = players
        self.targets = targets
        # Score of a pair by its count, looked up rather than computed: this is
        # the inner loop. A pair meets at most once a round.
        most = (rounds if rounds is not None else len(history) + len(free)) + 2
        self.partner_costs = [PARTNER_WEIGHT * targets.partner_cost(c) for c in range(most)]
        self.opponent_costs = [targets.opponent_cost(c) for c in range(most)]
        self.free = free
        self.rng = rng
        self.partners = [0] * (players * players)
        self.opponents = [0] * (players * players)
        self.position = [[-1] * players for _ in free]
        # Pairs that may be out of range; stale entries are dropped as found.
        self.suspects: list[int] = []
        self.flagged: set[int] = set()
        for seats in history:
            for base in range(0, len(seats), 4):
                north, east, south, west = seats[base : base + 4]
                table = (north, east, south, west)
                for pairs, counts in (
                    (partnerships(table), self.partners),
                    (opponent_pairs(table), self.opponents),
                ):
                    for a, b in pairs:
                        if a >= 0 and b >= 0:
                            counts[a * players + b if a < b else b * players + a] += 1
        for r, seats in enumerate(free):
            for seat, player in enumerate(seats):
                self.position[r][player] = seat
            for table in range(len(seats) // 4):
                self.count_table(seats, table, 1)
        self.suspects = [
            a * players + b
            for a in range(players)
            for b in range(a + 1, players)
            if self._pair_cost(a * players + b)
        ]
        self.flagged = set(self.suspects)

    def _pair_cost(self, key: int) -> int:
        return self.partner_costs[self.partners[key]] + self.opponent_costs[self.opponents[key]]

    def count_table(self, seats: Sequence[int], table: int, step: int) -> int:
        """Add (+1) or remove (−1) one table's pairs; returns the change of score."""
        north, east, south, west = seats[4 * table : 4 * table + 4]
        n = self.n
        change = 0
        for pairs, counts, costs in (
            (((north, south), (east, west)), self.partners, self.partner_costs),
            (
                ((north, east), (north, west), (south, east), (south, west)),
                self.opponents,
                self.opponent_costs,
            ),
        ):
            for a, b in pairs:
                key = a * n + b if a < b else b * n + a
                count = counts[key]
                counts[key] = count + step
                worse = costs[count + step] - costs[count]
                if worse:
                    change += worse
                    if worse > 0 and key not in self.flagged:
                        self.flagged.add(key)
                        self.suspects.append(key)
        return change

    def score(self) -> int:
        """The weighted score over all pairs: 0 is a perfect movement."""
        n = self.n
        return sum(self._pair_cost(a * n + b) for a in range(n) for b in range(a + 1, n))

    def _swap(self, r: int, swaps: list[tuple[int, int]]) -> int:
        """Swap seats in round ``r``, in order; returns the change of score."""
        seats = self.free[r]
        where = self.position[r]
        tables = {seat >> 2 for swap in swaps for seat in swap}
        change = sum(self.count_table(seats, t, -1) for t in tables)
        for i, j in swaps:
            seats[i], seats[j] = seats[j], seats[i]
            where[seats[i]] = i
            where[seats[j]] = j
        return change + sum(self.count_table(seats, t, 1) for t in tables)

    def _move_for(self, key: int) -> tuple[int, list[tuple[int, int]]] | None:
        """A round and the seat swaps in it that might mend the pair ``key``.

        Opponent misfits are often mended by moving a whole partnership, which
        cannot create a repeated partner; partner repeats need a single player
        moved.
        """
        rng = self.rng
        a, b = divmod(key, self.n)
        if rng.random() < 0.5:
            a, b = b, a
        t = self.targets
        too_many_partners = self.partners[key] > t.partner_max
        too_many = too_many_partners or self.opponents[key] > t.opponent_high
        if too_many:
            rounds = [
                r
                for r, where in enumerate(self.position)
                if where[a] >= 0 and where[b] >= 0 and where[a] >> 2 == where[b] >> 2
            ]
        else:
            rounds = [r for r, where in enumerate(self.position) if where[a] >= 0 <= where[b]]
        if not rounds:
            return None
        r = rng.choice(rounds)
        seat_a, seat_b = self.position[r][a], self.position[r][b]
        if too_many:
            i, j = seat_a, rng.randrange(len(self.free[r]))
        else:
            # Bring b into one of a's opponent seats.
            i, j = seat_b, seat_a ^ rng.choice((1, 3))
        if i >> 2 == j >> 2:
            return r, [(i, j)] if i != j and i ^ 2 != j else []
        if too_many_partners or rng.random() < 0.5:
            return r, [(i, j)]
        return r, [(i, j), (i ^ 2, j ^ 2)]

    def run(self, steps: int) -> None:
        """Try ``steps`` moves, stopping early once no pair is out of range."""
        rng = self.rng
        suspects = self.suspects
        for _ in range(steps):
            if not suspects:
                return
            index = rng.randrange(len(suspects))
            key = suspects[index]
            if not self._pair_cost(key):
                # Mended already: forget it.
                suspects[index] = suspects[-1]
                suspects.pop()
                self.flagged.discard(key)
                continue
            move = self._move_for(key)
            if move is None:
                # Only the fixed history holds it: nothing to mend.
                suspects[index] = suspects[-1]
                suspects.pop()
                continue
            r, swaps = move
            change = self._swap(r, swaps)
            # Rarely accept a small step uphill to leave a local minimum.
            if change > 0 and not (change == 1 and rng.random() < UPHILL):
                self._swap(r, swaps[::-1])
