"""Fixed-partnership movements: Mitchell and Howell.

Pair k is players 2k and 2k+1 and always sits as partners (N–S or E–W). With
an odd number of pairs a phantom pair makes the count even; the real pair
drawn against it sits out that round, and its table is left out of the round.

>>> mitchell(4, 2).as_tuples()
[[(0, 4, 1, 5), (2, 6, 3, 7)], [(0, 6, 1, 7), (2, 4, 3, 5)]]
>>> howell(4, 1).as_tuples()
[[(4, 2, 5, 3), (0, 6, 1, 7)]]
"""

from __future__ import annotations

from scoring.errors import MovementError
from scoring.movements.base import Movement, Table


def mitchell(pairs: int, rounds: int) -> Movement:
    """N–S pair t stays at table t; the E–W pairs move up one table a round.

    The first ⌊pairs/2⌋ pairs sit N–S, the rest E–W. With an odd count the
    phantom is the last N–S pair, so its table is always the empty last one and
    table numbers never shift. When rounds equal tables every N–S pair meets
    every E–W pair once; further rounds cycle round again from the start.
    """
    _check(pairs, rounds)
    tables = (pairs + 1) // 2
    ew_first = pairs // 2
    return Movement.build(
        (
            [_table(ns, ew_first + (ns - r) % tables) for ns in range(ew_first)]
            for r in range(rounds)
        ),
        range(2 * pairs),
    )


def howell(pairs: int, rounds: int) -> Movement:
    """Every pair meets every other pair once in 2n−1 rounds (the circle method).

    With 2n pairs (counting a phantom for an odd count), pair 2n−1 stays put
    and pair r meets it in round r; the others meet across the circle, pair
    r+i against pair r−i (mod 2n−1). Pairs alternate N–S and E–W from round to
    round so that seats stay about even. Further rounds repeat the cycle.
    """
    _check(pairs, rounds)
    circle = pairs if pairs % 2 else pairs - 1
    fixed = circle  # the stationary pair; a phantom when ``pairs`` is odd
    movement = []
    for r in range(rounds):
        turn = r % circle
        matches = [((turn + i) % circle, (turn - i) % circle) for i in range(1, circle // 2 + 1)]
        if fixed < pairs:
            matches.append((fixed, turn))
        movement.append([_table(*match) if r % 2 else _table(*match[::-1]) for match in matches])
    return Movement.build(movement, range(2 * pairs))


def _check(pairs: int, rounds: int) -> None:
    if pairs < 2:
        raise MovementError("A fixed-partner movement needs at least two pairs.")
    if rounds < 1:
        raise MovementError("A movement needs at least one round.")


def _table(north_south: int, east_west: int) -> Table:
    return (2 * north_south, 2 * east_west, 2 * north_south + 1, 2 * east_west + 1)
