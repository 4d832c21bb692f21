"""Fixed-partnership movements: Mitchell and Howell.

Pair k is players 2k and 2k+1 and always sits as partners (N–S or E–W). With
an odd number of pairs a phantom pair makes the count even; the real pair
drawn against it sits out that round, and its table is left out of the round.
:func:`replan_fixed` re-plans the rest of a drive when a pair arrives late or
leaves.

>>> mitchell(4, 2).as_tuples()
[[(0, 4, 1, 5), (2, 6, 3, 7)], [(0, 6, 1, 7), (2, 4, 3, 5)]]
>>> howell(4, 1).as_tuples()
[[(4, 2, 5, 3), (0, 6, 1, 7)]]
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence

from scoring.errors import MovementError
from scoring.movements.base import Four, Movement


def mitchell(pairs: int, rounds: int) -> Movement:
    """N–S pair t stays at table t; the E–W pairs move up one table a round.

    The first ⌊pairs/2⌋ pairs sit N–S, the rest E–W. With an odd count the
    phantom is the last N–S pair, so its table is always the empty last one and
    table numbers never shift. When rounds equal tables every N–S pair meets
    every E–W pair once; further rounds cycle round again from the start.
    """
    _check(pairs, rounds)
    table_count = (pairs + 1) // 2
    ew_first = pairs // 2
    return Movement.build(
        (
            [_four(ns, ew_first + (ns - r) % table_count) for ns in range(ew_first)]
            for r in range(rounds)
        ),
        range(2 * pairs),
    )


def howell(pairs: int, rounds: int) -> Movement:
    """Every pair meets every other pair once in 2n−1 rounds (the circle method).

    With 2n pairs (counting a phantom for an odd count), pair 2n−1 stays put
    and pair r meets it in round r; the others meet across the circle, pair
    r+i against pair r−i (mod 2n−1). Pairs alternate N–S and E–W from round to
    round so that seats stay about even. Further rounds repeat the cycle.
    """
    _check(pairs, rounds)
    circle = pairs if pairs % 2 else pairs - 1
    fixed = circle  # the stationary pair; a phantom when ``pairs`` is odd
    movement = []
    for r in range(rounds):
        turn = r % circle
        matches = [((turn + i) % circle, (turn - i) % circle) for i in range(1, circle // 2 + 1)]
        if fixed < pairs:
            matches.append((fixed, turn))
        movement.append([_four(*match) if r % 2 else _four(*match[::-1]) for match in matches])
    return Movement.build(movement, range(2 * pairs))


def _check(pairs: int, rounds: int) -> None:
    if pairs < 2:
        raise MovementError("A fixed-partner movement needs at least two pairs.")
    if rounds < 1:
        raise MovementError("A movement needs at least one round.")


def _four(north_south: int, east_west: int) -> Four:
    return (2 * north_south, 2 * east_west, 2 * north_south + 1, 2 * east_west + 1)


# A second meeting of the same two pairs outweighs any number of side changes.
MEETING_WEIGHT = 100
# Passes of pairwise exchanges that improve a round's matching.
MATCHING_PASSES = 4


def replan_fixed(
    movement: Movement,
    played_rounds: int,
    pairs: Collection[int],
    *,
    keep_sides: bool,
    since: Mapping[int, int] | None = None,
    seed: int = 0,
) -> Movement:
    """Keep ``played_rounds`` rounds of a fixed-partner movement; re-plan the rest for ``pairs``.

    ``pairs`` are the pair numbers present from now on (pair k is players 2k
    and 2k+1): a late pair is simply a new number, a withdrawn one is left
    out. With an odd count a phantom pair makes it even and the pair drawn
    against it sits out: the pair that has sat out least (a newcomer counts as
    having sat out as often as anyone), never twice running where avoidable.
    ``since`` gives the round index from which a pair is in the drive (0, the
    default, for the pairs there from the start; ``played_rounds`` for one
    arriving now): rounds before it are not sit-outs.
    Each round matches the pairs so that two pairs meet again only when every
    choice would repeat a meeting. ``keep_sides`` (Mitchell) keeps each pair
    on the side it played, N–S or E–W, a newcomer joining the smaller side, so
    that pairs of opposite sides meet where they can; otherwise (Howell) a
    pair sits N–S or E–W by turns.

    >>> before = mitchell(6, 3)
    >>> after = replan_fixed(before, 1, [0, 1, 2, 3, 4, 5, 6], keep_sides=True)
    >>> after.rounds[:1] == before.rounds[:1], len(after.rounds), after.players[-1]
    (True, 3, 13)
    >>> [len(fours) for fours in after.rounds]
    [3, 3, 3]
    """
    if not 0 <= played_rounds <= len(movement.rounds):
        raise MovementError(f"The movement has {len(movement.rounds)} rounds, not {played_rounds}.")
    present = sorted(set(pairs))
    if len(present) < 2:
        raise MovementError("A fixed-partner movement needs at least two pairs.")
    played = movement.rounds[:played_rounds]
    history = _History(present, played, since or {})
    if keep_sides:
        history.even_sides()
    rng = random.Random(seed)
    planned: list[list[Four]] = []
    for _ in range(len(movement.rounds) - played_rounds):
        resting = history.next_to_rest() if len(present) % 2 else None
        playing = [p for p in present if p != resting]
        matches = _matching(playing, history, keep_sides, rng)
        fours = [history.seat(a, b, keep_sides) for a, b in matches]
        fours.sort(key=lambda four: four[0])
        history.record(fours, resting)
        planned.append(fours)
    players = {*movement.players, *(player for p in present for player in (2 * p, 2 * p + 1))}
    return Movement.build([*played, *planned], players)


class _History:
    """What the pairs present have done so far: meetings, sit-outs, sides."""

    def __init__(
        self, present: list[int], played: Sequence[Sequence[Four]], since: Mapping[int, int]
    ) -> None:
        self.present = present
        self.met: dict[tuple[int, int], int] = {}
        self.north_south = dict.fromkeys(present, 0)  # N–S rounds minus E–W rounds
        self.side: dict[int, bool] = {}  # True for N–S, from the last round played
        rested = dict.fromkeys(present, 0)
        self.rested_last: set[int] = set()
        for number, fours in enumerate(played):
            seated = set()
            for north, east, _, _ in fours:
                a, b = north // 2, east // 2
                seated |= {a, b}
                self._meet(a, b)
                if a in self.north_south:
                    self.north_south[a] += 1
                    self.side[a] = True
                if b in self.north_south:
                    self.north_south[b] -= 1
                    self.side[b] = False
            out = {p for p in present if p not in seated and since.get(p, 0) <= number}
            for p in out:
                rested[p] += 1
            self.rested_last = out
        arrived = [p for p in present if since.get(p, 0) < len(played)]
        most = max((rested[p] for p in arrived), default=0)
        self.rested = {p: rested[p] if p in arrived else most for p in present}

    def _meet(self, a: int, b: int) -> None:
        key = (a, b) if a < b else (b, a)
        self.met[key] = self.met.get(key, 0) + 1

    def meetings(self, a: int, b: int) -> int:
        return self.met.get((a, b) if a < b else (b, a), 0)

    def even_sides(self) -> None:
        """Newcomers join the smaller side; sides then differ by at most one pair."""
        for p in self.present:
            if p not in self.side:
                north = sum(1 for q in self.present if self.side.get(q) is True)
                east = sum(1 for q in self.present if self.side.get(q) is False)
                self.side[p] = north < east
        for larger in (True, False):
            while sum(1 for p in self.present if self.side[p] == larger) > (
                sum(1 for p in self.present if self.side[p] != larger) + 1
            ):
                # The pair that has met the fewest of the other side crosses over.
                mover = min(
                    (p for p in self.present if self.side[p] == larger),
                    key=lambda p: (self._met_across(p), -p),
                )
                self.side[mover] = not larger

    def _met_across(self, p: int) -> int:
        return sum(self.meetings(p, q) for q in self.present if self.side[q] != self.side[p])

    def next_to_rest(self) -> int:
        # Never twice running comes first: a pair that has rested least (a Mitchell's
        # stationary pair has never rested) would otherwise sit out round after round.
        return min(self.present, key=lambda p: (p in self.rested_last, self.rested[p], p))

    def seat(self, a: int, b: int, keep_sides: bool) -> Four:
        """The four of pairs ``a`` and ``b``: who sits N–S."""
        if keep_sides and self.side[a] != self.side[b]:
            north = a if self.side[a] else b
        else:
            north = a if self.north_south[a] <= self.north_south[b] else b
        return _four(north, b if north == a else a)

    def record(self, fours: list[Four], resting: int | None) -> None:
        for north, east, _, _ in fours:
            self._meet(north // 2, east // 2)
            self.north_south[north // 2] += 1
            self.north_south[east // 2] -= 1
        if resting is not None:
            self.rested[resting] += 1
        self.rested_last = {resting} if resting is not None else set()


def _matching(
    playing: list[int], history: _History, keep_sides: bool, rng: random.Random
) -> list[tuple[int, int]]:
    """Pairs of ``playing`` to meet this round: cheap greedily, then improved by exchanges."""

    def cost(a: int, b: int) -> int:
        same_side = keep_sides and history.side[a] == history.side[b]
        return MEETING_WEIGHT * history.meetings(a, b) + same_side

    order = playing[:]
    rng.shuffle(order)
    matches: list[tuple[int, int]] = []
    while order:
        a = order.pop()
        b = min(order, key=lambda q: (cost(a, q), rng.random()))
        order.remove(b)
        matches.append((a, b))
    for _ in range(MATCHING_PASSES):
        improved = False
        for i in range(len(matches)):
            for j in range(i + 1, len(matches)):
                (a, b), (c, d) = matches[i], matches[j]
                now = cost(a, b) + cost(c, d)
                for new in (((a, c), (b, d)), ((a, d), (b, c))):
                    if cost(*new[0]) + cost(*new[1]) < now:
                        matches[i], matches[j] = new
                        (a, b), (c, d) = new
                        now = cost(a, b) + cost(c, d)
                        improved = True
        if not improved:
            break
    return matches
