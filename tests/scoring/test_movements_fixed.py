"""Fixed-partnership movements: Mitchell and Howell."""

from collections import Counter

import pytest

from scoring.errors import MovementError
from scoring.movements import howell, mitchell


def meetings(movement):
    """How often each two pairs met, pair k being players 2k and 2k+1."""
    return Counter(
        frozenset((north // 2, east // 2))
        for tables in movement.rounds
        for north, east, _, _ in tables
    )


def assert_partners_fixed(movement):
    for tables in movement.rounds:
        for north, east, south, west in tables:
            assert (south, west) == (north + 1, east + 1)
            assert north % 2 == east % 2 == 0


@pytest.mark.parametrize("pairs", range(2, 21))
def test_mitchell_every_north_south_pair_meets_every_east_west_pair_once(pairs):
    tables = (pairs + 1) // 2
    movement = mitchell(pairs, tables)
    assert_partners_fixed(movement)
    north_south, east_west = range(pairs // 2), range(pairs // 2, pairs)
    assert meetings(movement) == Counter(
        {frozenset((a, b)): 1 for a in north_south for b in east_west}
    )


def test_mitchell_north_south_stay_and_east_west_move_up_a_table():
    rounds = mitchell(8, 4).rounds
    for r in range(3):
        for t, (north, east, _, _) in enumerate(rounds[r]):
            assert rounds[r + 1][t][0] == north
            assert rounds[r + 1][(t + 1) % 4][1] == east


def test_mitchell_with_an_odd_count_sits_out_the_pair_at_the_phantom_table():
    movement = mitchell(5, 3)
    assert all(len(tables) == 2 for tables in movement.rounds)
    sat_out = [movement.sit_outs(r) for r in range(3)]
    assert sorted(sat_out) == [(4, 5), (6, 7), (8, 9)]


def test_mitchell_cycles_round_again_after_the_last_table():
    movement = mitchell(6, 5)
    assert movement.rounds[3:] == movement.rounds[:2]


@pytest.mark.parametrize("pairs", range(2, 22))
def test_howell_every_pair_meets_every_other_once(pairs):
    cycle = pairs - 1 if pairs % 2 == 0 else pairs
    movement = howell(pairs, cycle)
    assert_partners_fixed(movement)
    assert meetings(movement) == Counter(
        {frozenset((a, b)): 1 for a in range(pairs) for b in range(a + 1, pairs)}
    )


def test_howell_with_an_odd_count_sits_out_each_pair_once_a_cycle():
    movement = howell(7, 7)
    assert sorted(movement.sit_outs(r) for r in range(7)) == [(2 * k, 2 * k + 1) for k in range(7)]


def test_howell_repeats_the_cycle_when_rounds_exceed_it():
    movement = howell(4, 5)
    for r in (3, 4):
        assert {frozenset(t) for t in movement.rounds[r]} == {
            frozenset(t) for t in movement.rounds[r - 3]
        }


def test_howell_seats_every_pair_north_south_about_half_the_time():
    movement = howell(8, 7)
    north_south = Counter(t[0] // 2 for tables in movement.rounds for t in tables)
    assert max(north_south.values()) - min(north_south.values()) <= 2


@pytest.mark.parametrize("build", [mitchell, howell])
def test_fixed_movements_refuse_a_single_pair(build):
    with pytest.raises(MovementError):
        build(1, 3)
