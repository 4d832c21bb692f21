"""Seats, sides and no-trump contracts as each language writes them: the one place the
pages, the phones and the printed sheets take them from.

French writes the seats N, E, S, O (Ouest) and the sides N–S, E–O; no trumps is "SA" (sans
atout), a contract "4 SA". Hungarian writes É, K, D, Ny and É–D, K–Ny, the initials of Észak,
Kelet, Dél, Nyugat, as Hungarian bridge and whist clubs print them on their score sheets;
no trumps is "SZA" (szan adu), a contract "4SZA", written close as Hungarian bridge writes
it (and narrow enough for the scorecard's bid column).

The lowest of the shared modules: the models name their sides with it.
"""

from typing import TYPE_CHECKING

from django.utils.translation import pgettext_lazy

from scoring.cards import Suit

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

SEAT_LETTERS = {
    "N": pgettext_lazy("seat letter", "N"),
    "E": pgettext_lazy("seat letter", "E"),
    "S": pgettext_lazy("seat letter", "S"),
    "W": pgettext_lazy("seat letter", "W"),
}
SIDES = {"NS": pgettext_lazy("side", "N–S"), "EW": pgettext_lazy("side", "E–W")}
#: A no-trump deal's trumps, and a bid of no trumps with its level.
NO_TRUMPS = pgettext_lazy("trumps", "NT")
NO_TRUMP_CONTRACT = pgettext_lazy("contract", "%(level)sNT")


def seat_letter(seat: str) -> "StrOrPromise":
    """ "N" … "W" in the reader's language; "" for no seat."""
    return SEAT_LETTERS[seat] if seat else ""


def side_name(side: str) -> "StrOrPromise":
    """ "NS" or "EW" in the reader's language; "" for no side."""
    return SIDES[side] if side else ""


def no_trump_contract(level: int | None) -> str:
    """ "4NT", "4 SA", "4 SZA"."""
    return str(NO_TRUMP_CONTRACT) % {"level": level}


def trumps_symbol(suit: Suit | None) -> str:
    """ "♥", "♦", "♠", "♣", or no trumps as the reader's language writes it ("NT", "SA")."""
    return str(NO_TRUMPS) if suit is None else suit.symbol
