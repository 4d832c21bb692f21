"""A deal as the pages and sheets show it (its number, its trumps, who deals), in the
reader's language (``drives.seats``)."""

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy, gettext_noop

from drives.seats import SEAT_LETTERS, trumps_symbol
from scoring.cards import Seat, Suit, suit_name

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

#: The trumps as ``scoring`` names them, for ``makemessages``: the round page shows them
#: with ``{% translate deal.name %}``.
SUIT_NAMES = (
    gettext_noop("hearts"),
    gettext_noop("diamonds"),
    gettext_noop("spades"),
    gettext_noop("clubs"),
    gettext_noop("no trumps"),
    gettext_noop("turned up"),
    gettext_noop("bid"),
)


#: A deal's honours by N–S's count (4: N–S hold all four … 0: E–W do), as the forms offer
#: them and the pages say them; none recorded is ``NO_HONOURS``.
HONOURS_WORDS = {
    4: gettext_lazy("N–S hold all four"),
    3: gettext_lazy("N–S hold three"),
    2: gettext_lazy("two each"),
    1: gettext_lazy("E–W hold three"),
    0: gettext_lazy("E–W hold all four"),
}
NO_HONOURS = gettext_lazy("no honours")

#: What the pages call a deal at a table, as a title and in a sentence.
DEAL_TITLE = gettext_lazy("Deal %(number)s")
DEAL_WORD = gettext_lazy("deal %(number)s")
BOARD_TITLE = gettext_lazy("Board %(number)s")
BOARD_WORD = gettext_lazy("board %(number)s")


def honours_text(ns_honours: int | None) -> "StrOrPromise":
    return NO_HONOURS if ns_honours is None else HONOURS_WORDS[ns_honours]


@dataclass(frozen=True)
class DealInfo:
    """A deal's number, its trumps (unless each table reports them) and who deals it.

    ``at_table`` says the trumps are not fixed in advance: turned up at each table, or
    named by the declarers when they win the bid (``bid``).
    """

    number: int
    trumps: Suit | None
    dealer: Seat = "N"
    at_table: bool = False
    bid: bool = False

    @property
    def dealer_letter(self) -> "StrOrPromise":
        return SEAT_LETTERS[self.dealer]

    @property
    def symbol(self) -> str:
        return "?" if self.at_table else trumps_symbol(self.trumps)

    @property
    def name(self) -> str:
        if self.at_table:
            return "bid" if self.bid else "turned up"
        return suit_name(self.trumps)

    @property
    def css(self) -> str:
        if self.at_table:
            return "suit-table"
        return f"suit-{self.trumps.value}" if self.trumps else "suit-NT"


@dataclass(frozen=True)
class DealName:
    """What the pages and sheets call a deal at a table: the drive's deal number, or the
    number of the board the table holds for it (``board``), which players find on the
    board itself. ``number`` is None where there is none to name (a pair sitting out holds
    no board)."""

    number: int | None
    board: bool = False

    @property
    def shown(self) -> str:
        """The number alone, for a column headed "Deal" or "Board"; blank for none."""
        return "" if self.number is None else str(self.number)

    @property
    def title(self) -> str:
        """The name as a title: "Deal 3", "Board 7"."""
        return self._words(BOARD_TITLE if self.board else DEAL_TITLE)

    @property
    def word(self) -> str:
        """The name within a line: "deal 3", "board 7"."""
        return self._words(BOARD_WORD if self.board else DEAL_WORD)

    def __str__(self) -> str:
        """The name within a line, for a label formatted only when it is shown."""
        return self.word

    @staticmethod
    def listed(names: "list[DealName]") -> str:
        """Several deals of a table in a few words: "deal 1, 2", "board 5, 6"."""
        numbers = ", ".join(name.shown for name in names)
        return (BOARD_WORD if names and names[0].board else DEAL_WORD) % {"number": numbers}

    def _words(self, text: "StrOrPromise") -> str:
        return "" if self.number is None else text % {"number": self.number}
