"""Players who stay put: a static movement reshaped so each keeps one table and one seat.

An organiser marks a player who cannot move; the movement works around them, one
such player a table at most. Nothing in a movement depends on which player holds
which number, which table holds which four, or how a four is turned round its
table (a quarter turn keeps partners, opponents and who sits on whose left). So
for the static movements (individual, Mitchell, Howell):

1. each stationary player takes a position of the movement that keeps one table
   (Mitchell: an N–S pair; Howell: its fixed pair; an individual design with a
   fixed point: that point), the others positions that meet the chosen ones
   least; the rest keep their order (the relabelling);
2. where two stationary players would still meet, one changes places with a
   moving player at a table with nobody stationary, in the same round, the
   exchange that costs the partner and opponent counts least (with fixed
   partners, pair for pair), then swaps between moving players win back what
   they can. Sit-outs are never touched: everyone sits out as often, and as
   seldom twice running, as in the movement given;
3. each round's fours are put at the stationary players' own tables and turned
   (a quarter turn at a time) so each sits in their own seat all evening.

Two stationary players sit at different tables, so they can never meet: where
the movement had everyone meet everyone (a whole individual design, a Howell
cycle), those meetings go, and each exchange moves at most two partnerships
and eight opponent pairs off their counts. ``bench/movements.py --stationary``
prints what it costs. A stationary player who sits out a round sits it out in
their place, and is back in the same seat the round after.

Progressive and semi-partner drives are seated round by round instead
(:mod:`scoring.movements.progressive`, its ``stationary`` argument).

>>> from scoring.movements.fixed import mitchell
>>> kept = keep_stationary(mitchell(6, 3), {9})
>>> [[four.index(9) if 9 in four else None for four in fours] for fours in kept.movement.rounds]
[[0, None, None], [0, None, None], [0, None, None]]
>>> kept.exchanges, kept.homes[9]
(0, (0, 0))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import NoReturn

from scoring.errors import MovementError
from scoring.movements.base import Movement
from scoring.movements.search import Targets

SEAT_COUNT = 4
# Swaps weighed, and passes over the rounds, in winning back what parting the stationary
# players cost: half a second of processor time at most (a 48-player drive), for most of
# the gain that ten times as much brings.
MEND_WORK = 20_000
MEND_PASSES = 4


@dataclass(frozen=True)
class Stationary:
    """A movement with its stationary players kept in place.

    ``homes`` maps each stationary player to (table, seat), both counted from 0;
    ``exchanges`` is how many times one had to change places with a moving player.
    """

    movement: Movement
    homes: dict[int, tuple[int, int]]
    exchanges: int


def refuse_too_many(stationary: int, tables: int) -> NoReturn:
    """Refuse more players who stay put than tables."""
    raise MovementError(
        f"More players stay put ({stationary}) than there are tables ({tables}): "
        "one a table at most.",
        code="too_many_stationary",
        params={"stationary": stationary, "tables": tables},
    )


def keep_stationary(
    movement: Movement,
    stationary: Collection[int],
    *,
    pairs: bool = False,
    played_rounds: int = 0,
    homes: Mapping[int, tuple[int, int]] | None = None,
) -> Stationary:
    """Reshape ``movement`` so each player in ``stationary`` keeps one table and one seat.

    ``pairs``: fixed partners, pair k being players 2k and 2k+1 (they move
    together, so a pair with a stationary player stays put). ``played_rounds``:
    rounds already played, kept exactly; their players keep their numbers and a
    stationary player keeps the (table, seat) ``homes`` gives, else that of the
    last round played.
    """
    units = _Units(pairs)
    stationary = sorted(p for p in set(stationary) if p in movement.players)
    staying = sorted({units.of(p) for p in stationary if p in movement.players})
    rounds = [[list(four) for four in fours] for fours in movement.rounds]
    if played_rounds >= len(rounds):
        return Stationary(movement, {}, 0)  # nothing left to plan
    tables = min(len(fours) for fours in rounds[played_rounds:])
    if len(staying) > tables:
        refuse_too_many(len(staying), tables)
    if not staying:
        return Stationary(movement, {}, 0)
    players = movement.players
    if not played_rounds:
        mapping = units.relabel(_positions(rounds, units, len(staying)), staying, players)
        rounds = [[[mapping[p] for p in four] for four in fours] for fours in rounds]
    anchors = {u: min(p for p in stationary if units.of(p) == u) for u in staying}
    counts = _Counts(players, rounds)
    exchanges = sum(
        _part(rounds[r], set(staying), units, counts) for r in range(played_rounds, len(rounds))
    )
    if exchanges:
        _mend(rounds[played_rounds:], set(staying), units, counts)
    known = {a: (homes or {})[a] for a in anchors.values() if a in (homes or {})}
    places = _homes(rounds, sorted(anchors.values()), played_rounds, tables, known)
    for r in range(played_rounds, len(rounds)):
        rounds[r] = _place(rounds[r], places)
    return Stationary(Movement.build(rounds, players), _seats(rounds, stationary), exchanges)


class _Units:
    """What moves as one: a player, or with fixed partners a pair."""

    def __init__(self, pairs: bool) -> None:
        self.pairs = pairs

    def of(self, player: int) -> int:
        return player // 2 if self.pairs else player

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats one unit holds at a table: a seat, or a partnership's two."""
        return ((0, 2), (1, 3)) if self.pairs else ((0,), (1,), (2,), (3,))

    def relabel(
        self, positions: list[int], staying: list[int], players: tuple[int, ...]
    ) -> dict[int, int]:
        """Player at each number → player seated there: the staying units take ``positions``."""
        known = sorted({self.of(p) for p in players})
        unit_map = dict(zip(positions, staying, strict=True))
        rest = iter(u for u in known if u not in staying)
        for position in known:
            if position not in unit_map:
                unit_map[position] = next(rest)
        if not self.pairs:
            return unit_map
        return {p: 2 * unit_map[p // 2] + p % 2 for p in players}


def _positions(rounds: list[list[list[int]]], units: _Units, count: int) -> list[int]:
    """The ``count`` positions most fit to stay: those meeting each other least, then
    those keeping one table most often."""
    tables: dict[int, Counter[int]] = {}
    met: Counter[tuple[int, int]] = Counter()
    for fours in rounds:
        for t, four in enumerate(fours):
            here = sorted({units.of(p) for p in four})
            for u in here:
                tables.setdefault(u, Counter())[t] += 1
            met.update((a, b) for i, a in enumerate(here) for b in here[i + 1 :])
    kept = {u: max(c.values()) for u, c in tables.items()}
    chosen: list[int] = []
    while len(chosen) < count:
        chosen.append(
            min(
                (u for u in kept if u not in chosen),
                key=lambda u: (sum(met[min(u, c), max(u, c)] for c in chosen), -kept[u], u),
            )
        )
    return chosen


class _Counts:
    """Partner and opponent counts of a movement, kept up to date through exchanges."""

    def __init__(self, players: tuple[int, ...], rounds: list[list[list[int]]]) -> None:
        slots = SEAT_COUNT * sum(len(fours) for fours in rounds)
        targets = Targets(len(players), slots // 2, slots)
        self.partner_max = targets.partner_max
        self.opponent_low, self.opponent_high = targets.opponent_low, targets.opponent_high
        self.stride = max(players, default=0) + 1
        self.partners: dict[int, int] = {}
        self.opponents: dict[int, int] = {}
        for fours in rounds:
            for four in fours:
                for seat in range(SEAT_COUNT):
                    self._add(four[seat], four[(seat + 1) % SEAT_COUNT], False, 1)
                for seat in (0, 1):  # N–S and E–W
                    self._add(four[seat], four[seat + 2], True, 1)

    def _add(self, a: int, b: int, partners: bool, delta: int) -> int:
        """Count ``delta`` meetings of ``a`` and ``b``; what it adds to the partner excess
        (partners) or the opponent deviation (opponents)."""
        key = a * self.stride + b if a < b else b * self.stride + a
        counts = self.partners if partners else self.opponents
        now = counts.get(key, 0)
        counts[key] = now + delta
        if partners:
            return max(0, now + delta - self.partner_max) - max(0, now - self.partner_max)
        return self._opponent_cost(now + delta) - self._opponent_cost(now)

    def _opponent_cost(self, count: int) -> int:
        if count < self.opponent_low:
            return self.opponent_low - count
        return max(0, count - self.opponent_high)

    def swap(
        self,
        fours: list[list[int]],
        at: tuple[int, tuple[int, ...]],
        to: tuple[int, tuple[int, ...]],
        *,
        keep: bool,
    ) -> tuple[int, int]:
        """What swapping the unit at (table, seats) ``at`` with the one at ``to`` adds to
        (partner excess, opponent deviation); made when ``keep``, else only weighed."""
        cost = self._count_swap(fours, at, to, 1)
        if not keep:
            self._count_swap(fours, at, to, -1)
            return cost
        first, second = list(fours[at[0]]), list(fours[to[0]])
        for a, b in zip(at[1], to[1], strict=True):
            first[a], second[b] = fours[to[0]][b], fours[at[0]][a]
        fours[at[0]], fours[to[0]] = first, second
        return cost

    def _count_swap(
        self,
        fours: list[list[int]],
        at: tuple[int, tuple[int, ...]],
        to: tuple[int, tuple[int, ...]],
        sign: int,
    ) -> tuple[int, int]:
        """Count the swap's meetings in (``sign`` 1) or take them back out (−1): only those of
        the players who move with the players who stay at each of the two tables change."""
        partner = opponent = 0
        for (here, seats), (there, others) in ((at, to), (to, at)):
            four, other = fours[here], fours[there]
            staying = [s for s in range(SEAT_COUNT) if s not in seats]
            for seat, other_seat in zip(seats, others, strict=True):
                for s in staying:
                    partners = (s - seat) % SEAT_COUNT == 2
                    change = self._add(four[seat], four[s], partners, -sign)
                    change += self._add(other[other_seat], four[s], partners, sign)
                    if partners:
                        partner += change
                    else:
                        opponent += change
        return partner, opponent


def _part(fours: list[list[int]], staying: set[int], units: _Units, counts: _Counts) -> int:
    """Part the stationary units that share a table in one round; the number of exchanges."""
    exchanges = 0

    def held(four: list[int]) -> list[tuple[int, ...]]:
        return [side for side in units.sides() if units.of(four[side[0]]) in staying]

    while True:
        crowded = [t for t, four in enumerate(fours) if len(held(four)) > 1]
        if not crowded:
            return exchanges
        t = crowded[0]
        free = [u for u, four in enumerate(fours) if not held(four)]
        moves = [
            ((t, side), (u, other))
            for side in held(fours[t])[1:] + held(fours[t])[:1]
            for u in free
            for other in units.sides()
        ]
        if not moves:  # cannot happen while stationary units are at most the tables
            raise MovementError("Too many players stay put for the tables.")
        at, to = min(moves, key=lambda move: counts.swap(fours, *move, keep=False))
        counts.swap(fours, at, to, keep=True)
        exchanges += 1


def _mend(rounds: list[list[list[int]]], staying: set[int], units: _Units, counts: _Counts) -> None:
    """Win back what the exchanges cost: swap two moving units within a round wherever it
    lowers the partner excess or the opponent deviation and raises neither, never bringing
    two stationary units together; sit-outs are untouched. A few passes, in a fixed order."""
    work = MEND_WORK
    for _ in range(MEND_PASSES):
        better = False
        for fours in rounds:
            slots = [
                (t, side)
                for t, four in enumerate(fours)
                for side in units.sides()
                if units.of(four[side[0]]) not in staying
            ]
            for i, at in enumerate(slots):
                for to in slots[i + 1 :]:
                    if to[0] == at[0]:
                        continue
                    work -= 1
                    if work < 0:
                        return
                    partner, opponent = counts.swap(fours, at, to, keep=False)
                    if partner <= 0 and opponent <= 0 and partner + opponent < 0:
                        counts.swap(fours, at, to, keep=True)
                        better = True
        if not better:
            return


def _homes(
    rounds: list[list[list[int]]],
    anchors: list[int],
    played_rounds: int,
    tables: int,
    known: Mapping[int, tuple[int, int]],
) -> dict[int, tuple[int, int]]:
    """Each anchor's (table, seat): the one ``known``, or where it last sat in the rounds
    played, if that table is still there; else the table and seat it holds most often in
    the rounds to come."""
    homes = {a: place for a, place in known.items() if place[0] < tables}
    for anchor in anchors:
        if anchor in homes:
            continue
        for fours in reversed(rounds[:played_rounds]):
            seat = _seat_of(fours, anchor)
            if seat is not None:
                if seat[0] < tables:
                    homes[anchor] = seat
                break
    taken = {table for table, _ in homes.values()}
    for anchor in anchors:
        if anchor in homes:
            continue
        at: Counter[int] = Counter()
        seats: Counter[int] = Counter()
        for fours in rounds[played_rounds:]:
            seat = _seat_of(fours, anchor)
            if seat is not None and seat[0] < tables:
                at[seat[0]] += 1
                seats[seat[1]] += 1
        table = min((t for t in range(tables) if t not in taken), key=lambda t: (-at[t], t))
        taken.add(table)
        homes[anchor] = (table, min(range(SEAT_COUNT), key=lambda s: (-seats[s], s)))
    return homes


def _seat_of(fours: list[list[int]], player: int) -> tuple[int, int] | None:
    for t, four in enumerate(fours):
        if player in four:
            return t, four.index(player)
    return None


def _place(fours: list[list[int]], homes: dict[int, tuple[int, int]]) -> list[list[int]]:
    """The round's fours with each anchor's four at its table, turned to put it in its seat;
    the other fours keep their order in the tables left."""
    placed: list[list[int] | None] = [None] * len(fours)
    rest = []
    for four in fours:
        anchor = next((p for p in four if p in homes), None)
        if anchor is None:
            rest.append(four)
            continue
        table, seat = homes[anchor]
        turn = seat - four.index(anchor)
        placed[table] = [four[(i - turn) % SEAT_COUNT] for i in range(SEAT_COUNT)]
    spare = iter(rest)
    return [four if four is not None else next(spare) for four in placed]


def _seats(
    rounds: list[list[list[int]]], stationary: Collection[int]
) -> dict[int, tuple[int, int]]:
    """Where each stationary player sits: the first round they play."""
    found = {}
    for p in stationary:
        for fours in rounds:
            seat = _seat_of(fours, p)
            if seat is not None:
                found[p] = seat
                break
    return found
