"""Simple computer players, fast enough to simulate whole drives.

Every player makes only legal plays and follows fixed rules:

* leading: the highest card of the longest suit (the first such suit in the order ♥ ♦ ♠ ♣);
* following suit: the lowest card that would win the trick so far, else the lowest card;
* unable to follow: the lowest trump that would win, else a discard of the lowest card
  outside trumps (the lowest trump only when nothing else is left).

They pay no attention to their partner. Play is uptown (the usual order, ace high).

Played so, the same cards always take the same tricks: at compass whist, where every
table plays a board's same hands, every table would score alike. Given a ``slips`` seed,
:func:`simulate_hands` lets the players slip now and then, as people do: each card is,
one time in :data:`SLIP_ODDS`, a legal card drawn at random instead of the rules' (the
seed says which, so the same seed plays the same way again).

Hands are bit masks: one 13-bit int per seat and suit, bit 0 the two and bit 12 the ace,
so that "the lowest card above the winning one" is a mask and a table look-up, which is
what lets pure Python play several thousand deals a second.

>>> result = simulate_deal(1, Suit.HEARTS)
>>> result.ns_tricks + result.ew_tricks, len(result.plays)
(13, 52)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scoring.cards import (
    DECK,
    SEATS,
    SUITS,
    Card,
    Seat,
    Suit,
    check_hands,
    check_seat,
    first_leader,
    shuffled_indices,
)

_FULL = (1 << 13) - 1
_LOWEST = [0] + [(m & -m).bit_length() - 1 for m in range(1, _FULL + 1)]
_HIGHEST = [0] + [m.bit_length() - 1 for m in range(1, _FULL + 1)]
_COUNT = [m.bit_count() for m in range(_FULL + 1)]
_ABOVE = [_FULL & ~((2 << r) - 1) for r in range(13)]  # ranks strictly above bit r
_BIT = [1 << r for r in range(13)]

#: One card in so many is a slip when the players may slip: a few a deal, enough to
#: spread a board's tricks over the tables by a trick or two.
SLIP_ODDS = 10


@dataclass(frozen=True, slots=True)
class SimulatedDeal:
    """A deal played out by the computer: tricks per side, each trick's winner, every card."""

    ns_tricks: int
    ew_tricks: int
    winners: tuple[Seat, ...]
    plays: tuple[Card, ...]


def simulate_deal(seed: int, trumps: Suit | None, *, dealer: Seat = "S") -> SimulatedDeal:
    """Deal the cards for ``seed`` from the ``dealer``'s left (as :func:`scoring.cards.deal`
    does) and play them out.

    The player on the ``dealer``'s left leads to the first trick.
    """
    left = SEATS.index(first_leader(dealer))
    masks = [0] * 16
    for position, index in enumerate(shuffled_indices(seed)):
        suit, rank = divmod(index, 13)
        masks[((left + position) & 3) * 4 + suit] |= _BIT[rank]
    return _play_out(masks, 13, left, trumps)


def simulate_hands(
    hands: Mapping[str, Iterable[Card]],
    trumps: Suit | None,
    leader: Seat,
    *,
    slips: int | None = None,
) -> SimulatedDeal:
    """Play out the given hands (four of the same size) by the same rules from ``leader``'s lead.

    Hands part-way through a deal have a leader but no longer a dealer, hence ``leader`` here.
    With ``slips`` (a seed) the players slip now and then (see the module's notes).
    """
    checked = check_hands(hands)
    masks = [0] * 16
    for seat_index, seat in enumerate(SEATS):
        for card in checked[seat]:
            suit, rank = divmod(card.index, 13)
            masks[seat_index * 4 + suit] |= _BIT[rank]
    rng = None if slips is None else random.Random(slips)
    return _play_out(masks, len(checked["N"]), SEATS.index(check_seat(leader)), trumps, rng)


def _play_out(  # noqa: C901 (one function on purpose: see below)
    masks: list[int],
    tricks: int,
    leader: int,
    trumps: Suit | None,
    rng: random.Random | None = None,
) -> SimulatedDeal:
    # One long function on purpose: calls cost more than the work in each play
    # (bench/simulate.py counts the deals a second).
    trump = -1 if trumps is None else SUITS.index(trumps)
    winners: list[int] = []
    plays: list[int] = []
    for _ in range(tricks):
        # Lead the highest card of the longest suit.
        base = leader * 4
        if rng is not None and rng.randrange(SLIP_ODDS) == 0:
            led, rank = _slip(masks, base, -1, rng)
        else:
            led, longest = 0, -1
            for suit in range(4):
                count = _COUNT[masks[base + suit]]
                if count > longest:
                    led, longest = suit, count
            rank = _HIGHEST[masks[base + led]]
        masks[base + led] ^= _BIT[rank]
        plays.append(led * 13 + rank)
        best_suit, best_rank, winner = led, rank, leader
        for step in (1, 2, 3):
            seat = (leader + step) & 3
            base = seat * 4
            held = masks[base + led]
            if rng is not None and rng.randrange(SLIP_ODDS) == 0:
                suit, rank = _slip(masks, base, led, rng)
            elif held:
                suit = led
                beating = held & _ABOVE[best_rank] if best_suit == led else 0
                rank = _LOWEST[beating or held]
            else:
                ruffs = masks[base + trump] if trump >= 0 else 0
                if ruffs and best_suit == trump:
                    ruffs &= _ABOVE[best_rank]
                if ruffs:
                    suit, rank = trump, _LOWEST[ruffs]
                else:
                    suit, rank = -1, 13
                    for other in range(4):
                        mask = masks[base + other]
                        if mask and other != trump and _LOWEST[mask] < rank:
                            suit, rank = other, _LOWEST[mask]
                    if suit < 0:  # nothing but trumps, none of them winning
                        suit, rank = trump, _LOWEST[masks[base + trump]]
            masks[base + suit] ^= _BIT[rank]
            plays.append(suit * 13 + rank)
            if (suit == best_suit and rank > best_rank) or (suit == trump != best_suit):
                best_suit, best_rank, winner = suit, rank, seat
        winners.append(winner)
        leader = winner
    ns_tricks = sum(1 for seat in winners if not seat & 1)
    return SimulatedDeal(
        ns_tricks=ns_tricks,
        ew_tricks=tricks - ns_tricks,
        winners=tuple(SEATS[seat] for seat in winners),
        plays=tuple(DECK[index] for index in plays),
    )


def _slip(masks: list[int], base: int, led: int, rng: random.Random) -> tuple[int, int]:
    """A legal card at random (suit, rank) from the hand at ``base``: of the suit ``led``
    if it holds one (``led`` is −1 for a lead), else any."""
    suits = [led] if led >= 0 and masks[base + led] else [s for s in range(4) if masks[base + s]]
    return rng.choice([(s, r) for s in suits for r in range(13) if masks[base + s] & _BIT[r]])
