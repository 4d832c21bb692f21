"""Bid whist: each table records, hand by hand, the dealer, the winning bid, trumps, the
declaring side and its tricks with the kitty; only the declarers score, up or down
(``scoring.bidwhist``), and a progressive round is won on points."""

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from drives.errors import AT_HAND, HAND_MISSING, FiguresRefused, refusal_text
from drives.games.base import DriveGame, Partials, Result
from drives.games.bidwhist import hands
from drives.games.bidwhist.forms import BidWhistPhoneForm, BidWhistRoundForm
from drives.games.classic.game import ClassicWhist
from drives.games.deals import DealInfo
from drives.games.figures import Figures, Problem, Typed
from drives.seats import SEAT_LETTERS, SIDES, side_name, trumps_symbol
from scoring.bidwhist import simulate_hand, winner_on_points
from scoring.cards import Side, Suit, dealer_for_deal
from scoring.errors import BidWhistError
from scoring.results import side_tricks

#: What a hand needs, as the round page names what is missing.
_NEEDED = (
    ("declarers", gettext_lazy("the declaring side")),
    ("level", gettext_lazy("the bid")),
    ("strain", gettext_lazy("uptown, downtown or no trumps")),
    ("tricks", gettext_lazy("the declarers' tricks")),
)


class BidWhist(DriveGame):
    partials = Partials.of("bidwhist")
    setup_fields = ("no_trumps_double", "boston_bonus", "minimum_bid")
    round_form_class = BidWhistRoundForm
    phone_form_class = BidWhistPhoneForm
    phone_scripts = ("js/tableside_hands.js",)
    #: The bid where classic whist has the trumps, then who dealt and who declared.
    scorecard_units = (
        ("deal", 1),
        ("bid", 1),
        ("dealer", 1),
        ("declarers", 1),
        *ClassicWhist.scorecard_units[2:],
    )
    table_card_headings = (
        gettext_lazy("Declarers"),
        gettext_lazy("Bid"),
        gettext_lazy("Trumps"),
        gettext_lazy("Tricks with the kitty"),
        gettext_lazy("Points"),
    )
    table_card_suit_column = 2
    table_card_note = True
    #: A cell holds the declarers, the bid, the tricks and the points.
    results_grid_tables = 8
    csv_header = (
        "round",
        "hand",
        "table",
        "north",
        "east",
        "south",
        "west",
        "dealer",
        "declarers",
        "bid",
        "trumps",
        "declarers' tricks",
        "ns points",
        "ew points",
    )

    # The deals -----------------------------------------------------------------------------

    def deals(self, round_number: int) -> list[DealInfo]:
        """The hands of a round: trumps are the declarers' to name; the deal passes to the
        left each hand."""
        return [
            DealInfo(n, None, dealer_for_deal(n), at_table=True, bid=True)
            for n in self.drive.deals_of_round(round_number)
        ]

    @property
    def scoring_label(self):
        return gettext_lazy("Bid whist: the declarers' points")

    # A table's figures ----------------------------------------------------------------------

    def check(self, table: int, deals: list[DealInfo], typed: Typed) -> Figures:
        """Each hand checked by ``scoring.bidwhist``; a hand not typed says what is missing.
        The dealer is the rotation's unless the table says otherwise."""
        checked, problems, sentences = {}, [], []
        for deal in deals:
            where = {"table": table, "deal": deal.number}
            hand = dict.fromkeys(hands.PARTS) | dict(typed.get(deal.number, {}))
            hand["dealer"] = hand["dealer"] or deal.dealer
            hand["trumps"] = hand["trumps"] or ""
            missing = {part: label for part, label in _NEEDED if hand[part] in ("", None)}
            if missing:
                text = HAND_MISSING % (where | {"missing": ", ".join(map(str, missing.values()))})
                sentences.append(text)
                problems += [Problem(deal.number, part, text) for part in missing]
                continue
            try:
                record = hands.hand_record(self.drive, hand)
            except BidWhistError as error:
                sentences.append(AT_HAND % (where | {"error": refusal_text(error)}))
                part = hands.PART_OF_CODE.get(error.code, "level")
                problems.append(Problem(deal.number, part, refusal_text(error)))
                continue
            checked[deal.number] = hands.figures_of(record)
        if problems:
            raise FiguresRefused(sentences[0], tuple(problems))
        return Figures(checked)

    def pending_fields(self, figures: Figures) -> dict[str, dict[str, Any]]:
        deals = sorted(figures.deals.items())
        return {
            "tricks": {str(deal): f.ns_tricks for deal, f in deals},
            "honours": {},
            "trumps": {},
            "hands": {str(deal): hands.hand_json(f) for deal, f in deals},
        }

    def sent_figures(self, entry) -> Figures:
        return Figures(
            {int(deal): hands.figures_of_json(data) for deal, data in entry.hands.items()}
        )

    # Scoring ----------------------------------------------------------------------------------

    def points_of(self) -> Callable[[Result], tuple[int, int]]:
        """Scores each outcome once, under the drive's house rules."""
        outcomes: dict[tuple, tuple[int, int]] = {}
        rules = hands.house_rules(self.drive)

        def points(result: Result) -> tuple[int, int]:
            outcome = (
                result.ns_tricks,
                result.trumps,
                result.declarers,
                result.bid_level,
                result.bid_strain,
            )
            known = outcomes.get(outcome)
            if known is None:
                known = outcomes[outcome] = hands.stored_record(result).side_points(rules)
            return known

        return points

    def round_winner(self, results: Iterable[Result]) -> Side:
        """The pair with more points over the table's hands of the round."""
        rules = hands.house_rules(self.drive)
        return winner_on_points(
            [
                hands.stored_record(result).side_points(rules)
                for result in sorted(results, key=lambda result: result.deal)
            ]
        )

    # What the pages show ------------------------------------------------------------------

    def shown_result(self, result) -> dict[str, Any] | None:
        """A stored hand's bid, trumps and points, for the round page."""
        if result is None:
            return None
        ns, ew = hands.stored_record(result).side_points(hands.house_rules(self.drive))
        return {
            "bid": hands.bid_text(result.bid_level, result.bid_strain),
            "trumps": result.get_trumps_display() if result.trumps else "",
            "ns": ns,
            "ew": ew,
        }

    def hand_lines(self, figures: Figures) -> list[hands.HandLine]:
        """Each hand with its points, as the phone, the dashboard and the history show it."""
        return [hands.hand_line(self.drive, deal, f) for deal, f in sorted(figures.deals.items())]

    def sent_text(self, entry) -> str:
        return "; ".join(map(str, self.hand_lines(self.sent_figures(entry))))

    def deal_parts(self, entry) -> dict[int, list[str]]:
        """Each hand's declarers, bid with its trumps, tricks and the declarers' points:
        a dispute marks which of them differ."""
        return {
            line.deal: [
                line.declarers,
                f"{line.bid} {line.trumps}".strip(),
                ngettext("%(tricks)d trick", "%(tricks)d tricks", line.tricks)
                % {"tricks": line.tricks},
                f"{line.points:+d}",
            ]
            for line in self.hand_lines(self.sent_figures(entry))
        }

    def stored_text(self, result) -> str:
        if not result.declarers:
            return super().stored_text(result)
        return str(hands.hand_line(self.drive, result.deal, result))

    def correction_text(self, change) -> str:
        """ "N–S 4 downtown ♠, 10 tricks → N–S 5 downtown ♠, 10 tricks"."""
        if not change.new_details.get("declarers"):
            return super().correction_text(change)
        old = _hand_text(change.old_details, change.old_ns_tricks)
        return f"{old} → {_hand_text(change.new_details, change.new_ns_tricks)}"

    def csv_row(self, result: Result, seated: list[str]) -> list[object]:
        return [
            result.round,
            result.deal,
            result.table,
            *seated,
            result.dealer,
            result.declarers,
            hands.bid_text(result.bid_level, result.bid_strain),
            result.trumps,
            result.declarer_tricks,
            result.ns_points,
            result.ew_points,
        ]

    # What the printed sheets show ----------------------------------------------------------

    def card_trumps(self, deal: DealInfo, hand) -> tuple[str, str | None]:
        """The bid with its trumps, "4↓♥", once the table has recorded the hand."""
        if hand is None:
            return "", None
        suit = Suit(hand.trumps) if hand.trumps else None
        return hands.bid_mark(hand) + (trumps_symbol(suit) if suit else ""), None

    def card_cells(self, deal: DealInfo, hand, *, seated: bool, blank: bool) -> tuple[str, ...]:
        """Who deals at the player's table (the rotation's, or as recorded) and the side that
        won the bid once recorded; blank where the player sits out."""
        if not seated:
            return ("", "")
        dealer = hand.dealer if hand is not None and hand.dealer else deal.dealer
        declarers = side_name(hand.declarers) if hand is not None and not blank else ""
        return (str(SEAT_LETTERS[dealer]), str(declarers))

    def table_card_cells(self, hand) -> list[str]:
        if hand is None:
            return ["", "", "", "", ""]
        suit = Suit(hand.trumps) if hand.trumps else None
        points = hands.stored_record(hand).points(hands.house_rules(self.drive))
        return [
            str(side_name(hand.declarers)),
            hands.bid_mark(hand),
            trumps_symbol(suit) if suit else "",
            str(hand.declarer_tricks),
            f"{points:+d}" if points else "0",
        ]

    def grid_cell(self, result: Result, hand) -> str:
        points = result.ns_points if result.declarers == "NS" else result.ew_points
        trumps = trumps_symbol(Suit(hand.trumps)) if hand.trumps else ""
        side = side_name(hand.declarers)
        return f"{side} {hands.bid_mark(hand)}{trumps} {result.declarer_tricks} ({points:+d})"

    # Computer players ------------------------------------------------------------------

    def play_table(self, round_number: int, table: int, seeds: Mapping[int, int]) -> Typed:
        typed = {}
        rules = hands.house_rules(self.drive)
        for deal, seed in seeds.items():
            hand = simulate_hand(seed, dealer_for_deal(deal), rules)
            contract = hand.contract
            typed[deal] = {
                "dealer": hand.dealer,
                "declarers": contract.side,
                "level": contract.bid.level,
                "strain": contract.bid.strain.value,
                "trumps": contract.trumps.value if contract.trumps else "",
                "tricks": hand.tricks,
            }
        return typed

    # The set-up ------------------------------------------------------------------------------

    @staticmethod
    def setup_problems(data):
        if data.get("honours"):
            return {"honours": gettext_lazy("Bid whist scores no honours: untick them.")}
        return {}


def _hand_text(details: dict, ns_tricks: int) -> str:
    """A corrected hand as it stood: "N–S 4 downtown ♠, 10 tricks"."""
    declarers = details.get("declarers", "")
    if not declarers:
        return str(ns_tricks)
    trumps = details.get("trumps", "")
    return _("%(side)s %(bid)s%(trumps)s, %(tricks)d tricks") % {
        "side": SIDES[declarers],
        "bid": hands.bid_text(details.get("bid_level"), details.get("bid_strain", "")),
        "trumps": f" {Suit(trumps).symbol}" if trumps else "",
        "tricks": side_tricks(declarers, ns_tricks),
    }
