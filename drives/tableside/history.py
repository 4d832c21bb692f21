"""A table's history for the organiser: every figure sent from its link, every confirmation,
dispute and settlement, and every correction, with where it came from and when."""

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _

from drives import games
from drives.models import Drive, PendingEntry, ResultChange, ResultSource, TableResult


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
    game = games.of(drive)
    for entry in PendingEntry.objects.filter(drive=drive, table=table):
        figures = game.sent_text(entry)
        what = _("%(side)s sent figures, now %(state)s") % {
            "side": entry.get_side_display(),
            "state": entry.get_state_display(),
        }
        source = str(ResultSource.TABLE.label)
        events.append(Event(entry.created_at, entry.round, source, what, figures))
    for result in TableResult.objects.filter(drive=drive, table=table).select_related("entered_by"):
        who = result.entered_by.get_username() if result.entered_by else ""
        deal = game.deal_name(result.round, table, result.deal)
        what = _("%(deal)s stored") % {"deal": deal.word}
        source = result.get_source_display() + (f" ({who})" if who else "")
        events.append(
            Event(
                result.entered_at,
                result.round,
                source,
                what,
                game.stored_text(result),
            )
        )
    for change in ResultChange.objects.filter(
        result__drive=drive, result__table=table
    ).select_related("result", "changed_by"):
        who = change.changed_by.get_username() if change.changed_by else ""
        source = ResultSource(change.source).label + (f" ({who})" if who else "")
        deal = game.deal_name(change.result.round, table, change.result.deal)
        what = _("%(deal)s corrected") % {"deal": deal.word}
        figures = game.correction_text(change)
        events.append(Event(change.changed_at, change.result.round, source, what, figures))
    return sorted(events, key=lambda event: event.at, reverse=True)
