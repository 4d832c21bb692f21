"""Balanced individual movements: everyone changes partner every round.

:func:`individual` starts from a perfect whist tournament design when the
player count has one (repeating it when the drive is longer), otherwise from a
greedy seating, and then improves partner and opponent counts by local search.
The same planner continues a drive after a late arrival or a withdrawal
(:mod:`scoring.movements.replan`).

>>> m = individual(8, 7)
>>> len(m.rounds), len(m.rounds[0])
(7, 2)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from scoring.errors import MovementError
from scoring.movements.base import Movement, Table
from scoring.movements.design import perfect_design
from scoring.movements.greedy import SitOuts, greedy_seating, targets_for
from scoring.movements.quality import quality
from scoring.movements.search import SeatSearch

# Steps of local search per seat of the drive, and a ceiling so that 200
# players over 52 rounds still plan in about a second.
STEPS_PER_SEAT = 250
MAX_STEPS = 250_000
# How many orders of a design's rounds to try for a part-cycle.
DESIGN_ORDERS_TRIED = 16


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
    if design and rounds % len(design) == 0:
        # Whole cycles of a perfect design: nothing to improve on.
        whole = _design_start(players, design, rounds, random.Random(seed))
        return Movement.build(plan_rounds(players, [], whole, random.Random(seed)), range(players))
    starts = [lambda rng: greedy_seating(players, [], SitOuts([0] * players, set(), rounds), rng)]
    if design:
        starts.insert(0, lambda rng: _design_start(players, design, rounds, rng))
    # A part-cycle of a design keeps partners perfect but not always opponents; the local
    # search sometimes does better from a greedy start, so both are tried and the best kept.
    planned = []
    for start in starts:
        rng = random.Random(seed)
        planned.append(Movement.build(plan_rounds(players, [], start(rng), rng), range(players)))
    return min(planned, key=_balance)


def _balance(movement: Movement) -> tuple[int, ...]:
    """What matters most first: partner excess, sit-out spread, opponent deviation."""
    q = quality(movement)
    return (q.partner_excess, q.sit_out_spread, q.consecutive_sit_outs, q.opponent_deviation)


def _design_start(
    players: int, design: list[list[Table]], rounds: int, rng: random.Random
) -> list[list[int]]:
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

    def misfits(k: int) -> int:
        seats = start_for(k)
        return SeatSearch(players, targets_for(players, [], seats), [], seats, rng).score()

    return start_for(min(steps, key=misfits))


def check_size(players: int, rounds: int) -> None:
    if players < 4:
        raise MovementError("A movement needs at least four players.")
    if rounds < 1:
        raise MovementError("A movement needs at least one round.")


def _flat(tables: Sequence[Table]) -> list[int]:
    return [player for table in tables for player in table]


def plan_rounds(
    players: int,
    history: Sequence[Sequence[int]],
    start: list[list[int]],
    rng: random.Random,
) -> list[list[Table]]:
    """Improve the free rounds ``start`` that follow ``history`` (flat seat lists).

    Local search improves partner and opponent counts, then the tables are
    turned so each player sits N–S about as often as E–W.
    """
    search = SeatSearch(players, targets_for(players, history, start), history, start, rng)
    seats_in_drive = sum(len(seats) for seats in start)
    search.run(min(MAX_STEPS, STEPS_PER_SEAT * seats_in_drive))
    _balance_directions(players, history, start)
    return [[tuple(seats[i : i + 4]) for i in range(0, len(seats), 4)] for seats in start]


def _balance_directions(
    players: int, history: Sequence[Sequence[int]], rounds: list[list[int]]
) -> None:
    """Turn tables a quarter so each player's N–S and E–W seats even out.

    Turning (N, E, S, W) to (E, S, W, N) swaps which partnership sits N–S and
    keeps every partner and opponent.
    """
    lean = [0] * players  # N–S seats minus E–W seats so far

    def sit(north: int, east: int, south: int, west: int) -> None:
        for p, step in ((north, 1), (south, 1), (east, -1), (west, -1)):
            if p >= 0:
                lean[p] += step

    for seats in history:
        for base in range(0, len(seats), 4):
            sit(*seats[base : base + 4])
    for seats in rounds:
        for base in range(0, len(seats), 4):
            north, east, south, west = seats[base : base + 4]
            if lean[north] + lean[south] > lean[east] + lean[west]:
                seats[base : base + 4] = north, east, south, west = east, south, west, north
            sit(north, east, south, west)
