"""A drive's page: anyone reads it; its organiser checks players in there."""

import dataclasses

from django.shortcuts import get_object_or_404, render

from drives import games
from drives.conditional import conditional_page
from drives.evening import lifecycle, seating
from drives.evening.entries import can_join, check_in_version
from drives.evening.forms import CancelForm, CheckInForm, LateArrivalForm, WalkInForm
from drives.evening.stays import stay_tables
from drives.models import ClubRole, Drive, DriveStatus, Entry
from drives.names import PublicNames
from drives.permissions import require_visible
from drives.reports.freshness import drive_stamp

#: "Tick the regulars" ticks whoever played in any of the club's last few drives.
REGULAR_DRIVES = 4


@conditional_page(drive_stamp)
def drive(request, pk):
    drive = get_object_or_404(Drive.objects.select_related("club", "season"), pk=pk)
    require_visible(request.user, drive)
    return render_drive_page(request, drive)


def render_drive_page(request, drive, *, walk_in=None, check_in=None, status=200):
    """The drive page, with a walk-in form or the check-in list as posted when refused."""
    entries = list(drive.entries.select_related("player", "fee"))
    # A late arrival waiting for a partner has not played yet: counted apart, like a leaver.
    waiting = [entry for entry in entries if entry.joined_round == seating.never(drive)]
    withdrawn = [entry for entry in entries if entry.has_left]
    playing = [entry for entry in entries if entry not in waiting and not entry.has_left]
    context = {
        "drive": drive,
        "game": games.of(drive),
        "entries": entries,
        "names": PublicNames.for_drive(drive, request.user),
        "playing": len(playing),
        "withdrawn": len(withdrawn),
        "waiting": len(waiting),
        "plan": seating.table_plan(drive.movement, len(playing)),
    }
    role = drive.club.role_of(request.user)
    context["is_organiser"] = role == ClubRole.ORGANISER
    # Helpers check players in and enter results: the check-in list, late arrivals, tables.
    context["is_team"] = role is not None
    context["can_finish"] = (
        context["is_organiser"]
        and drive.status == DriveStatus.RUNNING
        and not drive.on_paper
        and lifecycle.finish_ready(drive)
    )
    if drive.status != DriveStatus.PLANNED:
        kept = stay_tables(drive)
        for entry in entries:
            entry.stays_at = kept.get(entry.pk)
    joinable = can_join(drive)
    if context["is_team"] and drive.status == DriveStatus.PLANNED:
        players = drive.club.players.filter(active=True) | drive.club.players.filter(
            entries__drive=drive
        )
        context["check_in"] = _check_in_form(drive, players.distinct(), entries, check_in)
        if check_in is not None:
            context["saved_now"] = context["check_in"].saved_now(entries)
        context["regulars"] = set(
            Entry.objects.filter(
                drive__in=drive.club.drives.exclude(pk=drive.pk)
                .filter(status=DriveStatus.FINISHED)
                .order_by("-date", "-pk")[:REGULAR_DRIVES]
            ).values_list("player_id", flat=True)
        )
        context["staying"] = [entry for entry in entries if entry.stays]
        context["may_stay"] = [entry for entry in entries if not entry.stays]
        context["table_plans"] = [
            dataclasses.asdict(seating.table_plan(drive.movement, ticked))
            for ticked in range(len(context["check_in"].fields["present"].choices) + 1)
        ]
    elif context["is_team"] and drive.status == DriveStatus.RUNNING and joinable:
        # On the last round nobody can join: no form offers a round that does not exist.
        context["late_arrival"] = LateArrivalForm(drive=drive)
    if context["is_organiser"] and joinable:
        context["walk_in"] = walk_in or WalkInForm(club=drive.club)
    if drive.status == DriveStatus.CANCELLED:
        context["cancellation"] = drive.status_changes.first()
    elif context["is_organiser"]:
        context["cancel_form"] = CancelForm()
    return render(request, "drives/drive.html", context, status=status)


def _check_in_form(drive, players, entries, refused):
    """The list as stored with its version or, refused as stale, the ticks as posted with
    the version of the list as it is now, so that saving them again is a choice."""
    version = check_in_version(drive)
    if refused is None:
        return CheckInForm(players=players, entries=entries, initial={"version": version})
    data = refused.data.copy()
    data["version"] = version
    form = CheckInForm(data, players=players, entries=entries)
    form.is_valid()
    return form
