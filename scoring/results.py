"""From tricks to points: a drive's per-deal points, honours, games and rubbers.

In a drive each table reports N–S's tricks for a deal (E–W took the rest) and every
player scores their side's points: odd tricks (tricks over six) or, if the club counts
all tricks, every trick taken.

>>> deal_points(9, Counting.ODD, trumps=None)
(3, 0)
>>> deal_points(9, Counting.ALL, trumps=None)
(9, 4)

Honours (four of A K Q J of trumps in one side's hands score 4, three score 2; never at
no-trumps). The rules bar honours for a side "already at 4 points of the 5 needed for
game" when the deal begins, and say nothing of longer games. Some clubs reason that
honours must never win a game the tricks did not, and bar a side one point short of
any target (6 of 7, 9 of 10): that is :attr:`HonoursBar.ONE_SHORT`, chosen by name.
A drive has no game, so :func:`deal_points` never applies either bar.

Bid whist lives in :mod:`scoring.bidwhist`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from scoring.cards import Card, Rank, Side, Suit, check_seat, side_of
from scoring.errors import ResultError

_HONOURS = frozenset({Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK})
_SIDE_NAMES: dict[Side, str] = {"NS": "N–S", "EW": "E–W"}


class Counting(StrEnum):
    """How a drive counts a deal; the values are what the web application stores."""

    ODD = "odd"
    ALL = "all"


def check_tricks(ns_tricks: int, *, side: Side = "NS") -> int:
    """Return the tricks if a side could have taken them in one deal (0–13), else refuse.

    >>> check_tricks(14)
    Traceback (most recent call last):
    ...
    scoring.errors.ResultError: N–S tricks must be a whole number from 0 to 13, not 14
    """
    if isinstance(ns_tricks, bool) or not isinstance(ns_tricks, int) or not 0 <= ns_tricks <= 13:
        raise ResultError(
            f"{_SIDE_NAMES[side]} tricks must be a whole number from 0 to 13, not {ns_tricks!r}",
            code="deal_tricks",
            params={"side": side, "tricks": str(ns_tricks)},
        )
    return ns_tricks


def side_tricks(side: str, ns_tricks: int) -> int:
    """The tricks ``side`` ("NS" or "EW", as stored) took when N–S took ``ns_tricks``.

    A deal has 13 tricks, so E–W took the rest.

    At bid whist the kitty counts as the declarers' trick, so the declarers' tricks are
    :func:`side_tricks` of the declaring side, and :func:`ns_tricks_of` turns them back.

    >>> side_tricks("NS", 8), side_tricks("EW", 8)
    (8, 5)
    """
    return ns_tricks if side == "NS" else 13 - ns_tricks


def ns_tricks_of(side: str, tricks: int) -> int:
    """N–S's tricks in a deal in which ``side`` took ``tricks``; :func:`side_tricks` undone.

    >>> ns_tricks_of("EW", 9), ns_tricks_of("EW", side_tricks("EW", 4))
    (4, 4)
    """
    # Taking one side's tricks from 13 is its own inverse: the same turn either way.
    return side_tricks(side, tricks)


def odd_tricks(tricks: int) -> int:
    """Tricks over six: what a side scores for a deal.

    >>> odd_tricks(8), odd_tricks(5)
    (2, 0)
    """
    return max(0, check_tricks(tricks) - 6)


def honours_points(honours: int) -> int:
    """Points for holding ``honours`` of the four trump honours: 4 for all four, 2 for three.

    >>> [honours_points(n) for n in range(5)]
    [0, 0, 0, 2, 4]
    """
    if isinstance(honours, bool) or honours not in range(5):
        raise ResultError(
            f"A side holds from 0 to 4 of the trump honours, not {honours!r}",
            code="honours_held",
            params={"honours": str(honours)},
        )
    return {4: 4, 3: 2}.get(honours, 0)


def honours_held(hands: Mapping[str, Iterable[Card]], trumps: Suit | None) -> tuple[int, int]:
    """How many of A K Q J of trumps each side holds, (N–S, E–W); (0, 0) at no-trumps."""
    held = {"NS": 0, "EW": 0}
    for seat, hand in hands.items():
        held[side_of(check_seat(seat))] += sum(
            card.suit is trumps and card.rank in _HONOURS for card in hand
        )
    return held["NS"], held["EW"]


def _honours_scored(trumps: Suit | None, ns_honours: int, ew_honours: int) -> tuple[int, int]:
    """Honours points for (N–S, E–W), checking that the four honours are all accounted for."""
    if trumps is None:
        return 0, 0
    ns_points, ew_points = honours_points(ns_honours), honours_points(ew_honours)
    if ns_honours + ew_honours != 4:
        raise ResultError(
            f"The four trump honours must be split between the sides: "
            f"N–S {ns_honours} and E–W {ew_honours} make {ns_honours + ew_honours}"
        )
    return ns_points, ew_points


def deal_points(
    ns_tricks: int,
    counting: Counting | str,
    *,
    trumps: Suit | None,
    ns_honours: int = 0,
    ew_honours: int = 0,
    honours: bool = False,
) -> tuple[int, int]:
    """Each N–S player's and each E–W player's points for one deal of a drive.

    With ``honours`` on, the sides' holdings of the trump honours must add up to four
    (they are ignored at no-trumps, where there are none).

    >>> deal_points(6, "odd", trumps=Suit.HEARTS, ns_honours=3, ew_honours=1, honours=True)
    (2, 1)
    """
    ns = check_tricks(ns_tricks)
    ew = 13 - ns
    if Counting(counting) is Counting.ODD:
        ns, ew = odd_tricks(ns), odd_tricks(ew)
    if not honours:
        return ns, ew
    ns_bonus, ew_bonus = _honours_scored(trumps, ns_honours, ew_honours)
    return ns + ns_bonus, ew + ew_bonus


GAME_TARGETS = (5, 7, 10)


class HonoursBar(StrEnum):
    """Which sides may not score honours in a game: the values are stable names.

    ``RULES``: only a side at 4 in a game of 5, as the rules say (the default).
    ``ONE_SHORT``: a side one point short of the target, whatever the target.
    """

    RULES = "rules"
    ONE_SHORT = "one_short"

    def barred(self, score: int, target: int) -> bool:
        """Whether a side with ``score`` at the start of the deal may not score honours.

        >>> HonoursBar.RULES.barred(6, 7), HonoursBar.ONE_SHORT.barred(6, 7)
        (False, True)
        """
        if self is HonoursBar.RULES:
            return target == 5 and score == 4
        return score == target - 1


@dataclass(frozen=True, slots=True)
class GameScore:
    """The score of one game of whist: 5 points (short whist), 7 (American) or 10 (long)."""

    ns: int = 0
    ew: int = 0
    target: int = 5
    honours_bar: HonoursBar = HonoursBar.RULES

    def __post_init__(self) -> None:
        if self.target not in GAME_TARGETS:
            raise ResultError(f"A game is played to 5, 7 or 10 points, not {self.target!r}")

    @property
    def winner(self) -> Side | None:
        if self.ns >= self.target:
            return "NS"
        return "EW" if self.ew >= self.target else None

    def add_deal(
        self,
        ns_tricks: int,
        *,
        trumps: Suit | None,
        ns_honours: int = 0,
        ew_honours: int = 0,
        honours: bool = False,
    ) -> GameScore:
        """The score after one more deal: odd tricks first, then honours if the game goes on.

        >>> GameScore(ns=4, ew=3).add_deal(6, trumps=Suit.CLUBS, ns_honours=4, honours=True)
        GameScore(ns=4, ew=4, target=5, honours_bar=<HonoursBar.RULES: 'rules'>)
        """
        if self.winner:
            raise ResultError(f"This game is over: {_SIDE_NAMES[self.winner]} have won it")
        ns_odd, ew_odd = deal_points(ns_tricks, Counting.ODD, trumps=trumps)
        after_tricks = replace(self, ns=self.ns + ns_odd, ew=self.ew + ew_odd)
        if not honours or after_tricks.winner:
            return after_tricks  # tricks are scored first, so they win the game before honours
        ns_bonus, ew_bonus = _honours_scored(trumps, ns_honours, ew_honours)
        bar = self.honours_bar
        return replace(
            after_tricks,
            ns=after_tricks.ns + (0 if bar.barred(self.ns, self.target) else ns_bonus),
            ew=after_tricks.ew + (0 if bar.barred(self.ew, self.target) else ew_bonus),
        )


@dataclass(frozen=True, slots=True)
class Rubber:
    """A rubber: the best of three games. ``games`` lists who won each game so far.

    >>> rubber = Rubber().add_deal(13, trumps=None).add_deal(13, trumps=None)
    >>> rubber.games, rubber.winner
    (('NS', 'NS'), 'NS')
    """

    target: int = 5
    games: tuple[Side, ...] = ()
    game: GameScore | None = None  # the game in progress; None until its first deal
    honours_bar: HonoursBar = HonoursBar.RULES

    @property
    def winner(self) -> Side | None:
        return next((side for side in _SIDE_NAMES if self.games.count(side) == 2), None)

    def add_deal(
        self,
        ns_tricks: int,
        *,
        trumps: Suit | None,
        ns_honours: int = 0,
        ew_honours: int = 0,
        honours: bool = False,
    ) -> Rubber:
        """The rubber after one more deal, scored as :meth:`GameScore.add_deal` scores it."""
        if self.winner:
            raise ResultError(f"This rubber is over: {_SIDE_NAMES[self.winner]} have won it")
        game = self.game or GameScore(target=self.target, honours_bar=self.honours_bar)
        game = game.add_deal(
            ns_tricks, trumps=trumps, ns_honours=ns_honours, ew_honours=ew_honours, honours=honours
        )
        if game.winner is None:
            return replace(self, game=game)
        return replace(self, games=(*self.games, game.winner), game=None)
