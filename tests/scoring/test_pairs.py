"""Fixed partnerships ranked as pairs: the partners' standing, placed among the pairs."""

import doctest
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import pairs
from scoring.pairs import pair_standings, partners
from scoring.standings import Competitor, DealScore, standings


def test_docstring_examples_hold():
    assert doctest.testmod(pairs).failed == 0


def pair_table(points_per_pair):
    """Players 2k and 2k+1 partner each other at one table per two pairs, one deal."""
    scores, seats = [], []
    for k, points in enumerate(points_per_pair):
        scores += [DealScore(2 * k, 1, 1, points, 7), DealScore(2 * k + 1, 1, 1, points, 7)]
    for k in range(0, len(points_per_pair) - 1, 2):
        seats.append({"N": 2 * k, "S": 2 * k + 1, "E": 2 * k + 2, "W": 2 * k + 3})
    competitors = [Competitor(player, "either") for player in range(2 * len(points_per_pair))]
    return standings(scores, competitors, rounds=[(1, 1)]), partners(seats)


def test_pairs_are_placed_among_themselves_and_level_pairs_share():
    ranked, partner = pair_table([5, 9, 5, 2])
    assert [(p.players, p.rank_label) for p in pair_standings(ranked, partner)] == [
        ((2, 3), "1"),
        ((0, 1), "=2"),
        ((4, 5), "=2"),
        ((6, 7), "4"),
    ]
    # Among the players the same pairs stand =1, =3, =3, 7: partners share their place.
    assert [s.rank for s in ranked] == [1, 1, 3, 3, 3, 3, 7, 7]


def test_a_player_never_seated_with_a_partner_is_in_no_pair():
    ranked, partner = pair_table([5, 9])
    assert [p.players for p in pair_standings(ranked, {**partner, 99: 98})] == [(2, 3), (0, 1)]


# No deadline: the suite shares two cores with other work.
@settings(deadline=None)
@given(st.lists(st.integers(0, 13), min_size=2, max_size=10).filter(lambda p: len(p) % 2 == 0))
def test_every_pair_once_ranked_one_below_the_pairs_with_more_points(points_per_pair):
    ranked, partner = pair_table(points_per_pair)
    table = pair_standings(ranked, partner)
    assert sorted(player for p in table for player in p.players) == sorted(partner)
    for pair in table:
        one, other = pair.players
        assert partner[one] == other
        better = sum(other_pair.standing.points > pair.standing.points for other_pair in table)
        level = [p for p in table if p.standing.points == pair.standing.points]
        assert pair.rank == 1 + better
        assert pair.shared == (len(level) > 1)
        assert pair.standing.points == Decimal(points_per_pair[one // 2])
