"""The locks and the state checks every write of the evening takes first.

A write that touches the whole drive locks its row (``drive_locked``), so two organisers
never interleave; one that touches a table of a round locks that table (``table_locked``).
"""

from django.db import connection
from django.utils.translation import gettext as _

from drives.errors import DriveError
from drives.models import (
    Drive,
    Seating,
)


def drive_locked(drive: Drive) -> Drive:
    """The drive's row, locked for this transaction, so two organisers never interleave."""
    return Drive.objects.select_for_update().get(pk=drive.pk)


def table_locked(drive: Drive, round_number: int, table: int) -> Drive:
    """The drive's row under a share lock and one table's seats of the round locked.

    For a write that touches one table of a round: the posts of two phones (or of a phone
    and the organiser) for the same table queue one behind the other, posts for other
    tables go on beside them, and whatever locks the whole drive (opening the next round,
    finishing, check-in) waits for the posts under way, which wait for it in turn.
    SQLite has no row locks: its IMMEDIATE transactions serialise every write.
    """
    if connection.vendor == "postgresql":
        table_name = connection.ops.quote_name(Drive._meta.db_table)
        drive = Drive.objects.raw(
            f"SELECT * FROM {table_name} WHERE id = %s FOR SHARE",
            [drive.pk],
        )[0]
    else:
        drive = Drive.objects.get(pk=drive.pk)
    list(
        Seating.objects.select_for_update()
        .filter(drive=drive, round=round_number, table=table)
        .values_list("pk", flat=True)
    )
    return drive


def require_status(drive: Drive, *statuses: str, action: str) -> None:
    if drive.status not in statuses:
        raise DriveError(
            _("You cannot %(action)s: the drive is %(status)s.")
            % {"action": action, "status": drive.get_status_display().lower()}
        )


def refuse_paper(drive: Drive) -> None:
    """A paper drive is scored from its cards' totals (``drives.paper``), never deal by deal."""
    if drive.on_paper:
        raise DriveError(
            _("This drive is played on paper: type the card totals and finish it from there.")
        )
