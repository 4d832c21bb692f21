"""How many deals a second the computer players simulate, on one core.

Run it from the repository root::

    python -m bench.simulate            # 20,000 deals, trumps in the H D S C NT rotation
    python -m bench.simulate --deals 100000

It prints the best of a few runs, since the fastest run is the one least disturbed by
other work on the machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.cards import Rotation, trumps_for_deal
from scoring.simulate import simulate_deal

TARGET_PER_SECOND = 5_000


def run(deals: int) -> tuple[float, int]:
    """Simulate ``deals`` deals; return the seconds taken and N–S's total tricks."""
    schedule = [trumps_for_deal(n, Rotation.HDSC_NT) for n in range(1, 6)]
    start = time.perf_counter()
    ns_tricks = sum(simulate_deal(seed, schedule[seed % 5]).ns_tricks for seed in range(deals))
    return time.perf_counter() - start, ns_tricks


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000, help="deals per run")
    parser.add_argument("--runs", type=int, default=3, help="runs; the best is reported")
    args = parser.parse_args(argv)
    timings = [run(args.deals) for _ in range(args.runs)]
    seconds, ns_tricks = min(timings)
    rate = args.deals / seconds
    verdict = "meets" if rate >= TARGET_PER_SECOND else "MISSES"
    print(f"simulate_deal: {args.deals:,} deals in {seconds:.3f} s (best of {args.runs})")
    print(f"  {rate:,.0f} deals per second, {1e6 / rate:.0f} µs a deal")
    print(f"  {verdict} the target of {TARGET_PER_SECOND:,} deals per second")
    print(f"  N–S took {ns_tricks / args.deals:.2f} tricks a deal on average, with W leading")


if __name__ == "__main__":
    main()
