"""Each player's own result of a finished drive, as their e-mail tells it."""

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from drives.league.records import SeasonData, season_league
from drives.models import Drive, Player
from drives.names import PublicNames
from drives.reports.summaries import Placing, PrizeWinners, drive_summaries
from scoring.errors import LeagueError


@dataclass(frozen=True)
class PlayerResult:
    place: str  # "=3" when shared, as the standings print it
    players: int  # how many were placed (pairs in the field, for a drive of pairs)
    points: Decimal
    prizes: tuple[PrizeWinners, ...]
    league_place: str  # "" without a season, or while the player is unranked
    league_figure: Decimal | None
    # A drive of pairs ranked in fields (compass whist): the partner's name, the field
    # the place is in ("N–S", "E–W", or "overall" for a Howell's one) and the pair's
    # percentage (matchpoints; None with compass scores, which ``points`` holds).
    partner: str = ""
    field: str = ""
    percentage: Decimal | None = None


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
    partners = _partners(drive, summary.placings)
    results = {}
    for placing in summary.placings:
        line = league.get(placing.player)
        results[placing.player] = PlayerResult(
            place=placing.rank_label,
            players=summary.placed_with(placing),
            points=placing.points,
            prizes=tuple(prize for prize in summary.prizes if placing.player in prize.players),
            league_place=line.place if line else "",
            league_figure=line.row.figure if line else None,
            partner=partners.get(placing.player, ""),
            field=placing.field,
            percentage=placing.percentage,
        )
    return results


def _partners(drive: Drive, placings: Sequence[Placing]) -> dict[int, str]:
    """Each player's partner's name in a drive of pairs (one query); none otherwise."""
    pairs: dict[int, list[int]] = defaultdict(list)
    for placing in placings:
        if placing.pair is not None:
            pairs[placing.pair].append(placing.player)
    if not pairs:
        return {}
    names = PublicNames.for_club(drive.club)
    players = Player.objects.in_bulk([pk for pair in pairs.values() for pk in pair])
    return {
        pk: " & ".join(names.player(players[other]) for other in pair if other != pk)
        for pair in pairs.values()
        for pk in pair
    }
