"""Paper drives in the core: standings and prizes from card totals, and the checks."""

import doctest
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import paper
from scoring.card_totals import CardTotal, standings_from_totals
from scoring.errors import StandingsError
from scoring.paper import Card, differences, grand_total_warning, partner_warnings, range_warnings
from scoring.prizes import PrizeConfig, prizes
from scoring.standings import Competitor, DealScore, SitOut, standings


def test_the_docstring_examples_hold():
    assert doctest.testmod(paper).failed == 0


# --- standings from totals follow the deal-by-deal rules -------------------------------------

# Per player: points on each of 2 deals in each half, or None for a half sat out.
halves = st.lists(
    st.tuples(
        st.one_of(st.none(), st.lists(st.integers(0, 13), min_size=2, max_size=2)),
        st.one_of(st.none(), st.lists(st.integers(0, 13), min_size=2, max_size=2)),
    ),
    min_size=4,
    max_size=12,
)


# No deadline: the suite shares two cores with other work.
PROPERTY = settings(max_examples=100, deadline=None)


def _both_ways(players, *, tie_break, sit_out_rule="average"):
    """The same evening ranked from its deals (two rounds of two) and from its cards."""
    scores, sit_outs, cards = [], [], []
    for player, (first, second) in enumerate(players, start=1):
        for round_, points in ((1, first), (2, second)):
            if points is None:
                sit_outs.append(SitOut(player, round_, 2))
                continue
            base = 2 * (round_ - 1)
            scores += [DealScore(player, round_, base + i + 1, p, p) for i, p in enumerate(points)]
        played = (2 * (first is not None), 2 * (second is not None))
        half = sum(first or ())
        cards.append(
            CardTotal(
                player, half + sum(second or ()), half, played, (2 - played[0], 2 - played[1])
            )
        )
    competitors = [Competitor(p, "either") for p in range(1, len(players) + 1)]
    options = {"sit_out_rule": sit_out_rule, "fixed_sit_out_points": 3, "tie_break": tie_break}
    rounds = [(1, 2), (2, 2)]
    by_deals = standings(scores, competitors, rounds=rounds, sit_outs=sit_outs, **options)
    half_by_deals = standings(
        scores, competitors, rounds=rounds, sit_outs=sit_outs, up_to_round=1, **options
    )
    final, half = standings_from_totals(cards, competitors, **options)
    return (by_deals, half_by_deals), (final, half)


def _table(rows):
    return [(s.player, s.rank, s.shared, s.points, s.played_deals, s.sat_out_deals) for s in rows]


@PROPERTY
@given(players=halves, tie_break=st.sampled_from(["countback", "shared"]))
def test_it_ranks_totals_with_halves_exactly_as_the_deals_would_rank(players, tie_break):
    (by_deals, half_by_deals), (final, half) = _both_ways(players, tie_break=tie_break)
    assert _table(final) == _table(by_deals)
    assert _table(half) == _table(half_by_deals)


@PROPERTY
@given(players=halves)
def test_it_credits_sit_outs_by_the_fixed_rule_as_the_deals_would(players):
    (by_deals, _), (final, _) = _both_ways(players, tie_break="shared", sit_out_rule="fixed")
    assert _table(final) == _table(by_deals)


def test_it_separates_a_tie_on_total_by_the_second_half():
    final, _ = standings_from_totals(
        [CardTotal(1, 80, 50, (12, 12)), CardTotal(2, 80, 30, (12, 12)), CardTotal(3, 60, 30)],
        [Competitor(p, "either") for p in (1, 2, 3)],
    )
    assert [(s.player, s.rank, s.shared) for s in final] == [
        (2, 1, False),
        (1, 2, False),
        (3, 3, False),
    ]


def test_without_every_half_time_players_level_share_the_place():
    final, half = standings_from_totals(
        [CardTotal(1, 80, 50, (12, 12)), CardTotal(2, 80, None, (12, 12))],
        [Competitor(1, "lady"), Competitor(2, "gent")],
    )
    assert [(s.player, s.rank, s.shared) for s in final] == [(1, 1, True), (2, 1, True)]
    assert [s.player for s in half] == [1]  # only the card with a half-time is in that table


def test_only_carded_players_are_ranked():
    final, _ = standings_from_totals(
        [CardTotal(2, 40, None, (24, 0))], [Competitor(1, "lady"), Competitor(2, "gent")]
    )
    assert [s.player for s in final] == [2]
    assert final[0].average_per_deal == Decimal("1.67")


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([CardTotal(9, 10)], "not entered"),
        ([CardTotal(1, 10), CardTotal(1, 12)], "two cards"),
    ],
)
def test_it_refuses_cards_it_cannot_rank(cards, message):
    with pytest.raises(StandingsError, match=message):
        standings_from_totals(cards, [Competitor(1, "lady")])


def test_a_negative_total_is_refused():
    with pytest.raises(StandingsError, match="negative"):
        CardTotal(1, -1)


# --- every prize rule from totals ------------------------------------------------------------


def _prizes(cards, roles, **config):
    competitors = [Competitor(player, role) for player, role in roles.items()]
    final, half = standings_from_totals(cards, competitors)
    return [
        (p.name, p.category, p.players)
        for p in prizes(final, competitors, PrizeConfig(**config), half_time=half)
    ]


FULL = (12, 12)
ROLES = {1: "lady", 2: "lady", 3: "lady", 4: "gent", 5: "gent", 6: "either"}


def test_placings_and_booby_from_totals():
    cards = [
        CardTotal(p, total, None, FULL)
        for p, total in zip(ROLES, (90, 85, 85, 70, 60, 50), strict=True)
    ]
    assert _prizes(cards, ROLES, places=2) == [
        ("1st", "overall", (1,)),
        ("2nd", "overall", (2, 3)),  # level without half-times: shared, using up 2nd and 3rd
        ("Booby", "overall", (6,)),
    ]


def test_ladies_and_gents_prizes_from_totals():
    cards = [
        CardTotal(p, total, None, FULL)
        for p, total in zip(ROLES, (90, 85, 80, 70, 60, 75), strict=True)
    ]
    assert _prizes(cards, ROLES, places=1, by_role=True) == [
        ("1st", "ladies", (1,)),
        ("Booby", "ladies", (3,)),
        ("1st", "gents", (6,)),  # "either" plays with the gents
        ("Booby", "gents", (5,)),
    ]


def test_half_time_and_ten_trick_prizes_from_totals():
    cards = [
        CardTotal(1, 90, 40, FULL),
        CardTotal(2, 80, 55, FULL),  # best at half-time, no other prize
        CardTotal(3, 70, 30, FULL, ten_trick_deals=4),
        CardTotal(4, 60, 30, FULL, ten_trick_deals=1),
    ]
    assert _prizes(
        cards,
        {1: "lady", 2: "gent", 3: "lady", 4: "gent"},
        places=1,
        booby=False,
        half_time=True,
        most_ten_trick_deals=True,
    ) == [
        ("1st", "overall", (1,)),
        ("Half-time", "overall", (2,)),
        ("Most deals with 10+ tricks", "overall", (3,)),
    ]


def test_a_tie_on_total_is_settled_by_the_second_half_for_first_place():
    cards = [CardTotal(1, 80, 50, FULL), CardTotal(2, 80, 30, FULL), CardTotal(3, 40, 20, FULL)]
    assert _prizes(cards, {1: "lady", 2: "gent", 3: "gent"}, places=1, booby=False) == [
        ("1st", "overall", (2,))
    ]


# --- the checks ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("counting", "honours", "most"),
    [("odd", False, 7), ("all", False, 13), ("odd", True, 11), ("all", True, 17)],
)
def test_the_most_a_deal_can_give(counting, honours, most):
    assert paper.most_per_deal(counting, honours=honours) == most


@pytest.mark.parametrize(
    ("card", "kinds"),
    [
        (Card(1, 168, 84, 24, 12), []),  # 7 odd tricks on every deal: the most there is
        (Card(1, 169, 84, 24, 12), ["total_too_high"]),
        (Card(1, 100, 85, 24, 12), ["half_too_high"]),
        (Card(1, 60, 61, 24, 12), ["half_over_total"]),
        (Card(1, 8, None, 1, 0), ["total_too_high"]),  # a late arrival who played one deal
        (Card(1, 0, 0, 24, 12), []),
    ],
)
def test_range_checks(card, kinds):
    assert [w.kind for w in range_warnings([card], most=7)] == kinds


def test_partners_must_have_equal_totals():
    cards = {n: Card(n, total) for n, total in zip((1, 2, 3, 4), (50, 50, 31, 33), strict=True)}
    warnings = partner_warnings(cards, [(1, 2), (3, 4), (5, 6)])  # 5 and 6 not typed yet
    assert [(w.cards, w.figure, w.limit) for w in warnings] == [((3, 4), 31, 33)]


def test_the_grand_total_is_26_per_table_per_deal():
    # Two tables, 24 deals: 1248 tricks between the eight cards.
    cards = [Card(n, 156) for n in range(1, 9)]
    assert grand_total_warning(cards, table_deals=48) is None
    cards[5] = Card(6, 165)
    warning = grand_total_warning(cards, table_deals=48)
    assert (warning.figure, warning.limit, warning.cards) == (1257, 1248, ())


def test_the_grand_total_names_the_card_whose_partner_disagrees_by_the_difference():
    cards = [Card(n, 156) for n in range(1, 9)]
    cards[2] = Card(3, 146)  # ten short: partner 4 still reads 156
    pairs = [(1, 2), (3, 4), (5, 6), (7, 8)]
    assert grand_total_warning(cards, table_deals=48, partners=pairs).cards == (3,)


def test_double_entry_differences():
    first = {1: (50, 20, None), 2: (40, None, None), 3: (30, 10, None)}
    second = {1: (50, 20, None), 2: (41, None, None), 4: (12, None, None)}
    assert [(d.number, d.first, d.second) for d in differences(first, second)] == [
        (2, (40, None, None), (41, None, None)),
        (3, (30, 10, None), (None, None, None)),
        (4, (None, None, None), (12, None, None)),
    ]
    assert differences(first, dict(first)) == []


@st.composite
def fixed_partner_evenings(draw):
    """Fixed pairs meeting at random each round: (cards, partners, table-deals played)."""
    pairs = 2 * draw(st.integers(1, 6))
    rounds, deals = draw(st.integers(1, 8)), draw(st.integers(1, 3))
    totals = [0] * (2 * pairs)
    for _ in range(rounds):
        order = draw(st.permutations(range(pairs)))
        for ns, ew in zip(order[::2], order[1::2], strict=True):
            for _ in range(deals):
                tricks = draw(st.integers(0, 13))
                for pair, won in ((ns, tricks), (ew, 13 - tricks)):
                    totals[2 * pair] += won
                    totals[2 * pair + 1] += won
    cards = [Card(number, total) for number, total in enumerate(totals, start=1)]
    partners = [(2 * p + 1, 2 * p + 2) for p in range(pairs)]
    return cards, partners, pairs // 2 * rounds * deals


@PROPERTY
@given(evening=fixed_partner_evenings(), data=st.data())
def test_honest_cards_add_up_and_one_mis_added_card_is_named(evening, data):
    cards, partners, table_deals = evening
    assert grand_total_warning(cards, table_deals=table_deals, partners=partners) is None
    assert partner_warnings({c.number: c for c in cards}, partners) == []
    wrong = data.draw(st.sampled_from(cards))
    off = data.draw(st.integers(-wrong.total, 20).filter(bool))
    cards = [Card(c.number, c.total + off) if c is wrong else c for c in cards]
    warning = grand_total_warning(cards, table_deals=table_deals, partners=partners)
    assert warning.cards == (wrong.number,)
    assert warning.figure - warning.limit == off
