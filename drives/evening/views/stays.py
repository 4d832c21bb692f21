"""Marking, at check-in, a player who stays at one table all evening."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from drives.errors import DriveError
from drives.evening.stays import entry_stays
from drives.evening.views.organise import organised_drive
from drives.permissions import require_team


@login_required
@require_POST
def stays(request, pk):
    drive = organised_drive(request, pk, require=require_team)
    chosen = request.POST.get("entry", "")
    if not chosen.isdigit():
        messages.error(request, _("Choose a player who is checked in; nothing changed."))
        return redirect(drive)
    entry = get_object_or_404(drive.entries.select_related("player"), pk=chosen)
    staying = request.POST.get("stays") == "1"
    try:
        entry = entry_stays(drive=drive, entry=entry, stays=staying)
    except DriveError as error:
        messages.error(request, str(error))
        return redirect(drive)
    words = {"name": entry.player.name}
    if entry.stays:
        messages.success(
            request, _("%(name)s stays at one table, in one seat, all evening.") % words
        )
    else:
        messages.success(request, _("%(name)s moves as usual.") % words)
    return redirect(drive)
