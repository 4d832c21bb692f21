"""The organisers' pages of this room (a member's e-mail and consent, their data, a drive's
results e-mails), the link that stops the e-mails, and the organiser's guide."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe

from drives.errors import DriveError
from drives.filenames import download_name
from drives.models import ConsentSource, Drive, DriveStatus, Player
from drives.permissions import require_organiser
from drives.reach import consent, mailing, memberdata
from drives.reach.forms import MemberContactForm
from drives.reach.unsubscribe import player_for

GUIDE_LANGUAGES = {"fr": "fr", "hu": "hu"}  # any other language reads the English guide


def _organised_player(request, pk) -> Player:
    player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
    require_organiser(request.user, player.club)
    return player


@login_required
def member_contact(request, pk):
    player = _organised_player(request, pk)
    form = MemberContactForm.for_player(player, request.POST if request.method == "POST" else None)
    if form.is_valid():
        try:
            change = consent.member_contact_save(
                player=player, user=request.user, **form.cleaned_data
            )
        except DriveError as error:
            form.add_error("email", str(error))
        else:
            if change is None:
                messages.success(request, _("Saved %(name)s’s details.") % {"name": player.name})
            elif change.consented:
                messages.success(
                    request,
                    _("%(name)s will receive their results by e-mail.") % {"name": player.name},
                )
            else:
                messages.success(
                    request,
                    _("%(name)s will receive no more results e-mails.") % {"name": player.name},
                )
            return redirect("drives:member_contact", player.pk)
    context = {
        "club": player.club,
        "player": player,
        "form": form,
        "changes": player.consent_changes.select_related("changed_by"),
        "has_played": memberdata.has_played(player),
    }
    return render(request, "reach/member_contact.html", context)


@login_required
@require_safe
def member_export(request, pk):
    player = _organised_player(request, pk)
    document = memberdata.member_export(player)
    response = HttpResponse(
        json.dumps(document, indent=2, ensure_ascii=False),
        content_type="application/json; charset=utf-8",
    )
    filename = download_name(
        f"{timezone.localdate():%Y-%m-%d}",
        player.club.slug,
        "member",
        str(player.pk),
        extension="json",
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
def member_erase(request, pk):
    player = _organised_player(request, pk)
    if request.method == "POST":
        name = player.name
        try:
            erased = memberdata.member_erase(player=player, user=request.user)
        except DriveError as error:
            messages.error(request, str(error))
            return redirect("drives:member_contact", player.pk)
        if erased == memberdata.Erased.DELETED:
            messages.success(
                request, _("%(name)s is deleted, with all their data.") % {"name": name}
            )
        else:
            messages.success(
                request,
                _(
                    "%(name)s is anonymised: their results stay, under no name, and their "
                    "contact details are gone."
                )
                % {"name": name},
            )
        return redirect("drives:player_list", player.club.slug)
    context = {"club": player.club, "player": player, "has_played": memberdata.has_played(player)}
    return render(request, "reach/member_erase.html", context)


@login_required
def results_mail(request, pk):
    """A drive's results e-mails: who will get them, what was sent, and the resend button."""
    drive = get_object_or_404(Drive.objects.select_related("club"), pk=pk)
    require_organiser(request.user, drive.club)
    if request.method == "POST":
        try:
            sent = mailing.results_send(drive=drive, user=request.user)
        except DriveError as error:
            messages.error(request, str(error))
        else:
            messages.success(
                request,
                translation.ngettext(
                    "The results are on their way to %(count)d player.",
                    "The results are on their way to %(count)d players.",
                    sent.recipients,
                )
                % {"count": sent.recipients},
            )
        return redirect("drives:results_mail", drive.pk)
    context = {
        "drive": drive,
        "club": drive.club,
        "recipients": mailing.recipients(drive).count(),
        "mailings": drive.results_mailings.select_related("requested_by"),
        "finished": drive.status == DriveStatus.FINISHED,
    }
    return render(request, "reach/results_mail.html", context)


# A mail program's one-click "unsubscribe" (RFC 8058) posts here with no cookie or CSRF
# token: the signed link is the proof, and all it can do is stop e-mails.
@csrf_exempt
def results_stop(request, token):
    player = player_for(token)
    if player is None:
        raise Http404("No such link.")
    stopped = False
    if request.method == "POST":
        consent.consent_withdraw(player=player, source=ConsentSource.UNSUBSCRIBE)
        stopped = True
    context = {"club": player.club, "player": player, "stopped": stopped}
    return render(request, "reach/results_stop.html", context)


@require_safe
def guide(request):
    language = GUIDE_LANGUAGES.get(translation.get_language(), "en")
    return render(request, f"reach/guide/guide.{language}.html")
