"""The tie-breaks of a movement whose partners and opponents are settled.

Neither pass changes who partners or opposes whom, or how often:

* :func:`order_rounds` reorders the free rounds so the same pair opposes in
  consecutive rounds as seldom as it can, keeping sit-outs fair at every point
  of the drive (nobody sits out twice running, nobody a second time before
  everyone has once);
* :func:`orient_tables` turns and mirrors each table: a quarter turn swaps
  which partnership sits N–S, a mirror (N, E, S, W) → (N, W, S, E) swaps every
  player's left- and right-hand opponents.

Seats are flat lists, table t holding seats 4t … 4t+3 (N, E, S, W); −1 marks
a player of the history no longer in the drive.

>>> rounds = [[0, 1, 2, 3], [0, 1, 2, 3]]
>>> orient_tables(4, [], rounds)
>>> rounds
[[1, 2, 3, 0], [0, 3, 2, 1]]
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from scoring.movements.greedy import fair_next

# Reordering stops after this many passes over the pairs of rounds, turning
# tables after this many passes over the tables.
ORDER_PASSES = 3
ORIENT_PASSES = 4


def _opposed(seats: Sequence[int], players: int) -> set[int]:
    """The pairs opposing in a round, as keys a·players + b with a < b."""
    met = set()
    for base in range(0, len(seats), 4):
        north, east, south, west = seats[base : base + 4]
        for a, b in ((north, east), (north, west), (south, east), (south, west)):
            if a >= 0 and b >= 0:
                met.add(a * players + b if a < b else b * players + a)
    return met


def order_rounds(
    players: int,
    history: Sequence[Sequence[int]],
    rounds: list[list[int]],
    sat_out: Sequence[int],
    sat_out_last: Collection[int],
) -> None:
    """Reorder ``rounds`` (in place) to cut the pairs opposing in consecutive rounds.

    ``sat_out`` counts each player's sit-outs before ``rounds`` (as the sit-out
    rule sees them) and ``sat_out_last`` holds who sat out the round before.
    Swaps two rounds whenever that lowers the count and keeps the sit-outs
    fair, for a few passes.
    """
    if len(rounds) < 2:
        return
    order = _RoundOrder(players, history, rounds, sat_out, sat_out_last)
    for _ in range(ORDER_PASSES):
        if not order.improve():
            break
    rounds[:] = [rounds[k] for k in order.order]


class _RoundOrder:
    """An order of the free rounds, with what it costs and whether its sit-outs are fair."""

    def __init__(
        self,
        players: int,
        history: Sequence[Sequence[int]],
        rounds: list[list[int]],
        sat_out: Sequence[int],
        sat_out_last: Collection[int],
    ) -> None:
        opposed = [_opposed(seats, players) for seats in rounds]
        before = _opposed(history[-1], players) if history else set()
        self.overlap = [[len(a & b) for b in opposed] for a in opposed]
        self.lead = [len(before & a) for a in opposed]
        self.order = list(range(len(rounds)))
        everyone = set(range(players))
        self.sitting = [everyone - set(seats) for seats in rounds]
        self.sat_out, self.sat_out_last = sat_out, sat_out_last
        self.start_spread = max(sat_out) - min(sat_out)

    def joins(self, k: int) -> int:
        """The pairs opposing both in the round at ``k`` and in the one before."""
        if k == 0:
            return self.lead[self.order[0]]
        return self.overlap[self.order[k - 1]][self.order[k]]

    def fair(self) -> bool:
        if not any(self.sitting):
            return True
        seen, previous = list(self.sat_out), set(self.sat_out_last)
        for k in self.order:
            out = self.sitting[k]
            if not fair_next(out, seen, previous, max(1, self.start_spread)):
                return False
            for p in out:
                seen[p] += 1
            previous = out
        return True

    def improve(self) -> bool:
        """One pass of swaps over every pair of rounds; whether any swap was kept."""
        order, last = self.order, len(self.order) - 1
        improved = False
        for i in range(last):
            for j in range(i + 1, last + 1):
                touched = sorted({i, i + 1, j, j + 1} & set(range(last + 1)))
                old = sum(self.joins(k) for k in touched)
                order[i], order[j] = order[j], order[i]
                if sum(self.joins(k) for k in touched) < old and self.fair():
                    improved = True
                else:
                    order[i], order[j] = order[j], order[i]
        return improved


def orient_tables(players: int, history: Sequence[Sequence[int]], rounds: list[list[int]]) -> None:
    """Turn and mirror each table of ``rounds`` (in place) to even out hands and seats.

    For a few passes over the tables, any table whose mirror lowers the
    left/right imbalance that :func:`scoring.movements.quality.quality`
    counts is mirrored, and any whose quarter turn lowers the N–S/E–W
    imbalance is turned.
    """
    balance = _Balance(players)
    for seats in (*history, *rounds):
        for base in range(0, len(seats), 4):
            balance.sit(seats[base : base + 4], 1)
    for _ in range(ORIENT_PASSES):
        changed = False
        for seats in rounds:
            for base in range(0, len(seats), 4):
                changed |= balance.orient(seats, base)
        if not changed:
            break


class _Balance:
    """Each player's N–S lean and each pair's left/right count over the rounds seated."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.lean = [0] * players  # N–S seats minus E–W seats so far
        self.hands: dict[int, int] = {}  # for a < b: times b sat on a's left, minus on a's right

    def relations(self, four: Sequence[int]) -> list[tuple[int, int]]:
        """Each pair's key, with +1 when the higher number sits on the lower's left."""
        found = []
        for seat in range(4):
            player, left = four[seat], four[(seat + 1) % 4]
            if player >= 0 and left >= 0:
                if player < left:
                    found.append((player * self.players + left, 1))
                else:
                    found.append((left * self.players + player, -1))
        return found

    def sit(self, four: Sequence[int], step: int) -> None:
        for seat, player in enumerate(four):
            if player >= 0:
                self.lean[player] += step if seat % 2 == 0 else -step
        for key, sign in self.relations(four):
            self.hands[key] = self.hands.get(key, 0) + step * sign

    def hand_gain(self, four: Sequence[int]) -> int:
        """How much mirroring the four would lower the left/right imbalance."""
        gain = 0
        for key, sign in self.relations(four):
            value = self.hands.get(key, 0)
            gain += _excess(value) - _excess(value - 2 * sign)
        return gain

    def seat_gain(self, four: Sequence[int]) -> int:
        """How much a quarter turn would lower the N–S/E–W imbalance."""
        gain = 0
        for seat, player in enumerate(four):
            if player >= 0:
                step = 2 if seat % 2 == 0 else -2
                gain += _excess(self.lean[player]) - _excess(self.lean[player] - step)
        return gain

    def orient(self, seats: list[int], base: int) -> bool:
        """Mirror, then turn, the table at ``base`` of ``seats`` where that gains; whether it did.

        Both new orders are taken from the table as it stood before either change.
        """
        four = seats[base : base + 4]
        north, east, south, west = four
        changed = False
        for gain, turned in (
            (self.hand_gain, [north, west, south, east]),
            (self.seat_gain, [east, south, west, north]),
        ):
            if gain(four) > 0:
                self.sit(four, -1)
                seats[base : base + 4] = four = turned
                self.sit(four, 1)
                changed = True
        return changed


def _excess(value: int) -> int:
    return max(0, abs(value) - 1)
