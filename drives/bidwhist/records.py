"""A bid whist hand as a table records it, checked, scored, and its mistakes put into words."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from drives.errors import DriveError, refusal_text
from drives.models import Drive
from scoring.bidwhist import HandRecord, HouseRules
from scoring.bidwhist.auction import check_level
from scoring.cards import Suit
from scoring.errors import BidWhistError


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
        check_level(entry.level, minimum=drive.minimum_bid)
        return HandRecord(
            dealer=entry.dealer,  # type: ignore[arg-type]
            side=entry.declarers,  # type: ignore[arg-type]
            level=entry.level,  # type: ignore[arg-type]
            strain=entry.strain,  # type: ignore[arg-type]
            trumps=Suit(entry.trumps) if entry.trumps else None,
            tricks=entry.tricks,  # type: ignore[arg-type]
        )
    except BidWhistError as error:
        message = _("Table %(table)d, hand %(deal)d: %(error)s")
        raise DriveError(message % (where | {"error": refusal_text(error)})) from error


def stored_record(result) -> HandRecord:
    """A stored hand (a ``TableResult`` or a row with its columns) as ``scoring`` reads it."""
    declarers = result.declarers
    tricks = result.ns_tricks if declarers == "NS" else 13 - result.ns_tricks
    return HandRecord(
        dealer=result.dealer,
        side=declarers,
        level=result.bid_level,
        strain=result.bid_strain,
        trumps=Suit(result.trumps) if result.trumps else None,
        tricks=tricks,
    )


def bid_text(level: int | None, strain: str) -> str:
    """ "4 downtown", "3 no trumps", in the page's language; "" without a bid."""
    if level is None:
        return ""
    words = {"uptown": _("uptown"), "downtown": _("downtown"), "nt": _("no trumps")}
    return f"{level} {words.get(strain, strain)}"
