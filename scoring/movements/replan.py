"""Continue an individual movement after a late arrival or a withdrawal.

The rounds already played stay exactly as they were; the rest are planned for
the players now present, counting the partners and opponents they have
already had so the new rounds avoid repeating them.

>>> from scoring.movements.individual import individual
>>> before = individual(20, 6)
>>> after = replan(before, 3, set(range(20)) - {7} | {20})
>>> after.rounds[:3] == before.rounds[:3]
True
>>> any(7 in four for four in after.rounds[4]), after.players[-1]
(False, 20)
"""

from __future__ import annotations

import random
from collections.abc import Collection

from scoring.errors import MovementError
from scoring.movements.base import MIN_PLAYERS, Movement
from scoring.movements.greedy import SitOuts, greedy_seating
from scoring.movements.individual import plan_rounds


def replan(
    movement: Movement, played_rounds: int, players: Collection[int], seed: int = 0
) -> Movement:
    """Keep ``played_rounds`` rounds and re-plan the rest for ``players``.

    ``players`` are the player numbers present from now on, in any order and
    not necessarily contiguous. Sit-outs go first to those who have sat out
    least; a newcomer counts as having sat out as often as anyone so far, so
    they neither sit out straight away nor escape sitting out for ever.
    """
    if not 0 <= played_rounds <= len(movement.rounds):
        raise MovementError(f"The movement has {len(movement.rounds)} rounds, not {played_rounds}.")
    present = sorted(set(players))
    if len(present) < MIN_PLAYERS:
        raise MovementError("A movement needs at least four players.", code="too_few_players")
    index = {player: i for i, player in enumerate(present)}
    played = movement.rounds[:played_rounds]
    history = [[index.get(p, -1) for four in fours for p in four] for fours in played]
    seated_counts = [0] * len(present)
    for seats in history:
        for p in seats:
            if p >= 0:
                seated_counts[p] += 1
    known = [i for i, seated in enumerate(seated_counts) if seated]
    counts = [played_rounds - seated for seated in seated_counts]
    most = max((counts[i] for i in known), default=0)
    for i, seated in enumerate(seated_counts):
        if not seated:
            counts[i] = most
    sat_out_last = {i for i in known if history and i not in history[-1]}
    rng = random.Random(seed)
    remaining = len(movement.rounds) - played_rounds
    sit_outs = SitOuts(list(counts), set(sat_out_last), remaining)
    start = greedy_seating(len(present), history, sit_outs, rng)
    planned = plan_rounds(len(present), history, start, rng, counts, sat_out_last)
    return Movement.build(
        [*played, *([[present[p] for p in four] for four in fours] for fours in planned)],
        {*movement.players, *present},
    )
