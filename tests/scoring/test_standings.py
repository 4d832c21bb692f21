import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import StandingsError
from scoring.prizes import PrizeConfig, prizes
from scoring.standings import (
    Competitor,
    DealScore,
    SitOut,
    Standing,
    half_time_round,
    rerank,
    standings,
    two_places,
)

FOUR_ROUNDS_OF_TWO = [(1, 2), (2, 2), (3, 2), (4, 2)]


def make_scores(player, by_round, *, deals_per_round=2, tricks=7):
    """DealScores from {round: [points per deal]}; deals number on from round to round."""
    return [
        DealScore(player, round_, (round_ - 1) * deals_per_round + i + 1, points, tricks)
        for round_, deal_points in by_round.items()
        for i, points in enumerate(deal_points)
    ]


def one_deal_rounds(cards):
    """Standings for players playing one deal a round: cards is {player: [points per round]}."""
    rounds = len(next(iter(cards.values())))
    scores = [
        DealScore(player, r, r, points, 7)
        for player, points_per_round in cards.items()
        for r, points in enumerate(points_per_round, start=1)
    ]
    competitors = [Competitor(player, "either") for player in cards]
    return scores, competitors, [(r, 1) for r in range(1, rounds + 1)]


def make_standing(player, rank, points, *, shared=False, played=24, ten_tricks=0):
    return Standing(
        player, rank, shared, Decimal(points), played, 0, Decimal(0), (), ten_tricks, Decimal(0)
    )


def test_it_imports_without_django():
    code = (
        "import sys, scoring.standings, scoring.league; "
        "assert not [m for m in sys.modules if m.split('.')[0] == 'django']"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# Player 1 scores 43 over rounds 1-3 (average 7.1666…, shown 7.17) and sits out round 4:
# 43 + 43 / 6 × 2 = 57.333…, rounded once; not 43 + 7.17 × 2 = 57.34.
SIT_OUT_CASES = [
    pytest.param("average", 0, "57.33", id="average-credit-exact-rounded-once"),
    pytest.param("fixed", 6, "55.00", id="fixed-whole-points"),
    pytest.param("fixed", Decimal("6.5"), "56.00", id="fixed-half-points"),
    pytest.param("fixed", Decimal("6.555"), "56.12", id="fixed-credit-rounded-per-deal"),
]


@pytest.mark.parametrize(("rule", "fixed", "expected"), SIT_OUT_CASES)
def test_it_credits_deals_sat_out(rule, fixed, expected):
    scores = make_scores(1, {1: [7, 8], 2: [6, 7], 3: [9, 6]})
    table = standings(
        scores,
        [Competitor(1, "gent")],
        rounds=FOUR_ROUNDS_OF_TWO,
        sit_outs=[SitOut(1, 4, 2)],
        sit_out_rule=rule,
        fixed_sit_out_points=fixed,
    )
    (row,) = table
    assert row.points == Decimal(expected)
    assert row.points == sum(row.round_points)
    assert (row.played_deals, row.sat_out_deals) == (6, 2)
    assert row.average_per_deal == Decimal("7.17")


def test_the_average_credit_is_worked_exactly_over_several_rounds_sat_out():
    # 105 points over 16 deals (6.5625 a deal, shown 6.56), then 4 deals sat out in two
    # rounds: 105 + 105 / 16 × 4 = 131.25, where the rounded average gave 131.24.
    rounds = [(r, 2) for r in range(1, 11)]
    per_round = {r: [7, 6] for r in range(1, 8)} | {8: [7, 7]}
    scores = make_scores(1, per_round)
    (row,) = standings(
        scores,
        [Competitor(1, "gent")],
        rounds=rounds,
        sit_outs=[SitOut(1, 9, 2), SitOut(1, 10, 2)],
    )
    assert sum(s.points for s in scores) == 105
    assert row.points == Decimal("131.25")
    assert row.average_per_deal == Decimal("6.56")
    assert row.sit_out_credit == Fraction(105, 16)
    assert row.round_points[-2:] == (Decimal("13.13"), Decimal("13.13"))


def test_it_credits_nothing_for_deals_before_a_late_arrival():
    scores = make_scores(1, {3: [7, 8], 4: [6, 7]})
    (row,) = standings(scores, [Competitor(1, "lady")], rounds=FOUR_ROUNDS_OF_TWO)
    assert row.points == Decimal(28)
    assert row.round_points == (0, 0, 15, 13)


def test_it_lists_a_late_joiner_who_has_not_played_yet_with_zero():
    scores = make_scores(1, {1: [7, 8]})
    table = standings(
        scores,
        [Competitor(1, "gent"), Competitor(2, "lady")],
        rounds=FOUR_ROUNDS_OF_TWO,
        sit_outs=[SitOut(2, 1, 2)],
    )
    late = table[-1]
    assert (late.player, late.rank, late.points, late.played_deals) == (2, 2, 0, 0)
    assert late.round_points == (0, 0, 0, 0)
    assert late.average_per_deal == Decimal("0.00")


COUNTBACK_CASES = [
    pytest.param({1: [8, 6, 6], 2: [6, 8, 6]}, [2, 1], id="last-two-rounds-decide"),
    pytest.param({1: [8, 6, 6], 2: [6, 8, 6], 3: [5, 5, 10]}, [3, 2, 1], id="last-round-decides"),
    pytest.param({1: [1, 9, 5, 5], 2: [5, 5, 5, 5]}, [1, 2], id="last-three-rounds-decide"),
]


@pytest.mark.parametrize(("cards", "expected_order"), COUNTBACK_CASES)
def test_it_separates_ties_by_countback_on_the_last_rounds(cards, expected_order):
    scores, competitors, rounds = one_deal_rounds(cards)
    table = standings(scores, competitors, rounds=rounds)
    assert [row.player for row in table] == expected_order
    assert [row.rank for row in table] == list(range(1, len(cards) + 1))
    assert not any(row.shared for row in table)


def test_it_shares_places_the_countback_cannot_separate():
    cards = {1: [10, 10, 10], 2: [9, 8, 8], 3: [7, 7, 6], 4: [7, 7, 6], 5: [3, 3, 4]}
    scores, competitors, rounds = one_deal_rounds(cards)
    table = standings(scores, competitors, rounds=rounds)
    assert [(row.player, row.rank, row.shared) for row in table] == [
        (1, 1, False),
        (2, 2, False),
        (3, 3, True),
        (4, 3, True),
        (5, 5, False),
    ]


def test_it_shares_level_totals_without_countback_when_asked():
    scores, competitors, rounds = one_deal_rounds({1: [8, 6, 6], 2: [6, 8, 6], 3: [1, 1, 1]})
    table = standings(scores, competitors, rounds=rounds, tie_break="shared")
    assert [(row.player, row.rank, row.shared) for row in table] == [
        (1, 1, True),
        (2, 1, True),
        (3, 3, False),
    ]


def test_it_ranks_half_time_on_the_rounds_so_far_with_the_average_then():
    scores = make_scores(1, {1: [5, 5], 3: [13, 13], 4: [13, 13]})
    scores += make_scores(2, {1: [6, 6], 2: [7, 7], 3: [1, 1], 4: [1, 1]})
    competitors = [Competitor(1, "gent"), Competitor(2, "lady")]
    kwargs = {"rounds": FOUR_ROUNDS_OF_TWO, "sit_outs": [SitOut(1, 2, 2)]}
    half = standings(scores, competitors, up_to_round=half_time_round(4), **kwargs)
    final = standings(scores, competitors, **kwargs)
    assert [(row.player, row.points) for row in half] == [(2, 26), (1, 20)]
    assert [row.round_points for row in half] == [(12, 14), (10, 10)]
    # 62 over 6 deals played, 2 sat out: 62 + 62 / 6 × 2 = 82.666…, rounded once.
    assert [(row.player, row.points) for row in final] == [(1, Decimal("82.67")), (2, 30)]


@pytest.mark.parametrize(
    ("total_rounds", "half_time"),
    [(8, 4), (5, 2), (2, 1), (3, 1), (1, 1)],
    ids=["even", "odd-rounds-down", "two", "three", "one-round"],
)
def test_half_time_falls_after_half_the_rounds(total_rounds, half_time):
    assert half_time_round(total_rounds) == half_time


def test_it_counts_deals_with_ten_or_more_tricks():
    scores = make_scores(1, {1: [3, 4]}, tricks=10) + make_scores(1, {2: [1, 0]}, tricks=9)
    (row,) = standings(scores, [Competitor(1, "gent")], rounds=FOUR_ROUNDS_OF_TWO)
    assert row.ten_trick_deals == 2


BAD_INPUTS = [
    pytest.param({"scores": make_scores(9, {1: [1]})}, "not entered", id="unknown-player"),
    pytest.param({"scores": make_scores(1, {5: [1]})}, "round 5", id="unknown-round"),
    pytest.param(
        {"scores": [DealScore(1, 1, 1, 3, 7), DealScore(1, 1, 1, 4, 7)]},
        "two scores",
        id="same-deal-twice",
    ),
    pytest.param(
        {"scores": make_scores(1, {1: [1, 1]}), "sit_outs": [SitOut(1, 1, 1)]},
        "more deals",
        id="played-and-sat-out-too-many",
    ),
    pytest.param({"up_to_round": 9}, "Round 9", id="unknown-half-time-round"),
    pytest.param({"sit_out_rule": "median"}, "sit-out rule", id="unknown-sit-out-rule"),
    pytest.param(
        {"sit_out_rule": "fixed", "fixed_sit_out_points": -1}, "negative", id="negative-credit"
    ),
    pytest.param({"rounds": [(1, 2), (1, 2)]}, "once", id="round-listed-twice"),
    pytest.param({"rounds": [(1, 0)]}, "at least one deal", id="round-without-deals"),
]


@pytest.mark.parametrize(("overrides", "message"), BAD_INPUTS)
def test_it_explains_inputs_it_cannot_rank(overrides, message):
    kwargs = {"scores": [], "rounds": FOUR_ROUNDS_OF_TWO, **overrides}
    scores = kwargs.pop("scores")
    with pytest.raises(StandingsError, match=message):
        standings(scores, [Competitor(1, "gent")], **kwargs)


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda: DealScore(1, 1, 1, 3, 14), id="fourteen-tricks"),
        pytest.param(lambda: Competitor(1, "child"), id="unknown-role"),
        pytest.param(lambda: SitOut(1, 1, 0), id="zero-deals-sat-out"),
        pytest.param(lambda: PrizeConfig(places=0), id="no-places"),
        pytest.param(lambda: half_time_round(0), id="no-rounds"),
    ],
)
def test_it_rejects_impossible_values(make):
    with pytest.raises(StandingsError):
        make()


def test_rerank_ranks_part_of_the_table_within_itself_keeping_ties():
    cards = {1: [9, 9], 2: [8, 8], 3: [7, 7], 4: [7, 7], 5: [6, 6], 6: [5, 5]}
    scores, competitors, rounds = one_deal_rounds(cards)
    table = standings(scores, competitors, rounds=rounds)
    ladies = [row for row in table if row.player in {2, 3, 4, 6}]
    assert [(row.player, row.rank, row.shared) for row in rerank(ladies)] == [
        (2, 1, False),
        (3, 2, True),
        (4, 2, True),
        (6, 4, False),
    ]
    alone = [row for row in table if row.player in {1, 3}]
    assert [(row.player, row.rank, row.shared) for row in rerank(alone)] == [
        (1, 1, False),
        (3, 2, False),
    ]


# --- prizes ---------------------------------------------------------------------------

FIVE = [make_standing(p, p, 100 - 10 * p) for p in range(1, 6)]
EVERYONE_EITHER = [Competitor(p, "either") for p in range(1, 10)]


def named(awarded):
    return [(prize.name, prize.category, prize.players) for prize in awarded]


PLACING_CASES = [
    pytest.param(
        FIVE,
        PrizeConfig(),
        [("1st", (1,)), ("2nd", (2,)), ("3rd", (3,)), ("Booby", (5,))],
        id="three-places-and-booby",
    ),
    pytest.param(
        FIVE,
        PrizeConfig(booby=False, places=2),
        [("1st", (1,)), ("2nd", (2,))],
        id="no-booby",
    ),
    pytest.param(
        [make_standing(1, 1, 90), make_standing(2, 2, 80)]
        + [make_standing(p, 3, 70, shared=True) for p in (3, 4)]
        + [make_standing(5, 5, 60)],
        PrizeConfig(),
        [("1st", (1,)), ("2nd", (2,)), ("3rd", (3, 4)), ("Booby", (5,))],
        id="shared-third",
    ),
    pytest.param(
        [make_standing(1, 1, 90)]
        + [make_standing(p, 2, 80, shared=True) for p in (2, 3, 4)]
        + [make_standing(5, 5, 60)],
        PrizeConfig(),
        [("1st", (1,)), ("2nd", (2, 3, 4)), ("Booby", (5,))],
        id="three-way-tie-uses-up-third",
    ),
    pytest.param(
        FIVE[:3] + [make_standing(p, 4, 30, shared=True) for p in (4, 5)],
        PrizeConfig(),
        [("1st", (1,)), ("2nd", (2,)), ("3rd", (3,)), ("Booby", (4, 5))],
        id="shared-booby",
    ),
    pytest.param(
        FIVE[:3],
        PrizeConfig(),
        [("1st", (1,)), ("2nd", (2,)), ("3rd", (3,))],
        id="no-booby-with-no-more-players-than-places",
    ),
    pytest.param(
        FIVE[:2] + [make_standing(p, 3, 70, shared=True) for p in (3, 4)],
        PrizeConfig(),
        [("1st", (1,)), ("2nd", (2,)), ("3rd", (3, 4))],
        id="no-booby-when-the-bottom-shares-third",
    ),
    pytest.param(
        [*FIVE, make_standing(6, 6, 0, played=0)],
        PrizeConfig(),
        [("1st", (1,)), ("2nd", (2,)), ("3rd", (3,)), ("Booby", (5,))],
        id="no-prize-for-a-player-who-never-played",
    ),
]


@pytest.mark.parametrize(("final", "config", "expected"), PLACING_CASES)
def test_it_awards_placing_prizes_and_booby(final, config, expected):
    awarded = prizes(final, EVERYONE_EITHER, config)
    assert [(prize.name, prize.players) for prize in awarded] == expected
    assert {prize.category for prize in awarded} == {"overall"}


def test_it_gives_ladies_and_gents_their_own_lists_with_either_among_gents():
    final = [make_standing(p, p, 100 - p) for p in range(1, 9)]
    roles = ["lady", "gent", "lady", "either", "lady", "gent", "lady", "either"]
    competitors = [Competitor(p, role) for p, role in enumerate(roles, start=1)]
    awarded = prizes(final, competitors, PrizeConfig(places=2, by_role=True))
    assert named(awarded) == [
        ("1st", "ladies", (1,)),
        ("2nd", "ladies", (3,)),
        ("Booby", "ladies", (7,)),
        ("1st", "gents", (2,)),
        ("2nd", "gents", (4,)),
        ("Booby", "gents", (8,)),
    ]


def test_it_gives_half_time_to_the_best_half_time_score_without_a_prize():
    half_time = [
        make_standing(1, 1, 60),
        make_standing(4, 2, 55),
        make_standing(5, 3, 50),
        make_standing(2, 4, 45),
    ]
    config = PrizeConfig(places=1, half_time=True)
    awarded = prizes(FIVE, EVERYONE_EITHER, config, half_time=half_time)
    assert named(awarded)[-1] == ("Half-time", "overall", (4,))
    assert awarded[-1].points == 55


def test_it_shares_half_time_between_players_level_at_half_time():
    half_time = [make_standing(1, 1, 60)] + [make_standing(p, 2, 50, shared=True) for p in (2, 3)]
    config = PrizeConfig(places=1, booby=False, half_time=True)
    awarded = prizes(FIVE, EVERYONE_EITHER, config, half_time=half_time)
    assert named(awarded)[-1] == ("Half-time", "overall", (2, 3))


TEN_TRICK_CASES = [
    pytest.param({1: 5, 2: 4, 4: 2}, ("Most deals with 10+ tricks", (4,)), id="next-best"),
    pytest.param({1: 5, 3: 3, 4: 3}, ("Most deals with 10+ tricks", (3, 4)), id="shared"),
    pytest.param({1: 5, 2: 4}, ("Booby", (5,)), id="none-when-no-one-left-has-one"),
]


@pytest.mark.parametrize(("ten_tricks", "last_prize"), TEN_TRICK_CASES)
def test_it_gives_the_ten_trick_prize_to_someone_without_a_prize(ten_tricks, last_prize):
    final = [make_standing(p, p, 100 - p, ten_tricks=ten_tricks.get(p, 0)) for p in range(1, 6)]
    config = PrizeConfig(places=2, most_ten_trick_deals=True)
    awarded = prizes(final, EVERYONE_EITHER, config)
    assert (awarded[-1].name, awarded[-1].players) == last_prize


def test_it_wants_half_time_standings_for_a_half_time_prize():
    with pytest.raises(StandingsError, match="half-time standings"):
        prizes(FIVE, EVERYONE_EITHER, PrizeConfig(half_time=True))


def test_it_refuses_standings_for_players_not_entered():
    with pytest.raises(StandingsError, match=r"\[5\]"):
        prizes(FIVE, EVERYONE_EITHER[:4], PrizeConfig())


# --- properties -----------------------------------------------------------------------

cards = st.dictionaries(
    keys=st.integers(1, 40),
    values=st.lists(st.integers(-3, 13), min_size=3, max_size=3),
    min_size=1,
    max_size=12,
)


@given(cards=cards, sat_out=st.sets(st.integers(1, 40)), countback=st.booleans())
def test_ranks_follow_points_and_ties_are_shared(cards, sat_out, countback):
    rounds = [(r, 2) for r in (1, 2, 3)]
    scores = [
        DealScore(player, r, 2 * r - 1, points, 7)
        for player, per_round in cards.items()
        for r, points in enumerate(per_round, start=1)
    ]
    sit_outs = [SitOut(player, 2, 1) for player in sat_out & cards.keys()]
    competitors = [Competitor(player, "lady") for player in cards]
    tie_break = "countback" if countback else "shared"
    table = standings(scores, competitors, rounds=rounds, sit_outs=sit_outs, tie_break=tie_break)

    assert sorted(row.player for row in table) == sorted(cards)
    for index, row in enumerate(table):
        level = [other for other in table if other.rank == row.rank]
        ahead_on_points = sum(other.points > row.points for other in table)
        if countback:
            assert row.rank >= 1 + ahead_on_points
        else:
            assert row.rank == 1 + ahead_on_points
        assert row.rank == 1 + index - level.index(row)
        assert row.shared == (len(level) > 1)
        played = sum(s.points for s in scores if s.player == row.player)
        exact = played + row.sit_out_credit * row.sat_out_deals
        assert row.points == two_places(exact)
    for above, below in pairwise(table):
        assert above.points >= below.points
        assert above.rank <= below.rank


@pytest.mark.parametrize(
    "module", ["scoring.standings", "scoring.card_totals", "scoring.prizes", "scoring.league"]
)
def test_the_docstring_examples_hold(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
