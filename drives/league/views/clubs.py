"""The home page (every club and its drives) and a club's public page: what is next,
how the last drive went, who leads the league."""

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from drives.league.records import club_news
from drives.models import UPCOMING_STATUSES, Club, Drive, DriveStatus


def club(request, slug):
    club = get_object_or_404(Club, slug=slug)
    is_organiser = club.is_organiser(request.user)
    drives = club.drives.select_related("season")
    if not is_organiser:
        drives = drives.exclude(status=DriveStatus.CANCELLED)
    context = {
        "club": club,
        "news": club_news(club),
        "drives": drives,
        "is_organiser": is_organiser,
    }
    return render(request, "drives/club.html", context)


def home(request):
    today = timezone.localdate()
    clubs = Club.objects.prefetch_related(
        Prefetch(
            "drives",
            queryset=Drive.objects.filter(date__gte=today, status__in=UPCOMING_STATUSES).order_by(
                "date"
            ),
            to_attr="upcoming",
        ),
        Prefetch(
            "drives",
            queryset=Drive.objects.filter(status=DriveStatus.FINISHED).order_by("-date"),
            to_attr="finished",
        ),
    )
    return render(request, "drives/home.html", {"clubs": clubs})
