"""A first seating for an individual movement, built round by round.

Partnerships come from a round-robin (the circle method): its rounds are
perfect matchings in which every two players are paired exactly once, so a
drive that uses each matching at most once never repeats a partner. Each round
takes the unused matching that best fits who sits out, and then opposes
partnerships greedily, each against the best of a few candidates. The local
search in :mod:`scoring.movements.search` improves the result.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from scoring.movements.search import SeatSearch, Targets

# How many matchings, and how many opposing partnerships, each choice weighs.
CHOICES = 12


def targets_for(
    players: int, history: Sequence[Sequence[int]], free: Sequence[Sequence[int]]
) -> Targets:
    """The count ranges for ``history`` (−1 for an absent player) plus ``free`` rounds."""
    slots = sum(len(seats) for seats in free) + sum(
        1 for seats in history for player in seats if player >= 0
    )
    return Targets(players, slots // 2, slots)


def round_robin(players: int) -> list[list[tuple[int, int]]]:
    """Perfect matchings of the players, each pair in exactly one.

    With an odd count a phantom numbered ``players`` makes it even.

    >>> round_robin(4)
    [[(3, 0), (1, 2)], [(3, 1), (2, 0)], [(3, 2), (0, 1)]]
    """
    circle = players - 1 + players % 2
    return [
        [(circle, r)] + [((r + i) % circle, (r - i) % circle) for i in range(1, (circle + 1) // 2)]
        for r in range(circle)
    ]


@dataclass
class SitOuts:
    """Who has sat out so far, and for how many more rounds to plan.

    The choice is fair: fewest sit-outs first, never two rounds running where
    avoidable, so nobody sits out twice before everyone has once. Among the
    players the rule leaves level, the seating prefers ones who are partners
    in the round's matching, so sitting out breaks no partnership.
    """

    counts: list[int]
    sat_out_last: set[int]
    rounds: int

    def fair_order(self, rank: list[int]) -> list[int]:
        return sorted(
            range(len(self.counts)),
            key=lambda p: (self.counts[p], p in self.sat_out_last, rank[p]),
        )

    def record(self, out: Collection[int]) -> None:
        for p in out:
            self.counts[p] += 1
        self.sat_out_last = set(out)


def fair_next(
    out: Collection[int], counts: Sequence[int], last: Collection[int], spread: int = 1
) -> bool:
    """The sit-out rule: whether ``out`` may sit out next, after ``counts`` and ``last``.

    Nobody sits out two rounds running, and nobody gets more than ``spread``
    sit-outs ahead of anyone (with one, nobody sits out a second time before
    everyone has once). ``counts`` holds each player's sit-outs so far and
    ``last`` who sat out the round before.

    >>> fair_next({2}, [1, 1, 0], last={0}), fair_next({0}, [1, 1, 0], last={1})
    (True, False)
    """
    if any(player in last for player in out):
        return False
    after = counts_after(out, counts)
    return max(after) - min(after) <= spread


def counts_after(out: Collection[int], counts: Sequence[int]) -> list[int]:
    """Each player's sit-outs once ``out`` have sat out one more round."""
    return [count + (player in out) for player, count in enumerate(counts)]


def greedy_seating(
    players: int, history: Sequence[Sequence[int]], sit_outs: SitOuts, rng: random.Random
) -> list[list[int]]:
    """Seat ``sit_outs.rounds`` rounds after ``history``: flat seat lists."""
    per_round = players % 4
    free_slots = [[0] * (players - per_round)] * sit_outs.rounds
    # Only the counts are used here: each round joins them once it is seated.
    search = SeatSearch(
        players,
        targets_for(players, history, free_slots),
        history,
        [],
        rng,
        rounds=len(history) + sit_outs.rounds,
    )
    rank = list(range(players))
    matchings: list[list[tuple[int, int]]] = []
    rounds = []
    cycle = None
    for _ in range(sit_outs.rounds):
        if min(sit_outs.counts) != cycle:
            # A new cycle of sit-outs, a new order: the same players should
            # not keep sitting out together (and so keep missing each other).
            cycle = min(sit_outs.counts)
            rng.shuffle(rank)
        if not matchings:
            matchings = round_robin(players)
            rng.shuffle(matchings)
        order = sit_outs.fair_order(rank)
        choices = [
            (_misfit(search, matchings[m], {*out, players}), m, out)
            for m in range(min(CHOICES, len(matchings)))
            for out in [_sit_outs_for(matchings[m], order, sit_outs, per_round)]
        ]
        _, best, out = min(choices)
        sit_outs.record(out)
        absent = {*out, players}  # players is the phantom of an odd count
        rounds.append(_oppose(search, _partnerships(search, matchings.pop(best), absent), rng))
    return rounds


def oppose(
    players: int, partnerships: Sequence[Sequence[tuple[int, int]]], rng: random.Random
) -> list[list[int]]:
    """Seat rounds whose partnerships are settled, opposing them greedily: flat seat lists."""
    free_slots = [[0] * (2 * len(pairs)) for pairs in partnerships]
    search = SeatSearch(
        players, targets_for(players, [], free_slots), [], [], rng, rounds=len(partnerships)
    )
    return [_oppose(search, list(pairs), rng) for pairs in partnerships]


def _oppose(search: SeatSearch, pairs: list[tuple[int, int]], rng: random.Random) -> list[int]:
    """One round's seats, each partnership against the best of a few others; counted."""
    rng.shuffle(pairs)
    seats: list[int] = []
    while pairs:
        north, south = pairs.pop()
        east, west = _opposition(search, (north, south), pairs)
        seats += (north, east, south, west)
    for table in range(len(seats) // 4):
        search.count_table(seats, table, 1)
    return seats


def _sit_outs_for(
    matching: list[tuple[int, int]], order: list[int], sit_outs: SitOuts, per_round: int
) -> list[int]:
    """The fair sit-outs for a round, as whole pairs of ``matching`` where possible.

    The first ``per_round`` of ``order`` are the fair choice; any player level
    with the last of them may stand in, so that partners sit out together.
    """
    if not per_round:
        return []

    def level(p: int) -> tuple[int, bool]:
        return sit_outs.counts[p], p in sit_outs.sat_out_last

    limit = level(order[per_round - 1])
    may = {p for p in order if level(p) == limit}
    chosen = [p for p in order[:per_round] if level(p) < limit]
    partner = {a: b for pair in matching for a, b in (pair, pair[::-1])}
    phantom = len(order)

    def take(*group: int) -> None:
        if len(chosen) + len(group) <= per_round and all(
            p in may and p not in chosen for p in group
        ):
            chosen.extend(group)

    for p in list(chosen):
        take(partner[p])  # sits out with a partner who must
    if phantom in partner:
        take(partner[phantom])  # the odd one out of an odd count
    for p in may:
        take(p, partner[p])  # a whole pair
    for p in may:
        take(p)
    return chosen


def _partnerships(
    search: SeatSearch, matching: list[tuple[int, int]], absent: set[int]
) -> list[tuple[int, int]]:
    """The matching's pairs of players present; those left without a partner pair up.

    Each of those takes, of the others left, the one it has partnered least.
    """
    n = search.n
    whole = [pair for pair in matching if not absent & set(pair)]
    single = [p for pair in matching for p in pair if absent & set(pair) and p not in absent]
    while single:
        a = single.pop()
        b = min(single, key=lambda q: search.partners[a * n + q if a < q else q * n + a])
        single.remove(b)
        whole.append((a, b))
    return whole


def _misfit(search: SeatSearch, matching: list[tuple[int, int]], absent: set[int]) -> int:
    """How badly a matching fits this round: broken pairs, then partners already used."""
    n = search.n
    broken = sum(1 for a, b in matching if (a in absent) != (b in absent))
    used = sum(
        search.partners[a * n + b if a < b else b * n + a]
        for a, b in matching
        if a not in absent and b not in absent
    )
    return len(matching) * broken + used


def _opposition(
    search: SeatSearch, pair: tuple[int, int], pairs: list[tuple[int, int]]
) -> tuple[int, int]:
    """Remove and return the partnership, of the last few in ``pairs``, best to oppose ``pair``."""
    n = search.n
    costs = search.opponent_costs
    best_index, best_cost = len(pairs) - 1, None
    for index in range(len(pairs) - 1, max(-1, len(pairs) - 1 - CHOICES), -1):
        cost = 0
        for a in pair:
            for b in pairs[index]:
                count = search.opponents[a * n + b if a < b else b * n + a]
                cost += costs[count + 1] - costs[count]
        if best_cost is None or cost < best_cost:
            best_index, best_cost = index, cost
    pairs[best_index], pairs[-1] = pairs[-1], pairs[best_index]
    return pairs.pop()
