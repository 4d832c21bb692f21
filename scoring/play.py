"""Playing cards to tricks: legal plays, the winner of a trick, and replaying a whole deal.

>>> from scoring.cards import Suit, parse_hand
>>> trick = parse_hand("QH AH 2S 3H".split())
>>> trick_winner(trick, Suit.SPADES)  # the only trump wins
2
>>> trick_winner(trick, None)  # no-trumps: the highest heart
1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from scoring.cards import (
    SEATS,
    Card,
    Rank,
    Seat,
    Suit,
    check_hands,
    check_seat,
    next_seat,
    side_of,
)
from scoring.errors import PlayError, RevokeError


class Ranking(StrEnum):
    """Which cards beat which within a suit.

    Downtown (bid whist) turns the order over but keeps the ace on top: A, 2, 3 … K.
    """

    UPTOWN = "uptown"
    DOWNTOWN = "downtown"


def card_strength(card: Card, ranking: Ranking = Ranking.UPTOWN) -> int:
    """A number that is higher for the card that beats the other within a suit (2–14)."""
    if ranking is Ranking.UPTOWN or card.rank is Rank.ACE:
        return card.rank
    return 15 - card.rank


def legal_plays(hand: Iterable[Card], trick_so_far: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to the trick: follow suit if able, else any.

    >>> from scoring.cards import parse_hand
    >>> [str(c) for c in legal_plays(parse_hand(["2H", "KS", "4H"]), parse_hand(["AH"]))]
    ['2H', '4H']
    """
    cards = tuple(hand)
    if not trick_so_far:
        return cards
    led = trick_so_far[0].suit
    following = tuple(card for card in cards if card.suit is led)
    return following or cards


def trick_winner(
    cards_in_play_order: Sequence[Card],
    trumps: Suit | None,
    ranking: Ranking = Ranking.UPTOWN,
) -> int:
    """The position (0 for the card led) of the card that wins the trick.

    The highest trump wins; with no trump in the trick, the highest card of the suit led.
    A trick that is not yet complete gives the card winning it so far.
    """
    if not cards_in_play_order:
        raise PlayError("An empty trick has no winner")
    led = cards_in_play_order[0].suit

    def beats(card: Card) -> tuple[bool, bool, int]:
        return (card.suit is trumps, card.suit is led, card_strength(card, ranking))

    return max(range(len(cards_in_play_order)), key=lambda i: beats(cards_in_play_order[i]))


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick: who led, the cards in play order, and who won (``None`` if unfinished)."""

    number: int
    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seat that played each card, in play order."""
        start = SEATS.index(self.leader)
        return tuple(SEATS[(start + n) % 4] for n in range(len(self.cards)))


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """The outcome of replaying a deal. Only finished tricks count for either side."""

    tricks: tuple[Trick, ...]

    @property
    def winners(self) -> tuple[Seat, ...]:
        return tuple(trick.winner for trick in self.tricks if trick.winner is not None)

    @property
    def ns_tricks(self) -> int:
        return sum(side_of(seat) == "NS" for seat in self.winners)

    @property
    def ew_tricks(self) -> int:
        return len(self.winners) - self.ns_tricks


def play_deal(
    hands: Mapping[Seat, Iterable[Card]],
    leader: Seat,
    trumps: Suit | None,
    plays: Sequence[Card],
    ranking: Ranking = Ranking.UPTOWN,
) -> PlayedDeal:
    """Replay a deal card by card, checking every card, and count the tricks.

    ``plays`` lists the cards in the order they were played; a deal cut short (a claim)
    lists fewer. A card from the wrong hand raises :class:`PlayError`; failing to follow
    suit while able raises :class:`RevokeError`.

    >>> from scoring.cards import deal
    >>> hands = deal(1, "S")  # West, on the dealer's left, leads
    >>> first = hands["W"][0]
    >>> play_deal(hands, "W", None, [first]).tricks[0].cards == (first,)
    True
    """
    remaining = {seat: set(hand) for seat, hand in check_hands(hands).items()}
    size = len(remaining["N"])
    if len(plays) > 4 * size:
        raise PlayError(f"{len(plays)} cards were played but only {4 * size} were dealt")
    seat = check_seat(leader)
    tricks: list[Trick] = []
    for start in range(0, len(plays), 4):
        number = start // 4 + 1
        cards = tuple(plays[start : start + 4])
        trick_leader = seat
        for position, card in enumerate(cards):
            _check_play(number, seat, card, remaining[seat], cards[:position])
            remaining[seat].discard(card)
            seat = next_seat(seat)
        winner = None
        if len(cards) == 4:
            winner = SEATS[(SEATS.index(trick_leader) + trick_winner(cards, trumps, ranking)) % 4]
            seat = winner
        tricks.append(Trick(number, trick_leader, cards, winner))
    return PlayedDeal(tuple(tricks))


def _check_play(
    number: int, seat: Seat, card: Card, hand: set[Card], earlier: Sequence[Card]
) -> None:
    if card not in hand:
        raise PlayError(f"Trick {number}: {seat} played {card} but does not hold it")
    if earlier and card.suit is not earlier[0].suit:
        led = earlier[0].suit
        if any(held.suit is led for held in hand):
            raise RevokeError(
                f"Trick {number}: {seat} played {card} but holds a {led.label[:-1]} "
                f"and {led.label} were led"
            )
