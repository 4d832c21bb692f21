"""Playing bid whist's tricks: jokers, uptown and downtown, and following suit.

Uptown ranks 2 up to A, then the Little Joker, then the Big Joker; downtown ranks K, Q,
J, 10 … 2, A, Little Joker, Big Joker (aces and jokers stay high). In a suit contract
both jokers are trumps, and they follow suit as trumps. At no trumps they are worthless:
they belong to no suit, can never win a trick, and may be played only by a player who
cannot follow suit. When a joker is led at no trumps, the first card of a suit played
after it sets the suit to follow (the how-to is silent; this is the tournament rule).

>>> from scoring.bidwhist.cards import parse_cards
>>> from scoring.cards import Suit
>>> trick = parse_cards("AS LJ KS 2S".split())
>>> trick_winner(trick, Suit.HEARTS, Ranking.UPTOWN)  # the joker is a trump
1
>>> trick_winner(trick, None, Ranking.DOWNTOWN)  # at NT it is worthless; the ace is top
0
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from scoring.bidwhist.cards import HAND_SIZE, Joker, PackCard
from scoring.bidwhist.contract import Contract
from scoring.cards import SEATS, Seat, Suit, check_hands, next_seat, side_of
from scoring.errors import PlayError, RevokeError
from scoring.play import Ranking, card_strength

_JOKER_STRENGTH = {Joker.LITTLE: 15, Joker.BIG: 16}  # above the ace (14) either way


def suit_of(card: PackCard, trumps: Suit | None) -> Suit | None:
    """The suit a card belongs to for following: a joker is a trump, or of no suit at NT."""
    if isinstance(card, Joker):
        return trumps
    return card.suit


def strength(card: PackCard, trumps: Suit | None, ranking: Ranking) -> int:
    """Higher for the card that beats the other within a suit; 0 for a joker at no trumps."""
    if isinstance(card, Joker):
        return 0 if trumps is None else _JOKER_STRENGTH[card]
    return card_strength(card, ranking)


def led_suit(trick_so_far: Sequence[PackCard], trumps: Suit | None) -> Suit | None:
    """The suit to follow: the first card's, or after a joker led at NT the first suit played."""
    return next(
        (suit for card in trick_so_far if (suit := suit_of(card, trumps)) is not None), None
    )


def legal_plays(
    hand: Iterable[PackCard], trick_so_far: Sequence[PackCard], trumps: Suit | None
) -> tuple[PackCard, ...]:
    """The cards of ``hand`` that may be played: follow suit if able (jokers as trumps), else any.

    >>> from scoring.bidwhist.cards import parse_cards
    >>> from scoring.cards import Suit
    >>> hand = parse_cards("BJ 2C 5H".split())
    >>> [str(c) for c in legal_plays(hand, parse_cards(["AC"]), Suit.CLUBS)]
    ['BJ', '2C']
    >>> [str(c) for c in legal_plays(hand, parse_cards(["AS"]), None)]
    ['BJ', '2C', '5H']
    """
    cards = tuple(hand)
    led = led_suit(trick_so_far, trumps)
    if led is None:
        return cards
    following = tuple(card for card in cards if suit_of(card, trumps) is led)
    return following or cards


def trick_winner(
    cards_in_play_order: Sequence[PackCard], trumps: Suit | None, ranking: Ranking
) -> int:
    """The position (0 for the card led) of the card that wins the trick (so far).

    The highest trump wins (the Big Joker, then the Little Joker, then the trump suit in
    the contract's ranking); with no trump in the trick, the highest card of the suit led.
    """
    if not cards_in_play_order:
        raise PlayError("An empty trick has no winner")
    led = led_suit(cards_in_play_order, trumps)

    def beats(card: PackCard) -> tuple[bool, bool, int]:
        suit = suit_of(card, trumps)
        return (
            suit is not None and suit is trumps,
            suit is not None and suit is led,
            strength(card, trumps, ranking),
        )

    return max(range(len(cards_in_play_order)), key=lambda i: beats(cards_in_play_order[i]))


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick in play: who led, the cards in play order, who won (``None`` if unfinished)."""

    number: int  # from 2: the kitty is the declarer's first trick
    leader: Seat
    cards: tuple[PackCard, ...]
    winner: Seat | None


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A hand played out: the tricks in play, and each side's tricks with the kitty counted."""

    contract: Contract
    tricks: tuple[Trick, ...]

    @property
    def declarer_tricks(self) -> int:
        """The declaring side's tricks, the kitty (their first trick) included: 1–13."""
        won = sum(
            trick.winner is not None and side_of(trick.winner) == self.contract.side
            for trick in self.tricks
        )
        return 1 + won

    @property
    def defender_tricks(self) -> int:
        return sum(trick.winner is not None for trick in self.tricks) + 1 - self.declarer_tricks


def play_hand(
    hands: Mapping[Seat, Iterable[PackCard]], contract: Contract, plays: Sequence[PackCard]
) -> PlayedHand:
    """Replay a hand card by card from the declarer's lead, checking every card.

    ``hands`` are the 12-card hands after the exchange. A card from the wrong hand raises
    :class:`PlayError`; failing to follow suit while able raises :class:`RevokeError`.
    """
    remaining = {seat: set(hand) for seat, hand in check_hands(hands, most=HAND_SIZE).items()}
    size = len(remaining["N"])
    if len(plays) > 4 * size:
        raise PlayError(f"{len(plays)} cards were played but only {4 * size} were dealt")
    trumps, ranking = contract.trumps, contract.ranking
    seat = contract.declarer
    tricks: list[Trick] = []
    for start in range(0, len(plays), 4):
        number = start // 4 + 2
        cards = tuple(plays[start : start + 4])
        leader = seat
        for position, card in enumerate(cards):
            hand = remaining[seat]
            if card not in hand:
                raise PlayError(f"Trick {number}: {seat} played {card} but does not hold it")
            if card not in legal_plays(hand, cards[:position], trumps):
                raise RevokeError(f"Trick {number}: {seat} played {card} but could follow suit")
            hand.discard(card)
            seat = next_seat(seat)
        winner = None
        if len(cards) == 4:
            winner = SEATS[(SEATS.index(leader) + trick_winner(cards, trumps, ranking)) % 4]
            seat = winner
        tricks.append(Trick(number, leader, cards, winner))
    return PlayedHand(contract, tuple(tricks))
