"""Scoring bid whist: only the side that won the auction scores, up or down.

The how-to: "Ha a licit nyertes csapatnak sikerült a pontgólja, akkor normálisan szerez
pontokat": a side that makes its bid scores one point for each trick over six, the kitty
included. "Ha a licit nyertes csapata nem teljesítette a célját, akkor pontot veszít az
alulmaradt összeggel. Például, ha a nyerő licit Hét volt, és ez a csapat csak három
pontot szerez (9 trükk), akkor az a csapat négy pontot veszít": a side that fails loses
the points it fell short by. The shortfall is counted in points, so a side that took six
tricks or fewer (no points made) loses its whole bid, and a hand is worth −7 to +7.

A game is won at +5 and lost at −5 unless the club sets another target. Clubs that play
tournament house rules may also count no-trump contracts double, give a bonus for a
"Boston" (all 13 tricks), and set a minimum opening bid.

>>> hand_points(Bid(7), 9)
-4
>>> hand_points(Bid(3, Strain.NO_TRUMPS), 13, HouseRules(no_trumps_double=True, boston_bonus=3))
17
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from scoring.bidwhist.auction import LEVELS, Bid, Strain, check_level, check_strain
from scoring.bidwhist.contract import check_trumps
from scoring.cards import SEATS, Seat, Side, Suit
from scoring.errors import BidWhistError

_SIDE_NAMES: dict[Side, str] = {"NS": "N–S", "EW": "E–W"}


@dataclass(frozen=True, slots=True)
class HouseRules:
    """A club's choices for bid whist; the defaults are the how-to's rules."""

    game_target: int = 5  # a game is won at +target and lost at −target
    no_trumps_double: bool = False
    boston_bonus: int = 0  # added for all 13 tricks; 0 means no bonus
    minimum_bid: int = 1

    def __post_init__(self) -> None:
        for name, value, low, high in (
            ("game_target", self.game_target, 1, 99),
            ("boston_bonus", self.boston_bonus, 0, 99),
            ("minimum_bid", self.minimum_bid, LEVELS.start, LEVELS.stop - 1),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise BidWhistError(
                    f"{name.replace('_', ' ').capitalize()} must be from {low} to {high}, "
                    f"not {value!r}",
                    code=name,
                    params={"value": str(value), "low": low, "high": high},
                )

    @property
    def hand_range(self) -> tuple[int, int]:
        """The fewest and the most points one hand can bring the declarers."""
        factor = 2 if self.no_trumps_double else 1
        return -7 * factor, 7 * factor + self.boston_bonus


DEFAULT_RULES = HouseRules()


def check_declarer_tricks(tricks: object) -> int:
    """The declarers' tricks, the kitty included (1–13), else refuse."""
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 1 <= tricks <= 13:
        raise BidWhistError(
            f"The declarers take from 1 to 13 tricks, the kitty included, not {tricks!r}",
            code="tricks_range",
            params={"tricks": str(tricks)},
        )
    return tricks


def hand_points(bid: Bid, tricks: int, rules: HouseRules = DEFAULT_RULES) -> int:
    """The declaring side's points for a hand in which it took ``tricks`` with the kitty."""
    made = max(0, check_declarer_tricks(tricks) - 6)
    points = made if made >= bid.level else made - bid.level
    if rules.no_trumps_double and bid.strain is Strain.NO_TRUMPS:
        points *= 2
    if tricks == 13:
        points += rules.boston_bonus
    return points


@dataclass(frozen=True, slots=True)
class HandRecord:
    """What a table writes down for one hand: who dealt, the contract, the declarers' tricks.

    Building one checks it: a bid outside 1–7, a no-trump bid with trumps, a suit bid
    without, or tricks outside 1–13 are refused with a :class:`BidWhistError`.

    >>> record = HandRecord(dealer="N", side="EW", level=4, strain="downtown",
    ...                     trumps=Suit.CLUBS, tricks=9)
    >>> record.side_points()
    (0, -1)
    """

    dealer: Seat
    side: Side
    level: int
    strain: Strain
    trumps: Suit | None
    tricks: int

    def __post_init__(self) -> None:
        if self.dealer not in SEATS:
            raise BidWhistError(
                f"The dealer sits at N, E, S or W, not {self.dealer!r}", code="dealer"
            )
        if self.side not in _SIDE_NAMES:
            raise BidWhistError(
                f"The declaring side is NS or EW, not {self.side!r}", code="declaring_side"
            )
        check_level(self.level)
        object.__setattr__(self, "strain", check_strain(self.strain))
        check_trumps(self.strain, self.trumps)
        check_declarer_tricks(self.tricks)

    @property
    def bid(self) -> Bid:
        return Bid(self.level, self.strain)

    def points(self, rules: HouseRules = DEFAULT_RULES) -> int:
        return hand_points(self.bid, self.tricks, rules)

    def side_points(self, rules: HouseRules = DEFAULT_RULES) -> tuple[int, int]:
        """(N–S, E–W) points: the declarers' points, and nothing for the defenders."""
        points = self.points(rules)
        return (points, 0) if self.side == "NS" else (0, points)


def winner_on_points(hands: Sequence[tuple[int, int]]) -> Side:
    """The pair that won a round of bid whist hands at one table, on points, for a
    progressive drive's moves (classic whist's rounds are won on tricks:
    :func:`scoring.movements.winner_on_tricks`).

    ``hands`` are each hand's (N–S, E–W) points in the order played. More points wins; a
    tie goes to the pair that won the last hand, which cannot be tied: its declarers
    either made their bid (points to them) or fell short (points off them).

    >>> winner_on_points([(4, 0), (0, -2)]), winner_on_points([(2, 0), (0, 2)])
    ('NS', 'EW')
    >>> winner_on_points([(0, -1)])
    'NS'
    """
    if not hands:
        raise BidWhistError("A round has at least one hand", code="round_hands")
    margin = sum(ns - ew for ns, ew in hands)
    if margin:
        return "NS" if margin > 0 else "EW"
    last_ns, last_ew = hands[-1]
    return "NS" if last_ns > 0 or last_ew < 0 else "EW"


@dataclass(frozen=True, slots=True)
class GameScore:
    """A game of bid whist, won by reaching +target points or lost by falling to −target.

    >>> GameScore(ew=-3).add_hand("EW", Bid(2), 6).winner
    'NS'
    """

    ns: int = 0
    ew: int = 0
    rules: HouseRules = DEFAULT_RULES

    @property
    def winner(self) -> Side | None:
        target = self.rules.game_target
        if self.ns >= target or self.ew <= -target:
            return "NS"
        if self.ew >= target or self.ns <= -target:
            return "EW"
        return None

    def add_hand(self, side: Side, bid: Bid, tricks: int) -> GameScore:
        """The score after one more hand; only the declaring side's score changes."""
        if self.winner:
            raise BidWhistError(
                f"This game is over: {_SIDE_NAMES[self.winner]} have won it", code="game_over"
            )
        if side not in _SIDE_NAMES:
            raise BidWhistError(
                f"The declaring side is NS or EW, not {side!r}", code="declaring_side"
            )
        points = hand_points(bid, tricks, self.rules)
        if side == "NS":
            return replace(self, ns=self.ns + points)
        return replace(self, ew=self.ew + points)
