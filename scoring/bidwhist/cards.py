"""The bid whist pack: the 52 cards and two jokers, and the deal of 12 each and a kitty of 6.

Jokers are written ``BJ`` (the Big Joker) and ``LJ`` (the Little Joker); the other cards
as everywhere in :mod:`scoring.cards`.

>>> [str(card) for card in parse_cards("BJ lj AS 10h".split())]
['BJ', 'LJ', 'AS', '10H']
>>> dealt = deal_hand(7, dealer="S")
>>> [len(dealt.hands[seat]) for seat in SEATS], len(dealt.kitty), len(PACK)
([12, 12, 12, 12], 6, 54)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from scoring.cards import DECK, SEATS, Card, Seat, check_seat, first_leader, next_seat, parse_card


class Joker(Enum):
    """The two jokers; the Big Joker beats the Little Joker, and both beat every ace."""

    LITTLE = "LJ"
    BIG = "BJ"

    def __str__(self) -> str:
        return self.value

    @property
    def label(self) -> str:
        return "Little Joker" if self is Joker.LITTLE else "Big Joker"


PackCard = Card | Joker

#: The 54 cards: the deck of :mod:`scoring.cards`, then the Little and the Big Joker.
PACK: tuple[PackCard, ...] = (*DECK, Joker.LITTLE, Joker.BIG)

HAND_SIZE = 12
KITTY_SIZE = 6


def parse_pack_card(text: str) -> PackCard:
    """Read a card of the bid whist pack: ``"BJ"``, ``"LJ"``, or a card as :func:`parse_card`."""
    cleaned = text.strip().upper()
    for joker in Joker:
        if cleaned == joker.value:
            return joker
    return parse_card(text)


def parse_cards(texts: Iterable[str]) -> tuple[PackCard, ...]:
    """Read several cards of the bid whist pack; ``parse_cards("BJ AS 2H".split())``."""
    return tuple(parse_pack_card(text) for text in texts)


@dataclass(frozen=True, slots=True)
class DealtHand:
    """One deal of bid whist: who dealt, each player's 12 cards in the order dealt, the kitty."""

    dealer: Seat
    hands: Mapping[Seat, tuple[PackCard, ...]]
    kitty: tuple[PackCard, ...]


def deal_hand(seed: int, dealer: Seat) -> DealtHand:
    """Shuffle the 54 cards for ``seed`` and deal them, the same for the same seed and dealer.

    The cards go one at a time clockwise from the dealer's left until each player holds
    12; the last six, face down, are the kitty. (The how-to does not say when the kitty
    is dealt; where it is dealt changes nothing, as nobody sees it before the auction.)
    """
    order = list(range(len(PACK)))
    random.Random(seed).shuffle(order)
    hands: dict[Seat, list[PackCard]] = {seat: [] for seat in SEATS}
    seat = first_leader(check_seat(dealer))
    for index in order[: 4 * HAND_SIZE]:
        hands[seat].append(PACK[index])
        seat = next_seat(seat)
    return DealtHand(
        dealer=dealer,
        hands={seat: tuple(hands[seat]) for seat in SEATS},
        kitty=tuple(PACK[index] for index in order[4 * HAND_SIZE :]),
    )
