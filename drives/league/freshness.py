"""What a season's and a player's public pages show, as ETag stamps (``drives.conditional``)."""

from drives.conditional import row_values, rows_digest
from drives.league.records import player_drives
from drives.models import Drive, DriveStatus, Player, Season
from drives.reports.summaries import drive_fingerprints


def season_stamp(pk: int):
    """The season and its club, the club's seasons and players, the season's drives."""
    season = Season.objects.select_related("club").filter(pk=pk).first()
    if season is None:
        return None
    drives = list(Drive.objects.filter(season=season))
    finished = [drive for drive in drives if drive.status == DriveStatus.FINISHED]
    return (
        row_values(season),
        row_values(season.club),
        rows_digest(season.club.seasons.all()),
        rows_digest(Player.objects.filter(club_id=season.club_id)),
        sorted(map(row_values, drives)),
        sorted(drive_fingerprints(finished).items()),
    )


def player_stamp(pk: int):
    """The player and their club, the club's seasons and players, the drives the page shows."""
    player = Player.objects.select_related("club").filter(pk=pk).first()
    if player is None:
        return None
    _season, drives = player_drives(player)
    return (
        row_values(player.club),
        rows_digest(player.club.seasons.all()),
        rows_digest(Player.objects.filter(club_id=player.club_id)),
        sorted(drive_fingerprints(drives).items()),
    )
