"""Compass whist: every table plays the same boards in turn, and each pair is scored against
the others who held the same cards (``scoring.compass``), so the luck of the deal is out.

A table records its tricks as at classic whist (the same forms, checks, versions, history
and disputes); what differs is that each table of a round holds its own boards, named by
the movement on boards (:mod:`drives.games.compass.boards`), and that the drive's
standings compare boards rather than add points (``drives.boards``).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from drives.errors import FiguresRefused
from drives.games.base import PairField, PairPlace, Partials, Result
from drives.games.classic.game import ClassicWhist
from drives.games.compass.boards import DriveBoards, movement_for
from drives.games.compass.pairs import paired_results
from drives.games.deals import DealInfo, DealName
from drives.games.figures import Figures, Problem, Typed
from drives.models import BoardSource, MovementType, Rotation, TableResult, TieBreak, TrumpSuit
from drives.seats import SEAT_LETTERS, trumps_symbol
from scoring.boards import Board, board_dealer
from scoring.cards import SEATS, Card, Seat, Suit, first_leader, suit_name, turned_up_trumps
from scoring.cards import deal as deal_cards
from scoring.compass import Field, ScoredResult, rank_pairs, score_boards, two_places
from scoring.movements import Movement
from scoring.results import honours_held
from scoring.simulate import simulate_deal, simulate_hands

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

#: A table's honours that the board's cards contradict.
HONOURS_NOT_THE_BOARDS = _(
    "Board %(board)d: the cards give N–S %(held)d of the honours; check the honours."
)


#: A board dealt at the tables keeps the trumps the first table turned up.
TRUMPS_NOT_THE_BOARDS = _(
    "Board %(board)d: the tables before you played it with %(suit)s as trumps; check the trumps."
)


#: A field's prize category, as the prize lists name it (``drives.reports.report``
#: translates them).
FIELD_CATEGORIES = {"NS": "N–S", "EW": "E–W", None: "overall"}


@dataclass(frozen=True)
class BoardLine:
    """A board as a table's line shows it: its number, who deals and its trumps."""

    number: int
    dealer: Seat
    board: Board | None

    @property
    def dealer_letter(self) -> "StrOrPromise":
        return SEAT_LETTERS[self.dealer]

    @property
    def known(self) -> bool:
        return self.board is not None

    @property
    def symbol(self) -> str:
        return "?" if self.board is None else trumps_symbol(self.board.trumps)

    @property
    def name(self) -> str:
        return "turned up" if self.board is None else suit_name(self.board.trumps)

    @property
    def css(self) -> str:
        if self.board is None:
            return "suit-table"
        return f"suit-{self.board.trumps.value}" if self.board.trumps else "suit-NT"


class CompassWhist(ClassicWhist):
    partials = Partials.of("compass")
    csv_header = (*ClassicWhist.csv_header, "board")
    # A re-plan re-seats the pairs while the boards stay with the tables: a pair could
    # meet a board twice.
    # Points added up would mislead: the pairs are ranked board by board, per field.
    own_standings = "drives:compass_standings"
    fixed_players = _(
        "A drive on boards keeps its movement: once the boards are travelling, "
        "no pair can join or leave."
    )
    # Players find a board by the number on it, not by the drive's deal number.
    deal_heading = _("Board")
    deals_by_table = True

    @cached_property
    def boards(self) -> DriveBoards:
        return DriveBoards(self.drive)

    # The deals -----------------------------------------------------------------------------

    def deals(self, round_number: int) -> list[DealInfo]:
        """The round's deals; each table holds its own boards for them, so neither the
        trumps nor the dealer are the round's (:meth:`board_line` gives a table's)."""
        numbers = self.drive.deals_of_round(round_number)
        return [DealInfo(n, None, "N", at_table=True) for n in numbers]

    def deals_go_to(self, round_number: int, table: int) -> int | None:
        return self.boards.boards_go_to(round_number, table)

    def deal_name(self, round_number: int, table: int | None, deal: int) -> DealName:
        """The board ``table`` holds for ``deal``; no board off the tables, and the deal's
        own number where the movement names none (too few pairs for one)."""
        if table is None:
            return DealName(None, board=True)
        number = self.boards.board_number(round_number, table, deal)
        return DealName(deal) if number is None else DealName(number, board=True)

    def table_deals(self, round_number: int, table: int) -> list[DealInfo]:
        """The boards ``table`` holds, each with its number, its dealer and its trumps
        (unless the tables turn them up); the round's deal where the movement names none."""
        held = []
        for deal in self.deals(round_number):
            line = self.board_line(round_number, table, deal.number)
            if line is None:
                held.append(deal)
            else:
                trumps = line.board.trumps if line.board is not None else None
                held.append(DealInfo(line.number, trumps, line.dealer, at_table=not line.known))
        return held

    def board_line(self, round_number: int, table: int, deal: int) -> BoardLine | None:
        """The board ``table`` plays as ``deal`` of ``round_number``, or None off the movement."""
        number = self.boards.board_number(round_number, table, deal)
        if number is None:
            return None
        return BoardLine(number, board_dealer(number), self.boards.board(number))

    def static_movement(self, players: int) -> Movement | None:
        """The seating of the movement on boards (the skip Mitchell seats its own way). A
        size it cannot take (more rounds than a Mitchell has tables) is refused here, with
        ``scoring``'s ``MovementError``, rather than seated without boards."""
        return movement_for(self.drive, players // 2).movement

    @property
    def scoring_label(self):
        return self.boards.plan.get_method_display()

    @property
    def trumps_at_table(self) -> bool:
        """Only a board dealt at the tables with its trumps turned up learns them there."""
        plan = self.boards.plan
        return plan.source == BoardSource.TABLES and self.drive.rotation == Rotation.TURNED

    @cached_property
    def turned_at_tables(self) -> dict[int, dict[int, str]]:
        """For boards dealt at the tables with trumps turned up: each board's suit as
        each table that played it reported it (board → table → suit)."""
        if not self.trumps_at_table:
            return {}
        turned: dict[int, dict[int, str]] = {}
        results = TableResult.objects.filter(drive=self.drive).exclude(trumps="")
        for result in results.order_by("round", "table"):
            board = self.boards.board_number(result.round, result.table, result.deal)
            if board is not None:
                turned.setdefault(board, {})[result.table] = result.trumps
        return turned

    # Scoring ----------------------------------------------------------------------------------

    def ranked(self, scored: Sequence[ScoredResult]) -> tuple[Field, ...]:
        """The pairs' places, by direction unless a Howell; pairs level placed by their last
        rounds when the drive breaks ties by countback, else sharing the place."""
        return rank_pairs(
            scored,
            by_direction=self.drive.movement != MovementType.HOWELL,
            countback=self.drive.tie_break == TieBreak.COUNTBACK,
        )

    def pair_fields(self, entries, seatings, results) -> tuple[PairField, ...]:
        """The pairs compared board by board (``scoring.compass``): N–S and E–W fields for
        a Mitchell, one for a Howell; each ranked on its total, or its percentage with
        matchpoints, pairs level as the drive breaks ties (:meth:`ranked`)."""
        paired = paired_results(self.boards, entries, seatings, results)
        scored = score_boards(paired.results, self.boards.plan.method)
        if not scored:
            return ()
        fields = self.ranked(scored)
        return tuple(
            PairField(
                FIELD_CATEGORIES[field.direction],
                tuple(
                    PairPlace(
                        tuple(entry.pk for entry in paired.pairs[p.pair]),
                        p.rank,
                        p.shared,
                        two_places(p.total if p.percentage is None else p.percentage),
                        None if p.percentage is None else two_places(p.percentage),
                        p.boards,
                    )
                    for p in field.pairs
                ),
            )
            for field in fields
        )

    # A table's figures ----------------------------------------------------------------------

    def check(self, table: int, deals: list[DealInfo], typed: Typed) -> Figures:
        """Classic whist's checks (13 tricks a board), and honours against the board's cards
        where the site knows them."""
        figures = super().check(table, deals, typed)
        round_number = self.drive.round_of(min(figures.deals))
        for deal, dealt in figures.deals.items():
            line = self.board_line(round_number, table, deal)
            held = None if line is None or line.board is None else line.board.honours
            if line is None:
                continue
            if held is not None and dealt.ns_honours is not None and dealt.ns_honours != held[0]:
                text = HONOURS_NOT_THE_BOARDS % {"board": line.number, "held": held[0]}
                raise FiguresRefused(text, (Problem(deal, "honours", text),))
            others = {
                suit
                for at, suit in self.turned_at_tables.get(line.number, {}).items()
                if at != table
            }
            if dealt.trumps and others and dealt.trumps not in others:
                suit = TrumpSuit(sorted(others)[0]).label
                text = TRUMPS_NOT_THE_BOARDS % {"board": line.number, "suit": suit}
                raise FiguresRefused(text, (Problem(deal, "trumps", text),))
        return figures

    # What the pages and sheets show ------------------------------------------------------------

    def csv_row(self, result: Result, seated: list[str]) -> list[object]:
        board = self.boards.board_number(result.round, result.table, result.deal)
        return [*super().csv_row(result, seated), board or ""]

    def card_trumps(self, deal: DealInfo, hand) -> tuple[str, str | None]:
        """``deal``: the board the player's table holds (:meth:`table_deals`), whose trumps
        are known unless the tables turn them up."""
        if deal.at_table and (hand is None or not hand.trumps):
            return "", None
        return super().card_trumps(deal, hand)

    # Computer players ------------------------------------------------------------------

    def play_table(self, round_number: int, table: int, seeds: Mapping[int, int]) -> Typed:
        """A board with recorded hands is played from them, led by its dealer's left with
        its trumps, so that every table holding it plays the same cards and the travellers
        compare like with like; the players slip now and then, as the seed says, so that
        the tables do not all take the same tricks (``scoring.simulate``). Honours, where
        the drive counts them, are the board's.

        A board dealt at the tables, whose cards the site never learns, is dealt afresh
        from the seed at each table, by the board's dealer with the board's trumps: those
        its rotation gives, or those the first table to play it turned up."""
        typed: dict[int, Mapping[str, object]] = {}
        for deal, seed in seeds.items():
            line = self.board_line(round_number, table, deal)
            if line is None:  # off the movement: check() holds it to no board either
                typed |= super().play_table(round_number, table, {deal: seed})
                continue
            board = line.board
            dealer = board_dealer(line.number) if board is None else board.dealer
            if board is not None and board.hands is not None:
                hands: dict[str, tuple[Card, ...]] = dict(zip(SEATS, board.hands, strict=True))
                played = simulate_hands(hands, board.trumps, first_leader(dealer), slips=seed)
                honours = self.drive.honours and board.trumps is not None
                typed[deal] = {"tricks": played.ns_tricks, "trumps": ""} | (
                    {"honours": honours_held(hands, board.trumps)[0]} if honours else {}
                )
                continue
            suit = board.trumps if board is not None else self._turned_for(line.number, seed)
            typed[deal] = {
                "tricks": simulate_deal(seed, suit, dealer=dealer).ns_tricks,
                "trumps": suit.value if suit and self.trumps_at_table else "",
            }
        return typed

    def _turned_for(self, number: int, seed: int) -> Suit:
        """Board ``number``, its trumps turned up at the tables: the suit a table before
        this one reported, else the dealer's last card of this table's cards."""
        before = sorted(self.turned_at_tables.get(number, {}).values())
        if before:
            return Suit(before[0])
        dealer = board_dealer(number)
        return turned_up_trumps(deal_cards(seed, dealer), dealer)

    # The set-up ------------------------------------------------------------------------------

    @staticmethod
    def setup_problems(data: Mapping[str, object]) -> dict[str, "StrOrPromise"]:
        problems: dict[str, StrOrPromise] = {}
        if data.get("movement") not in (MovementType.MITCHELL, MovementType.HOWELL):
            problems["movement"] = _(
                "Compass whist is played by fixed partners: choose a Mitchell or a Howell."
            )
        if data.get("on_paper"):
            problems["on_paper"] = _("Compass whist needs every table's tricks, not card totals.")
        # The report gives none of these to pairs ranked board by board
        # (``drives.reports.report``): the form does not promise them.
        if data.get("prizes_by_role"):
            problems["prizes_by_role"] = _(
                "Compass whist ranks pairs, not ladies and gents: its prizes go to the pairs "
                "of each field."
            )
        if data.get("half_time_prize"):
            problems["half_time_prize"] = _(
                "Compass whist gives no half-time prize: at half-time most boards have not "
                "been played by every table, so no pair's score is settled."
            )
        if data.get("ten_trick_prize"):
            problems["ten_trick_prize"] = _(
                "Compass whist gives no ten-trick prize: which boards give ten tricks is the "
                "luck of the deal that boards take out."
            )
        return problems
