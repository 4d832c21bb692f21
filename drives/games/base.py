"""What a drive's game decides: the one place where ``drives`` asks which game a drive plays.

A game is built for one drive (``drives.games.of(drive)``), as pretix builds a payment
provider for one event. Each game names, for its drive:

* the deals of a round (:meth:`~DriveGame.deals`) and those where honours are scored;
* how a table's figures are asked for (the round page's and the phone's form classes)
  and checked (:meth:`~DriveGame.check`, through ``scoring``, with the messages of
  ``drives.errors``), and how a side's checked figures ride on its pending entry;
* the points of a deal or hand (:meth:`~DriveGame.points_of`), the winner of a
  progressive round (:meth:`~DriveGame.round_winner`), and for a game of pairs compared
  board by board, the pairs ranked in their fields (:meth:`~DriveGame.pair_fields`);
* what the pages, the CSVs and the printed sheets show of a table's figures;
* the template partials its pages include (:attr:`~DriveGame.partials`);
* how computer players play a table's deals, for demos and tests.

The rules stay in ``scoring``; a game only asks them. A new game is a subclass of
:class:`DriveGame` with the abstract methods written, its forms, its templates in
``templates/games/<name>/`` and a line in ``drives.games.GAMES``.
"""

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from itertools import zip_longest
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, ClassVar

from django.utils.translation import gettext_lazy as _

from drives.games.deals import DealInfo, DealName, honours_text
from drives.games.figures import DealFigures, Figures, Typed
from drives.seats import trumps_symbol
from scoring.cards import Side, Suit

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

    from drives.games.forms import PhoneForm, RoundForm
    from drives.models import Drive, Entry, PendingEntry, ResultChange, TableResult
    from scoring.movements import Movement

#: What a deal a side sent gives each side, beside its figures.
POINTS = _("points: N–S %(ns)s, E–W %(ew)s")

#: What a drive's pages call a table's stored result: a ``TableResult`` or a report's
#: ``DealResult`` (the same columns, with the players and the points).
Result = Any


@dataclass(frozen=True)
class Partials:
    """The templates a game's pages include, each named for what it shows."""

    summary: str  # the drive page: the game and how it scores, under the title
    round_deals: str  # the round page: each deal's trumps or dealer
    round_table: str  # the round page: one table's figures, as typed and as stored
    phone_form: str  # the phone: the form a side sends its figures with
    phone_stored: str  # the phone: the table's stored result
    sent: str  # the phone and the history: a side's figures as sent
    tile: str  # the organiser's dashboard: a side's figures in a tile
    card_headings: str  # a printed scorecard's column headings
    table_card_hands: str  # a printed table card: the title (and note) over its hands
    results_grid: str  # the printed results sheet: each table's figures by deal

    @classmethod
    def of(cls, folder: str) -> "Partials":
        """The partials in ``templates/games/<folder>/``, by their usual names."""
        return cls(
            summary=f"games/{folder}/_summary.html",
            round_deals=f"games/{folder}/_round_deals.html",
            round_table=f"games/{folder}/_round_table.html",
            phone_form=f"games/{folder}/_phone_form.html",
            phone_stored=f"games/{folder}/_phone_stored.html",
            sent=f"games/{folder}/_sent.html",
            tile=f"games/{folder}/_tile.html",
            card_headings=f"games/{folder}/pdf/_card_headings.html",
            table_card_hands=f"games/{folder}/pdf/_table_card_hands.html",
            results_grid=f"games/{folder}/pdf/_results_grid.html",
        )


@dataclass(frozen=True)
class PairPlace:
    """A pair's place in its field, for a game that ranks pairs rather than adding points."""

    players: tuple[int, ...]  # its entries (their pks)
    rank: int
    shared: bool
    points: Decimal  # the figure it is ranked on: its total, or its percentage
    percentage: Decimal | None  # its percentage where the drive scores matchpoints
    boards: int  # the boards it played


@dataclass(frozen=True)
class PairField:
    """Pairs ranked together and given their own prizes: a Mitchell's N–S or E–W pairs
    (``category`` "N–S", "E–W"), or every pair (``"overall"``)."""

    category: str
    pairs: tuple[PairPlace, ...]


@dataclass(frozen=True)
class ComparedDeal:
    """One deal of a dispute: for each entry, its parts with whether the others differ."""

    deal: int
    sides: list[list[tuple[str, bool]]]


class DriveGame(ABC):
    """A drive's game, for that drive: what to ask, check, score, show and print."""

    #: The templates this game's pages include.
    partials: ClassVar[Partials]
    #: The round page's form and the phone's (``drives.games.forms``).
    round_form_class: ClassVar[type["RoundForm"]]
    phone_form_class: ClassVar[type["PhoneForm"]]
    #: Scripts the phone page loads beside ``js/tableside.js``.
    phone_scripts: ClassVar[tuple[str, ...]] = ()
    #: The printed scorecard's columns as (name, width in units), for ``card_grid``.
    scorecard_units: ClassVar[tuple[tuple[str, int], ...]]
    #: The table card's grid of hands: its headings after Round, Deal and Dealer, the one
    #: drawn as suits (an index into them, or None), and whether a note follows it.
    table_card_headings: ClassVar[tuple["StrOrPromise", ...]]
    table_card_suit_column: ClassVar[int | None] = None
    table_card_note: ClassVar[bool] = False
    #: Tables side by side in the results sheet's grid before it is split.
    results_grid_tables: ClassVar[int] = 16
    #: The drive form's settings that only this game reads: the form shows them for this
    #: game alone, and any other game keeps their defaults.
    setup_fields: ClassVar[tuple[str, ...]] = ()
    #: Why nobody can join or leave once the drive has started, or None when a re-plan of
    #: the rounds left (``seating.replan``) can seat them.
    fixed_players: ClassVar["StrOrPromise | None"] = None
    #: The URL name of the standings page this game draws itself, or None for the drive's
    #: standings of points (``drives:standings``).
    own_standings: ClassVar[str | None] = None
    #: The results CSV's header, in English (machine form, every language alike).
    csv_header: ClassVar[tuple[str, ...]]
    #: The heading of a column of deals (:meth:`deal_name`'s numbers).
    deal_heading: ClassVar["StrOrPromise"] = _("Deal")
    #: Whether each table of a round holds deals of its own (boards that travel), so that
    #: the dashboard and the hall name them table by table.
    deals_by_table: ClassVar[bool] = False

    def __init__(self, drive: "Drive"):
        self.drive = drive

    # The deals -----------------------------------------------------------------------------

    @abstractmethod
    def deals(self, round_number: int) -> list[DealInfo]:
        """The deals of a round, their trumps (unless the tables report them) and dealers."""

    def deal_name(self, round_number: int, table: int | None, deal: int) -> DealName:
        """What the pages and sheets call ``deal`` of ``round_number`` at ``table`` (None:
        a player at no table): here every table plays the same deal, named by its number."""
        return DealName(deal)

    def table_deals(self, round_number: int, table: int) -> list[DealInfo]:
        """The deals ``table`` plays in ``round_number`` as the table holds them, numbered
        as :meth:`deal_name` numbers them: here the round's own."""
        return self.deals(round_number)

    def deal_names(self, round_number: int, table: int) -> list[DealName]:
        """The deals ``table`` plays in ``round_number``, as :meth:`deal_name` names them."""
        return [
            self.deal_name(round_number, table, deal)
            for deal in self.drive.deals_of_round(round_number)
        ]

    def deals_go_to(self, round_number: int, table: int) -> int | None:
        """The table that plays, next round, the deals ``table`` holds in ``round_number``
        (boards that travel); None where each table deals afresh, after the last round, or
        when they rest."""
        return None

    def honours_deals(self, deals: Iterable[DealInfo]) -> list[int]:
        """The deals on which honours are scored, as the forms ask for them."""
        return []

    def static_movement(self, players: int) -> "Movement | None":
        """The seating this game imposes for ``players`` (a movement on boards), or None
        for the drive's own movement."""
        return None

    @property
    @abstractmethod
    def scoring_label(self) -> "StrOrPromise":
        """How the drive scores, as its pages and sheets say under the title."""

    @property
    def trumps_at_table(self) -> bool:
        """Whether each table reports its own trumps, rather than a rotation naming them."""
        return True

    # A table's figures ----------------------------------------------------------------------

    @abstractmethod
    def check(self, table: int, deals: list[DealInfo], typed: Typed) -> Figures:
        """``typed`` (for ``deals`` at ``table``) as checked figures, or ``FiguresRefused``.

        The one checker of a table's figures, whichever door they came in by; its words
        are ``drives.errors``' and ``scoring``'s.
        """

    def round_form(
        self, data=None, *, deals: list[DealInfo], tables: list[int], stored
    ) -> "RoundForm":
        """The round page's form for ``tables`` (``stored``: their results by (table, deal))."""
        return self.round_form_class(data, game=self, deals=deals, tables=tables, stored=stored)

    def phone_form(self, data=None, *, table: int, round_number: int) -> "PhoneForm":
        """The form a side of ``table`` sends its figures with, for ``round_number``."""
        return self.phone_form_class(
            data,
            initial={"round": round_number},
            game=self,
            table=table,
            deals=self.deals(round_number),
        )

    def pending_fields(self, figures: Figures) -> dict[str, dict[str, Any]]:
        """A side's checked figures as its ``PendingEntry`` keeps them (JSON, by deal)."""
        deals = sorted(figures.deals.items())
        return {
            "tricks": {str(deal): f.ns_tricks for deal, f in deals},
            "honours": {str(deal): f.ns_honours for deal, f in deals if f.ns_honours is not None},
            "trumps": {str(deal): f.trumps for deal, f in deals if f.trumps},
            "hands": {},
        }

    def sent_figures(self, entry: "PendingEntry") -> Figures:
        """What a side sent (its ``PendingEntry``), checked when it was sent."""
        return Figures(
            {
                int(deal): DealFigures(
                    ns_tricks=tricks,
                    ns_honours=entry.honours.get(deal),
                    trumps=entry.trumps.get(deal, ""),
                )
                for deal, tricks in entry.tricks.items()
            }
        )

    # Scoring ----------------------------------------------------------------------------------

    @abstractmethod
    def points_of(self) -> Callable[[Result], tuple[int, int]]:
        """A function from a stored result to (N–S points, E–W points) on its deal."""

    @abstractmethod
    def round_winner(self, results: Iterable[Result]) -> Side:
        """The side that won a table's complete round (its results), for progressive moves."""

    def pair_fields(
        self, entries: "Iterable[Entry]", seatings: Iterable[Any], results: Iterable[Result]
    ) -> tuple[PairField, ...] | None:
        """The drive's pairs ranked in their fields, from its rows (the entries, seatings
        and results), for a game whose standings are the pairs'; None for a game that
        ranks each player on the points added up deal by deal (``scoring.standings``)."""
        return None

    def tie(self, results: Mapping[int, Result]) -> tuple[int, int] | None:
        """(N–S, E–W) when a table's complete round is level on what decides it and the
        last deal settles it, for the round page to say so; None otherwise."""
        return None

    def trumps_symbol(self, result: Result) -> str:
        """The trumps of a stored result's deal, as a symbol ("♥", "NT")."""
        return trumps_symbol(Suit(result.trumps) if result.trumps else None)

    # What the pages show ------------------------------------------------------------------

    def shown_result(self, result: "TableResult | None") -> dict[str, Any] | None:
        """What the round page shows of a stored result beyond its fields; None for nothing."""
        return None

    def sent_points(self, entry: "PendingEntry") -> dict[int, tuple[int, int]]:
        """The (N–S, E–W) points each deal a side sent would give, as the standings count
        them."""
        points = self.points_of()
        return {
            deal: points(SimpleNamespace(deal=deal, **figures.columns()))
            for deal, figures in self.sent_figures(entry).deals.items()
        }

    def deal_parts(self, entry: "PendingEntry") -> dict[int, list[str]]:
        """What a side sent, deal by deal, in the parts the pages set side by side: the
        tricks, the suit turned up, the honours where the drive counts them, the points."""
        points = self.sent_points(entry)
        return {
            deal: [
                f"{ns}–{ew}",
                *([trumps] if trumps else []),
                *([str(honours_text(honours))] if self.drive.honours else []),
                POINTS % {"ns": points[deal][0], "ew": points[deal][1]},
            ]
            for deal, ns, ew, honours, trumps in entry.rows()
        }

    def side_by_side(self, entries: "Iterable[PendingEntry]") -> list["ComparedDeal"]:
        """Sides' entries deal by deal, each part marked where the entries differ: what a
        dispute shows, so that the organiser and the table see what to settle."""
        sent = [self.deal_parts(entry) for entry in entries]
        compared = []
        for deal in sorted({deal for parts in sent for deal in parts}):
            columns = [parts.get(deal, []) for parts in sent]
            differs = [len(set(parts)) > 1 for parts in zip_longest(*columns)]
            sides = [[(part, differs[i]) for i, part in enumerate(c)] for c in columns]
            compared.append(ComparedDeal(deal, sides))
        return compared

    def sent_text(self, entry: "PendingEntry") -> str:
        """A side's sent figures in one line, deal by deal (as :meth:`deal_name` numbers
        them at the entry's table), for a table's history."""
        return "; ".join(
            f"{self.deal_name(entry.round, entry.table, deal).shown}: {', '.join(parts)}"
            for deal, parts in self.deal_parts(entry).items()
        )

    def stored_text(self, result: "TableResult") -> str:
        """A stored result in a few words, for a table's history."""
        text = f"{result.ns_tricks}–{result.ew_tricks}"
        return f"{text}, {honours_text(result.ns_honours)}" if self.drive.honours else text

    def correction_text(self, change: "ResultChange") -> str:
        """A correction as it stood and as it became, for a table's history."""
        if not self.drive.honours:
            return f"{change.old_ns_tricks} → {change.new_ns_tricks}"
        old = f"{change.old_ns_tricks}, {honours_text(change.old_ns_honours)}"
        return f"{old} → {change.new_ns_tricks}, {honours_text(change.new_ns_honours)}"

    @abstractmethod
    def csv_row(self, result: Result, seated: list[str]) -> list[object]:
        """A report's deal result as a row of the results CSV (``csv_header``'s columns)."""

    # What the printed sheets show ----------------------------------------------------------

    @abstractmethod
    def card_trumps(self, deal: DealInfo, hand: "TableResult | None") -> tuple[str, str | None]:
        """A scorecard's trumps column for a deal (blank before the table has played it)
        and the suit drawn over it in colour ("H" … "NT"), if any."""

    def card_cells(
        self, deal: DealInfo, hand: "TableResult | None", *, seated: bool, blank: bool
    ) -> tuple[str, ...]:
        """A scorecard's own columns for a deal, after the trumps (``seated``: the player
        sits at a table for it; ``blank``: a card printed with no figures)."""
        return ()

    @abstractmethod
    def table_card_cells(self, hand: "TableResult | None") -> list[str]:
        """A table card's row for a hand under ``table_card_headings``; blanks to write in."""

    @abstractmethod
    def grid_cell(self, result: Result, hand: "TableResult") -> str:
        """A table's deal in the results sheet's grid."""

    # Computer players ------------------------------------------------------------------

    @abstractmethod
    def play_table(self, round_number: int, table: int, seeds: Mapping[int, int]) -> Typed:
        """Table ``table``'s figures for its deals of ``round_number`` (deal → seed, the
        seed dealing any cards the drive has not recorded) as computer players would type them."""

    # The set-up ------------------------------------------------------------------------------

    @staticmethod
    def setup_problems(data: Mapping[str, Any]) -> dict[str, "StrOrPromise"]:
        """What a drive's set-up (a form's cleaned data) may not choose with this game, by field."""
        return {}
