"""A drive's life: created, set up, started, its rounds opened, its hidden standings
shown, finished, reopened, cancelled, restored, deleted while nothing is played.

Each function is atomic and keyword-only, locks the drive's row and refuses (``DriveError``)
what its status does not allow, changing nothing.
"""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from drives.errors import DriveError, refusing
from drives.evening import seating
from drives.evening.entries import drive_check_in
from drives.evening.guards import drive_locked, refuse_paper, require_status
from drives.evening.results import round_is_complete
from drives.models import (
    Drive,
    DriveStatus,
    DriveStatusChange,
    HallState,
    Seating,
    TableResult,
)
from drives.permissions import require_organiser
from drives.reports import summaries
from drives.versions import record_values, require_unchanged
from scoring.movements import MIN_PLAYERS


@refusing
@transaction.atomic
def drive_setup_save(*, drive: Drive, fields: list[str], version: str | None = None) -> None:
    """Save the new values ``drive`` holds for its set-up ``fields``, before the start.

    ``version`` is the set-up's version the page showed (``versions.record_version``): a
    set-up saved by someone else since is refused rather than overwritten.
    """
    stored = drive_locked(drive)
    require_status(stored, DriveStatus.PLANNED, action=_("change the set-up"))
    require_unchanged(version, record_values(stored, fields), what=_("The drive's set-up"))
    drive.save(update_fields=fields)


@refusing
@transaction.atomic
def drive_create(*, drive: Drive, players_from: Drive | None = None) -> Drive:
    """Save a new drive; "like this one" also checks in the players of ``players_from``
    who are still active members, each in the seat role they had then."""
    drive.save()
    if players_from is not None:
        if players_from.club_id != drive.club_id:
            raise DriveError(_("That drive belongs to another club."))
        entries = players_from.entries.select_related("player").filter(player__active=True)
        drive_check_in(drive=drive, roles={entry.player: entry.role for entry in entries})
    return drive


@refusing
@transaction.atomic
def drive_delete(*, drive: Drive) -> None:
    """A drive set up by mistake goes, with its check-in list, until it has started."""
    drive = drive_locked(drive)
    require_status(drive, DriveStatus.PLANNED, action=_("delete the drive"))
    drive.delete()


@refusing
@transaction.atomic
def drive_start(*, drive: Drive) -> None:
    """Seat round 1 (every round, for a static movement) and open it for scores."""
    drive = drive_locked(drive)
    require_status(drive, DriveStatus.PLANNED, action=_("start the drive"))
    count = drive.entries.count()
    if count < MIN_PLAYERS:
        raise DriveError(
            _("A drive needs at least %(minimum)d players; %(count)d checked in.")
            % {"minimum": MIN_PLAYERS, "count": count}
        )
    seating.seat_start(drive)
    drive.status = DriveStatus.RUNNING
    drive.current_round = 1
    drive.save(update_fields=["status", "current_round"])


@refusing
@transaction.atomic
def round_advance(*, drive: Drive, allow_missing: bool = False) -> int:
    """Open the next round once every table of this one has its tricks; returns its number.

    The hall's round timer starts again from nothing, running at once when the drive says
    so (``Drive.round_timer_starts``), paused otherwise.

    A static movement may go on without tables that have not reported
    (``allow_missing``): its seats do not depend on results, and the late tricks are
    entered on the round page afterwards. A progressive drive seats the next round
    from every table's winners, so it always waits.
    """
    drive = drive_locked(drive)
    require_status(drive, DriveStatus.RUNNING, action=_("open the next round"))
    refuse_paper(drive)
    if drive.current_round >= drive.rounds:
        raise DriveError(_("This is the last round: finish the drive instead."))
    complete = round_is_complete(drive, drive.current_round)
    if not complete and allow_missing and not drive.is_static:
        raise DriveError(
            _(
                "A progressive drive seats the next round from every table's winners: "
                "round %(round)d needs all its tricks first."
            )
            % {"round": drive.current_round}
        )
    if not complete and not allow_missing:
        raise DriveError(
            _("Round %(round)d is not complete: every table needs its tricks first.")
            % {"round": drive.current_round}
        )
    seating.seat_next(drive)
    drive.current_round += 1
    drive.save(update_fields=["current_round"])
    started = timezone.now() if drive.round_timer_starts else None
    HallState.objects.update_or_create(
        drive=drive, defaults={"timer_started_at": started, "timer_banked": 0}
    )
    return drive.current_round


def finish_ready(drive: Drive) -> bool:
    """The last round is open and every round has all its tricks: what finishing needs,
    and what the pages ask before they offer it (two queries)."""
    if drive.current_round < drive.rounds:
        return False
    # Every round, not just the last: a static drive may have gone on without a late table.
    tables = Seating.objects.filter(drive=drive).values("round", "table").distinct().count()
    return TableResult.objects.filter(drive=drive).count() == drive.results_needed(tables)


@refusing
@transaction.atomic
def drive_finish(*, drive: Drive) -> None:
    """Lock the scores; the drive is read-only until an organiser reopens it."""
    drive = drive_locked(drive)
    require_status(drive, DriveStatus.RUNNING, action=_("finish the drive"))
    refuse_paper(drive)
    if not finish_ready(drive):
        raise DriveError(_("Every round needs all its tricks before the drive can finish."))
    drive.status = DriveStatus.FINISHED
    drive.save(update_fields=["status"])
    # The league pages read finished drives' standings from the cache; filling it now
    # spares the first reader after the evening the cost of computing them.
    transaction.on_commit(lambda: summaries.drive_summaries([drive]))


@refusing
@transaction.atomic
def standings_show(*, drive: Drive) -> bool:
    """Show the players the standings the drive hides, from now on; False when none were
    hidden (another organiser showed them first)."""
    drive = drive_locked(drive)
    require_status(drive, DriveStatus.RUNNING, action=_("show the standings"))
    if drive.standings_hidden_after is None:
        return False
    drive.standings_hidden_after = None
    drive.save(update_fields=["standings_hidden_after"])
    return True


@refusing
@transaction.atomic
def drive_reopen(*, drive: Drive) -> None:
    drive = drive_locked(drive)
    require_status(drive, DriveStatus.FINISHED, action=_("reopen the drive"))
    drive.status = DriveStatus.RUNNING
    drive.save(update_fields=["status"])


@refusing
@transaction.atomic
def drive_cancel(*, drive: Drive, user, reason: str = "") -> None:
    """Withdraw a drive from every standing and list, keeping all that was played.

    Planned, running and finished drives can be cancelled; ``drive_restore`` undoes it.
    """
    require_organiser(user, drive.club)
    drive = drive_locked(drive)
    require_status(
        drive,
        DriveStatus.PLANNED,
        DriveStatus.RUNNING,
        DriveStatus.FINISHED,
        action=_("cancel the drive"),
    )
    DriveStatusChange.objects.create(
        drive=drive,
        old_status=drive.status,
        new_status=DriveStatus.CANCELLED,
        reason=reason,
        changed_by=user,
    )
    drive.status = DriveStatus.CANCELLED
    drive.save(update_fields=["status"])


@refusing
@transaction.atomic
def drive_restore(*, drive: Drive, user) -> str:
    """Undo a cancellation: the drive returns to the status it was cancelled from."""
    require_organiser(user, drive.club)
    drive = drive_locked(drive)
    require_status(drive, DriveStatus.CANCELLED, action=_("restore the drive"))
    cancelled = drive.status_changes.filter(new_status=DriveStatus.CANCELLED).first()
    # A drive cancelled outside the services (an old backup, a shell) has no record;
    # its seatings tell whether it had started.
    if cancelled is not None:
        status = cancelled.old_status
    elif drive.seatings.exists():
        status = DriveStatus.RUNNING
    else:
        status = DriveStatus.PLANNED
    DriveStatusChange.objects.create(
        drive=drive, old_status=DriveStatus.CANCELLED, new_status=status, changed_by=user
    )
    drive.status = status
    drive.save(update_fields=["status"])
    return status
