"""The club's public page: what is next, how the last drive went, who leads the league."""

from django.shortcuts import get_object_or_404, render

from drives.league import club_news
from drives.models import Club


def club(request, slug):
    club = get_object_or_404(Club, slug=slug)
    context = {
        "club": club,
        "news": club_news(club),
        "drives": club.drives.select_related("season"),
        "is_organiser": club.is_organiser(request.user),
    }
    return render(request, "drives/club.html", context)
