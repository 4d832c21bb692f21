"""Bids and the auction: each player bids once or passes, clockwise from the dealer's left.

A bid is a number from 1 to 7, the tricks over six it promises (the kitty counts as a
trick), and uptown, downtown or no trumps; a bare number is uptown. A higher number beats
any lower one; at the same number downtown beats uptown and no trumps beats both. When
the other three have passed, the last bid wins; if the first three pass, the dealer must
bid and wins. Clubs may set a minimum opening bid (tournaments often start at 4).

>>> auction = Auction(dealer="S").call(Bid(3)).call(None).call(Bid(3, Strain.DOWNTOWN))
>>> auction.to_call, auction.can_pass
('S', True)
>>> auction.call(None).result()
('E', Bid(level=3, strain=<Strain.DOWNTOWN: 'downtown'>))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.cards import SEATS, Seat, check_seat, first_leader
from scoring.errors import BidWhistError

LEVELS = range(1, 8)


class Strain(StrEnum):
    """What a bid promises beside its number; the values are what the web application stores.

    Listed from the lowest to the highest at the same number.
    """

    UPTOWN = "uptown"
    DOWNTOWN = "downtown"
    NO_TRUMPS = "nt"

    @property
    def label(self) -> str:
        return "no trumps" if self is Strain.NO_TRUMPS else self.value


_STRAINS = tuple(Strain)
_STRAIN_VALUES = frozenset(strain.value for strain in Strain)


def check_level(level: object, *, minimum: int = 1) -> int:
    """Return ``level`` if a bid may name it (``minimum`` to 7), else refuse."""
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise BidWhistError(
            f"A bid is a number from 1 to 7, not {level!r}",
            code="bid_level",
            params={"level": str(level)},
        )
    if level < minimum:
        raise BidWhistError(
            f"The lowest bid allowed is {minimum}, not {level}",
            code="bid_below_minimum",
            params={"level": level, "minimum": minimum},
        )
    return level


def check_strain(strain: object) -> Strain:
    """Return the strain ``strain`` names (a :class:`Strain` or its stored value), else refuse."""
    if isinstance(strain, str) and strain in _STRAIN_VALUES:
        return Strain(strain)
    raise BidWhistError(
        f"A bid is uptown, downtown or no trumps, not {strain!r}",
        code="bid_strain",
        params={"strain": str(strain)},
    )


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid: ``level`` 1–7 promises 6 + level tricks, the kitty included.

    >>> Bid(4) < Bid(4, Strain.DOWNTOWN) < Bid(4, Strain.NO_TRUMPS) < Bid(5)
    True
    >>> str(Bid(7, Strain.NO_TRUMPS)), Bid(3).tricks_needed
    ('7 no trumps', 9)
    """

    level: int
    strain: Strain = Strain.UPTOWN

    def __post_init__(self) -> None:
        check_level(self.level)
        object.__setattr__(self, "strain", check_strain(self.strain))

    def __str__(self) -> str:
        return f"{self.level} {self.strain.label}"

    def __lt__(self, other: Bid) -> bool:
        return self._key < other._key

    @property
    def _key(self) -> tuple[int, int]:
        return self.level, _STRAINS.index(self.strain)

    @property
    def tricks_needed(self) -> int:
        return 6 + self.level


#: Every bid, from the lowest to the highest.
ALL_BIDS: tuple[Bid, ...] = tuple(Bid(level, strain) for level in LEVELS for strain in Strain)

#: A call is a bid or a pass (``None``).
Call = Bid | None


@dataclass(frozen=True, slots=True)
class Auction:
    """An auction in progress: the dealer, the club's minimum opening bid, the calls so far."""

    dealer: Seat
    minimum: int = 1
    calls: tuple[Call, ...] = ()

    def __post_init__(self) -> None:
        check_seat(self.dealer)
        if isinstance(self.minimum, bool) or self.minimum not in LEVELS:
            raise BidWhistError(
                f"The minimum opening bid is from 1 to 7, not {self.minimum!r}",
                code="minimum_bid",
                params={"minimum": str(self.minimum)},
            )

    @property
    def is_over(self) -> bool:
        return len(self.calls) == 4

    @property
    def to_call(self) -> Seat | None:
        """Whose call it is, or ``None`` once all four have called."""
        if self.is_over:
            return None
        start = SEATS.index(first_leader(self.dealer))
        return SEATS[(start + len(self.calls)) % 4]

    @property
    def highest(self) -> Bid | None:
        return next((call for call in reversed(self.calls) if call is not None), None)

    @property
    def can_pass(self) -> bool:
        """False for the dealer after three passes: the dealer must bid."""
        return not (len(self.calls) == 3 and self.highest is None)

    def legal_bids(self) -> tuple[Bid, ...]:
        """The bids the player to call may make: at least the minimum, and above the highest."""
        if self.is_over:
            return ()
        highest = self.highest
        return tuple(
            bid
            for bid in ALL_BIDS
            if bid.level >= self.minimum and (highest is None or highest < bid)
        )

    def call(self, call: Call) -> Auction:
        """The auction after the next player's bid, or pass (``None``)."""
        seat = self.to_call
        if seat is None:
            raise BidWhistError("The auction is over: every player has called", code="auction_over")
        if call is None:
            if not self.can_pass:
                raise BidWhistError(
                    "The first three players passed, so the dealer must bid",
                    code="dealer_must_bid",
                    params={"seat": seat},
                )
        else:
            check_level(call.level, minimum=self.minimum)
            highest = self.highest
            if highest is not None and not highest < call:
                raise BidWhistError(
                    f"{seat} bid {call}, which does not beat {highest}",
                    code="bid_not_higher",
                    params={"seat": seat, "bid": str(call), "highest": str(highest)},
                )
        return Auction(self.dealer, self.minimum, (*self.calls, call))

    def result(self) -> tuple[Seat, Bid]:
        """Who won the auction and with what bid: the last bid made."""
        highest = self.highest
        if not self.is_over or highest is None:
            raise BidWhistError("The auction is not over yet", code="auction_not_over")
        start = SEATS.index(first_leader(self.dealer))
        position = max(i for i, call in enumerate(self.calls) if call is not None)
        return SEATS[(start + position) % 4], highest


def forced_declarer(dealer: Seat) -> Seat:
    """Who declares when the first three players pass: the dealer, who must bid and wins.

    What a table records as "everyone passed", read from the auction's own rules.

    >>> forced_declarer("W")
    'W'
    """
    auction = Auction(dealer).call(None).call(None).call(None)
    return auction.call(auction.legal_bids()[0]).result()[0]
