"""A bid whist hand as a table records it, checked, scored, and its mistakes put into words."""

import dataclasses
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from drives.errors import SIDES, DriveError, refusal_text
from drives.models import Drive
from scoring.bidwhist import HandRecord, HouseRules, winner_on_points
from scoring.bidwhist.auction import check_level
from scoring.cards import Side, Suit
from scoring.errors import BidWhistError
from scoring.results import side_tricks


@dataclass(frozen=True)
class HandEntry:
    """What a table reports for one hand; blanks are "" or None, as the page posts them."""

    dealer: str
    declarers: str
    level: int | None
    strain: str
    trumps: str  # "" at no trumps
    tricks: int | None  # the declarers', the kitty included

    @property
    def is_blank(self) -> bool:
        typed = (self.declarers, self.level, self.strain, self.trumps, self.tricks)
        return all(value in ("", None) for value in typed)


def house_rules(drive: Drive) -> HouseRules:
    return HouseRules(
        no_trumps_double=drive.no_trumps_double,
        boston_bonus=drive.boston_bonus,
        minimum_bid=drive.minimum_bid,
    )


def hand_record(drive: Drive, entry: HandEntry) -> HandRecord:
    """The hand as ``scoring`` checks it under the drive's minimum bid; raises
    :class:`BidWhistError`, whose ``code`` says which part is wrong (:data:`PART_OF_CODE`)."""
    check_level(entry.level, minimum=drive.minimum_bid)
    return HandRecord(
        dealer=entry.dealer,  # type: ignore[arg-type]
        side=entry.declarers,  # type: ignore[arg-type]
        level=entry.level,  # type: ignore[arg-type]
        strain=entry.strain,  # type: ignore[arg-type]
        trumps=Suit(entry.trumps) if entry.trumps else None,
        tricks=entry.tricks,  # type: ignore[arg-type]
    )


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


def check_hand(drive: Drive, table: int, deal: int, entry: HandEntry) -> HandRecord:
    """The hand as ``scoring`` checks it, or a :class:`DriveError` naming the table and hand."""
    where = {"table": table, "deal": deal}
    missing = [
        label
        for label, value in (
            (_("the declaring side"), entry.declarers),
            (_("the bid"), entry.level),
            (_("uptown, downtown or no trumps"), entry.strain),
            (_("the declarers' tricks"), entry.tricks),
        )
        if value in ("", None)
    ]
    if missing:
        raise DriveError(
            _("Table %(table)d, hand %(deal)d: enter %(missing)s.")
            % (where | {"missing": ", ".join(missing)})
        )
    try:
        return hand_record(drive, entry)
    except BidWhistError as error:
        message = _("Table %(table)d, hand %(deal)d: %(error)s")
        raise DriveError(message % (where | {"error": refusal_text(error)})) from error


def entry_of(record: HandRecord) -> HandEntry:
    """A checked hand as the pages and pending entries hold it, in one spelling."""
    return HandEntry(
        dealer=record.dealer,
        declarers=record.side,
        level=record.level,
        strain=record.strain.value,
        trumps=record.trumps.value if record.trumps else "",
        tricks=record.tricks,
    )


def hand_as_json(entry: HandEntry) -> dict[str, object]:
    return dataclasses.asdict(entry)


def hand_from_json(data: dict[str, Any]) -> HandEntry:
    parts: dict[str, Any] = {name: data.get(name) for name in HandEntry.__dataclass_fields__}
    return HandEntry(**parts)


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


def hand_line(drive: Drive, deal: int, record: HandRecord) -> HandLine:
    """The hand with its points as ``scoring`` counts them under the drive's house rules."""
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


def sent_lines(drive: Drive, hands: dict[str, dict]) -> list[HandLine]:
    """The hands a side sent from its phone (``PendingEntry.hands``), checked when sent."""
    return [
        hand_line(drive, int(deal), hand_record(drive, hand_from_json(data)))
        for deal, data in sorted(hands.items(), key=lambda item: int(item[0]))
    ]


def stored_record(result) -> HandRecord:
    """A stored hand (a ``TableResult`` or a row with its columns) as ``scoring`` reads it."""
    return HandRecord(
        dealer=result.dealer,
        side=result.declarers,
        level=result.bid_level,
        strain=result.bid_strain,
        trumps=Suit(result.trumps) if result.trumps else None,
        tricks=side_tricks(result.declarers, result.ns_tricks),
    )


def bid_text(level: int | None, strain: str) -> str:
    """ "4 downtown", "3 no trumps", in the page's language; "" without a bid."""
    if level is None:
        return ""
    words = {"uptown": _("uptown"), "downtown": _("downtown"), "nt": _("no trumps")}
    return f"{level} {words.get(strain, strain)}"


def table_winner(drive: Drive, results) -> Side:
    """ "NS" or "EW": the pair with more points over a table's stored hands of a round
    (``TableResult`` rows), for a progressive drive's moves."""
    rules = house_rules(drive)
    hands = [
        stored_record(result).side_points(rules)
        for result in sorted(results, key=lambda result: result.deal)
    ]
    return winner_on_points(hands)
