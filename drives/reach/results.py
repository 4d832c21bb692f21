"""Each player's own result of a finished drive, as their e-mail tells it."""

from dataclasses import dataclass
from decimal import Decimal

from drives.league.records import SeasonData, season_league
from drives.models import Drive
from drives.reports.summaries import PrizeWinners, drive_summaries
from scoring.errors import LeagueError


@dataclass(frozen=True)
class PlayerResult:
    place: str  # "=3" when shared, as the standings print it
    players: int  # how many were placed
    points: Decimal
    prizes: tuple[PrizeWinners, ...]
    league_place: str  # "" without a season, or while the player is unranked
    league_figure: Decimal | None


def drive_results(drive: Drive) -> dict[int, PlayerResult]:
    """Every placed player's result by player id; a constant number of queries."""
    summary = drive_summaries([drive])[drive.pk]
    league = {}
    if drive.season is not None:
        try:
            lines = season_league(SeasonData.load(drive.season)).lines
        except LeagueError:
            lines = []  # an incomplete rule is explained on the season page, not in e-mails
        league = {line.player.pk: line for line in lines}
    results = {}
    for placing in summary.placings:
        line = league.get(placing.player)
        results[placing.player] = PlayerResult(
            place=placing.rank_label,
            players=len(summary.placings),
            points=placing.points,
            prizes=tuple(prize for prize in summary.prizes if placing.player in prize.players),
            league_place=line.place if line else "",
            league_figure=line.row.figure if line else None,
        )
    return results
