from decimal import Decimal
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import LeagueError
from scoring.league import DriveResult, LeagueRule, league_table

SEASON = [11, 12, 13, 14]


def make_results(points_by_player):
    """DriveResults from {player: [points per drive or None]}, placed by points in each drive."""
    results = []
    for index, drive in enumerate(SEASON):
        played = {
            player: drive_points[index]
            for player, drive_points in points_by_player.items()
            if index < len(drive_points) and drive_points[index] is not None
        }
        for player, points in played.items():
            place = 1 + sum(other > points for other in played.values())
            results.append(DriveResult(drive, player, place, points))
    return results


def summary(rows):
    return [(row.player, row.rank, row.figure) for row in rows]


RULE_CASES = [
    pytest.param(
        {1: [50, 60, 70], 2: [90, 80, None]},
        LeagueRule("total"),
        [(1, 1, 180), (2, 2, 170)],
        id="total",
    ),
    pytest.param(
        {1: [50, 60, 70], 2: [90, 80, None]},
        LeagueRule("best", best_n=2),
        [(2, 1, 170), (1, 2, 130)],
        id="best-two",
    ),
    pytest.param(
        {1: [50, 60, 70], 2: [90, None, None]},
        LeagueRule("best", best_n=4),
        [(1, 1, 180), (2, 2, 90)],
        id="best-n-with-fewer-drives-counts-all",
    ),
    pytest.param(
        {1: [50, 60, 70], 2: [90, 80, None]},
        LeagueRule("placing"),
        [(1, 1, 26), (2, 2, 20)],
        id="placing",
    ),
    pytest.param(
        {1: [50, 60, 70], 2: [90, 80, None]},
        LeagueRule("average"),
        [(2, 1, 85), (1, 2, 60)],
        id="average",
    ),
]


@pytest.mark.parametrize(("points", "rule", "expected"), RULE_CASES)
def test_it_ranks_by_the_seasons_rule(points, rule, expected):
    assert summary(league_table(make_results(points), SEASON, rule)) == expected


def test_best_n_strikes_through_the_dropped_drives():
    results = make_results({1: [50, 70, 60, 70]})
    (row,) = league_table(results, SEASON, LeagueRule("best", best_n=2))
    assert [(c.drive, c.value, c.counted) for c in row.contributions] == [
        (11, 50, False),
        (12, 70, True),
        (13, 60, False),
        (14, 70, True),
    ]


def test_best_n_keeps_the_earlier_of_two_equal_drives():
    results = make_results({1: [60, 60, 50]})
    (row,) = league_table(results, SEASON, LeagueRule("best", best_n=1))
    assert [c.counted for c in row.contributions] == [True, False, False]


PLACING_TIE_CASES = [
    pytest.param([1, 2, 2, 4], [10, 7, 7, 5], id="two-share-second"),
    pytest.param([1, 2, 3, 3, 3], [10, 8, 5, 5, 5], id="three-share-third"),
    pytest.param([1, 1, 1], [Decimal("8.00")] * 3, id="three-share-first"),
    pytest.param([2, 2, 2, 1], [Decimal("6.33")] * 3 + [10], id="rounded-to-two-places"),
    pytest.param(
        [1, 2, 3, 4, 5, 6, 7, 8, 8],
        [10, 8, 6, 5, 4, 3, 2] + [Decimal("0.50")] * 2,
        id="tie-past-the-end-of-the-table",
    ),
]


@pytest.mark.parametrize(("places", "values"), PLACING_TIE_CASES)
def test_placing_points_are_averaged_over_tied_places(places, values):
    results = [DriveResult(11, player, place, 0) for player, place in enumerate(places)]
    rows = league_table(results, SEASON, LeagueRule("placing"))
    by_player = {row.player: row.contributions[0].value for row in rows}
    assert [by_player[player] for player in range(len(places))] == values


def test_placing_points_follow_the_clubs_table():
    results = [DriveResult(11, 1, 1, 0), DriveResult(11, 2, 2, 0), DriveResult(11, 3, 3, 0)]
    rows = league_table(results, SEASON, LeagueRule("placing", placing_points=(3, 1)))
    assert summary(rows) == [(1, 1, 3), (2, 2, 1), (3, 3, 0)]


def test_players_below_the_minimum_are_listed_after_the_qualifiers_unranked():
    points = {1: [50, 60, 70], 2: [99, None, None], 3: [40, 40, None], 4: [98, None, None]}
    rows = league_table(make_results(points), SEASON, LeagueRule("average", minimum_drives=2))
    assert [(row.player, row.rank, row.qualified) for row in rows] == [
        (1, 1, True),
        (3, 2, True),
        (2, None, False),
        (4, None, False),
    ]


def test_minimum_drives_applies_to_every_rule():
    rows = league_table(make_results({1: [10], 2: [5, 5]}), SEASON, LeagueRule(minimum_drives=2))
    assert [(row.player, row.rank) for row in rows] == [(2, 1), (1, None)]


def test_ladies_table_ranks_within_the_ladies_and_keeps_drive_places():
    points = {1: [90, 80], 2: [70, 85], 3: [60, 60]}
    ladies = {2, 3}
    rows = league_table(make_results(points), SEASON, LeagueRule("placing"), players=ladies)
    assert summary(rows) == [(2, 1, 18), (3, 2, 12)]


TIE_BREAK_CASES = [
    pytest.param({1: [100], 2: [40, 60]}, [(2, 1, False), (1, 2, False)], id="more-drives-first"),
    pytest.param({1: [40, 60], 2: [30, 70]}, [(2, 1, False), (1, 2, False)], id="then-best-drive"),
    pytest.param(
        {1: [40, 60], 2: [60, 40], 3: [10, 10]},
        [(1, 1, True), (2, 1, True), (3, 3, False)],
        id="then-shared",
    ),
]


@pytest.mark.parametrize(("points", "expected"), TIE_BREAK_CASES)
def test_ties_go_to_more_drives_then_the_better_best_drive(points, expected):
    rows = league_table(make_results(points), SEASON, LeagueRule("total"))
    assert [(row.player, row.rank, row.shared) for row in rows] == expected


def test_previous_rank_is_the_rank_before_the_latest_drive():
    points = {1: [90, 50, 40], 2: [80, 70, 70], 3: [None, None, 250]}
    rows = league_table(make_results(points), SEASON, LeagueRule("total"))
    assert [(row.player, row.rank, row.previous_rank) for row in rows] == [
        (3, 1, None),
        (2, 2, 1),
        (1, 3, 2),
    ]


def test_previous_rank_is_none_after_the_first_drive():
    rows = league_table(make_results({1: [10], 2: [20]}), SEASON, LeagueRule("total"))
    assert [row.previous_rank for row in rows] == [None, None]


def test_an_empty_season_has_an_empty_table():
    assert league_table([], SEASON, LeagueRule("total")) == []


BAD_SEASONS = [
    pytest.param([DriveResult(99, 1, 1, 5)], SEASON, "Drive 99", id="unknown-drive"),
    pytest.param(
        [DriveResult(11, 1, 1, 5), DriveResult(11, 1, 2, 4)], SEASON, "two results", id="twice"
    ),
    pytest.param([], [11, 11], "appears twice", id="drive-order-repeats"),
]


@pytest.mark.parametrize(("results", "order", "message"), BAD_SEASONS)
def test_it_explains_seasons_it_cannot_table(results, order, message):
    with pytest.raises(LeagueError, match=message):
        league_table(results, order, LeagueRule("total"))


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda: LeagueRule("median"), id="unknown-rule"),
        pytest.param(lambda: LeagueRule("best"), id="best-without-n"),
        pytest.param(lambda: LeagueRule("best", best_n=0), id="best-of-none"),
        pytest.param(lambda: LeagueRule("placing", placing_points=()), id="empty-placing-table"),
        pytest.param(lambda: LeagueRule(minimum_drives=-1), id="negative-minimum"),
        pytest.param(lambda: DriveResult(11, 1, 0, 5), id="place-zero"),
    ],
)
def test_it_rejects_impossible_rules(make):
    with pytest.raises(LeagueError):
        make()


# --- properties -----------------------------------------------------------------------

seasons = st.dictionaries(
    keys=st.integers(1, 30),
    values=st.lists(st.none() | st.integers(0, 200), min_size=1, max_size=4),
    min_size=1,
    max_size=15,
)


@given(points=seasons, best_n=st.none() | st.integers(1, 4))
def test_counted_contributions_add_up_to_the_figure(points, best_n):
    rule = LeagueRule("total") if best_n is None else LeagueRule("best", best_n=best_n)
    rows = league_table(make_results(points), SEASON, rule)
    for row in rows:
        counted = [c.value for c in row.contributions if c.counted]
        dropped = [c.value for c in row.contributions if not c.counted]
        assert sum(counted) == row.figure
        assert len(counted) == min(best_n or row.drives_played, row.drives_played)
        assert all(kept >= lost for kept in counted for lost in dropped)


@given(points=seasons, kind=st.sampled_from(["total", "placing", "average"]))
def test_ranks_never_improve_down_the_table(points, kind):
    rows = league_table(make_results(points), SEASON, LeagueRule(kind))
    for index, row in enumerate(rows):
        level = [other for other in rows if other.rank == row.rank]
        assert row.rank == 1 + index - level.index(row)
        assert row.shared == (len(level) > 1)
    for above, below in pairwise(rows):
        assert above.figure >= below.figure


# --- drives of pairs in fields, and percentages ---------------------------------------


def test_placing_points_go_per_field_and_a_pair_takes_one_place():
    # A Mitchell: pair (1, 2) wins N–S, pair (3, 4) wins E–W, pair (5, 6) is 2nd N–S.
    results = [
        DriveResult(11, 1, 1, 5, field="N–S", pair=1),
        DriveResult(11, 2, 1, 5, field="N–S", pair=1),
        DriveResult(11, 3, 1, 2, field="E–W", pair=3),
        DriveResult(11, 4, 1, 2, field="E–W", pair=3),
        DriveResult(11, 5, 2, -5, field="N–S", pair=5),
        DriveResult(11, 6, 2, -5, field="N–S", pair=5),
    ]
    rows = league_table(results, SEASON, LeagueRule("placing"))
    figures = {row.player: row.figure for row in rows}
    assert figures == {1: 10, 2: 10, 3: 10, 4: 10, 5: 8, 6: 8}


def test_the_percentage_rule_counts_only_drives_that_give_one():
    results = [
        DriveResult(11, 1, 1, 60, percentage=Decimal("60.00")),
        DriveResult(12, 1, 1, 150),  # a classic drive: no percentage
        DriveResult(13, 1, 2, 40, percentage=Decimal("45.50")),
        DriveResult(12, 2, 2, 120),
    ]
    [row] = league_table(results, SEASON, LeagueRule("percentage"))
    assert (row.player, row.rank, row.figure, row.drives_played) == (1, 1, Decimal("52.75"), 2)
    assert [c.drive for c in row.contributions] == [11, 13]


percentages = st.dictionaries(
    keys=st.integers(1, 30),
    values=st.lists(
        st.none() | st.decimals(0, 100, places=2) | st.just(Decimal(-1)), min_size=1, max_size=4
    ),
    min_size=1,
    max_size=15,
)


@given(season=percentages)
def test_a_percentage_league_averages_each_players_percentages(season):
    # Decimal(-1) stands for a drive played without a percentage (a classic drive).
    results = []
    for player, drives in season.items():
        for drive, figure in zip(SEASON, drives, strict=False):
            if figure is not None:
                given_one = figure if figure >= 0 else None
                results.append(DriveResult(drive, player, 1, 100, percentage=given_one))
    rows = league_table(results, SEASON, LeagueRule("percentage"))
    for row in rows:
        own = [f for f in season[row.player] if f is not None and f >= 0]
        assert row.drives_played == len(own) > 0
        assert abs(row.figure - sum(own) / len(own)) <= Decimal("0.005")
        assert 0 <= row.figure <= 100
    # Only players with a percentage are in the table, every one of them.
    assert {row.player for row in rows} == {
        player for player, drives in season.items() if any(f is not None and f >= 0 for f in drives)
    }
    for above, below in pairwise(rows):
        assert above.figure >= below.figure
