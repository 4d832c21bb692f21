"""Players who stay put: marking, before the start, who keeps one table all evening.

A member's record carries the standing preference (``Player.stays``), copied to the
entry at check-in; here the organiser changes it for the evening. The movement works
round them when the drive starts (``seating``, ``scoring.movements.stationary``); at most
one a table.
"""

from collections.abc import Iterable

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drives.errors import DriveError, refusing
from drives.evening import seating
from drives.evening.guards import drive_locked, require_status
from drives.models import Drive, DriveStatus, Entry, Seating


@refusing
@transaction.atomic
def entry_stays(*, drive: Drive, entry: Entry, stays: bool) -> Entry:
    """Mark ``entry`` as staying at one table all evening, or as moving as usual; returns it.

    Refused once the drive has started (the movement is planned round them at the start)
    and when it would leave more players who stay put than tables.
    """
    drive = drive_locked(drive)
    require_status(drive, DriveStatus.PLANNED, action=_("change who stays at one table"))
    entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk, drive=drive)
    if stays and not entry.stays:
        already = list(drive.entries.filter(stays=True).select_related("player"))
        tables = seating.table_plan(drive.movement, drive.entries.count()).tables
        if len(already) + 1 > tables:
            raise DriveError(_too_many(tables, already))
    entry.stays = stays
    entry.save(update_fields=["stays"])
    return entry


def _too_many(tables: int, already: list[Entry]) -> str:
    limit = ngettext(
        "There is %(tables)d table tonight, so one player at most can stay put.",
        "There are %(tables)d tables tonight, so %(tables)d players at most can stay put, "
        "one a table.",
        tables,
    ) % {"tables": tables}
    names = ", ".join(entry.player.name for entry in already)
    if not names:
        return limit
    already_text = _("Already staying: %(names)s.") % {"names": names}
    return f"{limit} {already_text}"


def stay_tables(drive: Drive) -> dict[int, int]:
    """Each entry that stays put → the table it keeps, in one query."""
    return kept_tables(
        Seating.objects.filter(drive=drive, entry__stays=True).values_list(
            "entry_id", "round", "table"
        )
    )


def kept_tables(seats: Iterable[tuple[int, int, int]]) -> dict[int, int]:
    """Entry → the table of its first round, from (entry, round, table) rows: for a player who
    stays put, the table they keep all evening."""
    first: dict[int, tuple[int, int]] = {}
    for entry_id, round_number, table in seats:
        if entry_id not in first or round_number < first[entry_id][0]:
            first[entry_id] = (round_number, table)
    return {entry_id: table for entry_id, (_, table) in first.items()}
