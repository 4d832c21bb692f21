"""Each player's points on each deal, from a drive's seats and its tables' results.

The arithmetic is ``scoring``'s, asked by the drive's game (``drives.games``) once an outcome.
"""

from collections import defaultdict
from dataclasses import dataclass

from drives import games
from drives.models import (
    Drive,
    Entry,
)
from scoring import standings as ranking
from scoring.results import side_tricks


@dataclass(frozen=True)
class DealResult:
    """One table's figures on one deal, with the four players by seat and each side's
    points; ``trumps`` is the deal's as a symbol. What a game does not record stays blank
    (who dealt, who declared, the bid)."""

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
    bid_level: int | None = None
    bid_strain: str = ""

    @property
    def ew_tricks(self) -> int:
        return side_tricks("EW", self.ns_tricks)

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
    game = games.of(drive)
    points = game.points_of()
    return [
        DealResult(
            result.round,
            result.deal,
            game.trumps_symbol(result),
            result.table,
            seats_at.get((result.round, result.table), {}),
            result.ns_tricks,
            result.ns_honours,
            *points(result),
            dealer=result.dealer,
            declarers=result.declarers,
            bid_level=result.bid_level,
            bid_strain=result.bid_strain,
        )
        for result in sorted(results, key=lambda r: (r.deal, r.table))
    ]


def deal_scores(drive: Drive, seats_at, results) -> list[ranking.DealScore]:
    return scores_of_seated(drive, seated_pks(seats_at), results)


def seated_pks(seats_at) -> dict[tuple[int, int], list[tuple[int, bool]]]:
    """(round, table) → (entry pk, sits N–S) per seat; ``entry.pk`` is a property, read once."""
    return {
        key: [(entry.pk, seat in ("N", "S")) for seat, entry in seats.items()]
        for key, seats in seats_at.items()
    }


def scores_of_seated(drive: Drive, seated, results) -> list[ranking.DealScore]:
    points_of = games.of(drive).points_of()
    scores = []
    for result in results:
        ns_points, ew_points = points_of(result)
        ns_tricks = result.ns_tricks
        ew_tricks = side_tricks("EW", ns_tricks)
        for pk, north_south in seated.get((result.round, result.table), ()):
            scores.append(
                ranking.DealScore(
                    pk,
                    result.round,
                    result.deal,
                    ns_points if north_south else ew_points,
                    ns_tricks if north_south else ew_tricks,
                )
            )
    return scores


def sit_outs(drive: Drive, entries, seated, last_round: int) -> list[ranking.SitOut]:
    at_a_table = {(r, pk) for (r, _), seats in seated.items() for pk, _ in seats}
    with_pks = [(entry, entry.pk) for entry in entries]
    return [
        ranking.SitOut(pk, r, drive.deals_per_round)
        for r in range(1, last_round + 1)
        for entry, pk in with_pks
        if ranking.sits_out(entry, r, seated=(r, pk) in at_a_table)
    ]
