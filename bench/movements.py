"""How good and how fast the individual movements are, against a naive baseline.

Two parts. First one row per case: players × rounds (the full design where one
exists, 12, 24 and 52 rounds, up to 200 players), the seconds to generate, and
for ``individual`` and for a random seating each round: partner excess,
sit-out spread, opponent deviation, left/right-hand opponent imbalance and
the times a pair opposes in consecutive rounds. Seconds are the wall clock,
cpu the processor time, which a busy shared machine disturbs less. Then the sweep the issue
measures: every size from 8 to 64 over 24 rounds, with its totals. The floor
is 2 seconds for any movement; the slowest case is printed beside it. Last,
the fullest drives: every size from 8 to 64 over the most rounds (up to 52)
whose partnerships still fit among the pairs, where partner excess must be 0.

    python -m bench.movements             # all three parts
    python -m bench.movements --sweep     # the sweep only
    python -m bench.movements --fullest   # the fullest drives only
    python -m bench.movements --size 50 --rounds 24
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass

from bench.timing import best_of
from scoring.movements import Movement, Quality, individual, quality
from scoring.movements.design import perfect_design

PLAYERS = (8, 12, 13, 16, 20, 21, 23, 24, 30, 32, 33, 40, 46, 50, 64, 65, 100, 128, 150, 199, 200)
LENGTHS = (12, 24, 52)
SWEEP = range(8, 65)
SWEEP_ROUNDS = 24
MOST_ROUNDS = 52
FLOOR_SECONDS = 2.0


def random_seating(players: int, rounds: int, seed: int = 0) -> Movement:
    """The baseline: shuffle everyone each round; whoever is left over sits out."""
    rng = random.Random(seed)
    everyone = list(range(players))
    planned = []
    for _ in range(rounds):
        rng.shuffle(everyone)
        planned.append([everyone[i : i + 4] for i in range(0, players - 3, 4)])
    return Movement.build(planned, everyone)


def fullest(players: int) -> int:
    """The most rounds, up to 52, whose partnerships all fit among the pairs."""
    return min(MOST_ROUNDS, players * (players - 1) // 2 // (2 * (players // 4)))


def cases() -> list[tuple[int, int]]:
    found = []
    for players in PLAYERS:
        design = perfect_design(players)
        lengths = ([len(design)] if design else []) + list(LENGTHS)
        found += [(players, rounds) for rounds in dict.fromkeys(lengths)]
    return found


@dataclass
class Row:
    players: int
    rounds: int
    seconds: float
    cpu: float
    planned: Quality
    naive: Quality


def measure(players: int, rounds: int) -> Row:
    # Processor time beside the wall clock: on a shared machine only it is steady.
    cpu = time.process_time()
    seconds, movement = best_of(1, lambda: individual(players, rounds))
    cpu = time.process_time() - cpu
    assert isinstance(movement, Movement)
    naive = quality(random_seating(players, rounds))
    return Row(players, rounds, seconds, cpu, quality(movement), naive)


def _figures(q: Quality) -> str:
    return (
        f"{q.partner_excess:>6} {q.sit_out_spread:>6} {q.opponent_deviation:>5}"
        f" {q.hand_imbalance:>5} {q.consecutive_opponents:>6}"
    )


HEADER = (
    f"{'players':>7} {'rounds':>6} {'seconds':>7} {'cpu':>5} |"
    f" {'excess':>6} {'spread':>6} {'dev':>5} {'l/r':>5} {'consec':>6} |"
    f" naive: {'excess':>6} {'spread':>6} {'dev':>5} {'l/r':>5} {'consec':>6}"
)


def print_row(row: Row) -> None:
    print(
        f"{row.players:>7} {row.rounds:>6} {row.seconds:>7.2f} {row.cpu:>5.2f} |"
        f" {_figures(row.planned)} |"
        f"        {_figures(row.naive)}",
        flush=True,
    )


def print_table(todo: list[tuple[int, int]]) -> list[Row]:
    print(HEADER)
    rows = []
    for players, rounds in todo:
        rows.append(measure(players, rounds))
        print_row(rows[-1])
    return rows


def print_totals(label: str, rows: list[Row]) -> None:
    def total(pick: str) -> tuple[int, int]:
        return (
            sum(getattr(r.planned, pick) for r in rows),
            sum(getattr(r.naive, pick) for r in rows),
        )

    slowest = max(rows, key=lambda r: r.seconds)
    busiest = max(rows, key=lambda r: r.cpu)
    over = [r for r in rows if max(r.cpu, r.seconds) >= FLOOR_SECONDS]
    print(f"{label}: {len(rows)} cases; totals (planned / naive):")
    for pick in (
        "partner_excess",
        "opponent_deviation",
        "hand_imbalance",
        "consecutive_opponents",
    ):
        planned, naive = total(pick)
        print(f"  {pick:<22} {planned:>6} / {naive}")
    print(f"  {'widest sit-out spread':<22} {max(r.planned.sit_out_spread for r in rows):>6}")
    print(
        f"  slowest: {slowest.players} × {slowest.rounds} in {slowest.seconds:.2f} s"
        f" (floor {FLOOR_SECONDS:.0f} s); most processor time: {busiest.players} ×"
        f" {busiest.rounds} in {busiest.cpu:.2f} s",
        flush=True,
    )
    print(
        f"  worst case: {busiest.cpu:.2f} s of processor time, {slowest.seconds:.2f} s wall clock;"
        f" {len(over)} case(s) at or over the {FLOOR_SECONDS:.0f} s floor",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sweep", action="store_true", help="only the 8–64 × 24 sweep")
    parser.add_argument("--fullest", action="store_true", help="only the fullest drives, 8–64")
    parser.add_argument("--size", type=int, nargs="*", help="only these player counts")
    parser.add_argument("--rounds", type=int, nargs="*", help="with --size: these lengths")
    args = parser.parse_args()
    if args.size:
        todo = [(p, r) for p in args.size for r in (args.rounds or [SWEEP_ROUNDS])]
        print_totals("chosen", print_table(todo))
        return
    if not args.sweep and not args.fullest:
        print_totals("sizes", print_table(cases()))
        print()
    if not args.fullest:
        sweep = [(p, SWEEP_ROUNDS) for p in SWEEP]
        print_totals(f"8–64 players × {SWEEP_ROUNDS} rounds", print_table(sweep))
        print()
    if not args.sweep:
        print_totals("8–64 players, fullest", print_table([(p, fullest(p)) for p in SWEEP]))


if __name__ == "__main__":
    main()
