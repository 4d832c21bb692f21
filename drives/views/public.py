"""Pages anyone can read: the home page and a drive."""

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from drives import seating
from drives.forms.drives import CheckInForm, LateArrivalForm, WalkInForm
from drives.models import Club, Drive, DriveStatus


def home(request):
    today = timezone.localdate()
    clubs = Club.objects.prefetch_related(
        Prefetch(
            "drives",
            queryset=Drive.objects.filter(date__gte=today)
            .exclude(status=DriveStatus.FINISHED)
            .order_by("date"),
            to_attr="upcoming",
        ),
        Prefetch(
            "drives",
            queryset=Drive.objects.filter(status=DriveStatus.FINISHED).order_by("-date"),
            to_attr="finished",
        ),
    )
    return render(request, "drives/home.html", {"clubs": clubs})


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
    return render(request, "drives/drive.html", context)
