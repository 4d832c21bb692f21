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
from collections.abc import Callable, Collection, Sequence

from scoring.errors import MovementError
from scoring.movements.base import MIN_PLAYERS, Movement, Table
from scoring.movements.design import perfect_design
from scoring.movements.greedy import SitOuts, greedy_seating, targets_for
from scoring.movements.search import SeatSearch
from scoring.movements.tiebreaks import order_rounds, orient_tables

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
        starts.insert(0, lambda rng: _design_start(players, design, rounds, rng))
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
    if players < MIN_PLAYERS:
        raise MovementError("A movement needs at least four players.", code="too_few_players")
    if rounds < 1:
        raise MovementError("A movement needs at least one round.")


def _flat(tables: Sequence[Table]) -> list[int]:
    return [player for table in tables for player in table]


def plan_rounds(
    players: int,
    history: Sequence[Sequence[int]],
    start: list[list[int]],
    rng: random.Random,
    sat_out: Sequence[int],
    sat_out_last: Collection[int],
) -> list[list[Table]]:
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
) -> list[list[Table]]:
    """Settle the tie-breaks of ``rounds`` and cut them into tables."""
    order_rounds(players, history, rounds, sat_out, sat_out_last)
    orient_tables(players, history, rounds)
    return [[_table(seats[i : i + 4]) for i in range(0, len(seats), 4)] for seats in rounds]


def _table(seats: Sequence[int]) -> Table:
    north, east, south, west = seats
    return (north, east, south, west)
