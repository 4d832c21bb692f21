"""What a drive's public pages (the drive page, its standings) show, as an ETag stamp."""

from drives.conditional import row_values, rows_digest
from drives.evening.summaries import drive_fingerprints
from drives.models import Drive, DriveStatusChange, Player


def drive_stamp(pk: int):
    """The drive, its club and season, the club's players, the drive's results and status."""
    drive = Drive.objects.select_related("club", "season").filter(pk=pk).first()
    if drive is None:
        return None
    return (
        row_values(drive.club),
        row_values(drive.season),
        rows_digest(Player.objects.filter(club_id=drive.club_id)),
        rows_digest(DriveStatusChange.objects.filter(drive_id=pk)),
        drive_fingerprints([drive])[drive.pk],
    )
