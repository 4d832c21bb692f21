"""A drive's standings, half-time standings, prizes and pairs, as its pages and sheets show
them: three queries whatever the size of the drive (the entries with their players, the
seatings and the results); everything else is arithmetic in ``scoring``."""

from collections import Counter
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext_noop

from drives import games
from drives.games.base import PairPlace
from drives.models import (
    CardTotal,
    Consolation,
    Drive,
    DriveMoney,
    DriveStatus,
    Entry,
    MovementType,
    Seating,
    TableResult,
    Typist,
)
from drives.reports.paper_totals import paper_standings
from drives.reports.scores import (
    DealResult,
    deal_results,
    scores_of_seated,
    seat_map,
    seated_pks,
    sit_outs,
)
from scoring import standings as ranking
from scoring.pairs import pair_standings, partners
from scoring.prizes import Draw, PrizeConfig, prizes, unprized

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
    gettext_noop("Consolation"),
    gettext_noop("ladies"),
    gettext_noop("gents"),
    gettext_noop("N–S"),
    gettext_noop("E–W"),
)


@dataclass(frozen=True)
class StandingRow:
    entry: Entry
    standing: ranking.Standing
    countback: bool = False  # level on points with someone and placed by the countback
    # A drive ranked in fields (compass whist): the player's field ("N–S", "E–W",
    # "overall"), the pair's first player, who stands for it, and its percentage if any.
    field: str = ""
    pair: Entry | None = None
    percentage: Decimal | None = None

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
    field: str = ""  # its field, in a drive ranked in fields (compass whist): "N–S"…
    percentage: Decimal | None = None  # its matchpoints' percentage, the figure it stands on

    @property
    def rank_label(self) -> str:
        return ranking.rank_label(self.rank, self.shared)


@dataclass(frozen=True)
class PassedOver:
    """A player who stood first in line for a prize but took another (``prize``)."""

    entry: Entry
    prize: str


@dataclass(frozen=True)
class PrizeRow:
    name: str
    category: str
    entries: tuple[Entry, ...]
    points: Decimal
    covers: tuple[int, ...] = ()  # the places a placing prize covers
    passed_over: tuple[PassedOver, ...] = ()
    bottom_too: bool = False  # its winners are the bottom of the list: no booby is given


@dataclass(frozen=True)
class DrawRecord:
    """The consolation draw as recorded: anyone can repeat it (``scoring.prizes.draw_lot``)."""

    seed: str
    candidates: tuple[Entry, ...]  # in the order drawn from
    winner: Entry
    drawn_at: object  # a datetime


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
    draw: DrawRecord | None = None  # the consolation draw, once drawn
    #: Who the consolation prize would be drawn among now (a finished drive that gives one).
    draw_candidates: tuple[Entry, ...] = ()

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


def drive_report(drive: Drive) -> DriveReport:
    """Standings, half-time standings and prizes for a drive, as far as it has been scored."""
    entries = list(Entry.objects.filter(drive=drive).select_related("player"))
    seatings = list(Seating.objects.filter(drive=drive))
    results = [] if drive.on_paper else list(TableResult.objects.filter(drive=drive))
    return report_from_rows(drive, entries, seatings, results, money=prize_money_row(drive))


def prize_money_row(drive: Drive) -> DriveMoney | None:
    """A finished drive's consolation prize and draw (``DriveMoney``): one query, none for a
    drive still playing, which gives no prizes yet."""
    if drive.status != DriveStatus.FINISHED:
        return None
    return DriveMoney.objects.filter(drive=drive).first()


def first_totals(drive: Drive) -> list[CardTotal]:
    """A paper drive's scores: the first typist's card totals."""
    return list(
        CardTotal.objects.filter(entry__drive=drive, typist=Typist.FIRST).select_related(
            "entry__player"
        )
    )


def report_from_rows(
    drive: Drive, entries, seatings, results, totals=None, *, money: DriveMoney | None = None
) -> DriveReport:
    """The report from rows already loaded, so a season's drives load in a few queries.

    A paper drive (``drive.on_paper``) is ranked from ``totals``, its first typist's
    card totals, instead of ``results``; read here (one query) when not passed. ``money``:
    the drive's consolation prize and its draw, if it has them. A game that ranks pairs in
    fields (``DriveGame.pair_fields``, compass whist) ranks the drive its way; it reads
    its board plan (one query, unless the drive carries it).
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
    if not drive.on_paper and entries and rounds_scored:
        fields = games.of(drive).pair_fields(entries, seatings, results)
        if fields is not None:
            return _fields_report(drive, fields, by_pk, seats_at, results, rounds_scored, money)
    if drive.on_paper and entries and totals:
        half_round = ranking.half_time_round(drive.rounds)
        final, half_ranked = paper_standings(drive, entries, seatings, totals)
        half: list[ranking.Standing] | None = half_ranked or None
        rounds_scored = drive.rounds
    elif not entries or rounds_scored == 0:
        return DriveReport(drive, [], [], [], None, [], [], 0, [])
    else:
        final, half, half_round = _played_standings(
            drive, entries, seats_at, results, competitors, rounds_scored
        )
    by_role = drive.prizes_by_role
    prize_rows, draw, candidates = _prize_rows(drive, final, half, competitors, by_pk, money)
    return DriveReport(
        drive=drive,
        overall=rows(final),
        ladies=rows(_within_role(final, by_pk, "lady")) if by_role else [],
        gents=rows(_within_role(final, by_pk, ("gent", "either"))) if by_role else [],
        half_time_round=half_round if half is not None else None,
        half_time=rows(half) if half is not None else [],
        prizes=prize_rows,
        rounds_scored=rounds_scored,
        results=deal_results(drive, seats_at, results),  # the same seat map as the scores
        cards_typed=len(totals),
        pairs=_pair_rows(drive, seats_at, rows(final)),
        draw=draw,
        draw_candidates=candidates,
    )


def _played_standings(drive: Drive, entries, seats_at, results, competitors, rounds_scored):
    """(final, half-time or None, the half-time round) from the tables' results."""
    # half_time_round() refuses a drive of no rounds; standings_after() explains it first.
    half_round = ranking.half_time_round(drive.rounds) if drive.rounds > 0 else 0
    # Final and half-time from one tally of scores built once. The half-time table's
    # sit-outs come from the same list: those after half-time fall outside its window.
    seated = seated_pks(seats_at)
    final, *halves = ranking.standings_after(
        [rounds_scored, half_round] if 0 < half_round <= rounds_scored else [rounds_scored],
        scores_of_seated(drive, seated, results),
        competitors,
        rounds=[(r, drive.deals_per_round) for r in range(1, drive.rounds + 1)],
        sit_outs=sit_outs(drive, entries, seated, rounds_scored),
        sit_out_rule=ranking.SitOutRule(drive.sit_out_rule),
        fixed_sit_out_points=drive.sit_out_points,
        tie_break=ranking.TieBreak(drive.tie_break),
    )
    return final, halves[0] if halves else None, half_round


def _fields_report(
    drive: Drive, fields, by_pk, seats_at, results, rounds_scored, money: DriveMoney | None
) -> DriveReport:
    """The report of a drive whose game ranks pairs in fields (compass whist): each player
    stands at their pair's place in its field, on its total or percentage; the prizes go
    field by field, a pair's two players sharing each, and each field has its own booby:
    a field's scores compare only within it, so its bottom is its own. Neither a
    half-time nor a ten-trick prize: boards half played compare with averages still to
    come, and which boards give ten tricks is the deal's luck that boards take out (the
    set-up refuses them)."""
    ranked = {
        field.category: [(pair, _pair_standing(pair)) for pair in field.pairs] for field in fields
    }
    members = {s.player: pair.players for pairs in ranked.values() for pair, s in pairs}
    overall = [
        StandingRow(
            by_pk[player],
            replace(s, player=player),
            field=category,
            pair=by_pk[s.player],
            percentage=pair.percentage,
        )
        for category, pairs in ranked.items()
        for pair, s in pairs
        for player in pair.players
    ]
    # Each pair competes once, as its first player (card order): a prize is the pair's.
    competitors = [ranking.Competitor(pk, by_pk[pk].role) for pk in members]
    prize_rows, draw, candidates = _prize_rows(
        drive,
        [s for pairs in ranked.values() for _, s in pairs],
        None,
        competitors,
        by_pk,
        money,
        fields={category: [s for _, s in pairs] for category, pairs in ranked.items()},
        members=members,
    )
    return DriveReport(
        drive=drive,
        overall=overall,
        ladies=[],
        gents=[],
        half_time_round=None,
        half_time=[],
        prizes=prize_rows,
        rounds_scored=rounds_scored,
        results=deal_results(drive, seats_at, results),
        pairs=[
            PairRow(
                (by_pk[pair.players[0]], by_pk[pair.players[-1]]),
                s,
                s.rank,
                s.shared,
                category,
                pair.percentage,
            )
            for category, pairs in ranked.items()
            for pair, s in pairs
        ],
        draw=draw,
        draw_candidates=candidates,
    )


def _pair_standing(pair: PairPlace) -> ranking.Standing:
    """A pair's place as a standing: its figure is its points, per board its percentage
    (matchpoints) or its total over the boards it played (compass scoring)."""
    average = pair.percentage
    if average is None:
        average = ranking.two_places(Fraction(pair.points) / pair.boards)
    return ranking.Standing(
        player=pair.players[0],
        rank=pair.rank,
        shared=pair.shared,
        points=pair.points,
        played_deals=pair.boards,
        sat_out_deals=0,
        average_per_deal=average,
        round_points=(),
        ten_trick_deals=0,
        sit_out_credit=Fraction(0),
    )


def _prize_rows(
    drive: Drive,
    final,
    half,
    competitors,
    by_pk,
    money: DriveMoney | None,
    *,
    fields: dict[str, list[ranking.Standing]] | None = None,
    members: dict[int, tuple[int, ...]] | None = None,
):
    """The prizes of a finished drive, by the drive's prize rules (``scoring.prizes``),
    with its consolation draw and who it would be drawn among.

    ``fields``: the prize lists of a drive ranked in fields, whose competitors are pairs:
    ``members`` gives each pair's players (it competes as the first), who share its prize.
    """
    if drive.status != DriveStatus.FINISHED:
        return [], None, ()
    consolation = money.consolation if money is not None else Consolation.NONE
    config = PrizeConfig(
        places=drive.prize_places,
        by_role=drive.prizes_by_role and fields is None,
        booby=drive.booby_prize and consolation != Consolation.INSTEAD,
        half_time=drive.half_time_prize and fields is None,
        most_ten_trick_deals=drive.ten_trick_prize and fields is None,
        withdrawn_win_prizes=drive.withdrawn_win_prizes,
        consolation=consolation != Consolation.NONE,
    )
    team = members or {pk: (pk,) for pk in by_pk}
    # The consolation draw is among players: the one drawn wins it for their pair.
    pair_of = {player: pk for pk, players in team.items() for player in players}
    by_card = {entry.card_number: entry for entry in by_pk.values()}
    recorded = None
    if config.consolation and money is not None and money.draw_seed:
        recorded = Draw(money.draw_seed, tuple(money.draw_candidates))
    # A pair is out when either of its players left.
    withdrawn = {pk for pk, players in team.items() if any(by_pk[p].has_left for p in players)}
    awarded = prizes(
        final,
        competitors,
        config,
        # A paper drive whose half-times were not typed has no half-time prize to give.
        half_time=half or [],
        withdrawn=withdrawn,
        draw=(recorded, {card: pair_of.get(e.pk, e.pk) for card, e in by_card.items()})
        if recorded
        else None,
        fields=fields,
    )
    held = {player: p.name for p in awarded for player in p.players}
    rows = [
        PrizeRow(
            p.name,
            p.category,
            tuple(by_pk[player] for pk in p.players for player in team[pk]),
            p.points,
            p.covers,
            tuple(
                PassedOver(by_pk[player], held[pk]) for pk in p.passed_over for player in team[pk]
            ),
            p.bottom_too,
        )
        for p in awarded
    ]
    draw = None
    if recorded is not None and money is not None:
        draw = DrawRecord(
            recorded.seed,
            tuple(by_card[card] for card in recorded.candidates),
            by_card[recorded.winner],
            money.drawn_at,
        )
    candidates = ()
    if config.consolation and draw is None:
        candidates = tuple(
            by_pk[player]
            for pk in unprized(final, awarded, config, withdrawn=withdrawn)
            for player in team[pk]
        )
    return rows, draw, candidates


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
