"""What the results sheet and the league table print: plain rows for their templates.

The drive's report (``drives.reports``) and the season's league (``drives.league.records``)
already hold the figures; this only cuts them into what the sheets show.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from math import ceil

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from drives import games
from drives.games.deals import DealInfo
from drives.league import records
from drives.models import Drive, Season, TableResult
from drives.names import PublicNames
from drives.numbers import figure as points_text
from drives.printing.sheets import all_deals
from drives.reports.lines import PairLine, StandingLine, pair_lines, standing_lines
from drives.reports.report import DriveReport, PairRow
from scoring.league import climb_label

# Results sheet ------------------------------------------------------------------------------

#: The title over a field's pairs, by its category.
FIELD_TITLES = {"N–S": gettext_lazy("North–South pairs"), "E–W": gettext_lazy("East–West pairs")}


@dataclass(frozen=True)
class TrickGrid:
    """Each table's deal (``DriveGame.grid_cell``) by deal (rows) and table (columns);
    ``None`` where nothing is recorded."""

    tables: list[int]
    rows: list[tuple[DealInfo, list[str | None]]]


@dataclass(frozen=True)
class ResultsSheet:
    #: Fixed partnerships, ranked as on the standings page: one table ("Pairs"), or one
    #: a field for a drive ranked in fields (compass whist), each with its title.
    pairs: list[tuple[str, list[PairLine]]]
    standings: list[tuple[str, list[StandingLine]]]
    prizes: list[tuple[str, str, str, str]]  # prize, category, winners, points
    half_time_round: int | None
    half_time_leaders: list[StandingLine]
    grids: list[TrickGrid]
    #: The pairs are ranked in fields (compass whist): on a score or percentage over boards.
    in_fields: bool = False


def results_sheet(
    report: DriveReport, hands: Mapping[tuple[int, int], TableResult], names: PublicNames
) -> ResultsSheet:
    """``hands`` are the stored results by (table, deal), for what a bid whist table bid."""
    drive = report.drive
    pairs = _pair_tables(report)
    in_fields = any(pair.field for pair in report.pairs)
    if in_fields:
        # A drive ranked in fields: its pairs' tables hold every player, card by card.
        standings = []
    elif drive.prizes_by_role:
        standings = [
            (_("Ladies"), standing_lines(report.ladies, names)),
            (_("Gents"), standing_lines(report.gents, names)),
        ]
    else:
        # Under the pairs, as on the standings page, each player's line is the pair's.
        title = _("Players") if report.pairs else _("Standings")
        standings = [(title, standing_lines(report.overall, names))]
    prizes = [
        (
            prize.name,
            "" if prize.category == "overall" else prize.category,
            ", ".join(f"{names.entry(e)} ({e.card_number})" for e in prize.entries),
            points_text(prize.points),
        )
        for prize in report.prizes
    ]
    # Leaders: the top three places, with everyone sharing them.
    leaders = [row for row in report.half_time if row.standing.rank <= 3]
    return ResultsSheet(
        pairs=[(title, pair_lines(rows, names)) for title, rows in pairs],
        standings=standings,
        prizes=prizes,
        half_time_round=report.half_time_round,
        half_time_leaders=standing_lines(leaders, names),
        grids=_trick_grids(report, hands),
        in_fields=in_fields,
    )


def _pair_tables(report: DriveReport) -> list[tuple[str, list[PairRow]]]:
    """The pairs under their titles: each field's (compass whist), or all as "Pairs"."""
    fields: dict[str, list[PairRow]] = {}
    for pair in report.pairs:
        fields.setdefault(pair.field, []).append(pair)
    if "" in fields:
        return [(_("Pairs"), report.pairs)]
    return [(str(FIELD_TITLES.get(field, _("All pairs"))), rows) for field, rows in fields.items()]


def _trick_grids(report: DriveReport, hands) -> list[TrickGrid]:
    """The tables' figures deal by deal, split when there are more tables than the game's
    cells leave room for (``DriveGame.results_grid_tables``), so columns stay readable."""
    game = games.of(report.drive)
    tricks = {
        (result.deal, result.table): game.grid_cell(result, hands[(result.table, result.deal)])
        for result in report.results
    }
    if not tricks:
        return []
    tables = sorted({table for _, table in tricks})
    played = sorted({deal for deal, _ in tricks})
    deals = [deal for deal in all_deals(report.drive) if deal.number in played]
    chunks = ceil(len(tables) / game.results_grid_tables)
    size = ceil(len(tables) / chunks)  # even chunks: 20 tables print as 10 + 10, not 16 + 4
    return [
        TrickGrid(
            tables=part,
            rows=[(deal, [tricks.get((deal.number, t)) for t in part]) for deal in deals],
        )
        for part in (tables[i : i + size] for i in range(0, len(tables), size))
    ]


# League table -------------------------------------------------------------------------------


@dataclass(frozen=True)
class LeagueCell:
    text: str  # "–" for a drive not played
    counted: bool


@dataclass(frozen=True)
class LeagueSheetLine:
    place: str
    climb: str
    name: str
    drives_played: int
    figure: str
    qualified: bool
    cells: list[LeagueCell]


@dataclass(frozen=True)
class LeagueSheet:
    season: Season
    rule_kind: str
    drives: list[Drive]
    tables: list[tuple[str, list[LeagueSheetLine]]]  # (title, lines); two with by-role tables


def league_sheet(season: Season, *, role: str | None = None) -> LeagueSheet:
    """The season's table(s): ladies and gents when the club keeps them apart, unless ``role``.

    Raises ``LeagueError`` when the season's rule is incomplete, as the season page does.
    """
    data = records.SeasonData.load(season)
    leagues: list[tuple[str, str | None]]  # (title, role); no role for everyone together
    if role in records.ROLES:
        leagues = [(_("Ladies") if role == "lady" else _("Gents"), role)]
    elif season.by_role:
        leagues = [(_("Ladies"), "lady"), (_("Gents"), "gent")]
    else:
        leagues = [("", None)]
    names = PublicNames.for_club(season.club)
    tables = [
        (title, [_league_line(line, names) for line in records.season_league(data, role=r).lines])
        for title, r in leagues
    ]
    kind = records.league_rule(season).kind
    return LeagueSheet(season, str(kind), data.drives, tables)


def _league_line(line: records.LeagueLine, names: PublicNames) -> LeagueSheetLine:
    return LeagueSheetLine(
        place=line.place,
        climb=climb_label(line.climb),
        name=names.player(line.player),
        drives_played=line.row.drives_played,
        figure=points_text(line.row.figure),
        qualified=line.row.qualified,
        cells=[
            LeagueCell("–", True)
            if cell is None
            else LeagueCell(points_text(cell.value), cell.counted)
            for cell in line.cells
        ],
    )
