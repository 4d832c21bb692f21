"""A club's players: the list, add, edit (and mark inactive), import from CSV."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django_tables2 import RequestConfig

from drives.club import services
from drives.club.forms import PlayerForm, PlayerImportForm, PlayerSearchForm
from drives.club.tables import PlayerTable
from drives.errors import ChangedElsewhere, DriveError
from drives.models import Club, Player
from drives.permissions import require_organiser
from drives.versions import record_version, saved_now


@login_required
def player_list(request, slug):
    """All the club's players, inactive ones marked; ``?q=`` searches names, ``?show=`` filters."""
    club = get_object_or_404(Club, slug=slug)
    require_organiser(request.user, club)
    players = club.players.all()
    search = PlayerSearchForm(request.GET)
    filtered = search.is_valid() and any(search.cleaned_data.values())
    if filtered:
        if query := search.cleaned_data["q"]:
            players = players.filter(name__icontains=query)
        if show := search.cleaned_data["show"]:
            players = players.filter(active=show == "active")
    empty_text = _("No players match.") if filtered else _("No players yet.")
    player_list = PlayerTable(players, empty_text=empty_text)
    RequestConfig(request, paginate={"per_page": 50}).configure(player_list)
    counts = club.players.aggregate(total=Count("pk"), inactive=Count("pk", filter=Q(active=False)))
    context = {"club": club, "player_list": player_list, "search": search, "counts": counts}
    return render(request, "drives/players/list.html", context)


@login_required
def player_add(request, slug):
    club = get_object_or_404(Club, slug=slug)
    require_organiser(request.user, club)
    data = request.POST if request.method == "POST" else None
    form = PlayerForm(data, club=club)
    if form.is_valid():
        player = form.save()
        messages.success(request, _("Added %(name)s.") % {"name": player.name})
        if "another" in request.POST:
            return redirect("drives:player_add", club.slug)
        return redirect("drives:player_list", club.slug)
    return render(request, "drives/players/form.html", {"club": club, "form": form})


@login_required
def player_edit(request, pk):
    player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
    require_organiser(request.user, player.club)
    data = request.POST if request.method == "POST" else None
    form = PlayerForm(data, instance=player, club=player.club)
    context: dict[str, object] = {"club": player.club, "form": form, "player": player}
    if form.is_valid():
        try:
            saved = services.player_update(
                player=player, changes=form.changes(), version=form.cleaned_data["version"]
            )
        except ChangedElsewhere as error:
            # What was typed stays in the form, beside what the other change saved; the
            # form now carries the stored record's version, so saving again keeps it.
            stored = Player.objects.get(pk=player.pk)
            messages.error(request, str(error))
            retyped = request.POST.copy()
            retyped["version"] = record_version(stored, PlayerForm.Meta.fields)
            context["saved_now"] = saved_now(form, stored)
            context["form"] = retyped_form = PlayerForm(retyped, instance=stored, club=player.club)
            retyped_form.is_valid()
            return render(request, "drives/players/form.html", context, status=409)
        messages.success(request, _("Saved %(name)s.") % {"name": saved.name})
        return redirect("drives:player_list", player.club.slug)
    return render(request, "drives/players/form.html", context)


@login_required
def player_import(request, slug):
    """Import a CSV list: all rows or, if any row is bad, none (the form lists every bad line)."""
    club = get_object_or_404(Club, slug=slug)
    require_organiser(request.user, club)
    if request.method == "POST":
        form = PlayerImportForm(request.POST, request.FILES, club=club)
    else:
        form = PlayerImportForm(club=club)
    if form.is_valid():
        rows = form.cleaned_data["rows"]
        try:
            new, changed = services.players_import(club=club, rows=rows)
        except DriveError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _import_message(len(rows), new, changed))
            return redirect("drives:player_list", club.slug)
    return render(request, "drives/players/import.html", {"club": club, "form": form})


def _import_message(total: int, new: int, changed: int) -> str:
    message = ngettext("Imported %(count)d player.", "Imported %(count)d players.", total)
    message %= {"count": total}
    if new != total:
        unchanged = total - new - changed
        details = _("%(new)d new, %(changed)d updated, %(unchanged)d unchanged.")
        message += " " + details % {"new": new, "changed": changed, "unchanged": unchanged}
    return message
