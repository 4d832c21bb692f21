"""After the auction: the contract (trumps or no trumps, uptown or downtown) and the kitty.

For a suit bid the winner names trumps and the bid says the ranking; for no trumps the
winner chooses uptown or downtown. Unless the bid was no trumps the winner shows the
kitty to everyone; then the winner may exchange any number of cards of the hand with the
kitty (the others see how many, not which). The six cards put aside are the winner's
first trick, and the winner leads to the next.

>>> from scoring.cards import Suit
>>> contract = Contract.named("E", Bid(4, Strain.DOWNTOWN), trumps=Suit.SPADES)
>>> contract.ranking, contract.side, contract.kitty_shown
(<Ranking.DOWNTOWN: 'downtown'>, 'EW', True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from scoring.bidwhist.auction import Bid, Strain
from scoring.bidwhist.cards import HAND_SIZE, KITTY_SIZE, PackCard
from scoring.cards import Seat, Side, Suit, check_seat, side_of
from scoring.errors import BidWhistError
from scoring.play import Ranking


def check_trumps(strain: Strain, trumps: Suit | None) -> Suit | None:
    """Trumps as a bid of ``strain`` allows them: a suit for uptown or downtown, none at NT."""
    if strain is Strain.NO_TRUMPS and trumps is not None:
        raise BidWhistError(
            f"A no-trump bid has no trump suit, but {trumps.label} were given",
            code="nt_with_trumps",
            params={"trumps": trumps.value},
        )
    if strain is not Strain.NO_TRUMPS and trumps is None:
        raise BidWhistError(f"A {strain.label} bid needs a trump suit", code="trumps_needed")
    return trumps


@dataclass(frozen=True, slots=True)
class Contract:
    """The winning bid with the winner's choices: what the hand is played and scored by."""

    declarer: Seat
    bid: Bid
    trumps: Suit | None
    ranking: Ranking

    def __post_init__(self) -> None:
        check_seat(self.declarer)
        check_trumps(self.bid.strain, self.trumps)
        if self.bid.strain is not Strain.NO_TRUMPS and self.ranking != self.bid.strain.value:
            raise BidWhistError(
                f"A {self.bid.strain.label} bid is played {self.bid.strain.label}",
                code="ranking_mismatch",
            )

    @classmethod
    def named(
        cls,
        declarer: Seat,
        bid: Bid,
        *,
        trumps: Suit | None = None,
        ranking: Ranking | None = None,
    ) -> Contract:
        """The contract once the auction's winner has named trumps or, at NT, the ranking."""
        if bid.strain is Strain.NO_TRUMPS:
            if ranking is None:
                raise BidWhistError(
                    "At no trumps the declarer chooses uptown or downtown", code="ranking_needed"
                )
            return cls(declarer, bid, trumps, ranking)
        return cls(declarer, bid, trumps, Ranking(bid.strain.value))

    @property
    def side(self) -> Side:
        return side_of(self.declarer)

    @property
    def kitty_shown(self) -> bool:
        """Whether the declarer shows the kitty to everyone: always, except at no trumps."""
        return self.trumps is not None


@dataclass(frozen=True, slots=True)
class Exchange:
    """The declarer's hand after the exchange, the six cards put aside, and what others see."""

    hand: tuple[PackCard, ...]
    kitty: tuple[PackCard, ...]
    exchanged: int  # how many cards of the hand went into the kitty (what the others see)


def exchange(
    hand: Iterable[PackCard], kitty: Iterable[PackCard], put_aside: Iterable[PackCard]
) -> Exchange:
    """The declarer takes the kitty and puts six of the 18 cards aside as the first trick.

    >>> from scoring.bidwhist.cards import parse_cards
    >>> hand, kitty = parse_cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH".split()), parse_cards(
    ...     "AH BJ LJ 2S 3S 4S".split())
    >>> done = exchange(hand, kitty, parse_cards("2H 3H 4H 2S 3S 4S".split()))
    >>> done.exchanged, [str(card) for card in done.hand[-3:]]
    (3, ['AH', 'BJ', 'LJ'])
    """
    held, extra, aside = tuple(hand), tuple(kitty), tuple(put_aside)
    if len(held) != HAND_SIZE or len(extra) != KITTY_SIZE:
        raise BidWhistError("The declarer holds 12 cards and the kitty 6", code="exchange_cards")
    pool = Counter(held + extra)
    if len(aside) != KITTY_SIZE or Counter(aside) - pool or len(set(aside)) != KITTY_SIZE:
        raise BidWhistError(
            "Put aside six different cards from the hand and the kitty", code="exchange_cards"
        )
    kept = tuple(card for card in (*held, *extra) if card not in aside)
    return Exchange(hand=kept, kitty=aside, exchanged=sum(card in aside for card in held))
