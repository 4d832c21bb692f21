"""The hall display: a public page for the projector that refreshes itself."""

from django.conf import settings
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from drives.models import Drive, DriveStatus
from drives.names import PublicNames
from drives.permissions import require_visible
from drives.tableside import board
from drives.tableside.views.live import polled

THEMES = ("light", "dark", "auto")


def _drive(request, pk) -> Drive:
    drive = get_object_or_404(Drive.objects.select_related("club"), pk=pk)
    require_visible(request.user, drive)
    if drive.status == DriveStatus.PLANNED:
        raise Http404("The drive has not started.")
    return drive


@require_safe
def hall(request, pk):
    drive = _drive(request, pk)
    theme = request.GET.get("theme", "auto")
    context = {
        "drive": drive,
        "hall": board.hall(drive),
        "names": PublicNames.for_drive(drive),
        "theme": theme if theme in THEMES else "auto",
        "poll": settings.HALL_POLL_SECONDS,
    }
    return render(request, "tableside/hall.html", context)


@require_safe
def hall_live(request, pk):
    def fragment():
        drive = _drive(request, pk)
        context = {"drive": drive, "hall": board.hall(drive), "names": PublicNames.for_drive(drive)}
        return render(request, "tableside/_hall.html", context)

    return polled(request, board.fingerprint(pk, "hall"), fragment)
