"""A bid whist hand as a table records it: checked and scored by ``scoring.bidwhist``, its
bid put into words, and kept on a side's pending entry."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from drives.games.figures import DealFigures
from drives.models import Drive
from drives.seats import SIDES, no_trump_contract
from scoring.bidwhist import HandRecord, HouseRules
from scoring.bidwhist.auction import check_level
from scoring.cards import Suit
from scoring.results import ns_tricks_of, side_tricks

#: The parts of a hand a table types: who dealt and declared, the bid, trumps, and the
#: declarers' tricks with the kitty.
PARTS = ("dealer", "declarers", "level", "strain", "trumps", "tricks")

#: The part of a hand each of ``scoring``'s refusals is about, so a page shows it there.
PART_OF_CODE = {
    "bid_level": "level",
    "bid_below_minimum": "level",
    "bid_strain": "strain",
    "nt_with_trumps": "trumps",
    "trumps_needed": "trumps",
    "tricks_range": "tricks",
    "declaring_side": "declarers",
    "dealer": "dealer",
}

#: A bid's uptown or downtown as a mark after its number: "4↓" (no trumps: ``bid_mark``).
STRAIN_MARKS = {"uptown": "↑", "downtown": "↓"}


def house_rules(drive: Drive) -> HouseRules:
    return HouseRules(
        no_trumps_double=drive.no_trumps_double,
        boston_bonus=drive.boston_bonus,
        minimum_bid=drive.minimum_bid,
    )


def hand_record(drive: Drive, hand: Mapping[str, Any]) -> HandRecord:
    """A typed hand (its :data:`PARTS`) as ``scoring`` checks it under the drive's minimum
    bid; raises ``BidWhistError``, whose ``code`` says which part is wrong."""
    check_level(hand["level"], minimum=drive.minimum_bid)
    return HandRecord(
        dealer=hand["dealer"],
        side=hand["declarers"],
        level=hand["level"],
        strain=hand["strain"],
        trumps=Suit(hand["trumps"]) if hand["trumps"] else None,
        tricks=hand["tricks"],
    )


def stored_record(result) -> HandRecord:
    """A stored hand (a ``TableResult``, or anything with its columns) as ``scoring`` reads it."""
    return HandRecord(
        dealer=result.dealer,
        side=result.declarers,
        level=result.bid_level,
        strain=result.bid_strain,
        trumps=Suit(result.trumps) if result.trumps else None,
        tricks=side_tricks(result.declarers, result.ns_tricks),
    )


def figures_of(record: HandRecord) -> DealFigures:
    """A checked hand in the columns a result stores."""
    return DealFigures(
        ns_tricks=ns_tricks_of(record.side, record.tricks),
        trumps=record.trumps.value if record.trumps else "",
        dealer=record.dealer,
        declarers=record.side,
        bid_level=record.level,
        bid_strain=record.strain.value,
    )


def hand_json(figures: DealFigures) -> dict[str, Any]:
    """A checked hand as a pending entry keeps it: the parts as the table typed them."""
    return {
        "dealer": figures.dealer,
        "declarers": figures.declarers,
        "level": figures.bid_level,
        "strain": figures.bid_strain,
        "trumps": figures.trumps,
        "tricks": side_tricks(figures.declarers, figures.ns_tricks),
    }


def figures_of_json(data: Mapping[str, Any]) -> DealFigures:
    """A pending entry's hand (:func:`hand_json`), checked when it was sent."""
    return DealFigures(
        ns_tricks=ns_tricks_of(data["declarers"], data["tricks"]),
        trumps=data.get("trumps") or "",
        dealer=data["dealer"],
        declarers=data["declarers"],
        bid_level=data["level"],
        bid_strain=data["strain"],
    )


def bid_text(level: int | None, strain: str) -> str:
    """ "4 downtown", "3 no trumps", in the page's language; "" without a bid."""
    if level is None:
        return ""
    words = {"uptown": _("uptown"), "downtown": _("downtown"), "nt": _("no trumps")}
    return f"{level} {words.get(strain, strain)}"


def bid_mark(result) -> str:
    """A stored hand's bid as the printed sheets mark it: "4↓", "3NT" ("3 SA" in French)."""
    if result.bid_strain == "nt":
        return no_trump_contract(result.bid_level)
    return f"{result.bid_level}{STRAIN_MARKS.get(result.bid_strain, '')}"


@dataclass(frozen=True)
class HandLine:
    """A checked hand as a phone, the dashboard and the history show it."""

    deal: int
    declarers: str  # "N–S"
    bid: str  # "4 downtown"
    trumps: str  # a suit symbol, "" at no trumps
    tricks: int
    ns: int
    ew: int

    @property
    def points(self) -> int:
        return self.ns if self.declarers == SIDES["NS"] else self.ew

    def __str__(self) -> str:
        return _("%(side)s %(bid)s%(trumps)s, %(tricks)d tricks: %(points)+d") % {
            "side": self.declarers,
            "bid": self.bid,
            "trumps": f" {self.trumps}" if self.trumps else "",
            "tricks": self.tricks,
            "points": self.points,
        }


def hand_line(drive: Drive, deal: int, hand) -> HandLine:
    """A hand (stored, or checked figures) with its points under the drive's house rules."""
    record = stored_record(hand)
    ns, ew = record.side_points(house_rules(drive))
    return HandLine(
        deal=deal,
        declarers=str(SIDES[record.side]),
        bid=bid_text(record.level, record.strain.value),
        trumps=record.trumps.symbol if record.trumps else "",
        tricks=record.tricks,
        ns=ns,
        ew=ew,
    )
