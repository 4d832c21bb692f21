"""Balanced individual movements: everyone changes partner every round.

:func:`individual` starts from a perfect whist tournament design when the
player count has one (repeating it when the drive is longer), otherwise from a
greedy seating and, when nearly every pair must partner once, from a start
that repeats no partner: a design for one or two players more played with
phantoms, or failing that a rotation of 4k+3 players or a search of one
table's rounds (:mod:`scoring.movements.tight`); then it improves partner
and opponent counts by local search.
The same planner continues a drive after a late arrival or a withdrawal
(:mod:`scoring.movements.replan`).

>>> m = individual(8, 7)
>>> len(m.rounds), len(m.rounds[0])
(7, 2)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Sequence

from scoring.errors import MovementError
from scoring.movements.base import MIN_PLAYERS, Four, Movement
from scoring.movements.design import perfect_design, phantom_design
from scoring.movements.greedy import SitOuts, greedy_seating, oppose, targets_for
from scoring.movements.search import SeatSearch
from scoring.movements.tiebreaks import order_rounds, orient_tables
from scoring.movements.tight import one_table, rotation, two_by_two

# Work of local search (moves weighed) per seat of the drive, and a ceiling so
# that no drive, up to 200 players over 52 rounds, takes the organiser two
# seconds (1.5 s of processor time at most on a busy machine). Near its best
# the search gains little from more: half as much again changed the opponent
# deviation of 42–56 players by under 1 %. Each start gets a share of it; the
# best goes on with the rest.
WORK_PER_SEAT = 300
MAX_WORK = 240_000
TRIAL_SHARE = 0.25
# How many orders of a design's rounds to try for a part-cycle.
DESIGN_ORDERS_TRIED = 16
# Orders of a phantom design's rounds weighed, for each of a few choices of the
# phantoms, before giving it up.
FAIR_ORDER_NODES = 400
# Above this share of the pairs partnering, a greedy start may leave a partner
# repeated that the local search cannot mend (none did below 94 %).
TIGHT_FILL = 0.85
PHANTOM_CHOICES = 6


def individual(players: int, rounds: int, seed: int = 0) -> Movement:
    """An individual movement for ``players`` over ``rounds``, reproducible by ``seed``.

    With a perfect design (8, 12, 13, … players) and whole cycles of it, every
    two players partner once per cycle and oppose twice:

    >>> from scoring.movements.quality import quality
    >>> q = quality(individual(13, 13))
    >>> (q.partner_min, q.partner_max, q.opponent_min, q.opponent_max)
    (1, 1, 2, 2)
    """
    check_size(players, rounds)
    design = perfect_design(players)
    starts: list[Callable[[random.Random], list[list[int]]]] = [
        lambda rng: greedy_seating(players, [], SitOuts([0] * players, set(), rounds), rng)
    ]
    if design and rounds % len(design) == 0:
        # Whole cycles of a perfect design: nothing to improve on.
        starts = []
    if design:
        starts.insert(0, lambda rng: _design_start(players, design, rounds))
    else:
        tight = 2 * (players // 4) * rounds >= TIGHT_FILL * players * (players - 1) / 2
        # One table a round leaves the local search too few moves to mend a repeated partner
        # (6 × 6 kept one at 80 %).
        if tight or players // 4 == 1:
            # The local search only moves seated players, so a start that repeats no partner
            # keeps none: the sure way to fill nearly every pair once (46 × 46 fills 98 %).
            starts[:0] = [_copied(start) for start in _partner_starts(players, rounds, seed)]
    # A part-cycle of a design keeps partners perfect but not always opponents; the local
    # search sometimes does better from a greedy start, so both are tried and the best kept.
    searches = []
    for start in starts:
        rng = random.Random(seed)
        seats = start(rng)
        searches.append(SeatSearch(players, targets_for(players, [], seats), [], seats, rng))
    work = min(MAX_WORK, WORK_PER_SEAT * 4 * (players // 4) * rounds)
    if len(searches) > 1:
        for search in searches:
            search.run(int(work * TRIAL_SHARE))
        work -= int(work * TRIAL_SHARE) * len(searches)
    best = min(searches, key=SeatSearch.score)
    best.run(work)
    return Movement.build(
        finish(players, [], best.free, [0] * players, set()),
        range(players),
    )


def _design_start(players: int, design: list[list[Four]], rounds: int) -> list[list[int]]:
    """Whole cycles of the design, then the part-cycle that balances opponents best.

    A part-cycle keeps partners perfect but not opponents, and which rounds it
    takes matters: it takes rounds 0, k, 2k, … (mod the cycle) for the step k,
    among a few tried, that leaves the fewest opponent misfits.
    """
    length = len(design)
    whole = [_flat(design[r % length]) for r in range(rounds - rounds % length)]
    part = rounds % length
    if not part:
        return whole
    steps = [k for k in range(1, length) if math.gcd(k, length) == 1][:DESIGN_ORDERS_TRIED]

    def start_for(k: int) -> list[list[int]]:
        return whole + [_flat(design[i * k % length]) for i in range(part)]

    return start_for(min(steps, key=lambda k: _misfits(players, start_for(k))))


def _copied(seats: list[list[int]]) -> Callable[[random.Random], list[list[int]]]:
    """A start that hands the search its own copy of ``seats``, which it changes in place."""
    return lambda rng: [list(round_seats) for round_seats in seats]


def _partner_starts(players: int, rounds: int, seed: int) -> list[list[list[int]]]:
    """Starts that partner nearly every pair once, keeping the sit-outs fair.

    A design with phantoms opposes pairs most evenly, but past one cycle of it
    it repeats partners, which the search does not always mend; then a
    rotation (4k+3 players) or, for one table, a search is tried beside it,
    its partnerships opposed whichever way fits the targets better.
    """
    phantom = _phantom_start(players, rounds, random.Random(seed))
    if phantom is not None and not _repeats_a_partner(phantom):
        return [phantom]
    starts = [] if phantom is None else [phantom]
    for plan in (rotation(players, rounds), one_table(players, rounds, random.Random(seed))):
        if plan is not None:
            ways = (two_by_two(plan), oppose(players, plan, random.Random(seed)))
            starts.append(min(ways, key=lambda seats: _misfits(players, seats)))
    return starts


def _misfits(players: int, seats: list[list[int]]) -> int:
    """The search's score of ``seats`` as they stand: how far their counts miss the targets."""
    return SeatSearch(players, targets_for(players, [], seats), [], seats, random.Random(0)).score()


def _repeats_a_partner(rounds: Sequence[Sequence[int]]) -> bool:
    partnered = [
        frozenset(seats[seat : seat + 3 : 2])
        for seats in rounds
        for seat in range(len(seats))
        if seat % 4 < 2
    ]
    return len(set(partnered)) < len(partnered)


def _phantom_start(players: int, rounds: int, rng: random.Random) -> list[list[int]] | None:
    """Rounds of a design with one or two phantoms, in a fair order; None if there is none.

    Who sits out together depends on which of the design's players are the
    phantoms, and some choices allow no fair order: a few are tried.
    """
    choices = [
        tuple(rng.sample(range(players + extra), extra))
        if attempt
        else tuple(range(players, players + extra))
        for extra in ((2, 1) if players % 4 == 3 else (2,))
        for attempt in range(PHANTOM_CHOICES)
    ]
    for phantoms in choices:
        cycle = phantom_design(players, phantoms)
        if cycle is None:
            continue
        order = _fair_order(players, cycle, rounds, rng)
        if order is not None:
            return [_flat(cycle[r]) for r in order]
    return None


def _fair_order(
    players: int, cycle: list[list[Four]], rounds: int, rng: random.Random
) -> list[int] | None:
    """Rounds of ``cycle`` to play, each at most once a cycle, with the sit-outs fair.

    Fair as everywhere: nobody sits out two rounds running, nor a second time
    before everyone has once. The phantoms fix who sits out each round, so the
    order is all there is to choose. A depth-first search takes first the
    rounds seating out those with the fewest rounds left to sit out in; None
    if it finds no order within its budget.
    """
    search = _FairOrderSearch(players, cycle, rounds, rng)
    return search.order if search.extend() else None


class _FairOrderSearch:
    """The depth-first search of :func:`_fair_order`: the order so far and its sit-outs."""

    def __init__(
        self, players: int, cycle: list[list[Four]], rounds: int, rng: random.Random
    ) -> None:
        self.players, self.cycle, self.rounds, self.rng = players, cycle, rounds, rng
        self.everyone = set(range(players))
        self.out = [frozenset(self.everyone.difference(*cycle[r])) for r in range(len(cycle))]
        self.counts = [0] * players
        self.order: list[int] = []
        self.budget = FAIR_ORDER_NODES

    def fits(self, r: int, low: int, lowest: set[int]) -> bool:
        out, counts, order = self.out, self.counts, self.order
        if order and out[r] & out[order[-1]]:
            return False
        if all(counts[p] == low for p in out[r]):
            return True
        # Those left at the lowest count may sit out now only all together.
        return lowest <= out[r] and max(counts[p] for p in out[r]) <= low + 1

    def options(self) -> list[int]:
        """The rounds that may come next, those seating out the least-placed players first."""
        out, counts, order, cycle = self.out, self.counts, self.order, self.cycle
        played = len(order) % len(cycle)
        pool = [r for r in range(len(cycle)) if r not in order[len(order) - played :]]
        low = min(counts)
        lowest = {p for p in self.everyone if counts[p] == low}
        options = [r for r in pool if self.fits(r, low, lowest)]
        chances = {p: sum(1 for r in options if p in out[r]) for p in lowest}
        self.rng.shuffle(options)
        options.sort(key=lambda r: min((chances.get(p, self.players) for p in out[r]), default=0))
        return options

    def extend(self) -> bool:
        if len(self.order) == self.rounds:
            return True
        self.budget -= 1
        if self.budget < 0:
            return False
        for r in self.options():
            self.order.append(r)
            for p in self.out[r]:
                self.counts[p] += 1
            if self.extend():
                return True
            self.order.pop()
            for p in self.out[r]:
                self.counts[p] -= 1
        return False


def check_size(players: int, rounds: int) -> None:
    if players < MIN_PLAYERS:
        raise MovementError("A movement needs at least four players.", code="too_few_players")
    if rounds < 1:
        raise MovementError("A movement needs at least one round.")


def _flat(fours: Sequence[Four]) -> list[int]:
    return [player for four in fours for player in four]


def plan_rounds(
    players: int,
    history: Sequence[Sequence[int]],
    start: list[list[int]],
    rng: random.Random,
    sat_out: Sequence[int],
    sat_out_last: Collection[int],
) -> list[list[Four]]:
    """Improve the free rounds ``start`` that follow ``history`` (flat seat lists).

    Local search improves partner and opponent counts, then the tie-breaks
    are settled. ``sat_out`` and ``sat_out_last`` describe the sit-outs before
    ``start``, as :func:`scoring.movements.tiebreaks.order_rounds` needs them.
    """
    search = SeatSearch(players, targets_for(players, history, start), history, start, rng)
    seats_in_drive = sum(len(seats) for seats in start)
    search.run(min(MAX_WORK, WORK_PER_SEAT * seats_in_drive))
    return finish(players, history, start, sat_out, sat_out_last)


def finish(
    players: int,
    history: Sequence[Sequence[int]],
    rounds: list[list[int]],
    sat_out: Sequence[int],
    sat_out_last: Collection[int],
) -> list[list[Four]]:
    """Settle the tie-breaks of ``rounds`` and cut them into fours."""
    order_rounds(players, history, rounds, sat_out, sat_out_last)
    orient_tables(players, history, rounds)
    return [[_four(seats[i : i + 4]) for i in range(0, len(seats), 4)] for seats in rounds]


def _four(seats: Sequence[int]) -> Four:
    north, east, south, west = seats
    return (north, east, south, west)
