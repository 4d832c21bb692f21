"""Re-derive Z-cyclic whist tournament starters and print them as a Python table.

A Z-cyclic Wh(N) is one starter round developed over a cyclic group: Z_(N−1)
plus a fixed point ∞ when N ≡ 0 (mod 4), Z_N with 0 sitting out when
N ≡ 1 (mod 4). The partnerships of the starter must have differences covering
each non-zero class {d, −d} once, and the opponents' differences covering each
class exactly twice.

The search runs in two stages, in ``bench/find_starters.c`` (compiled here on
demand with the system C compiler: the same search in Python is a hundred
times slower and takes hours for 44 players). First a random *starter* (a
pairing of the non-zero elements whose differences fall in different classes)
fixes the partnerships, with ∞ partnering 0. Then depth-first exact cover
matches the partnerships into games: the four cross pairs of a game are
opponents whatever the seat order, so a matching works when every class is met
exactly twice. It always branches on the partnership with the fewest
admissible opponents, and after a node limit draws a new starter.

Every starter printed has been developed and checked here, so the output can
be pasted into ``scoring/movements/starters.py`` as it is (whose test checks
every shipped starter again). The seed makes a run reproducible. Measured on
this shared machine while it was busy: 44, 45, 48 and 49 players took 3–10 s
each; 52–64 found nothing in 10 minutes of wall clock, which was less than a
minute of processor time, so give those longer (or several seeds at once).

    python -m bench.find_starters --size 44 45 48
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from scoring.movements.base import Movement, Table
from scoring.movements.design import develop_cyclic
from scoring.movements.quality import quality

SOURCE = Path(__file__).with_name("find_starters.c")


def compiled() -> Path:
    """The search program, compiled once per version of its source."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        raise SystemExit("find_starters needs a C compiler (cc, gcc or clang).")
    digest = hashlib.sha256(SOURCE.read_bytes()).hexdigest()[:12]
    program = Path(tempfile.gettempdir()) / f"whist-find-starters-{digest}"
    if not program.exists():
        building = program.with_suffix(".building")
        subprocess.run([compiler, "-O2", "-o", str(building), str(SOURCE)], check=True)
        building.replace(program)
    return program


def search(size: int, seed: int = 0, nodes: int = 20_000, restarts: int = 10**8) -> list[Table]:
    """A checked starter for Wh(size); SystemExit if the search gives up."""
    found = subprocess.run(
        [str(compiled()), str(size), str(seed), str(nodes), str(restarts)],
        capture_output=True,
        text=True,
        check=False,
    )
    if found.returncode or not found.stdout.strip():
        raise SystemExit(f"No starter for {size} players: {found.stderr.strip() or 'gave up'}")
    starter = []
    for game in found.stdout.strip().split("|"):
        north, east, south, west = (int(seat) for seat in game.split())
        starter.append((north, east, south, west))
    if not is_perfect(size, starter):
        raise SystemExit(f"The search printed a starter for {size} that does not work: {starter}")
    return starter


def is_perfect(size: int, starter: list[Table]) -> bool:
    """Whether the starter develops into a Wh(size)."""
    q = quality(Movement.build(develop_cyclic(size, tuple(starter)), range(size)))
    return (q.partner_min, q.partner_max, q.opponent_min, q.opponent_max) == (1, 1, 2, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, nargs="+", required=True, help="player counts")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--nodes", type=int, default=20_000, help="per starter tried")
    args = parser.parse_args()
    for size in args.size:
        started = time.monotonic()
        starter = search(size, args.seed, args.nodes)
        print(f"    {size}: {tuple(starter)},", flush=True)
        print(f"    # {size}: {time.monotonic() - started:.1f}s", flush=True)


if __name__ == "__main__":
    main()
