"""A whist drive's prizes, picked from its standings (:mod:`scoring.standings`).

Prize rules (:func:`prizes`):

* Only players who played at least one deal can win a prize.
* A player who withdrew and did not come back keeps their place in the standings
  but wins no prize, unless the drive says so (``withdrawn_win_prizes``): the
  prizes go down the table as if they were not in it, ties among the others
  still shared.
* With ``by_role`` there are two lists, ladies and gents; a player whose role
  for the evening is "either" competes with the gents. Otherwise one overall list.
  A drive ranked in fields of its own (a compass Mitchell's N–S and E–W pairs, each
  with its own places) passes them as ``fields``: one list each, ranked as given.
* Placing prizes come first. Players the tie-break could not separate share the
  prize of the first place they cover, and the places they cover are used up
  (=2, =2 take the 2nd and 3rd prizes between them, listed as a shared "2nd").
* The booby (one per list) goes to the bottom of the list, shared if tied, and
  not at all if anyone at the bottom already won a placing prize (for example
  when there are no more players than places): the placing prize it holds says so
  (``bottom_too``), for the page to explain the missing booby.
* A player wins at most one prize. After placings and boobies, the single
  half-time prize goes to the best half-time standing among players without a
  prize, then the single ten-trick prize to the most deals with 10 or more
  tricks among players still without a prize (none if that most is 0). Ties share.
  A player passed over because they already hold a prize is named on the prize
  (``passed_over``), so the page can say why the next in line took it.
* The consolation prize (``consolation``) is drawn by lot among the players who
  played and won nothing else (:func:`unprized`, withdrawn players out as above):
  the draw is recorded as its seed and its candidates' card numbers, in order, and
  :func:`draw_lot` gives the same winner from that record every time. With
  ``booby`` off it stands instead of the booby.
"""

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from hashlib import sha256

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
    consolation: bool = False

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
    #: The places a placing prize covers (=2, =2 cover 2 and 3); empty for the others.
    covers: tuple[int, ...] = ()
    #: Players who stood before the winners for this prize but already hold another.
    passed_over: tuple[int, ...] = ()
    #: Its winners are also the bottom of the list, so no booby is given.
    bottom_too: bool = False


BOOBY = "Booby"
HALF_TIME = "Half-time"
TEN_TRICKS = "Most deals with 10+ tricks"
CONSOLATION = "Consolation"


@dataclass(frozen=True, slots=True)
class Draw:
    """A consolation draw as recorded: its seed and its candidates' labels (card numbers)
    in the order drawn from; the winner follows from them (:func:`draw_lot`)."""

    seed: str
    candidates: tuple[int, ...]

    @property
    def winner(self) -> int:
        return draw_lot(self.seed, self.candidates)


def draw_lot(seed: str, candidates: Sequence[int]) -> int:
    """One of ``candidates``, chosen by ``seed``: the SHA-256 of "seed:3,5,9" read as a
    number, modulo how many candidates, is the index of the one drawn. Anyone can repeat
    it with any SHA-256 tool.

    >>> draw_lot("7f3a", [3, 5, 9]) == draw_lot("7f3a", [3, 5, 9])
    True
    >>> draw_lot("any", [4])
    4
    """
    if not candidates:
        raise StandingsError("A draw needs at least one candidate.")
    text = f"{seed}:{','.join(str(c) for c in candidates)}"
    number = int.from_bytes(sha256(text.encode()).digest(), "big")
    return candidates[number % len(candidates)]


def prizes(
    final: Sequence[Standing],
    competitors: Iterable[Competitor],
    config: PrizeConfig,
    *,
    half_time: Sequence[Standing] | None = None,
    withdrawn: Collection[int] = (),
    draw: tuple[Draw, dict[int, int]] | None = None,
    fields: Mapping[str, Sequence[Standing]] | None = None,
) -> list[Prize]:
    """The prizes: placings and booby per list, then half-time, then ten-trick, then the
    consolation prize once drawn.

    ``withdrawn``: the players who withdrew and did not come back. ``draw``: the
    recorded consolation draw and the player each of its labels names. ``fields``: the
    lists by category (``final`` is then all of them), instead of overall or by role.

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
    lists = _prize_lists(played, roles, config, fields=fields, withdrawn=withdrawn)
    awarded: list[Prize] = []
    for category, entrants in lists.items():
        awarded += _placings_and_booby(category, entrants, config)

    if config.half_time and half_time is not None:
        awarded += _half_time(played, half_time, _winners(awarded))
    if config.most_ten_trick_deals:
        awarded += _most_ten_trick_deals(played, _winners(awarded))
    if config.consolation and draw is not None:
        recorded, players = draw
        winner = players[recorded.winner]
        points = next((s.points for s in final if s.player == winner), Decimal(0))
        awarded.append(Prize(CONSOLATION, "overall", (winner,), points))
    return awarded


def unprized(
    final: Sequence[Standing],
    awarded: Iterable[Prize],
    config: PrizeConfig,
    *,
    withdrawn: Collection[int] = (),
) -> list[int]:
    """The consolation draw's candidates: who played, may win and won nothing, in the
    standings' order."""
    winners = _winners([p for p in awarded if p.name != CONSOLATION])
    barred = set() if config.withdrawn_win_prizes else set(withdrawn)
    return [
        s.player
        for s in final
        if s.played_deals and s.player not in winners and s.player not in barred
    ]


def _prize_lists(
    played: list[Standing],
    roles: dict[int, Role],
    config: PrizeConfig,
    *,
    fields: Mapping[str, Sequence[Standing]] | None,
    withdrawn: Collection[int],
) -> dict[str, list[Standing]]:
    """The lists placings and boobies are given in, by category."""
    if fields is not None:
        # Each field ranked on its own: cut within it, never across the fields.
        barred = () if config.withdrawn_win_prizes else withdrawn
        return {
            category: [
                s for s in rerank(s for s in field if s.player not in barred) if s.played_deals
            ]
            for category, field in fields.items()
        }
    if config.by_role:
        return {
            "ladies": [s for s in played if roles[s.player] is Role.LADY],
            "gents": [s for s in played if roles[s.player] is not Role.LADY],
        }
    return {"overall": played}


def _half_time(
    played: list[Standing], half_time: Sequence[Standing], winners: set[int]
) -> list[Prize]:
    """The half-time prize: the best half-time standing among players without a prize."""
    can_win = {s.player for s in played} - winners
    entrants = [s for s in half_time if s.played_deals and s.player in can_win]
    if not entrants:
        return []
    best = groups_by(entrants, key=lambda s: s.rank)[0]
    passed = tuple(s.player for s in half_time if s.rank < best[0].rank and s.player in winners)
    return [_prize(HALF_TIME, "overall", best, best[0].points, passed_over=passed)]


def _most_ten_trick_deals(played: list[Standing], winners: set[int]) -> list[Prize]:
    """The ten-trick prize: the most deals of 10+ tricks among players still without a prize."""
    entrants = [s for s in played if s.player not in winners and s.ten_trick_deals]
    if not entrants:
        return []
    best = groups_by(entrants, key=lambda s: -s.ten_trick_deals)[0]
    most = Decimal(best[0].ten_trick_deals)
    passed = tuple(s.player for s in played if s.player in winners and s.ten_trick_deals > most)
    return [_prize(TEN_TRICKS, "overall", best, most, passed_over=passed)]


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
        covers = tuple(range(place, min(place + len(group), config.places + 1)))
        awarded.append(_prize(_ordinal(place), category, group, group[0].points, covers=covers))
        place += len(group)
    if config.booby and groups:
        if _winners(awarded) & {s.player for s in groups[-1]}:
            # Groups are awarded in order, so the bottom group holds the last placing.
            awarded[-1] = replace(awarded[-1], bottom_too=True)
        else:
            awarded.append(_prize(BOOBY, category, groups[-1], groups[-1][0].points))
    return awarded


def _winners(awarded: list[Prize]) -> set[int]:
    return {player for prize in awarded for player in prize.players}


def _prize(
    name: str,
    category: str,
    group: list[Standing],
    points: Decimal,
    *,
    covers: tuple[int, ...] = (),
    passed_over: tuple[int, ...] = (),
) -> Prize:
    return Prize(name, category, tuple(s.player for s in group), points, covers, passed_over)


def _ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"
