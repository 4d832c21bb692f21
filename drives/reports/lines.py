"""A drive's standings as the CSV and the printed results sheet give them, line by line."""

from dataclasses import dataclass
from decimal import Decimal

from drives.names import PublicNames
from drives.numbers import average, figure
from drives.reports.report import PairRow, StandingRow
from scoring import standings as ranking

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
        return figure(self.points)

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
    percentage: Decimal | None = None  # a compass pair's matchpoints: ``points`` as a percentage


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
            percentage=pair.percentage,
        )
        for pair in pairs
    ]
