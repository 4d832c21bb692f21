"""What a table's link may write: a side's figures, the other side's confirmation, and the
organiser's settlement of a dispute. Results go through ``evening.results.results_record``.

Every function is atomic. A table's posts lock that table (``evening.guards.table_locked``):
two phones posting for one table at the same instant are served one after the other, while
the other tables' posts go on beside them; the organiser's actions lock the whole drive.
"""

import uuid
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from drives import games
from drives.errors import DriveError, refusing
from drives.evening import seating
from drives.evening.guards import drive_locked, table_locked
from drives.evening.results import results_record_locked
from drives.games.figures import Figures
from drives.models import (
    Drive,
    DriveStatus,
    HallState,
    PendingEntry,
    PendingState,
    ResultSource,
    Side,
    TableEntryMode,
    TableLink,
    TableResult,
)
from drives.permissions import require_team
from drives.seats import SIDES

LIVE = (PendingState.WAITING, PendingState.DISPUTED)
#: Sent from a page that was out of date, waiting for the organiser to accept or dismiss.
SET_ASIDE = (PendingState.LATE, PendingState.DIFFERS)


@dataclass(frozen=True)
class Outcome:
    """What became of a post: ``state`` is a PendingState, ``resent`` marks a repeat."""

    entry: PendingEntry
    resent: bool = False


def _check_open(drive: Drive, link: TableLink, round_number: int) -> None:
    if drive.status != DriveStatus.RUNNING:
        raise DriveError(_("The drive is not running: nothing can be entered from this page."))
    if TableLink.objects.filter(pk=link.pk, revoked_at__isnull=False).exists():
        raise DriveError(_("This table link has been withdrawn: ask the organiser for a new one."))
    # A closed round's figures are welcome (they go to the organiser); a round not yet
    # open is no page the table could have been shown.
    if not 1 <= round_number <= drive.current_round:
        raise DriveError(_("Round %(round)d is not open for scores.") % {"round": round_number})
    if link.table not in seating.tables_of_round(drive, round_number):
        raise DriveError(
            _("Table %(table)d does not play in round %(round)d.")
            % {"table": link.table, "round": round_number}
        )


def _stored(drive: Drive, table: int, round_number: int) -> Figures | None:
    results = list(
        TableResult.objects.filter(
            drive=drive, table=table, deal__in=list(drive.deals_of_round(round_number))
        )
    )
    return Figures.of_results(results) if results else None


def _record(drive: Drive, table: int, round_number: int, figures: Figures, user=None) -> None:
    """Store a side's figures as the table's result, under the lock its caller holds."""
    results_record_locked(
        drive=drive,
        round_number=round_number,
        table=table,
        figures=figures,
        version=0,
        user=user,
        source=ResultSource.ORGANISER if user else ResultSource.TABLE,
    )


@refusing
@transaction.atomic
def entry_submit(
    *,
    link: TableLink,
    round_number: int,
    side: str,
    figures: Figures,
    submission: uuid.UUID,
    address: str | None = None,
) -> Outcome:
    """A side's figures for its table, checked by the drive's game (the phone's form):
    stored at once, waiting, confirming or disputing. A side's link sends that side's
    figures only.

    A resend of a submission already received (same ``submission``) changes nothing and
    returns what was stored the first time. The other side's live entry with the same
    figures confirms them; different figures leave both in dispute for the organiser.
    """
    drive = table_locked(link.drive, round_number, link.table)
    earlier = PendingEntry.objects.filter(drive=drive, submission=submission).first()
    if earlier is not None:
        return Outcome(earlier, resent=True)
    return _submit(drive, link, round_number, side, figures, submission, address)


def _submit(drive, link, round_number, side, figures, submission, address) -> Outcome:
    """What ``entry_submit`` does once the table is locked and the submission is new."""
    if side not in Side.values:
        raise DriveError(_("Say which side is entering: N–S or E–W."))
    if link.side and side != link.side:
        raise DriveError(
            _(
                "This is %(own)s's link: it sends %(own)s's figures only. Nothing was "
                "saved: %(other)s send theirs from their own link."
            )
            % {"own": SIDES[link.side], "other": SIDES[side]}
        )
    _check_open(drive, link, round_number)
    table = link.table
    stored = _stored(drive, table, round_number)
    if stored == figures:
        # Already stored as sent: the other phone got there first with the same figures.
        state = PendingState.CONFIRMED
    elif round_number != drive.current_round:
        # Sent from the page of a round that has closed: never thrown away, never stored
        # over the organiser's head; kept with the round the phone showed, to accept or not.
        state = PendingState.LATE
    elif stored is not None:
        state = PendingState.DIFFERS
    else:
        return _submit_open(drive, link, round_number, side, figures, submission, address)
    return Outcome(_create(drive, round_number, table, side, figures, submission, address, state))


def _submit_open(drive, link, round_number, side, figures, submission, address) -> Outcome:
    """A side's figures for the open round of a table with no result yet."""
    table = link.table
    if drive.table_entry == TableEntryMode.ONE_SIDE:
        _record(drive, table, round_number, figures)
        state = PendingState.CONFIRMED
        return Outcome(
            _create(drive, round_number, table, side, figures, submission, address, state)
        )

    game = games.of(drive)
    live = list(
        PendingEntry.objects.select_for_update().filter(
            drive=drive, round=round_number, table=table, state__in=LIVE
        )
    )
    own = [entry for entry in live if entry.side == side]
    other = [entry for entry in live if entry.side != side]
    _set_state(own, PendingState.REPLACED)
    if not other:
        state = PendingState.WAITING
    elif any(game.sent_figures(entry) == figures for entry in other):
        _record(drive, table, round_number, figures)
        state = PendingState.CONFIRMED
    else:
        state = PendingState.DISPUTED
    _set_state(other, state)
    return Outcome(_create(drive, round_number, table, side, figures, submission, address, state))


@refusing
@transaction.atomic
def entry_confirm(
    *, link: TableLink, entry_pk: int, submission: uuid.UUID, address: str | None = None
) -> Outcome:
    """The other side agrees with ``entry_pk``'s figures: the same as sending them itself.

    Only from the other side's link: a side never confirms what it sent. An old link for
    both sides confirms either, as it did before sides had their own links.
    """
    drive = table_locked(link.drive, link.drive.current_round, link.table)
    earlier = PendingEntry.objects.filter(drive=drive, submission=submission).first()
    if earlier is not None:
        return Outcome(earlier, resent=True)
    entry = PendingEntry.objects.filter(
        pk=entry_pk, drive=drive, table=link.table, state__in=LIVE
    ).first()
    if entry is None:
        raise DriveError(
            _("Those figures were changed or settled meanwhile: check them again below.")
        )
    other_side = Side.EW if entry.side == Side.NS else Side.NS
    if link.side and link.side != other_side:
        raise DriveError(
            _(
                "These are your own side's figures: %(other)s confirm them from their own "
                "link. Nothing was changed."
            )
            % {"other": SIDES[other_side]}
        )
    # The table is locked already: the same as the other side sending these figures.
    figures = games.of(drive).sent_figures(entry)
    return _submit(drive, link, entry.round, other_side, figures, submission, address)


@refusing
@transaction.atomic
def dispute_settle(*, drive: Drive, entry_pk: int, user) -> PendingEntry:
    """The organiser takes one side's figures as the table's result; the others are set aside."""
    require_team(user, drive.club)
    drive = drive_locked(drive)
    entry = PendingEntry.objects.filter(pk=entry_pk, drive=drive, state__in=LIVE).first()
    if entry is None:
        raise DriveError(_("That entry is no longer waiting to be settled."))
    if drive.status != DriveStatus.RUNNING:
        raise DriveError(_("The drive is not running."))
    _record(drive, entry.table, entry.round, games.of(drive).sent_figures(entry), user=user)
    others = PendingEntry.objects.filter(
        drive=drive, round=entry.round, table=entry.table, state__in=LIVE
    ).exclude(pk=entry.pk)
    _set_state(list(others), PendingState.REJECTED)
    _set_state([entry], PendingState.SETTLED)
    return entry


@refusing
@transaction.atomic
def late_settle(*, drive: Drive, entry_pk: int, accept: bool, user) -> PendingEntry:
    """The organiser accepts a late or differing entry (its figures become the table's
    result for its round, a correction kept in the history like any other) or dismisses it."""
    require_team(user, drive.club)
    drive = drive_locked(drive)
    entry = PendingEntry.objects.filter(pk=entry_pk, drive=drive, state__in=SET_ASIDE).first()
    if entry is None:
        raise DriveError(_("That entry is no longer waiting for the organiser."))
    if drive.status != DriveStatus.RUNNING:
        raise DriveError(_("The drive is not running."))
    if accept:
        stored = TableResult.objects.filter(
            drive=drive, table=entry.table, deal__in=list(drive.deals_of_round(entry.round))
        )
        results_record_locked(
            drive=drive,
            round_number=entry.round,
            table=entry.table,
            figures=games.of(drive).sent_figures(entry),
            version=max((r.version for r in stored), default=0),
            user=user,
            source=ResultSource.ORGANISER,
        )
        # What the table's sides still have waiting for that round is settled by this.
        live = PendingEntry.objects.filter(
            drive=drive, round=entry.round, table=entry.table, state__in=LIVE
        )
        _set_state(list(live), PendingState.REJECTED)
    _set_state([entry], PendingState.SETTLED if accept else PendingState.REJECTED)
    return entry


def _set_state(entries: list[PendingEntry], state: str) -> None:
    if entries:
        PendingEntry.objects.filter(pk__in=[e.pk for e in entries]).update(
            state=state, updated_at=timezone.now()
        )


def _create(drive, round_number, table, side, figures, submission, address, state):
    return PendingEntry.objects.create(
        drive=drive,
        round=round_number,
        table=table,
        side=side,
        **games.of(drive).pending_fields(figures),
        submission=submission,
        state=state,
        address=address,
    )


def _hall(drive: Drive) -> HallState:
    HallState.objects.get_or_create(drive=drive)
    return HallState.objects.select_for_update().get(drive=drive)


@refusing
@transaction.atomic
def timer_set(*, drive: Drive, action: str, minutes: int | None = None) -> HallState:
    """Start, pause or reset the round timer that every hall screen counts from."""
    hall = _hall(drive)
    now = timezone.now()
    if action == "start" and hall.timer_started_at is None:
        hall.timer_started_at = now
    elif action == "pause" and hall.timer_started_at is not None:
        hall.timer_banked += int((now - hall.timer_started_at).total_seconds())
        hall.timer_started_at = None
    elif action == "reset":
        hall.timer_started_at, hall.timer_banked = None, 0
        if minutes is not None:
            if not 1 <= minutes <= 120:
                raise DriveError(_("A round lasts from 1 to 120 minutes."))
            hall.timer_minutes = minutes
    hall.save()
    return hall


@refusing
@transaction.atomic
def standings_freeze(*, drive: Drive, frozen: bool) -> HallState:
    """Hold the hall's top ten as they stood before this round, for the last rounds' suspense."""
    hall = _hall(drive)
    hall.frozen_after = max(drive.current_round - 1, 0) if frozen else None
    hall.save()
    return hall
