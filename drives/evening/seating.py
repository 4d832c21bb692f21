"""Seat a drive's rounds with ``scoring.movements`` and store the result as Seating rows.

The movement works on player numbers 0 … n−1: an entry's number is its place in
card-number order. Entries are never deleted once a drive runs (a withdrawal
only marks them) and a late arrival takes the next card number, so the
numbering of the players already seated never shifts.

Players who stay put (``Entry.stays``) keep one table and one seat all evening: a static
movement is reshaped round them (``movements.keep_stationary``), a progressive one keeps
their side at their table (``movements.progressive_first``/``progressive_next``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from drives import games
from drives.errors import DriveError
from drives.models import Drive, Entry, MovementType, Seating, SeatRole, TableResult
from scoring import movements
from scoring.cards import SEATS, Side
from scoring.movements.stationary import refuse_too_many
from scoring.standings import sits_out

FIXED_PARTNERS = (MovementType.MITCHELL, MovementType.HOWELL)


@dataclass(frozen=True)
class TablePlan:
    tables: int
    sitting_out: int
    problem: str = ""


def table_plan(movement: str, players: int) -> TablePlan:
    """How many tables ``players`` fill and how many sit out each round."""
    if movement in FIXED_PARTNERS:
        if players % 2:
            return TablePlan(
                players // 4,
                players % 4,
                _("Fixed partners need an even number of players: check in one more or one fewer."),
            )
        pairs = players // 2
        # An odd number of pairs plays with a phantom pair: meeting it is a sit-out.
        return TablePlan((pairs + 1) // 2, 2 * (pairs % 2))
    return TablePlan(players // 4, players % 4)


def _entries(drive: Drive) -> list[Entry]:
    return list(Entry.objects.filter(drive=drive).order_by("card_number"))


def _write(drive: Drive, entries: list[Entry], rounds, first_round: int) -> None:
    Seating.objects.bulk_create(
        Seating(drive=drive, round=first_round + r, table=table, seat=seat, entry=entries[player])
        for r, fours in enumerate(rounds)
        for table, four in enumerate(fours, start=1)
        for seat, player in zip(SEATS, four, strict=True)
    )


def static_movement(drive: Drive, entries: list[Entry]) -> movements.Movement:
    """Every round of a static movement for ``entries`` (in card-number order), worked
    round those who stay put."""
    players = len(entries)
    if drive.movement == MovementType.INDIVIDUAL:
        planned = movements.individual(players, drive.rounds, seed=drive.pk)
    elif players % 2:
        raise DriveError(table_plan(drive.movement, players).problem)
    else:
        # A game on boards imposes its own movement, as the boards travel with it.
        imposed = games.of(drive).static_movement(players)
        build = movements.mitchell if drive.movement == MovementType.MITCHELL else movements.howell
        planned = imposed or build(players // 2, drive.rounds)
    kept = movements.keep_stationary(
        planned, _stationary(entries), pairs=drive.movement in FIXED_PARTNERS
    )
    return kept.movement


def _stationary(entries: list[Entry]) -> set[int]:
    """The movement's numbers of the players who stay put."""
    return {i for i, entry in enumerate(entries) if entry.stays}


def seat_start(drive: Drive) -> None:
    """Seat every round of a static movement, or round 1 of a progressive one."""
    entries = _entries(drive)
    if drive.is_static:
        _write(drive, entries, static_movement(drive, entries).rounds, first_round=1)
        return
    first = _progressive_start(drive, entries)
    _write(drive, entries, [first.fours], first_round=1)
    _keep_rested(drive, entries, first)


def first_progressive_round(drive: Drive, entries: list[Entry]):
    """Round 1 of a progressive drive: ladies at N and E, gents at S and W."""
    return _progressive_start(drive, entries).fours


def _progressive_start(drive: Drive, entries: list[Entry]) -> movements.ProgressiveRound:
    ladies = {i for i, entry in enumerate(entries) if entry.role == SeatRole.LADY}
    return movements.progressive_first(
        len(entries), ladies, rule=progressive_rule(drive), stationary=_stationary(entries)
    )


def _keep_rested(drive: Drive, entries: list[Entry], seated: movements.ProgressiveRound) -> None:
    drive.rested_entries = sorted(entries[p].pk for p in seated.rested)
    drive.save(update_fields=["rested_entries"])


def progressive_rule(drive: Drive) -> movements.ProgressiveRule:
    return movements.ProgressiveRule(keep_winning_pair=drive.movement == MovementType.SEMI_PARTNER)


def _stored_rounds(drive: Drive, entries: list[Entry], first: int, last: int):
    """Stored rounds ``first`` … ``last`` as fours of player numbers, in table order."""
    number = {entry.pk: index for index, entry in enumerate(entries)}
    seats: dict[int, dict[int, dict[str, int]]] = {r: {} for r in range(first, last + 1)}
    for seating in Seating.objects.filter(drive=drive, round__gte=first, round__lte=last):
        seats[seating.round].setdefault(seating.table, {})[seating.seat] = number[seating.entry_id]
    return [
        [tuple(by_table[table][seat] for seat in SEATS) for table in sorted(by_table)]
        for _, by_table in sorted(seats.items())
    ]


def _winners(drive: Drive, round_number: int, table_count: int) -> list[Side]:
    """ "NS" or "EW" for each table: the side that won the round, as the drive's game says
    (more tricks over the round's deals, or at bid whist more points)."""
    by_table: dict[int, list[TableResult]] = {}
    for result in TableResult.objects.filter(drive=drive, round=round_number):
        by_table.setdefault(result.table, []).append(result)
    game = games.of(drive)
    return [game.round_winner(by_table[t]) for t in range(1, table_count + 1)]


def seat_next(drive: Drive) -> None:
    """Seat the round after the current one; static movements are already seated."""
    next_round = drive.current_round + 1
    if Seating.objects.filter(drive=drive, round=next_round).exists():
        return
    entries = _entries(drive)
    [fours] = _stored_rounds(drive, entries, drive.current_round, drive.current_round)
    present = [i for i, entry in enumerate(entries) if entry.plays_in(next_round)]
    seated = {p for four in fours for p in four}
    current = movements.ProgressiveRound(
        fours=tuple(fours),
        sitting_out=tuple(
            i for i, e in enumerate(entries) if sits_out(e, drive.current_round, seated=i in seated)
        ),
        rested=frozenset(i for i, e in enumerate(entries) if e.pk in set(drive.rested_entries)),
        ladies=frozenset(p for four in fours for p in four[:2]),
    )
    following = movements.progressive_next(
        current,
        _winners(drive, drive.current_round, len(fours)),
        progressive_rule(drive),
        players=present,
        roles={i: entries[i].role for i in present},
        stationary=_stationary(entries),
    )
    _write(drive, entries, [following.fours], first_round=next_round)
    _keep_rested(drive, entries, following)


def replan(drive: Drive) -> None:
    """After a late arrival or a withdrawal: keep played rounds, plan the rest anew."""
    entries = _entries(drive)
    next_round = drive.current_round + 1
    present = [i for i, entry in enumerate(entries) if entry.plays_in(next_round)]
    if drive.movement in FIXED_PARTNERS:
        # Pair k is entries 2k and 2k+1: a pair plays while both its players do.
        pairs = [k for k in range(len(entries) // 2) if {2 * k, 2 * k + 1} <= set(present)]
        if 2 * len(pairs) < movements.MIN_PLAYERS:
            raise DriveError(_("Fewer than four players would be left to play."))
    elif len(present) < movements.MIN_PLAYERS:
        raise DriveError(_("Fewer than four players would be left to play."))
    stationary = _stationary(entries) & set(present)
    # Checked now for a progressive drive too, whose next round is seated only when it opens.
    units = {p // 2 for p in stationary} if drive.movement in FIXED_PARTNERS else stationary
    tables = table_plan(drive.movement, len(present)).tables
    if len(units) > tables:
        refuse_too_many(len(units), tables)
    if not drive.is_static:
        return  # the next round is seated from the results, with whoever is present then
    planned_so_far = movements.Movement.build(
        _stored_rounds(drive, entries, 1, drive.rounds), range(len(entries))
    )
    if drive.movement in FIXED_PARTNERS:
        planned = movements.replan_fixed(
            planned_so_far,
            drive.current_round,
            pairs,
            keep_sides=drive.movement == MovementType.MITCHELL,
            # A pair back after withdrawing counts from its return, like a late pair.
            since={
                k: max(_in_since(entries[2 * k]), _in_since(entries[2 * k + 1])) - 1 for k in pairs
            },
            seed=drive.pk,
        )
    else:
        planned = movements.replan(planned_so_far, drive.current_round, present)
    planned = movements.keep_stationary(
        planned,
        stationary,
        pairs=drive.movement in FIXED_PARTNERS,
        played_rounds=drive.current_round,
        homes=_homes(planned_so_far, stationary),
    ).movement
    Seating.objects.filter(drive=drive, round__gt=drive.current_round).delete()
    remaining = planned.rounds[drive.current_round : drive.rounds]
    _write(drive, entries, remaining, first_round=drive.current_round + 1)


def _homes(planned: movements.Movement, stationary: set[int]) -> dict[int, tuple[int, int]]:
    """Where each player who stays put has been seated: (table, seat), counted from 0."""
    homes: dict[int, tuple[int, int]] = {}
    for fours in planned.rounds:
        for table, four in enumerate(fours):
            for seat, player in enumerate(four):
                if player in stationary:
                    homes.setdefault(player, (table, seat))
    return homes


def _in_since(entry: Entry) -> int:
    """The round from which ``entry`` has been in play without a break."""
    return entry.returned_round or entry.joined_round


def never(drive: Drive) -> int:
    """The joining round of a late arrival still waiting for a partner: past the last."""
    return drive.rounds + 1


def waiting_for_partner(drive: Drive) -> Entry | None:
    """In a fixed-partner drive, the late arrival waiting for a partner, if there is one.

    Late pairs are checked in one player at a time; the first waits unseated.
    Only the last entry can be waiting: the next arrival completes its pair.
    """
    last = Entry.objects.filter(drive=drive).order_by("card_number").last()
    return last if last is not None and last.joined_round == never(drive) else None


def partnership(drive: Drive, entry: Entry) -> list[Entry]:
    """``entry`` and, with fixed partners, its partner: the entries that come and go together."""
    if drive.movement not in FIXED_PARTNERS:
        return [entry]
    entries = _entries(drive)
    place = next(i for i, other in enumerate(entries) if other.pk == entry.pk)
    return [entry, *entries[place ^ 1 : (place ^ 1) + 1]]


def tables_of_round(drive: Drive, round_number: int) -> set[int]:
    return set(
        Seating.objects.filter(drive=drive, round=round_number)
        .values_list("table", flat=True)
        .distinct()
    )
