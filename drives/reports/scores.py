"""Each player's points on each deal, from a drive's seats and its tables' results.

The arithmetic is ``scoring``'s; this reads the rows once and scores each outcome once.
"""

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from drives.bidwhist.records import bid_text, house_rules, stored_record
from drives.models import (
    Drive,
    Entry,
    TableResult,
)
from scoring import standings as ranking
from scoring.cards import Suit, suit_symbol, trumps_for_deal
from scoring.results import deal_points, side_tricks


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


def seat_map(seatings) -> dict[tuple[int, int], dict[str, Entry]]:
    """(round, table) → seat → entry."""
    seats_at: dict[tuple[int, int], dict[str, Entry]] = defaultdict(dict)
    for seating in seatings:
        seats_at[seating.round, seating.table][seating.seat] = seating.entry
    return seats_at


def deal_results(drive: Drive, seats_at, results) -> list[DealResult]:
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
    return scores_of_seated(drive, seated_pks(seats_at), results)


def seated_pks(seats_at) -> dict[tuple[int, int], list[tuple[int, bool]]]:
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


def scores_of_seated(drive: Drive, seated, results) -> list[ranking.DealScore]:
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


def sit_outs(drive: Drive, entries, seated, last_round: int) -> list[ranking.SitOut]:
    at_a_table = {(r, pk) for (r, _), seats in seated.items() for pk, _ in seats}
    with_pks = [(entry, entry.pk) for entry in entries]
    return [
        ranking.SitOut(pk, r, drive.deals_per_round)
        for r in range(1, last_round + 1)
        for entry, pk in with_pks
        if ranking.sits_out(entry, r, seated=(r, pk) in at_a_table)
    ]
