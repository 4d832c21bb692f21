"""What the scorecards and table cards show, and the layout they are printed in.

Plain values for the templates in ``templates/drives/pdf/``; the layout lives in
the templates and their CSS. A drive loads in three queries whatever its size
(entries, seatings, results) and everything else is arithmetic on those rows.

Before a drive starts nothing is seated, so the sheets show a preview: the whole
of a static movement (``drives.evening.seating``'s own ``_static_movement``, so for the
same entries the start seats the players exactly as printed), or round 1 of a
progressive one from ``scoring.movements.progressive_first``.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import NamedTuple

from django.utils.translation import gettext as _

from drives import games
from drives.errors import DriveError
from drives.evening import seating, stays
from drives.evening.rounds import moves_from
from drives.games.base import DriveGame
from drives.games.deals import DealInfo
from drives.models import (
    Drive,
    DriveStatus,
    Entry,
    Seating,
    TableLink,
    TableResult,
)
from drives.numbers import figure as points_text
from drives.reports.report import DriveReport, StandingRow, prize_money_row, report_from_rows
from drives.reports.scores import deal_scores, seat_map
from drives.seats import seat_letter
from scoring import standings as ranking
from scoring.cards import SEATS
from scoring.errors import MovementError
from scoring.movements import MIN_PLAYERS, Four

PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
OPPONENTS = {"N": ("E", "W"), "S": ("E", "W"), "E": ("N", "S"), "W": ("N", "S")}

#: Paper sizes in millimetres, portrait (width, height).
PAPER = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
#: Cards to a sheet: A5 two, A6 four, and the large-print edition one card an upright page
#: (at least 14 pt figures and names, for a drive or for the players who ask for it).
CARDS_PER_SHEET = {"a5": 2, "a6": 4, "large": 1}
LARGE = "large"

SeatMap = Mapping[tuple[int, int], Mapping[str, Entry]]


@dataclass(frozen=True)
class Layout:
    """How scorecards are imposed: A5 cards two to a sheet, A6 cards four to a sheet, or
    large-print cards one to a page.

    >>> Layout.from_query({"card": "a6", "paper": "letter"}).sheet
    (215.9, 279.4)
    """

    card: str = "a5"
    paper: str = "a4"
    cut_marks: bool = False

    @classmethod
    def from_query(cls, params: Mapping[str, str]) -> "Layout":
        """Read ``?card=a5|a6&paper=a4|letter&cut_marks=1``; anything unknown keeps the default."""
        card = params.get("card", "")
        paper = params.get("paper", "")
        return cls(
            card=card if card in CARDS_PER_SHEET else cls.card,
            paper=paper if paper in PAPER else cls.paper,
            cut_marks=params.get("cut_marks", "") in ("1", "on", "true", "yes"),
        )

    @property
    def per_sheet(self) -> int:
        return CARDS_PER_SHEET[self.card]

    @property
    def compact(self) -> bool:
        """A6 cards: abbreviated column headings."""
        return self.card == "a6"

    @property
    def large_print(self) -> bool:
        return self.card == LARGE

    def in_large_print(self) -> "Layout":
        """The same paper in the large-print edition."""
        return replace(self, card=LARGE, cut_marks=False)

    @property
    def sheet(self) -> tuple[float, float]:
        """(width, height) of one sheet in mm: landscape for two A5 cards side by side."""
        width, height = PAPER[self.paper]
        return (height, width) if self.card == "a5" else (width, height)

    @property
    def page_size(self) -> str:
        """The sheet as a CSS ``@page`` size."""
        return "{:g}mm {:g}mm".format(*self.sheet)

    @property
    def portrait(self) -> str:
        """The paper upright, for table cards and the results sheet."""
        return "{:g}mm {:g}mm".format(*PAPER[self.paper])

    @property
    def landscape(self) -> str:
        return "{:g}mm {:g}mm".format(*reversed(PAPER[self.paper]))

    def sheets(self, cards: list) -> list[list]:
        """The cards cut into sheets of ``per_sheet``."""
        return [cards[i : i + self.per_sheet] for i in range(0, len(cards), self.per_sheet)]


@dataclass(frozen=True)
class PrintedDrive:
    """A drive's rows, loaded once, for every sheet printed from it."""

    drive: Drive
    game: DriveGame
    entries: list[Entry]
    seats: SeatMap
    report: DriveReport
    points: Mapping[tuple[int, int], int]  # (entry pk, deal) → the player's points on it
    provisional: bool  # the seating is a preview: nothing is stored yet
    hands: Mapping[tuple[int, int], TableResult]  # (table, deal) → what the table recorded

    @property
    def places(self) -> dict[tuple[int, int], tuple[int, str]]:
        """(round, entry pk) → (table, seat)."""
        return {
            (round_number, entry.pk): (table, seat)
            for (round_number, table), seats in self.seats.items()
            for seat, entry in seats.items()
        }

    @property
    def seated_rounds(self) -> set[int]:
        return {round_number for round_number, _ in self.seats}

    @property
    def tables(self) -> list[int]:
        return sorted({table for _, table in self.seats})

    @property
    def stays_at(self) -> dict[int, int]:
        """Entry pk → the table a player who stays put keeps all evening."""
        return stays.kept_tables(
            (entry.pk, round_number, table)
            for (round_number, table), seats in self.seats.items()
            for entry in seats.values()
            if entry.stays
        )


def load(drive: Drive) -> PrintedDrive:
    """Three queries: the entries with their players, the seatings and the results; a
    fourth, for a finished drive, its consolation prize and draw."""
    entries = list(Entry.objects.filter(drive=drive).select_related("player"))
    seatings = list(Seating.objects.filter(drive=drive))
    results = list(TableResult.objects.filter(drive=drive))
    # Also joins seatings to entries.
    report = report_from_rows(drive, entries, seatings, results, money=prize_money_row(drive))
    seats: SeatMap = seat_map(seatings)
    provisional = False
    if not seatings and drive.status == DriveStatus.PLANNED:
        seats = preview(drive, entries)
        provisional = bool(seats)
    points = {(s.player, s.deal): s.points for s in deal_scores(drive, seat_map(seatings), results)}
    hands = {(result.table, result.deal): result for result in results}
    return PrintedDrive(drive, games.of(drive), entries, seats, report, points, provisional, hands)


def preview(drive: Drive, entries: list[Entry]) -> SeatMap:
    """The seating the start would store, without storing it; empty when it cannot seat them.

    ``entries`` are in card-number order, the numbering ``drives.evening.seating`` gives
    the movement.
    """
    if len(entries) < MIN_PLAYERS:
        return {}
    rounds: Sequence[Sequence[Four]]  # each round's fours in table order
    try:
        if drive.is_static:
            rounds = seating.static_movement(drive, entries).rounds
        else:
            rounds = [seating.first_progressive_round(drive, entries)]
    except (DriveError, MovementError):
        return {}  # an odd number of fixed partners: the drive page already says so
    return {
        (r, table): {seat: entries[player] for seat, player in zip(SEATS, four, strict=True)}
        for r, fours in enumerate(rounds, start=1)
        for table, four in enumerate(fours, start=1)
    }


def half_time_round(drive: Drive) -> int | None:
    """The round after which the card prints a half-time subtotal; none for a one-round drive."""
    half = ranking.half_time_round(drive.rounds)
    return half if half < drive.rounds else None


# Scorecards ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardLine:
    """One deal on a player's card; empty strings are left blank to write in."""

    deal: DealInfo
    number: str  # what the game calls the deal at the player's table (a board's number)
    round: int
    table: int | None
    seat: str
    partner: int | None  # card numbers: the card has room for numbers, not names
    opponents: tuple[int, ...]
    sits_out: bool
    absent: bool  # before a late arrival or after a withdrawal
    trumps: str  # the trumps column's text: blank where the table has still to name them
    trumps_drawn: str | None  # the symbol drawn over it in colour ("H" … "NT"), if any
    won: str
    running: str
    ends_half: bool  # the half-time subtotal is printed under this line
    cells: tuple[str, ...] = ()  # the game's own columns after the trumps (``card_cells``)

    @property
    def opponents_text(self) -> str:
        """The opponents' card numbers written whole ("3 & 5"); the card's grid decides the
        tabs after them (``CardGrid.pair_chars``)."""
        return " & ".join(map(str, self.opponents))


@dataclass(frozen=True)
class Scorecard:
    entry: Entry
    lines: list[CardLine]
    half_time: str
    total: str
    # The half-time standings credit sit-outs at the half-time average, the running total at
    # the final one: when a first-half sit-out makes them differ, the card says why.
    half_time_differs: bool = False
    stays_at: int | None = None  # the table a player who cannot move keeps all evening


class CardPlan(NamedTuple):
    """Where each entry sits each round, the rounds seated, the half-time round."""

    places: dict[tuple[int, int], tuple[int, str]]
    seated: set[int]
    half_round: int | None


def scorecards(printed: PrintedDrive, *, blank: bool = False) -> list[Scorecard]:
    """One card per entry, in card-number order; ``blank`` leaves every score column empty."""
    drive, report = printed.drive, printed.report
    final = _standings_by_entry(report.overall)
    half = _standings_by_entry(report.half_time)
    deals = {r: printed.game.deals(r) for r in range(1, drive.rounds + 1)}
    # Read once for every card: ``places`` and ``seated_rounds`` are built on each call.
    plan = CardPlan(printed.places, printed.seated_rounds, half_time_round(drive))
    stays_at = printed.stays_at
    return [
        _scorecard(
            printed,
            entry,
            deals,
            plan,
            standing=None if blank else final.get(entry.pk),
            half_standing=None if blank else half.get(entry.pk),
            blank=blank,
            stays_at=stays_at.get(entry.pk),
        )
        for entry in printed.entries
    ]


def _scorecard(
    printed: PrintedDrive,
    entry: Entry,
    deals: dict[int, list[DealInfo]],
    plan: CardPlan,
    *,
    standing: ranking.Standing | None,
    half_standing: ranking.Standing | None,
    blank: bool,
    stays_at: int | None = None,
) -> Scorecard:
    """One player's card: a line a deal, the running total, the half-time subtotal."""
    game, (places, seated, half_round) = printed.game, plan
    # Exact, as the standings work it: each figure printed is rounded once (two_places).
    running = Fraction(0)
    running_at_half: Fraction | None = None
    lines = []
    for r, round_deals in deals.items():
        place = places.get((r, entry.pk))
        absent = not entry.plays_in(r)
        sits_out = r in seated and ranking.sits_out(entry, r, seated=place is not None)
        table, seat = place or (None, "")
        seats = printed.seats.get((r, table), {}) if table else {}
        # What the player's table holds for each deal (on boards, its own, with its trumps).
        held = game.table_deals(r, table) if table else round_deals
        for deal, shown in zip(round_deals, held, strict=True):
            hand = printed.hands.get((table, deal.number)) if table else None
            trumps, drawn = game.card_trumps(shown, None if blank else hand)
            won: Fraction | int | None = None
            if standing is not None and not absent:
                if sits_out and r <= printed.report.rounds_scored:
                    won = standing.sit_out_credit
                elif place is not None:
                    won = printed.points.get((entry.pk, deal.number))
            if won is not None:
                running += won
            ends_half = r == half_round and deal.number == round_deals[-1].number
            if ends_half:
                running_at_half = running
            lines.append(
                CardLine(
                    deal=deal,
                    number=game.deal_name(r, table, deal.number).shown,
                    round=r,
                    table=table,
                    seat=str(seat_letter(seat)),
                    partner=_card_number(seats.get(PARTNER.get(seat, ""))),
                    opponents=tuple(
                        seats[s].card_number for s in OPPONENTS.get(seat, ()) if s in seats
                    ),
                    sits_out=sits_out,
                    absent=absent,
                    trumps=trumps,
                    trumps_drawn=drawn,
                    won=_printed(won),
                    running="" if won is None else _printed(running),
                    ends_half=ends_half,
                    cells=game.card_cells(deal, hand, seated=table is not None, blank=blank),
                )
            )
    return Scorecard(
        entry=entry,
        lines=lines,
        half_time=points_text(half_standing.points if half_standing else None),
        total=points_text(standing.points if standing else None),
        half_time_differs=half_standing is not None
        and half_standing.points != _exact_shown(running_at_half),
        stays_at=stays_at,
    )


def _exact_shown(value: Fraction | int | None):
    return None if value is None else ranking.two_places(value)


def _printed(value: Fraction | int | None) -> str:
    return points_text(_exact_shown(value))


def _standings_by_entry(rows: list[StandingRow]) -> dict[int, ranking.Standing]:
    return {row.entry.pk: row.standing for row in rows}


def _card_number(entry: Entry | None) -> int | None:
    return entry.card_number if entry is not None else None


# Table cards --------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatLine:
    seat: str
    entry: Entry | None
    goes_to: str  # "table 3 E", "sits out", or "" when not known yet or after the last round


@dataclass(frozen=True)
class HandLine:
    """A hand as the table card records it, in the game's columns
    (``DriveGame.table_card_headings``); blank strings are for the table to write in."""

    deal: DealInfo
    cells: list[str]


@dataclass(frozen=True)
class TableRound:
    number: int
    deals: list[DealInfo]
    seats: list[SeatLine]
    hands: list[HandLine]  # only where each table records its trumps (and bids)


@dataclass(frozen=True)
class SideLink:
    """One side's secret link as the organisers' copy of a table card prints it."""

    side: str  # "N–S", as the language writes it
    seats: str  # "North and South"
    names: list[str]  # the players the movement keeps on that side all evening, if any
    address: str
    qr: str  # its QR code, as an image's address


@dataclass(frozen=True)
class TableCard:
    number: int
    rounds: list[TableRound]
    moves: str  # progressive movements: where the movers from this table go
    links: tuple[SideLink, ...] = ()  # each side's link, on the organisers' copy only
    staying: tuple[Entry, ...] = ()  # who stays at this table all evening


def table_cards(printed: PrintedDrive) -> list[TableCard]:
    """One card per table, with every round seated so far (all of them for a static movement)."""
    drive = printed.drive
    places = printed.places
    seated = printed.seated_rounds
    tables = printed.tables
    kept = printed.stays_at
    by_pk = {entry.pk: entry for entry in printed.entries}
    cards = []
    for table in tables:
        table_rounds = []
        for r in sorted(seated):
            seats = printed.seats.get((r, table))
            if seats is None:
                continue  # fewer tables this round, after a withdrawal
            lines = [
                SeatLine(seat, seats.get(seat), _goes_to(seats.get(seat), r, places, seated))
                for seat in SEATS
            ]
            # A table's results are kept by the round's deal; the card names what the table
            # holds for it (on boards, each table its own, with its dealer and trumps).
            deals = printed.game.deals(r)
            held = printed.game.table_deals(r, table)
            hands = [
                HandLine(
                    shown, printed.game.table_card_cells(printed.hands.get((table, deal.number)))
                )
                for deal, shown in zip(deals, held, strict=True)
                if deal.at_table
            ]
            table_rounds.append(TableRound(r, held, lines, hands))
        moves = moves_from(drive, table, len(tables))
        staying = tuple(by_pk[pk] for pk, at in kept.items() if at == table)
        cards.append(TableCard(table, table_rounds, moves, staying=staying))
    return cards


def _goes_to(entry: Entry | None, r: int, places, seated: set[int]) -> str:
    if entry is None or r + 1 not in seated:
        return ""
    place = places.get((r + 1, entry.pk))
    if place is not None:
        return _("table %(table)d %(seat)s") % {"table": place[0], "seat": seat_letter(place[1])}
    return _("sits out") if entry.plays_in(r + 1) else _("leaves")


def live_links(drive: Drive):
    """The drive's side links that are not revoked, by table, N–S first. An old link for
    both sides is never printed again: the sides' own replace it."""
    return TableLink.objects.filter(drive=drive, revoked_at__isnull=True).exclude(side="")


def all_deals(drive: Drive) -> list[DealInfo]:
    game = games.of(drive)
    return [deal for r in range(1, drive.rounds + 1) for deal in game.deals(r)]
