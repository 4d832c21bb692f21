from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

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


def club(request, slug):
    club = get_object_or_404(Club, slug=slug)
    drives = club.drives.select_related("season")
    return render(request, "drives/club.html", {"club": club, "drives": drives})


def drive(request, pk):
    drive = get_object_or_404(Drive.objects.select_related("club", "season"), pk=pk)
    entries = drive.entries.select_related("player")
    return render(request, "drives/drive.html", {"drive": drive, "entries": entries})
