"""Suits, ranks, cards, seats, seeded deals and trump schedules.

A card's short text is its rank then its suit: ``"QH"`` is the queen of hearts.
The ten is written ``"10"`` (``"10S"``), as a club organiser would write it on a
scorecard; ``"TS"`` reads too, because PBN and most software use ``T``.

>>> card = parse_card("10s")
>>> str(card), card.suit.symbol, card.rank.name
('10S', '♠', 'TEN')
>>> trumps_for_deal(5, Rotation.HDSC_NT) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum, StrEnum
from typing import Literal, TypeVar

from scoring.errors import CardError, ScoringError

Seat = Literal["N", "E", "S", "W"]
Side = Literal["NS", "EW"]

#: Clockwise from North. N–S play against E–W.
SEATS: tuple[Seat, ...] = ("N", "E", "S", "W")


class Suit(Enum):
    """The four suits, in the order trumps rotate through them."""

    HEARTS = "H"
    DIAMONDS = "D"
    SPADES = "S"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def label(self) -> str:
        """The plural name an organiser reads aloud: ``"hearts"``."""
        return self.name.lower()


_SYMBOLS = {Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.SPADES: "♠", Suit.CLUBS: "♣"}
SUITS: tuple[Suit, ...] = tuple(Suit)


class Rank(IntEnum):
    """Ranks valued so that a higher rank beats a lower one in the usual (uptown) order."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def short(self) -> str:
        return "JQKA"[self - 11] if self > 10 else str(int(self))


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card. ``index`` numbers the deck 0–51, thirteen to a suit, low rank first."""

    suit: Suit
    rank: Rank

    def __str__(self) -> str:
        return f"{self.rank.short}{self.suit.value}"

    @property
    def index(self) -> int:
        return SUITS.index(self.suit) * 13 + self.rank - 2


#: Any card type a deal can hold: :class:`Card`, or bid whist's cards with the jokers.
DealtCard = TypeVar("DealtCard", bound=Hashable)

#: The 52 cards in index order: hearts 2…A, then diamonds, spades, clubs.
DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in SUITS for rank in Rank)

_RANKS_BY_TEXT = {rank.short: rank for rank in Rank} | {"T": Rank.TEN}
_SUITS_BY_TEXT = {suit.value: suit for suit in SUITS}


def parse_card(text: str) -> Card:
    """Read a card such as ``"QH"``, ``"10S"`` or ``"ts"``; suit-first (``"HQ"``) reads too.

    The suit letters and the rank characters never overlap, so either order is unambiguous.

    >>> parse_card("TS") == parse_card("10S") == parse_card("S10")
    True
    """
    cleaned = text.strip().upper()
    for rank_text, suit_text in ((cleaned[:-1], cleaned[-1:]), (cleaned[1:], cleaned[:1])):
        rank = _RANKS_BY_TEXT.get(rank_text)
        suit = _SUITS_BY_TEXT.get(suit_text)
        if rank is not None and suit is not None:
            return DECK[SUITS.index(suit) * 13 + rank - 2]
    raise CardError(f"{text!r} is not a card: write the rank then the suit, like QH or 10S")


def parse_hand(texts: Iterable[str]) -> tuple[Card, ...]:
    """Read several cards; ``parse_hand("AS KS".split())``."""
    return tuple(parse_card(text) for text in texts)


def next_seat(seat: Seat) -> Seat:
    """The seat on this one's left, who plays next."""
    return SEATS[(SEATS.index(seat) + 1) % 4]


def dealer_for_deal(number: int, first_dealer: Seat = "N") -> Seat:
    """Who deals deal ``number`` (from 1) at a table: the deal passes to the left each hand.

    The player on the dealer's left leads to the first trick (:func:`first_leader`).

    >>> [dealer_for_deal(n) for n in range(1, 6)], dealer_for_deal(2, "W")
    (['N', 'E', 'S', 'W', 'N'], 'N')
    """
    _check_deal_number(number)
    return SEATS[(SEATS.index(check_seat(first_dealer)) + number - 1) % 4]


def first_leader(dealer: Seat) -> Seat:
    """The player on the dealer's left, who leads to the first trick (and bids first)."""
    return next_seat(check_seat(dealer))


def side_of(seat: Seat) -> Side:
    return "NS" if seat in ("N", "S") else "EW"


def check_seat(seat: str) -> Seat:
    for known in SEATS:
        if seat == known:
            return known
    raise CardError(f"{seat!r} is not a seat: use N, E, S or W")


def check_hands(
    hands: Mapping[Seat, Iterable[DealtCard]] | Mapping[str, Iterable[DealtCard]],
    *,
    most: int = 13,
) -> dict[Seat, tuple[DealtCard, ...]]:
    """Check four hands of the same size (1 to ``most`` cards) with no card twice; return tuples.

    Equal hands smaller than 13 are allowed so that endings can be played out; bid whist
    (12 cards each, jokers among them) checks its hands here too with ``most=12``.
    """
    if sorted(hands) != sorted(SEATS):
        raise CardError("A deal needs exactly four hands: N, E, S and W")
    by_seat: Mapping[str, Iterable[DealtCard]] = hands  # type: ignore[assignment]
    checked = {seat: tuple(by_seat[seat]) for seat in SEATS}
    sizes = {len(hand) for hand in checked.values()}
    if len(sizes) != 1 or not 1 <= sizes.pop() <= most:
        counts = ", ".join(f"{seat} {len(hand)}" for seat, hand in checked.items())
        raise CardError(f"Every hand must hold the same number of cards, 1 to {most} ({counts})")
    seen: dict[DealtCard, Seat] = {}
    for seat, hand in checked.items():
        for card in hand:
            if card in seen:
                raise CardError(f"{card} is in both {seen[card]}'s and {seat}'s hands")
            seen[card] = seat
    return checked


def shuffled_indices(seed: int) -> list[int]:
    """The deck's indices shuffled for ``seed``, in the order they are dealt.

    :func:`deal` and the simulator both use it.
    """
    order = list(range(52))
    random.Random(seed).shuffle(order)
    return order


def deal(seed: int, dealer: Seat) -> dict[Seat, tuple[Card, ...]]:
    """Deal 13 cards to each seat as the rules do, each hand in the order dealt.

    "Le croupier distribue toutes les cartes une à la fois" (``sources/000``): one at a
    time, clockwise from the dealer's left, so the last card dealt is the dealer's, "la
    carte finale, qui appartiendra au croupier, est tournée" for trumps
    (:func:`turned_up_trumps`). A board is its seed and its dealer: every table given
    both holds the same hands (what a duplicate drive needs).

    >>> hands = deal(7, "S")
    >>> [len(hands[seat]) for seat in SEATS], hands == deal(7, "S")
    ([13, 13, 13, 13], True)
    >>> order = shuffled_indices(7)
    >>> hands["W"][0] == DECK[order[0]], hands["S"][-1] == DECK[order[-1]]
    (True, True)
    """
    order = shuffled_indices(seed)
    left = SEATS.index(first_leader(dealer))  # receives the cards dealt 1st, 5th, 9th, ...
    return {
        seat: tuple(DECK[i] for i in order[(k - left) % 4 :: 4]) for k, seat in enumerate(SEATS)
    }


class Rotation(StrEnum):
    """How trumps change from deal to deal; the values are what the web application stores.

    ``HDSC_NT`` makes every fifth deal no-trumps: the cycle is H, D, S, C, NT, so the suits
    keep their usual order and deals 5, 10, 15… are the no-trump ones. Counting the cycle
    in fives (rather than letting the suit sequence run on past each no-trump deal) keeps
    a deal's trumps easy to check by eye from its number.
    """

    HDSC = "hdsc"
    HDSC_NT = "hdsc_nt"
    #: No schedule: each table turns up the dealer's last card (:func:`turned_up_trumps`)
    #: and reports the suit with its tricks.
    TURNED = "turned"


def trumps_for_deal(number: int, rotation: Rotation | str) -> Suit | None:
    """Trumps for deal ``number`` (from 1) of a drive; ``None`` means no-trumps.

    >>> [suit_symbol(trumps_for_deal(n, "hdsc_nt")) for n in range(1, 7)]
    ['♥', '♦', '♠', '♣', 'NT', '♥']
    """
    _check_deal_number(number)
    if Rotation(rotation) is Rotation.TURNED:
        raise ScoringError(
            "Trumps turned up at each table follow no schedule: the table reports them"
        )
    cycle: Sequence[Suit | None] = (
        (*SUITS, None) if Rotation(rotation) is Rotation.HDSC_NT else SUITS
    )
    return cycle[(number - 1) % len(cycle)]


def _check_deal_number(number: int) -> None:
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ScoringError(f"Deals are numbered from 1, not {number!r}")


def turned_up_trumps(hands: Mapping[Seat, Sequence[Card]], dealer: Seat) -> Suit:
    """Trumps by the old rule: the suit of the last card dealt, which is the dealer's.

    ``hands`` hold their cards in the order dealt, as :func:`deal` gives them.

    >>> hands = deal(7, "S")
    >>> turned_up_trumps(hands, "S") is DECK[shuffled_indices(7)[-1]].suit
    True
    """
    return hands[check_seat(dealer)][-1].suit


def suit_symbol(suit: Suit | None) -> str:
    """``"♥"``, ``"♦"``, ``"♠"``, ``"♣"``, or ``"NT"`` for no-trumps."""
    return "NT" if suit is None else suit.symbol


def suit_name(suit: Suit | None) -> str:
    """``"hearts"`` … ``"clubs"``, or ``"no trumps"``."""
    return "no trumps" if suit is None else suit.label
