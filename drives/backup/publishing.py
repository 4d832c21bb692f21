"""Publishing a drive played on a hall laptop to the club's site: the page that takes its
file, and each finished drive's file to download (``drive_file`` does the work)."""

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from drives.backup.drive_file import export_drive, file_name, open_drive_file, publish_drive
from drives.errors import DriveError
from drives.models import Club, Drive, DriveStatus
from drives.permissions import require_organiser


class DriveFileForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Drive file"),
        help_text=gettext_lazy(
            "The .json file of a finished drive: from the laptop's hall-data/backups "
            "folder, or downloaded from the laptop's page of this club."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )


@login_required
def drive_publish(request, slug):
    club = get_object_or_404(Club, slug=slug)
    require_organiser(request.user, club)
    form = DriveFileForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            published = publish_drive(open_drive_file(form.cleaned_data["file"]), club=club)
        except DriveError as error:
            form.add_error("file", str(error))
        else:
            messages.success(request, _published_text(published))
            return redirect(published.drive)
    finished = club.drives.filter(status=DriveStatus.FINISHED)
    context = {"club": club, "form": form, "finished": finished}
    return render(request, "drives/drive_publish.html", context, status=400 if form.errors else 200)


def _published_text(published) -> str:
    title = published.drive.title
    if not published.created:
        return _("“%(title)s” was already on this site with these results: nothing changed.") % {
            "title": title
        }
    return _(
        "“%(title)s” is published: %(found)d players found among the members, %(added)d "
        "new members added."
    ) % {"title": title, "found": published.players_found, "added": published.players_added}


@login_required
@require_safe
def drive_file_download(request, pk):
    drive = get_object_or_404(Drive.objects.select_related("club"), pk=pk)
    require_organiser(request.user, drive.club)
    if drive.status != DriveStatus.FINISHED:
        raise Http404("Only a finished drive has a file to publish.")
    text = json.dumps(export_drive(drive), ensure_ascii=False, indent=1)
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{file_name(drive)}"'
    return response
