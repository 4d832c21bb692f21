"""Local search that improves an individual movement's partner and opponent counts.

The search swaps two seated players within one round. Moves are aimed at a
pair whose count is out of range (partners too often, opponents too often or
too seldom), and a move is kept when it does not make the score worse, so the
search drifts across plateaus. The work allowed is fixed for a given size,
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
# The moves a pair that meets too seldom weighs in a round: either player, or
# their partnership, into either opponent seat of the other.
MEETING_OPTIONS = 8
# Blind draws of a round before listing the rounds that fit.
ROUND_DRAWS = 4
# How often a step that worsens the score by one is kept anyway: more often when
# it is taken to mend a repeated partner. More uphill steps than these make the
# search wander off: 0.15 gave half as much opponent deviation again as 0.05,
# and 0.05 a quarter more than 0.01 (bench/movements.py).
UPHILL = 0.01
REPEAT_UPHILL = 0.05


class Targets:
    """The ranges a movement's counts should keep, from DESIGN.md's scoring.

    >>> t = Targets(players=20, partner_slots=240, opponent_slots=480)
    >>> t.partner_max, t.opponent_low, t.opponent_high
    (2, 2, 3)
    """

    def __init__(self, players: int, partner_slots: int, opponent_slots: int) -> None:
        pairs = max(1, players * (players - 1) // 2)
        self.partner_low = partner_slots // pairs
        self.partner_max = math.ceil(partner_slots / pairs)
        self.opponent_low = opponent_slots // pairs
        self.opponent_high = math.ceil(opponent_slots / pairs)

    def partner_cost(self, count: int) -> int:
        return max(0, count - self.partner_max)

    def partner_shortfall(self, count: int) -> int:
        """Partnerships missing below ⌊P/C⌋: only a tie-break, as DESIGN.md scores."""
        return max(0, self.partner_low - count)

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
        self.partner_costs = [
            PARTNER_WEIGHT * targets.partner_cost(c) + targets.partner_shortfall(c)
            for c in range(most)
        ]
        self.opponent_costs = [targets.opponent_cost(c) for c in range(most)]
        self.free = free
        self.rng = rng
        self.partners = [0] * (players * players)
        self.opponents = [0] * (players * players)
        self.position = [[-1] * players for _ in free]
        # Pairs that may be out of range; stale entries are dropped as found.
        self.suspects: list[int] = []
        self.flagged: set[int] = set()
        # Pairs that partnered too often when last counted, mended first.
        self.repeats: list[int] = []
        for seats in history:
            for base in range(0, len(seats), 4):
                north, east, south, west = seats[base : base + 4]
                four = (north, east, south, west)
                for pairs, counts in (
                    (partnerships(four), self.partners),
                    (opponent_pairs(four), self.opponents),
                ):
                    for a, b in pairs:
                        if a >= 0 and b >= 0:
                            counts[a * players + b if a < b else b * players + a] += 1
        for r, seats in enumerate(free):
            for seat, player in enumerate(seats):
                self.position[r][player] = seat
            for table_number in range(len(seats) // 4):
                self.count_table(seats, table_number, 1)
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
                    if worse >= PARTNER_WEIGHT:
                        self.repeats.append(key)
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

    def _meeting_move(self, key: int) -> tuple[int, list[tuple[int, int]], int] | None:
        """The best of the moves in one round that bring the pair ``key`` together.

        A pair short of partnerships is brought to partner: either player
        moves into the other's partner seat. Otherwise one player, or their
        whole partnership (which cannot create a repeated partner), moves into
        an opponent seat of the other. Returns the round, the swaps and the
        change of score they would make.
        """
        rng = self.rng
        a, b = divmod(key, self.n)
        r = self._round_apart(a, b)
        if r is None:
            return None
        partner = self.partners[key] < self.targets.partner_low
        options = []
        for mover, stayer in ((a, b), (b, a)):
            i, there = self.position[r][mover], self.position[r][stayer]
            if partner:
                options.append((self._swap_change(r, i, there ^ 2), rng.random(), [(i, there ^ 2)]))
                continue
            for j in (there ^ 1, there ^ 3):
                options.append((self._swap_change(r, i, j), rng.random(), [(i, j)]))
                options.append(
                    (self._pair_swap_change(r, i, j), rng.random(), [(i, j), (i ^ 2, j ^ 2)])
                )
        change, _, swaps = min(options)
        return r, swaps, change

    def _round_apart(self, a: int, b: int) -> int | None:
        """A random free round in which ``a`` and ``b`` both play, at different tables."""
        position = self.position
        for _ in range(ROUND_DRAWS):
            # A few blind draws usually find one without listing them all.
            r = self.rng.randrange(len(position))
            where = position[r]
            if where[a] >= 0 <= where[b] and where[a] >> 2 != where[b] >> 2:
                return r
        rounds = [
            r
            for r, where in enumerate(position)
            if where[a] >= 0 <= where[b] and where[a] >> 2 != where[b] >> 2
        ]
        return self.rng.choice(rounds) if rounds else None

    def _swap_change(self, r: int, i: int, j: int) -> int:
        """The change of score if seats ``i`` and ``j``, at different tables, were swapped.

        Only the two players' own pairs change, so this reads twelve counts
        and writes none: the search weighs every seat of a round this way.
        """
        seats = self.free[r]
        n = self.n
        partners, opponents = self.partners, self.opponents
        partner_costs, opponent_costs = self.partner_costs, self.opponent_costs
        change = 0
        for me, old, new in ((seats[i], i, j), (seats[j], j, i)):
            old_table, new_table = old & ~3, new & ~3
            for offset in range(4):
                seat = old_table + offset
                if seat != old:
                    other = seats[seat]
                    key = me * n + other if me < other else other * n + me
                    if seat ^ old == 2:
                        count = partners[key]
                        change += partner_costs[count - 1] - partner_costs[count]
                    else:
                        count = opponents[key]
                        change += opponent_costs[count - 1] - opponent_costs[count]
                seat = new_table + offset
                if seat != new:
                    other = seats[seat]
                    key = me * n + other if me < other else other * n + me
                    if seat ^ new == 2:
                        count = partners[key]
                        change += partner_costs[count + 1] - partner_costs[count]
                    else:
                        count = opponents[key]
                        change += opponent_costs[count + 1] - opponent_costs[count]
        return change

    def _pair_swap_change(self, r: int, i: int, j: int) -> int:
        """The change of score if the partnerships at seats ``i`` and ``j`` traded places.

        Partners stay together, so only opponent counts change.
        """
        seats = self.free[r]
        n = self.n
        opponents, costs = self.opponents, self.opponent_costs
        change = 0
        for mine, theirs in ((i, j), (j, i)):
            # My partnership leaves the partnership across my table for the one across theirs.
            for me in (seats[mine], seats[mine ^ 2]):
                for seat, step in (
                    (mine ^ 1, -1),
                    (mine ^ 3, -1),
                    (theirs ^ 1, 1),
                    (theirs ^ 3, 1),
                ):
                    other = seats[seat]
                    key = me * n + other if me < other else other * n + me
                    count = opponents[key]
                    change += costs[count + step] - costs[count]
        return change

    def _best_swap(self, r: int, i: int) -> tuple[int, int]:
        """A seat at another table of round ``r`` to swap with seat ``i``, and the change.

        Any swap that improves the score, chosen at random, else any that
        keeps it, else the least bad: a strictly best choice makes the search
        cycle between the same few movements.
        """
        table = i >> 2
        best, least_bad = 0, -1
        better, level = [], []
        for j in range(len(self.free[r])):
            if j >> 2 != table:
                change = self._swap_change(r, i, j)
                if change < 0:
                    better.append((j, change))
                elif change == 0:
                    level.append(j)
                elif least_bad < 0 or change < best:
                    best, least_bad = change, j
        if better:
            return self.rng.choice(better)
        if level:
            return self.rng.choice(level), 0
        return least_bad, best

    def run(self, work: int) -> None:
        """Search until ``work`` is spent or no pair is out of range.

        A pair that meets too often is split where it meets by the best swap
        of one of its players in that round, every seat weighed; a pair that
        meets too seldom is brought together by the best of a few moves in a
        random round. Work counts the moves weighed, each a dozen or so
        counts read. Near a good movement almost every random
        swap that splits a pair makes another meet twice, while the best of
        a round's swaps usually finds one that does not.
        """
        rng = self.rng
        suspects, repeats = self.suspects, self.repeats
        targets = self.targets
        while work > 0 and suspects:
            if repeats:
                # A repeated partner matters most: mend those first.
                index, key = -1, repeats[-1]
                if self.partners[key] <= targets.partner_max:
                    repeats.pop()
                    continue
            else:
                index = rng.randrange(len(suspects))
                key = suspects[index]
                if not self._pair_cost(key):
                    # Mended already: forget it.
                    suspects[index] = suspects[-1]
                    suspects.pop()
                    self.flagged.discard(key)
                    continue
            too_many = (
                self.partners[key] > targets.partner_max
                or self.opponents[key] > targets.opponent_high
            )
            work -= self._split(index, key) if too_many else self._bring_together(index, key)

    def _split(self, index: int, key: int) -> int:
        """Split a pair that meets too often by the best swap where it meets; the work spent."""
        met = self._rounds_met(key)
        if not met:
            # Only the fixed history holds it: nothing to mend.
            self._forget(index)
            return 0
        rng = self.rng
        r = rng.choice(met)
        i = self.position[r][rng.choice(divmod(key, self.n))]
        if len(self.free[r]) == 4:
            # One table: nobody to swap with.
            self._forget(index)
            return len(self.free[r]) + 1
        j, change = self._best_swap(r, i)
        # Rarely accept a small step uphill to leave a local minimum; a repeated
        # partner is worth more of them.
        repeat = self.partners[key] > self.targets.partner_max
        uphill = REPEAT_UPHILL if repeat else UPHILL
        if change <= 0 or (change == 1 and rng.random() < uphill):
            self._swap(r, [(i, j)])
        return len(self.free[r]) + 1

    def _bring_together(self, index: int, key: int) -> int:
        """Bring a pair that meets too seldom together by the best of a few moves; the work."""
        move = self._meeting_move(key)
        if move is None:
            self._forget(index)
        else:
            r, swaps, change = move
            if change <= 0 or (change == 1 and self.rng.random() < UPHILL):
                self._swap(r, swaps)
        return MEETING_OPTIONS + 1

    def _forget(self, index: int) -> None:
        """Drop a pair the free rounds cannot mend: a repeat (−1) or ``suspects[index]``."""
        if index < 0:
            self.repeats.pop()
        else:
            self.suspects[index] = self.suspects[-1]
            self.suspects.pop()

    def _rounds_met(self, key: int) -> list[int]:
        """The free rounds in which the pair ``key`` sits at one table."""
        a, b = divmod(key, self.n)
        return [
            r
            for r, where in enumerate(self.position)
            if where[a] >= 0 and where[b] >= 0 and where[a] >> 2 == where[b] >> 2
        ]
