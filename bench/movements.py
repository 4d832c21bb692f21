"""How good and how fast the individual movements are, against a naive baseline.

One row per case: players × rounds (the full design where one exists, 12 and
24), the time to generate, and partner excess, sit-out spread and opponent
deviation for ``individual`` and for a random seating each round.

    python -m bench.movements
"""

from __future__ import annotations

import random
import time

from scoring.movements import Movement, individual, quality
from scoring.movements.design import perfect_design

PLAYERS = (8, 12, 13, 16, 20, 21, 24, 30, 32, 33, 40, 50, 64, 100, 200)


def random_seating(players: int, rounds: int, seed: int = 0) -> Movement:
    """The baseline: shuffle everyone each round; whoever is left over sits out."""
    rng = random.Random(seed)
    everyone = list(range(players))
    planned = []
    for _ in range(rounds):
        rng.shuffle(everyone)
        planned.append([everyone[i : i + 4] for i in range(0, players - 3, 4)])
    return Movement.build(planned, everyone)


def cases() -> list[tuple[int, int]]:
    found = []
    for players in PLAYERS:
        design = perfect_design(players)
        lengths = ([len(design)] if design else []) + [12, 24]
        found += [(players, rounds) for rounds in dict.fromkeys(lengths)]
    return found


def main() -> None:
    print(
        f"{'players':>7} {'rounds':>6} {'seconds':>7} | {'excess':>6} {'spread':>6} {'dev':>5}"
        f" | {'naive excess':>12} {'spread':>6} {'dev':>5}"
    )
    for players, rounds in cases():
        started = time.perf_counter()
        planned = quality(individual(players, rounds))
        seconds = time.perf_counter() - started
        naive = quality(random_seating(players, rounds))
        print(
            f"{players:>7} {rounds:>6} {seconds:>7.2f} | {planned.partner_excess:>6}"
            f" {planned.sit_out_spread:>6} {planned.opponent_deviation:>5}"
            f" | {naive.partner_excess:>12} {naive.sit_out_spread:>6}"
            f" {naive.opponent_deviation:>5}",
            flush=True,
        )


if __name__ == "__main__":
    main()
