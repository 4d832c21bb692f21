"""The printed sheets of a drive and a season, as PDF downloads.

Who may download what: a drive's scorecards, table cards and results are public
read-only, like its pages (before play they show only the seating, which the
players see at the tables anyway; the results sheet waits for the drive to
start, like the standings page). The blank pack is organiser material for a
club that runs the evening on paper, and the table cards with QR codes carry each
table's secret link: organisers of the drive's club only. The league table is
public, like the season page.

A sheet is served from its stored file when the data has not changed since it was
rendered. Otherwise a drive's sheet of a few pages renders in the request; a larger one,
and every league table, is queued for the worker (or joins the render already under way)
and the visitor waits on a page that shows its progress. Anonymous visitors may start
only a few renders an address in a while (``PRINT_RATE_LIMIT``); joining one is free.
The sheet's page also notices a render whose worker died (``lease``) and queues it again.

Files come from the storage in settings (the file system, or an object store shared by
several servers) and always through these views, never by a signed link to the store: every
download is checked against the same permissions as the page (a link to the QR cards could
otherwise be passed on until it expired), the store need not be reachable from the
visitors' network, and the file keeps its download name and the site's headers. A sheet is
a few hundred kilobytes, so streaming it through a worker costs little.
"""

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.views.decorators.http import require_POST, require_safe

from drives import limits
from drives.league import records
from drives.models import Drive, DriveStatus, PrintedSheet, Season, SheetKind, SheetStatus
from drives.permissions import require_organiser, require_visible
from drives.printing import jobs, lease, progress, sheets
from drives.tableside import tokens
from scoring.errors import LeagueError

#: Sheets for the organisers of the drive's club only, their progress pages too.
ORGANISER_SHEETS = (SheetKind.BLANK_PACK, SheetKind.TABLE_CARDS_QR, SheetKind.CASH)
#: Sheets that show scores: kept from players while the drive hides its standings, by their
#: own page and file too, whose numbers anyone could guess.
STANDINGS_SHEETS = (
    SheetKind.RESULTS,
    SheetKind.SCORECARDS,
    SheetKind.TRAVELLERS,
    SheetKind.HAND_RECORDS,
)


def _drive(request, pk) -> Drive:
    drive = get_object_or_404(Drive.objects.select_related("club", "season"), pk=pk)
    require_visible(request.user, drive)
    return drive


@require_safe
def scorecards_pdf(request, pk):
    drive = _drive(request, pk)
    if drive.standings_hidden_from(request.user):  # the cards hold each player's points
        return redirect("drives:standings", drive.pk)
    return _drive_sheet(request, drive, SheetKind.SCORECARDS)


@require_safe
def table_cards_pdf(request, pk):
    return _drive_sheet(request, _drive(request, pk), SheetKind.TABLE_CARDS)


@require_safe
def results_pdf(request, pk):
    drive = _drive(request, pk)
    if drive.status == DriveStatus.PLANNED:
        raise Http404("The drive has not started.")
    if drive.standings_hidden_from(request.user):
        return redirect("drives:standings", drive.pk)
    return _drive_sheet(request, drive, SheetKind.RESULTS)


@login_required
@require_safe
def blank_pack_pdf(request, pk):
    drive = _drive(request, pk)
    require_organiser(request.user, drive.club)
    return _drive_sheet(request, drive, SheetKind.BLANK_PACK)


@login_required
@require_safe
def cash_pdf(request, pk):
    """The evening's cash sheet (takings, costs, prizes paid, balance): organisers only."""
    drive = _drive(request, pk)
    require_organiser(request.user, drive.club)
    return _drive_sheet(request, drive, SheetKind.CASH)


@login_required
@require_safe
def table_cards_qr_pdf(request, pk):
    """The table cards with each table's link and QR code; issuing the links a table of
    the current round lacks, as the organiser's QR page does."""
    drive = _drive(request, pk)
    require_organiser(request.user, drive.club)
    if drive.status != DriveStatus.RUNNING:
        raise Http404("Table links exist only while the drive is running.")
    tokens.links_issue(drive=drive)
    # The site's address is part of the sheet's fingerprint: when SITE_URL changes, the
    # cards print afresh with the new links.
    return _drive_sheet(request, drive, SheetKind.TABLE_CARDS_QR, site=settings.SITE_URL)


def _drive_sheet(request, drive: Drive, kind: SheetKind, site: str = ""):
    wanted = jobs.SheetRequest(
        drive, kind, sheets.Layout.from_query(request.GET), translation.get_language(), site
    )
    return serve_or_start(request, wanted)


def serve_or_start(request, wanted: jobs.SheetRequest):
    """The stored file, else the render's page, starting the render if none is under way.
    Also the door of the registered sheets (``jobs.register``), once their view has
    checked who may ask."""
    sheet, data = jobs.find(wanted)
    if sheet is not None and sheet.status == SheetStatus.READY and not sheet.file_exists:
        jobs.delete_sheets([sheet])  # its file was lost (a new disk): render it again
        sheet = None
    if sheet is not None and lease.has_expired(sheet):
        sheet = _recovered(sheet)
    if sheet is None:
        # An organiser's sheet of a few pages is ready at once; a visitor's render always goes
        # to the worker, counted by the address's limit, so no visitor ties up a web worker.
        inline = request.user.is_authenticated and jobs.small(wanted, data)
        if not inline and not _may_start_render(request):
            return _busy(request, wanted.drive or wanted.season)
        sheet, _ = jobs.sheet_start(request=wanted, data=data, inline=inline)
    if sheet.status == SheetStatus.READY:
        return _file_response(sheet)
    return redirect(_urls(sheet)["page"])


def _recovered(sheet: PrintedSheet) -> PrintedSheet:
    """A render whose worker died, queued again (or failed, at the last attempt)."""
    jobs.sheets_recover(PrintedSheet.objects.filter(pk=sheet.pk))
    sheet.refresh_from_db()
    return sheet


def _busy(request, owner: Drive | Season | None):
    return render(request, "drives/sheet_busy.html", {"owner": owner}, status=429)


def _urls(sheet: PrintedSheet) -> dict[str, str]:
    """The sheet's page, progress, file and retry, under its drive or its season."""
    prefix, owner = ("season_", sheet.season_id) if sheet.season_id else ("", sheet.drive_id)
    names = {
        "page": "sheet",
        "status": "sheet_status",
        "file": "sheet_file",
        "retry": "sheet_retry",
    }
    return {
        part: reverse(f"drives:{prefix}{name}", args=[owner, sheet.pk])
        for part, name in names.items()
    }


def _file_response(sheet: PrintedSheet) -> FileResponse:
    return FileResponse(
        sheet.file.open("rb"),
        as_attachment=True,
        filename=jobs.download_name(sheet),
        content_type="application/pdf",
    )


def _may_start_render(request) -> bool:
    """Organisers always; anonymous visitors ``PRINT_RATE_LIMIT`` times a window an address,
    and none while the count cannot be kept (a render costs seconds of every core)."""
    if request.user.is_authenticated:
        return True
    return limits.allow(
        request,
        "print-starts",
        settings.PRINT_RATE_LIMIT,
        settings.PRINT_RATE_WINDOW,
        when_unknown=False,
    )


def _sheet(request, pk, sheet_pk, owner) -> PrintedSheet:
    of_owner = {"season_id": pk} if owner == "season" else {"drive_id": pk}
    sheet = get_object_or_404(
        PrintedSheet.objects.select_related("drive__club", "season__club"), pk=sheet_pk, **of_owner
    )
    if sheet.kind in ORGANISER_SHEETS and not sheet.owner.club.is_organiser(request.user):
        raise Http404("Organiser material.")
    if sheet.drive is not None:  # a season's league table is public, like the season
        require_visible(request.user, sheet.drive)
        if sheet.kind in STANDINGS_SHEETS and sheet.drive.standings_hidden_from(request.user):
            raise Http404("Standings hidden.")
        printer = jobs.PRINTERS.get(sheet.kind)
        if printer is not None and not printer.may_open(request.user, sheet.drive):
            raise Http404("Not shown yet.")  # a compass drive's cards, before its end
    if lease.has_expired(sheet):
        sheet = _recovered(sheet)
    return sheet


def _context(sheet: PrintedSheet) -> dict:
    return {
        "owner": sheet.owner,
        "sheet": sheet,
        "urls": _urls(sheet),
        "progress": progress.of(sheet),
    }


@require_safe
def sheet_page(request, pk, sheet_pk, owner="drive"):
    """A sheet being rendered: its progress, then its download; updates itself."""
    sheet = _sheet(request, pk, sheet_pk, owner)
    return render(request, "drives/sheet.html", _context(sheet))


@require_safe
def sheet_status(request, pk, sheet_pk, owner="drive"):
    """The progress part of the page, fetched again every few seconds by sheet-progress.js."""
    sheet = _sheet(request, pk, sheet_pk, owner)
    return render(request, "drives/_sheet_progress.html", _context(sheet))


@require_safe
def sheet_download(request, pk, sheet_pk, owner="drive"):
    """The file a visitor waited for, even if the data has changed since."""
    sheet = _sheet(request, pk, sheet_pk, owner)
    if sheet.status != SheetStatus.READY or not sheet.file_exists:
        return redirect(_urls(sheet)["page"])
    return _file_response(sheet)


@require_POST
def sheet_retry(request, pk, sheet_pk, owner="drive"):
    sheet = _sheet(request, pk, sheet_pk, owner)
    if sheet.status == SheetStatus.FAILED:
        if not _may_start_render(request):
            return _busy(request, sheet.owner)
        jobs.sheet_retry(sheet=sheet)
    return redirect(_urls(sheet)["page"])


@require_safe
def league_pdf(request, pk):
    """The season's league; ``?role=lady|gent`` for one role's table, as on the season page."""
    season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
    try:
        records.league_rule(season)
    except LeagueError as error:
        raise Http404(str(error)) from error  # the season page explains the incomplete rule
    role = request.GET.get("role", "")
    wanted = jobs.SheetRequest(
        None,
        SheetKind.LEAGUE,
        sheets.Layout.from_query(request.GET),
        translation.get_language(),
        season=season,
        role=role if role in records.ROLES else "",
    )
    return serve_or_start(request, wanted)
