"""Progressive and semi-partner drives, seated round by round from the winners."""

import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import MovementError
from scoring.movements import ProgressiveRule, progressive_first, progressive_next, winner_on_tricks

RULES = st.builds(
    ProgressiveRule,
    movers=st.sampled_from(["losers", "winners"]),
    ladies=st.sampled_from(["up", "down"]),
    gents=st.sampled_from(["up", "down"]),
    roles=st.booleans(),
)
SEMI_PARTNER = st.builds(
    ProgressiveRule,
    ladies=st.sampled_from(["up", "down"]),
    gents=st.sampled_from(["up", "down"]),
    keep_winning_pair=st.just(True),
    roles=st.booleans(),
)


def partners(fours):
    return {frozenset(pair) for n, e, s, w in fours for pair in ((n, s), (e, w))}


def play(players, rule, seed):
    """24 rounds with random winners; the seatings and each round's winners."""
    rng = random.Random(seed)
    ladies = set(rng.sample(range(players), rng.randint(0, players)))
    seatings = [progressive_first(players, ladies, rule)]
    winners_by_round = []
    for _ in range(24):
        winners = [rng.choice(["NS", "EW"]) for _ in seatings[-1].fours]
        winners_by_round.append(winners)
        seatings.append(progressive_next(seatings[-1], winners, rule))
    return seatings, winners_by_round


# 1 to 40 tables, with 0 to 3 players over.
PLAYERS = st.integers(4, 163)


def before_players(seating):
    return [p for four in seating.fours for p in four] + list(seating.sitting_out)


def check_round(before, winners, after, rule):
    """Everyone seated once; each stayer stays, each mover moves exactly as the rule says."""
    count = len(before.fours)
    seated = [p for four in after.fours for p in four]
    assert len(after.fours) == count
    assert len(set(seated)) == len(seated) == 4 * count
    assert set(seated).isdisjoint(after.sitting_out)
    assert {*seated, *after.sitting_out} == {*before_players(before)}
    step = {"up": 1, "down": -1}
    where = {p: (t, seat) for t, four in enumerate(after.fours) for seat, p in enumerate(four)}
    for t, (four, winner) in enumerate(zip(before.fours, winners, strict=False)):
        ns_stays = (winner == "NS") == (rule.movers == "losers")
        stay, move = ((0, 2), (1, 3)) if ns_stays else ((1, 3), (0, 2))
        lady, gent = four[move[0]], four[move[1]]
        for mover, direction, lady_seat in ((lady, rule.ladies, True), (gent, rule.gents, False)):
            if mover in after.sitting_out:
                continue
            to_table, seat = where[mover]
            assert to_table == (t + step[direction]) % count
            assert (seat in (0, 1)) == lady_seat
        for stayer in (four[stay[0]], four[stay[1]]):
            assert stayer in after.sitting_out or where[stayer][0] == t


@settings(max_examples=40, deadline=None)
@given(players=PLAYERS, rule=RULES, seed=st.integers(0, 2**16))
def test_progressive_moves_exactly_and_never_repeats_a_partner_next_round(players, rule, seed):
    seatings, winners_by_round = play(players, rule, seed)
    for before, winners, after in zip(seatings, winners_by_round, seatings[1:], strict=False):
        check_round(before, winners, after, rule)
        assert partners(before.fours).isdisjoint(partners(after.fours))


@settings(max_examples=30, deadline=None)
@given(players=PLAYERS, rule=SEMI_PARTNER, seed=st.integers(0, 2**16))
def test_semi_partner_keeps_the_winning_pair_together(players, rule, seed):
    seatings, winners_by_round = play(players, rule, seed)
    for before, winners, after in zip(seatings, winners_by_round, seatings[1:], strict=False):
        check_round(before, winners, after, rule)
        for four, winner in zip(before.fours, winners, strict=True):
            pair = frozenset((four[0], four[2]) if winner == "NS" else (four[1], four[3]))
            if not pair & set(after.sitting_out):
                assert pair in partners(after.fours)


@settings(max_examples=30, deadline=None)
@given(players=PLAYERS, rule=RULES, seed=st.integers(0, 2**16))
def test_nobody_sits_out_twice_before_everyone_has_once_nor_twice_running(players, rule, seed):
    seatings, _ = play(players, rule, seed)
    everyone = set(range(players))
    rested = set(seatings[0].sitting_out)
    for before, after in pairwise(seatings):
        out = set(after.sitting_out)
        assert len(out) == players % 4
        assert out.isdisjoint(before.sitting_out)
        again = out & rested
        if again:
            assert rested | out == everyone
            rested = again
        else:
            rested |= out


def test_round_one_seats_ladies_north_east_and_gents_south_west():
    first = progressive_first(10, ladies={0, 2, 4, 6, 8})
    assert first.fours == ((0, 2, 1, 3), (4, 6, 5, 7))
    assert first.sitting_out == (8, 9)


def test_round_one_sits_out_the_spare_role_first():
    first = progressive_first(9, ladies={0, 1, 2, 3, 4})
    assert first.sitting_out == (4,)
    assert all(p < 4 for four in first.fours for p in four[:2])


def test_round_one_without_roles_seats_in_number_order():
    first = progressive_first(6, rule=ProgressiveRule(roles=False))
    assert first.fours == ((0, 1, 2, 3),)
    assert first.sitting_out == (4, 5)


def test_the_losers_move_ladies_up_and_gents_down():
    first = progressive_first(8, ladies={0, 1, 2, 3})
    after = progressive_next(first, ["NS", "NS"], ProgressiveRule())
    assert after.fours == ((0, 3, 7, 4), (2, 1, 5, 6))


def test_a_newcomer_replaces_a_losing_gent_of_a_plain_round():
    round_one = [(0, 1, 4, 5), (2, 3, 6, 7)]
    after = progressive_next(round_one, ["EW", "NS"], ProgressiveRule(), players=range(9))
    # The losers were 0 and 4 (N–S at table 1), 3 and 7: a gent seat, lowest number.
    assert after.sitting_out == (4,)
    assert sorted(p for four in after for p in four) == [0, 1, 2, 3, 5, 6, 7, 8]


def test_a_withdrawn_player_is_replaced_by_the_one_sitting_out():
    first = progressive_first(9, ladies={0, 1, 2, 3})
    after = progressive_next(first, ["NS", "NS"], ProgressiveRule(), players=set(range(9)) - {5})
    assert after.sitting_out == ()
    assert 8 in {p for four in after for p in four}
    assert 5 not in {p for four in after for p in four}


def test_a_change_in_the_number_of_tables_starts_afresh():
    first = progressive_first(8, ladies={0, 1, 2, 3})
    after = progressive_next(first, ["NS", "EW"], ProgressiveRule(), players=range(12))
    assert len(after.fours) == 3


@pytest.mark.parametrize(
    ("north_south", "total", "last", "winner"),
    [(7, 13, 7, "NS"), (12, 26, 6, "EW"), (13, 26, 7, "NS"), (13, 26, 6, "EW"), (20, 39, 13, "NS")],
)
def test_the_winner_on_tricks_has_more_tricks_and_a_tie_goes_to_the_last_deal(
    north_south, total, last, winner
):
    assert winner_on_tricks(north_south, total, last) == winner


def test_impossible_tricks_are_refused():
    with pytest.raises(MovementError):
        winner_on_tricks(14, 13, 7)


def test_a_semi_partner_drive_where_the_winners_move_is_refused():
    with pytest.raises(MovementError, match="losers must move"):
        ProgressiveRule(movers="winners", keep_winning_pair=True)


def test_winners_must_be_given_for_every_table():
    with pytest.raises(MovementError):
        progressive_next(progressive_first(8), ["NS"], ProgressiveRule())


def test_fewer_than_four_players_cannot_start():
    with pytest.raises(MovementError):
        progressive_first(3)
