"""Paper drives: standings from the totals typed off players' cards, not from deals.

A paper drive has its entries and seatings like any drive but no table results:
the first typist's ``CardTotal`` rows are its scores. ``report`` ranks them with
:func:`scoring.card_totals.standings_from_totals`; ``drives.paper`` types and checks them.

Who played which deals comes from the seatings when every round is seated (the
static movements). A progressive drive is seated one round at a time from results
a paper drive never has, so there every entered player counts as playing every deal
of the rounds they were entered for, and who sat out is not known.
"""

from collections import defaultdict
from dataclasses import dataclass

from drives.models import Drive
from scoring import card_totals
from scoring import standings as ranking

FIRST_HALF, SECOND_HALF = 0, 1


@dataclass(frozen=True)
class CardDeals:
    """An entry's deals played and sat out, in the first and the second half."""

    played: tuple[int, int]
    sat_out: tuple[int, int]


def every_round_seated(drive: Drive, seatings) -> bool:
    return {s.round for s in seatings} >= set(range(1, drive.rounds + 1))


def card_deals(drive: Drive, entries, seatings) -> dict[int, CardDeals]:
    """Per entry pk: deals played and sat out per half (see the module docstring)."""
    half_round = ranking.half_time_round(drive.rounds)
    per_round = drive.deals_per_round
    seated: defaultdict[int, list[int]] = defaultdict(lambda: [0, 0])
    if every_round_seated(drive, seatings):
        for s in seatings:
            seated[s.entry_id][FIRST_HALF if s.round <= half_round else SECOND_HALF] += 1
    deals = {}
    for entry in entries:
        entered = (
            sum(entry.plays_in(r) for r in range(1, half_round + 1)),
            sum(entry.plays_in(r) for r in range(half_round + 1, drive.rounds + 1)),
        )
        # Unknown sit-outs (nothing seated): every round entered counts as played.
        played = seated[entry.pk] if seated else entered
        deals[entry.pk] = CardDeals(
            (played[0] * per_round, played[1] * per_round),
            ((entered[0] - played[0]) * per_round, (entered[1] - played[1]) * per_round),
        )
    return deals


def table_deals(drive: Drive, entries, seatings) -> int | None:
    """Deals played at all the tables together; ``None`` when who sat out is not known."""
    if every_round_seated(drive, seatings):
        tables = {(s.round, s.table) for s in seatings}
        return len(tables) * drive.deals_per_round
    total = 0
    for r in range(1, drive.rounds + 1):
        players = sum(entry.plays_in(r) for entry in entries)
        if players % 4:
            return None
        total += players // 4 * drive.deals_per_round
    return total


def partners(seatings) -> list[tuple[int, int]]:
    """Fixed partners as (entry pk, entry pk): the pairs sitting N–S or E–W together."""
    tables: defaultdict[tuple[int, int], dict[str, int]] = defaultdict(dict)
    for s in seatings:
        tables[s.round, s.table][s.seat] = s.entry_id
    pairs: set[tuple[int, int]] = set()
    for seats in tables.values():
        for a, b in (("N", "S"), ("E", "W")):
            if a in seats and b in seats:
                pairs.add((min(seats[a], seats[b]), max(seats[a], seats[b])))
    return sorted(pairs)


def paper_standings(
    drive: Drive, entries, seatings, totals
) -> tuple[list[ranking.Standing], list[ranking.Standing]]:
    """Final and half-time standings from the first typist's totals (rows with ``entry_id``)."""
    deals = card_deals(drive, entries, seatings)
    cards = [
        card_totals.CardTotal(
            card.entry_id,
            card.total,
            card.half_time,
            deals[card.entry_id].played,
            deals[card.entry_id].sat_out,
            card.ten_trick_deals or 0,
        )
        for card in totals
    ]
    return card_totals.standings_from_totals(
        cards,
        [ranking.Competitor(entry.pk, entry.role) for entry in entries],
        sit_out_rule=ranking.SitOutRule(drive.sit_out_rule),
        fixed_sit_out_points=drive.sit_out_points,
        tie_break=ranking.TieBreak(drive.tie_break),
    )
