"""Re-planning the rest of an individual movement after a late arrival or withdrawal."""

import pytest

from scoring.errors import MovementError
from scoring.movements import individual, replan

PRESENT = set(range(20)) - {7} | {20}


def partner_counts(rounds):
    counts = {}
    for fours in rounds:
        for north, east, south, west in fours:
            for pair in (frozenset((north, south)), frozenset((east, west))):
                counts[pair] = counts.get(pair, 0) + 1
    return counts


def test_the_rounds_already_played_stay_exactly_as_they_were():
    before = individual(20, 19)
    after = replan(before, 6, PRESENT)
    assert after.rounds[:6] == before.rounds[:6]
    assert len(after.rounds) == 19


def test_only_the_players_present_sit_in_the_new_rounds():
    after = replan(individual(20, 19), 6, PRESENT)
    for fours in after.rounds[6:]:
        assert {p for four in fours for p in four} == PRESENT
    assert 7 in after.players and 20 in after.players


def test_the_new_rounds_avoid_partners_already_used():
    after = replan(individual(20, 12), 6, PRESENT)
    assert max(partner_counts(after.rounds).values()) == 1


def test_a_withdrawal_that_leaves_sit_outs_shares_them_fairly():
    after = replan(individual(20, 12), 4, set(range(19)))
    sat_out = [p for r in range(4, 12) for p in after.sit_outs(r) if p != 19]
    assert len(sat_out) == 3 * 8
    assert max(sat_out.count(p) for p in range(19)) - min(sat_out.count(p) for p in range(19)) <= 1
    for r in range(4, 11):
        assert set(after.sit_outs(r)).isdisjoint(after.sit_outs(r + 1)) or (
            set(after.sit_outs(r)) & set(after.sit_outs(r + 1)) == {19}
        )


def test_replanning_with_every_round_played_changes_nothing():
    before = individual(12, 5)
    assert replan(before, 5, range(12)).rounds == before.rounds


@pytest.mark.parametrize(("played", "players"), [(9, range(12)), (2, range(3))])
def test_it_refuses_rounds_it_does_not_have_or_too_few_players(played, players):
    with pytest.raises(MovementError):
        replan(individual(12, 5), played, players)
