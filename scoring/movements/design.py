"""Perfect individual movements: whist tournament designs Wh(N).

In a Wh(N) every two players are partners exactly once and opponents exactly
twice: N−1 rounds when N ≡ 0 (mod 4), N rounds with one sit-out each when
N ≡ 1 (mod 4). Two constructions cover the sizes a drive uses:

* the cyclotomic starter for a prime power q ≡ 1 (mod 4): with x a primitive
  element of GF(q) and n = (q−1)/4, game i is (x^i, x^(i+n), x^(i+2n), x^(i+3n));
* a searched starter from :mod:`scoring.movements.starters`, developed mod N−1
  with the fixed player N−1 standing for ∞ (N ≡ 0) or mod N (N ≡ 1).

Each starter round is "developed": round g adds g to every player number in
the starter, so in the N ≡ 1 case player g sits out round g.

>>> rounds = perfect_design(8)
>>> len(rounds), rounds[0]
(7, [(7, 2, 4, 1), (0, 3, 5, 6)])
>>> perfect_design(10) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from scoring.movements.base import Four, partnerships
from scoring.movements.starters import STARTERS


def perfect_design(players: int) -> list[list[Four]] | None:
    """The rounds of a Wh(players), or None when no construction is known."""
    if players in STARTERS:
        return develop_cyclic(players, STARTERS[players])
    field = _prime_power(players) if players % 4 == 1 else None
    if field is None:
        return None
    return _cyclotomic(*field)


def phantom_design(players: int, phantoms: Sequence[int] = ()) -> list[list[Four]] | None:
    """A design for one or two players more, the extra ones played as phantoms.

    For 4k+3 players Wh(4k+4) with one phantom or Wh(4k+5) with two, for 4k+2
    players Wh(4k+4) with two: every partnership comes from the design, so
    none repeats within a cycle. A phantom's partner sits out; the partnerships left whole at the
    phantoms' tables meet each other, and one left over sits out too. Over a
    whole cycle everyone sits out equally often, give or take one. Which of
    the design's players are the ``phantoms`` (by default the last) decides
    who sits out together; the others are numbered in order.

    >>> rounds = phantom_design(7)
    >>> len(rounds), [len(fours) for fours in rounds] == [1] * 7
    (7, True)
    """
    extra = len(phantoms) or {2: 2, 3: 1}.get(players % 4, 0)
    design = perfect_design(players + extra) if extra else None
    if design is None or (players + extra) % 4 > 1:
        return None
    ghosts = set(phantoms or range(players, players + extra))
    number = [p - sum(1 for g in ghosts if g < p) for p in range(players + extra)]
    rounds = []
    for fours in design:
        kept: list[Four] = []
        whole: list[tuple[int, int]] = []
        for four in fours:
            north, east, south, west = four
            if ghosts.isdisjoint(four):
                kept.append((number[north], number[east], number[south], number[west]))
                continue
            whole += [
                (number[a], number[b]) for a, b in partnerships(four) if ghosts.isdisjoint((a, b))
            ]
        for (north, south), (east, west) in zip(whole[::2], whole[1::2], strict=False):
            kept.append((north, east, south, west))
        rounds.append(kept)
    return rounds


def develop_cyclic(players: int, starter: tuple[Four, ...]) -> list[list[Four]]:
    # For N ≡ 0 (mod 4) the group is Z_(N−1) and player N−1 is the fixed point ∞.
    modulus = players - 1 if players % 4 == 0 else players

    def shift(player: int, by: int) -> int:
        return player if player == modulus else (player + by) % modulus

    return [
        [(shift(n, g), shift(e, g), shift(s, g), shift(w, g)) for n, e, s, w in starter]
        for g in range(modulus)
    ]


def _prime_power(number: int) -> tuple[int, int] | None:
    """(p, k) with p prime and p**k == number, or None."""
    for p in range(2, number + 1):
        if number % p == 0:
            k = 0
            while number % p == 0:
                number //= p
                k += 1
            return (p, k) if number == 1 else None
    return None


@cache
def _powers_of_x(p: int, k: int) -> list[tuple[int, ...]]:
    """x^0 … x^(q−2) in GF(p^k) = Z_p[x]/(f), for the first f making x primitive.

    Elements are coefficient tuples (lowest degree first). A monic f for which x
    has order p^k − 1 is irreducible and primitive, so the order test alone
    chooses f.
    """
    order = p**k - 1
    for code in range(p**k):
        # f = x^k − (c_0 + c_1 x + … ); x^k reduces to the tail c.
        tail = tuple((code // p**j) % p for j in range(k))
        if tail[0] == 0:
            continue
        powers = [tuple(1 if j == 0 else 0 for j in range(k))]
        for _ in range(order - 1):
            top = powers[-1][-1]
            shifted = (0, *powers[-1][:-1])
            powers.append(tuple((a + top * c) % p for a, c in zip(shifted, tail, strict=True)))
        if len(set(powers)) == order:
            return powers
    raise AssertionError(f"no primitive polynomial of degree {k} over Z_{p}")


def _cyclotomic(p: int, k: int) -> list[list[Four]]:
    # Player numbers encode field elements in base p, so player 0 is the zero
    # element and sits out the starter round.
    powers = _powers_of_x(p, k)
    n = len(powers) // 4
    starter = [tuple(powers[i + j * n] for j in range(4)) for i in range(n)]

    def number(element: tuple[int, ...]) -> int:
        return sum(c * p**j for j, c in enumerate(element))

    group = [tuple((g // p**j) % p for j in range(k)) for g in range(p**k)]
    rounds = []
    for g in group:
        fours = []
        for game in starter:
            n_, e, s, w = (
                number(tuple((a + b) % p for a, b in zip(seat, g, strict=True))) for seat in game
            )
            fours.append((n_, e, s, w))
        rounds.append(fours)
    return rounds
