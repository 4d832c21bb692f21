"""How good and how fast the individual movements are, against a naive baseline.

Two parts. First one row per case: players × rounds (the full design where one
exists, 12, 24 and 52 rounds, up to 200 players), the seconds to generate, and
for ``individual`` and for a random seating each round: partner excess,
sit-out spread, opponent deviation, left/right-hand opponent imbalance and
the times a pair opposes in consecutive rounds. Seconds are the wall clock,
cpu the processor time, which a busy shared machine disturbs less. Then the sweep the issue
measures: every size from 8 to 64 over 24 rounds, with its totals. The floor
is 2 seconds for any movement; the slowest case is printed beside it. Then
the fullest drives: every size from 8 to 64 over the most rounds (up to 52)
whose partnerships still fit among the pairs, where partner excess must be 0.
Last, players who stay put (issue 29): every movement with none, one, two, …
up to one a table, its figures beside the same movement without them. The
floor: nobody's sit-outs spread wider or fall twice running more often than
without them, one stationary player changes no individual movement's figures,
and no case takes 2 seconds of processor time.

    python -m bench.movements             # all four parts
    python -m bench.movements --sweep     # the sweep only
    python -m bench.movements --fullest   # the fullest drives only
    python -m bench.movements --stationary  # players who stay put only
    python -m bench.movements --size 50 --rounds 24
"""

from __future__ import annotations

import argparse
import functools
import random
import time
from dataclasses import dataclass

from bench.timing import best_of
from scoring.movements import (
    Movement,
    ProgressiveRule,
    Quality,
    howell,
    individual,
    keep_stationary,
    mitchell,
    progressive_first,
    progressive_next,
    quality,
)
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


# Players who stay put: (movement, players, rounds) and how many stay in each case.
STATIONARY_CASES = (
    ("individual", 8, 7),
    ("individual", 13, 13),
    ("individual", 16, 15),
    ("individual", 20, 24),
    ("individual", 33, 24),
    ("individual", 48, 24),
    ("mitchell", 16, 8),
    ("mitchell", 26, 6),
    ("howell", 16, 7),
    ("howell", 24, 11),
    ("progressive", 24, 24),
    ("progressive", 43, 24),
    ("semi-partner", 26, 24),
)
STATIONARY_SEED = 29


def staying_counts(tables: int) -> list[int]:
    return sorted(c for c in {0, 1, 2, tables // 2, tables} if c <= tables)


def progressive_movement(players: int, rounds: int, rule, stationary: set[int]) -> Movement:
    """A progressive drive of ``rounds`` with winners drawn by lot (the same draw for every
    count of stationary players), as a movement the quality figures read."""
    rng = random.Random(STATIONARY_SEED)
    ladies = set(range(0, players, 2))
    seating = progressive_first(players, ladies, rule, stationary=stationary)
    played = [seating.fours]
    for _ in range(rounds - 1):
        winners = [rng.choice(["NS", "EW"]) for _ in seating.fours]
        seating = progressive_next(seating, winners, rule, stationary=stationary)
        played.append(seating.fours)
    return Movement.build(played, range(players))


def stationary_of(kind: str, staying: int) -> set[int]:
    """Who stays put: spread over the field (ladies and gents, one of every third pair)."""
    if kind in ("progressive", "semi-partner"):
        return set(range(1, 4 * staying, 4))
    if kind == "individual":
        return set(range(0, 3 * staying, 3))
    return set(range(0, 6 * staying, 6))


def with_stationary(kind: str, players: int, rounds: int, staying: int) -> tuple[Movement, int]:
    """The movement with ``staying`` players who stay put, and the exchanges it took; the
    static movements are planned first (their own time is the other parts' business)."""
    stationary = stationary_of(kind, staying)
    if kind in ("progressive", "semi-partner"):
        rule = ProgressiveRule(keep_winning_pair=kind == "semi-partner")
        return progressive_movement(players, rounds, rule, stationary), 0
    kept = keep_stationary(PLANNED[kind, players, rounds], stationary, pairs=kind != "individual")
    return kept.movement, kept.exchanges


PLANNED: dict[tuple[str, int, int], Movement] = {}


def plan_static(kind: str, players: int, rounds: int) -> None:
    if kind == "individual":
        PLANNED[kind, players, rounds] = individual(players, rounds)
    elif kind in ("mitchell", "howell"):
        build = mitchell if kind == "mitchell" else howell
        PLANNED[kind, players, rounds] = build(players // 2, rounds)


@dataclass(frozen=True)
class SitOuts:
    """The sit-outs of everybody but the stationary players: fewest, most, twice running."""

    low: int
    high: int
    twice: int

    @classmethod
    def of(cls, movement: Movement, others: set[int]) -> SitOuts:
        counts = dict.fromkeys(others, 0)
        twice = 0
        before: set[int] = set()
        for r in range(len(movement.rounds)):
            out = set(movement.sit_outs(r)) & others
            for p in out:
                counts[p] += 1
            twice += len(out & before)
            before = out
        return cls(min(counts.values()), max(counts.values()), twice)

    def text(self) -> str:
        return f"{self.low:>4}–{self.high:<3} {self.twice:>5}"


STATIONARY_HEADER = (
    f"{'movement':<13} {'players':>7} {'rounds':>6} {'stay':>4} {'exch':>4} {'seconds':>7}"
    f" {'cpu':>5} |"
    f" {'partners':>8} {'excess':>6} {'opponents':>9} {'dev':>4} {'others out':>10}"
    f" {'twice':>5} | without: {'excess':>6} {'dev':>4} {'others out':>10} {'twice':>5}"
)


def print_stationary() -> int:
    """Every case's figures beside the same movement without stationary players; returns how
    many cases fall below the floor. Sit-outs are those of everybody else (a stationary
    player of a progressive drive never sits out); seconds the time taken to work round
    the stationary players (a progressive drive: to seat all its rounds)."""
    print(STATIONARY_HEADER)
    below = 0
    for kind, players, rounds in STATIONARY_CASES:
        plan_static(kind, players, rounds)
        base_movement = with_stationary(kind, players, rounds, 0)[0]
        base = quality(base_movement)
        tables = min(len(fours) for fours in base_movement.rounds)
        for staying in staying_counts(tables):
            cpu = time.process_time()
            seconds, made = best_of(
                1, functools.partial(with_stationary, kind, players, rounds, staying)
            )
            cpu = time.process_time() - cpu
            movement, exchanges = made  # type: ignore[misc]
            q = quality(movement)
            stationary = stationary_of(kind, staying)
            if kind in ("mitchell", "howell"):
                stationary = {p for s in stationary for p in (s, s ^ 1)}
            others = set(movement.players) - stationary
            out, base_out = SitOuts.of(movement, others), SitOuts.of(base_movement, others)
            worse = (
                out.high - out.low > max(base_out.high - base_out.low, 1)
                or out.twice > base_out.twice
                or cpu >= FLOOR_SECONDS
                or (
                    kind == "individual"
                    and staying <= 1
                    and (q.partner_excess, q.opponent_deviation)
                    != (base.partner_excess, base.opponent_deviation)
                )
            )
            below += worse
            print(
                f"{kind:<13} {players:>7} {rounds:>6} {staying:>4} {exchanges:>4} {seconds:>7.2f}"
                f" {cpu:>5.2f} |"
                f" {q.partner_min:>4}–{q.partner_max:<3} {q.partner_excess:>6}"
                f" {q.opponent_min:>5}–{q.opponent_max:<3} {q.opponent_deviation:>4}"
                f"   {out.text()} |"
                f"          {base.partner_excess:>6} {base.opponent_deviation:>4}"
                f"   {base_out.text()}"
                f"{'  BELOW THE FLOOR' if worse else ''}",
                flush=True,
            )
    print(
        f"players who stay put: {below} case(s) below the floor (everybody else's sit-outs"
        f" no less fair, one stationary player free for an individual movement, under"
        f" {FLOOR_SECONDS:.0f} s of processor time)"
    )
    return below


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sweep", action="store_true", help="only the 8–64 × 24 sweep")
    parser.add_argument("--fullest", action="store_true", help="only the fullest drives, 8–64")
    parser.add_argument("--stationary", action="store_true", help="only the players who stay put")
    parser.add_argument("--size", type=int, nargs="*", help="only these player counts")
    parser.add_argument("--rounds", type=int, nargs="*", help="with --size: these lengths")
    args = parser.parse_args()
    if args.size:
        todo = [(p, r) for p in args.size for r in (args.rounds or [SWEEP_ROUNDS])]
        print_totals("chosen", print_table(todo))
        return
    if args.stationary:
        print_stationary()
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
    if not args.sweep and not args.fullest:
        print()
        print_stationary()


if __name__ == "__main__":
    main()
