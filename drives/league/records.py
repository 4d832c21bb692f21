"""League tables, players' records and the club's news, read from the database.

A season's finished drives, their entries, seatings and results load in a
fixed number of queries whatever the number of drives; each drive's standings
come from :func:`drives.reports.summaries.drive_summaries` (cached) and feed
:func:`scoring.league.league_table`.

Ladies' and gents' tables use the player's usual role (``Player.role``); a
player whose role is "either" is listed with the gents, as for prizes.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from drives.models import UPCOMING_STATUSES, Club, Drive, DriveStatus, Entry, Player, Season
from drives.reports.summaries import (
    DriveSummary,
    Leader,
    Placing,
    PrizeWinners,
    drive_summaries,
)
from scoring.errors import LeagueError
from scoring.league import (
    Contribution,
    DriveResult,
    LeagueKind,
    LeagueRow,
    LeagueRule,
    climb_arrow,
    league_table,
)
from scoring.standings import rank_label

ROLES: dict[str, tuple[str, ...]] = {"lady": ("lady",), "gent": ("gent", "either")}


def league_rule(season: Season) -> LeagueRule:
    """The season's rule as ``scoring`` reads it; raises ``LeagueError`` if it is incomplete.

    Placing points are typed by the organiser as "10,8,6,5,4,3,2,1"; spaces are allowed.
    """
    text = season.placing_points.replace(" ", "")
    try:
        placing = tuple(int(points) for points in text.split(",") if points)
    except ValueError:
        raise LeagueError(
            _('Placing points are whole numbers separated by commas, not "%(points)s".')
            % {"points": season.placing_points},
            # Worded here in the page's language already: refusal_text shows it as it is.
            code="placing_points_text",
        ) from None
    return LeagueRule(
        LeagueKind(season.league_rule),
        best_n=season.best_n,
        placing_points=placing or (0,),
        minimum_drives=season.minimum_drives,
    )


@dataclass(frozen=True)
class SeasonData:
    """A season's finished drives (in the order played) and their summaries."""

    season: Season
    drives: list[Drive]
    summaries: dict[int, DriveSummary]

    @classmethod
    def load(cls, season: Season) -> "SeasonData":
        drives = list(
            Drive.objects.filter(season=season, status=DriveStatus.FINISHED).order_by("date", "pk")
        )
        return cls(season, drives, drive_summaries(drives))

    def results(self) -> list[DriveResult]:
        return [
            DriveResult(
                drive.pk,
                placing.player,
                placing.rank,
                placing.points,
                field=placing.field,
                pair=placing.pair,
                percentage=placing.percentage,
            )
            for drive in self.drives
            for placing in self.summaries[drive.pk].placings
        ]


@dataclass(frozen=True)
class LeagueLine:
    """One row of a league table as pages show it."""

    player: Player
    row: LeagueRow
    cells: tuple[Contribution | None, ...]  # one per drive of the season; None: not played

    @property
    def place(self) -> str:
        if self.row.rank is None:
            return ""
        return rank_label(self.row.rank, self.row.shared)

    @property
    def place_order(self) -> int:
        """The rank for sorting, unranked players last."""
        return self.row.rank if self.row.rank is not None else 1_000_000

    @property
    def climb(self) -> int | None:
        return self.row.climb

    @property
    def climb_arrow(self) -> str:
        return climb_arrow(self.row.climb)

    @property
    def places_climbed(self) -> int:
        return abs(self.row.climb or 0)

    @property
    def climb_order(self) -> int:
        """Climb for sorting, players without one last."""
        return self.row.climb if self.row.climb is not None else -1_000_000


@dataclass(frozen=True)
class League:
    """A season's league table, for everyone or for one role."""

    season: Season
    rule: LeagueRule
    drives: list[Drive]
    lines: list[LeagueLine]
    role: str | None
    #: Drives the rule cannot count: with "percentage", those that give no one a
    #: percentage (not scored by matchpoints), for the page to name.
    uncounted: list[Drive] = field(default_factory=list)


def season_league(
    data: SeasonData, *, role: str | None = None, players: dict[int, Player] | None = None
) -> League:
    """The league table (one query for the players' names); ``role`` is "lady" or "gent".

    When the club keeps separate ladies' and gents' tables (``Season.by_role``)
    the role's players are ranked among themselves; otherwise the role only
    filters the overall table, which keeps its places.
    """
    rule = league_rule(data.season)
    results = data.results()
    if players is None:
        players = Player.objects.in_bulk({r.player for r in results})
    wanted = None
    if role in ROLES:
        wanted = {pk for pk, player in players.items() if player.role in ROLES[role]}
    else:
        role = None
    order = [drive.pk for drive in data.drives]
    rows = league_table(results, order, rule, players=wanted if data.season.by_role else None)
    if wanted is not None:
        rows = [row for row in rows if row.player in wanted]
    uncounted = []
    if rule.kind is LeagueKind.PERCENTAGE:
        uncounted = [
            drive
            for drive in data.drives
            if all(p.percentage is None for p in data.summaries[drive.pk].placings)
        ]
    lines = [_line(players, r, order) for r in rows]
    return League(data.season, rule, data.drives, lines, role, uncounted)


def _line(players: dict[int, Player], row: LeagueRow, order: Sequence[int]) -> LeagueLine:
    by_drive = {c.drive: c for c in row.contributions}
    return LeagueLine(players[row.player], row, tuple(by_drive.get(pk) for pk in order))


def current_season(seasons: Iterable[Season]) -> Season | None:
    """The latest season to have started (so the one running today), else the next one."""
    today = timezone.localdate()
    by_start = sorted(seasons, key=lambda s: (s.start, s.pk))
    started = [s for s in by_start if s.start <= today]
    if started:
        return started[-1]
    return by_start[0] if by_start else None


@dataclass(frozen=True)
class Evening:
    """A drive a player played: their placing and how many it was among (the players, or
    in a drive of pairs ranked in fields, the pairs of theirs)."""

    drive: Drive
    placing: Placing
    field: int


@dataclass(frozen=True)
class PlayerRecord:
    """Everything the player's page shows."""

    player: Player
    evenings: list[Evening]  # newest first
    season: Season | None
    league: League | None  # the table the player is ranked in this season
    line: LeagueLine | None
    season_drives: list[Drive]
    own_points: list[Decimal | None]  # per season drive; None when not played
    club_average: list[Decimal | None]  # per season drive


def player_drives(player: Player) -> tuple[Season | None, list[Drive]]:
    """The club's current season, and the finished drives a player's page shows: the
    player's own, and the rest of the current season for the league and chart."""
    season = current_season(player.club.seasons.all())
    # The ids first, then one lookup by two indexes: as a subquery ORed with the season,
    # PostgreSQL read every drive of the site (190 ms at a thousand clubs' five years).
    own = list(Entry.objects.filter(player=player).values_list("drive_id", flat=True))
    wanted = Q(pk__in=own)
    if season is not None:
        wanted |= Q(season=season)
    drives = list(
        Drive.objects.filter(wanted, status=DriveStatus.FINISHED)
        .select_related("season")
        .order_by("date", "pk")
    )
    return season, drives


def player_record(player: Player) -> PlayerRecord:
    """The player's drives and current league, in a fixed number of queries."""
    season, drives = player_drives(player)
    summaries = drive_summaries(drives)
    evenings = []
    for drive in reversed(drives):
        placings = summaries[drive.pk].placings
        own = next((p for p in placings if p.player == player.pk), None)
        if own is not None:
            evenings.append(Evening(drive, own, summaries[drive.pk].placed_with(own)))
    if season is None:
        return PlayerRecord(player, evenings, None, None, None, [], [], [])

    season_drives = [drive for drive in drives if drive.season_id == season.pk]
    data = SeasonData(season, season_drives, summaries)
    role = next((key for key, roles in ROLES.items() if player.role in roles), None)
    league = None
    line = None
    try:
        league = season_league(data, role=role if season.by_role else None)
        line = next((line for line in league.lines if line.player.pk == player.pk), None)
    except LeagueError:
        pass  # an incomplete rule is explained on the season page; the drives still show
    own_points = []
    for drive in season_drives:
        placing = next((p for p in summaries[drive.pk].placings if p.player == player.pk), None)
        own_points.append(placing.points if placing else None)
    averages = [summaries[drive.pk].average for drive in season_drives]
    return PlayerRecord(player, evenings, season, league, line, season_drives, own_points, averages)


@dataclass(frozen=True)
class ClubNews:
    """What the club's page leads with."""

    next_drive: Drive | None
    last_drive: Drive | None
    last_summary: DriveSummary | None
    players: dict[int, Player]  # everyone named in the last drive's results
    season: Season | None
    leaders: list[LeagueLine]
    seasons: list[Season]

    def last_top(self, count: int = 5) -> list[tuple[Leader, list[Player]]]:
        """The last drive's first places; a drive of pairs' first three pairs of each field."""
        if self.last_summary is None:
            return []
        per_field = 3 if any(p.pair is not None for p in self.last_summary.placings) else count
        return [
            (leader, [self.players[pk] for pk in leader.players])
            for leader in self.last_summary.leaders(per_field)
        ]

    def last_prizes(self) -> list[tuple[PrizeWinners, list[Player]]]:
        prizes = self.last_summary.prizes if self.last_summary else ()
        return [(prize, [self.players[pk] for pk in prize.players]) for prize in prizes]


def club_news(club: Club, *, leaders: int = 5) -> ClubNews:
    """The next drive, the last drive's results and the current league's leaders."""
    today = timezone.localdate()
    next_drive = (
        club.drives.filter(date__gte=today, status__in=UPCOMING_STATUSES)
        .order_by("date", "pk")
        .first()
    )
    last = club.drives.filter(status=DriveStatus.FINISHED).order_by("-date", "-pk").first()
    seasons = list(club.seasons.all())
    season = current_season(seasons)
    drives = []
    if season is not None:
        drives = list(
            Drive.objects.filter(season=season, status=DriveStatus.FINISHED).order_by("date", "pk")
        )
    # The last drive is usually in the current season; summarise them together.
    summaries = drive_summaries([*drives, last] if last and last not in drives else drives)
    names = {p.player for s in summaries.values() for p in s.placings}
    players = Player.objects.in_bulk(names)
    top: list[LeagueLine] = []
    if season is not None:
        try:
            league = season_league(SeasonData(season, drives, summaries), players=players)
            top = league.lines[:leaders]
        except LeagueError:
            pass  # an incomplete rule is explained on the season page
    last_summary = summaries[last.pk] if last else None
    return ClubNews(next_drive, last, last_summary, players, season, top, seasons)
