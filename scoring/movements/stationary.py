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
   partners, pair for pair). Sit-outs are never touched: everyone sits out as
   often, and as seldom twice running, as in the movement given;
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
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import NoReturn

from scoring.errors import MovementError
from scoring.movements.base import Four, Movement, opponent_pairs, partnerships
from scoring.movements.search import Targets

SEAT_COUNT = 4


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
        f"{stationary} players stay put but there are only {tables} tables: one a table at most.",
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
    tables = min((len(fours) for fours in rounds[played_rounds:]), default=0)
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
        self.targets = Targets(len(players), slots // 2, slots)
        self.counts: Counter[tuple[str, int, int]] = Counter()
        for fours in rounds:
            for four in fours:
                self.counts.update(_meetings(four))

    def cost(self, before: list[list[int]], after: list[list[int]]) -> tuple[int, int]:
        """What changing the fours ``before`` into ``after`` adds to (partner excess, opponent
        deviation)."""
        change: Counter[tuple[str, int, int]] = Counter()
        for four in after:
            change.update(_meetings(four))
        for four in before:
            change.subtract(_meetings(four))
        partner = opponent = 0
        for key, delta in change.items():
            now = self.counts[key]
            if key[0] == "partner":
                partner += self.targets.partner_cost(now + delta) - self.targets.partner_cost(now)
            else:
                opponent += self.targets.opponent_cost(now + delta) - self.targets.opponent_cost(
                    now
                )
        return partner, opponent

    def apply(self, before: list[list[int]], after: list[list[int]]) -> None:
        for four in before:
            self.counts.subtract(_meetings(four))
        for four in after:
            self.counts.update(_meetings(four))


def _meetings(four: list[int]) -> Iterator[tuple[str, int, int]]:
    seats: Four = (four[0], four[1], four[2], four[3])
    for a, b in partnerships(seats):
        yield ("partner", min(a, b), max(a, b))
    for a, b in opponent_pairs(seats):
        yield ("opponent", min(a, b), max(a, b))


def _part(fours: list[list[int]], staying: set[int], units: _Units, counts: _Counts) -> int:
    """Part the stationary units that share a table in one round; the number of exchanges."""
    exchanges = 0

    def held(four: list[int]) -> list[tuple[int, ...]]:
        return [side for side in units.sides() if units.of(four[side[0]]) in staying]

    while True:
        crowded_tables = [t for t, four in enumerate(fours) if len(held(four)) > 1]
        if not crowded_tables:
            return exchanges
        t = crowded_tables[0]
        free = [u for u, four in enumerate(fours) if not held(four)]
        best = None
        for side in held(fours[t])[1:] + held(fours[t])[:1]:
            for u in free:
                for other in units.sides():
                    before = [fours[t], fours[u]]
                    after = [list(fours[t]), list(fours[u])]
                    for mine, theirs in zip(side, other, strict=True):
                        after[0][mine], after[1][theirs] = fours[u][theirs], fours[t][mine]
                    cost = counts.cost(before, after)
                    if best is None or cost < best[0]:
                        best = (cost, u, before, after)
        if best is None:  # cannot happen while stationary units are at most the tables
            raise MovementError("Too many players stay put for the tables.")
        _, u, before, after = best
        counts.apply(before, after)
        fours[t], fours[u] = after
        exchanges += 1


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
