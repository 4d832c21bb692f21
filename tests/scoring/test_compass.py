"""Compass and matchpoint scoring of boards, Neuberg's formula, and the pairs' places."""

import random
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.compass import (
    BoardResult,
    Method,
    compass_scores,
    matchpoint_scores,
    neuberg,
    rank_pairs,
    score_boards,
    two_places,
)
from scoring.errors import ResultError, ScoringError, StandingsError
from scoring.movements.boards import mitchell_boards

tricks = st.integers(min_value=0, max_value=13)


def board(trick_counts, number=1):
    """One board's results, table i seating N–S pair i against E–W pair 100 + i."""
    return [BoardResult(number, i, 100 + i, t, table=i) for i, t in enumerate(trick_counts)]


@settings(deadline=None)
@given(st.lists(tricks, min_size=1, max_size=30))
def test_compass_scores_on_a_board_sum_to_zero_in_each_direction(trick_counts):
    scored = compass_scores(board(trick_counts))
    assert sum(s.ns for s in scored) == 0
    assert sum(s.ew for s in scored) == 0
    assert all(s.ns == -s.ew and s.top is None for s in scored)


def test_compass_scores_are_exact_thirds_not_rounded_decimals():
    scored = compass_scores(board([7, 8, 8]))
    assert [s.ns for s in scored] == [Fraction(-2, 3), Fraction(1, 3), Fraction(1, 3)]
    assert [str(two_places(s.ew)) for s in scored] == ["0.67", "-0.33", "-0.33"]


@settings(deadline=None)
@given(st.lists(tricks, min_size=1, max_size=30))
def test_matchpoints_on_a_board_total_n_times_n_minus_one(trick_counts):
    n = len(trick_counts)
    scored = matchpoint_scores(board(trick_counts))
    assert sum(s.ns for s in scored) == sum(s.ew for s in scored) == n * (n - 1)
    assert all(s.ns + s.ew == s.top == 2 * (n - 1) for s in scored)


def test_matchpoints_give_two_for_each_pair_beaten_and_one_for_each_tie():
    scored = matchpoint_scores(board([9, 7, 7, 5, 9]))
    assert [s.ns for s in scored] == [7, 3, 3, 0, 7]
    assert [s.ew for s in scored] == [1, 5, 5, 8, 1]


@settings(deadline=None)
@given(st.lists(tricks, min_size=2, max_size=20), tricks)
def test_adding_a_result_never_changes_the_order_of_the_others_comparisons(before, added):
    old_board, new_board = board(before), board([*before, added])
    for score in (compass_scores, matchpoint_scores):
        old = [s.ns for s in score(old_board)]
        new = [s.ns for s in score(new_board)][: len(before)]
        for i in range(len(before)):
            for j in range(len(before)):
                assert (old[i] > old[j]) == (new[i] > new[j])
                assert (old[i] == old[j]) == (new[i] == new[j])
    # Compass goes further: the gap between any two results stays what their tricks make it.
    new_compass = compass_scores(new_board)
    assert all(
        new_compass[i].ns - new_compass[0].ns == before[i] - before[0] for i in range(len(before))
    )


def test_neuberg_matches_the_ebus_worked_example():
    # Max Bavin, "The Neuberg formula" (EBU): ten results where eleven were expected.
    results = board([13, 12, 11, 10, 9, 8, 7, 6, 5, 1])
    other = board([7] * 11, number=2)
    scored = matchpoint_scores(results + other)
    first_board = [s.ns for s in scored[:10]]
    assert first_board[0] == Fraction(199, 10) and first_board[-1] == Fraction(1, 10)
    assert first_board[1] - first_board[2] == Fraction(22, 10)  # steps of 2.2, not 2
    assert all(s.top == 20 for s in scored)


@settings(deadline=None)
@given(st.lists(tricks, min_size=1, max_size=12), st.integers(min_value=0, max_value=12))
def test_neuberg_keeps_the_board_average_and_a_lone_result_scores_it(trick_counts, extra):
    n, expected = len(trick_counts), len(trick_counts) + extra
    scored = matchpoint_scores(board(trick_counts), expected=expected)
    assert sum(s.ns for s in scored) == n * (expected - 1)  # the average, N − 1, each
    assert all(0 <= s.ns <= s.top == 2 * (expected - 1) for s in scored)
    if n == 1:
        assert scored[0].ns == scored[0].ew == expected - 1
    assert neuberg(4, 3, 3) == 4  # a board played as often as expected is unchanged


def test_a_board_played_more_often_than_expected_is_refused():
    with pytest.raises(StandingsError, match="played 3 times, more than the 2 expected"):
        matchpoint_scores(board([7, 8, 9]), expected=2)
    with pytest.raises(StandingsError, match="cannot be scored as"):
        neuberg(1, 0, 4)


def mitchell_evening(pairs, rounds, boards_per_round, seed=0):
    movement = mitchell_boards(pairs, rounds, boards_per_round=boards_per_round)
    rng = random.Random(seed)
    return [
        BoardResult(number, s.ns_pair, s.ew_pair, rng.randint(3, 10), s.table + 1, r + 1)
        for r in range(rounds)
        for s in movement.sittings(r)
        for number in movement.boards(s.board_set)
    ]


@pytest.mark.parametrize("method", list(Method))
def test_a_mitchell_has_a_north_south_and_an_east_west_field(method):
    results = mitchell_evening(10, 5, 2)
    ns_field, ew_field = rank_pairs(score_boards(results, method), by_direction=True)
    assert (ns_field.direction, ew_field.direction) == ("NS", "EW")
    assert {p.pair for p in ns_field.pairs} == set(range(5))
    assert {p.pair for p in ew_field.pairs} == set(range(5, 10))
    for field in (ns_field, ew_field):
        assert all(p.boards == 10 for p in field.pairs)
        assert [p.rank for p in field.pairs] == sorted(p.rank for p in field.pairs)
        if method is Method.COMPASS:
            assert sum(p.total for p in field.pairs) == 0
        else:  # every board played 5 times: a top of 8 a board, 50% on average
            assert sum(p.percentage for p in field.pairs) == 50 * len(field.pairs)
            assert all(p.top == 80 for p in field.pairs)


def test_pairs_level_share_the_place_and_the_next_place_is_skipped():
    results = [
        *board([8, 8, 6], number=1),
        *board([6, 6, 8], number=2),
        *[BoardResult(3, i, 100 + i, t) for i, t in enumerate([7, 7, 9])],
    ]
    (north_south, _) = rank_pairs(compass_scores(results), by_direction=True)
    assert [(p.pair, p.rank_label, p.total) for p in north_south.pairs] == [
        (2, "1", Fraction(4, 3)),
        (0, "=2", Fraction(-2, 3)),
        (1, "=2", Fraction(-2, 3)),
    ]


def test_countback_places_pairs_level_by_their_last_rounds_and_leaves_the_rest():
    # Pairs 0 and 1 are level on 1 trick over the evening: pair 1 did better in round 3.
    results = [
        *[BoardResult(1, i, 100 + i, t, round=1) for i, t in enumerate([9, 7, 8])],
        *[BoardResult(2, i, 100 + i, t, round=2) for i, t in enumerate([7, 8, 6])],
        *[BoardResult(3, i, 100 + i, t, round=3) for i, t in enumerate([7, 8, 6])],
    ]
    shared, _ = rank_pairs(compass_scores(results), by_direction=True)
    counted, _ = rank_pairs(compass_scores(results), by_direction=True, countback=True)
    assert [(p.pair, p.rank_label) for p in shared.pairs] == [(0, "=1"), (1, "=1"), (2, "3")]
    assert [(p.pair, p.rank_label) for p in counted.pairs] == [(1, "1"), (0, "2"), (2, "3")]
    assert [p.total for p in counted.pairs] == [1, 1, -2]


@settings(deadline=None, max_examples=60)
@given(
    st.sampled_from(list(Method)),
    st.integers(min_value=3, max_value=5),
    st.integers(min_value=2, max_value=5),
    st.integers(min_value=0, max_value=10_000),
)
def test_countback_only_splits_pairs_that_were_level(method, tables, rounds, seed):
    evening = mitchell_evening(2 * tables, min(rounds, tables), 1, seed=seed)
    scored = score_boards(evening, method)
    for plain, counted in zip(
        rank_pairs(scored, by_direction=True),
        rank_pairs(scored, by_direction=True, countback=True),
        strict=True,
    ):
        place = {p.pair: p.rank for p in plain.pairs}
        order = [p.pair for p in counted.pairs]
        # Never ahead of a pair with a better figure, never behind one with a worse.
        assert [place[pair] for pair in order] == sorted(place[pair] for pair in order)
        for line in counted.pairs:  # a place within the old shared one
            level = sum(1 for p in plain.pairs if p.rank == place[line.pair])
            assert place[line.pair] <= line.rank < place[line.pair] + level


def test_a_howell_ranks_every_pair_in_one_field_whichever_way_they_sat():
    results = [
        BoardResult(1, 1, 2, 9),
        BoardResult(1, 3, 4, 7),
        BoardResult(2, 2, 3, 8),
        BoardResult(2, 4, 1, 8),
    ]
    (field,) = rank_pairs(matchpoint_scores(results), by_direction=False)
    assert field.direction is None
    # Pair 1 beat pair 3 N–S on board 1 (2 of 2) and tied E–W on board 2 (1 of 2): 75%.
    assert [(p.pair, p.rank_label, p.total, p.percentage) for p in field.pairs] == [
        (1, "=1", 3, 75),
        (4, "=1", 3, 75),
        (2, "=3", 1, 25),
        (3, "=3", 1, 25),
    ]
    with pytest.raises(StandingsError, match="sat both N–S and E–W"):
        rank_pairs(matchpoint_scores(results), by_direction=True)


def test_a_board_a_pair_did_not_play_counts_as_average():
    full = mitchell_evening(6, 3, 2, seed=3)
    missing = [r for r in full if not (r.board == 1 and r.ns_pair == 0)]
    compass = {
        p.pair: p for f in rank_pairs(compass_scores(missing), by_direction=True) for p in f.pairs
    }
    assert compass[0].boards == 5
    assert compass[0].total == sum(s.ns for s in compass_scores(missing) if s.result.ns_pair == 0)
    points = {
        p.pair: p
        for f in rank_pairs(matchpoint_scores(missing), by_direction=True)
        for p in f.pairs
    }
    # Board 1 was played twice instead of three times: Neuberg puts it on the same top.
    assert points[0].top == 5 * 4 and points[1].top == 6 * 4


def test_a_result_is_refused_when_it_cannot_happen():
    with pytest.raises(ResultError):
        BoardResult(1, 1, 2, 14)
    with pytest.raises(ScoringError, match="cannot play itself"):
        BoardResult(1, 2, 2, 7)
    with pytest.raises(StandingsError, match="two results for pair 1"):
        compass_scores([BoardResult(1, 1, 2, 7), BoardResult(1, 1, 3, 6)])


@settings(deadline=None)
@given(st.fractions(max_denominator=1000))
def test_two_places_rounds_half_away_from_zero_as_sheets_print(figure):
    with localcontext() as context:
        context.prec = 200
        exact = Decimal(figure.numerator) / Decimal(figure.denominator)
        assert two_places(figure) == exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
