"""What a drive's pages and sheets show, derived from its rows by ``scoring``.

Three queries whatever the size of the drive: the entries with their players,
the seatings and the results. Everything else is arithmetic in ``scoring``.
"""

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import gettext_noop

from drives.bidwhist.records import bid_text, house_rules, stored_record
from drives.evening.totals import paper_standings
from drives.models import (
    CardTotal,
    Drive,
    DriveStatus,
    Entry,
    MovementType,
    Seating,
    TableResult,
    Typist,
)
from drives.names import PublicNames
from drives.numbers import average
from drives.numbers import figure as points_text  # the printed sheets' name for it
from scoring import standings as ranking
from scoring.cards import Suit, suit_symbol, trumps_for_deal
from scoring.pairs import pair_standings, partners
from scoring.prizes import PrizeConfig, prizes
from scoring.results import deal_points, side_tricks

#: The prize names and categories ``scoring`` gives, for ``makemessages``: the templates
#: show them with ``{% translate prize.name %}`` (kept English here: league summaries
#: holding them are cached for every reader).
PRIZE_WORDS = (
    gettext_noop("1st"),
    gettext_noop("2nd"),
    gettext_noop("3rd"),
    gettext_noop("4th"),
    gettext_noop("5th"),
    gettext_noop("6th"),
    gettext_noop("7th"),
    gettext_noop("8th"),
    gettext_noop("9th"),
    gettext_noop("10th"),
    gettext_noop("Booby"),
    gettext_noop("Half-time"),
    gettext_noop("Most deals with 10+ tricks"),
    gettext_noop("ladies"),
    gettext_noop("gents"),
)


@dataclass(frozen=True)
class StandingRow:
    entry: Entry
    standing: ranking.Standing
    countback: bool = False  # level on points with someone and placed by the countback

    @property
    def rank_label(self) -> str:
        return self.standing.rank_label


@dataclass(frozen=True)
class PairRow:
    """A fixed partnership's line of the standings: both partners score alike, so the
    pair's standing is either partner's, placed among the pairs."""

    entries: tuple[Entry, Entry]
    standing: ranking.Standing
    rank: int
    shared: bool

    @property
    def rank_label(self) -> str:
        return ranking.rank_label(self.rank, self.shared)


#: The standings CSV's header: the columns of :meth:`StandingLine.csv_cells`, in English.
STANDINGS_COLUMNS = (
    "rank",
    "card",
    "name",
    "seat role",
    "points",
    "deals played",
    "deals sat out",
    "average",
)


class PrintedFigures:
    """A printed line's place, points and average as the pages write them."""

    rank: int
    shared: bool
    points: Decimal
    average: Decimal

    @property
    def rank_label(self) -> str:
        return ranking.rank_label(self.rank, self.shared)

    @property
    def points_text(self) -> str:
        return points_text(self.points)

    @property
    def average_text(self) -> str:
        return average(self.average)


@dataclass(frozen=True)
class StandingLine(PrintedFigures):
    """One player's line of the standings, as the CSV and the printed results sheet give it.

    The sheet prints the place as standings do ("=3"); the CSV gives the number alone, so a
    spreadsheet sorts the column, and players who share a place share its number.
    """

    rank: int
    shared: bool
    card: int
    name: str
    role: str
    role_label: str
    points: Decimal
    played: int
    sat_out: int
    average: Decimal

    def csv_cells(self) -> list[object]:
        return [
            self.rank,
            self.card,
            self.name,
            self.role,
            self.points,
            self.played,
            self.sat_out,
            self.average,
        ]


def standing_lines(rows: list[StandingRow], names: PublicNames) -> list[StandingLine]:
    return [
        StandingLine(
            rank=row.standing.rank,
            shared=row.standing.shared,
            card=row.entry.card_number,
            name=names.entry(row.entry),
            role=row.entry.role,
            role_label=row.entry.get_role_display(),
            points=row.standing.points,
            played=row.standing.played_deals,
            sat_out=row.standing.sat_out_deals,
            average=row.standing.average_per_deal,
        )
        for row in rows
    ]


@dataclass(frozen=True)
class PairLine(PrintedFigures):
    """A fixed partnership's line, as the printed results sheet gives it: the pages' pairs."""

    rank: int
    shared: bool
    cards: str
    names: str
    points: Decimal
    played: int
    average: Decimal


def pair_lines(pairs: list[PairRow], names: PublicNames) -> list[PairLine]:
    return [
        PairLine(
            rank=pair.rank,
            shared=pair.shared,
            cards=" & ".join(str(entry.card_number) for entry in pair.entries),
            names=" & ".join(names.entry(entry) for entry in pair.entries),
            points=pair.standing.points,
            played=pair.standing.played_deals,
            average=pair.standing.average_per_deal,
        )
        for pair in pairs
    ]


@dataclass(frozen=True)
class PrizeRow:
    name: str
    category: str
    entries: tuple[Entry, ...]
    points: Decimal


@dataclass(frozen=True)
class DealResult:
    """One table's tricks on one deal, with the four players by seat.

    A bid whist hand also says who dealt, who declared, the bid and each side's points.
    """

    round: int
    deal: int
    trumps: str
    table: int
    players: dict[str, Entry]
    ns_tricks: int
    ns_honours: int | None
    ns_points: int = 0
    ew_points: int = 0
    dealer: str = ""
    declarers: str = ""
    bid: str = ""

    @property
    def ew_tricks(self) -> int:
        return 13 - self.ns_tricks

    @property
    def declarer_tricks(self) -> int | None:
        if not self.declarers:
            return None
        return side_tricks(self.declarers, self.ns_tricks)


@dataclass(frozen=True)
class DriveReport:
    drive: Drive
    overall: list[StandingRow]
    ladies: list[StandingRow]
    gents: list[StandingRow]
    half_time_round: int | None
    half_time: list[StandingRow]
    prizes: list[PrizeRow]
    rounds_scored: int
    results: list[DealResult]
    cards_typed: int = 0  # a paper drive's cards with a total; its scores have no deals
    pairs: list[PairRow] = field(default_factory=list)  # fixed partnerships, ranked

    @property
    def on_paper(self) -> bool:
        return self.drive.on_paper

    @property
    def countback_used(self) -> bool:
        return any(row.countback for row in (*self.overall, *self.ladies, *self.gents))

    @property
    def shared_places(self) -> bool:
        return any(row.standing.shared for row in (*self.overall, *self.ladies, *self.gents))

    @property
    def sit_outs_credited(self) -> bool:
        return any(row.standing.sat_out_deals for row in self.overall)

    @property
    def rounds_missed(self) -> bool:
        """Someone arrived late, withdrew or was away: rounds that score them nothing."""
        return any(
            row.entry.joined_round > 1 or row.entry.withdrew_after is not None
            for row in self.overall
        )


def seat_map(seatings) -> dict[tuple[int, int], dict[str, Entry]]:
    """(round, table) → seat → entry."""
    seats_at: dict[tuple[int, int], dict[str, Entry]] = defaultdict(dict)
    for seating in seatings:
        seats_at[seating.round, seating.table][seating.seat] = seating.entry
    return seats_at


def _deal_results(drive: Drive, seats_at, results) -> list[DealResult]:
    points = _points_of(drive)
    # Once per deal, not per table; in deal order, so a bad deal number fails as it did.
    fixed = {
        deal: suit_symbol(trumps_for_deal(deal, drive.rotation))
        for deal in sorted({result.deal for result in results})
        if not drive.trumps_at_table
    }
    return [
        DealResult(
            result.round,
            result.deal,
            fixed[result.deal] if fixed else _table_trumps(result),
            result.table,
            seats_at.get((result.round, result.table), {}),
            result.ns_tricks,
            result.ns_honours,
            *points(result),
            dealer=result.dealer,
            declarers=result.declarers,
            bid=bid_text(result.bid_level, result.bid_strain),
        )
        for result in sorted(results, key=lambda r: (r.deal, r.table))
    ]


def _table_trumps(result) -> str:
    return suit_symbol(Suit(result.trumps) if result.trumps else None)


def deal_scores(drive: Drive, seats_at, results) -> list[ranking.DealScore]:
    return _deal_scores(drive, _seated_pks(seats_at), results)


def _seated_pks(seats_at) -> dict[tuple[int, int], list[tuple[int, bool]]]:
    """(round, table) → (entry pk, sits N–S) per seat; ``entry.pk`` is a property, read once."""
    return {
        key: [(entry.pk, seat in ("N", "S")) for seat, entry in seats.items()]
        for key, seats in seats_at.items()
    }


def _points_of(drive: Drive) -> Callable[[TableResult], tuple[int, int]]:
    """A function from a result to (N–S points, E–W points), scoring each outcome once.

    A drive has a few dozen outcomes against thousands of player-deals. A bad result
    still raises: it is never stored.
    """
    outcomes: dict[tuple, tuple[int, int]] = {}
    rules = house_rules(drive) if drive.is_bid_whist else None

    def points(result: TableResult) -> tuple[int, int]:
        outcome: tuple[object, ...]
        if rules is not None:
            outcome = (
                result.ns_tricks,
                result.trumps,
                result.declarers,
                result.bid_level,
                result.bid_strain,
            )
        elif drive.trumps_at_table:
            outcome = (result.ns_tricks, result.ns_honours, result.trumps)
        else:
            outcome = (result.deal, result.ns_tricks, result.ns_honours)
        known = outcomes.get(outcome)
        if known is None:
            if rules is not None:
                known = stored_record(result).side_points(rules)
            else:
                trumps = (
                    (Suit(result.trumps) if result.trumps else None)
                    if drive.trumps_at_table
                    else trumps_for_deal(result.deal, drive.rotation)
                )
                known = _deal_points(drive, trumps, result.ns_tricks, result.ns_honours)
            outcomes[outcome] = known
        return known

    return points


def _deal_scores(drive: Drive, seated, results) -> list[ranking.DealScore]:
    points_of = _points_of(drive)
    scores = []
    for result in results:
        ns_points, ew_points = points_of(result)
        ns_tricks = result.ns_tricks
        for pk, north_south in seated.get((result.round, result.table), ()):
            scores.append(
                ranking.DealScore(
                    pk,
                    result.round,
                    result.deal,
                    ns_points if north_south else ew_points,
                    ns_tricks if north_south else 13 - ns_tricks,
                )
            )
    return scores


def _deal_points(
    drive: Drive, trumps: Suit | None, ns_tricks: int, ns_honours: int | None
) -> tuple[int, int]:
    # No honours recorded means they were split two and two, which scores nothing.
    ns_honours = 2 if ns_honours is None else ns_honours
    return deal_points(
        ns_tricks,
        drive.counting,
        trumps=trumps,
        ns_honours=ns_honours,
        ew_honours=4 - ns_honours,
        honours=drive.honours,
    )


def _sit_outs(drive: Drive, entries, seated, last_round: int) -> list[ranking.SitOut]:
    at_a_table = {(r, pk) for (r, _), seats in seated.items() for pk, _ in seats}
    with_pks = [(entry, entry.pk) for entry in entries]
    return [
        ranking.SitOut(pk, r, drive.deals_per_round)
        for r in range(1, last_round + 1)
        for entry, pk in with_pks
        if ranking.sits_out(entry, r, seated=(r, pk) in at_a_table)
    ]


def drive_report(drive: Drive) -> DriveReport:
    """Standings, half-time standings and prizes for a drive, as far as it has been scored."""
    entries = list(Entry.objects.filter(drive=drive).select_related("player"))
    seatings = list(Seating.objects.filter(drive=drive))
    results = [] if drive.on_paper else list(TableResult.objects.filter(drive=drive))
    return report_from_rows(drive, entries, seatings, results)


def first_totals(drive: Drive) -> list[CardTotal]:
    """A paper drive's scores: the first typist's card totals."""
    return list(
        CardTotal.objects.filter(entry__drive=drive, typist=Typist.FIRST).select_related(
            "entry__player"
        )
    )


def report_from_rows(drive: Drive, entries, seatings, results, totals=None) -> DriveReport:
    """The report from rows already loaded, so a season's drives load in a few queries.

    A paper drive (``drive.on_paper``) is ranked from ``totals``, its first typist's
    card totals, instead of ``results``; read here (one query) when not passed.
    """
    by_pk = {entry.pk: entry for entry in entries}
    for seating in seatings:
        seating.entry = by_pk[seating.entry_id]
    seats_at = seat_map(seatings)
    rounds_scored = max((r.round for r in results), default=0)
    # Ranked: whoever was in play in some round. A late arrival still waiting for a
    # partner at the end, or one who withdrew before their first round, played nothing.
    competitors = [
        ranking.Competitor(entry.pk, entry.role)
        for entry in entries
        if any(entry.plays_in(r) for r in range(1, drive.rounds + 1))
    ]

    def rows(ranked: list[ranking.Standing]) -> list[StandingRow]:
        level = Counter(s.points for s in ranked)
        return [
            StandingRow(by_pk[s.player], s, countback=level[s.points] > 1 and not s.shared)
            for s in ranked
        ]

    if totals is None:
        totals = first_totals(drive) if drive.on_paper else []
    totals = list(totals)
    if drive.on_paper and entries and totals:
        half_round = ranking.half_time_round(drive.rounds)
        final, half_ranked = paper_standings(drive, entries, seatings, totals)
        half: list[ranking.Standing] | None = half_ranked or None
        rounds_scored = drive.rounds
    elif not entries or rounds_scored == 0:
        return DriveReport(drive, [], [], [], None, [], [], 0, [])
    else:
        # half_time_round() refuses a drive of no rounds; standings_after() explains it first.
        half_round = ranking.half_time_round(drive.rounds) if drive.rounds > 0 else 0
        # Final and half-time from one tally of scores built once. The half-time table's
        # sit-outs come from the same list: those after half-time fall outside its window.
        seated = _seated_pks(seats_at)
        final, *halves = ranking.standings_after(
            [rounds_scored, half_round] if 0 < half_round <= rounds_scored else [rounds_scored],
            _deal_scores(drive, seated, results),
            competitors,
            rounds=[(r, drive.deals_per_round) for r in range(1, drive.rounds + 1)],
            sit_outs=_sit_outs(drive, entries, seated, rounds_scored),
            sit_out_rule=ranking.SitOutRule(drive.sit_out_rule),
            fixed_sit_out_points=drive.sit_out_points,
            tie_break=ranking.TieBreak(drive.tie_break),
        )
        half = halves[0] if halves else None
    prize_rows = []
    if drive.status == DriveStatus.FINISHED:
        config = PrizeConfig(
            places=drive.prize_places,
            by_role=drive.prizes_by_role,
            booby=drive.booby_prize,
            half_time=drive.half_time_prize,
            most_ten_trick_deals=drive.ten_trick_prize,
            withdrawn_win_prizes=drive.withdrawn_win_prizes,
        )
        prize_rows = [
            PrizeRow(p.name, p.category, tuple(by_pk[pk] for pk in p.players), p.points)
            # A paper drive whose half-times were not typed has no half-time prize to give.
            for p in prizes(
                final,
                competitors,
                config,
                half_time=half or [],
                withdrawn={entry.pk for entry in entries if entry.has_left},
            )
        ]
    by_role = drive.prizes_by_role
    return DriveReport(
        drive=drive,
        overall=rows(final),
        ladies=rows(_within_role(final, by_pk, "lady")) if by_role else [],
        gents=rows(_within_role(final, by_pk, ("gent", "either"))) if by_role else [],
        half_time_round=half_round if half is not None else None,
        half_time=rows(half) if half is not None else [],
        prizes=prize_rows,
        rounds_scored=rounds_scored,
        results=_deal_results(drive, seats_at, results),  # the same seat map as the scores
        cards_typed=len(totals),
        pairs=_pair_rows(drive, seats_at, rows(final)),
    )


def _pair_rows(drive: Drive, seats_at, overall: list[StandingRow]) -> list[PairRow]:
    """Mitchell and Howell drives' partnerships, in the players' order: partners sit
    opposite each other (N–S or E–W) at every table they play."""
    if drive.movement not in (MovementType.MITCHELL, MovementType.HOWELL):
        return []
    tables = [{seat: entry.pk for seat, entry in seats.items()} for seats in seats_at.values()]
    by_pk = {entry.pk: entry for seats in seats_at.values() for entry in seats.values()}
    return [
        PairRow(
            (by_pk[pair.players[0]], by_pk[pair.players[1]]),
            pair.standing,
            rank=pair.rank,
            shared=pair.shared,
        )
        for pair in pair_standings([row.standing for row in overall], partners(tables))
    ]


def _within_role(final, by_pk, roles) -> list[ranking.Standing]:
    """The overall table cut to one role, re-ranked within it (ties stay shared)."""
    return ranking.rerank([s for s in final if by_pk[s.player].role in roles])
