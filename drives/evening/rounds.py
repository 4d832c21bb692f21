"""What the round page shows: tables, sit-outs, trumps, stored results and the moves."""

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from drives import games
from drives.evening.seating import progressive_rule
from drives.games.deals import DealInfo
from drives.models import Drive, Entry, Seating, TableResult
from drives.names import PublicNames
from drives.reports.scores import seat_map
from drives.seats import SEAT_LETTERS
from scoring.standings import sits_out

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass
class RoundTable:
    """A table in a round: who sits where, and the results it has stored."""

    number: int
    seats: dict[str, Entry]
    results: dict[int, TableResult] = field(default_factory=dict)

    def seat_list(self):
        """(seat letter in the reader's language, entry) from North clockwise."""
        return [(SEAT_LETTERS[seat], self.seats.get(seat)) for seat in SEAT_LETTERS]

    def dealer_name(self, result: TableResult | None, dealer: str, names: PublicNames) -> str:
        """ "S (Ada Ashworth)": who deals, as recorded or else by the rotation."""
        seat = result.dealer if result is not None and result.dealer else dealer
        entry = self.seats.get(seat)
        letter = SEAT_LETTERS[seat]
        return f"{letter} ({names.entry(entry)})" if entry else str(letter)

    def winner(self, drive: Drive) -> str | None:
        """ "NS" or "EW" once every deal of the round has its result, else None: the side
        the drive's game says won the round."""
        if len(self.results) < drive.deals_per_round:
            return None
        return games.of(drive).round_winner(self.results.values())


@dataclass(frozen=True)
class Move:
    entry: Entry
    table: int | None  # None: sits out next round
    seat: str | None

    @property
    def seat_letter(self) -> "StrOrPromise":
        return SEAT_LETTERS[self.seat] if self.seat else ""


@dataclass(frozen=True)
class RoundState:
    """A round as its page shows it: the deals, the tables and who sits out, the results
    stored, where everyone goes next once it is seated."""

    number: int
    deals: list[DealInfo]
    tables: list[RoundTable]
    sitting_out: list[Entry]
    stored: dict[tuple[int, int], TableResult]
    moves: list[Move]
    tables_next_round: int  # from who plays next; differs after arrivals or withdrawals
    complete: bool


def round_state(drive: Drive, round_number: int) -> RoundState:
    """Three queries: the entries, this round's and the next round's seats, the results."""
    entries = list(Entry.objects.filter(drive=drive).select_related("player"))
    seatings = list(Seating.objects.filter(drive=drive, round__in=[round_number, round_number + 1]))
    by_pk = {entry.pk: entry for entry in entries}
    for seating in seatings:
        seating.entry = by_pk[seating.entry_id]
    seats_at = seat_map(seatings)
    results = TableResult.objects.filter(drive=drive, round=round_number)
    stored = {(result.table, result.deal): result for result in results}
    tables = [
        RoundTable(table, seats)
        for (r, table), seats in sorted(seats_at.items())
        if r == round_number
    ]
    for table in tables:
        table.results = {deal: res for (at, deal), res in stored.items() if at == table.number}
    seated = {entry.pk for table in tables for entry in table.seats.values()}
    sitting_out = [e for e in entries if sits_out(e, round_number, seated=e.pk in seated)]
    return RoundState(
        number=round_number,
        deals=games.of(drive).deals(round_number),
        tables=tables,
        sitting_out=sitting_out,
        stored=stored,
        moves=_moves(seats_at, entries, round_number),
        tables_next_round=sum(entry.plays_in(round_number + 1) for entry in entries) // 4,
        complete=len(stored) == drive.results_needed(len(tables)),
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


def seated_from_old_result(drive: Drive, round_number: int, table: int) -> str | None:
    """What to tell the organiser when a correction to ``round_number`` comes after a
    progressive drive seated its later rounds from the old result, which stand as played."""
    if drive.is_static or round_number >= drive.current_round:
        return None
    return _(
        "Table %(table)d corrected. Later rounds were seated from the old result; "
        "they stay as played."
    ) % {"table": table}
