"""Putting right a wrong move: where players really sat in a round already played.

Two mistakes happen in a hall: two players sat in each other's places
(:func:`players_swap`), or two tables' results were entered under each other's numbers
(:func:`tables_swap`). Scores are derived from the seats and the results, so a player's
results follow the seat they really took and the standings follow by themselves. Each
repair is atomic, takes the drive's lock, is refused from a stale page (``repair_version``),
and is kept as a :class:`~drives.models.MoveRepair` with its reason and every seat it
changed; the figures a tables' swap moves are also each deal's ``ResultChange``.

A progressive drive seats each round from the one before: when the next round is seated
but no table has sent a figure for it yet, it is seated again from the corrected round;
once play there has begun it stays as the players sat. Static movements (individual,
Mitchell, Howell) were planned at the start and stay as they are.
"""

import copy
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from drives.errors import DriveError, refusing
from drives.evening import seating
from drives.evening.guards import drive_locked, refuse_paper, require_status
from drives.evening.results import correct_result, round_is_complete
from drives.games.figures import COLUMNS
from drives.models import (
    Drive,
    DriveStatus,
    Entry,
    MoveRepair,
    PendingEntry,
    RepairKind,
    ResultSource,
    Seating,
    TableResult,
)
from drives.permissions import require_organiser
from drives.versions import require_unchanged, version_of


@dataclass(frozen=True)
class Repair:
    """What a repair did, for the page to word: the record kept, and for a progressive
    drive the next round seated again (``replanned``) or left as played (``kept``)."""

    record: MoveRepair
    replanned: int | None = None
    kept: int | None = None


def last_played_round(drive: Drive) -> int:
    """The latest round whose play is over: the open round once every table has its tricks."""
    if drive.current_round and round_is_complete(drive, drive.current_round):
        return drive.current_round
    return drive.current_round - 1


def repair_version(drive: Drive, round_number: int) -> str:
    """The version of what a repair of ``round_number`` reads: its seats and results, and the
    next round's seats (two queries). Any score, repair or re-planning since makes it stale."""
    return version_of(_read_by_repair(drive, round_number))


@refusing
@transaction.atomic
def players_swap(
    *,
    drive: Drive,
    round_number: int,
    first: Entry,
    second: Entry,
    reason: str,
    version: str | None,
    user,
) -> Repair:
    """``first`` and ``second`` sat in each other's places in ``round_number`` (one of them
    may have been the one sitting out): each takes the other's seat, and its results."""
    drive = _repairable(drive, round_number, reason, version, user)
    if first.pk == second.pk:
        raise DriveError(
            _("Choose two different players: %(name)s was chosen twice.")
            % {"name": first.player.name}
        )
    for entry in (first, second):
        if entry.drive_id != drive.pk or not entry.plays_in(round_number):
            raise DriveError(
                _(
                    "%(name)s was not playing in round %(round)d: only players of that round "
                    "can swap places."
                )
                % {"name": entry.player.name, "round": round_number}
            )
    seats = {
        s.entry_id: s
        for s in Seating.objects.filter(drive=drive, round=round_number, entry__in=(first, second))
    }
    if not seats:
        raise DriveError(
            _(
                "Neither %(first)s nor %(second)s sat at a table in round %(round)d: "
                "there is nothing to swap."
            )
            % {"first": first.player.name, "second": second.player.name, "round": round_number}
        )
    out_before = _sitting_out(drive, round_number)
    cards = {first.pk: first.card_number, second.pk: second.card_number}
    other = {first.pk: second, second.pk: first}
    # New rows rather than edited ones: the public pages' stamp reads the seats' ids, and
    # an exchange of two entries leaves their count and sum as they were.
    Seating.objects.filter(pk__in=[s.pk for s in seats.values()]).delete()
    Seating.objects.bulk_create(
        Seating(drive=drive, round=round_number, table=s.table, seat=s.seat, entry=other[pk])
        for pk, s in seats.items()
    )
    changes = [
        _seat_change(round_number, s.table, s.seat, cards[pk], other[pk].card_number)
        for pk, s in seats.items()
    ]
    record = MoveRepair(
        drive=drive,
        round=round_number,
        kind=RepairKind.PLAYERS,
        first_entry=first,
        second_entry=second,
        reason=reason.strip(),
        seats=changes,
        changed_by=user,
    )
    exchange = {first.pk: second.pk, second.pk: first.pk} if len(seats) == 1 else {}
    return _replan_and_keep(drive, record, out_before, exchange)


@refusing
@transaction.atomic
def tables_swap(
    *,
    drive: Drive,
    round_number: int,
    first: int,
    second: int,
    reason: str,
    version: str | None,
    user,
) -> Repair:
    """Tables ``first`` and ``second`` had their results of ``round_number`` entered under
    each other's numbers: each takes the other's figures, every deal a correction kept in
    its history, and each table's version moves on so a round page showing the old
    figures is refused."""
    drive = _repairable(drive, round_number, reason, version, user)
    if first == second:
        raise DriveError(
            _("Choose two different tables: table %(table)d was chosen twice.") % {"table": first}
        )
    tables = seating.tables_of_round(drive, round_number)
    deals = list(drive.deals_of_round(round_number))
    results = {
        (r.table, r.deal): r
        for r in TableResult.objects.select_for_update().filter(
            drive=drive, round=round_number, table__in=(first, second)
        )
    }
    for table in (first, second):
        if table not in tables:
            raise DriveError(
                _("Round %(round)d has no table %(table)d.")
                % {"round": round_number, "table": table}
            )
        if any((table, deal) not in results for deal in deals):
            raise DriveError(
                _(
                    "Table %(table)d has no result for round %(round)d yet: enter it on the "
                    "round page, then swap."
                )
                % {"table": table, "round": round_number}
            )
    before = {key: {name: getattr(r, name) for name in COLUMNS} for key, r in results.items()}
    moved = []
    for deal in deals:
        for table, source in ((first, second), (second, first)):
            now, then = before[table, deal], before[source, deal]
            if now != then:
                correct_result(results[table, deal], then, user, ResultSource.ORGANISER)
                moved.append({"deal": deal, "table": table, "before": now, "after": then})
    if not moved:
        raise DriveError(
            _(
                "Tables %(first)d and %(second)d have the same figures in round %(round)d: "
                "swapping them changes nothing."
            )
            % {"first": first, "second": second, "round": round_number}
        )
    TableResult.objects.filter(drive=drive, round=round_number, table__in=(first, second)).update(
        version=F("version") + 1
    )
    record = MoveRepair(
        drive=drive,
        round=round_number,
        kind=RepairKind.TABLES,
        first_table=first,
        second_table=second,
        reason=reason.strip(),
        results=moved,
        changed_by=user,
    )
    return _replan_and_keep(drive, record, _sitting_out(drive, round_number), {})


def _repairable(drive: Drive, round_number: int, reason: str, version, user) -> Drive:
    """The drive under its lock, once it may be repaired in ``round_number`` from this page."""
    require_organiser(user, drive.club)
    drive = drive_locked(drive)
    if drive.status == DriveStatus.FINISHED:
        raise DriveError(
            _("The drive is finished: reopen it to put a move right, then finish it again.")
        )
    require_status(drive, DriveStatus.RUNNING, action=_("put right a wrong move"))
    refuse_paper(drive)
    if not 1 <= round_number <= last_played_round(drive):
        raise DriveError(
            _(
                "Round %(round)d has not been played yet: only a round already played can be "
                "put right."
            )
            % {"round": round_number}
        )
    if not reason.strip():
        raise DriveError(_("Say why: the reason is kept with the change."))
    if len(reason.strip()) > MoveRepair.REASON_LENGTH:
        raise DriveError(_("Say why in at most 200 characters; nothing changed."))
    require_unchanged(
        version,
        _read_by_repair(drive, round_number),
        what=_("Round %(round)d's record") % {"round": round_number},
    )
    return drive


def _read_by_repair(drive: Drive, round_number: int) -> list:
    seats = Seating.objects.filter(drive=drive, round__in=(round_number, round_number + 1))
    results = TableResult.objects.filter(drive=drive, round=round_number)
    return [
        drive.current_round,
        sorted(seats.values_list("round", "table", "seat", "entry_id")),
        sorted(results.values_list("table", "deal", "version")),
    ]


def _replan_and_keep(
    drive: Drive, record: MoveRepair, out_before: set[int], exchange: dict[int, int]
) -> Repair:
    """Seat the next round again where the movement needs it, then keep the record.

    ``out_before`` are the entries that sat out of the corrected round as it was recorded;
    ``exchange`` maps each of two swapped players to the other when one of them was the one
    who really sat out, so that who has rested follows the corrected seats.
    """
    following = record.round + 1
    replanned = kept = None
    if not drive.is_static and following <= drive.current_round:
        if _play_began(drive, following):
            kept = following
        else:
            record.seats += _reseat(drive, record.round, out_before, exchange)
            replanned = following
    elif not drive.is_static and exchange:
        drive.rested_entries = sorted(exchange.get(pk, pk) for pk in drive.rested_entries)
        drive.save(update_fields=["rested_entries"])
    record.replanned_round, record.kept_round = replanned, kept
    record.save()
    return Repair(record, replanned=replanned, kept=kept)


def _play_began(drive: Drive, round_number: int) -> bool:
    """A table of the round has a result, or a side has sent figures from its phone."""
    return (
        TableResult.objects.filter(drive=drive, round=round_number).exists()
        or PendingEntry.objects.filter(drive=drive, round=round_number).exists()
    )


def _reseat(
    drive: Drive, corrected: int, out_before: set[int], exchange: dict[int, int]
) -> list[dict]:
    """Seat the round after ``corrected`` again from its corrected seats and winners
    (``seating.seat_next``), returning every seat that changed."""
    following = corrected + 1
    entries = list(Entry.objects.filter(drive=drive))
    cards = {entry.pk: entry.card_number for entry in entries}
    old = {
        (s.table, s.seat): s.entry_id for s in Seating.objects.filter(drive=drive, round=following)
    }
    # Who stayed at a table from the corrected round (as recorded) into the next.
    staying = {
        e.pk
        for e in entries
        if e.plays_in(corrected) and e.plays_in(following) and e.pk not in out_before
    }
    Seating.objects.filter(drive=drive, round=following).delete()
    before = copy.copy(drive)
    before.current_round = corrected
    rested = _rested_before(set(drive.rested_entries), staying, staying - set(old.values()))
    before.rested_entries = sorted(exchange.get(pk, pk) for pk in rested)
    seating.seat_next(before)
    drive.rested_entries = before.rested_entries
    new = {
        (s.table, s.seat): s.entry_id for s in Seating.objects.filter(drive=drive, round=following)
    }
    return [
        _seat_change(following, table, seat, _card(cards, old, place), _card(cards, new, place))
        for place in sorted(old.keys() | new.keys())
        if old.get(place) != new.get(place)
        for table, seat in [place]
    ]


def _rested_before(rested_after: set[int], staying: set[int], chosen: set[int]) -> set[int]:
    """Who had rested, as the drive kept it, before the next round was seated.

    The drive keeps one set, as it stood after seating the latest round: ``rested_after``.
    Seating it, the movement sent ``chosen`` (players of the round before who stayed in
    play, ``staying``) out, taking those who had not rested first and starting a new cycle
    from nobody when everyone free had (``scoring.movements.progressive``). Without a new
    cycle each chosen player was added: the set before is the set after without them. With
    one, those chosen before it are no longer in the set, and every other player staying
    had rested by then: which is all the choice of the next sit-outs reads.
    """
    if chosen <= rested_after:
        return rested_after - chosen
    return staying - (chosen - rested_after)


def _card(cards: dict[int, int], seats: dict, place: tuple[int, str]) -> int | None:
    """The card number in ``place`` (table, seat), or None for a seat nobody took."""
    return cards[seats[place]] if place in seats else None


def _sitting_out(drive: Drive, round_number: int) -> set[int]:
    """The entries (ids) in play in the round but at no table."""
    seated = Seating.objects.filter(drive=drive, round=round_number).values("entry_id")
    return set(
        Entry.objects.filter(Entry.playing_in(round_number), drive=drive)
        .exclude(pk__in=seated)
        .values_list("pk", flat=True)
    )


def _seat_change(round_number: int, table: int, seat: str, before, after) -> dict:
    return {"round": round_number, "table": table, "seat": seat, "before": before, "after": after}
