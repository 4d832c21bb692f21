"""A drive's money: currencies, splitting a fund and the prizes paid in money.

Rules:

* **Decimal only.** Amounts are ``Decimal``; a float never enters (:func:`split`
  refuses one), so 0.1 + 0.2 is 0.3 on every sheet.
* **The smallest coin.** Every amount paid out is a whole number of the currency's
  smallest coin (a penny, a cent; 5 forints, Hungary's smallest coin, for a cash drive).
* **Never more than the fund.** :func:`split` floors each share to the coin, then
  gives the coins left over one each to the shares that lost most by the flooring
  (the earlier share first when they lost alike): the shares add up to the fund
  rounded down to the coin, never more, each share lies within one coin of its exact
  proportion, and equal weights get shares that differ by at most one coin. What no
  share can take stays in the club's balance.
* **Prizes in money** (:func:`prize_money`), by the drive's rule:
  ``FIXED``: each prize is worth its amount in the scale, whatever the takings;
  ``SHARE``: the fund (a percentage of the takings after costs, :func:`prize_fund`)
  is split among the prizes given, in the proportions of the scale;
  ``EVERYONE``: everyone who played takes an equal share of the fund, and the
  prizes are honours only. Players tied for a placing share the money of every place
  they cover (=2, =2 with three prizes: the 2nd's and the 3rd's between them); any
  shared prize is split among its winners by :func:`split`.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal
from enum import StrEnum
from fractions import Fraction

from scoring.errors import ScoringError


class MoneyError(ScoringError):
    """Amounts that cannot be worked: a float, a negative amount or weight."""


@dataclass(frozen=True, slots=True)
class Currency:
    code: str
    symbol: str
    places: int  # decimal places written
    coin: Decimal  # the smallest amount paid out


CURRENCIES = {
    currency.code: currency
    for currency in (
        Currency("GBP", "£", 2, Decimal("0.01")),
        Currency("EUR", "€", 2, Decimal("0.01")),
        Currency("USD", "$", 2, Decimal("0.01")),
        Currency("CHF", "CHF", 2, Decimal("0.05")),
        Currency("HUF", "Ft", 0, Decimal("5")),
    )
}


def split(fund: Decimal, weights: Sequence[Decimal | int], coin: Decimal) -> tuple[Decimal, ...]:
    """``fund`` split in the proportions of ``weights``, in whole coins, never more than it.

    >>> split(Decimal("10.00"), [1, 1, 1], Decimal("0.01"))
    (Decimal('3.34'), Decimal('3.33'), Decimal('3.33'))
    >>> split(Decimal("100"), [50, 30, 20], Decimal("5"))
    (Decimal('50'), Decimal('30'), Decimal('20'))
    >>> split(Decimal("7"), [0, 0], Decimal("0.01"))
    (Decimal('0.00'), Decimal('0.00'))
    """
    for value in (fund, coin, *weights):
        if isinstance(value, float):
            raise MoneyError("Money is worked in Decimal, never in float.")
    if coin <= 0:
        raise MoneyError(f"The smallest coin must be more than nothing, not {coin}.")
    if fund < 0 or any(w < 0 for w in weights):
        raise MoneyError("A fund and its weights cannot be negative.")
    total = sum(Fraction(w) for w in weights)
    if not weights or total == 0:
        return tuple(_coins(0, coin) for _ in weights)
    units = int((fund / coin).to_integral_value(rounding=ROUND_FLOOR))
    exact = [units * Fraction(w) / total for w in weights]
    floors = [int(share) for share in exact]  # non-negative: int() floors
    left = units - sum(floors)
    # The coins left over go to the largest remainders, the earlier share first.
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - floors[i]), i))
    for i in order[:left]:
        floors[i] += 1
    return tuple(_coins(n, coin) for n in floors)


def _coins(count: int, coin: Decimal) -> Decimal:
    return (count * coin).quantize(coin if coin < 1 else Decimal(1))


def round_down(amount: Decimal, coin: Decimal) -> Decimal:
    """``amount`` rounded down to a whole number of coins.

    >>> round_down(Decimal("12.347"), Decimal("0.01")), round_down(Decimal("1234"), Decimal("5"))
    (Decimal('12.34'), Decimal('1230'))
    """
    return split(amount, [1], coin)[0]


class PrizeMoneyRule(StrEnum):
    NONE = "none"  # prizes are not money (or are bought: a cost)
    FIXED = "fixed"
    SHARE = "share"
    EVERYONE = "everyone"


@dataclass(frozen=True, slots=True)
class PrizeScale:
    """What each prize is worth: money (``FIXED``) or a proportion of the fund (``SHARE``).

    ``placings[0]`` is the 1st prize's, and so on; a placing beyond the list is worth 0.
    """

    placings: tuple[Decimal, ...] = ()
    booby: Decimal = Decimal(0)
    half_time: Decimal = Decimal(0)
    ten_tricks: Decimal = Decimal(0)
    consolation: Decimal = Decimal(0)


class PrizeKind(StrEnum):
    PLACING = "placing"
    BOOBY = "booby"
    HALF_TIME = "half_time"
    TEN_TRICKS = "ten_tricks"
    CONSOLATION = "consolation"


@dataclass(frozen=True, slots=True)
class PrizeGiven:
    """A prize as the money needs it: its kind, the places it covers (a placing), its winners."""

    kind: PrizeKind
    winners: tuple[int, ...]
    covers: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Payout:
    """``amount`` to ``player``; ``prize`` is the index of the prize paid, None for
    everyone's share (``EVERYONE``)."""

    prize: int | None
    player: int
    amount: Decimal


def prize_fund(net_takings: Decimal, percent: Decimal, coin: Decimal) -> Decimal:
    """The part of the takings after costs given in prizes, rounded down to the coin;
    nothing when the costs ate the takings.

    >>> prize_fund(Decimal("87.50"), Decimal(50), Decimal("0.01"))
    Decimal('43.75')
    >>> prize_fund(Decimal("-3"), Decimal(50), Decimal("0.01"))
    Decimal('0.00')
    """
    return round_down(max(net_takings, Decimal(0)) * percent / 100, coin)


def prize_money(
    prizes: Sequence[PrizeGiven],
    *,
    rule: PrizeMoneyRule,
    scale: PrizeScale,
    fund: Decimal,
    players: Sequence[int],
    coin: Decimal,
) -> list[Payout]:
    """Who is paid what, prize by prize (in the order given), winner by winner.

    >>> first = PrizeGiven(PrizeKind.PLACING, (7,), (1,))
    >>> second = PrizeGiven(PrizeKind.PLACING, (8, 9), (2, 3))
    >>> scale = PrizeScale((Decimal(5), Decimal(3), Decimal(2)))
    >>> [(p.player, str(p.amount)) for p in prize_money([first, second],
    ...     rule=PrizeMoneyRule.SHARE, scale=scale, fund=Decimal("20.00"), players=[7, 8, 9],
    ...     coin=Decimal("0.01"))]
    [(7, '10.00'), (8, '5.00'), (9, '5.00')]
    """
    if rule is PrizeMoneyRule.NONE:
        return []
    if rule is PrizeMoneyRule.EVERYONE:
        shares = split(fund, [1] * len(players), coin)
        return [Payout(None, player, share) for player, share in zip(players, shares, strict=True)]
    worth = [_worth(prize, scale) for prize in prizes]
    if rule is PrizeMoneyRule.SHARE:
        amounts = split(fund, worth, coin)
    else:
        amounts = tuple(round_down(w, coin) for w in worth)
    return [
        Payout(index, player, share)
        for index, (prize, amount) in enumerate(zip(prizes, amounts, strict=True))
        for player, share in zip(
            prize.winners, split(amount, [1] * len(prize.winners), coin), strict=True
        )
    ]


def _worth(prize: PrizeGiven, scale: PrizeScale) -> Decimal:
    if prize.kind is PrizeKind.PLACING:
        return sum(
            (scale.placings[p - 1] for p in prize.covers if p <= len(scale.placings)), Decimal(0)
        )
    return {
        PrizeKind.BOOBY: scale.booby,
        PrizeKind.HALF_TIME: scale.half_time,
        PrizeKind.TEN_TRICKS: scale.ten_tricks,
        PrizeKind.CONSOLATION: scale.consolation,
    }[prize.kind]
