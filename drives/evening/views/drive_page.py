"""A drive's page: anyone reads it; its organiser checks players in there."""

from django.shortcuts import get_object_or_404, render

from drives.evening import seating
from drives.evening.forms import CancelForm, CheckInForm, LateArrivalForm, WalkInForm
from drives.models import Drive, DriveStatus


def drive(request, pk):
    drive = get_object_or_404(Drive.objects.select_related("club", "season"), pk=pk)
    entries = list(drive.entries.select_related("player"))
    context = {
        "drive": drive,
        "entries": entries,
        "plan": seating.table_plan(drive.movement, len(entries)),
        "is_organiser": drive.club.is_organiser(request.user),
    }
    if context["is_organiser"] and drive.status == DriveStatus.PLANNED:
        players = drive.club.players.filter(active=True) | drive.club.players.filter(
            entries__drive=drive
        )
        context["check_in"] = CheckInForm(players=players.distinct(), entries=entries)
        context["walk_in"] = WalkInForm()
    elif context["is_organiser"] and drive.status == DriveStatus.RUNNING:
        context["late_arrival"] = LateArrivalForm(drive=drive)
        context["walk_in"] = WalkInForm()
    if drive.status == DriveStatus.CANCELLED:
        context["cancellation"] = drive.status_changes.first()
    elif context["is_organiser"]:
        context["cancel_form"] = CancelForm()
    return render(request, "drives/drive.html", context)
