"""Each finished drive's standings, summarised for the league, player and club pages.

They are kept in Django's cache as a small :class:`DriveSummary`, because
computing them is the whole cost of a league page (a 40-drive season of 160
players took 1.8 s a view cold against 0.1 s for one SQL aggregate; see
``bench/league.py``). ``evening.lifecycle.drive_finish`` fills the cache for the drive. The
cache key carries a fingerprint of everything a drive's standings depend on
(the drive's own fields and the count, highest id and totals of its entries,
seatings and results, or a paper drive's card totals), read in grouped queries, so a
correction after reopening a drive is never served stale. Nothing is stored in the database.
"""

import hashlib
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from django.core.cache import cache
from django.db import connection

from drives.models import (
    DETAIL_FIELDS,
    BoardPlan,
    CardTotal,
    Drive,
    DriveMoney,
    Entry,
    Game,
    Seating,
    TableResult,
    Typist,
)
from drives.reports.freshness import standings_sources
from drives.reports.report import report_from_rows
from scoring.standings import rank_label

CENT = Decimal("0.01")
CACHE_VERSION = 3  # bump when DriveSummary changes shape
CACHE_SECONDS = 60 * 60 * 24 * 30


@dataclass(frozen=True)
class Placing:
    """A player's line in a drive's overall standings."""

    player: int
    rank: int
    shared: bool
    points: Decimal
    average: Decimal  # points per deal played
    # A drive of pairs ranked in fields (compass whist): the player's field, their pair
    # (its first player), who hold one place together, and its percentage (matchpoints).
    field: str = ""
    pair: int | None = None
    percentage: Decimal | None = None

    @property
    def rank_label(self) -> str:
        return rank_label(self.rank, self.shared)


@dataclass(frozen=True)
class PrizeWinners:
    name: str
    category: str
    players: tuple[int, ...]
    points: Decimal
    covers: tuple[int, ...] = ()  # the places a placing prize covers (its money)


@dataclass(frozen=True)
class Leader:
    """A place at the top of a drive: a player, or a pair of a drive of pairs with its field."""

    rank_label: str
    players: tuple[int, ...]
    field: str  # "" for a player; "N–S", "E–W" or "overall" for a pair
    points: Decimal
    percentage: Decimal | None


@dataclass(frozen=True)
class DriveSummary:
    """What league, player and club pages need of a finished drive's standings."""

    drive: int
    placings: tuple[Placing, ...]  # best first; only players who played a deal
    prizes: tuple[PrizeWinners, ...]

    def placed_with(self, placing: Placing) -> int:
        """How many ``placing`` was placed among: everyone, or in a drive of pairs ranked
        in fields the pairs of its field, each pair once."""
        if placing.pair is None:
            return len(self.placings)
        return len({p.pair for p in self.placings if p.field == placing.field})

    def leaders(self, count: int) -> list[Leader]:
        """The first ``count`` places: players one by one, or in a drive of pairs each
        field's first ``count`` pairs, each pair once with both its players."""
        places: dict[tuple[str, int], list[Placing]] = {}
        for placing in self.placings:  # best first, a drive of pairs field by field
            key = (placing.field, placing.player if placing.pair is None else placing.pair)
            places.setdefault(key, []).append(placing)
        shown: defaultdict[str, int] = defaultdict(int)
        leaders = []
        for (field, _), players in places.items():
            if shown[field] == count:
                continue
            shown[field] += 1
            first = players[0]
            leaders.append(
                Leader(
                    first.rank_label,
                    tuple(p.player for p in players),
                    field,
                    first.points,
                    first.percentage,
                )
            )
        return leaders

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
    trumps: str
    dealer: str
    declarers: str
    bid_level: int | None
    bid_strain: str


@dataclass(slots=True)
class _TotalRow:
    entry_id: int
    total: int
    half_time: int | None
    ten_trick_deals: int | None


def drive_summaries(drives: Sequence[Drive]) -> dict[int, DriveSummary]:
    """Each drive's summary: three queries when all are cached, seven when some are not.

    Paper drives among them add one query (their card totals), compass drives one (their
    board plans).
    """
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
    return {
        pk: f"drive-summary:{CACHE_VERSION}:{pk}:{digest}"
        for pk, digest in drive_fingerprints(drives).items()
    }


def drive_fingerprints(drives: Sequence[Drive]) -> dict[int, str]:
    """A digest per drive that changes whenever anything its standings depend on changes
    (``freshness.standings_sources``).

    Also the season and player pages' ETags: four grouped queries, or five with paper
    drives, however many drives.
    """
    pks = [drive.pk for drive in drives]
    stamps: defaultdict[int, list[object]] = defaultdict(list)
    *always, cards = standings_sources()
    sources = [*always, cards] if any(drive.on_paper for drive in drives) else always
    placeholders = ", ".join(["%s"] * len(pks))
    with connection.cursor() as cursor:
        for part, (source, drive_column, aggregates) in enumerate(sources if pks else []):
            cursor.execute(
                f"SELECT {drive_column}, {aggregates} FROM {source}"
                f" WHERE {drive_column} IN ({placeholders}) GROUP BY {drive_column}",
                pks,
            )
            for drive_id, *figures in cursor.fetchall():
                stamps[drive_id].append((part, figures))
    digests = {}
    for drive in drives:
        # str(): a field just set from TextChoices is an enum member, one read back a str.
        own = [str(getattr(drive, field.attname)) for field in Drive._meta.concrete_fields]
        digests[drive.pk] = hashlib.sha1(repr((own, stamps[drive.pk])).encode()).hexdigest()
    return digests


def _summarise(drives: Sequence[Drive]) -> dict[int, DriveSummary]:
    """Standings for several drives from four queries, grouped in Python."""
    pks = [drive.pk for drive in drives]
    entries: defaultdict[int, list[Entry]] = defaultdict(list)
    seatings: defaultdict[int, list[_SeatingRow]] = defaultdict(list)
    results: defaultdict[int, list[_ResultRow]] = defaultdict(list)
    for entry in Entry.objects.filter(drive_id__in=pks):
        entries[entry.drive_id].append(entry)
    # Plain rows instead of model instances: a season has 100,000+ seatings.
    seat_columns = ("drive_id", "round", "table", "seat", "entry_id")
    for drive_id, *row in Seating.objects.filter(drive_id__in=pks).values_list(*seat_columns):
        seatings[drive_id].append(_SeatingRow(*row))
    columns = ("drive_id", "round", "table", "deal", "ns_tricks", "ns_honours", *DETAIL_FIELDS)
    for drive_id, *row in TableResult.objects.filter(drive_id__in=pks).values_list(*columns):
        results[drive_id].append(_ResultRow(*row))
    totals: defaultdict[int, list[_TotalRow]] = defaultdict(list)
    paper = [drive.pk for drive in drives if drive.on_paper]
    if paper:
        figures = ("entry__drive_id", "entry_id", "total", "half_time", "ten_trick_deals")
        rows = CardTotal.objects.filter(entry__drive_id__in=paper, typist=Typist.FIRST)
        for drive_id, *row in rows.values_list(*figures):
            totals[drive_id].append(_TotalRow(*row))
    money = {row.drive_id: row for row in DriveMoney.objects.filter(drive_id__in=pks)}
    compass = [drive for drive in drives if drive.game == Game.COMPASS]
    if compass:
        # Their board plans (the movement on boards and the scoring), in one query.
        plans = BoardPlan.objects.in_bulk([drive.pk for drive in compass], field_name="drive_id")
        for drive in compass:
            if drive.pk in plans:
                drive.board_plan = plans[drive.pk]
    summaries = {}
    for drive in drives:
        report = report_from_rows(
            drive,
            entries[drive.pk],
            seatings[drive.pk],
            results[drive.pk],
            totals[drive.pk],
            money=money.get(drive.pk),
        )
        placings = tuple(
            Placing(
                player=row.entry.player_id,
                rank=row.standing.rank,
                shared=row.standing.shared,
                points=row.standing.points,
                average=row.standing.average_per_deal,
                field=row.field,
                pair=row.pair.player_id if row.pair else None,
                percentage=row.percentage,
            )
            for row in report.overall
            if row.standing.played_deals
        )
        prizes = tuple(
            PrizeWinners(
                p.name, p.category, tuple(e.player_id for e in p.entries), p.points, p.covers
            )
            for p in report.prizes
        )
        summaries[drive.pk] = DriveSummary(drive.pk, placings, prizes)
    return summaries
