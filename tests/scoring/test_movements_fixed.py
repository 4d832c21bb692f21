"""Fixed-partnership movements: Mitchell and Howell."""

import itertools
from collections import Counter

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from scoring.errors import MovementError
from scoring.movements import howell, mitchell, replan_fixed


def meetings(movement):
    """How often each two pairs met, pair k being players 2k and 2k+1."""
    return Counter(
        frozenset((north // 2, east // 2))
        for fours in movement.rounds
        for north, east, _, _ in fours
    )


def assert_partners_fixed(movement):
    for fours in movement.rounds:
        for north, east, south, west in fours:
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
    assert all(len(fours) == 2 for fours in movement.rounds)
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
    north_south = Counter(four[0] // 2 for fours in movement.rounds for four in fours)
    assert max(north_south.values()) - min(north_south.values()) <= 2


@pytest.mark.parametrize("build", [mitchell, howell])
def test_fixed_movements_refuse_a_single_pair(build):
    with pytest.raises(MovementError):
        build(1, 3)


def rests(movement, pairs, rounds):
    """How often each of ``pairs`` sat out over ``rounds``."""
    counts = dict.fromkeys(pairs, 0)
    for r in rounds:
        seated = {north // 2 for north, _, _, _ in movement.rounds[r]}
        seated |= {east // 2 for _, east, _, _ in movement.rounds[r]}
        for p in pairs:
            counts[p] += p not in seated
    return counts


@settings(max_examples=60, deadline=None)
@given(
    pairs=st.integers(2, 14),
    extra=st.integers(0, 6),
    played=st.integers(0, 8),
    arrivals=st.integers(0, 2),
    leavers=st.sets(st.integers(0, 13), max_size=3),
    keep_sides=st.booleans(),
)
# Three pairs of a Mitchell: the stationary pair has never rested, and once re-planned
# it sat out the last two rounds running.
@example(pairs=3, extra=3, played=4, arrivals=0, leavers=set(), keep_sides=True)
def test_a_replanned_fixed_movement_keeps_played_rounds_partners_and_fair_rests(
    pairs, extra, played, arrivals, leavers, keep_sides
):
    rounds = pairs - 1 + pairs % 2 + extra
    played = min(played, rounds)
    before = (mitchell if keep_sides else howell)(pairs, rounds)
    present = sorted({*range(pairs + arrivals)} - {p for p in leavers if p < pairs})
    assume(len(present) >= 2)
    newcomers = {p: played for p in present if p >= pairs}
    after = replan_fixed(before, played, present, keep_sides=keep_sides, since=newcomers)
    assert after.rounds[:played] == before.rounds[:played]
    assert len(after.rounds) == rounds
    assert_partners_fixed(after)
    for r in range(played, rounds):
        seated = sorted(p for north, east, _, _ in after.rounds[r] for p in (north // 2, east // 2))
        assert set(seated) <= set(present)
        assert len(seated) == len(present) - len(present) % 2
    if len(present) % 2 and len(present) >= 3:
        resting = [
            set(present) - {p for t in after.rounds[r] for p in (t[0] // 2, t[1] // 2)}
            for r in range(played, rounds)
        ]
        for first, second in itertools.pairwise(resting):
            assert not first & second  # never twice running
    # Rests among the pairs there from the start get no less level than the rounds played
    # left them (a Mitchell's phantom rests only one side); a newcomer takes no more.
    stayed = [p for p in present if p < pairs]
    if stayed:
        counts, so_far = rests(after, stayed, range(rounds)), rests(after, stayed, range(played))
        spread = max(so_far.values()) - min(so_far.values())
        assert max(counts.values()) - min(counts.values()) <= max(1, spread)
        since = rests(after, present, range(played, rounds))
        assert all(since[p] <= max(since[q] for q in stayed) for p in present)


def test_a_late_pair_in_a_howell_meets_a_new_pair_each_round():
    before = howell(6, 5)
    after = replan_fixed(before, 2, range(7), keep_sides=False, since={6: 2})
    met = [
        {north // 2, east // 2} - {6}
        for fours in after.rounds[2:]
        for north, east, _, _ in fours
        if 6 in (north // 2, east // 2)
    ]
    assert len(met) == len({frozenset(m) for m in met})
    assert len(met) >= 2  # it plays, and sits out at most its share


def test_a_mitchell_remainder_keeps_north_south_pairs_north_south():
    before = mitchell(8, 4)
    after = replan_fixed(before, 2, [0, 1, 2, 4, 5, 6, 7], keep_sides=True)  # pair 3 left
    for fours in after.rounds[2:]:
        for north, east, _, _ in fours:
            if (north // 2 < 4) != (east // 2 < 4):
                assert north // 2 < 4  # across the sides, the N–S pair sits N–S


def test_replanning_a_fixed_movement_refuses_one_pair():
    with pytest.raises(MovementError):
        replan_fixed(howell(4, 3), 1, [0], keep_sides=False)
