"""A whist drive's prizes, picked from its standings (:mod:`scoring.standings`).

Prize rules (:func:`prizes`):

* Only players who played at least one deal can win a prize.
* A player who withdrew and did not come back keeps their place in the standings
  but wins no prize, unless the drive says so (``withdrawn_win_prizes``): the
  prizes go down the table as if they were not in it, ties among the others
  still shared.
* With ``by_role`` there are two lists, ladies and gents; a player whose role
  for the evening is "either" competes with the gents. Otherwise one overall list.
* Placing prizes come first. Players the tie-break could not separate share the
  prize of the first place they cover, and the places they cover are used up
  (=2, =2 take the 2nd and 3rd prizes between them, listed as a shared "2nd").
* The booby (one per list) goes to the bottom of the list, shared if tied, and
  not at all if anyone at the bottom already won a placing prize (for example
  when there are no more players than places).
* A player wins at most one prize. After placings and boobies, the single
  half-time prize goes to the best half-time standing among players without a
  prize, then the single ten-trick prize to the most deals with 10 or more
  tricks among players still without a prize (none if that most is 0). Ties share.
"""

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from scoring.errors import StandingsError
from scoring.standings import Competitor, Role, Standing, check_competitors, groups_by, rerank


@dataclass(frozen=True, slots=True)
class PrizeConfig:
    """Which prizes the drive gives; see the module docstring for the rules."""

    places: int = 3
    by_role: bool = False
    booby: bool = True
    half_time: bool = False
    most_ten_trick_deals: bool = False
    withdrawn_win_prizes: bool = False

    def __post_init__(self) -> None:
        if self.places < 1:
            raise StandingsError(f"A drive gives at least one placing prize, not {self.places}.")


@dataclass(frozen=True, slots=True)
class Prize:
    """A prize and who won it; several players means a shared prize.

    ``points`` is the figure that won it: the total, the half-time total, or
    for the ten-trick prize the number of such deals.
    """

    name: str
    category: str
    players: tuple[int, ...]
    points: Decimal


def prizes(
    final: Sequence[Standing],
    competitors: Iterable[Competitor],
    config: PrizeConfig,
    *,
    half_time: Sequence[Standing] | None = None,
    withdrawn: Collection[int] = (),
) -> list[Prize]:
    """The prizes: placings and booby per list, then half-time, then ten-trick.

    ``withdrawn``: the players who withdrew and did not come back.

    >>> final = [Standing(7, 1, False, Decimal(90), 24, 0, Decimal(4), (), 3, Decimal(4)),
    ...          Standing(8, 2, False, Decimal(70), 24, 0, Decimal(3), (), 1, Decimal(3))]
    >>> [(p.name, p.players) for p in prizes(final, [Competitor(7, "lady"),
    ...     Competitor(8, "gent")], PrizeConfig(places=1))]
    [('1st', (7,)), ('Booby', (8,))]
    >>> [(p.name, p.players) for p in prizes(final, [Competitor(7, "lady"),
    ...     Competitor(8, "gent")], PrizeConfig(places=1), withdrawn={7})]
    [('1st', (8,))]
    """
    roles = check_competitors(competitors)
    unknown = sorted({s.player for s in (*final, *(half_time or ()))} - roles.keys())
    if unknown:
        raise StandingsError(f"Standings include players not entered in this drive: {unknown}.")
    if config.half_time and half_time is None:
        raise StandingsError("The half-time prize needs the half-time standings.")
    if not config.withdrawn_win_prizes:
        final = rerank(s for s in final if s.player not in withdrawn)
        if half_time is not None:
            half_time = rerank(s for s in half_time if s.player not in withdrawn)

    played = [s for s in final if s.played_deals]
    if config.by_role:
        lists = {
            "ladies": [s for s in played if roles[s.player] is Role.LADY],
            "gents": [s for s in played if roles[s.player] is not Role.LADY],
        }
    else:
        lists = {"overall": played}

    awarded: list[Prize] = []
    for category, entrants in lists.items():
        awarded += _placings_and_booby(category, entrants, config)

    if config.half_time and half_time is not None:
        awarded += _half_time(played, half_time, _winners(awarded))
    if config.most_ten_trick_deals:
        awarded += _most_ten_trick_deals(played, _winners(awarded))
    return awarded


def _half_time(
    played: list[Standing], half_time: Sequence[Standing], winners: set[int]
) -> list[Prize]:
    """The half-time prize: the best half-time standing among players without a prize."""
    can_win = {s.player for s in played} - winners
    entrants = [s for s in half_time if s.played_deals and s.player in can_win]
    if not entrants:
        return []
    best = groups_by(entrants, key=lambda s: s.rank)[0]
    return [_prize("Half-time", "overall", best, best[0].points)]


def _most_ten_trick_deals(played: list[Standing], winners: set[int]) -> list[Prize]:
    """The ten-trick prize: the most deals of 10+ tricks among players still without a prize."""
    entrants = [s for s in played if s.player not in winners and s.ten_trick_deals]
    if not entrants:
        return []
    best = groups_by(entrants, key=lambda s: -s.ten_trick_deals)[0]
    most = Decimal(best[0].ten_trick_deals)
    return [_prize("Most deals with 10+ tricks", "overall", best, most)]


def _placings_and_booby(
    category: str, entrants: list[Standing], config: PrizeConfig
) -> list[Prize]:
    groups = groups_by(entrants, key=lambda s: s.rank)
    awarded = []
    place = 1
    for group in groups:
        if place > config.places:
            break
        # A tied group shares the prize of its first place and uses up the places it covers.
        awarded.append(_prize(_ordinal(place), category, group, group[0].points))
        place += len(group)
    if config.booby and groups and not _winners(awarded) & {s.player for s in groups[-1]}:
        awarded.append(_prize("Booby", category, groups[-1], groups[-1][0].points))
    return awarded


def _winners(awarded: list[Prize]) -> set[int]:
    return {player for prize in awarded for player in prize.players}


def _prize(name: str, category: str, group: list[Standing], points: Decimal) -> Prize:
    return Prize(name, category, tuple(s.player for s in group), points)


def _ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"
