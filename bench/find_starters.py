"""Search for Z-cyclic whist tournament starters and print them as a Python table.

A Z-cyclic Wh(N) is one starter round developed over a cyclic group: Z_(N−1)
plus a fixed point ∞ when N ≡ 0 (mod 4), Z_N with 0 sitting out when
N ≡ 1 (mod 4). The partnerships of the starter must have differences covering
each non-zero element once, and the opponents differences covering each
non-zero element twice.

The search runs in two stages. First a random *starter* (a pairing of the
elements whose differences ±(a−b) are all different) fixes the partnerships,
with ∞ partnering 0. Then randomised backtracking matches the partnerships
into games: the four cross pairs of a game are opponents whatever the seat
order, so a matching works when every difference class {d, −d} is met
exactly twice. Each attempt gives up after a node limit and draws a new
starter.

The output is pasted into ``scoring/movements/starters.py``, whose test checks
every shipped starter, so this script never needs to be trusted.

    python -m bench.find_starters 32 33 36
"""

from __future__ import annotations

import argparse
import random
import time

Game = tuple[int, int, int, int]


def _partnerships(modulus: int, rng: random.Random) -> list[tuple[int, int]] | None:
    """A random starter on the non-zero elements of Z_modulus, or None on a dead end."""

    def cls(d: int) -> int:
        d %= modulus
        return min(d, modulus - d)

    free = list(range(1, modulus))
    rng.shuffle(free)
    used: set[int] = set()
    pairs = []
    while free:
        x = free.pop()
        options = [y for y in free if cls(x - y) not in used]
        if not options:
            return None
        y = rng.choice(options)
        free.remove(y)
        used.add(cls(x - y))
        pairs.append((x, y))
    return pairs


def search(size: int, rng: random.Random, node_limit: int) -> list[Game] | None:
    """One attempt; the starter games, or None past ``node_limit``."""
    modulus = size - 1 if size % 4 == 0 else size
    pairs = None
    while pairs is None:
        pairs = _partnerships(modulus, rng)
    if size % 4 == 0:
        pairs.append((modulus, 0))  # ∞ (written N−1) partners 0

    def classes(p: tuple[int, int], q: tuple[int, int]) -> list[int]:
        found = []
        for a in p:
            for b in q:
                if a != modulus and b != modulus:
                    d = (a - b) % modulus
                    found.append(min(d, modulus - d))
        return found

    met = [0] * (modulus // 2 + 1)
    games: list[Game] = []
    nodes = 0

    def fits(p: tuple[int, int], q: tuple[int, int]) -> bool:
        found = classes(p, q)
        return all(met[c] + found.count(c) <= 2 for c in found)

    def extend(free: list[tuple[int, int]]) -> bool:
        nonlocal nodes
        if not free:
            return True
        nodes += 1
        if nodes > node_limit:
            return False
        # Match the partnership with the fewest possible opponents first.
        options = {p: [q for q in free if q != p and fits(p, q)] for p in free}
        first = min(free, key=lambda p: len(options[p]))
        choices = options[first]
        rng.shuffle(choices)
        for other in choices:
            found = classes(first, other)
            for c in found:
                met[c] += 1
            (a, b), (c, d) = first, other
            games.append((a, c, b, d))
            if extend([p for p in free if p not in (first, other)]):
                return True
            games.pop()
            for c in found:
                met[c] -= 1
        return False

    return games if extend(pairs) else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", type=int, nargs="+")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--nodes", type=int, default=20_000, help="per restart")
    parser.add_argument("--restarts", type=int, default=20_000)
    args = parser.parse_args()
    for size in args.sizes:
        rng = random.Random(args.seed * 1000 + size)
        started = time.monotonic()
        for _ in range(args.restarts):
            found = search(size, rng, args.nodes)
            if found:
                print(f"    {size}: {tuple(found)},", flush=True)
                break
        else:
            print(f"    # {size}: not found", flush=True)
        print(f"    # {size}: {time.monotonic() - started:.1f}s", flush=True)


if __name__ == "__main__":
    main()
