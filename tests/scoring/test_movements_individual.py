"""Balanced individual movements for any drive from 4 to 200 players."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import MovementError
from scoring.movements import individual, quality


def test_twenty_players_over_24_rounds_partner_1_to_2_and_oppose_2_to_3():
    q = quality(individual(20, 24))
    assert (q.partner_min, q.partner_max) == (1, 2)
    assert (q.opponent_min, q.opponent_max) == (2, 3)


def test_whole_cycles_of_a_design_keep_it_perfect():
    q = quality(individual(12, 22))
    assert (q.partner_min, q.partner_max, q.opponent_min, q.opponent_max) == (2, 2, 4, 4)


def test_part_of_a_design_keeps_partners_perfect():
    q = quality(individual(24, 12))
    assert q.partner_excess == 0
    assert q.opponent_deviation < 30


def test_a_count_without_a_design_still_balances_opponents_closely():
    q = quality(individual(30, 24))
    assert q.partner_excess == 0
    assert q.opponent_deviation <= 10


# Drives whose partnerships fill 80–100 % of the pairs: the tightest that still allow no repeat.
TIGHT = [(11, 12), (13, 12), (23, 24), (25, 24), (26, 24), (28, 24), (51, 52), (56, 52)]


@pytest.mark.parametrize(("players", "rounds"), TIGHT)
def test_no_pair_partners_twice_while_the_partnerships_fit_among_the_pairs(players, rounds):
    assert 2 * (players // 4) * rounds <= players * (players - 1) // 2
    q = quality(individual(players, rounds))
    assert (q.partner_max, q.partner_excess) == (1, 0)
    assert q.sit_out_spread <= 1


# Fuller still: 46 × 46 partners 1,012 of the 1,035 pairs (98 %), 22 × 23 253 of 253,
# 47 × 48 1,056 of 1,081.
FULL = [(46, 46, seed) for seed in range(4)] + [
    (10, 11, 1),
    (14, 15, 1),
    (18, 19, 1),
    (22, 23, 1),
    (42, 41, 0),
    (50, 49, 0),
    (62, 52, 0),
    (11, 13, 0),
    (19, 20, 0),
    (23, 24, 1),
    (47, 48, 0),
    # 4k+3 players over 4k+5 rounds leave 3 pairs unpartnered (15 × 17: 102 of 105).
    (15, 17, 0),
    (19, 21, 2),
    (23, 25, 0),
    (31, 33, 1),
    # One table a round: 6 × 6 partners 12 of 15 pairs, 7 × 10 20 of 21.
    (6, 6, 0),
    (7, 9, 0),
    (7, 10, 3),
]


@pytest.mark.parametrize(("players", "rounds", "seed"), FULL)
def test_no_partner_repeats_even_when_nearly_every_pair_partners(players, rounds, seed):
    assert 5 * 2 * (players // 4) * rounds >= 4 * players * (players - 1) // 2  # 80 % or more
    q = quality(individual(players, rounds, seed))
    assert q.partner_excess == 0
    assert q.sit_out_spread <= 1
    assert q.consecutive_sit_outs == 0


def test_the_same_seed_gives_the_same_movement():
    assert individual(30, 12, seed=4) == individual(30, 12, seed=4)
    assert individual(30, 12, seed=4) != individual(30, 12, seed=5)


def test_sit_outs_rotate_so_nobody_sits_out_twice_before_everyone_once():
    movement = individual(30, 24)
    first_turns = [p for r in range(15) for p in movement.sit_outs(r)]
    assert sorted(first_turns) == list(range(30))


@pytest.mark.parametrize(("players", "rounds"), [(3, 5), (8, 0)])
def test_it_refuses_too_few_players_or_rounds(players, rounds):
    with pytest.raises(MovementError):
        individual(players, rounds)


@settings(max_examples=30, deadline=None)
@given(players=st.integers(4, 200), rounds=st.integers(1, 52), seed=st.integers(0, 3))
def test_any_drive_gets_a_valid_balanced_movement(players, rounds, seed):
    movement = individual(players, rounds, seed)
    q = quality(movement)
    assert all(len(fours) == players // 4 for fours in movement.rounds)
    assert len(movement.rounds) == rounds
    assert q.sit_out_spread <= 1
    assert q.consecutive_sit_outs == 0
    if 2 * (players // 4) * rounds <= players * (players - 1) / 2:
        assert q.partner_excess == 0
