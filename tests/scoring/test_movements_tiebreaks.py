"""The tie-breaks: table orientation and the order of rounds change no count that matters."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movements import Movement, quality
from scoring.movements.tiebreaks import order_rounds, orient_tables


def build(rounds, players):
    return Movement.build(
        [[tuple(seats[i : i + 4]) for i in range(0, len(seats), 4)] for seats in rounds],
        range(players),
    )


def fair_seating(players, rounds, seed):
    """Random tables, with sit-outs taken in turn so they are fair at every round."""
    rng = random.Random(seed)
    queue = list(range(players))
    rng.shuffle(queue)
    planned = []
    for _ in range(rounds):
        out = queue[: players % 4]
        queue = queue[players % 4 :] + out
        seated = [p for p in range(players) if p not in out]
        rng.shuffle(seated)
        planned.append(seated)
    return planned


def counts(movement):
    q = quality(movement)
    return (
        q.partner_excess,
        q.partner_min,
        q.partner_max,
        q.opponent_deviation,
        q.opponent_min,
        q.opponent_max,
        q.sit_out_min,
        q.sit_out_max,
    )


@settings(max_examples=40, deadline=None)
@given(players=st.integers(4, 30), rounds=st.integers(1, 16), seed=st.integers(0, 10**6))
def test_tie_breaks_keep_partners_opponents_and_fair_sit_outs(players, rounds, seed):
    planned = fair_seating(players, rounds, seed)
    before = build(planned, players)
    order_rounds(players, [], planned, [0] * players, set())
    orient_tables(players, [], planned)
    after = build(planned, players)
    assert counts(after) == counts(before)
    assert sorted(map(sorted, planned)) == sorted(map(sorted, (sum(r, ()) for r in before.rounds)))
    assert quality(after).consecutive_opponents <= quality(before).consecutive_opponents
    # Sit-outs stay fair at every point: nobody twice before everyone once, never twice running.
    seen = [0] * players
    for r in range(rounds):
        out = after.sit_outs(r)
        for p in out:
            seen[p] += 1
        assert max(seen) - min(seen) <= 1
        if r:
            assert not set(out) & set(after.sit_outs(r - 1))


def test_the_same_table_every_round_is_turned_and_mirrored_to_even_out():
    planned = [[0, 1, 2, 3] for _ in range(4)]
    assert quality(build(planned, 4)).hand_imbalance > 0
    orient_tables(4, [], planned)
    q = quality(build(planned, 4))
    assert (q.seat_imbalance, q.hand_imbalance) == (0, 0)


def test_rounds_repeating_the_same_opponents_are_kept_apart():
    first, second = [0, 1, 2, 3, 4, 5, 6, 7], [0, 4, 1, 5, 2, 6, 3, 7]
    planned = [first, first, second, second]
    assert quality(build(planned, 8)).consecutive_opponents == 16
    order_rounds(8, [], planned, [0] * 8, set())
    assert planned in ([first, second, first, second], [second, first, second, first])
    assert quality(build(planned, 8)).consecutive_opponents == 0
