"""League tables, players' records and the club's news, read from the database.

A season's finished drives, their entries, seatings and results load in a
fixed number of queries whatever the number of drives; each drive's standings
come from :func:`drives.reports.report_from_rows` and feed
:func:`scoring.league.league_table`.

Each finished drive's standings are kept in Django's cache as a small
:class:`DriveSummary`, because computing them is the whole cost of a league
page (about 170 ms a drive for 160 players and 24 deals: a 40-drive season took
7 s a view against 0.1 s for one SQL aggregate; see ``bench/league.py``). The
cache key carries a fingerprint of everything a drive's standings depend on
(the drive's own fields and the count, highest id and totals of its entries,
seatings and results), read in three grouped queries, so a correction after
reopening a drive is never served stale. Nothing is stored in the database.

Ladies' and gents' tables use the player's usual role (``Player.role``); a
player whose role is "either" is listed with the gents, as for prizes.
"""

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from django.core.cache import cache
from django.db.models import Count, Max, Q, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from drives.models import Club, Drive, DriveStatus, Entry, Player, Season, Seating, TableResult
from drives.reports import report_from_rows
from scoring.errors import LeagueError
from scoring.league import Contribution, DriveResult, LeagueRow, LeagueRule, league_table

CENT = Decimal("0.01")
ROLES: dict[str, tuple[str, ...]] = {"lady": ("lady",), "gent": ("gent", "either")}
CACHE_VERSION = 1  # bump when DriveSummary changes shape
CACHE_SECONDS = 60 * 60 * 24 * 30


@dataclass(frozen=True)
class Placing:
    """A player's line in a drive's overall standings."""

    player: int
    rank: int
    shared: bool
    points: Decimal
    average: Decimal  # points per deal played

    @property
    def rank_label(self) -> str:
        return f"={self.rank}" if self.shared else str(self.rank)


@dataclass(frozen=True)
class PrizeWinners:
    name: str
    category: str
    players: tuple[int, ...]
    points: Decimal


@dataclass(frozen=True)
class DriveSummary:
    """What league, player and club pages need of a finished drive's standings."""

    drive: int
    placings: tuple[Placing, ...]  # best first; only players who played a deal
    prizes: tuple[PrizeWinners, ...]

    @property
    def average(self) -> Decimal | None:
        """The mean of everyone's points: the club average for the evening."""
        if not self.placings:
            return None
        total = sum((p.points for p in self.placings), Decimal(0))
        return (total / len(self.placings)).quantize(CENT, rounding=ROUND_HALF_UP)


@dataclass(slots=True)
class _SeatingRow:
    """The columns of a Seating that ``report_from_rows`` reads, without a model's weight."""

    round: int
    table: int
    seat: str
    entry_id: int
    entry: Entry | None = None


@dataclass(slots=True)
class _ResultRow:
    round: int
    table: int
    deal: int
    ns_tricks: int
    ns_honours: int | None


def drive_summaries(drives: Sequence[Drive]) -> dict[int, DriveSummary]:
    """Each drive's summary: three queries when all are cached, six when some are not."""
    if not drives:
        return {}
    keys = _cache_keys(drives)
    found = cache.get_many(keys.values())
    summaries = {pk: found[key] for pk, key in keys.items() if key in found}
    missing = [drive for drive in drives if drive.pk not in summaries]
    if missing:
        fresh = _summarise(missing)
        cache.set_many({keys[pk]: summary for pk, summary in fresh.items()}, CACHE_SECONDS)
        summaries.update(fresh)
    return summaries


def _cache_keys(drives: Sequence[Drive]) -> dict[int, str]:
    """A key per drive that changes whenever anything its standings depend on changes."""
    pks = [drive.pk for drive in drives]
    stamps: defaultdict[int, list[object]] = defaultdict(list)
    queries = (
        TableResult.objects.values("drive_id").annotate(
            n=Count("pk"),
            top=Max("pk"),
            versions=Sum("version"),
            tricks=Sum("ns_tricks"),
            changed=Max("entered_at"),
        ),
        Entry.objects.values("drive_id").annotate(
            n=Count("pk"),
            top=Max("pk"),
            joined=Sum("joined_round"),
            withdrew=Sum(Coalesce("withdrew_after", 0)),
            players=Sum("player_id"),
        ),
        Seating.objects.values("drive_id").annotate(
            n=Count("pk"), top=Max("pk"), entries=Sum("entry_id")
        ),
    )
    for part, query in enumerate(queries):
        # order_by() drops the models' default ordering, which would split the groups.
        for row in query.filter(drive_id__in=pks).order_by():
            stamps[row.pop("drive_id")].append((part, sorted(row.items())))
    keys = {}
    for drive in drives:
        # str(): a field just set from TextChoices is an enum member, one read back a str.
        own = [str(getattr(drive, field.attname)) for field in Drive._meta.concrete_fields]
        digest = hashlib.sha1(repr((own, stamps[drive.pk])).encode()).hexdigest()
        keys[drive.pk] = f"drive-summary:{CACHE_VERSION}:{drive.pk}:{digest}"
    return keys


def _summarise(drives: Sequence[Drive]) -> dict[int, DriveSummary]:
    """Standings for several drives from three queries, grouped in Python."""
    pks = [drive.pk for drive in drives]
    entries: defaultdict[int, list[Entry]] = defaultdict(list)
    seatings: defaultdict[int, list[_SeatingRow]] = defaultdict(list)
    results: defaultdict[int, list[_ResultRow]] = defaultdict(list)
    for entry in Entry.objects.filter(drive_id__in=pks):
        entries[entry.drive_id].append(entry)
    # Plain rows instead of model instances: a season has 100,000+ seatings.
    columns = ("drive_id", "round", "table", "seat", "entry_id")
    for drive_id, *row in Seating.objects.filter(drive_id__in=pks).values_list(*columns):
        seatings[drive_id].append(_SeatingRow(*row))
    columns = ("drive_id", "round", "table", "deal", "ns_tricks", "ns_honours")
    for drive_id, *row in TableResult.objects.filter(drive_id__in=pks).values_list(*columns):
        results[drive_id].append(_ResultRow(*row))
    summaries = {}
    for drive in drives:
        report = report_from_rows(drive, entries[drive.pk], seatings[drive.pk], results[drive.pk])
        placings = tuple(
            Placing(
                player=row.entry.player_id,
                rank=row.standing.rank,
                shared=row.standing.shared,
                points=row.standing.points,
                average=row.standing.average_per_deal,
            )
            for row in report.overall
            if row.standing.played_deals
        )
        prizes = tuple(
            PrizeWinners(p.name, p.category, tuple(e.player_id for e in p.entries), p.points)
            for p in report.prizes
        )
        summaries[drive.pk] = DriveSummary(drive.pk, placings, prizes)
    return summaries


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
            % {"points": season.placing_points}
        ) from None
    return LeagueRule(
        season.league_rule,
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
            DriveResult(drive.pk, placing.player, placing.rank, placing.points)
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
        return f"={self.row.rank}" if self.row.shared else str(self.row.rank)

    @property
    def place_order(self) -> int:
        """The rank for sorting, unranked players last."""
        return self.row.rank if self.row.rank is not None else 1_000_000

    @property
    def movement(self) -> int | None:
        """Places gained since the drive before the latest (negative: lost); None if new."""
        if self.row.rank is None or self.row.previous_rank is None:
            return None
        return self.row.previous_rank - self.row.rank

    @property
    def places_moved(self) -> int:
        return abs(self.movement or 0)

    @property
    def movement_order(self) -> int:
        """Movement for sorting, players without one last."""
        return self.movement if self.movement is not None else -1_000_000


@dataclass(frozen=True)
class League:
    """A season's league table, for everyone or for one role."""

    season: Season
    rule: LeagueRule
    drives: list[Drive]
    lines: list[LeagueLine]
    role: str | None


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
    return League(data.season, rule, data.drives, [_line(players, r, order) for r in rows], role)


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
    """A drive a player played: their placing and how many were placed."""

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


def player_record(player: Player) -> PlayerRecord:
    """The player's drives and current league, in a fixed number of queries."""
    season = current_season(player.club.seasons.all())
    # The player's own drives, and the rest of the current season for the league and chart.
    wanted = Q(pk__in=Entry.objects.filter(player=player).values("drive_id"))
    if season is not None:
        wanted |= Q(season=season)
    drives = list(
        Drive.objects.filter(wanted, status=DriveStatus.FINISHED)
        .select_related("season")
        .order_by("date", "pk")
    )
    summaries = drive_summaries(drives)
    evenings = []
    for drive in reversed(drives):
        placings = summaries[drive.pk].placings
        own = next((p for p in placings if p.player == player.pk), None)
        if own is not None:
            evenings.append(Evening(drive, own, len(placings)))
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

    def last_top(self, count: int = 5) -> list[tuple[Placing, Player]]:
        placings = self.last_summary.placings[:count] if self.last_summary else ()
        return [(p, self.players[p.player]) for p in placings]

    def last_prizes(self) -> list[tuple[PrizeWinners, list[Player]]]:
        prizes = self.last_summary.prizes if self.last_summary else ()
        return [(prize, [self.players[pk] for pk in prize.players]) for prize in prizes]


def club_news(club: Club, *, leaders: int = 5) -> ClubNews:
    """The next drive, the last drive's results and the current league's leaders."""
    today = timezone.localdate()
    next_drive = (
        club.drives.filter(date__gte=today)
        .exclude(status=DriveStatus.FINISHED)
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
