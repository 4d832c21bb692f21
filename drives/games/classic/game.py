"""Classic whist: trumps in rotation or turned up at each table, each side scoring its tricks
(odd tricks or all), with honours where the drive counts them."""

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import ClassVar

from django.utils.translation import gettext_lazy as _

from drives.errors import AT_TABLE, TRICKS_MISSING, TRUMPS_MISSING, FiguresRefused, refusal_text
from drives.games.base import DriveGame, Partials, Result
from drives.games.classic.forms import ClassicPhoneForm, ClassicRoundForm
from drives.games.deals import DealInfo, DealName, honours_text
from drives.games.figures import DealFigures, Figures, Problem, Typed
from drives.models import Rotation, TrumpSuit
from drives.seats import trumps_symbol
from scoring.cards import (
    Side,
    Suit,
    dealer_for_deal,
    trumps_for_deal,
    turned_up_trumps,
)
from scoring.cards import deal as deal_cards
from scoring.errors import ScoringError
from scoring.movements import winner_on_tricks
from scoring.results import check_tricks, deal_points, honours_points
from scoring.simulate import simulate_deal


@cache
def _rotation_symbol(deal: int, rotation: str) -> str:
    return trumps_symbol(trumps_for_deal(deal, rotation))


class ClassicWhist(DriveGame):
    partials = Partials.of("classic")
    round_form_class = ClassicRoundForm
    phone_form_class = ClassicPhoneForm
    #: Deal, trumps, round, table, seat, partner, opponents (the first card number with
    #: "&", then the second), points won, running total, initials.
    scorecard_units = (
        ("deal", 1),
        ("trumps", 1),
        ("round", 1),
        ("table", 1),
        ("seat", 1),
        ("partner", 1),
        ("opponents", 2),
        ("won", 1),
        ("total", 1),
        ("initials", 2),
    )
    table_card_headings = (_("Trumps"), _("N–S tricks"), _("E–W tricks"))
    table_card_suit_column = 0
    csv_header: ClassVar[tuple[str, ...]] = (
        "round",
        "deal",
        "trumps",
        "table",
        "north",
        "east",
        "south",
        "west",
        "ns tricks",
        "ew tricks",
        "honours",
    )

    # The deals -----------------------------------------------------------------------------

    def deals(self, round_number: int) -> list[DealInfo]:
        """The deals of a round; the deal passes to the left each hand at every table."""
        numbers = self.drive.deals_of_round(round_number)
        if self.trumps_at_table:
            return [DealInfo(n, None, dealer_for_deal(n), at_table=True) for n in numbers]
        rotation = self.drive.rotation
        return [DealInfo(n, trumps_for_deal(n, rotation), dealer_for_deal(n)) for n in numbers]

    def honours_deals(self, deals: Iterable[DealInfo]) -> list[int]:
        """Never at no trumps; trumps turned up are known only at the table, and always a
        suit: every such deal asks."""
        if not self.drive.honours:
            return []
        return [deal.number for deal in deals if deal.trumps is not None or deal.at_table]

    @property
    def scoring_label(self):
        return self.drive.get_counting_display()

    @property
    def trumps_at_table(self) -> bool:
        return self.drive.rotation == Rotation.TURNED

    # A table's figures ----------------------------------------------------------------------

    def check(self, table: int, deals: list[DealInfo], typed: Typed) -> Figures:
        numbers = [deal.number for deal in deals]
        where = {"table": table}
        missing = [n for n in numbers if typed.get(n, {}).get("tricks") is None]
        if missing:
            text = TRICKS_MISSING % (where | {"deals": self._listed(table, missing)})
            raise FiguresRefused(text, tuple(Problem(n, "tricks", text) for n in missing))
        scored = set(self.honours_deals(deals))
        for n in numbers:
            held = typed[n].get("honours") if n in scored else None
            try:
                check_tricks(typed[n]["tricks"])
                if held is not None:
                    honours_points(held)
            except ScoringError as error:
                part = "honours" if error.code == "honours_held" else "tricks"
                text = AT_TABLE % (where | {"error": refusal_text(error)})
                raise FiguresRefused(text, (Problem(n, part, refusal_text(error)),)) from error
        turned = {n: typed[n].get("trumps") or "" for n in numbers} if self.trumps_at_table else {}
        unknown = [n for n, suit in turned.items() if suit not in TrumpSuit.values]
        if unknown:
            text = TRUMPS_MISSING % (where | {"deals": self._listed(table, unknown)})
            raise FiguresRefused(text, tuple(Problem(n, "trumps", text) for n in unknown))
        return Figures(
            {
                n: DealFigures(
                    ns_tricks=typed[n]["tricks"],
                    ns_honours=typed[n].get("honours") if n in scored else None,
                    trumps=turned.get(n, ""),
                )
                for n in numbers
            }
        )

    def _listed(self, table: int, numbers: list[int]) -> str:
        """Deals of ``table`` as a refusal names them: "deal 1, 2", "board 5, 6"."""
        round_number = self.drive.round_of(numbers[0])
        return DealName.listed([self.deal_name(round_number, table, n) for n in numbers])

    # Scoring ----------------------------------------------------------------------------------

    def points_of(self) -> Callable[[Result], tuple[int, int]]:
        """Scores each outcome once: a drive has a few dozen outcomes against thousands of
        player-deals. A bad result still raises: it is never stored."""
        outcomes: dict[tuple, tuple[int, int]] = {}
        drive, at_table = self.drive, self.trumps_at_table

        def points(result: Result) -> tuple[int, int]:
            outcome: tuple[object, ...]
            if at_table:
                outcome = (result.ns_tricks, result.ns_honours, result.trumps)
            else:
                outcome = (result.deal, result.ns_tricks, result.ns_honours)
            known = outcomes.get(outcome)
            if known is None:
                if at_table:
                    trumps = Suit(result.trumps) if result.trumps else None
                else:
                    trumps = trumps_for_deal(result.deal, drive.rotation)
                # No honours recorded means they were split two and two: nothing scores.
                ns_honours = 2 if result.ns_honours is None else result.ns_honours
                known = deal_points(
                    result.ns_tricks,
                    drive.counting,
                    trumps=trumps,
                    ns_honours=ns_honours,
                    ew_honours=4 - ns_honours,
                    honours=drive.honours,
                )
                outcomes[outcome] = known
            return known

        return points

    def round_winner(self, results: Iterable[Result]) -> Side:
        """More tricks over the round's deals; level, the pair that won the last deal."""
        ordered = sorted(results, key=lambda result: result.deal)
        ns_tricks = sum(result.ns_tricks for result in ordered)
        return winner_on_tricks(ns_tricks, 13 * len(ordered), ordered[-1].ns_tricks)

    def tie(self, results: Mapping[int, Result]) -> tuple[int, int] | None:
        if len(results) < self.drive.deals_per_round:
            return None
        ns_tricks = sum(result.ns_tricks for result in results.values())
        ew_tricks = 13 * self.drive.deals_per_round - ns_tricks
        return (ns_tricks, ew_tricks) if ns_tricks == ew_tricks else None

    def trumps_symbol(self, result: Result) -> str:
        if not self.trumps_at_table:
            return _rotation_symbol(result.deal, self.drive.rotation)
        return super().trumps_symbol(result)

    # What the pages and sheets show ------------------------------------------------------------

    def csv_row(self, result: Result, seated: list[str]) -> list[object]:
        # In words, as the pages say it: a bare 0 read as "none" where E–W held all four.
        honours = str(honours_text(result.ns_honours)) if self.drive.honours else ""
        return [
            result.round,
            result.deal,
            result.trumps,
            result.table,
            *seated,
            result.ns_tricks,
            result.ew_tricks,
            honours,
        ]

    def card_trumps(self, deal: DealInfo, hand) -> tuple[str, str | None]:
        if not deal.at_table:
            return deal.symbol, deal.trumps.value if deal.trumps else "NT"
        if hand is None:
            return "", None
        suit = Suit(hand.trumps) if hand.trumps else None
        return trumps_symbol(suit), hand.trumps or "NT"

    def table_card_cells(self, hand) -> list[str]:
        if hand is None:
            return ["", "", ""]
        suit = Suit(hand.trumps) if hand.trumps else None
        return [trumps_symbol(suit), str(hand.ns_tricks), str(hand.ew_tricks)]

    def grid_cell(self, result: Result, hand) -> str:
        if self.trumps_at_table:
            return f"{result.ns_tricks} {result.trumps}"
        return str(result.ns_tricks)

    # Computer players ------------------------------------------------------------------

    def play_table(self, round_number: int, table: int, seeds: Mapping[int, int]) -> Typed:
        typed = {}
        for deal, seed in seeds.items():
            dealer = dealer_for_deal(deal)
            suit: Suit | None
            if self.trumps_at_table:
                suit = turned_up_trumps(deal_cards(seed, dealer), dealer)
            else:
                suit = trumps_for_deal(deal, self.drive.rotation)
            typed[deal] = {
                "tricks": simulate_deal(seed, suit, dealer=dealer).ns_tricks,
                "trumps": suit.value if suit and self.trumps_at_table else "",
            }
        return typed
