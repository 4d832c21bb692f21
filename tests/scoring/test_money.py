"""The rounding rule for money paid out (hypothesis): never more than the fund."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.money import (
    CURRENCIES,
    MoneyError,
    PrizeGiven,
    PrizeKind,
    PrizeMoneyRule,
    PrizeScale,
    prize_fund,
    prize_money,
    split,
)

coins = st.sampled_from([c.coin for c in CURRENCIES.values()])
funds = st.decimals(min_value=0, max_value=100_000, places=3, allow_nan=False)
weights = st.lists(st.integers(0, 100).map(Decimal), min_size=1, max_size=12)


@settings(deadline=None)
@given(fund=funds, weights=weights, coin=coins)
def test_the_shares_never_add_up_to_more_than_the_fund(fund, weights, coin):
    shares = split(fund, weights, coin)
    assert sum(shares) <= fund
    assert len(shares) == len(weights)
    assert all(share >= 0 and share % coin == 0 for share in shares)


@settings(deadline=None)
@given(fund=funds, weights=weights, coin=coins)
def test_only_what_no_coin_can_pay_stays_over(fund, weights, coin):
    shares = split(fund, weights, coin)
    if sum(weights):
        assert fund - sum(shares) < coin


@settings(deadline=None)
@given(fund=funds, weights=weights, coin=coins)
def test_each_share_lies_within_one_coin_of_its_exact_proportion(fund, weights, coin):
    total = sum(weights)
    if not total:
        return
    paid = (fund // coin) * coin
    for weight, share in zip(weights, split(fund, weights, coin), strict=True):
        assert abs(share - paid * weight / total) < coin


@settings(deadline=None)
@given(fund=funds, count=st.integers(1, 40), coin=coins)
def test_equal_shares_differ_by_at_most_one_coin(fund, count, coin):
    shares = split(fund, [1] * count, coin)
    assert max(shares) - min(shares) <= coin


@settings(deadline=None)
@given(
    fund=funds,
    groups=st.lists(st.integers(1, 4), min_size=1, max_size=6),
    coin=coins,
    rule=st.sampled_from([PrizeMoneyRule.SHARE, PrizeMoneyRule.EVERYONE]),
)
def test_prizes_shared_by_ties_never_pay_out_more_than_the_fund(fund, groups, coin, rule):
    prizes, player, place = [], 0, 1
    for size in groups:
        winners = tuple(range(player, player + size))
        prizes.append(PrizeGiven(PrizeKind.PLACING, winners, tuple(range(place, place + size))))
        player, place = player + size, place + size
    scale = PrizeScale(tuple(Decimal(w) for w in range(place, 0, -1)))
    payouts = prize_money(
        prizes, rule=rule, scale=scale, fund=fund, players=range(player), coin=coin
    )
    assert sum(p.amount for p in payouts) <= fund
    for index in range(len(prizes)):
        shares = [p.amount for p in payouts if p.prize == index]
        if shares:
            assert max(shares) - min(shares) <= coin


def test_a_tie_shares_the_money_of_every_place_it_covers():
    prizes = [
        PrizeGiven(PrizeKind.PLACING, (1,), (1,)),
        PrizeGiven(PrizeKind.PLACING, (2, 3), (2, 3)),
        PrizeGiven(PrizeKind.BOOBY, (4,)),
    ]
    scale = PrizeScale((Decimal(10), Decimal(6), Decimal(4)), booby=Decimal("1.50"))
    payouts = prize_money(
        prizes,
        rule=PrizeMoneyRule.FIXED,
        scale=scale,
        fund=Decimal(0),
        players=[1, 2, 3, 4],
        coin=Decimal("0.01"),
    )
    assert [(p.player, p.amount) for p in payouts] == [
        (1, Decimal("10.00")),
        (2, Decimal("5.00")),
        (3, Decimal("5.00")),
        (4, Decimal("1.50")),
    ]


def test_a_fund_of_ten_pounds_split_three_ways_keeps_the_odd_penny_with_the_first():
    assert split(Decimal(10), [1, 1, 1], Decimal("0.01")) == (
        Decimal("3.34"),
        Decimal("3.33"),
        Decimal("3.33"),
    )


def test_forints_are_paid_in_five_forint_coins():
    assert split(Decimal(1000), [1, 1, 1], CURRENCIES["HUF"].coin) == (
        Decimal(335),
        Decimal(335),
        Decimal(330),
    )


def test_the_fund_is_nothing_when_costs_ate_the_takings():
    assert prize_fund(Decimal("-12.00"), Decimal(50), Decimal("0.01")) == 0


def test_floats_are_refused():
    with pytest.raises(MoneyError):
        split(10.0, [1], Decimal("0.01"))  # type: ignore[arg-type]
