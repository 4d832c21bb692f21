"""Importing a club from its backup file through the site: the importing user organises it."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from drives.backup.club_file import import_club, open_club_file
from drives.errors import DriveError


class ClubImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Club file"),
        help_text=gettext_lazy("The .json file written by the club's export."),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
    slug = forms.CharField(
        label=gettext_lazy("Short name"),
        required=False,
        help_text=gettext_lazy("Leave empty to keep the file's; give another for a copy."),
    )


@login_required
def club_import(request):
    form = ClubImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                club = import_club(
                    open_club_file(form.cleaned_data["file"]),
                    slug=form.cleaned_data["slug"] or None,
                    organiser=request.user,
                )
        except DriveError as error:
            form.add_error("file", str(error))
        else:
            messages.success(
                request,
                _("%(club)s is imported: %(players)d players, %(drives)d drives. You organise it.")
                % {
                    "club": club.name,
                    "players": club.players.count(),
                    "drives": club.drives.count(),
                },
            )
            return redirect(club)
    status = 400 if form.errors else 200
    return render(request, "drives/club_import.html", {"form": form}, status=status)
