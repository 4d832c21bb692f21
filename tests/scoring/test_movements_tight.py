"""Starts that partner nearly every pair once: the rotation for 4k+3 players, one table searched."""

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movements.tight import one_table, rotation, two_by_two


def assert_fair_and_fresh(players, plan, rounds):
    """No pair partners twice; nobody sits out twice running or twice before everyone once."""
    assert len(plan) == rounds
    partnered = [frozenset(pair) for pairs in plan for pair in pairs]
    assert len(set(partnered)) == len(partnered)
    counts, last = [0] * players, set()
    for pairs in plan:
        seated = [p for pair in pairs for p in pair]
        assert len(set(seated)) == len(seated) == 4 * (players // 4)
        out = set(range(players)) - set(seated)
        assert not out & last
        for p in out:
            counts[p] += 1
        assert max(counts) - min(counts) <= 1
        last = out


# Up to 47 players: 4k+5 rounds is at most 52.
@pytest.mark.parametrize("players", range(7, 48, 4))
def test_the_rotation_partners_all_but_three_pairs_over_4k_plus_5_rounds(players):
    plan = rotation(players, players + 2)
    assert_fair_and_fresh(players, plan, players + 2)
    never = set(map(frozenset, combinations(range(players), 2))) - {
        frozenset(pair) for pairs in plan for pair in pairs
    }
    assert len(never) == 3


@settings(max_examples=40, deadline=None)
@given(k=st.integers(1, 11), short=st.integers(0, 4 * 11 + 4))
def test_any_shorter_rotation_is_fair_too(k, short):
    players = 4 * k + 3
    rounds = max(1, players + 2 - short)
    assert_fair_and_fresh(players, rotation(players, rounds), rounds)


def test_a_turn_of_the_rotation_opposes_most_pairs_twice():
    # 23 players: five tables of differences all different, so every pair but those at
    # one difference (23 of the 253) opposes exactly twice in 23 rounds.
    opposed = {}
    for seats in two_by_two(rotation(23, 23)):
        for base in range(0, len(seats), 4):
            north, east, south, west = seats[base : base + 4]
            for pair in ((north, east), (north, west), (south, east), (south, west)):
                key = frozenset(pair)
                opposed[key] = opposed.get(key, 0) + 1
    assert sorted(set(opposed.values())) == [2]
    assert len(opposed) == 253 - 23


@pytest.mark.parametrize(("players", "rounds"), [(15, 18), (23, 30), (12, 12), (8, 7), (3, 1)])
def test_the_rotation_is_only_for_4k_plus_3_players_and_up_to_4k_plus_5_rounds(players, rounds):
    assert rotation(players, rounds) is None


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_one_table_fits_every_round_count_the_pairs_allow(players):
    for rounds in range(1, players * (players - 1) // 4 + 1):
        assert_fair_and_fresh(players, one_table(players, rounds, random.Random(rounds)), rounds)
    assert one_table(players, players * (players - 1) // 4 + 1, random.Random(0)) is None
