"""A compass drive's boards page (the organiser deals or imports them), its standings and
travellers, its sheets and its PBN file."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_safe

from drives.boards import services
from drives.boards.forms import DealForm, ImportForm, PlanForm
from drives.boards.scores import compass_report
from drives.boards.sheets import HANDS_SHEETS, SHEETS, hands_shown, sheet_request
from drives.errors import DriveError
from drives.filenames import drive_download_name
from drives.games.compass.boards import DriveBoards, plan_of
from drives.models import BoardChange, Drive, DriveStatus, Game
from drives.names import PublicNames
from drives.permissions import require_organiser, require_visible
from drives.printing.views import STANDINGS_SHEETS, serve_or_start
from drives.reports.report import drive_report
from scoring.boards import Board
from scoring.pbn_boards import dump_boards


def _compass_drive(request, pk, *, organiser: bool = False) -> Drive:
    drive = get_object_or_404(Drive.objects.select_related("club", "season"), pk=pk)
    require_visible(request.user, drive)
    if organiser:  # before the game: a stranger learns nothing of the drive
        require_organiser(request.user, drive.club)
    return drive


def _elsewhere(drive: Drive, name: str = "drive"):
    """A drive not played on boards has none of these pages: its own instead (an old link,
    or a drive whose game was changed before it started)."""
    return redirect(f"drives:{name}", pk=drive.pk)


def _hands_shown(request, drive: Drive) -> bool:
    return hands_shown(request.user, drive)


def _hands_refused(request, drive: Drive):
    """Why the cards are not shown yet, in the page's language: a player who read a
    board's hands before playing it would play it twice."""
    message = _(
        "The hands are shown once the drive has finished: until then they are the cards "
        "of boards that other tables still have to play."
    )
    return render(request, "boards/not_yet.html", {"drive": drive, "message": message}, status=403)


@login_required
def boards_page(request, pk):
    # Setting a drive up is the organisers' (drives.permissions): helpers see the sheets.
    drive = _compass_drive(request, pk, organiser=True)
    if drive.game != Game.COMPASS:
        return _elsewhere(drive)
    plan = plan_of(drive)
    if request.method == "POST":
        _act(request, drive, plan)
        return redirect("drives:boards", pk=drive.pk)
    boards = DriveBoards(drive)
    initial = {"version": plan.version}
    context = {
        "drive": drive,
        "plan": plan,
        "plan_form": PlanForm(instance=plan, initial=initial),
        "deal_form": DealForm(
            initial=initial | {"count": boards.movement.board_count if boards.movement else 24}
        ),
        "import_form": ImportForm(initial=initial),
        "movement": boards.movement,
        "pairs": boards.pairs,
        "boards": sorted(boards.stored.values(), key=lambda board: board.number),
        "is_organiser": drive.club.is_organiser(request.user),
        "sheets": list(SHEETS),
        "changes": BoardChange.objects.filter(drive=drive).select_related("changed_by")[:20],
    }
    return render(request, "boards/boards.html", context)


def _act(request, drive: Drive, plan) -> None:
    """One of the page's three forms, its refusal or what it did in a message."""
    action = request.POST.get("action")
    forms = {"plan": PlanForm, "deal": DealForm, "import": ImportForm}
    if action not in forms:
        messages.error(request, _("Nothing was changed: the page sent no action."))
        return
    if action == "plan":
        form = PlanForm(request.POST, instance=plan_of(drive))
    else:
        form = forms[action](request.POST, request.FILES)
    if not form.is_valid():
        errors = "; ".join(str(error) for errors in form.errors.values() for error in errors)
        messages.error(request, _("Nothing was changed: %(errors)s") % {"errors": errors})
        return
    data = form.cleaned_data
    common = {"drive": drive, "user": request.user, "version": data["version"]}
    try:
        if action == "plan":
            done = services.board_plan_set(
                source=data["source"],
                method=data["method"],
                even_tables=data["even_tables"],
                **common,
            )
            text = _("Boards and scoring saved.")
            if done.removed:
                text += " " + ngettext(
                    "%(count)d board of the old source was taken away.",
                    "%(count)d boards of the old source were taken away.",
                    done.removed,
                ) % {"count": done.removed}
        elif action == "deal":
            done = services.boards_deal(count=data["count"], seed=data["seed"], **common)
            text = ngettext(
                "%(count)d board dealt from seed %(seed)d: keep the seed to deal them again.",
                "%(count)d boards dealt from seed %(seed)d: keep the seed to deal them again.",
                done.boards,
            ) % {"count": done.boards, "seed": done.seed}
        else:
            done = services.boards_import(text=data["file"], **common)
            text = ngettext(
                "%(count)d board imported from the file.",
                "%(count)d boards imported from the file.",
                done.boards,
            ) % {"count": done.boards}
    except DriveError as error:
        messages.error(request, str(error))
        return
    messages.success(request, text)


@require_safe
def compass_standings(request, pk):
    drive = _compass_drive(request, pk)
    if drive.game != Game.COMPASS:
        return _elsewhere(drive, "standings")
    if drive.status == DriveStatus.PLANNED:
        raise Http404("The drive has not started.")
    if drive.standings_hidden_from(request.user):
        return redirect("drives:standings", drive.pk)  # says why they are hidden
    names = PublicNames.for_drive(drive, request.user)
    context = {
        "drive": drive,
        "names": names,
        "report": compass_report(drive, names),
        # The prizes, as every page and sheet of the drive gives them (its report).
        "prizes": drive_report(drive) if drive.status == DriveStatus.FINISHED else None,
        "hands_shown": _hands_shown(request, drive),
        "sheets": list(SHEETS),
    }
    return render(request, "boards/standings.html", context)


@require_safe
def board_sheet(request, pk, kind):
    drive = _compass_drive(request, pk)
    if drive.game != Game.COMPASS:
        return _elsewhere(drive)
    if kind not in SHEETS:
        raise Http404("No such sheet.")
    if kind in HANDS_SHEETS and not _hands_shown(request, drive):
        return _hands_refused(request, drive)
    if SHEETS[kind] in STANDINGS_SHEETS and drive.standings_hidden_from(request.user):
        return redirect("drives:standings", drive.pk)  # says why they are hidden
    # Printed by the sheet worker, never here: its file, or the page that waits for it.
    return serve_or_start(request, sheet_request(drive, kind))


@require_safe
def boards_pbn(request, pk):
    """The drive's boards with every table's result and score, as PBN."""
    drive = _compass_drive(request, pk)
    if drive.game != Game.COMPASS:
        return _elsewhere(drive)
    if not _hands_shown(request, drive):
        return _hands_refused(request, drive)
    report = compass_report(drive, PublicNames.for_drive(drive, request.user))
    boards: list[Board] = [t.known for t in report.travellers if t.known is not None]
    known = {board.number for board in boards}
    text = dump_boards(
        boards,
        [r for r in report.results if r.board in known],
        event=drive.title,
        date=drive.date,
        method=report.boards.plan.method,
    )
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    name = drive_download_name(drive, "boards", extension="pbn")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
