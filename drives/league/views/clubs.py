"""The home page (every club and its drives) and a club's public page: what is next,
how the last drive went, who leads the league."""

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.views.decorators.http import require_safe

from drives.league.records import club_news
from drives.models import UPCOMING_STATUSES, Club, Drive, DriveStatus
from drives.names import PublicNames


@require_safe
def club(request, slug):
    club = get_object_or_404(Club, slug=slug)
    is_organiser = club.is_organiser(request.user)
    drives = club.drives.select_related("season")
    if not is_organiser:
        drives = drives.exclude(status=DriveStatus.CANCELLED)
    context = {
        "club": club,
        "news": club_news(club),
        "names": PublicNames.for_club(club, request.user),
        "drives": drives,
        "is_organiser": is_organiser,
    }
    return render(request, "drives/club.html", context)


#: How many coming and recent drives the home page lists for each club.
HOME_DRIVES = 3


@require_safe
def home(request):
    """Every club with its next few drives and its latest results: never its whole history."""
    today = timezone.localdate()
    coming = Drive.objects.filter(date__gte=today, status__in=UPCOMING_STATUSES)
    recent = Drive.objects.filter(status=DriveStatus.FINISHED)
    clubs = Club.objects.prefetch_related(
        Prefetch("drives", queryset=coming.order_by("date", "pk")[:HOME_DRIVES], to_attr="coming"),
        Prefetch(
            "drives", queryset=recent.order_by("-date", "-pk")[:HOME_DRIVES], to_attr="recent"
        ),
    )
    return render(request, "drives/home.html", {"clubs": clubs})
