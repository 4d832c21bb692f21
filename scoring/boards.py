"""Boards: pre-dealt deals that travel from table to table (compass whist).

A board is one deal, made up once and played at several tables, each table putting
the hands back in the board's pockets for the next. It carries its number, its
dealer and its trumps, so every table plays exactly the same deal.

* **Dealer** by board number, as on duplicate boards (Laws of Duplicate Bridge 2017,
  Law 2): North deals board 1 and every fourth board after it, East boards 2, 6, 10…,
  South 3, 7, 11…, West 4, 8, 12… (:func:`board_dealer`). Whist has no vulnerability,
  so a board carries none (its PBN record says ``[Vulnerable "None"]``).
* **Trumps**, by the drive's :class:`~scoring.cards.Rotation`:

  - ``HDSC`` or ``HDSC_NT``: board n takes the trumps of deal n in the club's rotation
    (:func:`~scoring.cards.trumps_for_deal`): hearts on board 1, diamonds on 2…;
  - ``TURNED``: the suit of the last card dealt, which is the dealer's
    (:func:`~scoring.cards.turned_up_trumps`). A board dealt by the site knows it from
    its seed; a board read from a PBN file has lost the order dealt and takes the
    file's ``[Trumps]``; a board dealt at the first table takes the suit that table
    reports.

* **Cards**, three ways: dealt by the site from a recorded seed (:func:`deal_boards`:
  the drive's seed and the board number give the board's own seed, so the boards are
  the same whenever they are dealt again); read from a PBN file
  (:func:`scoring.pbn_boards.parse_boards`); or dealt at the first table to play the
  board and kept in it (:func:`kept_board`: the site never learns the cards).

>>> from scoring.cards import suit_symbol
>>> board = deal_board(5, seed=1234, rotation="hdsc_nt")
>>> board.dealer, suit_symbol(board.trumps), [len(board.hand(s)) for s in "NESW"]
('N', 'NT', [13, 13, 13, 13])
>>> deal_boards(3, seed=1234, rotation="turned")[2] == deal_board(3, 1234, "turned")
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scoring.cards import (
    SEATS,
    Card,
    Rotation,
    Seat,
    Suit,
    check_hands,
    deal,
    dealer_for_deal,
    trumps_for_deal,
    turned_up_trumps,
)
from scoring.errors import CardError, ScoringError
from scoring.results import honours_held

#: Four hands in seat order N, E, S, W.
Hands = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


@dataclass(frozen=True, slots=True)
class Board:
    """One board. ``hands`` are N, E, S, W, each sorted as a hand record shows it
    (spades, hearts, diamonds, clubs, high cards first), or ``None`` for a board dealt
    at the tables and never recorded. ``seed`` is set when the site dealt it."""

    number: int
    dealer: Seat
    trumps: Suit | None
    hands: Hands | None = None
    seed: int | None = None

    def __post_init__(self) -> None:
        _check_number(self.number)
        if self.hands is not None:
            if len(self.hands) != len(SEATS):
                raise CardError(f"Board {self.number}: a deal needs exactly four hands")
            checked = check_hands(dict(zip(SEATS, self.hands, strict=True)))
            if {len(hand) for hand in checked.values()} != {13}:
                raise CardError(f"Board {self.number}: every hand holds 13 cards")
            object.__setattr__(self, "hands", _sorted_hands(checked))

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The hand at ``seat``; a board dealt at the tables has none recorded."""
        if self.hands is None:
            raise ScoringError(f"Board {self.number} was dealt at the tables: no cards recorded")
        return self.hands[SEATS.index(seat)]

    @property
    def honours(self) -> tuple[int, int] | None:
        """How many of A K Q J of trumps N–S and E–W hold; ``None`` when the cards are unknown.

        The same at every table that plays the board, which is why honours cancel out
        in compass scoring (:mod:`scoring.compass`); a table's reported honours can be
        checked against them.
        """
        if self.hands is None:
            return None
        return honours_held(dict(zip(SEATS, self.hands, strict=True)), self.trumps)


def board_dealer(number: int) -> Seat:
    """Who deals board ``number``: N, E, S, W in turn from board 1 (Law 2).

    >>> [board_dealer(n) for n in (1, 2, 3, 4, 5, 16)]
    ['N', 'E', 'S', 'W', 'N', 'W']
    """
    return dealer_for_deal(number, "N")


def board_seed(seed: int, number: int) -> int:
    """Board ``number``'s own seed, from the drive's recorded ``seed``.

    A hash rather than ``seed + number``: two drives' seeds close together must not
    share boards. SHA-256 is the same on every machine and Python version.

    >>> board_seed(7, 1) == board_seed(7, 1) != board_seed(7, 2)
    True
    """
    _check_number(number)
    digest = hashlib.sha256(f"whist board {number} of {seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def deal_board(number: int, seed: int, rotation: Rotation | str) -> Board:
    """Board ``number`` dealt by the site from the drive's ``seed``.

    Its trumps follow ``rotation``; with ``TURNED`` they are the suit of the dealer's
    last card, as dealt one at a time from the dealer's left (:func:`scoring.cards.deal`).
    """
    dealer = board_dealer(number)
    own_seed = board_seed(seed, number)
    dealt = deal(own_seed, dealer)
    if Rotation(rotation) is Rotation.TURNED:
        trumps: Suit | None = turned_up_trumps(dealt, dealer)
    else:
        trumps = trumps_for_deal(number, rotation)
    return Board(number, dealer, trumps, _sorted_hands(dealt), own_seed)


def deal_boards(count: int, seed: int, rotation: Rotation | str) -> tuple[Board, ...]:
    """Boards 1 to ``count`` dealt from the drive's ``seed`` (:func:`deal_board`)."""
    if count < 1:
        raise ScoringError(f"A drive on boards has at least one board, not {count}")
    return tuple(deal_board(number, seed, rotation) for number in range(1, count + 1))


def kept_board(number: int, rotation: Rotation | str, *, turned_up: Suit | None = None) -> Board:
    """Board ``number`` dealt by the first table to play it and kept: no cards recorded.

    With ``TURNED`` the suit that table turned up (``turned_up``) is the board's trumps
    for every later table; otherwise the rotation gives them and ``turned_up`` is refused.

    >>> kept_board(4, "hdsc").trumps, kept_board(4, "turned", turned_up=Suit.SPADES).trumps
    (<Suit.CLUBS: 'C'>, <Suit.SPADES: 'S'>)
    """
    if Rotation(rotation) is Rotation.TURNED:
        if turned_up is None:
            raise ScoringError(f"Board {number}: say which suit the first table turned up")
        return Board(number, board_dealer(number), turned_up)
    if turned_up is not None:
        raise ScoringError(f"Board {number}: the rotation names its trumps, none are turned up")
    return Board(number, board_dealer(number), trumps_for_deal(number, rotation))


def _sorted_hands(hands: Mapping[Seat, Iterable[Card]]) -> Hands:
    def order(card: Card) -> tuple[int, int]:
        return _DISPLAY_SUITS.index(card.suit), -card.rank

    north, east, south, west = (tuple(sorted(hands[seat], key=order)) for seat in SEATS)
    return north, east, south, west


_DISPLAY_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def _check_number(number: int) -> None:
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ScoringError(f"Boards are numbered from 1, not {number!r}")
