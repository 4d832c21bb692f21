"""Season league tables built from each drive's results.

A season has one rule (:class:`LeagueRule`):

* ``"total"``: the sum of a player's drive points over the season.
* ``"best"``: the sum of their best ``best_n`` drives; with fewer drives
  played, all of them count. Between two equal drives the earlier one counts.
* ``"placing"``: each drive earns points for the place in it from
  ``placing_points`` (10, 8, 6, 5, 4, 3, 2, 1 by default; places past the end
  earn 0). Players tied for a place share the points of the places they cover,
  averaged and rounded to 2 decimal places: two at =2nd get (8 + 6) / 2 = 7.
  The tie is read from the results passed for the drive, so pass every
  player's result even when drawing a ladies' or gents' table.
  A drive of pairs ranked in fields (a compass Mitchell's N–S and E–W) gives each
  field its own places: both field winners are 1st, and a pair's two players share
  one place, not two (``DriveResult.field`` and ``pair``).
* ``"average"``: drive points per drive played, rounded to 2 decimal places.
* ``"percentage"``: the mean of the player's percentages (a drive scored by
  matchpoints gives each pair one), rounded to 2 decimal places. Only drives that
  give the player a percentage count, and count as drives played: the others are
  left out of the table, for the page to say so.

Every rule honours ``minimum_drives``: players with fewer drives are listed
after the qualifiers, unranked (``rank=None``), in the same order. Ties on the
figure go to more drives played, then the better best drive; players still
level share the place (1, =2, =2, 4). Player id orders rows only for display.

``players`` limits the table to some players, for a ladies' or gents' table;
ranks are computed within that set. Only players with results appear.

``previous_rank`` is the player's rank in the table without the season's
latest drive (the last in ``drive_order`` that has results), for up/down
arrows; ``None`` when they were not ranked then.
"""

from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from itertools import groupby

from scoring.errors import LeagueError

CENT = Decimal("0.01")
DEFAULT_PLACING_POINTS = (10, 8, 6, 5, 4, 3, 2, 1)


class LeagueKind(StrEnum):
    """What a league ranks on."""

    TOTAL = "total"
    BEST = "best"
    PLACING = "placing"
    AVERAGE = "average"
    PERCENTAGE = "percentage"


@dataclass(frozen=True)
class LeagueRule:
    """A season's league rule; ``best_n`` is read only by the ``"best"`` rule.

    >>> LeagueRule("best", best_n=8).kind is LeagueKind.BEST
    True
    """

    kind: LeagueKind = LeagueKind.TOTAL
    best_n: int | None = None
    placing_points: tuple[int, ...] = DEFAULT_PLACING_POINTS
    minimum_drives: int = 0

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "kind", LeagueKind(self.kind))
        except ValueError:
            choices = ", ".join(f'"{kind}"' for kind in LeagueKind)
            raise LeagueError(
                f'Unknown league rule "{self.kind}"; choose {choices}.',
                code="league_kind",
                params={"kind": str(self.kind)},
            ) from None
        if self.kind is LeagueKind.BEST and (self.best_n is None or self.best_n < 1):
            raise LeagueError(
                "A best-drives league needs how many drives count (at least 1).",
                code="league_best_n",
            )
        if self.kind is LeagueKind.PLACING and not self.placing_points:
            raise LeagueError(
                "A placing-points league needs points for at least first place.",
                code="league_placing_points",
            )
        if any(points < 0 for points in self.placing_points):
            raise LeagueError("Placing points cannot be negative.", code="league_negative_points")
        if self.minimum_drives < 0:
            raise LeagueError(
                "The minimum number of drives to qualify cannot be negative.",
                code="league_minimum_drives",
            )


@dataclass(frozen=True)
class DriveResult:
    """A player's place and points in one drive of the season.

    ``field``: the list the place is in, for a drive ranked in fields ("" for one list);
    ``pair``: who the player shares the place with as one competitor (a pair's id; None
    for the player alone); ``percentage``: the player's percentage, None in a drive that
    gives none.
    """

    drive: int
    player: int
    place: int
    points: Decimal | int
    field: str = ""
    pair: int | None = None
    percentage: Decimal | None = None

    def __post_init__(self) -> None:
        if self.place < 1:
            raise LeagueError(f"Drive {self.drive}: place {self.place} is not a place.")


@dataclass(frozen=True)
class Contribution:
    """What one drive gave a player; ``counted=False`` for a drive the rule dropped."""

    drive: int
    value: Decimal
    counted: bool


@dataclass(frozen=True)
class LeagueRow:
    """A league table row; ``figure`` is what the rule ranks on."""

    player: int
    rank: int | None
    shared: bool
    drives_played: int
    figure: Decimal
    contributions: tuple[Contribution, ...]
    previous_rank: int | None
    qualified: bool

    @property
    def climb(self) -> int | None:
        """Places gained since the drive before the latest (negative: lost); None if new."""
        if self.rank is None or self.previous_rank is None:
            return None
        return self.previous_rank - self.rank


def climb_arrow(climb: int | None) -> str:
    """▲ for places gained, ▼ for places lost, nothing otherwise.

    >>> climb_arrow(2), climb_arrow(-1), climb_arrow(0), climb_arrow(None)
    ('▲', '▼', '', '')
    """
    if not climb:
        return ""
    return "▲" if climb > 0 else "▼"


def climb_label(climb: int | None) -> str:
    """A climb as league tables print it: ``▲2``, ``▼1``, ``=`` for no change, blank if new.

    >>> [climb_label(c) for c in (2, -1, 0, None)]
    ['▲2', '▼1', '=', '']
    """
    if climb is None:
        return ""
    return f"{climb_arrow(climb)}{abs(climb)}" if climb else "="


def league_table(
    results: Iterable[DriveResult],
    drive_order: Sequence[int],
    rule: LeagueRule,
    *,
    players: Collection[int] | None = None,
) -> list[LeagueRow]:
    """The season table, qualifiers ranked first; O(results · log results).

    >>> rows = league_table(
    ...     [DriveResult(1, 7, 1, 80), DriveResult(1, 8, 2, 75), DriveResult(2, 8, 1, 90)],
    ...     [1, 2],
    ...     LeagueRule("best", best_n=1),
    ... )
    >>> [(r.player, r.rank, r.figure, r.previous_rank) for r in rows]
    [(8, 1, Decimal('90'), 2), (7, 2, Decimal('80'), 1)]
    """
    results = list(results)
    position = {drive: index for index, drive in enumerate(drive_order)}
    if len(position) != len(drive_order):
        raise LeagueError("A drive appears twice in the season's order of drives.")
    seen: set[tuple[int, int]] = set()
    for result in results:
        if result.drive not in position:
            raise LeagueError(f"Drive {result.drive} is not one of this season's drives.")
        if (result.drive, result.player) in seen:
            raise LeagueError(f"Drive {result.drive} has two results for player {result.player}.")
        seen.add((result.drive, result.player))
    if rule.kind is LeagueKind.PERCENTAGE:
        results = [r for r in results if r.percentage is not None]
    if not results:
        return []

    value = _value_rule(results, rule)
    wanted = [r for r in results if players is None or r.player in players]
    current = _table(wanted, position, rule, value)
    latest = max((r.drive for r in results), key=position.__getitem__)
    before = _table([r for r in wanted if r.drive != latest], position, rule, value)
    previous = {row.player: row.rank for row in before}
    return [replace(row, previous_rank=previous.get(row.player)) for row in current]


def _value_rule(results: list[DriveResult], rule: LeagueRule) -> Callable[[DriveResult], Decimal]:
    """What one drive is worth to the player under the rule."""
    if rule.kind is LeagueKind.PERCENTAGE:
        return lambda result: Decimal(result.percentage or 0)
    if rule.kind is not LeagueKind.PLACING:
        return lambda result: Decimal(result.points)
    # Those tied for a place: each competitor once, a pair as one, within its field.
    competitors = {
        (r.drive, r.field, r.place, ("player", r.player) if r.pair is None else ("pair", r.pair))
        for r in results
    }
    tied = Counter((drive, field, place) for drive, field, place, _ in competitors)
    points_for_place = rule.placing_points

    def placing_value(result: DriveResult) -> Decimal:
        covered = range(
            result.place - 1, result.place - 1 + tied[result.drive, result.field, result.place]
        )
        shared = sum(points_for_place[i] for i in covered if i < len(points_for_place))
        return (Decimal(shared) / len(covered)).quantize(CENT, rounding=ROUND_HALF_UP)

    return placing_value


def _table(
    results: list[DriveResult],
    position: dict[int, int],
    rule: LeagueRule,
    value: Callable[[DriveResult], Decimal],
) -> list[LeagueRow]:
    by_player: defaultdict[int, list[DriveResult]] = defaultdict(list)
    for result in results:
        by_player[result.player].append(result)

    rows: list[tuple[tuple[Decimal, int, Decimal], LeagueRow]] = []
    for player, own in by_player.items():
        own.sort(key=lambda r: position[r.drive])
        values = [value(r) for r in own]
        counted = _counted(values, rule)
        figure = sum((v for v, c in zip(values, counted, strict=True) if c), Decimal(0))
        if rule.kind in (LeagueKind.AVERAGE, LeagueKind.PERCENTAGE):
            figure = (figure / len(own)).quantize(CENT, rounding=ROUND_HALF_UP)
        row = LeagueRow(
            player=player,
            rank=None,
            shared=False,
            drives_played=len(own),
            figure=figure,
            contributions=tuple(
                Contribution(r.drive, v, c) for r, v, c in zip(own, values, counted, strict=True)
            ),
            previous_rank=None,
            qualified=len(own) >= rule.minimum_drives,
        )
        rows.append(((figure, len(own), max(values)), row))

    # The tie-break: the figure, then more drives played, then the better best drive.
    rows.sort(key=lambda item: (tuple(-x for x in item[0]), item[1].player))
    ranked: list[LeagueRow] = []
    qualifiers = (item for item in rows if item[1].qualified)
    for _, level in groupby(qualifiers, key=lambda item: item[0]):
        group = [row for _, row in level]
        rank = len(ranked) + 1
        ranked += [replace(row, rank=rank, shared=len(group) > 1) for row in group]
    return ranked + [row for _, row in rows if not row.qualified]


def _counted(values: list[Decimal], rule: LeagueRule) -> list[bool]:
    """Which drives count towards the figure; drives are in season order."""
    if rule.kind is not LeagueKind.BEST or rule.best_n is None or len(values) <= rule.best_n:
        return [True] * len(values)
    best = sorted(range(len(values)), key=lambda i: (-values[i], i))[: rule.best_n]
    kept = set(best)
    return [i in kept for i in range(len(values))]
