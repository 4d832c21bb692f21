"""A table's history for the organiser: every figure sent from its link, every confirmation,
dispute and settlement, and every correction, with where it came from and when."""

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _

from drives.bidwhist import records
from drives.errors import SIDES
from drives.models import Drive, PendingEntry, ResultChange, ResultSource, TableResult
from scoring.cards import Suit
from scoring.results import side_tricks


@dataclass(frozen=True)
class Event:
    at: datetime
    round: int
    source: str  # a ResultSource label
    what: str
    figures: str


def table_history(drive: Drive, table: int) -> list[Event]:
    """Three queries; the newest event first."""
    events = []
    for entry in PendingEntry.objects.filter(drive=drive, table=table):
        if drive.is_bid_whist:
            figures = "; ".join(map(str, records.sent_lines(drive, entry.hands)))
        else:
            figures = ", ".join(
                f"{ns}–{ew}{f' {trumps}' if trumps else ''}"
                for _deal, ns, ew, _honours, trumps in entry.rows()
            )
        what = _("%(side)s sent figures, now %(state)s") % {
            "side": entry.get_side_display(),
            "state": entry.get_state_display(),
        }
        source = str(ResultSource.TABLE.label)
        events.append(Event(entry.created_at, entry.round, source, what, figures))
    for result in TableResult.objects.filter(drive=drive, table=table).select_related("entered_by"):
        who = result.entered_by.get_username() if result.entered_by else ""
        what = _("deal %(deal)d stored") % {"deal": result.deal}
        source = result.get_source_display() + (f" ({who})" if who else "")
        events.append(
            Event(
                result.entered_at,
                result.round,
                source,
                what,
                _stored_figures(drive, result),
            )
        )
    for change in ResultChange.objects.filter(
        result__drive=drive, result__table=table
    ).select_related("result", "changed_by"):
        who = change.changed_by.get_username() if change.changed_by else ""
        source = ResultSource(change.source).label + (f" ({who})" if who else "")
        what = _("deal %(deal)d corrected") % {"deal": change.result.deal}
        if drive.is_bid_whist and change.new_details.get("declarers"):
            old = _hand_text(change.old_details, change.old_ns_tricks)
            figures = f"{old} → {_hand_text(change.new_details, change.new_ns_tricks)}"
        else:
            figures = f"{change.old_ns_tricks} → {change.new_ns_tricks}"
        events.append(Event(change.changed_at, change.result.round, source, what, figures))
    return sorted(events, key=lambda event: event.at, reverse=True)


def _stored_figures(drive: Drive, result: TableResult) -> str:
    if drive.is_bid_whist and result.declarers:
        return str(records.hand_line(drive, result.deal, records.stored_record(result)))
    return f"{result.ns_tricks}–{result.ew_tricks}"


def _hand_text(details: dict, ns_tricks: int) -> str:
    """A corrected bid whist hand as it stood: "N–S 4 downtown ♠, 10 tricks"."""
    declarers = details.get("declarers", "")
    if not declarers:
        return str(ns_tricks)
    trumps = details.get("trumps", "")
    return _("%(side)s %(bid)s%(trumps)s, %(tricks)d tricks") % {
        "side": SIDES[declarers],
        "bid": records.bid_text(details.get("bid_level"), details.get("bid_strain", "")),
        "trumps": f" {Suit(trumps).symbol}" if trumps else "",
        "tricks": side_tricks(declarers, ns_tricks),
    }
