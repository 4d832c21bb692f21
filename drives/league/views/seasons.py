"""Organisers set up a season and choose its league rule."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from drives.league.forms import SeasonForm
from drives.models import Club, Season
from drives.permissions import require_organiser


@login_required
def season_new(request, slug):
    club = get_object_or_404(Club, slug=slug)
    require_organiser(request.user, club)
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        season = form.save(commit=False)
        season.club = club
        season.save()
        messages.success(request, _("Season created."))
        return redirect(season)
    return render(request, "drives/season_form.html", {"form": form, "club": club})


@login_required
def season_edit(request, pk):
    season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
    require_organiser(request.user, season.club)
    form = SeasonForm(request.POST or None, instance=season)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Season saved: the league table follows the new rule."))
        return redirect(season)
    return render(request, "drives/season_form.html", {"form": form, "club": season.club})
