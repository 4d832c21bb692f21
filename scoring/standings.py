"""A whist drive's standings: totals, sit-out credit, tie-breaks.

The web application builds plain values from the database and calls
:func:`standings` for the table; :mod:`scoring.prizes` picks the prizes from it.

Rules, in the order a club organiser would ask about them:

* **Sit-outs are passed in, not inferred.** The caller lists, per player and
  round, how many deals the player sat out *while entered* (``SitOut``): a player
  sits a round out when in play in it without a seat (:func:`sits_out`). Deals
  before a late arrival or after a withdrawal are neither played nor sat out:
  they earn nothing.
* **Sit-out credit.** With ``SitOutRule.AVERAGE`` (the default) each deal sat
  out is credited the player's own average per deal played in the window,
  exactly (a ``Fraction``); a player who has played no deal is credited 0. With
  ``SitOutRule.FIXED`` each deal sat out earns ``fixed_sit_out_points``. The
  standing carries the exact figure (``sit_out_credit``), so a printed card can
  write beside each deal sat out what the total counted.
* **Points are ``Decimal`` with 2 decimal places, rounded once** (:func:`two_places`,
  half up) from the exact figure: 105 points over 16 deals and 4 deals sat out is
  105 + 105 / 16 × 4 = 131.25, never 105 + 6.56 × 4 = 131.24. Ranking uses exactly
  the figures shown (the rounded total, then the rounded countback sums), and every
  page, sheet and CSV rounds with :func:`two_places` alone.
* **Tie-break.** ``TieBreak.COUNTBACK`` (the default) separates players level
  on total by their points in the last round, then the last two rounds, then
  the last three, and so on; ``TieBreak.SHARED`` skips the countback. Players
  still level share the place: equal rank, ``shared=True``, and the next rank
  skips (1, 2, =3, =3, 5). Player id orders rows only for display.
* ``rerank`` cuts the table to the ladies or the gents without re-deciding ties.
* **Half-time** standings: the same function with ``up_to_round`` set to
  ``half_time_round(total_rounds)``, that is after round R // 2 (at least 1).
* A paper drive's card totals are ranked by the same rules in :mod:`scoring.card_totals`.
"""

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from fractions import Fraction
from itertools import accumulate, chain, groupby
from operator import attrgetter, itemgetter
from typing import Protocol, TypeVar

from scoring.errors import StandingsError

CENT = Decimal("0.01")
TEN_TRICKS = 10

_Choice = TypeVar("_Choice", bound=StrEnum)


class Role(StrEnum):
    """A player's seat role for the evening."""

    LADY = "lady"
    GENT = "gent"
    EITHER = "either"


class SitOutRule(StrEnum):
    """How deals a player sat out are credited."""

    AVERAGE = "average"
    FIXED = "fixed"


class TieBreak(StrEnum):
    """How players level on total are separated."""

    COUNTBACK = "countback"
    SHARED = "shared"


@dataclass(frozen=True, slots=True)
class DealScore:
    """One player's points on one deal, and the tricks their side took on it."""

    player: int
    round: int
    deal: int
    points: int
    tricks: int

    def __post_init__(self) -> None:
        if not 0 <= self.tricks <= 13:
            raise StandingsError(f"Deal {self.deal}: a side takes 0-13 tricks, not {self.tricks}.")


class InPlay(Protocol):
    """Anything that knows the rounds a player is in play: a drive's entry."""

    def plays_in(self, round_number: int, /) -> bool: ...


def sits_out(player: InPlay, round_number: int, *, seated: bool) -> bool:
    """Whether ``player`` sits round ``round_number`` out: in play in it, with no seat.

    A player not in play (before arriving late, after withdrawing, while away) neither
    plays nor sits out, so earns no sit-out credit for the round.

    >>> class Late:
    ...     def plays_in(self, round_number): return round_number >= 3
    >>> [sits_out(Late(), r, seated=False) for r in (2, 3)], sits_out(Late(), 3, seated=True)
    ([False, True], False)
    """
    return not seated and player.plays_in(round_number)


@dataclass(frozen=True, slots=True)
class SitOut:
    """A player sat out ``deals`` deals of ``round`` while entered in the drive."""

    player: int
    round: int
    deals: int

    def __post_init__(self) -> None:
        if self.deals < 1:
            raise StandingsError(f"Round {self.round}: a sit-out needs 1+ deals, not {self.deals}.")


@dataclass(frozen=True, slots=True)
class Competitor:
    """A player entered in the drive, with their seat role for the evening."""

    player: int
    role: Role

    def __post_init__(self) -> None:
        object.__setattr__(self, "role", as_choice(Role, self.role, "seat role"))


@dataclass(frozen=True, slots=True)
class Standing:
    """One row of the standings; ``points`` is the ranking total with sit-out credit.

    ``sit_out_credit`` is what each deal sat out earned, exactly, as counted in ``points``
    and ``round_points``: the player's average per deal played, or the drive's fixed credit.
    ``points`` and each of ``round_points`` are their exact figure rounded once.
    """

    player: int
    rank: int
    shared: bool
    points: Decimal
    played_deals: int
    sat_out_deals: int
    average_per_deal: Decimal
    round_points: tuple[Decimal, ...]
    ten_trick_deals: int
    sit_out_credit: Fraction

    @property
    def rank_label(self) -> str:
        return rank_label(self.rank, self.shared)


def rank_label(rank: int, shared: bool) -> str:
    """The place as standings print it, ``=3`` when others share it.

    >>> rank_label(3, True), rank_label(1, False)
    ('=3', '1')
    """
    return f"={rank}" if shared else str(rank)


def half_time_round(total_rounds: int) -> int:
    """The round after which the half-time standings are taken.

    >>> half_time_round(8), half_time_round(5), half_time_round(1)
    (4, 2, 1)
    """
    if total_rounds < 1:
        raise StandingsError(f"A drive has at least one round, not {total_rounds}.")
    return max(1, total_rounds // 2)


def standings(
    scores: Iterable[DealScore],
    competitors: Iterable[Competitor],
    *,
    rounds: Sequence[tuple[int, int]],
    sit_outs: Iterable[SitOut] = (),
    sit_out_rule: SitOutRule = SitOutRule.AVERAGE,
    fixed_sit_out_points: int | Decimal = 0,
    tie_break: TieBreak = TieBreak.COUNTBACK,
    up_to_round: int | None = None,
) -> list[Standing]:
    """Rank every competitor; ``rounds`` lists (round, deals in it) for the drive.

    >>> ranked = standings(
    ...     [DealScore(1, 1, 1, 3, 9), DealScore(1, 2, 2, 1, 7), DealScore(2, 2, 2, 2, 8)],
    ...     [Competitor(1, "gent"), Competitor(2, "lady")],
    ...     rounds=[(1, 1), (2, 1)],
    ...     sit_outs=[SitOut(2, 1, 1)],
    ... )
    >>> [(s.player, s.rank, str(s.points), s.round_points[-1]) for s in ranked]
    [(2, 1, '4.00', Decimal('2.00')), (1, 2, '4.00', Decimal('1.00'))]

    Level on 4.00 (player 2's sat-out deal earns their 2.00 average): countback.
    """
    (ranked,) = standings_after(
        [up_to_round],
        scores,
        competitors,
        rounds=rounds,
        sit_outs=sit_outs,
        sit_out_rule=sit_out_rule,
        fixed_sit_out_points=fixed_sit_out_points,
        tie_break=tie_break,
    )
    return ranked


def standings_after(
    up_to_rounds: Sequence[int | None],
    scores: Iterable[DealScore],
    competitors: Iterable[Competitor],
    *,
    rounds: Sequence[tuple[int, int]],
    sit_outs: Iterable[SitOut] = (),
    sit_out_rule: SitOutRule = SitOutRule.AVERAGE,
    fixed_sit_out_points: int | Decimal = 0,
    tie_break: TieBreak = TieBreak.COUNTBACK,
) -> list[list[Standing]]:
    """:func:`standings` after each of ``up_to_rounds`` (``None``: all), tallying once.

    A report wants the final and the half-time tables of the same scores; they
    differ only in the rounds summed, so one pass over the scores serves both.
    """
    deals_in_round = _check_rounds(rounds)
    for up_to_round in up_to_rounds:
        if up_to_round is not None and up_to_round not in deals_in_round:
            raise StandingsError(f"Round {up_to_round} is not one of this drive's rounds.")
    credit = fixed_sit_out_credit(sit_out_rule, fixed_sit_out_points)
    countback = as_choice(TieBreak, tie_break, "tie-break") is TieBreak.COUNTBACK
    start, figures = _tally(scores, sit_outs, check_competitors(competitors), deals_in_round)
    # Rounds are tallied in order, so the window is each player's first ``width`` rounds.
    return [
        rank_columns(
            start,
            figures,
            sum(up_to_round is None or r <= up_to_round for r in deals_in_round),
            fixed_credit=credit,
            countback=countback,
        )
        for up_to_round in up_to_rounds
    ]


def fixed_sit_out_credit(sit_out_rule: SitOutRule | str, points: int | Decimal) -> Decimal | None:
    """The credit per deal sat out under the fixed rule; ``None`` under the average rule."""
    if as_choice(SitOutRule, sit_out_rule, "sit-out rule") is not SitOutRule.FIXED:
        return None
    if points < 0:
        raise StandingsError("The fixed credit for a deal sat out cannot be negative.")
    return two_places(points)


def rank_columns(
    start: dict[int, int],
    figures: list[list[int]],
    width: int,
    *,
    fixed_credit: Decimal | None,
    countback: bool,
) -> list[Standing]:
    """Rank everyone in ``start`` on their first ``width`` columns of ``figures``.

    ``figures`` are four flat lists (points, deals played, ten-trick deals, deals sat out),
    player ``p``'s columns in order from ``start[p]``: rounds here, a paper card's halves
    in :mod:`scoring.card_totals`.
    """
    points, played, ten_tricks, sat_out = figures
    rows, keys = [], {}
    for player, first in start.items():
        window = slice(first, first + width)
        deals, scored = sum(played[window]), sum(points[window])
        exact_average = Fraction(scored, deals) if deals else Fraction(0)
        credit = exact_average if fixed_credit is None else Fraction(fixed_credit)
        # Exact until shown: each figure is rounded once, never built from rounded parts.
        exact = [p + credit * s for p, s in zip(points[window], sat_out[window], strict=True)]
        round_points = tuple(map(two_places, exact))
        total = two_places(sum(exact))
        # Countback: the last round, then the last two, the last three, ...
        last_rounds = accumulate(reversed(exact[1:])) if countback else ()
        keys[player] = (-total, *(-two_places(p) for p in last_rounds))
        sat_out_deals, ten_trick_deals = sum(sat_out[window]), sum(ten_tricks[window])
        average = two_places(exact_average)
        stats = (total, deals, sat_out_deals, average, round_points, ten_trick_deals, credit)
        rows.append(Standing(player, 0, False, *stats))
    return _numbered(groups_by(rows, key=lambda s: keys[s.player]))


def rerank(part: Iterable[Standing]) -> list[Standing]:
    """Rank part of a table (say the ladies) within itself; players level stay shared.

    >>> ranked = [Standing(1, 1, False, Decimal(90), 24, 0, Decimal(4), (), 0, Decimal(4)),
    ...          Standing(2, 2, True, Decimal(80), 24, 0, Decimal(3), (), 0, Decimal(3)),
    ...          Standing(3, 2, True, Decimal(80), 24, 0, Decimal(3), (), 0, Decimal(3))]
    >>> [(s.player, s.rank, s.shared) for s in rerank(ranked[1:])]
    [(2, 1, True), (3, 1, True)]
    """
    return _numbered(groups_by(list(part), key=lambda s: s.rank))


def _tally(
    scores: Iterable[DealScore],
    sit_outs: Iterable[SitOut],
    entered: Iterable[int],
    deals_in_round: dict[int, int],
) -> tuple[dict[int, int], list[list[int]]]:
    """Points, deals played, ten-trick deals and deals sat out per player and round.

    The hot loop of a report: flat lists, player ``p``'s rounds in order from
    ``start[p]``, and messages formatted only when something is wrong.
    """
    column = {r: i for i, r in enumerate(sorted(deals_in_round))}
    limit = [deals_in_round[r] for r in column]
    start = {player: i * len(column) for i, player in enumerate(entered)}
    figures = [[0] * (len(start) * len(column)) for _ in range(4)]
    points, played, ten_tricks, sat_out = figures
    seen: set[tuple[int, int]] = set()
    entries: Iterable[DealScore | SitOut] = chain(scores, sit_outs)
    for entry in entries:
        first, i = start.get(entry.player), column.get(entry.round)
        if first is None or i is None:
            where = (
                f"Deal {entry.deal}"
                if isinstance(entry, DealScore)
                else f"A sit-out in round {entry.round}"
            )
            if first is None:
                raise StandingsError(f"{where} is for player {entry.player}, who is not entered.")
            raise StandingsError(f"{where} is in round {entry.round}, which the drive lacks.")
        cell = first + i
        if isinstance(entry, DealScore):
            if (entry.player, entry.deal) in seen:
                raise StandingsError(f"Deal {entry.deal} has two scores for player {entry.player}.")
            seen.add((entry.player, entry.deal))
            points[cell] += entry.points
            played[cell] += 1
            ten_tricks[cell] += entry.tricks >= TEN_TRICKS
        else:
            sat_out[cell] += entry.deals
        if played[cell] + sat_out[cell] > limit[i]:
            raise StandingsError(
                f"Player {entry.player} has more deals played and sat out in round "
                f"{entry.round} than the round's {limit[i]}."
            )
    return start, figures


def as_choice(kind: type[_Choice], value: str, what: str) -> _Choice:
    """``value`` as one of ``kind``'s choices, else a :class:`StandingsError` naming them."""
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(f'"{member}"' for member in kind)
        raise StandingsError(f'Unknown {what} "{value}"; choose {choices}.') from None


def two_places(value: Fraction | Decimal | int) -> Decimal:
    """A figure as every page, sheet and CSV shows it: two places, half up, rounded once
    from the exact value.

    >>> two_places(Fraction(105, 8)), two_places(Fraction(-105, 8)), two_places(7)
    (Decimal('13.13'), Decimal('-13.13'), Decimal('7.00'))
    """
    if isinstance(value, Fraction):
        # Whole cents by integer arithmetic: a Decimal division could round once already.
        cents = math.floor(abs(value) * 100 + Fraction(1, 2))
        return Decimal(cents if value >= 0 else -cents).scaleb(-2)
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


def _check_rounds(rounds: Sequence[tuple[int, int]]) -> dict[int, int]:
    deals_in_round = dict(rounds)
    if not deals_in_round or len(deals_in_round) != len(rounds):
        raise StandingsError("List each of the drive's rounds once, with its number of deals.")
    short = [number for number, deals in rounds if deals < 1]
    if short:
        raise StandingsError(f"Round {short[0]} must have at least one deal.")
    return deals_in_round


def check_competitors(competitors: Iterable[Competitor]) -> dict[int, Role]:
    roles: dict[int, Role] = {}
    for competitor in competitors:
        if competitor.player in roles:
            raise StandingsError(f"Player {competitor.player} is entered twice.")
        roles[competitor.player] = competitor.role
    return roles


#: A standing's fields after ``rank`` and ``shared``, in order.
_UNRANKED = attrgetter(
    "points",
    "played_deals",
    "sat_out_deals",
    "average_per_deal",
    "round_points",
    "ten_trick_deals",
    "sit_out_credit",
)


def _numbered(groups: list[list[Standing]]) -> list[Standing]:
    """Rank groups of level players, best first: 1, 2, =3, =3, 5."""
    ranked: list[Standing] = []
    for group in groups:
        rank, shared = len(ranked) + 1, len(group) > 1
        # Built directly: dataclasses.replace() costs several times as much per row.
        ranked += [Standing(s.player, rank, shared, *_UNRANKED(s)) for s in group]
    return ranked


def groups_by(entrants: list[Standing], key: Callable[[Standing], object]) -> list[list[Standing]]:
    """Players with equal ``key``, best (lowest key) group first; ``key`` is called once each."""
    keyed = sorted(((key(s), s.player, s) for s in entrants), key=itemgetter(0, 1))
    return [[s for _, _, s in group] for _, group in groupby(keyed, key=itemgetter(0))]
