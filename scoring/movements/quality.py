"""How balanced a movement is, in the figures DESIGN.md scores it by.

In order of priority: partner excess, sit-out spread, opponent deviation, then
the tie-breaks (N–S/E–W seat balance, left/right-hand opponent balance, the
same pair opposing in consecutive rounds). A perfect movement scores 0, a
spread of at most 1, and 0.

>>> from scoring.movements.individual import individual
>>> q = quality(individual(8, 7))
>>> q.partner_excess, q.opponent_deviation, q.sit_out_spread
(0, 0, 0)
>>> q.summary().split(", ")[:2]
['partners 1–1 (excess 0)', 'opponents 2–2 (deviation 0)']
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from scoring.movements.base import Movement, opponent_pairs, partnerships
from scoring.movements.search import Targets


@dataclass(frozen=True)
class Quality:
    """The balance figures of a movement; the smaller the better except the ranges.

    * ``partner_excess``: Σ over pairs of partnerships beyond ⌈P/C⌉.
    * ``partner_min``/``partner_max``: the range of partner counts over all pairs.
    * ``opponent_deviation``: Σ over pairs of the distance of the opponent count
      from [⌊O/C⌋, ⌈O/C⌉].
    * ``opponent_min``/``opponent_max``: the range of opponent counts.
    * ``sit_out_min``/``sit_out_max``: the range of sit-outs per player.
    * ``consecutive_sit_outs``: times a player sits out two rounds running.
    * ``seat_imbalance``: Σ over players of how far |N–S seats − E–W seats|
      exceeds 1.
    * ``hand_imbalance``: Σ over pairs of opponents of how far |times on one's
      left − times on one's right| exceeds 1. Play runs clockwise (N, E, S,
      W), so a player's left-hand opponent plays straight after them.
    * ``consecutive_opponents``: times a pair opposes in two rounds running.
    """

    partner_excess: int
    partner_min: int
    partner_max: int
    opponent_deviation: int
    opponent_min: int
    opponent_max: int
    sit_out_min: int
    sit_out_max: int
    consecutive_sit_outs: int
    seat_imbalance: int
    hand_imbalance: int
    consecutive_opponents: int

    @property
    def sit_out_spread(self) -> int:
        return self.sit_out_max - self.sit_out_min

    def summary(self) -> str:
        """One line an organiser can read."""
        sit_outs = f"sit-outs {self.sit_out_min}–{self.sit_out_max}"
        if self.consecutive_sit_outs:
            sit_outs += f" ({self.consecutive_sit_outs} twice running)"
        return (
            f"partners {self.partner_min}–{self.partner_max} (excess {self.partner_excess}), "
            f"opponents {self.opponent_min}–{self.opponent_max} "
            f"(deviation {self.opponent_deviation}), {sit_outs}, "
            f"N–S/E–W imbalance {self.seat_imbalance}, "
            f"left/right imbalance {self.hand_imbalance}, "
            f"consecutive opponents {self.consecutive_opponents}"
        )


def quality(movement: Movement) -> Quality:
    """Score ``movement`` over all its players and rounds."""
    players = movement.players
    partners: dict[tuple[int, int], int] = {}
    opponents: dict[tuple[int, int], int] = {}
    sit_outs = dict.fromkeys(players, 0)
    lean = dict.fromkeys(players, 0)
    # For a pair (a, b) with a < b: times b sat on a's left minus on a's right.
    hands: dict[tuple[int, int], int] = {}
    consecutive_sit_outs = consecutive_opponents = 0
    previous_out: set[int] = set()
    previous_opponents: set[tuple[int, int]] = set()
    for index, fours in enumerate(movement.rounds):
        out = set(movement.sit_outs(index))
        for p in out:
            sit_outs[p] += 1
        consecutive_sit_outs += len(out & previous_out)
        met = set()
        for four in fours:
            for pair in partnerships(four):
                _tally(partners, pair)
            for pair in opponent_pairs(four):
                met.add(_tally(opponents, pair))
            for p, step in zip(four, (1, -1, 1, -1), strict=True):
                lean[p] += step
            for seat in range(4):
                _lean_hand(hands, four[seat], four[(seat + 1) % 4])
        consecutive_opponents += len(met & previous_opponents)
        previous_out, previous_opponents = out, met
    slots = 4 * sum(len(fours) for fours in movement.rounds)
    targets = Targets(len(players), slots // 2, slots)
    partner_counts = [partners.get(pair, 0) for pair in combinations(players, 2)] or [0]
    opponent_counts = [opponents.get(pair, 0) for pair in combinations(players, 2)] or [0]
    return Quality(
        partner_excess=sum(map(targets.partner_cost, partner_counts)),
        partner_min=min(partner_counts),
        partner_max=max(partner_counts),
        opponent_deviation=sum(map(targets.opponent_cost, opponent_counts)),
        opponent_min=min(opponent_counts),
        opponent_max=max(opponent_counts),
        sit_out_min=min(sit_outs.values(), default=0),
        sit_out_max=max(sit_outs.values(), default=0),
        consecutive_sit_outs=consecutive_sit_outs,
        seat_imbalance=sum(max(0, abs(v) - 1) for v in lean.values()),
        hand_imbalance=sum(max(0, abs(v) - 1) for v in hands.values()),
        consecutive_opponents=consecutive_opponents,
    )


def _tally(counts: dict[tuple[int, int], int], pair: tuple[int, int]) -> tuple[int, int]:
    """Count one meeting of ``pair`` (in either order); returns the sorted pair."""
    key = (pair[0], pair[1]) if pair[0] < pair[1] else (pair[1], pair[0])
    counts[key] = counts.get(key, 0) + 1
    return key


def _lean_hand(hands: dict[tuple[int, int], int], player: int, left: int) -> None:
    """Count ``left`` sitting on ``player``'s left-hand side."""
    if player < left:
        hands[(player, left)] = hands.get((player, left), 0) + 1
    else:
        hands[(left, player)] = hands.get((left, player), 0) - 1
