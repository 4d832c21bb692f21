"""The home page (the clubs and their drives) and a club's public page: what is next,
how the last drive went, who leads the league.

A site may hold a thousand clubs and each club hundreds of drives, so both lists come a page
at a time, in the same few queries whatever their length, and the clubs can be searched.
"""

from django.core.paginator import Paginator
from django.db.models import Prefetch, Q, prefetch_related_objects
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.views.decorators.http import require_safe

from drives.league.forms import ClubSearchForm
from drives.league.records import club_news
from drives.models import UPCOMING_STATUSES, Club, Drive, DriveStatus
from drives.names import PublicNames


@require_safe
def club(request, slug):
    club = get_object_or_404(Club, slug=slug)
    is_organiser = club.is_organiser(request.user)
    drives = club.drives.order_by("-date", "-pk")
    if not is_organiser:
        drives = drives.exclude(status=DriveStatus.CANCELLED)
    context = {
        "club": club,
        "news": club_news(club),
        "names": PublicNames.for_club(club, request.user),
        "drives": Paginator(drives, DRIVES_A_PAGE).get_page(request.GET.get("page")),
        "is_organiser": is_organiser,
    }
    return render(request, "drives/club.html", context)


#: How many coming and recent drives the home page lists for each club.
HOME_DRIVES = 3
#: Clubs on a page of the home page, drives on a page of a club's list.
CLUBS_A_PAGE = 20
DRIVES_A_PAGE = 25


@require_safe
def home(request):
    """The clubs, a page at a time, each with its next few drives and latest results
    (never its whole history); ``?q=`` finds clubs by name or town."""
    search = ClubSearchForm(request.GET)
    clubs = Club.objects.order_by("name", "pk")
    query = search.cleaned_data["q"].strip() if search.is_valid() else ""
    if query:
        clubs = clubs.filter(Q(name__icontains=query) | Q(town__icontains=query))
    page = Paginator(clubs, CLUBS_A_PAGE).get_page(request.GET.get("page"))
    today = timezone.localdate()
    coming = Drive.objects.filter(date__gte=today, status__in=UPCOMING_STATUSES)
    recent = Drive.objects.filter(status=DriveStatus.FINISHED)
    prefetch_related_objects(
        list(page.object_list),
        Prefetch("drives", queryset=coming.order_by("date", "pk")[:HOME_DRIVES], to_attr="coming"),
        Prefetch(
            "drives", queryset=recent.order_by("-date", "-pk")[:HOME_DRIVES], to_attr="recent"
        ),
    )
    return render(request, "drives/home.html", {"clubs": page, "search": search, "query": query})
