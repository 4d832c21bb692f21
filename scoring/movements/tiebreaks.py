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
    opposed = [_opposed(seats, players) for seats in rounds]
    before = _opposed(history[-1], players) if history else set()
    overlap = [[len(a & b) for b in opposed] for a in opposed]
    lead = [len(before & a) for a in opposed]
    order = list(range(len(rounds)))
    everyone = set(range(players))
    sitting = [everyone - set(seats) for seats in rounds]
    start_spread = max(sat_out) - min(sat_out)

    def joins(k: int) -> int:
        """The pairs opposing both in the round at ``k`` and in the one before."""
        if k == 0:
            return lead[order[0]]
        return overlap[order[k - 1]][order[k]]

    def fair() -> bool:
        if not any(sitting):
            return True
        seen, previous = list(sat_out), set(sat_out_last)
        for k in order:
            out = sitting[k]
            if not fair_next(out, seen, previous, max(1, start_spread)):
                return False
            for p in out:
                seen[p] += 1
            previous = out
        return True

    last = len(order) - 1
    for _ in range(ORDER_PASSES):
        improved = False
        for i in range(last):
            for j in range(i + 1, last + 1):
                touched = sorted({i, i + 1, j, j + 1} & set(range(last + 1)))
                old = sum(joins(k) for k in touched)
                order[i], order[j] = order[j], order[i]
                if sum(joins(k) for k in touched) < old and fair():
                    improved = True
                else:
                    order[i], order[j] = order[j], order[i]
        if not improved:
            break
    rounds[:] = [rounds[k] for k in order]


def orient_tables(players: int, history: Sequence[Sequence[int]], rounds: list[list[int]]) -> None:
    """Turn and mirror each table of ``rounds`` (in place) to even out hands and seats.

    For a few passes over the tables, any table whose mirror lowers the
    left/right imbalance that :func:`scoring.movements.quality.quality`
    counts is mirrored, and any whose quarter turn lowers the N–S/E–W
    imbalance is turned.
    """
    lean = [0] * players  # N–S seats minus E–W seats so far
    hands: dict[int, int] = {}  # for a < b: times b sat on a's left, minus on a's right

    def relations(four: Sequence[int]) -> list[tuple[int, int]]:
        """Each pair's key, with +1 when the higher number sits on the lower's left."""
        found = []
        for seat in range(4):
            player, left = four[seat], four[(seat + 1) % 4]
            if player >= 0 and left >= 0:
                if player < left:
                    found.append((player * players + left, 1))
                else:
                    found.append((left * players + player, -1))
        return found

    def sit(four: Sequence[int], step: int) -> None:
        for seat, player in enumerate(four):
            if player >= 0:
                lean[player] += step if seat % 2 == 0 else -step
        for key, sign in relations(four):
            hands[key] = hands.get(key, 0) + step * sign

    def hand_gain(four: Sequence[int]) -> int:
        """How much mirroring the four would lower the left/right imbalance."""
        gain = 0
        for key, sign in relations(four):
            value = hands.get(key, 0)
            gain += _excess(value) - _excess(value - 2 * sign)
        return gain

    def seat_gain(four: Sequence[int]) -> int:
        """How much a quarter turn would lower the N–S/E–W imbalance."""
        gain = 0
        for seat, player in enumerate(four):
            if player >= 0:
                step = 2 if seat % 2 == 0 else -2
                gain += _excess(lean[player]) - _excess(lean[player] - step)
        return gain

    for seats in history:
        for base in range(0, len(seats), 4):
            sit(seats[base : base + 4], 1)
    for seats in rounds:
        for base in range(0, len(seats), 4):
            sit(seats[base : base + 4], 1)
    for _ in range(ORIENT_PASSES):
        changed = False
        for seats in rounds:
            for base in range(0, len(seats), 4):
                four = seats[base : base + 4]
                north, east, south, west = four
                for gain, turned in (
                    (hand_gain, [north, west, south, east]),
                    (seat_gain, [east, south, west, north]),
                ):
                    if gain(four) > 0:
                        sit(four, -1)
                        seats[base : base + 4] = four = turned
                        north, east, south, west = four
                        sit(four, 1)
                        changed = True
        if not changed:
            break


def _excess(value: int) -> int:
    return max(0, abs(value) - 1)
