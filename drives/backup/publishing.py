"""Publishing a drive played on a hall laptop to the club's site: the page that takes its
file, and each finished drive's file to download (``drive_file`` does the work)."""

import json
import shutil
import tempfile
from typing import BinaryIO, cast

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST, require_safe

from drives.backup import remote
from drives.backup.drive_file import export_drive, file_name, open_drive_file, publish_drive
from drives.errors import DriveError
from drives.models import Club, Drive, DriveStatus, PublishingTarget
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
    return _page(request, club, form=form, status=400 if form.errors else 200)


def _page(request, club, *, form=None, target_form=None, status=200):
    target = getattr(club, "publishing_target", None)
    context = {
        "club": club,
        "form": form or DriveFileForm(),
        "finished": club.drives.filter(status=DriveStatus.FINISHED),
        "target": target,
        "target_form": target_form or PublishingTargetForm(instance=target),
        "keys": club.publishing_keys.filter(withdrawn_at=None).count(),
    }
    return render(request, "drives/drive_publish.html", context, status=status)


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


@csrf_exempt
@require_POST
def publish_with_key(request):
    """A hall laptop's drive file, posted with a publishing key of one of this site's clubs."""
    scheme, _space, key = request.headers.get("Authorization", "").partition(" ")
    club = remote.club_for_key(key) if scheme == "Bearer" and key else None
    if club is None:
        message = _("This publishing key opens nothing here: ask the club's organiser for one.")
        return JsonResponse({"message": message}, status=401)
    try:
        with tempfile.SpooledTemporaryFile(max_size=1024 * 1024) as body:
            shutil.copyfileobj(request, body, length=64 * 1024)
            published = publish_drive(open_drive_file(cast(BinaryIO, body)), club=club)
    except DriveError as error:
        return JsonResponse({"message": str(error)}, status=409)
    answer = {"created": published.created, "message": _published_text(published)}
    return JsonResponse(answer, status=201 if published.created else 200)


class PublishingTargetForm(forms.ModelForm):
    site_url = forms.URLField(
        label=gettext_lazy("the club's site"),
        assume_scheme="https",
        help_text=gettext_lazy("Its address, such as https://whist.example.org"),
    )

    class Meta:
        model = PublishingTarget
        fields = ["site_url", "key"]
        help_texts = {
            "key": gettext_lazy("Made on the club's site, on this same page, by its organiser."),
        }

    def clean_site_url(self) -> str:
        try:
            return remote.check_site(self.cleaned_data["site_url"])
        except DriveError as error:
            raise forms.ValidationError(str(error)) from None


@login_required
@require_POST
def publishing_settings(request, slug):
    """Keys for laptops (made, or all withdrawn) on the site; the site and key on a laptop."""
    club = get_object_or_404(Club, slug=slug)
    require_organiser(request.user, club)
    action = request.POST.get("action")
    if action == "make-key":
        key = remote.key_make(club=club, user=request.user)
        messages.success(
            request,
            _("The publishing key, shown this once: %(key)s. Enter it on the laptop.")
            % {"key": key},
        )
    elif action == "withdraw-keys":
        remote.keys_withdraw(club=club)
        messages.success(request, _("Every publishing key of the club is withdrawn."))
    elif action == "target":
        target = getattr(club, "publishing_target", None) or PublishingTarget(club=club)
        form = PublishingTargetForm(request.POST, instance=target)
        if not form.is_valid():
            return _page(request, club, target_form=form, status=400)
        form.save()
        messages.success(request, _("Saved: drives go to %(site)s.") % {"site": target.site_url})
    return redirect("drives:drive_publish", slug=club.slug)


@login_required
@require_POST
def drive_send(request, pk):
    drive = get_object_or_404(Drive.objects.select_related("club"), pk=pk)
    require_organiser(request.user, drive.club)
    try:
        answer = remote.drive_send(drive=drive)
    except DriveError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, answer.message)
    return redirect("drives:drive_publish", slug=drive.club.slug)
