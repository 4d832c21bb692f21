"""Progressive and semi-partner drives: the next round depends on who won.

Ladies' seats are N and E, gents' seats S and W (N+S partners E+W, so every
partnership is a lady and a gent). At each table one pair wins the round; the
rule's ``movers`` (usually the losers) split: the one in the lady's seat moves
a table the ladies' way, the one in the gent's seat the gents' way, the last
table wrapping to the first. The other pair stays. In a progressive drive the
staying pair splits too (the staying gent crosses to oppose his partner), so
every partnership changes; in a semi-partner drive the winning pair stays
together and the two arrivals partner each other.

Sit-outs: a :class:`ProgressiveRound` carries who sits out this round and who has sat
out since everybody last had a turn. Next round they come in, each taking the
place of a mover who goes out instead, so nobody sits out twice before
everyone has once and nobody sits out two rounds running.

Players who stay put (``stationary``): at a stationary player's table that
player's side is the side that stays, whoever won, and the four is turned (N
with E, S with W, which keeps ladies' and gents' seats) so the stationary
player keeps their seat too; the other side moves as the rule says, so a
stationary player still changes partner every round of a progressive drive
(and, in a semi-partner drive, keeps the partner while the other pair splits).
A stationary player never sits out: the sit-outs go round everybody else, as
fairly as before. They start at tables 1, 2, 3, … in number order, one a table.

>>> rule = ProgressiveRule()
>>> first = progressive_first(8, ladies={0, 1, 2, 3})
>>> first.fours
((0, 1, 4, 5), (2, 3, 6, 7))
>>> progressive_next(first, ["NS", "NS"], rule).fours
((0, 3, 7, 4), (2, 1, 5, 6))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from scoring.cards import Side
from scoring.errors import MovementError
from scoring.movements.base import Four
from scoring.movements.stationary import refuse_too_many

Direction = Literal["up", "down"]


@dataclass(frozen=True)
class ProgressiveRule:
    """Who moves after each round, and which way.

    ``movers``: "losers" (the usual) or "winners". ``ladies``/``gents``: "up"
    (table t to t+1) or "down". ``keep_winning_pair``: a semi-partner drive.
    ``roles``: seat ladies N/E and gents S/W; False seats anyone anywhere (the
    seats still decide who moves which way).
    """

    movers: Literal["losers", "winners"] = "losers"
    ladies: Direction = "up"
    gents: Direction = "down"
    keep_winning_pair: bool = False
    roles: bool = True

    def __post_init__(self) -> None:
        if self.movers not in ("losers", "winners"):
            raise MovementError("The movers must be the losers or the winners.")
        if self.ladies not in ("up", "down") or self.gents not in ("up", "down"):
            raise MovementError("Ladies and gents move up or down.")
        if self.keep_winning_pair and self.movers == "winners":
            raise MovementError(
                "A semi-partner drive keeps the winning pair together, so the losers must move."
            )


@dataclass(frozen=True)
class ProgressiveRound:
    """One round of a progressive drive.

    ``fours`` in table order; ``sitting_out`` this round; ``rested``: players
    who have sat out since everyone last had a turn; ``ladies``: the players
    who take ladies' seats (empty when the drive ignores roles).
    """

    fours: tuple[Four, ...]
    sitting_out: tuple[int, ...] = ()
    rested: frozenset[int] = frozenset()
    ladies: frozenset[int] = frozenset()

    def __iter__(self) -> Iterator[Four]:
        """A seating reads as the plain round it holds."""
        return iter(self.fours)

    def __len__(self) -> int:
        return len(self.fours)


def winner_on_tricks(north_south: int, total: int, last_deal: int) -> Side:
    """The pair that won a round of classic whist at one table, on tricks.

    ``north_south`` is N–S's tricks over the round's deals, ``total`` all the
    tricks played (13 a deal), ``last_deal`` N–S's tricks in the last deal.
    More tricks wins; a tie (possible with an even number of deals) goes to
    the pair that won the last deal, which cannot be tied.

    >>> winner_on_tricks(12, 26, 7), winner_on_tricks(13, 26, 5), winner_on_tricks(13, 26, 8)
    ('EW', 'EW', 'NS')
    """
    if not 0 <= north_south <= total or total % 13 or not 0 <= last_deal <= 13:
        raise MovementError("A round's tricks must be whole deals of 13, N–S's between 0 and 13.")
    margin = 2 * north_south - total or 2 * last_deal - 13
    return "NS" if margin > 0 else "EW"


def progressive_first(
    players: int | Iterable[int],
    ladies: Collection[int] = (),
    rule: ProgressiveRule = ProgressiveRule(),
    *,
    rested: Collection[int] = frozenset(),
    stationary: Collection[int] = frozenset(),
    homes: Mapping[int, tuple[int, int]] | None = None,
) -> ProgressiveRound:
    """Seat round 1: ladies at N and E, gents at S and W, in number order.

    When the ladies and gents do not come out even, the spare ones sit out
    first and the rest take the other role's seats. Without roles, table t
    takes the players 4t … 4t+3 in order. The highest numbers sit out, except
    that players in ``rested`` (who sat out or arrived since everyone last had
    a turn; given when a drive is re-seated after its table count changed) sit
    out only once everybody else has. ``stationary`` players never sit out; each
    takes the (table, seat) ``homes`` gives it (counted from 0: a drive re-seated
    keeps them where they were) or else the first table with nobody stationary.
    """
    numbers = range(players) if isinstance(players, int) else set(players)
    staying = sorted(p for p in stationary if p in numbers)
    # Sit-outs are taken from the end: the rested go to the front to be taken last,
    # and those who stay put before them.
    everyone = sorted(numbers, key=lambda p: (p not in staying, p not in rested, p))
    table_count = len(everyone) // 4
    if table_count == 0:
        raise MovementError(
            "A progressive drive needs at least four players.", code="too_few_players"
        )
    if len(staying) > table_count:
        refuse_too_many(len(staying), table_count)
    spare = len(everyone) - 4 * table_count
    if not rule.roles:
        seated, out = everyone[: 4 * table_count], everyone[4 * table_count :]
        return ProgressiveRound(
            _at_homes([list(seated[i : i + 4]) for i in range(0, len(seated), 4)], staying, homes),
            tuple(sorted(out)),
            _still_rested(rested, out, everyone),
        )
    lady_list = [p for p in everyone if p in ladies]
    gent_list = [p for p in everyone if p not in ladies]
    out = []
    for _ in range(spare):
        longer = lady_list if len(lady_list) - len(gent_list) > 0 else gent_list
        out.append(longer.pop())
    queue = lady_list + gent_list
    lady_seats, gent_seats = queue[: 2 * table_count], queue[2 * table_count :]
    return ProgressiveRound(
        _at_homes([list(four) for four in _fours(lady_seats, gent_seats)], staying, homes),
        tuple(sorted(out)),
        _still_rested(rested, out, everyone),
        frozenset(lady_seats),
    )


def _at_homes(
    fours: list[list[int]],
    staying: Sequence[int],
    homes: Mapping[int, tuple[int, int]] | None,
) -> tuple[Four, ...]:
    """Round 1's fours with each stationary player moved to their own table and seat (the
    seat of their ``homes``, else the same kind of seat as given: a lady's for a lady's),
    changing places with whoever sits there."""
    taken: set[int] = set()
    for player in staying:
        table, seat = (homes or {}).get(player, (-1, -1))
        if not 0 <= table < len(fours) or table in taken:
            table = min(t for t in range(len(fours)) if t not in taken)
            seat = -1
        taken.add(table)
        where = next(t for t, four in enumerate(fours) if player in four)
        mine = fours[where].index(player)
        if seat < 0:
            # The seat the player was given: a lady's (N, E) or a gent's (S, W) as before.
            seat = mine
        fours[where][mine], fours[table][seat] = fours[table][seat], player
    return tuple(_substitute(four, {}) for four in fours)


def _still_rested(rested: Collection[int], out: list[int], everyone: list[int]) -> frozenset[int]:
    """Who has rested in this cycle after ``out`` sit out; a new cycle once everyone has."""
    now = frozenset(p for p in rested if p in everyone) | frozenset(out)
    return frozenset(out) if now >= set(everyone) else now


def _fours(lady_seats: Sequence[int], gent_seats: Sequence[int]) -> list[Four]:
    return [
        (lady_seats[2 * t], lady_seats[2 * t + 1], gent_seats[2 * t], gent_seats[2 * t + 1])
        for t in range(len(lady_seats) // 2)
    ]


def progressive_next(
    seating: ProgressiveRound | Sequence[Four],
    winners: Sequence[Side],
    rule: ProgressiveRule,
    *,
    players: Collection[int] | None = None,
    roles: Mapping[int, str] | None = None,
    stationary: Collection[int] = frozenset(),
) -> ProgressiveRound:
    """Seat the next round from this one and the winning pair at each table.

    ``seating`` is this round: a :class:`ProgressiveRound`, or a plain round of fours,
    which carries no history (whoever is not seated counts as sitting out for
    the first time). ``winners[t]`` is "NS" or "EW" for table t (see
    :func:`winner_on_tricks`; at bid whist :func:`scoring.bidwhist.winner_on_points`).
    ``players`` are those playing next round, by default the same as this one: a
    seated player missing from it has withdrawn and the first player coming in takes
    their place; a newcomer comes in like a player who sat out. ``roles`` maps
    players to "lady", "gent" or "either" so an incoming lady replaces a lady where
    she can (default: the seating's ladies).
    If the players present need a different number of tables, the movement
    starts afresh with :func:`progressive_first`, the stationary players where they were.
    ``stationary`` players stay at their table and in their seat (see the module's
    docstring); one coming in (a late arrival) takes a table with nobody stationary.
    """
    if not isinstance(seating, ProgressiveRound):
        fours = tuple(_substitute(list(four), {}) for four in seating)
        at_tables = {p for four in fours for p in four}
        out = tuple(sorted(set(players or ()) - at_tables))
        in_ladies_seats = frozenset(p for four in fours for p in four[:2])
        seating = ProgressiveRound(fours, out, frozenset(out), in_ladies_seats)
    fours = seating.fours
    if len(winners) != len(fours) or any(w not in ("NS", "EW") for w in winners):
        raise MovementError("Give the winning pair, NS or EW, for every table.")
    seated = [p for four in fours for p in four]
    present = set(players) if players is not None else {*seated, *seating.sitting_out}
    ladies = (
        frozenset(p for p, role in roles.items() if role == "lady") if roles else seating.ladies
    )
    staying = frozenset(p for p in stationary if p in present)
    if len(present) // 4 != len(fours):
        homes = {p: (t, four.index(p)) for t, four in enumerate(fours) for p in four}
        return progressive_first(
            present,
            ladies,
            rule,
            rested=seating.rested | (present - set(seated)),
            stationary=staying,
            homes={p: homes[p] for p in staying if p in homes},
        )
    if len(staying) > len(fours):
        refuse_too_many(len(staying), len(fours))
    new, movers = _move(fours, winners, rule, staying)
    newcomers = present - set(seated) - set(seating.sitting_out)
    # A newcomer has missed rounds already: they count as having sat out.
    incoming = [p for p in seating.sitting_out if p in present] + sorted(newcomers)
    replaced, rested = _rotate_sit_outs(
        [p for p in seated if p in present],
        [p for p in seated if p not in present],
        incoming,
        Rotation(
            movers,
            seating.rested | newcomers,
            ladies,
            staying,
            {p: t for t, four in enumerate(new) for p in four},
            {t for t, four in enumerate(new) if any(p in staying for p in four)},
        ),
    )
    return ProgressiveRound(
        tuple(_substitute(four, replaced) for four in new),
        tuple(sorted(p for p in replaced if p in present)),
        rested,
        ladies,
    )


def _move(
    fours: Sequence[Four],
    winners: Sequence[Side],
    rule: ProgressiveRule,
    staying: Collection[int] = frozenset(),
) -> tuple[list[list[int]], set[int]]:
    """The fours after everyone moves, and the set of movers."""
    count = len(fours)
    step = {"up": 1, "down": -1}
    new = [[-1] * 4 for _ in fours]
    arrivals = []  # per table: (mover lady, mover gent, lady's seat, gent's seat) for arrivals
    for t, (seats, winner) in enumerate(zip(fours, winners, strict=True)):
        ns_stays = (winner == "NS") == (rule.movers == "losers")
        held = [seat for seat, p in enumerate(seats) if p in staying]
        if held:
            ns_stays = held[0] in (0, 2)
        # (lady seat, gent seat) of the staying side and of the other side
        stay, other = ((0, 2), (1, 3)) if ns_stays else ((1, 3), (0, 2))
        new[t][stay[0]] = seats[stay[0]]
        if rule.keep_winning_pair:
            new[t][stay[1]] = seats[stay[1]]
            arrive = other
        else:
            new[t][other[1]] = seats[stay[1]]  # crosses to oppose his partner
            arrive = (other[0], stay[1])
        arrivals.append((seats[other[0]], seats[other[1]], *arrive))
    for t, (lady, gent, _, _) in enumerate(arrivals):
        to_lady = (t + step[rule.ladies]) % count
        to_gent = (t + step[rule.gents]) % count
        new[to_lady][arrivals[to_lady][2]] = lady
        new[to_gent][arrivals[to_gent][3]] = gent
    for t, seats in enumerate(fours):
        for seat, p in enumerate(seats):
            if p in staying and new[t][seat] != p:
                # The staying gent crossed to oppose his partner: turn the four back round him.
                new[t] = [new[t][1], new[t][0], new[t][3], new[t][2]]
    return new, {p for lady, gent, _, _ in arrivals for p in (lady, gent)}


def _substitute(seats: list[int], replaced: dict[int, int]) -> Four:
    north, east, south, west = (replaced.get(p, p) for p in seats)
    return (north, east, south, west)


@dataclass(frozen=True)
class Rotation:
    """What the choice of sit-outs weighs: movers, who has rested, who is a lady."""

    movers: set[int]
    rested: frozenset[int]
    ladies: frozenset[int]
    stationary: frozenset[int] = frozenset()
    # Each seated player's table, and the tables a stationary player holds.
    table_of: Mapping[int, int] = dataclasses.field(default_factory=dict)
    held: set[int] = dataclasses.field(default_factory=set)


def _rotate_sit_outs(
    staying: list[int], withdrawn: list[int], incoming: list[int], rotation: Rotation
) -> tuple[dict[int, int], frozenset[int]]:
    """Map each player leaving a seat to the player coming in for them.

    Withdrawn players are replaced first. The others who go out are seated
    players who have not sat out in this cycle, movers before stayers, the
    incoming player's role before the other, lower numbers first; when nobody
    fresh is left a new cycle starts. A stationary player never goes out, and
    one coming in takes a seat at a table with nobody stationary.
    """
    rested = set(rotation.rested)
    chosen: dict[int, int] = {}
    leaving = list(withdrawn)

    def allowed(p: int) -> bool:
        return newcomer not in rotation.stationary or rotation.table_of[p] not in rotation.held

    for newcomer in incoming:
        lady = newcomer in rotation.ladies
        if any(allowed(p) for p in leaving):
            best = min(
                (p for p in leaving if allowed(p)),
                key=lambda p: ((p in rotation.ladies) != lady, p),
            )
            leaving.remove(best)
        else:
            free = [
                p
                for p in staying
                if p not in chosen and p not in rotation.stationary and allowed(p)
            ]
            if all(p in rested for p in free):
                rested = set()
            best = min(
                free,
                key=lambda p: (
                    p in rested,
                    p not in rotation.movers,
                    (p in rotation.ladies) != lady,
                    p,
                ),
            )
            rested.add(best)
        chosen[best] = newcomer
        if newcomer in rotation.stationary:
            rotation.held.add(rotation.table_of[best])
    return chosen, frozenset(rested - set(withdrawn))
