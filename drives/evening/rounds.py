"""What the round page shows: tables, sit-outs, trumps, stored results and the moves."""

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, pgettext_lazy

from drives.bidwhist import records
from drives.evening.seating import progressive_rule
from drives.models import Drive, Entry, Seating, TableResult
from drives.names import PublicNames
from drives.reports.scores import seat_map
from scoring.cards import Seat, Suit, dealer_for_deal, suit_name, suit_symbol, trumps_for_deal
from scoring.movements import winner_on_tricks
from scoring.standings import sits_out

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

#: Seat letters as the reader's language writes them: French N, E, S, O; Hungarian É, K, D, Ny.
SEAT_LETTERS = {
    "N": pgettext_lazy("seat letter", "N"),
    "E": pgettext_lazy("seat letter", "E"),
    "S": pgettext_lazy("seat letter", "S"),
    "W": pgettext_lazy("seat letter", "W"),
}


@dataclass(frozen=True)
class DealInfo:
    """A deal's number, its trumps (unless each table reports them) and who deals it.

    ``at_table`` says the trumps are not fixed in advance: turned up at each table, or
    named by the declarer in bid whist (``bid``).
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
        return "?" if self.at_table else suit_symbol(self.trumps)

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


@dataclass
class TableSheet:
    number: int
    seats: dict[str, Entry]
    results: dict[int, TableResult] = field(default_factory=dict)

    def seat_list(self):
        """(seat letter in the reader's language, entry) from North clockwise."""
        return [(SEAT_LETTERS[seat], self.seats.get(seat)) for seat in SEAT_LETTERS]

    def tied_on_tricks(self, deals: int) -> tuple[int, int] | None:
        """(N–S, E–W) tricks when a complete round is level on tricks, else None."""
        if len(self.results) < deals:
            return None
        ns_tricks = sum(result.ns_tricks for result in self.results.values())
        ew_tricks = 13 * deals - ns_tricks
        return (ns_tricks, ew_tricks) if ns_tricks == ew_tricks else None

    def dealer_name(self, result: TableResult | None, dealer: str, names: PublicNames) -> str:
        """ "S (Ada Ashworth)": who deals, as recorded or else by the rotation."""
        seat = result.dealer if result is not None and result.dealer else dealer
        entry = self.seats.get(seat)
        letter = SEAT_LETTERS[seat]
        return f"{letter} ({names.entry(entry)})" if entry else str(letter)

    def winner(self, drive: Drive) -> str | None:
        """ "NS" or "EW" once every deal of the round has its tricks, else None: by tricks,
        or at bid whist by points."""
        if len(self.results) < drive.deals_per_round:
            return None
        if drive.is_bid_whist:
            return records.table_winner(drive, self.results.values())
        deals = drive.deals_per_round
        ns_tricks = sum(result.ns_tricks for result in self.results.values())
        last_deal = self.results[max(self.results)].ns_tricks
        return winner_on_tricks(ns_tricks, 13 * deals, last_deal)


@dataclass(frozen=True)
class Move:
    entry: Entry
    table: int | None  # None: sits out next round
    seat: str | None

    @property
    def seat_letter(self) -> "StrOrPromise":
        return SEAT_LETTERS[self.seat] if self.seat else ""


@dataclass(frozen=True)
class RoundSheet:
    number: int
    deals: list[DealInfo]
    tables: list[TableSheet]
    sitting_out: list[Entry]
    stored: dict[tuple[int, int], TableResult]
    moves: list[Move]
    tables_next_round: int  # from who plays next; differs after arrivals or withdrawals
    complete: bool


def deal_infos(drive: Drive, round_number: int) -> list[DealInfo]:
    """The deals of a round; the deal passes to the left each hand at every table."""
    if drive.trumps_at_table:
        return [
            DealInfo(number, None, dealer_for_deal(number), at_table=True, bid=drive.is_bid_whist)
            for number in drive.deals_of_round(round_number)
        ]
    return [
        DealInfo(number, trumps_for_deal(number, drive.rotation), dealer_for_deal(number))
        for number in drive.deals_of_round(round_number)
    ]


def honours_deals(drive: Drive, deals: list[DealInfo]) -> list[int]:
    """The deals on which the drive scores honours: never at no trumps nor in bid whist.

    Trumps turned up are known only at the table, and always a suit: every such deal asks.
    """
    if not drive.honours or drive.is_bid_whist:
        return []
    return [deal.number for deal in deals if deal.trumps is not None or deal.at_table]


def round_sheet(drive: Drive, round_number: int) -> RoundSheet:
    """Three queries: the entries, this round's and the next round's seats, the results."""
    entries = list(Entry.objects.filter(drive=drive).select_related("player"))
    seatings = list(Seating.objects.filter(drive=drive, round__in=[round_number, round_number + 1]))
    by_pk = {entry.pk: entry for entry in entries}
    for seating in seatings:
        seating.entry = by_pk[seating.entry_id]
    seats_at = seat_map(seatings)
    results = TableResult.objects.filter(drive=drive, round=round_number)
    stored = {(result.table, result.deal): result for result in results}
    sheets = [
        TableSheet(table, seats)
        for (r, table), seats in sorted(seats_at.items())
        if r == round_number
    ]
    for sheet in sheets:
        sheet.results = {
            deal: res for (table, deal), res in stored.items() if table == sheet.number
        }
    seated = {entry.pk for sheet in sheets for entry in sheet.seats.values()}
    sitting_out = [e for e in entries if sits_out(e, round_number, seated=e.pk in seated)]
    return RoundSheet(
        number=round_number,
        deals=deal_infos(drive, round_number),
        tables=sheets,
        sitting_out=sitting_out,
        stored=stored,
        moves=_moves(seats_at, entries, round_number),
        tables_next_round=sum(entry.plays_in(round_number + 1) for entry in entries) // 4,
        complete=len(stored) == drive.results_needed(len(sheets)),
    )


def _moves(seats_at, entries, round_number) -> list[Move]:
    """Where each player goes next, once the next round is seated."""
    following = {
        entry.pk: (table, seat)
        for (r, table), seats in seats_at.items()
        if r == round_number + 1
        for seat, entry in seats.items()
    }
    if not following:
        return []
    return [
        Move(entry, *following.get(entry.pk, (None, None)))
        for entry in entries
        if entry.plays_in(round_number + 1)
    ]


def moving_rule(drive: Drive, *, short: bool = False) -> str:
    """The progressive rule in words, from the rule the movement applies; empty when static.

    ``short`` is the one line a scorecard has room for.
    """
    if drive.is_static:
        return ""
    rule = progressive_rule(drive)
    losers_move = rule.movers == "losers"
    words = {
        "movers": _("losing") if losers_move else _("winning"),
        "stayers": _("winning") if losers_move else _("losing"),
        "lady": _("up a table") if rule.ladies == "up" else _("down a table"),
        "gent": _("up a table") if rule.gents == "up" else _("down a table"),
    }
    if short:
        if rule.keep_winning_pair:
            return _("Winners stay together; losing lady moves %(lady)s, gent %(gent)s.") % words
        text = _("%(movers)s lady moves %(lady)s, gent %(gent)s; %(stayers)s gent changes seat.")
        return capfirst(text % words)
    words |= {
        "lady": words["lady"] + " " + _WRAP[rule.ladies],
        "gent": words["gent"] + " " + _WRAP[rule.gents],
    }
    if rule.keep_winning_pair:
        text = _(
            "After each round the winning pair stays together at the table; the losers "
            "split: the lady moves %(lady)s, the gent moves %(gent)s."
        )
    else:
        text = _(
            "After each round the %(movers)s lady moves %(lady)s and the %(movers)s gent "
            "moves %(gent)s. The %(stayers)s lady keeps her seat and her partner changes seat "
            "to play against her, so every partnership changes."
        )
    return text % words


_WRAP = {"up": gettext_lazy("(last to 1)"), "down": gettext_lazy("(1 to last)")}


def moves_from(drive: Drive, table: int, tables: int) -> str:
    """ "Losing lady: go to table 2. Losing gent: go to table 4." for a progressive movement."""
    if drive.is_static:
        return ""
    rule = progressive_rule(drive)
    step = {"up": 1, "down": -1}
    words = {
        "movers": _("Losing") if rule.movers == "losers" else _("Winning"),
        "lady": (table - 1 + step[rule.ladies]) % tables + 1,
        "gent": (table - 1 + step[rule.gents]) % tables + 1,
    }
    text = _("%(movers)s lady: go to table %(lady)d. %(movers)s gent: go to table %(gent)d.")
    return text % words
