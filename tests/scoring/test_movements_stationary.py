"""Players who stay put: every movement works around them (hypothesis).

A stationary player never changes table or seat; nobody else's sit-outs become
unfair; an individual movement's partner and opponent balance stays within the
stated distance of the unconstrained one: each exchange that parts two
stationary players adds at most 2 to the partner excess and 8 to the opponent
deviation, and with at most one stationary player nothing changes at all.
"""

import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import MovementError
from scoring.movements import (
    ProgressiveRule,
    howell,
    individual,
    mitchell,
    progressive_first,
    progressive_next,
    quality,
    replan,
    replan_fixed,
)
from scoring.movements.stationary import keep_stationary

# The stated distance: what one exchange can cost an individual movement.
PARTNER_COST_PER_EXCHANGE = 2
OPPONENT_COST_PER_EXCHANGE = 8


def places(movement, player):
    """(table, seat) of ``player`` in every round they play."""
    return {
        (t, four.index(player))
        for fours in movement.rounds
        for t, four in enumerate(fours)
        if player in four
    }


def sit_outs(movement):
    return [len(movement.sit_outs(r)) for r in range(len(movement.rounds))]


def assert_fair_as_before(before, after):
    q0, q1 = quality(before), quality(after)
    assert sit_outs(after) == sit_outs(before)
    assert (q1.sit_out_min, q1.sit_out_max) == (q0.sit_out_min, q0.sit_out_max)
    assert q1.consecutive_sit_outs == q0.consecutive_sit_outs


@st.composite
def individual_case(draw):
    players = draw(st.integers(4, 26))
    rounds = draw(st.integers(1, 14))
    tables = players // 4
    stationary = draw(st.sets(st.integers(0, players - 1), max_size=tables))
    return players, rounds, stationary


@settings(max_examples=40, deadline=None)
@given(case=individual_case())
def test_individual_stationary_players_keep_table_and_seat_within_the_stated_distance(case):
    players, rounds, stationary = case
    before = individual(players, rounds)
    kept = keep_stationary(before, stationary)
    after = kept.movement
    assert after.players == before.players
    for p in stationary:
        assert len(places(after, p)) <= 1
        assert places(after, p) <= {kept.homes[p]}
    assert_fair_as_before(before, after)
    q0, q1 = quality(before), quality(after)
    assert q1.partner_excess <= q0.partner_excess + PARTNER_COST_PER_EXCHANGE * kept.exchanges
    assert (
        q1.opponent_deviation <= q0.opponent_deviation + OPPONENT_COST_PER_EXCHANGE * kept.exchanges
    )
    if len(stationary) <= 1:
        assert kept.exchanges == 0
        assert (q1.partner_excess, q1.opponent_deviation, q1.hand_imbalance) == (
            q0.partner_excess,
            q0.opponent_deviation,
            q0.hand_imbalance,
        )


@st.composite
def fixed_case(draw):
    pairs = draw(st.integers(2, 13))
    rounds = draw(st.integers(1, 13))
    tables = (pairs + 1) // 2 if pairs % 2 == 0 else pairs // 2
    chosen = draw(st.sets(st.integers(0, pairs - 1), max_size=max(1, tables)))
    # One player of each chosen pair, or now and then both partners.
    stationary = {2 * k + draw(st.integers(0, 1)) for k in chosen}
    if chosen and draw(st.booleans()):
        k = min(chosen)
        stationary |= {2 * k, 2 * k + 1}
    return pairs, rounds, stationary


@settings(max_examples=40, deadline=None)
@given(case=fixed_case())
def test_mitchell_keeps_stationary_pairs_north_south_at_no_cost(case):
    pairs, rounds, stationary = case
    before = mitchell(pairs, rounds)
    if len({p // 2 for p in stationary}) > len(before.rounds[0]):
        with pytest.raises(MovementError):
            keep_stationary(before, stationary, pairs=True)
        return
    kept = keep_stationary(before, stationary, pairs=True)
    after = kept.movement
    for p in stationary:
        assert len(places(after, p)) == 1
        partner = p ^ 1
        assert all(
            four.index(partner) == (four.index(p) + 2) % 4
            for fours in after.rounds
            for four in fours
            if p in four
        )
    assert kept.exchanges == 0
    assert_fair_as_before(before, after)
    q0, q1 = quality(before), quality(after)
    assert (q1.opponent_min, q1.opponent_max, q1.opponent_deviation) == (
        q0.opponent_min,
        q0.opponent_max,
        q0.opponent_deviation,
    )


@settings(max_examples=40, deadline=None)
@given(case=fixed_case())
def test_howell_works_round_stationary_pairs_keeping_partners(case):
    pairs, rounds, stationary = case
    before = howell(pairs, rounds)
    tables = min(len(fours) for fours in before.rounds)
    if len({p // 2 for p in stationary}) > tables:
        with pytest.raises(MovementError):
            keep_stationary(before, stationary, pairs=True)
        return
    kept = keep_stationary(before, stationary, pairs=True)
    after = kept.movement
    for p in stationary:
        assert len(places(after, p)) == 1
    partners_before = {
        frozenset(x) for fours in before.rounds for n, e, s, w in fours for x in ((n, s), (e, w))
    }
    partners_after = {
        frozenset(x) for fours in after.rounds for n, e, s, w in fours for x in ((n, s), (e, w))
    }
    assert all(pair == frozenset({min(pair), min(pair) ^ 1}) for pair in partners_after)
    assert len(partners_after) == len(partners_before)
    assert_fair_as_before(before, after)


def test_more_stationary_players_than_tables_are_refused_with_the_counts():
    with pytest.raises(MovementError) as refused:
        keep_stationary(individual(9, 4), {0, 1, 2})
    assert refused.value.code == "too_many_stationary"
    assert refused.value.params == {"stationary": 3, "tables": 2}


def test_an_individual_design_keeps_its_fixed_point_for_a_lone_stationary_player():
    before = individual(8, 7)
    kept = keep_stationary(before, {5})
    assert kept.exchanges == 0
    assert quality(kept.movement).partner_excess == 0
    assert len(places(kept.movement, 5)) == 1


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(8, 24),
    played=st.integers(1, 4),
    seed=st.integers(0, 2**16),
)
def test_a_replanned_individual_drive_keeps_its_stationary_players_in_place(players, played, seed):
    rng = random.Random(seed)
    rounds = played + 4
    stationary = set(rng.sample(range(players), rng.randint(1, players // 4)))
    start = keep_stationary(individual(players, rounds), stationary)
    leaving = rng.choice([p for p in range(players) if p not in stationary])
    present = [p for p in range(players + 1) if p != leaving]
    planned = replan(start.movement, played, present)
    kept = keep_stationary(planned, stationary, played_rounds=played, homes=start.homes)
    assert kept.movement.rounds[:played] == start.movement.rounds[:played]
    for p in stationary:
        assert places(kept.movement, p) == {start.homes[p]}


def test_a_replanned_mitchell_keeps_a_stationary_pair_at_its_table():
    start = keep_stationary(mitchell(8, 6), {7}, pairs=True)
    planned = replan_fixed(start.movement, 2, [0, 1, 2, 4, 5, 6, 7], keep_sides=True)
    kept = keep_stationary(planned, {7}, pairs=True, played_rounds=2)
    assert places(kept.movement, 7) == {start.homes[7]}


# Progressive and semi-partner drives.
RULES = st.builds(
    ProgressiveRule,
    movers=st.sampled_from(["losers", "winners"]),
    ladies=st.sampled_from(["up", "down"]),
    gents=st.sampled_from(["up", "down"]),
    keep_winning_pair=st.just(False),
    roles=st.booleans(),
) | st.builds(
    ProgressiveRule,
    ladies=st.sampled_from(["up", "down"]),
    gents=st.sampled_from(["up", "down"]),
    keep_winning_pair=st.just(True),
    roles=st.booleans(),
)


def partners(fours):
    return {frozenset(pair) for n, e, s, w in fours for pair in ((n, s), (e, w))}


@settings(max_examples=60, deadline=None)
@given(players=st.integers(4, 60), rule=RULES, seed=st.integers(0, 2**16))
def test_progressive_works_round_stationary_players(players, rule, seed):
    rng = random.Random(seed)
    ladies = set(rng.sample(range(players), rng.randint(0, players)))
    stationary = set(rng.sample(range(players), rng.randint(0, players // 4)))
    seatings = [progressive_first(players, ladies, rule, stationary=stationary)]
    for _ in range(16):
        winners = [rng.choice(["NS", "EW"]) for _ in seatings[-1].fours]
        seatings.append(progressive_next(seatings[-1], winners, rule, stationary=stationary))
    homes = {
        p: (t, four.index(p))
        for t, four in enumerate(seatings[0].fours)
        for p in four
        if p in stationary
    }
    assert sorted(t for t, _ in homes.values()) == list(range(len(stationary)))
    for seating in seatings:
        assert stationary.isdisjoint(seating.sitting_out)
        for p in stationary:
            assert seating.fours[homes[p][0]][homes[p][1]] == p
    # Everybody else's sit-outs stay fair: never twice running, nor twice before
    # everyone else has once.
    others = set(range(players)) - stationary
    rested = set(seatings[0].sitting_out)
    for before, after in pairwise(seatings):
        out = set(after.sitting_out)
        assert len(out) == players % 4
        assert out.isdisjoint(before.sitting_out)
        again = out & rested
        if again:
            assert rested | out == others
            rested = again
        else:
            rested |= out
        if not rule.keep_winning_pair:
            assert partners(before.fours).isdisjoint(partners(after.fours))


def test_a_progressive_late_arrival_who_stays_put_takes_a_table_of_their_own():
    first = progressive_first(9, ladies={0, 1, 2, 3}, stationary={0})
    after = progressive_next(
        first, ["NS", "NS"], ProgressiveRule(), players=range(10), stationary={0, 9}
    )
    tables = [t for t, four in enumerate(after.fours) if {0, 9} & set(four)]
    assert len(tables) == 2


def test_progressive_refuses_more_stationary_players_than_tables():
    with pytest.raises(MovementError) as refused:
        progressive_first(8, stationary={0, 1, 2})
    assert refused.value.code == "too_many_stationary"


def test_a_stationary_player_keeps_their_place_when_the_tables_change():
    first = progressive_first(8, ladies={0, 1, 2, 3}, stationary={5})
    place = next((t, four.index(5)) for t, four in enumerate(first.fours) if 5 in four)
    after = progressive_next(
        first, ["NS", "EW"], ProgressiveRule(), players=range(12), stationary={5}
    )
    assert len(after.fours) == 3
    assert after.fours[place[0]][place[1]] == 5
